"""Render the pictures of printed sheets: the golden image of the tutorial's sheet
(``tests/printing/golden/tutorial-sheet.png``, which ``tests/printing`` compares with a
tolerance) and the README's pictures in ``docs/images/``.

Regenerate them after a deliberate change of the layout (from the repository root, with
vvlab installed with its ``test`` or ``docs`` extra, or ``PYTHONPATH=.``)::

    python scripts/render_sheet_images.py --force

Berlin's own coordinates are too cramped for the station boxes on A4, so its picture is
laid out with ``vvlab.design.schematic``; without it the script says so and skips it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vvlab.printing import sheet_page
from vvlab.printing.raster import write_png

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "printing" / "golden" / "tutorial-sheet.png"
GOLDEN_WIDTH = 800
"""Pixels: small enough to keep in the repository, large enough to show a moved box."""
PICTURES = {"tutorial": False, "berlin": True}
"""README pictures: city -> laid out with the schematic layout first."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="replace existing pictures")
    args = parser.parse_args(argv)
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    write_png(sheet_page("tutorial"), GOLDEN, GOLDEN_WIDTH, overwrite=args.force)
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
    for city, schematic in PICTURES.items():
        path = ROOT / "docs" / "images" / f"sheet-{city}.png"
        try:
            page = sheet_page(city, schematic=schematic)
        except ImportError as err:
            print(f"skipped {path.relative_to(ROOT)}: {err}", file=sys.stderr)
            continue
        write_png(page, path, 1200, overwrite=args.force)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
