"""A button whose click carries what the page shows in the fields it acts on.

JupyterLab (4.4 and later, by default) sends the messages of widgets to the kernel over
*subshells*: a comm's messages go to the main shell until its subshell has started,
then to the subshell's thread. The kernel so handles the messages of two widgets in two
threads, and not always in the order the user made them: seen in the browser, the
value typed in a line's "later" box reached the kernel after the click on Apply that
followed it, and Apply applied the old value; the pick of the next line reached it
before the click on Apply of the line before.

:class:`FormButton` reads the fields it names in the page when it is clicked, and sends
their values with the click, in one message: the kernel sets the fields to them, then
calls the click handlers. What the user saw when they clicked is what is applied,
whatever reaches the kernel first. (A plain :class:`ipywidgets.Button` sends a click
without content.) It is an anywidget, like the canvas' drag layer; it looks like
ipywidgets' button (the same CSS classes).

Headless (``click()``, or a click message without values) it acts on the fields'
values in the kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets as t

__all__ = ["FormButton"]

_ESM = r"""
const STYLES = ["primary", "success", "info", "warning", "danger"];

function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button";
  button.style.width = "auto";  // as wide as its label, like our other buttons
  button.style.margin = "var(--jp-widgets-margin, 2px)";  // as between widgets
  const show = () => {
    button.textContent = "";
    const icon = model.get("icon");
    if (icon) {  // as ipywidgets' button draws its icon (FontAwesome)
      const i = document.createElement("i");
      i.classList.add("fa", ...icon.split(/\s+/).map((name) => `fa-${name}`));
      button.appendChild(i);
      button.appendChild(document.createTextNode(" "));
    }
    button.appendChild(document.createTextNode(model.get("description")));
    button.title = model.get("tooltip");
    button.disabled = model.get("disabled");
    for (const s of STYLES) button.classList.toggle(`mod-${s}`, model.get("button_style") === s);
  };
  show();
  model.on("change", show);
  button.addEventListener("click", async () => {
    const reads = model.get("reads");
    const values = [];
    for (const [ref, name] of reads) {
      const field = await model.widget_manager.get_model(ref.slice("IPY_MODEL_".length));
      values.push(field.get(name));
    }
    model.send({ event: "click", values });
  });
  el.appendChild(button);
  return () => model.off("change", show);
}
export default { render };
"""


def _to_json(reads: list[tuple[w.Widget, str]], _: Any) -> list[list[str]]:
    return [[f"IPY_MODEL_{widget.model_id}", name] for widget, name in reads]


class FormButton(anywidget.AnyWidget):
    """A button that sends, with each click, the page's values of ``reads``: pairs of
    a widget and the name of its synced value (``"value"``; a dropdown's ``"index"``).

    >>> boxes = w.IntText(value=2)
    >>> apply = FormButton("Apply", reads=[(boxes, "value")])
    >>> seen = []
    >>> apply.on_click(lambda b: seen.append(boxes.value))
    >>> apply._clicked({"event": "click", "values": [5]})  # a click in the page
    >>> seen, boxes.value
    ([5], 5)
    >>> apply.click(); seen  # headless: the kernel's values
    [5, 5]
    """

    _esm = _ESM
    description = t.Unicode("").tag(sync=True)
    tooltip = t.Unicode("").tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)
    button_style = t.Unicode("").tag(sync=True)
    icon = t.Unicode("").tag(sync=True)
    reads = t.List().tag(sync=True, to_json=_to_json)

    def __init__(self, description: str, reads: list[tuple[w.Widget, str]] = (), **kw: Any):
        super().__init__(description=description, reads=list(reads), **kw)
        self._handlers: list[Callable[[FormButton], Any]] = []
        self.on_msg(lambda _, content, __: self._clicked(content))

    def on_click(self, callback: Callable[[FormButton], Any]) -> None:
        """Call ``callback(button)`` on each click, after the fields took its values."""
        self._handlers.append(callback)

    def click(self) -> None:
        """Click in the kernel: the handlers see the fields as the kernel has them."""
        if not self.disabled:
            for handler in self._handlers:
                handler(self)

    def _clicked(self, content: Any) -> None:
        """A click from the page: set the fields to what the page showed, then click."""
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        values = content.get("values")
        if isinstance(values, list) and len(values) == len(self.reads):
            for (widget, name), value in zip(self.reads, values, strict=True):
                if getattr(widget, name) != value:
                    setattr(widget, name, value)
        self.click()
