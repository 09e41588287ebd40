"""A new user's first hour: what the README and the docs promise is there, and a
missing optional package says which extra brings it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import vvlab

ROOT = Path(vvlab.__file__).resolve().parents[1]


def run_without(package: str, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python where ``package`` cannot be imported."""
    blocked = f"import sys; sys.modules[{package!r}] = None\n"
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    return subprocess.run(
        [sys.executable, "-c", blocked + code], capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.parametrize("package", ["ipywidgets", "anywidget"])
def test_a_widget_without_its_packages_names_the_extra_to_install(package):
    proc = run_without(package, "import vvlab.widgets\nvvlab.widgets.PlayWidget('tutorial')")
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: ") and f"needs {package}," in last, proc.stderr
    assert last.endswith("install the widgets with pip install 'vvlab[lab]'")
    lab = extra_requirements("lab")
    assert "ipywidgets>=8" in lab and "anywidget>=0.9" in lab


def extra_requirements(extra: str) -> list[str]:
    """The requirements of an extra in pyproject.toml (one quoted requirement a line)."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    block = re.search(rf"^{extra} = \[\n(.*?)^\]", text, re.M | re.S)
    assert block, extra
    return re.findall(r'^\s*"([^"]+)"', block.group(1), re.M)


def test_the_controllers_need_no_widget_package():
    proc = run_without("ipywidgets", "from vvlab.widgets import PlayController\n"
                       "print(PlayController('tutorial', seed=1).current_player)")  # fmt: skip
    assert proc.returncode == 0 and proc.stdout == "0\n", proc.stderr


def test_save_ruleset_of_the_rules_doc_is_importable(tmp_path):
    assert "`save_ruleset`, `load_ruleset`" in (ROOT / "docs" / "rules.md").read_text("utf-8")
    from vvlab import load_ruleset, save_ruleset
    from vvlab.engine import load_ruleset as engine_load
    from vvlab.engine import save_ruleset as engine_save

    assert (save_ruleset, load_ruleset) == (engine_save, engine_load)
    save_ruleset(vvlab.get_ruleset("voll-verplant"), tmp_path / "house.json")
    assert load_ruleset(tmp_path / "house.json") == vvlab.get_ruleset("voll-verplant")


def test_the_licence_pyproject_names_is_there():
    assert 'license = { text = "MIT" }' in (ROOT / "pyproject.toml").read_text("utf-8")
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License\n") and "the vvlab authors" in text
    assert "Permission is hereby granted, free of charge" in text
