"""The widgets' public names, and their lazy loading: the controllers import neither
ipywidgets nor plotly; the views load them on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

UI_STACK = ("ipywidgets", "plotly")


def python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_controllers_import_no_ui_stack():
    code = (
        "import sys, vvlab.widgets as w; w.PlayController('tutorial');"
        "assert not {'ipywidgets', 'plotly'} & set(sys.modules), 'UI stack imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    "code",
    [
        "import vvlab.widgets",
        "from vvlab.widgets import PlayController, PlayError, PERSON, Preview",
        "from vvlab.widgets import MapEditorController; MapEditorController.open('tutorial')",
        "from vvlab.widgets import BalanceExplorerController as B; B(['tutorial']).plan()",
        "import vvlab.widgets.play, vvlab.widgets.editor, vvlab.widgets.explorer",
        "import vvlab.widgets.play.controller, vvlab.widgets.editor.controller",
        "import vvlab.widgets.explorer.controller",
    ],
)
def test_importing_a_controller_loads_no_ui_stack(code: str) -> None:
    loaded = python(f"import sys; {code}; print(sorted(set({UI_STACK!r}) & set(sys.modules)))")
    assert loaded == "[]"


def test_every_public_name_loads_from_vvlab_widgets() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    import vvlab.widgets as widgets

    assert widgets.PERSON == "person"
    classes = [name for name in widgets.__all__ if name != "PERSON"]
    modules = {name: getattr(widgets, name).__module__ for name in classes}
    assert modules == {
        "BalanceExplorer": "vvlab.widgets.explorer.view",
        "BalanceExplorerController": "vvlab.widgets.explorer.controller",
        "MapEditor": "vvlab.widgets.editor.view",
        "MapEditorController": "vvlab.widgets.editor.controller",
        "PlayController": "vvlab.widgets.play.controller",
        "PlayError": "vvlab.widgets.play.controller",
        "PlayWidget": "vvlab.widgets.play.view",
        "Preview": "vvlab.widgets.play.preview",
    }
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        widgets.Nothing  # noqa: B018


def test_the_subpackages_offer_their_controller_and_view() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from vvlab.widgets import BalanceExplorer, MapEditor, PlayWidget
    from vvlab.widgets.editor import MapEditor as editor_view
    from vvlab.widgets.explorer import BalanceExplorer as explorer_view
    from vvlab.widgets.play import PlayWidget as play_view

    assert (editor_view, explorer_view, play_view) == (MapEditor, BalanceExplorer, PlayWidget)
