"""plotly's widget code sent to the page once, not once per figure.

plotly's ``FigureWidget`` is an anywidget whose synced ``_esm`` holds all of plotly.js
(about 5 MB); every figure's state carries it, and the browser imports it anew for each
figure. A page with the editor and the play widget asked the kernel for 10 MB when it
was reloaded, and each figure had to load 5 MB of script within anywidget's 2 s
deadline: on a busy machine some figures failed ("[anywidget] Failed to initialize
model.") or came back blank.

Our figures carry :func:`loader` instead, a small module that

- asks the kernel for plotly's code once per page (a custom message ``{"vvlab":
  "esm"}``, answered with the code as one binary buffer) and shares the module among
  every figure of the page (a promise under a page-wide key holding plotly's version);
- sets plotly's figure model up, then asks the kernel for the figure as it is now
  (``{"vvlab": "fresh"}``: the kernel sends ``_widget_data`` and ``_widget_layout``,
  then answers), so that no edit sent while plotly's code was loading is lost;
- draws each view with plotly's own view once that is done.

A request is sent again, after 1, 2, 4... up to 15 s, until the kernel answers: the
first message of a figure made while the kernel runs a button's callback (the quick
balance's figures) was seen to go unanswered in JupyterLab with ipykernel 7. An answer
that comes twice is ignored.

:func:`answer` is the kernel's side; :class:`~vvlab.widgets.plotly_import` installs it
on every figure it makes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["answer", "loader", "plotly_code"]

_LOADER = """
const KEY = "vvlab-plotly-widget-%(version)s";
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 15000;
const GIVE_UP_MS = 600000;

// Send {vvlab: what} until the kernel answers, waiting longer each time (a message
// sent to a figure made while the kernel runs a button's callback can go unanswered);
// then onReply(buffers).
function ask(model, what, onReply) {
  return new Promise((resolve, reject) => {
    let waited = 0, wait = FIRST_WAIT_MS, timer;
    const send = () => {
      if (waited > GIVE_UP_MS) {
        model.off("msg:custom", listen);
        reject(new Error(`the kernel did not answer ${what}`));
        return;
      }
      if (waited > 0) console.debug(`[vvlab] asking again for ${what}`);
      model.send({ vvlab: what });
      timer = setTimeout(send, wait);
      waited += wait;
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    };
    const listen = (msg, buffers) => {
      if (!msg || msg.vvlab !== what) return;
      model.off("msg:custom", listen);
      clearTimeout(timer);
      Promise.resolve(onReply(buffers)).then(resolve, reject);
    };
    model.on("msg:custom", listen);
    send();
  });
}

function plotlyModule(model) {
  if (!globalThis[KEY]) {
    globalThis[KEY] = ask(model, "esm", async (buffers) => {
      const url = URL.createObjectURL(new Blob([buffers[0]], { type: "text/javascript" }));
      try {
        return await import(/* webpackIgnore: true */ url);
      } finally {
        URL.revokeObjectURL(url);
      }
    });
    globalThis[KEY].catch(() => delete globalThis[KEY]);
  }
  return globalThis[KEY];
}

async function setUp(model) {
  const plotly = (await plotlyModule(model)).default();
  plotly.initialize({ model });
  await ask(model, "fresh", () => new Promise((done) => setTimeout(done, 0)));
  return plotly;
}

export default () => {
  let ready;
  return {
    initialize({ model }) {
      ready = setUp(model);
      ready.catch((err) => console.error("[vvlab] figure not set up:", err));
    },
    async render({ model, el }) {
      return (await ready).render({ model, el });
    },
  };
};
"""


@cache
def plotly_code() -> bytes:
    """plotly's widget module (the ``_esm`` of plotly's ``FigureWidget``), read once.

    >>> plotly_code()[:6] != b""
    True
    """
    import plotly.basewidget

    return str(plotly.basewidget.BaseFigureWidget._esm).encode()  # a file's contents


@cache
def loader() -> str:
    """The module our figures carry as ``_esm``, for the plotly installed.

    >>> "vvlab-plotly-widget-" in loader()
    True
    """
    import plotly

    return _LOADER % {"version": plotly.__version__}


def answer(widget: Any, content: Any, buffers: Any = None) -> None:
    """The kernel's answer to a figure's loader in the page (registered with
    ``widget.on_msg``): plotly's code, or the figure as it is now.

    >>> import plotly.graph_objects as go
    >>> sent = []
    >>> fig = go.FigureWidget(go.Bar(y=[1]))
    >>> fig.send = lambda content, buffers=None: sent.append((content, buffers))
    >>> answer(fig, {"vvlab": "esm"}); sent[0][0], len(sent[0][1][0]) > 100_000
    ({'vvlab': 'esm'}, True)
    """
    what = content.get("vvlab") if isinstance(content, dict) else None
    if what == "esm":
        widget.send({"vvlab": "esm"}, buffers=[plotly_code()])
    elif what == "fresh":
        from vvlab.widgets.figure_update import sync_browser_state

        sync_browser_state(widget)
        widget.send({"vvlab": "fresh"})
