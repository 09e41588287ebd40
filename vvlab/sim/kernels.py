"""Numba kernels of the compiled fast path: dealing and whole games for simple bots.

A twin of the reference engine (``vvlab.engine``) and bots (``vvlab.bots``): given the
same uniforms it deals the same cards, and given the same cards and bot uniforms it
gives the same sheets and scores. Plain loops over integer arrays; see
:mod:`vvlab.sim.fast` for the arrays and ``tests/sim/test_fast.py`` for the
differential tests.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NUMBER, EXPRESS, STAR, FREE = 0, 1, 2, 3
RANDOM_BOT, GREEDY_BOT = 0, 1
MAX_REACH_STATIONS, MAX_REACH_BOXES = 64, 7


@njit(cache=True)
def deal_orders(uniforms, uses, shuffle, total_indicators, orders, lengths):
    """Deal every game of a block; returns the index of the first game whose row of
    uniforms ran out (``-1`` when none did). Mirrors ``vvlab.sim.deal.deal_game``."""
    games, row = uniforms.shape
    deck = uses.shape[0]
    pool = np.empty(deck, np.int64)
    for g in range(games):
        for i in range(deck):
            pool[i] = i
        left, filled, k = deck, 0, 0
        while filled < total_indicators:
            if k >= row:
                return g
            pick = int(uniforms[g, k] * left)
            card = pool[pick]
            for i in range(pick, left - 1):
                pool[i] = pool[i + 1]
            left -= 1
            orders[g, k] = card
            k += 1
            filled += uses[card]
            if shuffle[card]:
                for i in range(deck):
                    pool[i] = i
                left = deck
        lengths[g] = k
    return -1


@njit(cache=True, inline="always")
def _reach(reach, bonus, empty, boxes):
    if empty > MAX_REACH_STATIONS:
        empty = MAX_REACH_STATIONS
    if boxes > MAX_REACH_BOXES:
        boxes = MAX_REACH_BOXES
    return bonus * reach[empty, boxes]


@njit(cache=True, inline="always")
def _reached(kind, value, route, mark, out):
    """Stations a line card fills on ``route``; writes them to ``out``, returns count."""
    n = route.shape[0]
    start = 0
    while start < n and mark[route[start]] != 0:
        start += 1
    if start == n:
        return 0
    if kind == STAR:
        out[0] = route[start]
        return 1
    count = 0
    for i in range(start, n):
        if count == value:
            break
        s = route[i]
        if mark[s] != 0:
            if kind == NUMBER:
                break
            continue
        out[count] = s
        count += 1
    return count


@njit(cache=True, inline="always")
def _delta(
    city, avail, reach, weight, p, line, crossed, count, star, empty_left, boxes_left, done, dec
):
    """Change of the sheet value (milli-points) if ``crossed[:count]`` get filled and
    ``line`` (or -1) loses an indicator box; ``dec`` is a zeroed scratch array."""
    st_off, st_lines = city[2], city[3]
    total = weight * count
    if star:
        total += 1000 * star
    for c in range(count):
        s = crossed[c]
        for j in range(st_off[s], st_off[s + 1]):
            dec[st_lines[j]] += 1
    if line >= 0 and done[p, line] == 0:
        e, b = empty_left[p, line], boxes_left[p, line]
        total += _reach(reach, avail[line], e - dec[line], b - 1) - _reach(reach, avail[line], e, b)
    for c in range(count):
        s = crossed[c]
        for j in range(st_off[s], st_off[s + 1]):
            m = st_lines[j]
            if dec[m] > 0:
                if m != line and done[p, m] == 0:
                    e, b = empty_left[p, m], boxes_left[p, m]
                    total += _reach(reach, avail[m], e - dec[m], b) - _reach(reach, avail[m], e, b)
                dec[m] = 0
    if line >= 0:
        dec[line] = 0
    return total


# city = (line_off, line_st, st_off, st_lines, star_value, indicators, bonus_first,
#         bonus_later, penalty_by_empty): int64 arrays, see vvlab.sim.fast.CompiledCity
# deck = (kind, value, shuffle, uses): int64 arrays


@njit(cache=True, inline="always")
def _choose(
    city,
    deck_kind,
    deck_value,
    card,
    bot,
    u,
    reach,
    weight,
    p,
    mark,
    empty_left,
    boxes_left,
    done,
    avail,
    buf,
    best_buf,
    dec,
):
    """The move of one bot: (line or -1, station or -1, count of stations filled into
    best_buf). Legal moves are enumerated in the reference engine's order; ``avail`` is
    each line's bonus still to be had (first, or later once someone took the first)."""
    line_off, line_st = city[0], city[1]
    n_lines, n_stations = city[5].shape[0], city[4].shape[0]
    kind, value = deck_kind[card], deck_value[card]
    if kind == FREE:
        n_legal = 0
        for s in range(n_stations):
            n_legal += mark[p, s] == 0
        if n_legal == 0:
            return -1, -1, 0
        pick = int(u * n_legal) if bot == RANDOM_BOT else -1
        best, best_val, k = -1, 0, 0
        for s in range(n_stations):
            if mark[p, s] != 0:
                continue
            if bot == RANDOM_BOT:
                if k == pick:
                    best = s
                    break
            else:
                buf[0] = s
                v = _delta(
                    city, avail, reach, weight, p, -1, buf, 1, 0, empty_left, boxes_left, done, dec
                )
                if best < 0 or v > best_val:
                    best, best_val = s, v
            k += 1
        best_buf[0] = best
        return -1, best, 1
    n_legal = 0
    for m in range(n_lines):
        n_legal += boxes_left[p, m] > 0
    pick = int(u * n_legal) if bot == RANDOM_BOT else -1
    best, best_val, best_n, k = -1, 0, 0, 0
    for m in range(n_lines):
        if boxes_left[p, m] <= 0:
            continue
        if bot == RANDOM_BOT and k != pick:
            k += 1
            continue
        n = _reached(kind, value, line_st[line_off[m] : line_off[m + 1]], mark[p], buf)
        if bot == RANDOM_BOT:
            for i in range(n):
                best_buf[i] = buf[i]
            return m, -1, n
        star = city[4][buf[0]] if kind == STAR and n > 0 else 0
        v = _delta(
            city, avail, reach, weight, p, m, buf, n, star, empty_left, boxes_left, done, dec
        )
        if best < 0 or v > best_val:
            best, best_val, best_n = m, v, n
            for i in range(n):
                best_buf[i] = buf[i]
        k += 1
    return best, -1, best_n


@njit(cache=True)
def play_games(
    city,
    deck,
    orders,
    lengths,
    bots,
    bot_u,
    reach,
    weight,
    score,
    bonus,
    stars,
    penalty,
    empty,
    lines_completed,
    first_bonuses,
    turns,
    line_turn,
    line_bonus,
    station_filled,
):
    """Play every dealt game of a block and write the block record arrays.

    ``bots[p]`` is the bot kind of seat p; ``bot_u[p]`` its pre-drawn uniforms, one per
    turn over the whole block (used by random bots only)."""
    line_off, st_off, st_lines = city[0], city[2], city[3]
    star_value, indicators = city[4], city[5]
    n_stations, n_lines, players = star_value.shape[0], indicators.shape[0], bots.shape[0]
    deck_kind, deck_value = deck[0], deck[1]
    mark = np.zeros((players, n_stations), np.int64)
    empty_left = np.zeros((players, n_lines), np.int64)
    boxes_left = np.zeros((players, n_lines), np.int64)
    done = np.zeros((players, n_lines), np.int64)
    first_taken = np.zeros(n_lines, np.bool_)
    avail = np.zeros(n_lines, np.int64)
    buf = np.zeros(n_stations, np.int64)
    filled = np.zeros((players, n_stations), np.int64)
    nfilled = np.zeros(players, np.int64)
    dec = np.zeros(n_lines, np.int64)
    newly = np.zeros((players, n_lines), np.bool_)
    cursor = 0
    for g in range(lengths.shape[0]):
        mark[:] = 0
        done[:] = 0
        first_taken[:] = False
        avail[:] = city[6]
        for p in range(players):
            for m in range(n_lines):
                empty_left[p, m] = line_off[m + 1] - line_off[m]
                boxes_left[p, m] = indicators[m]
        for t in range(lengths[g]):
            card = orders[g, t]
            for p in range(players):
                line, _station, n = _choose(
                    city,
                    deck_kind,
                    deck_value,
                    card,
                    bots[p],
                    bot_u[p, cursor],
                    reach,
                    weight,
                    p,
                    mark,
                    empty_left,
                    boxes_left,
                    done,
                    avail,
                    buf,
                    filled[p],
                    dec,
                )
                nfilled[p] = n
                if line >= 0:
                    boxes_left[p, line] -= 1
            cursor += 1
            for p in range(players):
                is_star = deck_kind[card] == STAR
                for i in range(nfilled[p]):
                    s = filled[p, i]
                    mark[p, s] = star_value[s] if is_star else 1
                    if is_star:
                        stars[g, p] += star_value[s]
                    for j in range(st_off[s], st_off[s + 1]):
                        m = st_lines[j]
                        empty_left[p, m] -= 1
                        if empty_left[p, m] == 0 and done[p, m] == 0:
                            newly[p, m] = True
            for p in range(players):
                for m in range(n_lines):
                    if newly[p, m]:
                        done[p, m] = t + 1
                        line_turn[g, p, m] = t + 1
                        if first_taken[m]:
                            line_bonus[g, p, m] = 2
                            bonus[g, p] += city[7][m]
                        else:
                            line_bonus[g, p, m] = 1
                            bonus[g, p] += city[6][m]
                            first_bonuses[g, p] += 1
                        lines_completed[g, p] += 1
            for p in range(players):
                for m in range(n_lines):
                    if newly[p, m]:
                        first_taken[m] = True
                        avail[m] = city[7][m]
                        newly[p, m] = False
        turns[g] = lengths[g]
        for p in range(players):
            n_empty = 0
            for s in range(n_stations):
                if mark[p, s] != 0:
                    station_filled[p, s] += 1
                else:
                    n_empty += 1
            empty[g, p] = n_empty
            penalty[g, p] = city[8][n_empty]
            score[g, p] = bonus[g, p] + stars[g, p] - penalty[g, p]
