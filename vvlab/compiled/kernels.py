"""Numba kernels of the compiled fast path: dealing, move mechanics, the sheet value,
the bots' decisions (random, greedy, look-ahead, rollout, expert) and whole games.

A twin of the reference engine (``vvlab.engine``) and bots (``vvlab.bots``): given the
same uniforms it deals the same cards, and given the same cards and bot uniforms it
gives the same sheets and scores (``tests/sim/test_fast.py``). The look-ahead and
rollout bots of the reference engine call :func:`lookahead_choice` and
:func:`rollout_choice` from here, the expert :func:`expert_choice`.

Everything is in this one module on purpose: numba's on-disk cache is keyed by the
source file of each function, so kernels that call each other must live (and change)
together, or a stale cached caller would keep an old copy of its callee.

**What a run compiles, and why.** A cold cache used to cost a minute of compiling
before the first game, because every bot's code was compiled into one game loop and
numba inlined the small kernels at every call site (re-reading each one's bytecode per
site, the most of that minute). Three choices keep the first run to seconds without
slowing the loop (``benchmarks/cold_start.py`` and ``benchmarks/throughput.py`` print
both figures):

- *Only the bots a block plays are compiled.* :func:`play_games` takes a :class:`Kit`,
  the scratch space of the look-ahead, the rollout and the expert, with ``None`` for a
  bot no seat plays; an ``overload`` (:func:`_only_with`) leaves that bot's code out by
  type. Random and greedy are always in (they are small, and the others' rollouts use
  greedy). Each combination is compiled when first played and cached on disk.
- *LLVM inlines, not numba.* The small kernels of the inner loops are
  :data:`hot_inline` (``forceinline``: LLVM's ``alwaysinline``), compiled once and
  inlined by LLVM, which is as fast as numba's ``inline="always"`` and costs a
  fraction of its compile time. Only the one-caller steps of a game are :data:`glue`
  (numba's inlining), so that the loop is optimised once, not at every level.
- *One signature per kernel* (:mod:`vvlab.compiled.dispatch`): calls between kernels
  are never compiled again for a constant's value.

An ahead-of-time extension was not chosen: numba's ``pycc`` is deprecated, and a C
build at install would need a compiler on every user's machine.

The kernels read the named tuples of :mod:`vvlab.compiled.arrays`: ``city``
(:class:`~vvlab.compiled.arrays.CityArrays`), ``deck``
(:class:`~vvlab.compiled.arrays.DeckArrays`), ``types``
(:class:`~vvlab.compiled.arrays.CardTypes`) and a player's sheet ``st``
(:class:`~vvlab.compiled.arrays.SheetState`). ``avail`` holds each line's bonus still
to be had (first, or later once someone took the first). Longer rows of parameters are
grouped in the named parts of :mod:`vvlab.compiled.parts` (``setup``, ``tables``,
``view``, ``seats``, ``deals`` and the ``out`` they write), so that no kernel takes
more than ten (``tests/sim/test_kernel_signatures.py``). Legal moves are enumerated in
the reference engine's order (lines with a free box in map order, or empty stations in
map order for a free card) and the first best move wins ties.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit
from numba.core import types as nbtypes
from numba.core.config import reload_config
from numba.extending import overload

from vvlab.compiled.arrays import EXPRESS, FREE, NUMBER, STAR, SheetState
from vvlab.compiled.cache import ensure_cache
from vvlab.compiled.dispatch import kernel
from vvlab.compiled.notice import first_use, was_used
from vvlab.compiled.parts import SeatView
from vvlab.compiled.spec import (
    COMPILE_SECONDS,
    EXPERT_BOT,
    GREEDY_BOT,
    LOOKAHEAD_BOT,
    MAX_DEPTH,
    NO_EXPRESS_SKIPS,
    NO_FREE_TRANSFERS,
    NO_RACE,
    NO_TRANSFER_STARS,
    RANDOM_BOT,
    ROLLOUT_BOT,
    W_BONUS,
    W_BONUS_LATE,
    W_BOXES,
    W_CHAIN,
    W_EMPTY,
    W_EMPTY_LATE,
    W_EXCESS,
    W_GAP,
    W_LEFTOVER,
    W_OWN,
    W_RACE,
    W_SHAPE,
    W_SHARED,
    W_STAR,
    W_STEP,
    W_TRANSFER,
)
from vvlab.compiled.tables import MAX_BOXES, MAX_STATIONS


def _cache_probe():
    """Never called: numba picks its cache folder per source file when a function is
    decorated, so decorating this one tells whether this file's kernels can be cached."""


def _can_cache() -> bool:
    try:
        njit(cache=True)(_cache_probe)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return False
    return True


CACHE = ensure_cache(_can_cache, reload_config)
"""Whether the kernels are cached on disk (see :mod:`vvlab.compiled.cache`)."""

U = np.uint64
"""Casting an index to unsigned before indexing spares numba's negative-index handling
(a shift, a mask and an add per access, and a register to hold the length). Used on the
hot paths of the greedy and look-ahead bots, where every index is known to be
non-negative; values that may be negative (a line of -1, the empty-station count given
to :func:`reach_points`) stay signed."""


entry = kernel(cache=CACHE)
"""The kernels called from Python, which may allocate."""

hot = kernel(cache=CACHE, _nrt=False)
"""Kernels called in the inner loops, compiled without numba's reference counting
(``_nrt=False``, a private numba flag: ``pyproject.toml`` pins numba to the versions
tested with it). Passing arrays to a function otherwise costs an atomic increment and
decrement per array and call, more than the work these functions do. They cannot
allocate arrays."""

hot_inline = kernel(cache=CACHE, _nrt=False, forceinline=True)
""":data:`hot` kernels that LLVM inlines into their callers (see the module docstring):
the small ones of the inner loops, where a call would cost more than their work."""

glue = kernel(cache=CACHE, _nrt=False, inline="always")
""":data:`hot` kernels with one caller, which numba inlines before typing: the steps of
a game (a turn, a seat's decision), which would otherwise be optimised again at every
level of the loop."""


@hot
def reach_points(reach, bonus, empty, boxes):
    """``bonus * reach[empty, boxes]`` with both indices clipped to the table."""
    if empty > MAX_STATIONS:
        empty = MAX_STATIONS
    if boxes > MAX_BOXES:
        boxes = MAX_BOXES
    return bonus * reach[empty, boxes]


@hot_inline
def reached(kind, value, city, line, mark, out):
    """Stations a number/express/star card fills on ``line``; written to ``out``."""
    line_off, line_st = city.line_off, city.line_st
    a, b = line_off[line], line_off[line + 1]
    start = a
    while start < b and mark[U(line_st[U(start)])] != 0:
        start += 1
    if start == b:
        return 0
    if kind == STAR:
        out[0] = line_st[U(start)]
        return 1
    count = 0
    for i in range(start, b):
        if count == value:
            break
        s = line_st[U(i)]
        if mark[U(s)] != 0:
            if kind == NUMBER:
                break
            continue
        out[U(count)] = s
        count += 1
    return count


@hot
def delta(city, tables, st, avail, line, crossed, n, star, dec):
    """Change of the sheet value (milli-points) if ``crossed[:n]`` get filled (with a
    star worth ``star`` points) and ``line`` (or -1) loses an indicator box. ``dec`` is
    a zeroed scratch array and is left zeroed."""
    st_off, st_lines = city.st_off, city.st_lines
    reach, weight, empty, boxes, done = tables.reach, tables.weight, st.empty, st.boxes, st.done
    total = weight * n + 1000 * star
    for c in range(n):
        s = U(crossed[c])
        for j in range(st_off[s], st_off[s + U(1)]):
            dec[U(st_lines[U(j)])] += 1
    if line >= 0 and done[line] == 0:
        e, b = empty[line], boxes[line]
        total += reach_points(reach, avail[line], e - dec[line], b - 1)
        total -= reach_points(reach, avail[line], e, b)
    for c in range(n):
        s = U(crossed[c])
        for j in range(st_off[s], st_off[s + U(1)]):
            m = st_lines[U(j)]
            um = U(m)
            if dec[um] > 0:
                if m != line and done[um] == 0:
                    e, b = empty[um], boxes[um]
                    total += reach_points(reach, avail[um], e - dec[um], b)
                    total -= reach_points(reach, avail[um], e, b)
                dec[um] = 0
    if line >= 0:
        dec[line] = 0
    return total


@hot_inline
def apply_move(city, line, crossed, n, star, mark, empty, boxes):
    """Fill ``crossed[:n]`` (with the star number if ``star``) and use a box of ``line``."""
    st_off, st_lines, star_value = city.st_off, city.st_lines, city.star_value
    for c in range(n):
        s = U(crossed[c])
        mark[s] = star_value[s] if star else 1
        for j in range(st_off[s], st_off[s + U(1)]):
            empty[U(st_lines[U(j)])] -= 1
    if line >= 0:
        boxes[line] -= 1


@hot_inline
def undo_move(city, line, crossed, n, mark, empty, boxes):
    """Take back :func:`apply_move`."""
    st_off, st_lines = city.st_off, city.st_lines
    for c in range(n):
        s = crossed[c]
        mark[s] = 0
        for j in range(st_off[s], st_off[s + 1]):
            empty[st_lines[j]] += 1
    if line >= 0:
        boxes[line] += 1


# -- bots ----------------------------------------------------------------------------


@hot_inline
def count_legal(kind, st):
    """Number of legal moves (0 means the single pass of a free card)."""
    mark, boxes = st.mark, st.boxes
    n = 0
    if kind == FREE:
        for s in range(mark.shape[0]):
            n += mark[s] == 0
    else:
        for m in range(boxes.shape[0]):
            n += boxes[m] > 0
    return n


@hot_inline
def random_choice(kind, value, u, city, st, best_buf):
    """Uniform over the legal moves, as ``legal[int(u * len(legal))]``.
    Returns (line, station, count of stations in best_buf)."""
    mark, boxes = st.mark, st.boxes
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


@hot
def _line_prefix_values(city, tables, st, avail, line, seq, pv, dec):
    """Value changes of using a box of ``line`` and filling the first k stations of
    ``seq`` (the line's empty stations from its first empty one, up to ``pv.shape[0] - 1``
    of them, already written), for every k, into ``pv[k]``; returns how many stations
    ``seq`` holds. The same sums as :func:`delta`, built up one station at a time."""
    st_off, st_lines = city.st_off, city.st_lines
    reach, weight, empty, boxes, done = tables.reach, tables.weight, st.empty, st.boxes, st.done
    total = 0
    if done[line] == 0:
        total = reach_points(reach, avail[line], empty[line], boxes[line] - 1) - reach_points(
            reach, avail[line], empty[line], boxes[line]
        )
    pv[0] = total
    k = 0
    while k + 1 < pv.shape[0] and seq[U(k)] >= 0:
        s = U(seq[U(k)])
        total += weight
        for j in range(st_off[s], st_off[s + U(1)]):
            m = st_lines[U(j)]
            um = U(m)
            if done[um] == 0:
                b = boxes[um] - 1 if m == line else boxes[um]
                total += reach_points(reach, avail[um], empty[um] - dec[um] - 1, b) - reach_points(
                    reach, avail[um], empty[um] - dec[um], b
                )
            dec[um] += 1
        k += 1
        pv[U(k)] = total
    for c in range(k):
        s = U(seq[c])
        for j in range(st_off[s], st_off[s + U(1)]):
            dec[U(st_lines[U(j)])] = 0
    return k


@hot_inline
def _best_free(city, tables, st, avail, gain):
    """The best station for a free card and its value change ((-1, 0): it must pass).
    ``gain`` is scratch space, one entry per line, left zeroed."""
    st_off, st_lines, reach, weight = city.st_off, city.st_lines, tables.reach, tables.weight
    mark, empty, boxes, done = st
    for m in range(boxes.shape[0]):
        gain[m] = 0
        if done[m] == 0:
            gain[m] = reach_points(reach, avail[m], empty[m] - 1, boxes[m]) - reach_points(
                reach, avail[m], empty[m], boxes[m]
            )
    # a station on one line is worth weight + gain[m]: of those, only each line's first
    # empty one (in station order) can be the best; transfer stations are summed
    single_off, single_st, transfers = city.single_off, city.single_st, city.transfers
    station, best = -1, 0
    for m in range(boxes.shape[0]):
        for k in range(single_off[m], single_off[m + 1]):
            s = single_st[U(k)]
            if mark[U(s)] == 0:
                v = weight + gain[m]
                if station < 0 or v > best or (v == best and s < station):
                    station, best = s, v
                break
    for k in range(transfers.shape[0]):
        s = transfers[k]
        if mark[U(s)] == 0:
            v = weight
            for j in range(st_off[U(s)], st_off[U(s + 1)]):
                v += gain[U(st_lines[U(j)])]
            if station < 0 or v > best or (v == best and s < station):
                station, best = s, v
    for m in range(boxes.shape[0]):
        gain[m] = 0
    return station, best


@hot_inline
def _transfer_terms(k0, k1, city, reach, st, avail, dec):
    """Value change on the other lines of route positions ``pos_other[k0:k1]`` (each
    position's transfer partners, see :func:`vvlab.sim.fast.compile_city`) as their
    stations get filled, one step at a time; ``dec`` counts the steps per line."""
    pos_other, empty, boxes = city.pos_other, st.empty, st.boxes
    v = 0
    for k in range(k0, k1):
        m = U(pos_other[U(k)])
        e, b = U(empty[m] - dec[m]), U(boxes[m])
        v += avail[m] * (reach[e - U(1), b] - reach[e, b])
        dec[m] += 1
    return v


@hot_inline
def _clear(k0, k1, pos_other, dec):
    for k in range(k0, k1):
        dec[U(pos_other[U(k)])] = 0


@hot_inline
def _line_move(kind, value, city, mark, line, start, at):
    """Route positions a number/express/star card fills on ``line`` from ``start`` (its
    first empty position): a number card fills ``start .. start + n - 1``, the others
    the positions written to ``at``. Returns n."""
    line_st, z = city.line_st, city.line_off[line + 1]
    if start >= z:
        return 0
    if kind == STAR:
        at[0] = start
        return 1
    if kind == NUMBER:
        last, i = min(z, start + value), start
        while i < last and mark[U(line_st[U(i)])] == 0:
            i += 1
        return i - start
    n, i = 0, start
    while i < z and n < value:
        if mark[U(line_st[U(i)])] == 0:
            at[U(n)] = i
            n += 1
        i += 1
    return n


@hot_inline
def greedy_choice(kind, value, city, tables, st, avail, buf, best_buf, dec, front):
    """The legal move with the best immediate change of the sheet value.
    Returns (line, station, count, value change).

    ``front[line]`` is a position in the line's route before which no station is empty
    (``city.line_off[line]``, the line's start, is always right); it is moved on as the lines
    are walked, so the caller must reset it if stations are ever emptied again.

    The sums of :func:`delta`, for the hot loop of bulk simulation: ``reach`` is padded
    so that no index needs clipping; a finished line has no empty station, so its terms
    vanish without a check; every station filled is on the line, and the other lines
    it touches come from its route position (``city.pos_off``, ``city.pos_other``), for a number
    card in one run of positions."""
    mark, empty, boxes, reach, weight = st.mark, st.empty, st.boxes, tables.reach, tables.weight
    line_off, line_st, star_value, pos_off, pos_other = (
        city.line_off,
        city.line_st,
        city.star_value,
        city.pos_off,
        city.pos_other,
    )
    if kind == FREE:
        best_station, best_val = _best_free(city, tables, st, avail, dec)
        if best_station >= 0:
            best_buf[0] = best_station
            return -1, best_station, 1, best_val
        return -1, -1, 0, 0
    best_line, best_n, best_start, best_val = -1, 0, 0, -(1 << 62)
    for line in range(boxes.shape[0]):
        ul = U(line)
        if boxes[ul] <= 0:
            continue
        z, start = line_off[ul + U(1)], front[ul]
        while start < z and mark[U(line_st[U(start)])] != 0:
            start += 1
        front[ul] = start
        n = _line_move(kind, value, city, mark, line, start, buf)
        e, b = empty[ul], boxes[ul]
        v = weight * n + avail[ul] * (reach[U(e - n), U(b - 1)] - reach[U(e), U(b)])
        if kind == NUMBER:
            k0, k1 = pos_off[U(start)], pos_off[U(start + n)]
            v += _transfer_terms(k0, k1, city, reach, st, avail, dec)
            _clear(k0, k1, pos_other, dec)
        else:
            if kind == STAR and n > 0:
                v += 1000 * star_value[U(line_st[U(start)])]
            for c in range(n):
                p = U(buf[c])
                v += _transfer_terms(pos_off[p], pos_off[p + U(1)], city, reach, st, avail, dec)
            for c in range(n):
                p = U(buf[c])
                _clear(pos_off[p], pos_off[p + U(1)], pos_other, dec)
        if v > best_val:
            best_line, best_n, best_start, best_val = line, n, start, v
            if kind != NUMBER:
                for c in range(n):
                    best_buf[c] = buf[c]
    if best_line < 0:
        return -1, -1, 0, 0
    for c in range(best_n):  # positions to stations
        best_buf[c] = line_st[U(best_start + c)] if kind == NUMBER else line_st[U(best_buf[c])]
    return best_line, -1, best_n, best_val


@hot
def greedy_values(city, types, tables, st, avail, seq, pv, dec, out, has):
    """``out[c]``: the value change of the greedy move for each distinct card ``c`` (what
    :func:`greedy_choice` returns as its fourth value), all cards in one pass over the
    lines: on a line, a number card fills a prefix of the line's run of empty stations
    from its first empty one, an express card a prefix of its empty stations, so the
    values of every card come from one walk along the line."""
    line_off, line_st, star_value = city.line_off, city.line_st, city.star_value
    mark, boxes = st.mark, st.boxes
    t_kind, t_value = types.kind, types.value
    n_types, longest = t_kind.shape[0], pv.shape[0] - 1
    for c in range(n_types):
        out[c], has[c] = 0, False
    for line in range(boxes.shape[0]):
        if boxes[line] <= 0:
            continue
        run, k, i, z = -1, 0, line_off[line], line_off[line + 1]
        while i < z and k < longest:
            s = line_st[U(i)]
            if mark[U(s)] == 0:
                seq[U(k)] = s
                k += 1
            elif k > 0 and run < 0:
                run = k
            i += 1
        if run < 0:
            run = k
        seq[k] = -1
        k = _line_prefix_values(city, tables, st, avail, line, seq, pv, dec)
        for c in range(n_types):
            kind = t_kind[c]
            if kind == FREE:
                continue
            if kind == STAR:
                v = pv[1] + 1000 * star_value[U(seq[0])] if k > 0 else pv[0]
            else:
                v = pv[U(min(t_value[c], run if kind == NUMBER else k))]
            if not has[c] or v > out[c]:
                out[c], has[c] = v, True
    for c in range(n_types):
        if t_kind[c] == FREE:
            out[c] = _best_free(city, tables, st, avail, dec)[1]


@hot
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
    star = city.star_value[U(buf[0])] if kind == STAR and n > 0 else 0
    return True, i, -1, n, star


# Rows of the scratch space (see workspace). The look-ahead keeps one column per level
# of its explicit stack in rows _KINDS.._TOTAL: the card of the level (_KINDS, _VALUES),
# boxes left (_LEFT), the next move to try (_MOVE), the best value found (_BEST,
# _FOUND), whether the level is weighing next cards (_EXPECTING), the move being weighed
# (_MOVE_VALUE, _MOVE_LINE, _MOVE_N, _MOVE_STAR), the next card type (_TYPE) and the
# weighted sum and total weight of the replies (_ACC, _TOTAL). Then come the greedy
# leaves' scratch rows (_SEQ, _PV, _LEAF, _HAS) and, from _COUNTS on, the unseen-card
# counts and the stations filled, one row per level each.
_KINDS, _VALUES, _LEFT, _MOVE, _BEST, _FOUND, _EXPECTING = 0, 1, 2, 3, 4, 5, 6
_MOVE_VALUE, _MOVE_LINE, _MOVE_N, _MOVE_STAR, _TYPE, _ACC, _TOTAL = 7, 8, 9, 10, 11, 12, 13
_SEQ, _PV, _LEAF, _HAS, _COUNTS = 14, 15, 16, 17, 18
# The rollout's rows: move buffers, the copied sheet, the unseen counts, the fronts.
_R_BUF, _R_REPLY, _R_FILLED, _R_MARK, _R_EMPTY, _R_BOXES, _R_COUNTS, _R_FRONT = range(8)


@entry
def workspace(city, types):
    """Scratch space of :func:`_lookahead` (any depth up to :data:`MAX_DEPTH`) and
    :func:`_rollout`, allocated once so that the hot kernels never allocate."""
    longest = 1
    for c in range(types.value.shape[0]):
        longest = max(longest, types.value[c])
    width = max(city.star_value.shape[0] + 2, types.kind.shape[0] + 1, longest + 2, MAX_DEPTH + 2)
    return np.zeros((_COUNTS + 2 * (MAX_DEPTH + 1) + 1, width), np.int64)


@entry
def lookahead_choice(depth, kind, value, setup, view, best_buf, dec):
    """Expectimax over the next ``depth`` cards (drawn from the cards not seen since the
    last shuffle, ``view.unseen``); depth 0 is the greedy choice. A move is worth its
    value change plus the floored expectation, over the next card, of the best reply.
    Returns (line, station, count of stations written to best_buf)."""
    ws = workspace(setup.city, setup.types)
    return _lookahead(ws, depth, kind, value, setup, view, best_buf, dec)


@hot
def _lookahead(ws, depth, kind, value, setup, view, best_buf, dec):
    """:func:`lookahead_choice` in the scratch space ``ws`` (see :func:`workspace`).
    Iterative (an explicit stack), since numba cannot cache recursive functions."""
    city, types, tables, st, avail = setup.city, setup.types, setup.tables, view.sheet, view.avail
    mark, empty, boxes = st.mark, st.empty, st.boxes
    t_kind, t_value, t_shuffle, t_full = types
    n_stations, n_lines, n_types = mark.shape[0], boxes.shape[0], t_kind.shape[0]
    top = depth + 1
    for r in range(_COUNTS + 2 * top + 1):
        for i in range(ws.shape[1]):
            ws[r, i] = 0
    counts, bufs = ws[_COUNTS : _COUNTS + top + 1], ws[_COUNTS + top + 1 : _COUNTS + 2 * top + 1]
    copy_into(counts[0, :n_types], view.unseen)
    longest = 1
    for c in range(n_types):
        longest = max(longest, t_value[c])
    seq, pv, leaf, has = ws[_SEQ], ws[_PV, : longest + 1], ws[_LEAF], ws[_HAS]
    kinds, values, left, move_i = ws[_KINDS], ws[_VALUES], ws[_LEFT], ws[_MOVE]
    best, found, expecting = ws[_BEST], ws[_FOUND], ws[_EXPECTING]
    cur_v, cur_line, cur_n, cur_star = ws[_MOVE_VALUE], ws[_MOVE_LINE], ws[_MOVE_N], ws[_MOVE_STAR]
    type_i, acc, tot = ws[_TYPE], ws[_ACC], ws[_TOTAL]
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
                if t_shuffle[c]:
                    copy_into(counts[level + 1, :n_types], t_full)
                else:
                    copy_into(counts[level + 1, :n_types], counts[level, :n_types])
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
            v = delta(city, tables, st, avail, line, buf, n, star, dec)
            new_left = left[level] - (1 if line >= 0 else 0)
            if level + 1 == depth and new_left > 0:  # the replies are leaves: greedy
                apply_move(city, line, buf, n, star > 0, mark, empty, boxes)
                greedy_values(city, types, tables, st, avail, seq, pv, dec, leaf, has)
                undo_move(city, line, buf, n, mark, empty, boxes)
                a, w = 0, 0
                for c in range(n_types):
                    a += counts[level, c] * leaf[c]
                    w += counts[level, c]
                v += a // w if w else 0
            elif level < depth and new_left > 0:
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


# -- the expert: a fitted sheet value at depth 0 -------------------------------------


@hot
def blend_reach(reach, w, out):
    """``out[x, b]``: the chance (0..1) of the reach table read at ``x`` empty stations
    and ``b + w[W_BOXES]`` indicator boxes (between two columns, clipped to the table;
    ``b = 0`` reads column 0): the expert's chance before the interpolation in ``x``."""
    last_y = reach.shape[1] - 1
    for x in range(reach.shape[0]):
        out[x, 0] = reach[x, 0] * 0.001
        for b in range(1, reach.shape[1]):
            y = min(max(b + w[W_BOXES], 0.0), float(last_y))
            j = min(int(y), last_y - 1)
            fy = y - j
            out[x, b] = (reach[x, j] * (1.0 - fy) + reach[x, j + 1] * fy) * 0.001


# Rows of the expert's scratch ``feat`` (one column per line), filled by a walk along
# each line at the start of a decision: the line's value, the runs of empty stations, the
# empty transfer stations, the star value of the first empty station, the route position
# of the first empty station, the length of the first run, the star value at the start
# of the second run (0 when there is none), the line's share of stations the other
# lines should fill and its own runs (runs of empty stations on no other line, which only
# its own cards or a free card fill). ``_F_FILL`` and ``_F_OTHER`` have a column per route position
# (``city.line_st``): the chance that the line's boxes reach that station, and that
# another line's do (see ``_fill_chances``).
(_F_VALUE, _F_RUNS, _F_TRANSFERS, _F_STAR, _F_FIRST, _F_RUN, _F_NEXT, _F_SHARED, _F_OWN,
 _F_FILL, _F_OTHER) = range(11)  # fmt: skip
EXPERT_FEATURES = 11


@hot_inline
def _fill_chances(city, blend, st, w, feat):
    """``feat[_F_FILL, i]``: the chance (``blend``) that the line at route position ``i``
    fills that station with the boxes it has left: its boxes cross the empty stations up
    to it, an empty transfer before it counted as ``w[W_CHAIN]`` of one (other lines may
    fill it first). Read as of the start of a decision; only written where they are read
    (empty transfer stations, so lines not completed). ``feat[_F_OTHER, i]``, the chance
    that another line does, is written by the first walk of the decision (see
    ``_line_walk``)."""
    line_st, star_value, last = city.line_st, city.star_value, blend.shape[0] - 1
    chain = max(w[W_CHAIN], 0.0)
    for m in range(st.boxes.shape[0]):
        if st.done[m] != 0:
            continue
        count, b = 0.0, st.boxes[m]
        for i in range(city.line_off[m], city.line_off[m + 1]):
            s = U(line_st[U(i)])
            if st.mark[s] == 0:
                if star_value[s] <= 2:
                    count += 1.0
                    continue
                x = min(count + 1.0, float(last))  # on several lines
                j = min(int(x), last - 1)
                feat[_F_FILL, i] = blend[j, b] + (x - j) * (blend[j + 1, b] - blend[j, b])
                count += chain


@hot_inline
def _shared(city, feat, m, s):
    """The chance that a line other than ``m`` fills station ``s`` (independent lines)."""
    miss = 1.0
    for k in range(city.st_off[s], city.st_off[s + U(1)]):
        if city.st_lines[U(k)] != m:
            miss *= 1.0 - feat[_F_FILL, city.st_pos[U(k)]]
    return 1.0 - miss


@hot_inline
def _line_walk(city, mark, feat, m, fresh):
    """The features of line ``m`` (see ``_F_RUNS`` ...): (runs, transfers, first star,
    first position, first run, next star, shared, own runs). ``fresh``: the first walk of
    a decision, which writes ``feat[_F_OTHER]`` at the line's empty transfers from
    ``feat[_F_FILL]`` (see ``_fill_chances``); later walks read it."""
    line_st, star_value = city.line_st, city.star_value
    runs, transfers, first_star, first, first_run, next_star, own = 0, 0, 0, -1, 0, 0, 0
    shared, in_run, in_own = 0.0, False, False
    for i in range(city.line_off[m], city.line_off[m + 1]):
        s = U(line_st[U(i)])
        single = mark[s] == 0 and star_value[s] <= 2
        if single and not in_own:
            own += 1
        in_own = single
        if mark[s] == 0:
            if not in_run:
                runs += 1
                if runs == 2:
                    next_star = star_value[s]
            if first < 0:
                first, first_star = i, star_value[s]
            if runs == 1:
                first_run += 1
            if star_value[s] > 2:  # on several lines
                transfers += 1
                if fresh:
                    feat[_F_OTHER, i] = _shared(city, feat, m, s)
                shared += feat[_F_OTHER, i]
            in_run = True
        else:
            in_run = False
    return runs, transfers, first_star, first, first_run, next_star, shared, own


class Outlook(NamedTuple):
    """What the expert reads its line values with in one decision (see :func:`_expert`)."""

    blend: np.ndarray  # its chance table (see blend_reach)
    race: np.ndarray  # per line: the best rival's chance (milli, see race_row)
    weights: np.ndarray  # its weights row (EXPERT_WEIGHTS)
    late: float  # the game's progress: the share of indicator boxes used
    star_frac: float  # the share of star cards among the cards the next can be


@hot_inline
def _line_value(city, outlook, st, avail, m, runs, transfers, shared, own, first_star):
    """The expert's value of line ``m`` in points (see :mod:`vvlab.bots.expert`): the
    bonus to be had, lowered by the best rival's chance (``race[m]``, milli), times the
    chance of completion read at an effective count of empty stations and boxes; plus
    the star potential of its first empty station; minus what its boxes leave empty."""
    blend, race, w, late, star_frac = outlook
    if st.done[m] != 0:
        return 0.0
    e = st.empty[m]
    if e == 0:
        return float(avail[m])
    b = st.boxes[m]
    x = e + w[W_GAP] * (runs - 1) - w[W_TRANSFER] * transfers - w[W_SHARED] * shared
    if runs > b:
        x += w[W_EXCESS] * (runs - b)
    if own > b:
        x += w[W_OWN] * (own - b)
    last = blend.shape[0] - 1
    if x <= 0.0:
        p = blend[0, b]
    elif x >= last:
        p = blend[last, b]
    else:
        i = int(x)
        p = blend[i, b] + (x - i) * (blend[i + 1, b] - blend[i, b])
    p += w[W_SHAPE] * p * (p - 1.0)
    bonus = avail[m] - (avail[m] - city.bonus_later[m]) * w[W_RACE] * race[m] * 0.001
    v = bonus * p * (w[W_BONUS] + w[W_BONUS_LATE] * late)
    if b > 0:
        v += w[W_STAR] * first_star * star_frac
    short = e - w[W_STEP] * b
    if short > 0:
        v -= w[W_LEFTOVER] * short
    return v


@hot_inline
def _crossed_once(city, mark, feat, m, q):
    """Features (runs, transfers, shared, own runs, first star) of line ``m`` after its
    station at route position ``q``, and no other of its stations, got filled (``mark``
    shows it filled), from the features before: the same numbers as a new walk
    (``shared`` up to rounding)."""
    line_off, line_st, star_value = city.line_off, city.line_st, city.star_value
    a, z = line_off[m], line_off[m + 1]
    left = q > a and mark[U(line_st[U(q - 1)])] == 0
    right = q + 1 < z and mark[U(line_st[U(q + 1)])] == 0
    runs = int(feat[_F_RUNS, m])
    if left and right:
        runs += 1
    elif not left and not right:
        runs -= 1
    transfers, shared, own = int(feat[_F_TRANSFERS, m]), feat[_F_SHARED, m], int(feat[_F_OWN, m])
    if star_value[U(line_st[U(q)])] > 2:
        transfers -= 1
        shared -= feat[_F_OTHER, q]
    else:  # a free card on a station of this line only
        left = left and star_value[U(line_st[U(q - 1)])] <= 2
        right = right and star_value[U(line_st[U(q + 1)])] <= 2
        if left and right:
            own += 1
        elif not left and not right:
            own -= 1
    first_star = int(feat[_F_STAR, m])
    if q == int(feat[_F_FIRST, m]):
        first_star = 0
        for i in range(q + 1, z):
            s = U(line_st[U(i)])
            if mark[s] == 0:
                first_star = star_value[s]
                break
    return runs, transfers, shared, own, first_star


@hot_inline
def _played_line(kind, city, mark, feat, line, buf, n):
    """Features (runs, transfers, shared, own runs, first star) of ``line`` after a card
    filled ``buf[:n]`` on it: a number or star card fills the start of its first run (an
    own run ends inside it where the station after one of its own is not an empty own
    one), an express card is walked again."""
    runs, transfers, first_star = (
        int(feat[_F_RUNS, line]), int(feat[_F_TRANSFERS, line]), int(feat[_F_STAR, line])
    )  # fmt: skip
    shared, own = feat[_F_SHARED, line], int(feat[_F_OWN, line])
    if n == 0:
        return runs, transfers, shared, own, first_star
    if kind == EXPRESS:
        runs, transfers, first_star, _f, _r, _n, shared, own = _line_walk(
            city, mark, feat, line, False
        )
        return runs, transfers, shared, own, first_star
    star_value, line_st = city.star_value, city.line_st
    first, z = int(feat[_F_FIRST, line]), city.line_off[line + 1]
    for c in range(n):  # the start of the first run
        if star_value[U(buf[c])] > 2:
            transfers -= 1
            shared -= feat[_F_OTHER, first + c]
        else:
            i = first + c + 1  # empty before the move: in buf, or unmarked
            after = i < z and star_value[U(line_st[U(i)])] <= 2
            if not after or (c + 1 == n and mark[U(line_st[U(i)])] != 0):
                own -= 1
    if n == int(feat[_F_RUN, line]):
        return runs - 1, transfers, shared, own, int(feat[_F_NEXT, line])
    return runs, transfers, shared, own, star_value[U(line_st[U(first + n)])]


@hot_inline
def _expert_after(kind, city, outlook, st, avail, line, buf, n, feat, dec):
    """Change of the expert's line values once ``buf[:n]`` are filled (already applied
    to ``st``) on ``line`` (or -1, a free card): only the lines touched are evaluated
    again, from the features of the walk before (a line with two stations filled is
    walked again). ``dec`` is zeroed scratch, left zeroed."""
    st_off, st_lines, st_pos, mark = city.st_off, city.st_lines, city.st_pos, st.mark
    v = 0.0
    if line >= 0:
        runs, transfers, shared, own, first_star = _played_line(
            kind, city, mark, feat, line, buf, n
        )
        v += _line_value(city, outlook, st, avail, line, runs, transfers, shared, own,
                         first_star) - feat[_F_VALUE, line]  # fmt: skip
    for c in range(n):
        s = U(buf[c])
        for j in range(st_off[s], st_off[s + U(1)]):
            m = st_lines[U(j)]
            if m != line:
                dec[U(m)] += 1
    for c in range(n):
        s = U(buf[c])
        for j in range(st_off[s], st_off[s + U(1)]):
            m = st_lines[U(j)]
            if m == line or dec[U(m)] == 0:
                continue
            if dec[U(m)] == 1:
                runs, transfers, shared, own, first_star = _crossed_once(
                    city, mark, feat, m, st_pos[U(j)]
                )
            else:
                runs, transfers, first_star, _f, _r, _n, shared, own = _line_walk(
                    city, mark, feat, m, False
                )
            dec[U(m)] = 0
            v += _line_value(city, outlook, st, avail, m, runs, transfers, shared, own,
                             first_star) - feat[_F_VALUE, m]  # fmt: skip
    return v


@hot_inline
def _skips(city, mark, line, value):
    """True if an express card of ``value`` on ``line`` skips a filled station: it
    fills more stations than a number card of that value would."""
    line_st, z = city.line_st, city.line_off[line + 1]
    i = city.line_off[line]
    while i < z and mark[U(line_st[U(i)])] != 0:
        i += 1
    run = 0
    while i < z and run < value and mark[U(line_st[U(i)])] == 0:
        run += 1
        i += 1
    if run == value:
        return False
    while i < z:
        if mark[U(line_st[U(i)])] == 0:
            return True
        i += 1
    return False


@hot_inline
def _track(i, v, ok, best_i, best, kept_i, kept):
    """The best move so far (``best_i``, ``best``) and the best the restriction
    allows (``kept_i``, ``kept``), with move ``i`` of value ``v`` (``ok``: allowed)."""
    if best_i < 0 or v > best:
        best_i, best = i, v
    if ok and (kept_i < 0 or v > kept):
        kept_i, kept = i, v
    return best_i, best, kept_i, kept


@hot_inline
def _allowed(restrict, kind, value, city, mark, line, station):
    """Whether a move (``line``, or ``station`` for a free card) satisfies the
    restriction (codes of :data:`vvlab.compiled.spec.RESTRICTIONS`; a transfer station
    is on several lines: its star value exceeds 2). Called before the move is applied."""
    if restrict == NO_FREE_TRANSFERS and kind == FREE:
        return city.star_value[U(station)] <= 2
    if restrict == NO_TRANSFER_STARS and kind == STAR:
        for i in range(city.line_off[line], city.line_off[line + 1]):
            s = U(city.line_st[U(i)])
            if mark[s] == 0:
                return city.star_value[s] <= 2
        return True
    if restrict == NO_EXPRESS_SKIPS and kind == EXPRESS:
        return not _skips(city, mark, line, value)
    return True


@hot
def _expert(expert, p, kind, value, setup, view, best_buf, dec, buf, restrict):
    """:func:`expert_choice` for seat ``p`` with its scratch space given: ``expert``
    (:class:`ExpertScratch`, with the seat's weights) and ``buf`` (per station). The best
    move that satisfies ``restrict`` wins, else the best move."""
    city, types, st, avail, counts = setup.city, setup.types, view.sheet, view.avail, view.unseen
    blend, race, feat, w = expert.blend[p], expert.race[p], expert.feat, expert.weights[p]
    mark, empty, boxes = st.mark, st.empty, st.boxes
    if restrict == NO_RACE:
        avail = city.bonus_later
    n_lines, total_boxes, left = boxes.shape[0], 0, 0
    for m in range(n_lines):
        total_boxes += city.indicators[m]
        left += boxes[m]
    if kind != FREE:
        left -= 1
    late = 1.0 - left / total_boxes if total_boxes > 0 else 1.0
    stars, cards = 0, 0
    for c in range(counts.shape[0]):
        cards += counts[c]
        if types.kind[c] == STAR:
            stars += counts[c]
    star_frac = stars / cards if cards > 0 else 0.0
    empty_w = w[W_EMPTY] + w[W_EMPTY_LATE] * late
    outlook = Outlook(blend, race, w, late, star_frac)
    _fill_chances(city, blend, st, w, feat)
    for m in range(n_lines):
        runs, transfers, first_star, first, first_run, next_star, shared, own = _line_walk(
            city, mark, feat, m, True
        )
        feat[_F_RUNS, m], feat[_F_TRANSFERS, m], feat[_F_STAR, m] = runs, transfers, first_star
        feat[_F_FIRST, m], feat[_F_RUN, m], feat[_F_NEXT, m] = first, first_run, next_star
        feat[_F_SHARED, m], feat[_F_OWN, m] = shared, own
        feat[_F_VALUE, m] = _line_value(city, outlook, st, avail, m, runs, transfers, shared,
                                        own, first_star)  # fmt: skip
    best_line, best_station, best = -1, -1, 0.0
    kept_line, kept_station, kept = -1, -1, 0.0  # the best move the restriction allows
    if kind == FREE:
        for s in range(mark.shape[0]):
            if mark[s] != 0:
                continue
            ok = _allowed(restrict, kind, value, city, mark, -1, s)
            buf[0] = s
            apply_move(city, -1, buf, 1, False, mark, empty, boxes)
            v = _expert_after(kind, city, outlook, st, avail, -1, buf, 1, feat, dec)
            v -= empty_w
            undo_move(city, -1, buf, 1, mark, empty, boxes)
            best_station, best, kept_station, kept = _track(
                s, v, ok, best_station, best, kept_station, kept
            )
        best_station = kept_station if kept_station >= 0 else best_station
        if best_station < 0:
            return -1, -1, 0
        best_buf[0] = best_station
        return -1, best_station, 1
    for line in range(n_lines):
        if boxes[line] <= 0:
            continue
        ok = _allowed(restrict, kind, value, city, mark, line, -1)
        n = reached(kind, value, city, line, mark, buf)
        star = city.star_value[U(buf[0])] if kind == STAR and n > 0 else 0
        apply_move(city, line, buf, n, star > 0, mark, empty, boxes)
        v = _expert_after(kind, city, outlook, st, avail, line, buf, n, feat, dec)
        v += star - n * empty_w
        undo_move(city, line, buf, n, mark, empty, boxes)
        best_line, best, kept_line, kept = _track(line, v, ok, best_line, best, kept_line, kept)
    best_line = kept_line if kept_line >= 0 else best_line
    if best_line < 0:
        return -1, -1, 0
    return best_line, -1, reached(kind, value, city, best_line, mark, best_buf)


@entry
def expert_choice(kind, value, setup, view, best_buf, dec, weights, race, restrict=0):
    """The expert's move: the legal move with the best fitted sheet value afterwards
    (``weights``, named by :data:`vvlab.compiled.spec.EXPERT_WEIGHTS`; ``race``: per
    line, the best rival's chance in milli of completing it, see :func:`race_row`), among
    the moves ``restrict`` allows if there are any (the code of a restriction, see
    :func:`vvlab.compiled.spec.restriction_code`; 0: none).
    Returns (line, station, count of stations written to best_buf)."""
    reach = setup.tables.reach
    feat = np.zeros((EXPERT_FEATURES, setup.city.line_st.shape[0]), np.float64)
    buf = np.zeros(view.sheet.mark.shape[0] + 1, np.int64)
    blend = np.zeros((1, reach.shape[0], reach.shape[1]), np.float64)
    blend_reach(reach, weights, blend[0])
    seat = np.zeros((1, race.shape[0]), race.dtype)
    copy_into(seat[0], race)
    row = np.zeros((1, weights.shape[0]), np.float64)
    row[0, :] = weights
    expert = ExpertScratch(seat, feat, blend, row)
    return _expert(expert, 0, kind, value, setup, view, best_buf, dec, buf, restrict)


@hot
def race_row(empty, boxes, done, p, first_taken, reach, out):
    """``out[m]``: the best chance (milli) among the seats other than ``p`` (rows of
    ``empty``, ``boxes``, ``done``) of completing line ``m`` while its first bonus is
    still to be had, else 0."""
    for m in range(out.shape[0]):
        out[m] = 0
        if first_taken[m]:
            continue
        for q in range(empty.shape[0]):
            if q != p and done[q, m] == 0:
                out[m] = max(out[m], reach[empty[q, m], boxes[q, m]])


# -- dealing and whole games --------------------------------------------------------


@hot
def copy_into(target, source):
    """``target[:] = source`` (a slice copy needs the reference-counting runtime)."""
    for i in range(target.shape[0]):
        target[i] = source[i]


@hot
def _hash_uniform(key):
    """A uniform in [0, 1) from a 64-bit key (the SplitMix64 finaliser)."""
    z = np.uint64(key) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return float(z >> np.uint64(11)) / 9007199254740992.0


@hot
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


@hot
def _continuation(key, city, types, tables, view, boxes_left, ws, dec):
    """Play greedy replies to cards drawn from ``view.unseen`` (uniforms hashed from
    ``key``) until the boxes run out; return the points this brings in milli-points
    (bonuses of the lines completed, stars written, minus the final penalty). Changes
    the sheet and the counts; plays in the rows of ``ws`` it owns (see :func:`_rollout`)."""
    t_kind, t_value, t_shuffle, t_full = types
    st, avail, counts = view.sheet, view.avail, view.unseen
    mark, empty, boxes, done = st
    buf, best_buf, front = ws[_R_REPLY], ws[_R_FILLED], ws[_R_FRONT, : boxes.shape[0]]
    gained = 0
    for m in range(front.shape[0]):
        front[m] = city.line_off[m]
    k = 0
    while boxes_left > 0 and k < 4096:
        c = _draw(counts, t_full, _hash_uniform(key + np.uint64(k)))
        k += 1
        if t_shuffle[c]:
            copy_into(counts, t_full)
        else:
            counts[c] -= 1
        line, _s, n, _v = greedy_choice(
            t_kind[c], t_value[c], city, tables, st, avail, buf, best_buf, dec, front
        )
        star = city.star_value[best_buf[0]] if t_kind[c] == STAR and n > 0 else 0
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
    return gained - 1000 * city.penalty_by_empty[n_empty]


@entry
def rollout_choice(samples, kind, value, u, setup, view, best_buf, dec):
    """Monte Carlo: each legal move is scored by ``samples`` greedy continuations over
    card orders drawn from the unseen cards (the same orders for every move: common
    random numbers); the best total wins. The orders are hashed from one uniform ``u``
    (the bot's one draw of the turn). Returns (line, station, n)."""
    ws = workspace(setup.city, setup.types)
    return _rollout(ws, samples, kind, value, u, setup, view, best_buf, dec)


@hot
def _rollout(ws, samples, kind, value, u, setup, view, best_buf, dec):
    """:func:`rollout_choice` in the scratch space ``ws`` (see :func:`workspace`): the
    continuations play on a copy of the sheet and counts in its rows."""
    city, types, tables, avail, next_counts = (
        setup.city, setup.types, setup.tables, view.avail, view.unseen
    )  # fmt: skip
    base = np.uint64(int(u * 4503599627370496.0)) * np.uint64(1 << 20)
    mark, empty, boxes, done = view.sheet
    n_stations, n_lines = mark.shape[0], boxes.shape[0]
    buf = ws[_R_BUF]
    m2, e2, b2 = ws[_R_MARK, :n_stations], ws[_R_EMPTY, :n_lines], ws[_R_BOXES, :n_lines]
    counts = ws[_R_COUNTS, : next_counts.shape[0]]
    copied = SeatView(SheetState(m2, e2, b2, done), avail, counts)
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
            copy_into(m2, mark)
            copy_into(e2, empty)
            copy_into(b2, boxes)
            copy_into(counts, next_counts)
            apply_move(city, line, buf, n, star > 0, m2, e2, b2)
            total += _continuation(
                base + np.uint64(k * 4096), city, types, tables, copied, left, ws, dec
            )
        if not found or total > best:
            found, best, best_line, best_station, best_n = True, total, line, station, n
            for j in range(n):
                best_buf[j] = buf[j]
    return best_line, best_station, best_n


@entry
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
            card = pool[U(pick)]
            left -= 1
            for i in range(deck - 1):  # close the gap: a fixed loop, no branch to mispredict
                pool[i] = pool[i + 1] if i >= pick else pool[i]
            orders[g, k] = card
            k += 1
            filled += uses[U(card)]
            if shuffle[U(card)]:
                for i in range(deck):
                    pool[i] = i
                left = deck
        lengths[g] = k
    return -1


class Sheets(NamedTuple):
    """Every seat's sheet in a game of :func:`play_games`: one row per seat."""

    mark: np.ndarray
    empty: np.ndarray
    boxes: np.ndarray
    done: np.ndarray
    front: np.ndarray  # see greedy_choice
    filled: np.ndarray  # per station + 1: the stations the seat fills this turn
    newly: np.ndarray  # per line: completed this turn (bool), scored at the turn's end


class Table(NamedTuple):
    """What the seats share in a game of :func:`play_games`, and scratch space."""

    avail: np.ndarray  # per line: the bonus still to be had
    first_taken: np.ndarray  # per line: 1 once someone took the first bonus
    remaining: np.ndarray  # per card type: cards not seen since the last shuffle
    dec: np.ndarray  # scratch, per line
    buf: np.ndarray  # scratch, per station


class ExpertScratch(NamedTuple):
    """The expert's scratch space in :func:`play_games`, and its seats' weights."""

    race: np.ndarray  # per seat and line: the rivals' best chance (see race_row)
    feat: np.ndarray  # the line features (float, see _F_VALUE)
    blend: np.ndarray  # per seat: the reach table of its weights (see blend_reach)
    weights: np.ndarray  # per seat: its weights row (EXPERT_WEIGHTS)


class Kit(NamedTuple):
    """The scratch space of the bots in a block that need their own, one field per
    kernel, ``None`` when no seat plays it (see :func:`kit_for`).

    The fields' types choose what :func:`play_games` compiles: a bot whose field is
    ``None`` is left out of the compiled code (see :func:`_only_with`), so a block of
    greedy bots never compiles the look-ahead, the rollout or the expert. Each
    combination is compiled once, when first played, and cached on disk."""

    lookahead: np.ndarray | None  # see workspace
    rollout: np.ndarray | None  # see workspace
    expert: ExpertScratch | None


def kit_for(city, types, reach, codes, weights) -> Kit:
    """The :class:`Kit` of a block whose seats play the kernels ``codes`` (one per
    seat, :attr:`KernelSpec.code <vvlab.compiled.spec.KernelSpec.code>`), with the
    expert seats' ``weights`` rows: what the block needs, and nothing more."""
    codes = [int(c) for c in codes]
    ws = workspace(city, types) if {LOOKAHEAD_BOT, ROLLOUT_BOT} & set(codes) else None
    expert = None
    if EXPERT_BOT in codes:
        blend = np.zeros((len(codes), *reach.shape), np.float64)
        for p, code in enumerate(codes):
            if code == EXPERT_BOT:
                blend_reach(reach, weights[p], blend[p])
        race = np.zeros((len(codes), city.indicators.shape[0]), np.int64)
        feat = np.zeros((EXPERT_FEATURES, city.line_st.shape[0]), np.float64)
        expert = ExpertScratch(race, feat, blend, np.ascontiguousarray(weights, np.float64))
    return Kit(ws if LOOKAHEAD_BOT in codes else None, ws if ROLLOUT_BOT in codes else None, expert)


def _only_with(play, passed):
    """``f(scratch, args)``, a function for the kernels that calls ``play(scratch,
    *args)``, compiled in only where ``scratch`` is not ``None``; where it is (a
    :class:`Kit` field of a bot no seat plays) the call is ``passed`` and ``play`` is
    not compiled. The choice is made by type, when numba compiles the caller (an
    ``overload``, inlined: it costs nothing at run time)."""

    def stub(scratch, args):
        raise NotImplementedError("called from the compiled kernels only")

    @overload(stub, inline="always", jit_options={"_nrt": False})
    def typed(scratch, args):
        if isinstance(scratch, nbtypes.NoneType):
            return lambda scratch, args: passed
        return lambda scratch, args: play(scratch, *args)

    stub.__name__ = stub.__qualname__ = f"{play.__name__}_if_played"
    stub.__doc__ = play.__doc__
    return stub


@hot
def _race_rows_in(expert, kernel, sheets, first_taken, reach):
    """Every expert seat's row of ``expert.race``, from the sheets before the turn
    (``kernel``: each seat's kernel code)."""
    for p in range(kernel.shape[0]):
        if kernel[p] == EXPERT_BOT:
            race_row(sheets.empty, sheets.boxes, sheets.done, p, first_taken, reach,
                     expert.race[p])  # fmt: skip
    return 0


_expert_seat = _only_with(_expert, (-1, -1, 0))
_rollout_seat = _only_with(_rollout, (-1, -1, 0))
_lookahead_seat = _only_with(_lookahead, (-1, -1, 0))
_race_rows = _only_with(_race_rows_in, 0)


@glue
def _decide(p, card, u, setup, seats, kit, sheets, public, st):
    """Seat ``p``'s move on ``card`` with its sheet ``st`` and uniform ``u``: (line,
    station, count of stations written to ``sheets.filled[p]``). The look-ahead, rollout
    and expert are compiled in only when ``kit`` (:class:`Kit`) has their scratch space."""
    city, deck, types, tables = setup
    bot, param, best_buf, dec = seats.kernel[p], seats.argument[p], sheets.filled[p], public.dec
    c = U(card)
    kind, value = deck.kind[c], deck.value[c]
    if bot == RANDOM_BOT:
        return random_choice(kind, value, u, city, st, best_buf)
    if bot == GREEDY_BOT:
        line, station, n, _ = greedy_choice(
            kind, value, city, tables, st, public.avail, public.buf, best_buf, dec, sheets.front[p]
        )
        return line, station, n
    view = SeatView(st, public.avail, types.full_count if deck.shuffle[c] else public.remaining)
    if bot == EXPERT_BOT:
        return _expert_seat(
            kit.expert, (p, kind, value, setup, view, best_buf, dec, public.buf, param)
        )
    if bot == ROLLOUT_BOT:
        return _rollout_seat(kit.rollout, (param, kind, value, u, setup, view, best_buf, dec))
    return _lookahead_seat(kit.lookahead, (param, kind, value, setup, view, best_buf, dec))


@glue
def _score_turn(t, g, city, sheets, public, out):
    """Award the bonuses of the lines completed this turn (ties share the first)."""
    newly, first_taken, avail = sheets.newly, public.first_taken, public.avail
    players, n_lines = newly.shape[0], newly.shape[1]
    bonus, lines_completed, first_bonuses = out.bonus, out.lines_completed, out.first_bonuses
    line_turn, line_bonus = out.line_turn, out.line_bonus
    for p in range(players):
        for m in range(n_lines):
            if newly[p, m]:
                sheets.done[p, m] = t + 1
                line_turn[g, p, m] = t + 1
                lines_completed[g, p] += 1
                if first_taken[m]:
                    line_bonus[g, p, m] = 2
                    bonus[g, p] += city.bonus_later[m]
                else:
                    line_bonus[g, p, m] = 1
                    bonus[g, p] += city.bonus_first[m]
                    first_bonuses[g, p] += 1
    for p in range(players):
        for m in range(n_lines):
            if newly[p, m]:
                first_taken[m] = 1
                avail[m] = city.bonus_later[m]
                newly[p, m] = False


def play_games(setup, deals, seats, kit, out) -> None:
    """Play every dealt game of a block and write its outcome into ``out`` (an
    :class:`~vvlab.compiled.parts.Outcome`, in place).

    ``setup``: the city, deck and value tables (:class:`~vvlab.compiled.parts.Setup`);
    ``deals``: the games' cards (:class:`~vvlab.compiled.parts.Deals`); ``seats``: each
    seat's kernel, its argument (look-ahead depth, rollout samples, the expert's
    restriction code: ``KernelSpec.argument``) and its pre-drawn uniforms, one per turn
    over the whole block (random and rollout bots only; :class:`~vvlab.compiled.parts.Seats`);
    ``kit``: the scratch space of the bots that need their own (:class:`Kit`, from
    :func:`kit_for`, with the expert seats' weights), which also decides which bots'
    code is compiled. Allocates the players' sheets and scratch space (numpy, once per
    block), then plays in :func:`_play_block`, compiled first (see :func:`compile_for`)."""
    city, types = setup.city, setup.types
    n_stations, n_lines = city.star_value.shape[0], city.indicators.shape[0]
    players = len(seats.kernel)
    sheets = Sheets(
        *(np.zeros((players, n), np.int64) for n in (n_stations, *[n_lines] * 4, n_stations + 1)),
        np.zeros((players, n_lines), np.bool_),
    )
    public = Table(
        np.zeros(n_lines, np.int64),
        np.zeros(n_lines, np.int64),
        np.zeros(types.kind.shape[0], np.int64),
        np.zeros(n_lines, np.int64),
        np.zeros(n_stations + 1, np.int64),
    )
    args = (setup, deals, seats, kit, sheets, public, out)
    played = ("play_games", *(field is not None for field in kit))  # see is_ready
    if not was_used(played):
        with first_use(played, about=compile_seconds(kit)):
            compile_for(_play_block, args)
    _play_block(*args)


def is_ready(codes) -> bool:
    """Whether :func:`play_games` is compiled (or loaded) in this process for seats
    playing the kernels ``codes``: the key it marks when first used."""
    codes = set(int(c) for c in codes)
    kit = (LOOKAHEAD_BOT in codes, ROLLOUT_BOT in codes, EXPERT_BOT in codes)
    return was_used(("play_games", *kit))


def compile_seconds(kit: Kit) -> float:
    """About how long compiling :func:`play_games` for ``kit`` takes (for the note)."""
    extra = [
        COMPILE_SECONDS[name]
        for name, field in zip(Kit._fields, kit, strict=True)
        if field is not None
    ]
    return COMPILE_SECONDS["play"] + sum(extra)


def compile_for(dispatcher, args) -> None:
    """Compile ``dispatcher`` for the types of ``args`` (or load it from the disk cache)
    unless it has been already: the compile runs apart from the work, so that a
    :func:`vvlab.compiled.notice.first_use` around it times only the compile."""
    sig = tuple(dispatcher.typeof_pyval(a) for a in args)
    if sig not in dispatcher.overloads:
        dispatcher.compile(sig)


@glue
def _new_game(city, types, sheets, public, players):
    """Empty sheets, every first bonus to be had, a full deck."""
    line_off, indicators = city.line_off, city.indicators
    avail, first_taken, remaining = public.avail, public.first_taken, public.remaining
    for m in range(indicators.shape[0]):
        avail[m], first_taken[m] = city.bonus_first[m], 0
        for p in range(players):
            sheets.empty[p, m] = line_off[m + 1] - line_off[m]
            sheets.boxes[p, m] = indicators[m]
            sheets.done[p, m] = 0
            sheets.front[p, m] = line_off[m]
    for p in range(players):
        for s in range(city.star_value.shape[0]):
            sheets.mark[p, s] = 0
    copy_into(remaining, types.full_count)


@glue
def _play_turn(t, g, k, card, setup, seats, kit, sheets, public, out):
    """Every seat moves on ``card``, turn ``t`` of game ``g`` (turn ``k`` of the block:
    the index into the seats' uniforms); then the completed lines score."""
    city, deck, types = setup.city, setup.deck, setup.types
    remaining, newly = public.remaining, sheets.newly
    c = U(card)
    remaining[U(deck.card_type[c])] -= 1
    is_star, completed = deck.kind[c] == STAR, False
    _race_rows(kit.expert, (seats.kernel, sheets, public.first_taken, setup.tables.reach))
    for p in range(seats.kernel.shape[0]):
        mark = sheets.mark[p]
        st = SheetState(mark, sheets.empty[p], sheets.boxes[p], sheets.done[p])
        filled = sheets.filled[p]
        line, _station, n = _decide(p, card, seats.uniforms[p, k], setup, seats, kit, sheets,
                                    public, st)  # fmt: skip
        apply_move(city, line, filled, n, is_star, mark, st.empty, st.boxes)
        if is_star and n > 0:
            out.stars[g, p] += city.star_value[U(filled[0])]
        for i in range(n):
            s = U(filled[i])
            for j in range(city.st_off[s], city.st_off[s + U(1)]):
                m = U(city.st_lines[U(j)])
                if st.empty[m] == 0 and st.done[m] == 0:
                    newly[p, m], completed = True, True
    if completed:
        _score_turn(t, g, city, sheets, public, out)
    if deck.shuffle[c]:
        copy_into(remaining, types.full_count)


@hot
def _play_block(setup, deals, seats, kit, sheets, public, out):
    """The loop of :func:`play_games`: game after game, turn after turn."""
    city, orders, lengths = setup.city, deals.orders, deals.lengths
    n_stations, players = city.star_value.shape[0], seats.kernel.shape[0]
    k = 0  # turns played in the block: the index into the seats' uniforms
    for g in range(lengths.shape[0]):
        _new_game(city, setup.types, sheets, public, players)
        for t in range(lengths[g]):
            _play_turn(t, g, k, orders[g, t], setup, seats, kit, sheets, public, out)
            k += 1
        out.turns[g] = lengths[g]
        for p in range(players):
            n_empty = 0
            for s in range(n_stations):
                if sheets.mark[p, s] != 0:
                    out.station_filled[p, s] += 1
                else:
                    n_empty += 1
            out.empty[g, p] = n_empty
            out.penalty[g, p] = city.penalty_by_empty[n_empty]
            out.score[g, p] = out.bonus[g, p] + out.stars[g, p] - out.penalty[g, p]
