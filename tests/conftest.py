"""Test-wide settings: under CI, hypothesis runs derandomized so a run is repeatable."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


SHARED_LAYOUTS = ("tests/design/test_design_schematic.py", "tests/printing/test_printing_sheet.py")
"""The test files that share the schematic layouts of ``layouts.py``."""


def pytest_xdist_make_scheduler(config, log):
    """``make test`` spreads the suite over the cores (``pytest -n auto``) a file at a
    time, so that a file's shared set-up (a layout worked out once, a module fixture) is
    made once, and the real-browser tests all in one worker, one JupyterLab at a time, as
    a user has it. (pytest-xdist's ``loadgroup`` does not group under pytest 9.)"""
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path.startswith("tests/browser/"):
                return "tests/browser/"
            return "layouts" if path in SHARED_LAYOUTS else path

    return ByFile(config, log) if config.getvalue("dist") == "loadfile" else None
