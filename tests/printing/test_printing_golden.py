"""The golden image of the tutorial's sheet: its SVG rasterised (cairosvg) and compared
with ``golden/tutorial-sheet.png`` with a tolerance, so a change of the layout shows up
in review as a changed picture.

After a deliberate change, regenerate the picture and look at it::

    python scripts/render_sheet_images.py --force
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from vvlab.printing import sheet_page
from vvlab.printing.raster import write_png

GOLDEN = Path(__file__).parent / "golden" / "tutorial-sheet.png"
WIDTH = 800
MAX_MEAN_DIFFERENCE = 0.3
"""Mean absolute difference of grey levels (0-255) allowed: anti-aliasing moves less,
a station box moved by 2 mm about 0.6, a change of font 2 or more."""


def _has_dejavu() -> bool:
    """The golden image is drawn with DejaVu Sans, found by the system's fontconfig."""
    if shutil.which("fc-match") is None:
        return False
    found = subprocess.run(["fc-match", "-f", "%{family}", "DejaVu Sans"], capture_output=True)
    return b"DejaVu Sans" in found.stdout


def _grey(path: Path) -> np.ndarray:
    image = pytest.importorskip("PIL.Image")
    return np.asarray(image.open(path).convert("L"), dtype=float)


def test_the_tutorial_sheet_looks_as_before(tmp_path):
    pytest.importorskip("cairosvg")
    if not _has_dejavu():
        pytest.skip("the golden image needs the DejaVu Sans system font (fonts-dejavu-core)")
    try:
        drawn = write_png(sheet_page("tutorial"), tmp_path / "sheet.png", WIDTH)
    except ImportError as err:
        pytest.skip(str(err))
    now, before = _grey(drawn), _grey(GOLDEN)
    assert now.shape == before.shape
    difference = np.abs(now - before).mean()
    assert difference < MAX_MEAN_DIFFERENCE, (
        f"the tutorial's sheet changed (mean difference {difference:.2f}): look at it, and if "
        "the change is meant, run python scripts/render_sheet_images.py --force"
    )
