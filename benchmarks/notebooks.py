"""Wall time of each notebook, run top to bottom in a Jupyter kernel with its small
parameters (as the tests run them; ``VVLAB_FULL=1`` for the full ones).

Usage: python benchmarks/notebooks.py [--full] [names ...]

Each notebook runs in a fresh kernel in a temporary working folder, reading the
sample results of ``data/sample`` and the Prague feed of ``data/gtfs``, as
``tests/test_notebooks.py`` does; the figure printed is the time from the kernel's
start to the last cell's end. Target: under a minute each with the small parameters
on one core of a 2-core machine. A figure, not a test.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run(path: Path, work: Path) -> float:
    """Seconds to run the notebook at ``path`` in a new kernel, in ``work``."""
    notebook = nbformat.read(path, as_version=4)
    clock = time.perf_counter()
    NotebookClient(notebook, timeout=1200, resources={"metadata": {"path": str(work)}}).execute()
    return time.perf_counter() - clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="the full parameters")
    parser.add_argument("names", nargs="*", help="notebook file names (default: all)")
    args = parser.parse_args()
    os.environ["VVLAB_DATA"] = str(ROOT / "data" / "sample")
    os.environ["VVLAB_GTFS"] = str(ROOT / "data" / "gtfs" / "prague")
    if args.full:
        os.environ["VVLAB_FULL"] = "1"
    else:
        os.environ.pop("VVLAB_FULL", None)
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if args.names:
        paths = [p for p in paths if p.name in args.names]
    for path in paths:
        with tempfile.TemporaryDirectory(prefix="vvlab-notebook-") as work:
            print(f"{path.name:<28} {run(path, Path(work)):7.1f} s", flush=True)


if __name__ == "__main__":
    main()
