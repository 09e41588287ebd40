"""Design a city: the map editor.

:class:`~vvlab.widgets.editor.controller.MapEditorController` (plain, no ipywidgets)
holds the city being edited and its parts, through which callers edit: the map data
with undo and redo (``.history``, module ``history``), the station edits
(``.station_edits``, module ``stations``), the line edits with the line being drawn
(``.line_edits``, module ``lines``) and the bend edits (``.bend_edits``, module
``bends``). :class:`~vvlab.widgets.editor.view.MapEditor`
shows it with ipywidgets and plotly, loaded on first use: the canvas (``canvas`` builds
it, ``painter`` redraws it in place, ``geometry`` remembers the plan's layout,
``viewrange`` keeps the view), one bar per row of controls (``toolbars``, ``line_bar``
and the other ``*_bar`` modules, which see the editor through ``host``) and the HTML
panels (``panels``). The rest is plain:
what can be opened and where it may be saved (``files``), the draft kept after every
edit (``drafts``), the city's statistics and the quick balance (``stats``).

Examples
--------
>>> from vvlab.widgets.editor import MapEditor, MapEditorController
>>> MapEditorController.open("tutorial").data["id"]
'tutorial-copy'
>>> MapEditor.__module__
'vvlab.widgets.editor.view'
"""

from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.history import EditError
from vvlab.widgets.lazy import lazy_attributes

__all__ = ["EditError", "MapEditor", "MapEditorController"]

__getattr__ = lazy_attributes(__name__, {"MapEditor": "vvlab.widgets.editor.view"})
