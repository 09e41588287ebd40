"""The command line and ``vvlab.printing`` load reportlab and matplotlib only when a
file is written, so ``vvlab --help`` and the editor stay quick without them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import vvlab

HEAVY = ("reportlab", "matplotlib", "fontTools", "cairosvg", "bidi", "arabic_reshaper")


def test_importing_printing_loads_no_renderer():
    code = (
        "import json, sys, vvlab.cli, vvlab.printing\n"
        f"print(json.dumps(sorted(set({HEAVY!r}) & {{m.partition('.')[0] for m in sys.modules}})))"
    )
    root = Path(vvlab.__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True
    )
    assert json.loads(done.stdout) == []
