"""Drag stations and bends on the editor's canvas: :class:`StationDrag`.

The canvas is a plotly ``FigureWidget``; plotly.js cannot drag the points of a scatter
trace. :class:`StationDrag` is a small anywidget placed beside it: its script finds the
canvas's plot in the page (by a CSS class both widgets share) and listens to it. When
the mouse button goes down while plotly reports a station under the pointer
(``plotly_hover``), the script keeps the press from plotly (no zoom box), follows the
pointer with a ring snapped to the grid, and on release sends one message:
``{"event": "move", "sid": ..., "x": ..., "y": ...}``, or ``{"event": "click", "sid":
...}`` when the pointer did not move. Presses elsewhere go to plotly as before (clicks
on the grid, zoom boxes).

While the canvas shows bends (the ``bends`` and ``segments`` traces of
:func:`~vvlab.widgets.editor.canvas.bend_specs`, in the "move" mode), a bend handle
dragged sends ``{"event": "move-bend", "bend": [a, b, index], "x": ..., "y": ...}``, a
double-click on it ``{"event": "remove-bend", "bend": [a, b, index]}``, and a press on
an edge dragged away ``{"event": "add-bend", "from": [x, y], "tolerance": ..., "x": ...,
"y": ...}``: where the press was and how near (in plan units) counts as on the edge;
which edge that is, is found in Python
(:meth:`~vvlab.widgets.editor.bends.BendEdits.hit`). The script only tells whether a
press is near a drawn edge, to keep it from plotly.

Why a companion widget rather than a new canvas: the plan keeps being drawn by the same
plotly code as :func:`~vvlab.viz.draw_map` (lines, wagons, names, hover) and redrawn
incrementally by :class:`~vvlab.widgets.editor.painter.CanvasPainter`; the script only
reads plotly's public events (``gd.on``) and its axis conversions (``_fullLayout``'s
``l2p``/``p2l``, which plotly's own drag code uses), and it looks for the plot again
every half second, so a redraw, a second view or JupyterLab's cell windowing (which
detaches cells out of view) never loses it.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from typing import Any, Protocol

import anywidget
import traitlets

_ESM = r"""
const ROLES = ["stations", "selected"];
const MOVE_PX = 4;  // a press that moves less than this is a click
const NEAR_PX = 6;  // a press this near a drawn edge grabs it

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

function pixels(gd, x, y) {
  const fl = gd._fullLayout;
  return [fl.xaxis.l2p(x), fl.yaxis.l2p(y)];
}

function nearEdge(gd, event) {  // a press this near a drawn edge: [x, y, tolerance]
  const t = gd.data.find((t) => t.meta && t.meta.role === "segments");
  if (!t) return null;
  const [x, y] = pointer(gd, event), [px, py] = pixels(gd, x, y);
  for (let k = 1; k < t.x.length; k++) {
    if (t.x[k] === null || t.x[k - 1] === null) continue;
    const [ax, ay] = pixels(gd, t.x[k - 1], t.y[k - 1]), [bx, by] = pixels(gd, t.x[k], t.y[k]);
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
    const f = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2));
    if (Math.hypot(ax + f * (bx - ax) - px, ay + f * (by - ay) - py) <= NEAR_PX) {
      return [x, y, 1.5 * NEAR_PX / Math.abs(pixels(gd, 1, 0)[0] - pixels(gd, 0, 0)[0])];
    }
  }
  return null;
}

function nearBend(gd, event) {  // the bend whose handle is under the press, if any
  const t = gd.data.find((t) => t.meta && t.meta.role === "bends" && t.visible !== false);
  if (!t) return null;
  const [x, y] = pointer(gd, event), [px, py] = pixels(gd, x, y);
  for (let k = 0; k < t.x.length; k++) {
    const [hx, hy] = pixels(gd, t.x[k], t.y[k]);
    if (Math.hypot(hx - px, hy - py) <= NEAR_PX) return {bend: t.meta.bends[k]};
  }
  return null;
}

function grabbed(meta, index) {
  if (ROLES.includes(meta.role) && meta.ids) return {sid: meta.ids[index]};
  if (meta.role === "bends" && meta.bends) return {bend: meta.bends[index]};
  return null;
}

function release(model, grab, at) {
  if (grab.sid !== undefined) return model.send({event: "move", sid: grab.sid, x: at[0], y: at[1]});
  if (grab.bend) return model.send({event: "move-bend", bend: grab.bend, x: at[0], y: at[1]});
  model.send({event: "add-bend", from: grab.from.slice(0, 2), tolerance: grab.from[2],
              x: at[0], y: at[1]});
}

function attach(gd, model) {
  gd.__vvlabDrag = true;
  let hovered = null;
  gd.on("plotly_hover", (ev) => {
    const p = ev.points[0];
    hovered = p ? grabbed(p.data.meta || {}, p.pointNumber) : null;
  });
  gd.on("plotly_unhover", () => { hovered = null; });
  gd.addEventListener("dblclick", (ev) => {
    const grab = (hovered && hovered.bend) ? hovered : nearBend(gd, ev);
    if (!grab) return;
    ev.stopPropagation();
    model.send({event: "remove-bend", bend: grab.bend});
  }, true);
  gd.addEventListener("mousedown", (down) => {
    if (down.button !== 0) return;
    // a bend lies on a grid point, whose faint dot plotly may report as hovered instead
    const near = hovered === null ? nearBend(gd, down) || nearEdge(gd, down) : null;
    const grab = hovered || (near && (near.bend ? near : {from: near}));
    if (!grab) return;
    down.stopPropagation();  // plotly would start a zoom box
    down.preventDefault();
    const step = model.get("grid_step") || 1;
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
      if (moved && at) release(model, grab, at);
      else if (!moved && grab.sid !== undefined) model.send({event: "click", sid: grab.sid});
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
    without a move. ``x`` and ``y`` arrive snapped to ``grid_step``. Bends, where the
    plot shows them, call ``bends`` (a :class:`BendHandler`): a handle dragged, a new
    bend pulled out of an edge, a handle double-clicked. The class is unique across
    kernels (a counter per kernel gave two notebooks' editors the same class, and one
    took the other's clicks).

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
        bends: BendHandler | None = None,
    ):
        super().__init__(target=f"vvlab-canvas-{uuid.uuid4().hex}", grid_step=grid_step)
        self.on_move, self.on_click, self.bends = on_move, on_click, bends
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content: Any) -> None:
        """Act on a message of the script; anything malformed is ignored (it can only
        come from a page that was tampered with)."""
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event in ("move-bend", "add-bend", "remove-bend"):
            self._receive_bend(event, content)
        elif not isinstance(content.get("sid"), str):
            return
        elif event == "click":
            self.on_click(content["sid"])
        elif event == "move":
            x, y = _number(content.get("x")), _number(content.get("y"))
            if x is not None and y is not None:
                self.on_move(content["sid"], x, y)

    def _receive_bend(self, event: str, content: dict[str, Any]) -> None:
        x, y = _number(content.get("x")), _number(content.get("y"))
        bend = _bend(content.get("bend"))
        if self.bends is None:
            return
        if event == "remove-bend" and bend is not None:
            self.bends.remove_bend(*bend)
        elif event == "move-bend" and bend is not None and None not in (x, y):
            self.bends.move_bend(*bend, x, y)  # type: ignore[arg-type]
        elif event == "add-bend" and None not in (x, y):
            start, near = _point(content.get("from")), _number(content.get("tolerance"))
            if start is not None and near is not None and near > 0:
                self.bends.pull_bend(start, near, x, y)  # type: ignore[arg-type]


class BendHandler(Protocol):
    """What a :class:`StationDrag` calls for bends (the editor's view does this)."""

    def move_bend(self, a: str, b: str, index: int, x: float, y: float) -> None:
        """The bend ``index`` (from ``a``) of the edge ``a``-``b`` dragged to ``(x, y)``."""

    def pull_bend(self, start: tuple[float, float], near: float, x: float, y: float) -> None:
        """An edge pressed within ``near`` of ``start`` and dragged to ``(x, y)``."""

    def remove_bend(self, a: str, b: str, index: int) -> None:
        """The bend ``index`` (from ``a``) of the edge ``a``-``b`` double-clicked."""


def _bend(value: Any) -> tuple[str, str, int] | None:
    """``[a, b, index]`` of a message as a tuple, else ``None``.

    >>> _bend(["a", "b", 0]), _bend(["a", "b", "0"]), _bend(["a", "b", True])
    (('a', 'b', 0), None, None)
    """
    if not (isinstance(value, list) and len(value) == 3):
        return None
    a, b, index = value
    if isinstance(a, str) and isinstance(b, str) and type(index) is int:
        return a, b, index
    return None


def _point(value: Any) -> tuple[float, float] | None:
    """``[x, y]`` of a message as finite floats, else ``None``.

    >>> _point([1, 2.5]), _point([1]), _point(["1", 2])
    ((1.0, 2.5), None, None)
    """
    if not (isinstance(value, list) and len(value) == 2):
        return None
    x, y = _number(value[0]), _number(value[1])
    return None if x is None or y is None else (x, y)


def _number(value: Any) -> float | None:
    """``value`` as a finite float, else ``None``.

    >>> _number(2), _number("2"), _number(float("inf")), _number(True)
    (2.0, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None
