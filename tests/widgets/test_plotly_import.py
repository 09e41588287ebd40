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
