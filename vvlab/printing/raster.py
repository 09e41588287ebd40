"""Pictures of a page: the SVG rasterised to PNG with cairosvg (a ``test``/``docs``
dependency that needs the cairo library), for the golden image of the tutorial's
sheet and the README's pictures. Printing itself never rasterises.

>>> import tempfile
>>> from pathlib import Path
>>> from vvlab.printing.page import Page, Rect
>>> page = Page(40.0, 20.0, [Rect(5, 5, 10, 10, fill="#FF0000")])
>>> path = write_png(page, Path(tempfile.mkdtemp()) / "page.png", width_px=80)
>>> path.read_bytes()[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import os
from pathlib import Path

from vvlab.model.files import atomic_path
from vvlab.printing.page import Page
from vvlab.printing.svg import to_svg

__all__ = ["write_png"]


def write_png(
    page: Page, path: str | os.PathLike[str], width_px: int = 800, overwrite: bool = False
) -> Path:
    """Write ``page`` as a PNG ``width_px`` pixels wide on a white background,
    atomically (an existing file only with ``overwrite``)."""
    try:
        import cairosvg
    except (ImportError, OSError) as err:  # OSError: the cairo library is missing
        raise ImportError(
            f"pictures of a sheet need cairosvg and the cairo library ({err}): "
            "pip install cairosvg; apt-get install libcairo2"
        ) from None
    with atomic_path(path, overwrite) as tmp:
        cairosvg.svg2png(
            bytestring=to_svg(page).encode(),
            write_to=str(tmp),
            output_width=width_px,
            background_color="white",
        )
    return Path(path)
