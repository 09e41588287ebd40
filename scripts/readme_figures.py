"""Write the figures shown in the README to ``docs/images/`` as PNG files.

Every figure comes from the project's own code (``vvlab.viz``) with fixed seeds; the
PNGs are a static export with kaleido 1.x, which drives a Chrome or Chromium (Debian:
``apt-get install chromium``; ``/usr/bin/chromium`` is used when ``BROWSER_PATH`` is not
set). Regenerate them (from the repository root, with vvlab installed or
``PYTHONPATH=.``, and the ``docs`` extra: ``pip install -e '.[docs]'``)::

    python scripts/readme_figures.py

``--out`` writes somewhere else, ``--city`` draws another map.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import plotly.graph_objects as go

import vvlab
import vvlab.viz as viz
from vvlab.bots import play_game

SEED = 2026
CITY = "berlin"
BOTS = ("random", "greedy", "lookahead:depth=1")
GAMES = 300
FILL_GAMES = 100
SIZE = (1000, 560)
"""Width and height (pixels) of every image but the plan (which keeps its own)."""
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "docs" / "images"
CHROMIUM = "/usr/bin/chromium"


def build_figures(
    city: str = CITY, games: int = GAMES, fill_games: int = FILL_GAMES, seed: int = SEED
) -> dict[str, go.Figure]:
    """The README figures by file stem: the plan with a finished greedy game's sheet,
    and of one run of three bots against each other the score distribution, line
    completion and fill progress (its first ``fill_games`` games)."""
    game = play_game(vvlab.Game(city, seed=seed), ["greedy"], seed=seed)
    result = vvlab.simulate(city, len(BOTS), list(BOTS), games, seed, progress=False)
    return {
        "plan": viz.draw_map(game=game),
        "score_distribution": viz.score_distribution(result),
        "line_completion": viz.line_completion(result),
        "fill_progress": viz.fill_progress(result, games=fill_games),
    }


def export(figures: dict[str, go.Figure], out: Path) -> list[Path]:
    """Write each figure to ``out/<stem>.png`` (kaleido); returns the paths."""
    if "BROWSER_PATH" not in os.environ and Path(CHROMIUM).exists():
        os.environ["BROWSER_PATH"] = CHROMIUM
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for stem, fig in figures.items():
        path = out / f"{stem}.png"
        size = {} if stem == "plan" else dict(zip(("width", "height"), SIZE, strict=True))
        fig.write_image(path, format="png", scale=1, **size)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder of the PNGs")
    parser.add_argument("--city", default=CITY, help="the map drawn (default: %(default)s)")
    args = parser.parse_args(argv)
    for path in export(build_figures(args.city), args.out):
        print(f"{path} ({path.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
