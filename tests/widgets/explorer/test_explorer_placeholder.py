"""Before its first run the explorer says what to do instead of showing empty axes."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from vvlab.widgets import BalanceExplorer


def test_figures_say_what_to_do_before_the_first_run():
    ex = BalanceExplorer(["tutorial"], ["greedy"], [1], games=20, seed=1)
    for name, fig in [*ex.figures.items(), ("what-if", ex.what_if_figure)]:
        assert fig.data == (), name
        texts = [a.text for a in fig.layout.annotations]
        assert len(texts) == 1 and "run" in texts[0].lower(), name
        assert fig.layout.xaxis.visible is False and fig.layout.yaxis.visible is False
    ex.run_button.click()
    assert ex.wait(120)
    for name, fig in ex.figures.items():
        assert fig.data, name
        assert not any("No results yet" in (a.text or "") for a in fig.layout.annotations)
