"""Restricted play: each restriction of the expert is obeyed whenever a legal move
satisfies it (games replayed move by move in the reference path), the fallback when none
does, the errors, and restricted_play's numbers (the compiled twin of each restriction
is checked in tests/sim/test_fast.py)."""

import numpy as np
import pytest

import vvlab
from vvlab import Card, Game, Move
from vvlab.analysis import RESTRICTIONS, Z95, restricted_play
from vvlab.bots import make_bot
from vvlab.compiled import KernelSpec
from vvlab.model.generate import generate_city
from vvlab.sim.fast import kernel_spec_of

FILTERS = ["no-transfer-stars", "no-express-skips", "no-free-transfers"]
"""The restrictions that forbid moves (no-race changes the values instead)."""


def is_transfer(city, station):
    return len(city.lines_through(station)) > 1


def satisfies(restriction, view, move):
    """The restriction's rule, written from the sheet API, independent of the kernel."""
    card, sheet, city = view.card, view.sheet, view.city
    if restriction == "no-free-transfers" and card.kind == "free":
        return move.station is None or not is_transfer(city, move.station)
    if restriction == "no-transfer-stars" and card.kind == "star":
        reached = sheet.stations_reached(move.line, card)
        return not reached or not is_transfer(city, reached[0])
    if restriction == "no-express-skips" and card.kind == "express":
        number = Card.number(card.value)
        return sheet.stations_reached(move.line, card) == sheet.stations_reached(move.line, number)
    return True


@pytest.mark.parametrize("restriction", FILTERS)
def test_obeyed_whenever_a_legal_move_satisfies_it(restriction):
    """Replayed turn by turn: the restricted expert plays a satisfying move whenever one
    is legal, the unrestricted expert's move when that satisfies it too (the best of
    the allowed moves), and the unrestricted move when none is allowed."""
    bot, free = make_bot(f"expert:restrict={restriction}"), make_bot("expert")
    rng = np.random.default_rng(0)
    cities = ["berlin", "madrid", generate_city(lines=8, stations=60, seed=3)]
    bound, fallbacks, turns = 0, 0, 0
    for k, city in enumerate(cities):
        for seed in range(12):
            game = Game(city, seed=seed, ruleset="metro-x" if seed % 2 else "voll-verplant")
            while not game.is_over:
                view = game.view(0)
                move, best = bot.choose(view, rng), free.choose(view, rng)
                allowed = [m for m in view.legal_moves if satisfies(restriction, view, m)]
                assert move in view.legal_moves
                if not allowed:
                    assert move == best, (k, seed, game.turn)
                    fallbacks += 1
                elif satisfies(restriction, view, best):
                    assert move == best, (k, seed, game.turn)
                else:
                    assert move in allowed, (k, seed, game.turn, move)
                    bound += 1
                turns += 1
                game.play([move])
    assert bound > 0, "the restriction never changed a move: the test proves nothing"
    assert turns > 800


def fork_city():
    """Two lines from one transfer station c: R = c a b and G = c d e."""
    stations = {s: {"name": s.upper(), "x": i, "y": 0} for i, s in enumerate("cabde")}
    routes = [("R", "#CC0000", list("cab")), ("G", "#00AA00", list("cde"))]
    lines = [
        dict(id=name, name=name, color=color, indicators=2, bonus=[4, 2], stations=route)
        for name, color, route in routes
    ]
    data = {"format": "vvlab-map/1", "id": "fork", "name": "Fork", "stations": stations}
    return vvlab.load_map({**data, "lines": lines})


def view_after(cards, free_moves):
    """The view of a solo game on the fork city after free cards filled ``free_moves``."""
    game = Game(fork_city(), cards=[Card.free()] * len(free_moves) + cards)
    for station in free_moves:
        game.play([Move(station=station)])
    return game.view(0)


@pytest.mark.parametrize(
    "restriction, card, filled, expected",
    [
        ("no-transfer-stars", Card.star(), [], None),  # both lines start at c
        ("no-free-transfers", Card.free(), list("abde"), Move(station="c")),  # c is left
        ("no-express-skips", Card.express(2), list("ad"), None),  # both skip
        ("no-express-skips", Card.express(2), list("a"), Move(line="G")),  # G fills c, d
        ("no-free-transfers", Card.free(), list("ab"), None),  # d or e, never c
    ],
)
def test_fallback_when_no_legal_move_satisfies_it(restriction, card, filled, expected):
    view = view_after([card], filled)
    rng = np.random.default_rng(0)
    move = make_bot(f"expert:restrict={restriction}").choose(view, rng)
    allowed = [m for m in view.legal_moves if satisfies(restriction, view, m)]
    if expected is None and allowed:
        assert move in allowed
    elif expected is None:
        assert move == make_bot("expert").choose(view, rng) and move in view.legal_moves
    else:
        assert move == expected


def test_no_race_values_first_bonuses_as_later_ones():
    """Where every first bonus equals the later one the restriction changes nothing;
    on Berlin it changes games."""

    def scores(city, bot):
        res = vvlab.simulate(city, bots=[bot], games=200, seed=2, workers=1, progress=False)
        return res.games["score"].to_numpy()

    data = vvlab.load_map("berlin").to_dict()
    for line in data["lines"]:
        line["bonus"] = [line["bonus"][1]] * 2
    flat = vvlab.load_map(data)
    assert np.array_equal(scores(flat, "expert"), scores(flat, "expert:restrict=no-race"))
    assert not np.array_equal(
        scores("berlin", "expert"), scores("berlin", "expert:restrict=no-race")
    )


def test_specs_and_errors():
    assert list(RESTRICTIONS) == [
        "no-transfer-stars",
        "no-express-skips",
        "no-race",
        "no-free-transfers",
    ]
    bot = make_bot("expert:restrict=no-express-skips")
    assert bot.spec == "expert:restrict=no-express-skips" and make_bot("expert").spec == "expert"
    assert repr(kernel_spec_of(bot)) == repr(KernelSpec("expert", restrict="no-express-skips"))
    assert kernel_spec_of("expert").argument == 0 and kernel_spec_of(bot).argument == 2
    listing = "restrictions: no-transfer-stars, no-express-skips, no-race, no-free-transfers"
    with pytest.raises(ValueError, match=f"unknown restriction 'no-stars'; {listing}"):
        make_bot("expert:restrict=no-stars")
    with pytest.raises(ValueError, match="unknown restriction 'no-stars'"):
        vvlab.simulate("tutorial", bots=["expert:restrict=no-stars"], games=2, progress=False)
    with pytest.raises(ValueError, match="takes no restriction"):
        KernelSpec("greedy", restrict="no-race")
    with pytest.raises(ValueError, match="has no parameter restrict"):
        make_bot("greedy:restrict=no-race")
    for bad in (["no-race", "no-stars", "never"], []):
        with pytest.raises(ValueError, match=listing):
            restricted_play("tutorial", bad, games=10)
    with pytest.raises(ValueError, match="restricted already"):
        restricted_play("tutorial", "no-race", bot="expert:restrict=no-race", games=10)
    with pytest.raises(ValueError, match="at least 2 games"):
        restricted_play("tutorial", "no-race", games=1)


@pytest.mark.parametrize("ruleset", ["voll-verplant", "metro-x"])
def test_restricted_play_is_two_plain_runs_on_the_same_seed(ruleset):
    names = ["no-transfer-stars", "no-express-skips"]
    table = restricted_play("berlin", names, games=80, seed=5, ruleset=ruleset)

    def scores(bot):
        res = vvlab.simulate("berlin", bots=[bot], games=80, seed=5, ruleset=ruleset,
                             workers=1, progress=False)  # fmt: skip
        return res.games.sort_values("game")["score"].to_numpy(float)

    free = scores("expert")
    assert table.index.tolist() == names and (table["games"] == 80).all()
    assert table.attrs == {
        "city": "berlin", "bot": "expert", "seed": 5, "ruleset": ruleset, "players": 1
    }  # fmt: skip
    for name in names:
        kept = scores(f"expert:restrict={name}")
        row = table.loc[name]
        assert row["unrestricted"] == pytest.approx(free.mean())
        assert row["restricted"] == pytest.approx(kept.mean())
        assert row["cost"] == pytest.approx((free - kept).mean())
        assert row["ci95"] == pytest.approx(Z95 * (free - kept).std(ddof=1) / np.sqrt(80))
        assert row["changed"] == pytest.approx(np.mean(free != kept))
        assert row["cost_share"] == pytest.approx((free - kept).mean() / free.mean())


def test_no_restriction_scores_above_the_unrestricted_bot_beyond_noise():
    table = restricted_play("tutorial", games=300, seed=11)
    assert table.index.tolist() == list(RESTRICTIONS)
    assert (table["cost"] >= -table["ci95"]).all(), table
    assert (table["changed"] > 0).any()


def test_head_to_head_sets_the_restricted_seat_against_the_others_in_the_same_game():
    table = restricted_play("berlin", ["no-race"], games=60, seed=2, players=3)
    res = vvlab.simulate("berlin", 3, ["expert:restrict=no-race", "expert", "expert"], 60, 2,
                         workers=1, progress=False)  # fmt: skip
    seats = res.games.pivot(index="game", columns="player", values="score").astype(float)
    others = seats[[1, 2]].mean(axis=1).to_numpy()
    row = table.loc["no-race"]
    assert row["unrestricted"] == pytest.approx(others.mean())
    assert row["restricted"] == pytest.approx(seats[0].mean())
    assert row["cost"] == pytest.approx((others - seats[0]).mean())
    assert row["wins"] == pytest.approx((seats[0] >= seats[[1, 2]].max(axis=1)).mean())
    assert 0 < row["changed"] <= 1 and table.attrs["players"] == 3
    with pytest.raises(ValueError, match="players must be from 1 to 6"):
        restricted_play("berlin", "no-race", players=7)
