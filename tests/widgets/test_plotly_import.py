"""The FigureWidget of the vvlab widgets opens its comm with the whole figure."""

from __future__ import annotations

from typing import ClassVar

import comm
import plotly.graph_objects as go
import pytest

from vvlab.widgets.plotly_import import import_figure_widget


class RecordingComm:
    """Stands for the kernel's comm: records the state it opens with and what it sends."""

    opened: ClassVar[list[dict]] = []

    def __init__(self, **kwargs) -> None:
        RecordingComm.opened.append(kwargs["data"]["state"])
        self.sent: list[dict] = []
        self.comm_id = f"comm-{len(RecordingComm.opened)}"
        self.kernel = object()

    def send(self, data=None, buffers=None, **kwargs) -> None:
        self.sent.append(data)

    def on_msg(self, callback) -> None:
        pass

    def close(self, *args, **kwargs) -> None:
        pass


@pytest.fixture
def opened(monkeypatch) -> list[dict]:
    RecordingComm.opened = []
    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    return RecordingComm.opened


def test_the_first_state_holds_the_figure(opened):
    """A view rendered from the model's first state draws the figure, not empty axes
    (plotly's view never redraws for a later ``_widget_data``)."""
    figure_widget = import_figure_widget()
    fig = figure_widget(data=[go.Scatter(x=[1, 2], y=[3, 4], name="s")], layout={"title": "t"})
    (state,) = opened  # one comm, opened once
    assert [trace["x"] for trace in state["_widget_data"]] == [[1, 2]]
    assert state["_widget_layout"]["title"] == {"text": "t"}
    assert isinstance(fig, go.FigureWidget) and fig.comm.comm_id == "comm-1"
    with fig.batch_update():  # later changes still go out as messages
        fig.data[0].x = [5, 6]
    assert any("_py2js_update" in (msg.get("state") or {}) for msg in fig.comm.sent)


def test_plotly_s_own_widget_opens_empty(opened):
    """Why the subclass exists: remove it once plotly opens with the figure."""
    go.FigureWidget(data=[go.Scatter(x=[1], y=[2])])
    assert opened[0]["_widget_data"] == []


def test_a_reloaded_page_gets_the_figure_as_it_is_now(opened):
    """A page reloaded asks every widget for its whole state: the figure it gets is
    the one shown now, after every edit, not the one first displayed."""
    fig = import_figure_widget()(data=[go.Scatter(x=[1, 2], y=[3, 4])])
    fig._repr_mimebundle_()  # displayed as it was then
    with fig.batch_update():
        fig.data[0].y = [7, 8]
    fig.add_scatter(x=[0], y=[0])
    fig.layout.title = "later"
    state = fig.get_state()  # what ipywidgets answers a page's "request_states"
    assert [t["y"] for t in state["_widget_data"]] == [[7, 8], [0]]
    assert state["_widget_layout"]["title"] == {"text": "later"}
    assert "_widget_data" not in fig.get_state("_config")


def test_the_figure_carries_a_small_loader_and_sends_plotly_once_asked(opened):
    """Each figure's state carries a loader of a few kB, not plotly's 5 MB; the page's
    loader asks for the code (once per page) and for the figure as it is now."""
    fig = import_figure_widget()(data=[go.Bar(y=[1])])
    assert len(opened[0]["_esm"]) < 5_000
    assert "plotly" not in opened[0]["_esm"].split("vvlab-plotly-widget")[0]
    fig.data[0].y = [5]
    sent: list[tuple[dict, list]] = []
    fig.comm.send = lambda data=None, buffers=None, **kw: sent.append((data, buffers or []))
    fig._handle_custom_msg({"vvlab": "esm"}, [])
    (reply, buffers), *_ = sent
    assert reply["content"] == {"vvlab": "esm"} and len(buffers[0]) > 1_000_000
    sent.clear()
    fig._handle_custom_msg({"vvlab": "fresh"}, [])
    update, answered = sent[0][0], sent[-1][0]
    assert update["method"] == "update" and update["state"]["_widget_data"][0]["y"] == [5]
    assert answered["content"] == {"vvlab": "fresh"}
