"""Drag stations on the editor's canvas: :class:`StationDrag`.

The canvas is a plotly ``FigureWidget``; plotly.js cannot drag the points of a scatter
trace. :class:`StationDrag` is a small anywidget placed beside it: its script finds the
canvas's plot in the page (by a CSS class both widgets share) and listens to it. When
the mouse button goes down while plotly reports a station under the pointer
(``plotly_hover``), the script keeps the press from plotly (no zoom box), follows the
pointer with a ring snapped to the grid, and on release sends one message:
``{"event": "move", "sid": ..., "x": ..., "y": ...}``, or ``{"event": "click", "sid":
...}`` when the pointer did not move. Presses elsewhere go to plotly as before (clicks
on the grid, zoom boxes).

Why a companion widget rather than a new canvas: the plan keeps being drawn by the same
plotly code as :func:`~vvlab.viz.draw_map` (lines, wagons, names, hover) and redrawn
incrementally by :class:`~vvlab.widgets.editor.painter.CanvasPainter`; the script only
reads plotly's public events (``gd.on``) and its axis conversions (``_fullLayout``'s
``l2p``/``p2l``, which plotly's own drag code uses), and it looks for the plot again
every half second, so a redraw, a second view or JupyterLab's cell windowing (which
detaches cells out of view) never loses it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

_SERIAL = itertools.count(1)

_ESM = r"""
const ROLES = ["stations", "selected"];
const MOVE_PX = 4;  // a press that moves less than this is a click

function pointer(gd, event) {
  const fl = gd._fullLayout, box = gd.querySelector(".main-svg").getBoundingClientRect();
  return [fl.xaxis.p2l(event.clientX - box.left - fl._size.l),
          fl.yaxis.p2l(event.clientY - box.top - fl._size.t)];
}

function ring(gd, x, y) {
  const fl = gd._fullLayout, host = gd.querySelector(".svg-container");
  let el = host.querySelector(".vvlab-drag-ring");
  if (!el) {
    el = document.createElement("div");
    el.className = "vvlab-drag-ring";
    Object.assign(el.style, {position: "absolute", width: "22px", height: "22px",
      margin: "-13px 0 0 -13px", border: "3px dashed #FF00AA", borderRadius: "50%",
      pointerEvents: "none", zIndex: 10});
    host.appendChild(el);
  }
  el.style.left = `${fl._size.l + fl.xaxis.l2p(x)}px`;
  el.style.top = `${fl._size.t + fl.yaxis.l2p(y)}px`;
  return el;
}

function attach(gd, model) {
  gd.__vvlabDrag = true;
  let hovered = null;
  gd.on("plotly_hover", (ev) => {
    const p = ev.points[0], meta = (p && p.data.meta) || {};
    hovered = ROLES.includes(meta.role) && meta.ids ? meta.ids[p.pointNumber] : null;
  });
  gd.on("plotly_unhover", () => { hovered = null; });
  gd.addEventListener("mousedown", (down) => {
    if (hovered === null || down.button !== 0) return;
    down.stopPropagation();  // plotly would start a zoom box
    down.preventDefault();
    const sid = hovered, step = model.get("grid_step") || 1;
    let moved = false, at = null;
    const snap = (v) => Math.round(v / step) * step;
    const move = (ev) => {
      moved = moved || Math.hypot(ev.clientX - down.clientX, ev.clientY - down.clientY) >= MOVE_PX;
      if (!moved) return;
      const [x, y] = pointer(gd, ev);
      at = [snap(x), snap(y)];
      ring(gd, at[0], at[1]);
    };
    const up = () => {
      window.removeEventListener("mousemove", move, true);
      const el = gd.querySelector(".vvlab-drag-ring");
      if (el) el.remove();
      if (moved && at) model.send({event: "move", sid, x: at[0], y: at[1]});
      else if (!moved) model.send({event: "click", sid});
    };
    window.addEventListener("mousemove", move, true);
    window.addEventListener("mouseup", up, {capture: true, once: true});
  }, true);
}

function scan(model) {
  const t = model.get("target");  // plotly draws in the widget's element or inside it
  const selector = `.${t}.js-plotly-plot, .${t} .js-plotly-plot`;
  for (const gd of document.querySelectorAll(selector)) {
    if (!gd.__vvlabDrag && gd.on && gd._fullLayout && gd._fullLayout.xaxis) attach(gd, model);
  }
}

export default {
  render({ model, el }) {
    el.style.display = "none";
    scan(model);
    const timer = setInterval(() => scan(model), 500);
    return () => clearInterval(timer);
  },
};
"""


class StationDrag(anywidget.AnyWidget):
    """Lets stations of the plot inside widgets with the CSS class ``target`` be
    dragged; calls ``on_move(sid, x, y)`` on release and ``on_click(sid)`` for a press
    without a move. ``x`` and ``y`` arrive snapped to ``grid_step``.

    Examples
    --------
    >>> moves = []
    >>> drag = StationDrag(on_move=lambda *a: moves.append(a), on_click=print)
    >>> drag.target.startswith("vvlab-canvas-")
    True
    >>> drag.receive({"event": "move", "sid": "zoo", "x": 3, "y": 4.0})
    >>> drag.receive({"event": "click", "sid": "zoo"})
    zoo
    >>> drag.receive({"event": "move", "sid": "zoo", "x": "NaN", "y": 1})  # ignored
    >>> moves
    [('zoo', 3.0, 4.0)]
    """

    _esm = _ESM
    target = traitlets.Unicode().tag(sync=True)
    grid_step = traitlets.Float(1.0).tag(sync=True)

    def __init__(
        self,
        on_move: Callable[[str, float, float], Any],
        on_click: Callable[[str], Any],
        grid_step: float = 1.0,
    ):
        super().__init__(target=f"vvlab-canvas-{next(_SERIAL)}", grid_step=grid_step)
        self.on_move, self.on_click = on_move, on_click
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content: Any) -> None:
        """Act on a message of the script; anything malformed is ignored (it can only
        come from a page that was tampered with)."""
        if not isinstance(content, dict) or not isinstance(content.get("sid"), str):
            return
        if content.get("event") == "click":
            self.on_click(content["sid"])
        elif content.get("event") == "move":
            x, y = _number(content.get("x")), _number(content.get("y"))
            if x is not None and y is not None:
                self.on_move(content["sid"], x, y)


def _number(value: Any) -> float | None:
    """``value`` as a finite float, else ``None``.

    >>> _number(2), _number("2"), _number(float("inf")), _number(True)
    (2.0, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None
