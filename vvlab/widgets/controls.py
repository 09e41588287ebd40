"""Small ipywidgets helpers shared by the views (only views import this module).

Examples
--------
>>> button("Undo", icon="undo").layout.width
'auto'
>>> row(button("a"), button("b")).layout.flex_flow
'row wrap'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w


def button(description: str, **kw: Any) -> w.Button:
    """A button as wide as its label."""
    return w.Button(description=description, layout=w.Layout(width="auto"), **kw)


def row(*children: w.Widget) -> w.HBox:
    """A row of controls that wraps onto the next line when the notebook is narrow."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap"))
