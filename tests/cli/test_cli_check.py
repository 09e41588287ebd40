"""``vvlab check`` prints the verdict as a designer reads it: the summary paragraph
(the same words as ``BalanceReport.summary()``), wrapped at 80 columns, before the
table of every target."""

from __future__ import annotations

from clikit import run

from vvlab.design import check_balance


def test_check_prints_the_summary_wrapped_at_80_columns() -> None:
    code, text, _ = run(["check", "tutorial", "--games", "200", "--bots", "greedy,expert"])
    report = check_balance("tutorial", bots=["greedy", "expert"], games=200, progress=False)
    assert code == (0 if report.passed else 1)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    paragraph = text.split("\n\n")[1]  # after the heading, before the table
    assert " ".join(paragraph.split()) == report.summary()
    assert len(paragraph.splitlines()) > 1  # long enough to wrap: wrapped, not cut
    assert "n/a" not in text and text.index(paragraph) < text.index("completion")
