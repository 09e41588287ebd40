"""Games per second of the reference engine with uniformly random legal moves.

Usage: python benchmarks/reference_engine.py [MAP ...] [--games N] [--players P]

Prints one row per map and player count. A figure to compare the compiled fast path
against later; not a test.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import vvlab


def play_random(city: vvlab.CityMap, players: int, seed: int) -> vvlab.Game:
    """One game with random legal moves, seeded."""
    rng = np.random.default_rng(seed)
    game = vvlab.Game(city, players=players, seed=seed)
    while not game.is_over:
        moves = []
        for p in range(players):
            legal = game.legal_moves(p)
            moves.append(legal[rng.integers(len(legal))])
        game.play(moves)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", default=vvlab.builtin_maps())
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 4])
    args = parser.parse_args()
    print(f"{'map':<12} {'players':>7} {'games':>7} {'seconds':>8} {'games/s':>9} {'turns':>6}")
    for name in args.maps:
        city = vvlab.load_map(name)
        for players in args.players:
            start = time.perf_counter()
            turns = sum(play_random(city, players, seed).turn for seed in range(args.games))
            secs = time.perf_counter() - start
            print(
                f"{name:<12} {players:>7} {args.games:>7} {secs:>8.2f} "
                f"{args.games / secs:>9.0f} {turns / args.games:>6.1f}"
            )


if __name__ == "__main__":
    main()
