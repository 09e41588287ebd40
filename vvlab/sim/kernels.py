"""Numba kernels of the compiled fast path: dealing, move mechanics, the sheet value,
the bots' decisions (random, greedy, look-ahead) and whole games.

A twin of the reference engine (``vvlab.engine``) and bots (``vvlab.bots``): given the
same uniforms it deals the same cards, and given the same cards and bot uniforms it
gives the same sheets and scores (``tests/sim/test_fast.py``). The look-ahead bot of
the reference engine calls :func:`lookahead_choice` from here.

Everything is in this one module on purpose: numba's on-disk cache is keyed by the
source file of each function, so kernels that call each other must change together.

A player's state ``st`` is four int64 arrays: ``mark`` (per station: 0 empty, 1 crossed,
or the star number), ``empty`` (per line: empty stations left), ``boxes`` (per line: free
indicator boxes) and ``done`` (per line: turn completed, 0 = not yet). ``avail`` holds
each line's bonus still to be had (first, or later once someone took the first).
``city`` = (line_off, line_st, st_off, st_lines, star_value, indicators, bonus_first,
bonus_later, penalty_by_empty); ``deck`` = (kind, value, shuffle, uses, type) per card;
``types`` = (kind, value, shuffle, full_count) per distinct card: int64 arrays built by
:func:`vvlab.sim.fast.compile_city`. Legal moves are enumerated in the reference
engine's order (lines with a free box in map order, or empty stations in map order for
a free card) and the first best move wins ties.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NUMBER, EXPRESS, STAR, FREE = 0, 1, 2, 3
RANDOM_BOT, GREEDY_BOT, LOOKAHEAD_BOT, ROLLOUT_BOT = 0, 1, 2, 3
MAX_REACH_STATIONS, MAX_REACH_BOXES = 64, 7


@njit(cache=True, inline="always")
def reach_points(reach, bonus, empty, boxes):
    """``bonus * reach[empty, boxes]`` with both indices clipped to the table."""
    if empty > MAX_REACH_STATIONS:
        empty = MAX_REACH_STATIONS
    if boxes > MAX_REACH_BOXES:
        boxes = MAX_REACH_BOXES
    return bonus * reach[empty, boxes]


@njit(cache=True, inline="always")
def reached(kind, value, city, line, mark, out):
    """Stations a number/express/star card fills on ``line``; written to ``out``."""
    line_off, line_st = city[0], city[1]
    a, b = line_off[line], line_off[line + 1]
    start = a
    while start < b and mark[line_st[start]] != 0:
        start += 1
    if start == b:
        return 0
    if kind == STAR:
        out[0] = line_st[start]
        return 1
    count = 0
    for i in range(start, b):
        if count == value:
            break
        s = line_st[i]
        if mark[s] != 0:
            if kind == NUMBER:
                break
            continue
        out[count] = s
        count += 1
    return count


@njit(cache=True, inline="always")
def delta(city, avail, reach, weight, line, crossed, n, star, empty, boxes, done, dec):
    """Change of the sheet value (milli-points) if ``crossed[:n]`` get filled (with a
    star worth ``star`` points) and ``line`` (or -1) loses an indicator box. ``dec`` is
    a zeroed scratch array and is left zeroed."""
    st_off, st_lines = city[2], city[3]
    total = weight * n + 1000 * star
    for c in range(n):
        s = crossed[c]
        for j in range(st_off[s], st_off[s + 1]):
            dec[st_lines[j]] += 1
    if line >= 0 and done[line] == 0:
        e, b = empty[line], boxes[line]
        total += reach_points(reach, avail[line], e - dec[line], b - 1)
        total -= reach_points(reach, avail[line], e, b)
    for c in range(n):
        s = crossed[c]
        for j in range(st_off[s], st_off[s + 1]):
            m = st_lines[j]
            if dec[m] > 0:
                if m != line and done[m] == 0:
                    e, b = empty[m], boxes[m]
                    total += reach_points(reach, avail[m], e - dec[m], b)
                    total -= reach_points(reach, avail[m], e, b)
                dec[m] = 0
    if line >= 0:
        dec[line] = 0
    return total


@njit(cache=True, inline="always")
def apply_move(city, line, crossed, n, star, mark, empty, boxes):
    """Fill ``crossed[:n]`` (with the star number if ``star``) and use a box of ``line``."""
    st_off, st_lines, star_value = city[2], city[3], city[4]
    for c in range(n):
        s = crossed[c]
        mark[s] = star_value[s] if star else 1
        for j in range(st_off[s], st_off[s + 1]):
            empty[st_lines[j]] -= 1
    if line >= 0:
        boxes[line] -= 1


@njit(cache=True, inline="always")
def undo_move(city, line, crossed, n, mark, empty, boxes):
    """Take back :func:`apply_move`."""
    st_off, st_lines = city[2], city[3]
    for c in range(n):
        s = crossed[c]
        mark[s] = 0
        for j in range(st_off[s], st_off[s + 1]):
            empty[st_lines[j]] += 1
    if line >= 0:
        boxes[line] += 1


# -- bots ----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def count_legal(kind, st):
    """Number of legal moves (0 means the single pass of a free card)."""
    mark, boxes = st[0], st[2]
    n = 0
    if kind == FREE:
        for s in range(mark.shape[0]):
            n += mark[s] == 0
    else:
        for m in range(boxes.shape[0]):
            n += boxes[m] > 0
    return n


@njit(cache=True, inline="always")
def random_choice(kind, value, u, city, st, best_buf):
    """Uniform over the legal moves, as ``legal[int(u * len(legal))]``.
    Returns (line, station, count of stations in best_buf)."""
    mark, boxes = st[0], st[2]
    n_legal = count_legal(kind, st)
    if n_legal == 0:
        return -1, -1, 0
    pick, k = int(u * n_legal), 0
    if kind == FREE:
        for s in range(mark.shape[0]):
            if mark[s] == 0:
                if k == pick:
                    best_buf[0] = s
                    return -1, s, 1
                k += 1
    for m in range(boxes.shape[0]):
        if boxes[m] > 0:
            if k == pick:
                return m, -1, reached(kind, value, city, m, mark, best_buf)
            k += 1
    return -1, -1, 0


@njit(cache=True, inline="always")
def greedy_choice(kind, value, city, reach, weight, st, avail, buf, best_buf, dec):
    """The legal move with the best immediate change of the sheet value.
    Returns (line, station, count, value change).

    The bodies of :func:`reached` and :func:`delta` are written out here by hand: this
    is the hot loop of bulk simulation, and numba's calls with array arguments cost
    more than the work they do."""
    mark, empty, boxes, done = st
    line_off, line_st, st_off, st_lines, star_value = city[0], city[1], city[2], city[3], city[4]
    n_lines = boxes.shape[0]
    best_line, best_station, best_n, best_val = -1, -1, 0, 0
    found = False
    if kind == FREE:
        for s in range(mark.shape[0]):
            if mark[s] != 0:
                continue
            v = weight
            for j in range(st_off[s], st_off[s + 1]):
                m = st_lines[j]
                if done[m] == 0:
                    e, b = empty[m], min(boxes[m], MAX_REACH_BOXES)
                    v += avail[m] * (
                        reach[min(e - 1, MAX_REACH_STATIONS), b]
                        - reach[min(e, MAX_REACH_STATIONS), b]
                    )
            if not found or v > best_val:
                found, best_station, best_val = True, s, v
        if found:
            best_buf[0] = best_station
            return -1, best_station, 1, best_val
        return -1, -1, 0, 0
    for line in range(n_lines):
        if boxes[line] <= 0:
            continue
        # the stations this card fills on the line (see reached)
        a, z = line_off[line], line_off[line + 1]
        start = a
        while start < z and mark[line_st[start]] != 0:
            start += 1
        n = 0
        if start < z:
            if kind == STAR:
                buf[0] = line_st[start]
                n = 1
            else:
                for i in range(start, z):
                    if n == value:
                        break
                    s = line_st[i]
                    if mark[s] != 0:
                        if kind == NUMBER:
                            break
                        continue
                    buf[n] = s
                    n += 1
        star = star_value[buf[0]] if kind == STAR and n > 0 else 0
        # the change of the sheet value (see delta)
        v = weight * n + 1000 * star
        for c in range(n):
            s = buf[c]
            for j in range(st_off[s], st_off[s + 1]):
                dec[st_lines[j]] += 1
        if done[line] == 0:
            e, b = empty[line], boxes[line]
            v += avail[line] * (
                reach[min(e - dec[line], MAX_REACH_STATIONS), min(b - 1, MAX_REACH_BOXES)]
                - reach[min(e, MAX_REACH_STATIONS), min(b, MAX_REACH_BOXES)]
            )
        for c in range(n):
            s = buf[c]
            for j in range(st_off[s], st_off[s + 1]):
                m = st_lines[j]
                if dec[m] > 0:
                    if m != line and done[m] == 0:
                        e, b = empty[m], min(boxes[m], MAX_REACH_BOXES)
                        v += avail[m] * (
                            reach[min(e - dec[m], MAX_REACH_STATIONS), b]
                            - reach[min(e, MAX_REACH_STATIONS), b]
                        )
                    dec[m] = 0
        dec[line] = 0
        if not found or v > best_val:
            found, best_line, best_n, best_val = True, line, n, v
            for i in range(n):
                best_buf[i] = buf[i]
    return best_line, -1, best_n, best_val


@njit(cache=True, inline="always")
def _move_at(i, kind, value, city, mark, boxes, buf):
    """Legal move number ``i`` of a node if it is one: (legal, line, station, n, star)."""
    n_stations = mark.shape[0]
    if kind == FREE:
        if i < n_stations:
            if mark[i] != 0:
                return False, -1, -1, 0, 0
            buf[0] = i
            return True, -1, i, 1, 0
        for s in range(n_stations):  # the pass, only when no station is empty
            if mark[s] == 0:
                return False, -1, -1, 0, 0
        return True, -1, -1, 0, 0
    if boxes[i] <= 0:
        return False, -1, -1, 0, 0
    n = reached(kind, value, city, i, mark, buf)
    star = city[4][buf[0]] if kind == STAR and n > 0 else 0
    return True, i, -1, n, star


@njit(cache=True)
def lookahead_choice(
    depth, kind, value, city, types, reach, weight, st, avail, next_counts, best_buf, dec
):
    """Expectimax over the next ``depth`` cards (drawn from the cards not seen since the
    last shuffle, ``next_counts``); depth 0 is the greedy choice. A move is worth its
    value change plus the floored expectation, over the next card, of the best reply.
    Iterative (an explicit stack), since numba cannot cache recursive functions.
    Returns (line, station, count of stations written to best_buf)."""
    mark, empty, boxes, done = st
    t_kind, t_value, t_shuffle, t_full = types
    n_stations, n_lines, n_types = mark.shape[0], boxes.shape[0], t_kind.shape[0]
    top = depth + 1
    counts = np.zeros((top + 1, n_types), np.int64)
    counts[0, :] = next_counts
    bufs = np.zeros((top, n_stations + 1), np.int64)
    scratch = np.zeros(n_stations + 1, np.int64)
    kinds, values, left = np.zeros(top, np.int64), np.zeros(top, np.int64), np.zeros(top, np.int64)
    move_i, best = np.zeros(top, np.int64), np.zeros(top, np.int64)
    found, expecting = np.zeros(top, np.bool_), np.zeros(top, np.bool_)
    cur_v, cur_line, cur_n = (
        np.zeros(top, np.int64),
        np.zeros(top, np.int64),
        np.zeros(top, np.int64),
    )
    cur_star, type_i = np.zeros(top, np.int64), np.zeros(top, np.int64)
    acc, tot = np.zeros(top, np.int64), np.zeros(top, np.int64)
    kinds[0], values[0] = kind, value
    for m in range(n_lines):
        left[0] += boxes[m]
    best_line, best_station, best_n, best_station_pending = -1, -1, 0, -1
    level = 0
    while True:
        q, finished = 0, False
        if expecting[level]:
            c = type_i[level]
            while c < n_types and counts[level, c] == 0:
                c += 1
            if c == n_types:  # every next card weighed: the move's value is known
                undo_move(city, cur_line[level], bufs[level], cur_n[level], mark, empty, boxes)
                expecting[level] = False
                q = cur_v[level] + (acc[level] // tot[level] if tot[level] else 0)
                finished = True
            else:  # weigh the next card c
                type_i[level] = c
                tot[level] += counts[level, c]
                if level + 1 == depth:  # a leaf: its best reply is the greedy one
                    reply = greedy_choice(
                        t_kind[c],
                        t_value[c],
                        city,
                        reach,
                        weight,
                        st,
                        avail,
                        bufs[depth],
                        scratch,
                        dec,
                    )[3]
                    acc[level] += counts[level, c] * reply
                    type_i[level] = c + 1
                    continue
                if t_shuffle[c]:
                    counts[level + 1, :] = t_full
                else:
                    counts[level + 1, :] = counts[level, :]
                    counts[level + 1, c] -= 1
                child = level + 1
                kinds[child], values[child] = t_kind[c], t_value[c]
                left[child] = left[level] - (1 if cur_line[level] >= 0 else 0)
                move_i[child], found[child], expecting[child] = 0, False, False
                level = child
                continue
        else:
            n_moves = n_stations + 1 if kinds[level] == FREE else n_lines
            i = move_i[level]
            legal, line, station, n, star = False, -1, -1, 0, 0
            buf = bufs[level]
            while i < n_moves and not legal:
                legal, line, station, n, star = _move_at(
                    i, kinds[level], values[level], city, mark, boxes, buf
                )
                i += 1
            move_i[level] = i
            if not legal:  # node done: hand its best to the parent
                if level == 0:
                    break
                level -= 1
                acc[level] += counts[level, type_i[level]] * best[level + 1]
                type_i[level] += 1
                continue
            v = delta(city, avail, reach, weight, line, buf, n, star, empty, boxes, done, dec)
            new_left = left[level] - (1 if line >= 0 else 0)
            if level < depth and new_left > 0:
                apply_move(city, line, buf, n, star > 0, mark, empty, boxes)
                cur_v[level], cur_line[level], cur_n[level], cur_star[level] = v, line, n, star
                expecting[level], type_i[level], acc[level], tot[level] = True, 0, 0, 0
                if level == 0:
                    best_station_pending = station
                continue
            q, finished = v, True
            cur_line[level], cur_n[level] = line, n
            if level == 0:
                best_station_pending = station
        if finished and (not found[level] or q > best[level]):
            found[level], best[level] = True, q
            if level == 0:
                best_line, best_station, best_n = cur_line[0], best_station_pending, cur_n[0]
                for k in range(best_n):
                    best_buf[k] = bufs[0][k]
    return best_line, best_station, best_n


# -- dealing and whole games --------------------------------------------------------


@njit(cache=True, inline="always")
def _hash_uniform(key):
    """A uniform in [0, 1) from a 64-bit key (the SplitMix64 finaliser)."""
    z = np.uint64(key) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return float(z >> np.uint64(11)) / 9007199254740992.0


@njit(cache=True, inline="always")
def _draw(counts, t_full, u):
    """Draw a card type from ``counts`` (index ``floor(u * total)`` in type order)."""
    total = 0
    for c in range(counts.shape[0]):
        total += counts[c]
    k = int(u * total)
    for c in range(counts.shape[0]):
        if k < counts[c]:
            return c
        k -= counts[c]
    return counts.shape[0] - 1


@njit(cache=True)
def _continuation(
    key,
    city,
    types,
    reach,
    weight,
    mark,
    empty,
    boxes,
    done,
    avail,
    counts,
    boxes_left,
    buf,
    best_buf,
    dec,
):
    """Play greedy replies to cards drawn from ``counts`` (uniforms hashed from ``key``)
    until the boxes run out; return the points this brings in milli-points (bonuses of
    the lines completed, stars written, minus the final penalty). Changes the state."""
    t_kind, t_value, t_shuffle, t_full = types
    gained = 0
    st = (mark, empty, boxes, done)
    k = 0
    while boxes_left > 0 and k < 4096:
        c = _draw(counts, t_full, _hash_uniform(key + np.uint64(k)))
        k += 1
        if t_shuffle[c]:
            counts[:] = t_full
        else:
            counts[c] -= 1
        line, _s, n, _v = greedy_choice(
            t_kind[c], t_value[c], city, reach, weight, st, avail, buf, best_buf, dec
        )
        star = city[4][best_buf[0]] if t_kind[c] == STAR and n > 0 else 0
        apply_move(city, line, best_buf, n, star > 0, mark, empty, boxes)
        gained += 1000 * star
        if line >= 0:
            boxes_left -= 1
    n_empty = 0
    for s in range(mark.shape[0]):
        n_empty += mark[s] == 0
    for m in range(empty.shape[0]):
        if done[m] == 0 and empty[m] == 0:
            gained += 1000 * avail[m]
    return gained - 1000 * city[8][n_empty]


@njit(cache=True)
def rollout_choice(
    samples, kind, value, u, city, types, reach, weight, st, avail, next_counts, best_buf, dec
):
    """Monte Carlo: each legal move is scored by ``samples`` greedy continuations over
    card orders drawn from the unseen cards (the same orders for every move: common
    random numbers); the best total wins. The orders are hashed from one uniform ``u``
    (the bot's one draw of the turn). Returns (line, station, n)."""
    base = np.uint64(int(u * 4503599627370496.0)) * np.uint64(1 << 20)
    mark, empty, boxes, done = st
    n_stations, n_lines = mark.shape[0], boxes.shape[0]
    buf = np.zeros(n_stations + 1, np.int64)
    tmp = np.zeros(n_stations + 1, np.int64)
    tmp2 = np.zeros(n_stations + 1, np.int64)
    m2, e2, b2 = mark.copy(), empty.copy(), boxes.copy()
    counts = next_counts.copy()
    boxes_total = 0
    for m in range(n_lines):
        boxes_total += boxes[m]
    best_line, best_station, best_n, best, found = -1, -1, 0, 0, False
    n_moves = n_stations + 1 if kind == FREE else n_lines
    for i in range(n_moves):
        legal, line, station, n, star = _move_at(i, kind, value, city, mark, boxes, buf)
        if not legal:
            continue
        total = samples * 1000 * star
        left = boxes_total - (1 if line >= 0 else 0)
        for k in range(samples):
            m2[:] = mark
            e2[:] = empty
            b2[:] = boxes
            counts[:] = next_counts
            apply_move(city, line, buf, n, star > 0, m2, e2, b2)
            total += _continuation(
                base + np.uint64(k * 4096),
                city,
                types,
                reach,
                weight,
                m2,
                e2,
                b2,
                done,
                avail,
                counts,
                left,
                tmp,
                tmp2,
                dec,
            )
        if not found or total > best:
            found, best, best_line, best_station, best_n = True, total, line, station, n
            for j in range(n):
                best_buf[j] = buf[j]
    return best_line, best_station, best_n


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


# city = (line_off, line_st, st_off, st_lines, star_value, indicators, bonus_first,
#         bonus_later, penalty_by_empty); deck = (kind, value, shuffle, uses, type) per card;
# types = (kind, value, shuffle, full_count) per distinct card: int64 arrays,
# see vvlab.sim.fast.CompiledCity


@njit(cache=True, inline="always")
def _decide(
    bot, param, card, u, city, deck, types, reach, weight, st, avail, remaining, buf, best_buf, dec
):
    """One bot's move: (line, station, count of stations written to best_buf)."""
    kind, value = deck[0][card], deck[1][card]
    if bot == RANDOM_BOT:
        return random_choice(kind, value, u, city, st, best_buf)
    if bot == GREEDY_BOT:
        line, station, n, _ = greedy_choice(
            kind, value, city, reach, weight, st, avail, buf, best_buf, dec
        )
        return line, station, n
    nxt = types[3] if deck[2][card] else remaining
    if bot == ROLLOUT_BOT:
        return rollout_choice(
            param, kind, value, u, city, types, reach, weight, st, avail, nxt, best_buf, dec
        )
    return lookahead_choice(
        param, kind, value, city, types, reach, weight, st, avail, nxt, best_buf, dec
    )


@njit(cache=True, inline="always")
def _score_turn(
    t,
    g,
    city,
    players,
    newly,
    done,
    first_taken,
    avail,
    bonus,
    first_bonuses,
    lines_completed,
    line_turn,
    line_bonus,
):
    """Award the bonuses of the lines completed this turn (ties share the first)."""
    n_lines = newly.shape[1]
    for p in range(players):
        for m in range(n_lines):
            if newly[p, m]:
                done[p, m] = t + 1
                line_turn[g, p, m] = t + 1
                lines_completed[g, p] += 1
                if first_taken[m]:
                    line_bonus[g, p, m] = 2
                    bonus[g, p] += city[7][m]
                else:
                    line_bonus[g, p, m] = 1
                    bonus[g, p] += city[6][m]
                    first_bonuses[g, p] += 1
    for p in range(players):
        for m in range(n_lines):
            if newly[p, m]:
                first_taken[m] = True
                avail[m] = city[7][m]
                newly[p, m] = False


@njit(cache=True)
def play_games(
    city,
    deck,
    types,
    orders,
    lengths,
    bots,
    params,
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

    ``bots[p]``/``params[p]``: bot kind and parameter (look-ahead depth) of seat p;
    ``bot_u[p]``: its pre-drawn uniforms, one per turn over the whole block (random
    bots only)."""
    line_off, star_value, indicators = city[0], city[4], city[5]
    n_stations, n_lines, players = star_value.shape[0], indicators.shape[0], bots.shape[0]
    mark = np.zeros((players, n_stations), np.int64)
    empty_left = np.zeros((players, n_lines), np.int64)
    boxes_left = np.zeros((players, n_lines), np.int64)
    done = np.zeros((players, n_lines), np.int64)
    first_taken = np.zeros(n_lines, np.bool_)
    avail = np.zeros(n_lines, np.int64)
    remaining = np.zeros(types[0].shape[0], np.int64)
    buf = np.zeros(n_stations + 1, np.int64)
    filled = np.zeros((players, n_stations + 1), np.int64)
    nfilled = np.zeros(players, np.int64)
    dec = np.zeros(n_lines, np.int64)
    newly = np.zeros((players, n_lines), np.bool_)
    cursor = 0
    for g in range(lengths.shape[0]):
        mark[:] = 0
        done[:] = 0
        first_taken[:] = False
        avail[:] = city[6]
        remaining[:] = types[3]
        for p in range(players):
            for m in range(n_lines):
                empty_left[p, m] = line_off[m + 1] - line_off[m]
                boxes_left[p, m] = indicators[m]
        for t in range(lengths[g]):
            card = orders[g, t]
            remaining[deck[4][card]] -= 1
            is_star = deck[0][card] == STAR
            for p in range(players):
                st = (mark[p], empty_left[p], boxes_left[p], done[p])
                line, _station, n = _decide(
                    bots[p],
                    params[p],
                    card,
                    bot_u[p, cursor],
                    city,
                    deck,
                    types,
                    reach,
                    weight,
                    st,
                    avail,
                    remaining,
                    buf,
                    filled[p],
                    dec,
                )
                nfilled[p] = n
                apply_move(city, line, filled[p], n, is_star, mark[p], empty_left[p], boxes_left[p])
                if is_star and n > 0:
                    stars[g, p] += star_value[filled[p, 0]]
            cursor += 1
            for p in range(players):
                for i in range(nfilled[p]):
                    s = filled[p, i]
                    for j in range(city[2][s], city[2][s + 1]):
                        m = city[3][j]
                        if empty_left[p, m] == 0 and done[p, m] == 0:
                            newly[p, m] = True
            _score_turn(
                t,
                g,
                city,
                players,
                newly,
                done,
                first_taken,
                avail,
                bonus,
                first_bonuses,
                lines_completed,
                line_turn,
                line_bonus,
            )
            if deck[2][card]:
                remaining[:] = types[3]
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
