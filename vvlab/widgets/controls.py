"""Small ipywidgets helpers shared by the views (only views import this module, so
it is where widget messages are made to be handled one at a time: see
:mod:`vvlab.widgets.serial`).

Examples
--------
>>> button("Undo", icon="undo").layout.width
'auto'
>>> row(button("a"), button("b")).layout.flex_flow
'row wrap'
"""

from __future__ import annotations

import contextlib
import html
from typing import Any

import ipywidgets as w

from vvlab.widgets.form_button import FormButton
from vvlab.widgets.serial import one_at_a_time

one_at_a_time()

ERROR_RED, INFO_GREEN = "#B71C1C", "#1B5E20"


def button(
    description: str, reads: list[tuple[w.Widget, str]] | None = None, **kw: Any
) -> w.Button | FormButton:
    """A button as wide as its label; with ``reads`` (widget, synced name) pairs, a
    :class:`~vvlab.widgets.form_button.FormButton` whose click carries what the page
    shows in them (for a button that acts on fields: nothing typed is lost).

    >>> field = text("name")
    >>> type(button("Apply", reads=[(field, "value")])).__name__
    'FormButton'
    """
    layout = w.Layout(width="auto")
    if reads is not None:
        return FormButton(description, reads=reads, layout=layout, **kw)
    return w.Button(description=description, layout=layout, **kw)


def text(description: str, width: str = "220px", **kw: Any) -> w.Text:
    """A text field of a row of controls."""
    return w.Text(description=description, layout=w.Layout(width=width), **kw)


def number(description: str, value: int, width: str = "150px") -> w.IntText:
    """A whole-number field of a row of controls.

    >>> number("games", 2000).layout.width
    '150px'
    """
    return w.IntText(value=value, description=description, layout=w.Layout(width=width))


def row(*children: w.Widget) -> w.HBox:
    """A row of controls that wraps onto the next line when the notebook is narrow."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap"))


def compile_notes_in(status: w.HTML) -> contextlib.AbstractContextManager:
    """Within this block, the note that the simulator's kernels are being compiled (a
    first run after an install: :mod:`vvlab.compiled.notice`) shows in ``status``, a
    view's status line, as it happens, with the elapsed time.

    >>> import time
    >>> from vvlab.compiled.notice import first_use
    >>> status = w.HTML()
    >>> with compile_notes_in(status), first_use("doc", about=4, threshold=0.01):
    ...     time.sleep(0.1)
    >>> "compiling the simulator" in status.value and status.value.endswith("… 0 s</span>")
    True
    """
    from vvlab.compiled.notice import notes_to

    return notes_to(lambda text, done: setattr(status, "value", message_html(text)))


def message_html(text: str, error: bool = False) -> str:
    """A status message as HTML: escaped, errors in red, other news in green; line
    breaks kept; empty for no text. The one style of every view's status area.

    >>> message_html("saved <x>")
    '<span style="color:#1B5E20">saved &lt;x&gt;</span>'
    >>> message_html("a\\nb", error=True), message_html("")
    ('<span style="color:#B71C1C">a<br>b</span>', '')
    """
    if not text:
        return ""
    body = html.escape(text).replace("\n", "<br>")
    return f'<span style="color:{ERROR_RED if error else INFO_GREEN}">{body}</span>'
