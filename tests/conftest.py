"""Test-wide settings: under CI, hypothesis runs derandomized so a run is repeatable."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(config, items):
    """``make test`` spreads the suite over the cores (``pytest -n auto --dist
    loadgroup``) a file at a time, so that a file's shared set-up (a layout worked out
    once, a module fixture) is made once; the real-browser tests all run in one worker,
    one JupyterLab at a time, as a user has it."""
    import pytest

    for item in items:
        path = item.nodeid.split("::")[0]
        group = "browser" if path.startswith("tests/browser/") else path
        item.add_marker(pytest.mark.xdist_group(group))
