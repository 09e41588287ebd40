"""``BalanceExplorer``: simulate cities, bots and player counts and look at the balance.

A thin ipywidgets view over
:class:`~vvlab.widgets.explorer.controller.BalanceExplorerController`: every control
calls the controller; runs go in a background thread (the figures stay responsive)
unless ``background=False``; the ``vvlab.viz`` figures
(:mod:`~vvlab.widgets.explorer.figures`) are redrawn in place when a run ends.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from vvlab.analysis import LABEL_GROUPINGS
from vvlab.engine import RULESETS
from vvlab.model import builtin_maps
from vvlab.model.markup import literal
from vvlab.model.validate import MAX_INDICATORS
from vvlab.widgets.controls import button, compile_notes_in, message_html
from vvlab.widgets.explorer.batch import Batch, ExplorerError, solo_verdict
from vvlab.widgets.explorer.changes import describe_change
from vvlab.widgets.explorer.controller import (
    BOT_CHOICES,
    PLAYER_CHOICES,
    BalanceExplorerController,
)
from vvlab.widgets.explorer.figures import (
    FIGURES,
    batch_figures,
    placeholder_figure,
    waiting_text,
    what_if_figure,
    what_if_html,
)
from vvlab.widgets.figure_update import FigureUpdate, sync_browser_state
from vvlab.widgets.plotly_import import import_figure_widget

FigureWidget = import_figure_widget()  # without its slowest import: see plotly_import


def _with(options: Sequence[Any], extra: Sequence[Any]) -> list[Any]:
    return list(options) + [x for x in extra if x not in options]


class BalanceExplorer(w.VBox):
    """Pick cities, bots, player counts, ruleset, games and seed; run with a progress
    bar (cancellable); see score distribution, breakdown, line completion vs bonus,
    station heatmap and bonus race; try what-if changes; keep and export results.

    Parameters
    ----------
    cities
        Built-in map names (more can be picked in the widget).
    bots, players, ruleset, games, seed, workers
        The initial choices (see :class:`BalanceExplorerController`).
    background
        Run simulations in a background thread (``False``: the Run button returns
        when the run is over, for scripts and tests; see also :meth:`wait`).

    Examples
    --------
    >>> ex = BalanceExplorer(["tutorial"], bots=["greedy", "random"], players=[2],
    ...                      games=50, seed=1, background=False)
    >>> ex.run_button.click()
    >>> ex.message, [t.name for t in ex.figures["breakdown"].data]
    ('run 1: 1 result, 100 sheets', ['bonus', 'stars', 'penalty', 'mean score'])
    """

    def __init__(
        self,
        cities: Sequence[str] = ("berlin",),
        bots: Sequence[str] = ("greedy",),
        players: Sequence[int] = (1,),
        ruleset: str = "voll-verplant",
        games: int = 1000,
        seed: int = 0,
        workers: int = 1,
        background: bool = True,
    ):
        super().__init__()
        self.controller = BalanceExplorerController(
            cities, bots, players, ruleset, games, seed, workers
        )
        self.background = background
        self.message = ""
        self.shown: Batch | None = None
        self.what_if_result: Any = None
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._build_choices()
        self._build_results()
        self._build_what_if()
        self._build_keep()
        self.children = [
            self.choices_box,
            self.results_box,
            self.what_if_box,
            self.keep_box,
        ]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Displayed: the figures' full state goes to the browser first (see
        :func:`~vvlab.widgets.figure_update.sync_browser_state`), then the view."""
        for figure in (*self.figures.values(), self.what_if_figure):
            sync_browser_state(figure)
        return super()._repr_mimebundle_(**kwargs)

    # -- building -----------------------------------------------------------------------
    def _build_choices(self) -> None:
        c = self.controller
        self.city_select = w.SelectMultiple(
            options=_with(builtin_maps(), c.cities), value=c.cities, description="Cities"
        )
        self.city_path = w.Text(placeholder="and a map file path", description="File")
        self.bot_select = w.SelectMultiple(
            options=_with(BOT_CHOICES, c.bots), value=c.bots, description="Bots"
        )
        self.players_select = w.SelectMultiple(
            options=PLAYER_CHOICES, value=tuple(c.players), description="Players"
        )
        self.ruleset_select = w.Dropdown(
            options=_with(list(RULESETS), [c.ruleset]), value=c.ruleset, description="Rules"
        )
        self.games_input = w.IntText(value=c.games, description="Games")
        self.seed_input = w.IntText(value=c.seed, description="Seed")
        self.run_button = button("Run", button_style="primary", icon="play")
        self.cancel_button = button("Cancel", icon="stop", disabled=True)
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Games")
        self.progress_label = w.Label()
        self.status_html = w.HTML()
        self.run_button.on_click(lambda _: self._on_run())
        self.cancel_button.on_click(lambda _: self._cancel_run())
        self.choices_box = w.VBox(
            [
                w.HBox([self.city_select, self.bot_select, self.players_select]),
                w.HBox([self.city_path, self.ruleset_select]),
                w.HBox([self.games_input, self.seed_input]),
                w.HBox([self.run_button, self.cancel_button, self.progress, self.progress_label]),
                self.status_html,
            ]
        )

    def _build_results(self) -> None:
        self.by_select = w.Dropdown(options=LABEL_GROUPINGS, value="bot", description="Group by")
        self.focus_select = w.Dropdown(options=[], description="Result")
        self.figure_updates = {
            name: FigureUpdate(FigureWidget(placeholder_figure(waiting_text(name))))
            for name in FIGURES
        }
        self.figures = {name: update.widget for name, update in self.figure_updates.items()}
        self.tabs = w.Tab(children=[self.figures[n] for n in FIGURES])
        for i, name in enumerate(FIGURES):
            self.tabs.set_title(i, name)
        self.by_select.observe(lambda _: self._act(self._redraw), "value")
        self.focus_select.observe(lambda _: self._on_focus(), "value")
        controls = w.HBox([self.by_select, self.focus_select])
        self.verdict_html = w.HTML()  # the balance targets at the chosen result's bot
        self.results_box = w.VBox([controls, self.tabs, self.verdict_html])
        self._showing = False

    def _build_what_if(self) -> None:
        self.line_select = w.Dropdown(options=[], description="Line")
        self.indicators_input = w.BoundedIntText(
            value=1, min=1, max=MAX_INDICATORS, description="Boxes"
        )
        self.bonus_first_input = w.IntText(value=0, description="Bonus 1st")
        self.bonus_later_input = w.IntText(value=0, description="later")
        self.deck_input = w.Text(placeholder="e.g. 3 3 4 4 5 (2) star free 6!", description="Deck")
        self.what_if_button = button("Run what-if", icon="flask")
        self.what_if_html = w.HTML()
        waiting = placeholder_figure(
            "No what-if yet: change a line or the deck, then run the what-if."
        )
        self.what_if_update = FigureUpdate(FigureWidget(waiting))
        self.what_if_figure = self.what_if_update.widget
        self.line_select.observe(lambda _: self._fill_line(), "value")
        self.what_if_button.on_click(lambda _: self._act(self._run_what_if))
        self.what_if_box = w.VBox(
            [
                w.HTML("<b>What if</b> one line or the deck changed (same seed):"),
                w.HBox([self.line_select, self.indicators_input]),
                w.HBox([self.bonus_first_input, self.bonus_later_input]),
                w.HBox([self.deck_input, self.what_if_button]),
                self.what_if_html,
                self.what_if_figure,
            ]
        )

    def _build_keep(self) -> None:
        self.keep_name = w.Text(placeholder="name (optional)", description="Keep as")
        self.keep_button = button("Keep result", icon="bookmark")
        self.kept_select = w.Select(options=[], description="Kept", rows=4)
        self.show_kept_button = button("Show kept", icon="eye")
        self.export_path = w.Text(placeholder="folder", description="Export to")
        self.export_button = button("Export parquet", icon="download")
        self.files_html = w.HTML()
        self.keep_button.on_click(lambda _: self._act(self._keep))
        self.show_kept_button.on_click(lambda _: self._act(self._show_kept))
        self.export_button.on_click(lambda _: self._act(self._export))
        self.keep_box = w.VBox(
            [
                w.HBox([self.keep_name, self.keep_button]),
                w.HBox([self.kept_select, self.show_kept_button]),
                w.HBox([self.export_path, self.export_button]),
                self.files_html,
            ]
        )

    # -- actions ------------------------------------------------------------------------
    def _act(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run an action; a refusal becomes the message, never a traceback."""
        try:
            fn(*args)
        except ExplorerError as err:
            self._say(str(err), error=True)
        else:
            self._say(self.controller.message)

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.status_html.value = message_html(text, error)

    def _read_choices(self) -> None:
        c = self.controller
        path = self.city_path.value.strip()
        c.cities = list(self.city_select.value) + ([path] if path else [])
        c.bots = list(self.bot_select.value)
        c.players = list(self.players_select.value)
        c.ruleset = self.ruleset_select.value
        c.games, c.seed = self.games_input.value, self.seed_input.value
        if c.seed < 0:
            raise ExplorerError(f"the seed is a whole number >= 0, got {c.seed}")

    @property
    def running(self) -> bool:
        """Whether a run is going in the background."""
        return self._thread is not None and self._thread.is_alive()

    def _on_run(self) -> None:
        try:
            self._start_run()
        except ExplorerError as err:
            self._say(str(err), error=True)

    def _start_run(self) -> None:
        if self.running:
            raise ExplorerError("a run is going: wait for it or cancel it")
        self._read_choices()
        total = sum(r["games"] for r in self.controller.plan())  # refuses bad choices
        self._cancel.clear()
        self.progress.max, self.progress.value = total, 0
        self.progress_label.value = f"0 / {total}"
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self._say("running...")
        if self.background:
            self._thread = threading.Thread(target=self._run_job, daemon=True)
            self._thread.start()
        else:
            self._run_job()

    def _run_job(self) -> None:
        try:
            with compile_notes_in(self.status_html):
                batch = self.controller.run(self._on_progress, self._cancel)
            if batch is not None:
                self.show(batch)
            self._say(self.controller.message)
        except ExplorerError as err:
            self._say(str(err), error=True)
        except Exception as err:  # a background thread has nobody to raise to
            self._say(f"the run failed: {type(err).__name__}: {err}", error=True)
        finally:
            self.run_button.disabled, self.cancel_button.disabled = False, True

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.value = done
        self.progress_label.value = f"{done} / {total}"

    def _cancel_run(self) -> None:
        self._cancel.set()
        self._say("cancelling: the run stops after the blocks being played")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a background run to end; ``True`` if none is going any more."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    # -- showing ------------------------------------------------------------------------
    def show(self, batch: Batch) -> None:
        """Show a batch in the figures (in place) and offer its results and lines."""
        self.shown = batch
        self._showing = True
        try:
            self.focus_select.options = batch.labels
            self.focus_select.value = batch.labels[0]
        finally:
            self._showing = False
        self._redraw()
        self._fill_lines()

    def _redraw(self) -> None:
        batch = self.shown
        if batch is None:
            return
        focus = self.focus_select.value or 0
        for name, fig in batch_figures(batch, focus, self.by_select.value).items():
            self.figure_updates[name].show(fig)
        report = solo_verdict(batch, focus)
        self.verdict_html.value = (
            report.compact_html()
            if report
            else "<i>Balance targets: solo measures; choose a one-player result.</i>"
        )

    def _on_focus(self) -> None:
        if not self._showing:
            self._act(self._redraw)
            self._fill_lines()

    def _fill_lines(self) -> None:
        if self.shown is None:
            return
        city = self.shown.result(self.focus_select.value or 0).city
        self.line_select.options = [(f"{ln.id} ({ln.name})", ln.id) for ln in city.lines]
        self.line_select.value = city.lines[0].id
        self._fill_line()

    def _fill_line(self) -> None:
        """The chosen line's current indicator boxes and bonuses in the inputs."""
        if self.shown is None or self.line_select.value is None:
            return
        city = self.shown.result(self.focus_select.value or 0).city
        line = city.line(self.line_select.value)
        self.indicators_input.value = line.indicators
        self.bonus_first_input.value = line.bonus_first
        self.bonus_later_input.value = line.bonus_later

    def _run_what_if(self) -> None:
        if self.controller.current is None or self.shown is None:
            raise ExplorerError("run a simulation first")
        if self.shown is not self.controller.current:
            raise ExplorerError("what-if works on the current run: run it again to use it")
        label = self.focus_select.value
        if self.line_select.value is None:
            raise ExplorerError("pick a line to change")
        line = self.shown.result(label).city.line(self.line_select.value)
        bonus = [self.bonus_first_input.value, self.bonus_later_input.value]
        outcome = self.controller.what_if(
            label,
            line.id,
            indicators=self.indicators_input.value
            if self.indicators_input.value != line.indicators
            else None,
            bonus=bonus if bonus != [line.bonus_first, line.bonus_later] else None,
            deck=self.deck_input.value or None,
        )
        self.what_if_result = outcome
        self.what_if_html.value = what_if_html(outcome, describe_change(outcome.change))
        self.what_if_update.show(what_if_figure(outcome))

    def _keep(self) -> None:
        name = self.controller.keep(self.keep_name.value)
        self.kept_select.options = list(self.controller.kept)
        self.kept_select.value = name
        self.keep_name.value = ""

    def _show_kept(self) -> None:
        if not self.kept_select.value:
            raise ExplorerError("pick a kept result to show")
        self.show(self.controller.batch(self.kept_select.value))
        self.controller.message = f"showing {self.kept_select.value!r}"

    def _export(self) -> None:
        paths = self.controller.export(self.export_path.value, self.kept_select.value or None)
        self.files_html.value = "<br>".join(literal(p) for p in paths)
