"""scripts/readme_figures.py: the README figures are built with data (no PNG export)."""

from __future__ import annotations

import script_loader


def load_script():
    return script_loader.load_script("readme_figures")


def test_build_figures_on_the_tutorial_map():
    figures = load_script().build_figures("tutorial", games=12, fill_games=4, seed=1)
    assert list(figures) == ["plan", "score_distribution", "line_completion", "fill_progress"]
    for stem, fig in figures.items():
        assert len(fig.data) > 0, stem
        assert any(len(t.x if t.x is not None else t.y) > 0 for t in fig.data), stem
    assert "first 4 games" in figures["fill_progress"].layout.title.text
    assert "Tutorial" in figures["plan"].layout.title.text
