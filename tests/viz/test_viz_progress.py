"""fill_progress: the share of stations filled per turn, from game.history."""

from __future__ import annotations

import numpy as np

import vvlab
from vvlab.bots import play_game
from vvlab.viz import fill_progress, fill_table


def final_shares(game: vvlab.Game, player: int) -> dict[str, float]:
    """The filled shares read off the sheet itself (not from the history)."""
    sheet, city = game.sheets[player], game.city
    shares = {"all": len(sheet.marks) / len(city.stations)}
    for line in city.lines:
        shares[line.id] = sum(s in sheet.marks for s in line.stations) / len(line.stations)
    return shares


def curves(fig, player: int) -> dict[str, tuple]:
    return {t.meta["line"]: t for t in fig.data if t.meta["player"] == player}


def test_finished_game_ends_at_the_sheets():
    game = play_game(
        vvlab.Game("berlin", players=3, seed=5), ["greedy", "random", "greedy"], seed=5
    )
    fig = fill_progress(game)
    assert len(fig.data) == game.players * (1 + len(game.city.lines))
    for p in range(game.players):
        traces = curves(fig, p)
        assert set(traces) == {"all", *(ln.id for ln in game.city.lines)}
        for key, share in final_shares(game, p).items():
            y = np.array(traces[key].y)
            assert y[-1] == share
            assert y[0] == 0 and np.all(np.diff(y) >= 0)
            assert list(traces[key].x) == list(range(game.turn + 1))
        for line in game.city.lines:
            assert traces[line.id].line.color == line.color
            if line.id in game.sheets[p].completed:
                turn = game.sheets[p].completed[line.id].turn
                assert traces[line.id].y[turn] == 1 and traces[line.id].y[turn - 1] < 1


def test_running_game(scripted_game):
    table = fill_table(scripted_game)
    assert table.index.get_level_values("turn").max() == scripted_game.turn == 4
    for p in range(2):
        assert table.loc[(p, 4)].to_dict() == final_shares(scripted_game, p)
    # player 1, turn 1: airport, mill, central - 3 of 12; C done, A and B 1 of 5 each
    assert table.loc[(0, 1)].to_dict() == {"all": 0.25, "A": 0.2, "B": 0.2, "C": 1.0, "D": 0.0}
    fig = fill_progress(scripted_game)
    assert "running" in fig.layout.title.text
    titles = [a.text for a in fig.layout.annotations]
    assert titles == [f"Player {p + 1}: {scripted_game.score(p).total} points" for p in (0, 1)]


def test_new_game_is_one_empty_point():
    game = vvlab.Game("tutorial", players=1, seed=1)
    fig = fill_progress(game)
    assert all(list(t.x) == [0] and list(t.y) == [0] for t in fig.data)
