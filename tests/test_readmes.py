"""README.md and maps/README.md say what the project is today: every command, extra,
benchmark, script and doc is named, each Python block runs on its own, and every
guarantee names the tests that show it."""

from __future__ import annotations

import argparse
import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the README's ``## title`` section."""
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def python_blocks(text: str) -> list[tuple[int, str, str]]:
    """Every ```python and ```pycon block: (its first line's number, language, code)."""
    return [
        (text.count("\n", 0, found.start()) + 2, found.group(1), found.group(2))
        for found in re.finditer(r"^```(python|pycon)\n(.*?)^```", text, re.M | re.S)
    ]


@pytest.mark.parametrize(
    ("line", "language", "code"),
    python_blocks(README),
    ids=[f"line-{line}" for line, _, _ in python_blocks(README)],
)
def test_each_python_block_of_the_readme_runs_on_its_own(line, language, code):
    """Run alone, in a fresh namespace: a reader can copy any one block."""
    where = f"README.md, block at line {line}"
    if language == "python":
        exec(compile(code, where, "exec"), {"__name__": "readme_block"})
        return
    test = doctest.DocTestParser().get_doctest(code, {}, where, "README.md", line - 1)
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_the_readme_runs_its_blocks_separately_not_only_together():
    """A block that uses a name it does not import or make is what the test above
    catches: the runner really starts each block empty."""
    code = ">>> Game\n<class 'vvlab.engine.game.Game'>\n"
    test = doctest.DocTestParser().get_doctest(code, {}, "probe", "README.md", 0)
    runner = doctest.DocTestRunner()
    runner.run(test, out=lambda text: None)
    assert runner.failures == 1


def test_readme_has_nothing_on_the_way_and_lists_every_command():
    from vvlab.cli import build_parser

    assert "on the way" not in README
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    today = README.split("What is here today:", 1)[1].split("\n## ", 1)[0]
    command_line = section("Command line")
    for command in sub.choices:
        assert f"`{command}`" in today, command
        assert f"vvlab {command}" in command_line, command


def test_the_extras_table_lists_every_extra_of_pyproject():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extras_part = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    extras = set(re.findall(r"^([a-z]+) = \[", extras_part, re.M))
    table_text = README.split("| extra | brings | for |\n", 1)[1].split("\n\n", 1)[0]
    table = set(re.findall(r"^\| `([a-z]+)` \|", table_text, re.M))
    assert {"print", "design", "lab", "dask", "dev"} <= extras
    assert table == extras


def test_the_layout_names_every_benchmark_script_and_doc():
    layout = section("Layout and development")
    for folder, pattern in (("benchmarks", "*.py"), ("scripts", "*.py"), ("docs", "*.md")):
        for path in sorted((ROOT / folder).glob(pattern)):
            assert re.search(rf"\b{re.escape(path.name)}\b", layout), f"{folder}/{path.name}"


def test_every_guarantee_names_tests_that_exist():
    promises = section("What vvlab guarantees").split("\n- ")[1:]
    assert len(promises) >= 10
    for promise in promises:
        named = re.findall(r"`(tests/[\w/.]+)`", promise)
        assert named, promise[:60]
        for path in named:
            assert (ROOT / path).exists(), path


def test_maps_readme_speaks_of_the_five_maps_not_of_issues():
    text = (ROOT / "maps" / "README.md").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# The five built-in maps"
    assert not re.search(r"\bissues?\b", text, re.IGNORECASE)
    for note in (ROOT / "maps" / "notes").glob("*.md"):
        assert not re.search(r"\bissues?\b", note.read_text(encoding="utf-8"), re.I), note
