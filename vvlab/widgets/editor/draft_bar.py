"""The draft of the city in the map editor: :class:`DraftBar` offers a draft newer than
the saved city ("Restore the draft from 14:05", "Discard") and says, in its own message
area, why a draft could not be written (a full disk; a folder, link or pipe where the
draft goes) until one is written again (autosave: :mod:`~vvlab.widgets.editor.drafts`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from vvlab.widgets.controls import button, message_html, row
from vvlab.widgets.job import message_area

if TYPE_CHECKING:
    from vvlab.widgets.editor.host import Editor


class DraftBar:
    """Shown only while a draft is offered: what it is, "Restore the draft from HH:MM"
    and "Discard" (or "Close" for a draft that cannot be read, which stays on disk).

    >>> import tempfile
    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> from vvlab.widgets.editor.view import MapEditor
    >>> folder = tempfile.mkdtemp()
    >>> first = MapEditor(controller=MapEditorController.open("tutorial", folder=folder))
    >>> first.controller.station_edits.rename("zoo", "Tierpark")
    >>> bar = MapEditor(controller=MapEditorController.open("tutorial", folder=folder)).draft_bar
    >>> bar.restore_draft_button.description.startswith("Restore the draft from ")
    True
    >>> bar.restore_draft_button.click(); bar.editor.controller.stations["zoo"]["name"]
    'Tierpark'
    >>> bar.box.layout.display
    'none'
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.draft_label = w.HTML()
        self.restore_draft_button = button("Restore the draft", button_style="success")
        self.restore_draft_button.on_click(lambda _: editor.act(self._restore))
        self.discard_draft_button = button("Discard")
        self.discard_draft_button.on_click(lambda _: editor.act(editor.controller.discard_draft))
        self.offer_row = row(self.draft_label, self.restore_draft_button,
                             self.discard_draft_button)  # fmt: skip
        self.draft_message = message_area()
        self.box = w.VBox([self.offer_row, self.draft_message])
        self.box.layout.display = "none"

    def _show_failure(self) -> None:
        """A failed autosave's message, kept until a draft is written again."""
        autosave = self.editor.controller.autosave
        failure = autosave.take_failure() if autosave else ""
        if failure:
            self.draft_message.value = message_html(failure, error=True)
        elif not (autosave and autosave.failing):
            self.draft_message.value = ""

    def _restore(self) -> None:
        self.editor.controller.restore_draft()
        self.editor.selected = None
        self.editor.message.value = message_html("restored the draft (Undo takes it back)")

    def refresh(self) -> None:
        """Show the draft offered, if any, and why autosave fails while it does."""
        controller = self.editor.controller
        self._show_failure()
        offer = controller.draft_offer
        self.offer_row.layout.display = None if offer else "none"
        self.box.layout.display = None if offer or self.draft_message.value else "none"
        if offer is None:
            return
        readable = offer.data is not None
        self.restore_draft_button.description = f"Restore the draft from {offer.time}"
        self.restore_draft_button.layout.display = None if readable else "none"
        self.discard_draft_button.description = "Discard" if readable else "Close"
        self.draft_label.value = message_html(
            f"Unsaved work on this city from {offer.time} was kept as a draft."
            if readable
            else f"The draft from {offer.time} cannot be used: {offer.problem}.",
            error=not readable,
        )
