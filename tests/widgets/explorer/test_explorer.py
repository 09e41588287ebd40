"""BalanceExplorer driven headlessly: buttons, value changes, background runs."""

from __future__ import annotations

import html
import threading

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

import vvlab
from vvlab.analysis import line_table, station_table
from vvlab.viz.results import value_shares
from vvlab.viz.tables import OUTCOMES
from vvlab.widgets import BalanceExplorer, BalanceExplorerController
from vvlab.widgets.controls import ERROR_RED


def explorer(**kw) -> BalanceExplorer:
    kw = {"cities": ["tutorial"], "bots": ["greedy", "random"], "players": [2]} | kw
    return BalanceExplorer(games=kw.pop("games", 300), seed=kw.pop("seed", 5), **kw)


def traces(fig, role: str) -> list:
    return [t for t in fig.data if t.meta and t.meta.get("role") == role]


def snapshot(ex: BalanceExplorer) -> dict:
    """The figures' contents (trace uids aside: every redraw makes new ones)."""
    out = {}
    for name, fig in ex.figures.items():
        content = fig.to_dict()
        for trace in content["data"]:
            trace.pop("uid", None)
        out[name] = content
    return out


def test_run_updates_every_figure_in_place_with_the_result():
    ex = explorer(background=False)
    widgets = dict(ex.figures)
    ex.run_button.click()
    assert ex.message == "run 1: 1 result, 600 sheets"
    assert all(ex.figures[n] is widgets[n] for n in widgets)  # redrawn, never replaced
    res = ex.controller.current.results[0]
    twin = vvlab.simulate(
        "tutorial", 2, ["greedy", "random"], 300, seed=5, workers=1, progress=False
    )
    assert res.equals(twin) and res.seed == 5
    assert (ex.progress.value, ex.progress.max) == (300, 300)

    dist = ex.figures["distribution"]
    assert [t.name for t in traces(dist, "histogram")] == ["greedy", "random"]
    for hist, mean in zip(traces(dist, "histogram"), traces(dist, "mean"), strict=True):
        scores = res.games.loc[res.games["bot"] == hist.name, "score"]
        assert list(hist.y) == pytest.approx(value_shares(scores).tolist())
        assert mean.meta["mean"] == pytest.approx(scores.mean())

    means = res.games.groupby("bot", observed=True)["score"].mean()
    marker = next(t for t in ex.figures["breakdown"].data if t.name == "mean score")
    assert list(marker.y) == pytest.approx(means.loc[marker.meta["groups"]].tolist())

    table = line_table(res)
    for rate in traces(ex.figures["lines"], "rate"):
        expect = [table.loc[(ln, rate.meta["bot"]), "rate"] for ln in rate.meta["lines"]]
        assert list(rate.x) == pytest.approx(expect)
    assert sorted(rate.meta["lines"]) == ["A", "B", "C", "D"]

    stations = traces(ex.figures["heatmap"], "stations")[0]
    assert list(stations.marker.color) == pytest.approx(station_table(res)["fill_rate"].tolist())

    race = ex.figures["bonus race"]
    assert [t.name for t in race.data] == list(OUTCOMES)
    assert np.allclose(np.sum([t.x for t in race.data], axis=0), 1)


def test_cities_and_player_counts_give_one_result_each_and_regroup():
    ex = explorer(players=[1, 2], games=60, background=False)
    ex.city_select.value = ("berlin", "tutorial")
    ex.run_button.click()
    assert ex.focus_select.options == (
        "berlin, 1 player (greedy)",
        "berlin, 1 player (random)",
        "berlin, 2 players (greedy, random)",
        "tutorial, 1 player (greedy)",
        "tutorial, 1 player (random)",
        "tutorial, 2 players (greedy, random)",
    )
    batch = ex.controller.current
    solo = vvlab.simulate("berlin", 1, ["random"], 60, seed=5, workers=1, progress=False)
    assert batch.result("berlin, 1 player (random)").equals(solo)

    ex.by_select.value = "city"
    hists = traces(ex.figures["distribution"], "histogram")
    assert [t.name for t in hists] == ["berlin", "tutorial"]
    assert [t.meta["games"] for t in traces(ex.figures["distribution"], "mean")] == [240, 240]
    ex.by_select.value = "players"
    assert [t.name for t in traces(ex.figures["distribution"], "histogram")] == [
        "1 player",
        "2 players",
    ]
    # lines and heatmap follow the chosen result; the what-if lines too
    assert "Berlin" in ex.figures["heatmap"].layout.title.text
    ex.focus_select.value = "tutorial, 1 player (random)"
    assert "Tutorial" in ex.figures["heatmap"].layout.title.text
    assert [t.name for t in traces(ex.figures["lines"], "rate")] == ["random"]
    assert [v for _, v in ex.line_select.options] == ["A", "B", "C", "D"]


def test_the_chosen_solo_result_is_judged_on_every_balance_target():
    from vvlab.design import check_balance

    ex = explorer(players=[1, 2], games=60, background=False)
    ex.run_button.click()
    ex.focus_select.value = "tutorial, 1 player (greedy)"
    report = check_balance("tutorial", bots=["greedy"], games=60, seed=5, progress=False)
    shown = ex.verdict_html.value
    assert html.escape(report.summary()) in shown and "greedy" not in shown.split("<details>")[0]
    assert (
        "<summary>Details</summary>" in shown
        and shown.count("PASS") + shown.count("THIN") == report.table["passed"].sum()
    )
    ex.focus_select.value = "tutorial, 2 players (greedy, random)"
    assert "solo measures" in ex.verdict_html.value


def test_cancel_stops_early_and_keeps_the_previous_result():
    ex = explorer(games=300, background=False)
    ex.run_button.click()
    before, shown = snapshot(ex), ex.controller.current
    ex.games_input.value, ex.seed_input.value = 256 * 6, 9

    def cancel_after_first_block(change):
        if change["new"] > 0:
            ex.cancel_button.click()

    ex.progress.observe(cancel_after_first_block, "value")
    ex.run_button.click()
    assert ex.progress.value == 256 < ex.progress.max == 256 * 6
    assert ex.message.startswith("cancelled after 1 of 6 blocks")
    assert ex.controller.current is shown and ex.shown is shown
    assert snapshot(ex) == before
    assert not ex.run_button.disabled and ex.cancel_button.disabled


def test_background_run_can_be_waited_for_and_cancelled():
    ex = explorer(games=256, background=True)
    ex.run_button.click()
    assert ex.wait(120)
    assert ex.controller.current is not None and ex.message.startswith("run 1")
    first = ex.controller.current

    ex.bot_select.value = ("random",)
    ex.games_input.value = 256 * 400
    ex.run_button.click()
    ex.run_button.click()  # refused while running: a message, not a second run
    refused = ex.message
    ex.cancel_button.click()
    assert ex.wait(120)
    assert refused == "a run is going: wait for it or cancel it"
    assert "cancelled" in ex.message
    assert ex.progress.value < ex.progress.max
    assert ex.controller.current is first


def test_what_if_more_indicator_boxes_completes_the_line_more_often():
    ex = explorer(bots=["greedy"], players=[1], games=300, background=False)
    ex.run_button.click()
    base = ex.controller.current.results[0]
    ex.line_select.value = "A"
    assert ex.indicators_input.value == base.city.line("A").indicators == 2
    ex.what_if_button.click()
    assert ex.message.startswith("nothing to change")  # unchanged inputs

    ex.indicators_input.value = 4
    ex.what_if_button.click()
    outcome = ex.what_if_result
    assert outcome.change == {"lines": {"A": {"indicators": 4}}}
    lines = outcome.lines
    assert lines.loc["A", "rate_b"] > lines.loc["A", "rate_a"]
    completed = base.lines[base.lines["line"] == "A"]["completed"].mean()
    assert lines.loc["A", "rate_a"] == pytest.approx(completed)  # same run as shown
    original, changed = (traces(ex.what_if_figure, r)[0] for r in ("original", "changed"))
    a = list(original.x).index("A")
    assert changed.y[a] > original.y[a]
    assert "line A: indicators 4" in ex.what_if_html.value
    assert f"{outcome.comparison.loc['greedy', 'mean_b']:.3f}" in ex.what_if_html.value


def test_what_if_bonus_and_deck_changes():
    ex = explorer(bots=["greedy"], players=[1], games=200, background=False)
    ex.run_button.click()
    ex.line_select.value = "B"
    ex.bonus_first_input.value, ex.bonus_later_input.value = 20, 20
    ex.what_if_button.click()
    table = ex.what_if_result.comparison
    assert table.loc["greedy", "mean_b"] > table.loc["greedy", "mean_a"] + 1

    ex.line_select.value = "C"  # refills the inputs with line C as it is
    ex.deck_input.value = "3 3 4 4 5 5 6!"
    ex.what_if_button.click()
    cards = [vvlab.Card.parse(c) for c in ["3", "3", "4", "4", "5", "5", "6!"]]
    assert ex.what_if_result.change == {"deck": cards}
    assert ex.what_if_result.modified.ruleset.deck_summary() == "2×3, 2×4, 2×5, 1×6↻"

    ex.deck_input.value = "3 seven"
    ex.what_if_button.click()
    assert ex.message.startswith("deck: not a card: 'seven'")
    ex.deck_input.value = ""
    ex.line_select.value = "A"
    ex.bonus_first_input.value, ex.bonus_later_input.value = 1, 5  # first < later
    ex.what_if_button.click()
    assert ex.message.startswith("what-if:") and "bonus" in ex.message


def test_keep_show_and_export_parquet(tmp_path):
    ex = explorer(players=[1, 2], games=100, background=False)
    tmp_path = tmp_path / "<i>runs</i>"  # a folder's name is text in the list of files
    ex.export_path.value = str(tmp_path)
    ex.keep_button.click()
    assert ex.message == "nothing to keep yet: run a simulation first"
    ex.run_button.click()
    ex.keep_name.value = "baseline"
    ex.keep_button.click()
    assert ex.kept_select.options == ("baseline",) and ex.message == "kept 'baseline'"
    ex.keep_name.value = "baseline"
    ex.keep_button.click()
    assert "kept already" in ex.message

    ex.export_button.click()
    assert ex.message.startswith("exported 3 results to ")
    assert "<i>" not in ex.files_html.value
    paths = [html.unescape(p) for p in ex.files_html.value.split("<br>")]
    kept = ex.controller.kept["baseline"]
    assert len(paths) == 3 and all(p.startswith(str(tmp_path / "baseline")) for p in paths)
    for path, res in zip(paths, kept.results, strict=True):
        back = vvlab.SimulationResult.from_parquet(path)
        assert back.equals(res) and back.seed == 5
        pd.testing.assert_frame_equal(back.games, res.games)
    ex.export_button.click()
    assert "exists already" in ex.message

    before = snapshot(ex)
    ex.seed_input.value = 6
    ex.run_button.click()
    assert snapshot(ex) != before
    ex.show_kept_button.click()
    assert ex.message == "showing 'baseline'" and snapshot(ex) == before
    ex.what_if_button.click()
    assert ex.message.startswith("what-if works on the current run")
    ex.export_path.value = "  "
    ex.export_button.click()
    assert ex.message == "give a folder to export to"


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        (("city_select", ()), "pick at least one city"),
        (("bot_select", ()), "pick at least one bot"),
        (("players_select", ()), "pick at least one player count"),
        (("games_input", 0), "the number of games must be a whole number >= 1, got 0"),
        (("games_input", -5), "the number of games must be a whole number >= 1, got -5"),
        (("seed_input", -1), "the seed is a whole number >= 0, got -1"),
        (("city_path", "/nonexistent/city.json"), "/nonexistent/city.json"),
        (("bot_select", ("greedy", "lookahead:depth=1")), None),
    ],
)
def test_bad_inputs_give_a_message_not_a_traceback(setting, message):
    ex = explorer(games=20, background=False)
    name, value = setting
    getattr(ex, name).value = value
    ex.run_button.click()
    if message is None:  # a good choice, for contrast
        assert ex.message.startswith("run 1") and ex.controller.current is not None
        return
    assert message in ex.message and ex.controller.current is None
    assert ERROR_RED in ex.status_html.value
    assert not ex.run_button.disabled and ex.figures["distribution"].data == ()


def test_runs_with_workers_equal_simulate_and_progress_reaches_the_total():
    c = BalanceExplorerController(
        ["tutorial"], ["greedy", "random"], [2], games=600, seed=8, workers=2
    )
    seen = []
    batch = c.run(lambda done, total: seen.append((done, total)))
    assert [t for _, t in seen] == [600] * 3  # one report per chunk of one block
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1] == (600, 600)
    twin = vvlab.simulate(
        "tutorial", 2, ["greedy", "random"], 600, seed=8, workers=1, progress=False
    )
    res = batch.results[0]
    assert res.equals(twin) and res.metadata["execution"]["executor"] == "process pool"
    assert not c.cancelled


def test_progress_counts_games_over_every_run_of_a_batch():
    c = BalanceExplorerController(["tutorial"], ["greedy"], [1, 2, 3], games=300, seed=2)
    seen = []
    batch = c.run(lambda done, total: seen.append((done, total)))
    assert seen == [(256, 900), (300, 900), (556, 900), (600, 900), (856, 900), (900, 900)]
    for players, res in zip([1, 2, 3], batch.results, strict=True):
        twin = vvlab.simulate(
            "tutorial", players, ["greedy"], 300, seed=2, workers=1, progress=False
        )
        assert res.equals(twin)


@pytest.mark.parametrize("workers", [1, 2])
def test_cancelling_through_the_controller_raises_nothing_and_says_so(workers):
    c = BalanceExplorerController(["tutorial"], ["greedy"], [1], games=300, seed=1)
    first = c.run()
    c.workers, c.games, c.players = workers, 256 * 8, [1, 2]
    stop, seen = threading.Event(), []

    def progress(done, total):
        seen.append(done)
        stop.set()

    assert c.run(progress, stop) is None
    assert c.cancelled and c.current is first and c.kept == {}
    assert len(seen) >= 1 and max(seen) < 256 * 16
    assert c.message.startswith("cancelled after ") and " of 8 blocks; nothing kept" in c.message
    stop.clear()
    c.games = 300
    assert c.run(cancel=stop) is not None and not c.cancelled and c.message.startswith("run 2")


def test_controller_refuses_bad_what_if_choices():
    c = BalanceExplorerController(["tutorial"], ["greedy"], [1], games=50, seed=2)
    with pytest.raises(ValueError, match="no result yet"):
        c.what_if(0, "A", indicators=3)
    c.run()
    with pytest.raises(ValueError, match=r"pick a line to change \(one of A, B, C, D\)"):
        c.what_if(0, "Z", indicators=3)
    with pytest.raises(ValueError, match=r"(?s)what-if: .*indicators: must be between 1 and 6"):
        c.what_if(0, "A", indicators=9)
    assert c.line_ids() == ["A", "B", "C", "D"]
