"""README.md and maps/README.md say what the project is today."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_has_nothing_on_the_way_and_lists_report():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "on the way" not in text
    command_line = text.split("## Command line", 1)[1].split("\n## ", 1)[0]
    assert "vvlab report " in command_line


def test_maps_readme_speaks_of_the_five_maps_not_of_issues():
    text = (ROOT / "maps" / "README.md").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# The five built-in maps"
    assert not re.search(r"\bissues?\b", text, re.IGNORECASE)
    for note in (ROOT / "maps" / "notes").glob("*.md"):
        assert not re.search(r"\bissues?\b", note.read_text(encoding="utf-8"), re.I), note
