"""The map editor's actions behind its buttons: a mixin of :class:`MapEditor`, which
provides the widgets (``self.mode``, ``self.line_select``...) and the controller."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from vvlab.widgets.editor_files import BLANK, OTHER
from vvlab.widgets.editor_history import EditError
from vvlab.widgets.editor_panels import message_html


class EditorActions:
    """What the buttons and fields of the map editor do."""

    controller: Any
    selected: str | None
    last_balance: Any

    def _open(self) -> None:
        if self.source_select.value == OTHER:
            raise EditError("that city is open already: pick a built-in city or blank city")
        value = self.source_select.value
        self.controller.load(None if value == BLANK else value)
        self.selected = None

    def _open_file(self) -> None:
        self.controller.load(self.open_path.value.strip())
        self.selected = None

    def _generate(self) -> None:
        values = (self.gen_lines.value, self.gen_stations.value, self.gen_seed.value)
        self.controller.load_generated(*values)
        self.selected = None

    def _apply_city(self) -> None:
        self.controller.set_city(id=self.city_id.value, name=self.city_name.value)

    def _mode_changed(self) -> None:
        if self.mode.value != "draw line" and self.controller.draft is not None:
            self.controller.cancel_line()

    def _grid_changed(self) -> None:
        if not self.grid_step.value > 0:
            raise ValueError("the grid step must be positive")
        self.controller.grid_step = self.grid_step.value

    def _selected_station(self) -> str:
        if self.selected is None:
            raise EditError("select a station first (click it on the map)")
        return self.selected

    def _rename(self) -> None:
        self.controller.rename_station(self._selected_station(), self.station_name.value)

    def _delete_station(self) -> None:
        self.controller.delete_station(self._selected_station())
        self.selected = None

    def _start_line(self) -> None:
        self.mode.value = "draw line"
        self.controller.start_line()

    def _finish_line(self) -> None:
        lid = self.controller.finish_line()
        self._select_line(lid)

    def _select_line(self, lid: str) -> None:
        ids = [str(line.get("id")) for line in self.controller.lines]
        if tuple(self.line_select.options) != tuple(ids):
            self.line_select.options = ids
        self.line_select.value = lid

    def _line(self) -> str:
        if self.line_select.value is None:
            raise EditError("pick a line first")
        return self.line_select.value

    def _on_line(self, action: Any, *args: Any) -> None:
        action(self._line(), *args)

    def _extend(self, lid: str, at: str) -> None:
        self.controller.extend_line(lid, self._selected_station(), at)

    def _shorten(self, lid: str, at: str) -> None:
        self.controller.shorten_line(lid, at)

    def _apply_line(self) -> None:
        lid = self._line()
        new_id = self.line_id.value
        self.controller.set_line(
            lid,
            id=new_id,
            name=self.line_name.value,
            color=self.line_color.value,
            indicators=self.line_indicators.value,
            bonus=(self.bonus_first.value, self.bonus_later.value),
        )
        self._select_line(new_id)

    def _balance(self) -> None:
        self.balance_summary.value = "running..."
        qb = self.controller.quick_balance(self.balance_games.value, self.balance_seed.value)
        self.last_balance = qb
        self.balance_summary.value = message_html(qb.summary())
        figures = (qb.score_figure(), qb.lines_figure())
        self.balance_figures.children = [go.FigureWidget(f) for f in figures]

    def _save(self, confirmed: bool) -> None:
        path = self.save_path.value.strip() or None
        self.confirm_overwrite_button.layout.display = "none"
        try:
            target = self.controller.save(path, overwrite=confirmed)
        except FileExistsError:
            self.confirm_overwrite_button.description = f"Overwrite {path or 'the file'}"
            self.confirm_overwrite_button.layout.display = None
            raise
        self.message.value = message_html(f"saved {target}")
