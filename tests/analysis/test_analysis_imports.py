"""``vvlab.analysis`` is pandas only: it imports and computes its tables with plotly,
ipywidgets and IPython absent (the layer rule: analysis never imports viz)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import vvlab

BLOCKED = ("plotly", "ipywidgets", "IPython")

CODE = textwrap.dedent(
    """
    import json, sys

    BLOCKED = {blocked!r}

    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ImportError(f"{{name}} is blocked for this test")
            return None

    sys.meta_path.insert(0, Block())
    try:
        import plotly
    except ImportError:
        blocked = True
    else:
        blocked = False

    import vvlab, vvlab.analysis

    res = vvlab.simulate("tutorial", games=20, workers=1, progress=False)
    summary = vvlab.analysis.summary(res)
    games = vvlab.analysis.games_table([res, res])
    stats = vvlab.analysis.score_stats(res)
    print(json.dumps({{
        "blocked": blocked,
        "loaded": sorted({{m.partition(".")[0] for m in sys.modules}} & set(BLOCKED)),
        "summary_games": summary["games"].tolist(),
        "table_rows": len(games),
        "stats_games": stats["games"].tolist(),
    }}))
    """
)


def test_analysis_works_without_plotly_ipywidgets_and_ipython():
    root = Path(vvlab.__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", CODE.format(blocked=BLOCKED)],
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["blocked"] is True  # the blocker works: plotly cannot be imported
    assert out["loaded"] == []
    assert out["summary_games"] == [20] and out["stats_games"] == [20]
    assert out["table_rows"] == 40
