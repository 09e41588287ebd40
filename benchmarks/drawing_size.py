"""Lines of the plan's drawing code, per module: the drawing layer ``vvlab/plan/``, the
map figure's modules in ``vvlab/viz`` and printing's plan drawing.

Usage: python benchmarks/drawing_size.py

Prints each module's lines (all, and those of docstrings) and the totals of the
drawing layer with the map figure (what issue 27 asked to bring to 2.2k lines or less)
and of printing. A figure, not a test.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "vvlab"
GROUPS = {
    "drawing layer and map figure": [
        *sorted((ROOT / "plan").glob("*.py")),
        *(ROOT / "viz" / f"{name}.py" for name in ("plan", "maps", "names", "layout")),
    ],
    "printing's plan drawing": [
        ROOT / "printing" / f"{name}.py" for name in ("plan", "page", "panel", "fonts")
    ],
}


def docstring_lines(source: str) -> int:
    """How many lines of ``source`` belong to docstrings (or other bare strings).

    >>> docstring_lines('def f():\\n    \\"\\"\\"One\\n    two.\\"\\"\\"\\n    return 1\\n')
    2
    """
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        value = node.value if isinstance(node, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            lines.update(range(node.lineno, node.end_lineno + 1))
    return len(lines)


def main() -> None:
    for group, paths in GROUPS.items():
        total = 0
        print(f"{group}:")
        for path in paths:
            source = path.read_text()
            count = len(source.splitlines())
            total += count
            name = path.relative_to(ROOT.parent)
            print(f"  {name!s:32} {count:5} lines ({docstring_lines(source)} in docstrings)")
        print(f"  {'total':32} {total:5} lines")


if __name__ == "__main__":
    main()
