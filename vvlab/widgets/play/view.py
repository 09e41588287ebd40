"""``PlayWidget``: play Voll verplant in JupyterLab, people at one screen and bots.

A thin ipywidgets view over :class:`~vvlab.widgets.play.controller.PlayController`:
every control calls the controller, then :meth:`PlayWidget.refresh` shows its state.
The sheet is a :class:`~vvlab.widgets.play.sheet_map.SheetMap`; the panels' HTML comes
from :mod:`vvlab.widgets.play.panels`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from vvlab.engine import RULESETS, Ruleset
from vvlab.engine.game import MAX_PLAYERS
from vvlab.model.colors import text_color
from vvlab.model.markup import literal
from vvlab.widgets.controls import button, compile_notes_in, message_html, row
from vvlab.widgets.figure_update import sync_browser_state
from vvlab.widgets.play.city_picker import CityPicker
from vvlab.widgets.play.controller import (
    PERSON,
    SEED_BOX_MAX,
    PlayController,
    PlayError,
    new_seed,
)
from vvlab.widgets.play.panels import card_html, end_html, scoreboard_html, seen_html
from vvlab.widgets.play.sheet_map import SheetMap

MAP_SIZE = (700, 520)
"""Width and height of the map: beside it the card and the controls, and the widget's
top, the map and Confirm fit a 1400x900 screen together in JupyterLab."""
SETUP_TITLE = "New game: city, players, ruleset, seed"

SEAT_CHOICES = (PERSON, "greedy", "random", "lookahead:depth=1", "expert", "rollout:samples=16")
"""Seats offered by the set-up (any bot spec can be typed in)."""


class PlayWidget(w.VBox):
    """Play a game: set-up, the revealed card, the sheet as a map, line buttons,
    preview, confirm/undo, scoreboard, log and the end-of-game panel.

    Parameters
    ----------
    city
        A built-in map name, a path to a map file, a map dict or a ``CityMap``.
    seats
        ``"person"`` or a bot spec per player (1–6 seats).
    ruleset
        A ruleset name or a ``Ruleset``.
    seed
        Seed of the deck and the bots.

    Examples
    --------
    >>> pw = PlayWidget("tutorial", seats=["person"], seed=0)
    >>> pw.controller.card, sorted(b for b, x in pw.line_buttons.items() if not x.disabled)
    (Card.number(4), ['A', 'B', 'C', 'D'])
    >>> pw.line_buttons["A"].click(); pw.confirm_button.click()
    >>> pw.controller.game.turn, pw.controller.game.sheets[0].indicators["A"]
    (1, ['4'])
    """

    def __init__(
        self,
        city: Any = "berlin",
        seats: Sequence[str] = (PERSON,),
        ruleset: str | Ruleset = "voll-verplant",
        seed: int = 0,
    ):
        super().__init__()
        self.message = ""
        self.controller = PlayController(city, seats, ruleset, seed)
        self._build_setup(city, seats, ruleset, seed)
        self._build_play()
        self._build_city()
        self.refresh()

    # -- building -----------------------------------------------------------------------
    def _build_setup(self, city: Any, seats: Sequence[str], ruleset: Any, seed: int) -> None:
        self.city_picker = CityPicker(lambda city: self._act(self._start, city))
        self.city_picker.show(city, self.controller.city)
        self.city_select = self.city_picker.dropdown
        self.city_path = w.Text(placeholder="or a map file path", description="File")
        rules = list(RULESETS)
        if isinstance(ruleset, Ruleset):
            rules.append(ruleset)
        self.ruleset_select = w.Dropdown(options=rules, value=ruleset, description="Rules")
        self._build_seats([seats] if isinstance(seats, str) else list(seats))
        self.seed_input = w.BoundedIntText(value=seed, min=0, max=SEED_BOX_MAX, description="Seed")
        self.new_seed_button = button("New seed", icon="random")
        self.start_button = button("Start game", button_style="primary", icon="play")
        self.new_seed_button.on_click(lambda _: setattr(self.seed_input, "value", new_seed()))
        self.start_button.on_click(lambda _: self._act(self._start))
        self.setup_box = w.VBox(
            [
                row(self.city_select, self.city_path, self.ruleset_select),
                row(self.players_select, self.seed_input, self.new_seed_button),
                row(*self.seat_boxes[:3]),
                row(*self.seat_boxes[3:]),
                self.start_button,
            ]
        )
        # folded: the map and the Confirm button fit a 1400x900 screen together
        self.setup_panel = w.Accordion(
            children=[self.setup_box], titles=(SETUP_TITLE,), selected_index=None
        )

    def _build_seats(self, seats: list[str]) -> None:
        """The number of players and a box per seat ("person" or a bot spec)."""
        self.players_select = w.Dropdown(
            options=list(range(1, MAX_PLAYERS + 1)), value=len(seats), description="Players"
        )
        self.seat_boxes = [
            w.Combobox(
                options=SEAT_CHOICES,
                value=seats[i] if i < len(seats) else PERSON,
                description=f"P{i + 1}",
                ensure_option=False,
                layout=w.Layout(width="220px"),
            )
            for i in range(MAX_PLAYERS)
        ]
        self.players_select.observe(lambda _: self._show_seats(), "value")
        self._show_seats()

    def _build_play(self) -> None:
        self.card_html, self.seen_html = w.HTML(), w.HTML()
        self.status_html, self.message_html, self.preview_html = w.HTML(), w.HTML(), w.HTML()
        self.confirm_button = button("Confirm", button_style="success", icon="check")
        self.undo_button = button("Undo", icon="undo")
        self.pass_button = button("Pass (no empty station)")
        self.confirm_button.on_click(lambda _: self._act(self.controller.confirm))
        self.undo_button.on_click(lambda _: self._act(self._undo))
        self.pass_button.on_click(lambda _: self._act(self.controller.choose))
        self.scoreboard_html, self.log_html, self.final_html = w.HTML(), w.HTML(), w.HTML()
        self.transcript_text = w.Textarea(layout=w.Layout(width="100%", height="240px"))
        self.play_again_button = button("Play again", button_style="primary", icon="repeat")
        self.play_again_button.on_click(lambda _: self._act(self._play_again))
        self.end_panel = w.VBox(
            [self.final_html, self.transcript_text, self.play_again_button],
            layout=w.Layout(display="none"),
        )

    def _build_city(self) -> None:
        """The map and the line buttons of the controller's city (again after set-up)."""
        city = self.controller.city
        # the title from the start: the figure reaches the page whole, with no update
        self.map = SheetMap(
            city, self._on_map_line, self._on_map_station, *MAP_SIZE, title=self._title()
        )
        self.figure = self.map.figure
        self.line_buttons: dict[str, w.Button] = {}
        for line in city.lines:
            b = button(line.id, tooltip=f"{line.name}: pick this line")
            b.style.button_color, b.style.text_color = line.color, text_color(line.color)
            b.on_click(lambda _, lid=line.id: self._act(self.controller.choose, line=lid))
            self.line_buttons[line.id] = b
        self._city = city
        side = w.VBox(
            [
                self.card_html,
                self.status_html,
                self.message_html,
                row(*self.line_buttons.values(), self.pass_button),
                self.preview_html,
                row(self.confirm_button, self.undo_button),
                self.seen_html,
            ],
            layout=w.Layout(flex="1 1 260px", min_width="240px", max_width="420px"),
        )
        sync_browser_state(self.figure)  # a new map in a shown widget: its view comes next
        self.game_area = w.HBox([self.figure, side], layout=w.Layout(flex_flow="row wrap"))
        self.children = [
            self.setup_panel,
            self.game_area,
            row(self.scoreboard_html, self.log_html),
            self.end_panel,
        ]

    def _show_seats(self) -> None:
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if i < self.players_select.value else "none"

    # -- actions ------------------------------------------------------------------------
    def _act(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> None:
        """Run a controller action; show its refusal as a message, then refresh."""
        self.message_html.value = ""
        try:
            with compile_notes_in(self.status_html):  # the bots' first move may compile
                fn(*args, **kw)
        except PlayError as err:
            self.message = str(err)
            self.message_html.value = message_html(str(err), error=True)
        else:
            self.message = ""
        self.refresh()

    def _on_map_line(self, line: str) -> None:
        if self.controller.card is not None and self.controller.card.kind == "free":
            self._act(self._refuse, "a free card crosses one empty station: click a station")
        else:
            self._act(self.controller.choose, line=line)

    def _on_map_station(self, station: str) -> None:
        self._act(self.controller.pick_on_map, station)

    @staticmethod
    def _refuse(message: str) -> None:
        raise PlayError(message)

    def _undo(self) -> None:
        done = self.controller.undo()
        self.message_html.value = message_html(f"Undone: {done}")

    def _start(self, picked: Any = None) -> None:
        """A new game with the set-up's boxes: the city ``picked`` in the picker, else
        the map file typed, else the picker's city."""
        seats = [b.value for b in self.seat_boxes[: self.players_select.value]]
        path = "" if picked is not None else self.city_path.value.strip()
        city = picked if picked is not None else path or self.city_select.value
        self.controller.setup(city, seats, self.ruleset_select.value, self.seed_input.value)
        self.city_picker.show(city, self.controller.city)
        if path:  # the picker names the file's city now, and starts it again when picked
            self.city_path.value = ""
        if self.controller.city != self._city:  # a new map: new figure and buttons
            self._build_city()

    def _play_again(self) -> None:
        self.controller.play_again(self.seed_input.value)

    # -- showing ------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Displayed: the map's full state goes to the browser first (see
        :func:`~vvlab.widgets.figure_update.sync_browser_state`), then the widget's view."""
        sync_browser_state(self.figure)
        return super()._repr_mimebundle_(**kwargs)

    @property
    def shown_player(self) -> int:
        """The seat whose sheet the map shows: the person choosing (else the first person)."""
        c = self.controller
        p = c.current_player
        return p if p is not None else (c.persons or [0])[0]

    def _title(self) -> str:
        """The map's title: the city, the sheet shown, the turn and its score."""
        c, p = self.controller, self.shown_player
        if c.is_over:
            when, what = f"game over after {c.game.turn} turns", "final score"
        else:
            when, what = f"turn {c.game.turn + 1}", "score"
        label = html.escape(c.label(p))
        city, total = literal(c.city.name), c.game.score(p).total
        return f"<b>{city}</b> · {label}, {when} · {what} <b>{total}</b>"

    def refresh(self) -> None:
        """Show the controller's state: map, buttons, card, scores, log, end panel."""
        c, p = self.controller, self.shown_player
        preview = c.preview()
        free = c.card is not None and c.card.kind == "free"
        self.map.paint(c.game.sheets[p], self._title(), preview, pick_lines=not free)
        self._refresh_buttons()
        self.city_picker.follow(c.city)
        self.card_html.value = card_html(c.card)
        self.seen_html.value = seen_html(c.seen_cards)
        self.status_html.value = f"<b>{html.escape(c.status())}</b>"
        names = {s: st.name for s, st in c.city.stations.items()}
        self.preview_html.value = html.escape(preview.text(names)) if preview else ""
        self.scoreboard_html.value = scoreboard_html(c.scoreboard(), p)
        log = "\n".join(reversed(c.log)) or "No turn played yet."
        self.log_html.value = (
            f"<pre style='max-height:220px;overflow:auto'>{html.escape(log)}</pre>"
        )
        self._refresh_end()

    def _refresh_buttons(self) -> None:
        c = self.controller
        legal = set(c.legal_lines())
        chosen = c.choice.line if c.choice is not None else None
        for line_id, b in self.line_buttons.items():
            b.disabled = line_id not in legal
            b.icon = "check" if line_id == chosen else ""
        self.pass_button.layout.display = None if c.may_pass else "none"
        no_person = c.current_player is None
        self.confirm_button.description = "Play turn (bots)" if no_person else "Confirm"
        self.confirm_button.disabled = c.is_over or (not no_person and c.choice is None)
        # over: nothing to confirm and no bot to play; the end panel says what happened
        self.confirm_button.layout.display = "none" if c.is_over else None
        self.undo_button.disabled = not c.can_undo

    def _refresh_end(self) -> None:
        c = self.controller
        self.end_panel.layout.display = None if c.is_over else "none"
        if c.is_over:
            self.final_html.value = end_html(c.final_scores())
            self.transcript_text.value = c.transcript(for_people=True)
