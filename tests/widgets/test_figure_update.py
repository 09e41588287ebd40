"""The one way the widgets update a figure in place: what it sends to the browser."""

from __future__ import annotations

from typing import Any

import numpy as np
import plotly.graph_objects as go
import pytest

from vvlab.widgets.figure_update import FigureUpdate

Message = tuple[dict[str, Any], dict[str, Any]]


def spied(update: FigureUpdate) -> list[Message]:
    """Every update message (restyle, relayout) the widget sends from now on."""
    sent: list[Message] = []
    send = update.widget._send_update_msg

    def spy(restyle_data: dict, relayout_data: dict, *args: Any, **kwargs: Any) -> Any:
        sent.append((restyle_data, relayout_data))
        return send(restyle_data, relayout_data, *args, **kwargs)

    update.widget._send_update_msg = spy
    return sent


def scatter(y: list[float], color: str = "red", **kw: Any) -> dict[str, Any]:
    return go.Scatter(y=y, marker={"color": color, "size": 6}, **kw).to_plotly_json()


@pytest.fixture
def update() -> FigureUpdate:
    shown = FigureUpdate()
    shown.update([scatter([1, 2]), scatter([3, 4])], {"title": {"text": "a"}, "width": 500})
    return shown


def test_only_the_changed_leaves_go_in_one_message(update: FigureUpdate) -> None:
    sent = spied(update)
    update.update([scatter([1, 2]), scatter([3, 5], "blue")], {"title": {"text": "b"}})
    assert len(sent) == 1
    restyle, relayout = sent[0]
    assert set(restyle) == {"y", "marker.color"}
    assert restyle["y"][0] == [3, 5] and restyle["marker.color"][0] == "blue"
    assert relayout == {"title.text": "b", "width": None}
    assert update.last_restyle == {1: {"y": [3, 5], "marker.color": "blue"}}
    assert update.widget.data[1].marker.color == "blue" and update.widget.layout.width is None


def test_the_same_figure_again_sends_nothing(update: FigureUpdate) -> None:
    sent = spied(update)
    update.update([scatter([1, 2]), scatter([3, 4])], {"title": {"text": "a"}, "width": 500})
    assert sent == [] and update.last_sent == []


def test_never_a_property_with_its_parent(update: FigureUpdate) -> None:
    sent = spied(update)
    bare = {k: v for k, v in scatter([1, 2]).items() if k != "marker"}
    update.update([bare, scatter([3, 4], "green")], {"title": {"text": "a"}, "width": 500})
    for restyle, relayout in sent:
        for msg in (restyle, relayout):
            for key in msg:
                parents = {key[:i] for i, ch in enumerate(key) if ch == "."}
                assert not parents & set(msg), (key, sorted(msg))
    assert update.widget.data[0].marker.color is None


def test_traces_are_added_and_dropped_at_the_end(update: FigureUpdate) -> None:
    widget = update.widget
    update.update([scatter([1, 2]), scatter([3, 4]), scatter([9], name="new")], update.layout)
    assert update.widget is widget and [t.name for t in widget.data] == [None, None, "new"]
    assert update.last_sent == []  # the new trace came whole with add_traces
    update.update([scatter([1, 2], "black")], update.layout)
    assert len(widget.data) == 1 and widget.data[0].marker.color == "black"
    assert update.last_sent == ["data[0].marker.color"]


def test_a_trace_of_another_type_rebuilds_the_traces(update: FigureUpdate) -> None:
    update.show(go.Figure(go.Bar(y=[1]), layout={"title": {"text": "a"}, "width": 500}))
    assert [t.type for t in update.widget.data] == ["bar"]
    assert update.last_sent[0] == "data"


def test_a_new_subplot_sends_the_whole_layout(update: FigureUpdate) -> None:
    layout = {"title": {"text": "a"}, "xaxis2": {"domain": [0.5, 1]}}
    update.update(update.traces, layout)
    assert update.last_sent == ["layout"] and update.widget.layout.xaxis2.domain == (0.5, 1)


def test_numpy_arrays_compare_by_value(update: FigureUpdate) -> None:
    update.update([scatter(np.array([1.0, 2.0])), scatter([3, 4])], update.layout)
    assert update.last_sent == []
    update.update([scatter(np.array([1.0, 7.0])), scatter([3, 4])], update.layout)
    assert update.last_sent == ["data[0].y"]


def test_a_layout_without_template_keeps_the_widgets() -> None:
    update = FigureUpdate()
    template = update.widget.layout.template
    update.update([], {"title": {"text": "t"}})
    assert update.widget.layout.template == template and "layout.template" not in update.last_sent


def test_on_click_is_registered_on_every_trace_added() -> None:
    clicks: list[Any] = []
    update = FigureUpdate(on_click=lambda *args: clicks.append(args))
    update.update([scatter([1]), scatter([2])], {})
    assert all(t._click_callbacks for t in update.widget.data)


def test_the_editor_and_the_explorer_send_their_figures_whole_when_displayed() -> None:
    """What the play widget does for its map (a view draws ``_widget_data``), every
    widget does for every figure it updates in place."""
    from vvlab.widgets import BalanceExplorer, MapEditor

    editor = MapEditor("tutorial")
    editor.controller.station_edits.rename("zoo", "Tierpark")
    explorer = BalanceExplorer(["tutorial"], games=20, background=False)
    explorer.run_button.click()
    for widget, figures in (
        (editor, [editor.figure]),
        (explorer, [*explorer.figures.values(), explorer.what_if_figure]),
    ):
        assert "application/vnd.jupyter.widget-view+json" in widget._repr_mimebundle_()
        for figure in figures:
            assert figure._widget_data == figure._data
            assert figure._widget_layout == figure._layout_obj._props
