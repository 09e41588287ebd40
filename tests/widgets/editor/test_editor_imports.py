"""The map editor's modules import one another in a tree: no cycle, counting every
import (at the top, inside functions and under ``TYPE_CHECKING``). The view builds the
bars; a bar sees the editor only through :mod:`vvlab.widgets.editor.host`."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import vvlab.widgets.editor

PACKAGE = "vvlab.widgets.editor"
FOLDER = Path(vvlab.widgets.editor.__file__).parent


def module_name(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


MODULES = {module_name(path): path for path in FOLDER.glob("*.py")}


def imported(node: ast.AST) -> list[str]:
    """The editor's modules one import statement names."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in MODULES]
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in MODULES:
        submodules = [f"{node.module}.{a.name}" for a in node.names]
        return [name for name in submodules if name in MODULES] or [node.module]
    return []


def import_graph() -> dict[str, set[str]]:
    """Each editor module with the editor modules it imports anywhere."""
    graph = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {target for node in ast.walk(tree) for target in imported(node)}
    return graph


def test_the_editors_modules_import_without_a_cycle() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.view" in graph and graph[f"{PACKAGE}.view"] >= {f"{PACKAGE}.toolbars"}
    try:
        order = list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as err:
        raise AssertionError(f"import cycle: {' -> '.join(err.args[1])}") from None
    assert set(order) == set(graph)


def test_the_bars_never_import_the_view() -> None:
    graph = import_graph()
    bars = [name for name in graph if name.endswith(("_bar", ".toolbars"))]
    assert len(bars) >= 6
    for bar in bars:
        assert f"{PACKAGE}.view" not in graph[bar], bar


def test_a_cycle_would_be_found() -> None:
    """The check itself: an import of the view from a bar is an edge of the graph."""
    source = "if TYPE_CHECKING:\n    from vvlab.widgets.editor.view import MapEditor\n"
    node = ast.parse(source).body[0].body[0]
    assert imported(node) == [f"{PACKAGE}.view"]
