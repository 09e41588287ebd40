"""The hard rules of a schematic layout (vvlab.design.layout_rules): hand-made cities,
each breaking one rule once, a clean one with bends, crossings the geography has too,
the order of the edges round a station (rotated, mirrored, ties), and the built-in
maps against themselves."""

from __future__ import annotations

import pytest

import vvlab
from vvlab.design import Violation, edge_order, layout_violations, same_cyclic_order
from vvlab.design.layout_rules import RULES
from vvlab.model import CityMap
from vvlab.model.generate import generate_city

NAMES = {"a": "Alpha", "b": "Bravo", "c": "Charlie", "d": "Delta", "e": "Echo",
         "n": "North", "o": "Centre", "s": "South", "w": "West", "x": "Xray"}  # fmt: skip


def city(
    points: dict[str, tuple[float, float]],
    routes: dict[str, list[str]],
    bends: dict[tuple[str, str], list[tuple[float, float]]] | None = None,
) -> CityMap:
    """A city of the ``points`` (named by :data:`NAMES`), lines ``routes`` and the
    ``bends`` of some edges (from the pair's first station to its second)."""
    stations = {s: {"name": NAMES[s], "x": x, "y": y} for s, (x, y) in points.items()}
    lines = [{"id": line, "name": line, "color": "#000000", "indicators": 1, "bonus": [2, 1],
              "stations": route} for line, route in routes.items()]  # fmt: skip
    edges = [{"between": list(pair), "via": [list(p) for p in via]}
             for pair, via in (bends or {}).items()]  # fmt: skip
    return CityMap.from_dict({"format": "vvlab-map/2", "id": "t", "name": "T",
                              "stations": stations, "lines": lines, "edges": edges})  # fmt: skip


# P runs west to east and dips below Bravo - Charlie, then turns north and east to Echo;
# Q comes down from Delta and shares Bravo - Charlie (median edge 2.2).
POINTS = {"a": (0, 0), "b": (2, 0), "c": (4, 0), "d": (2, 2), "e": (6, 2)}
ROUTES = {"P": ["a", "b", "c", "e"], "Q": ["d", "b", "c"]}
BENDS = {("b", "c"): [(2.5, -0.5), (3.5, -0.5)], ("c", "e"): [(4, 2)]}
GEOGRAPHY = city(POINTS, ROUTES, BENDS)


def moved(changes: dict[str, tuple[float, float]], bends=None, routes=None) -> CityMap:
    return city(POINTS | changes, routes or ROUTES, BENDS | (bends or {}))


def test_a_clean_layout_with_bends_has_no_violations():
    assert layout_violations(GEOGRAPHY, GEOGRAPHY) == []
    scaled = {s: (3 * x + 1, 3 * y - 2) for s, (x, y) in POINTS.items()}
    bends = {pair: [(3 * x + 1, 3 * y - 2) for x, y in via] for pair, via in BENDS.items()}
    assert layout_violations(city(scaled, ROUTES, bends), GEOGRAPHY) == []


def only(violations: list[Violation]) -> Violation:
    assert len(violations) == 1, [str(v) for v in violations]
    return violations[0]


def test_a_piece_off_the_eight_directions_is_named():
    v = only(layout_violations(moved({"e": (6, 3)}), GEOGRAPHY))
    assert (v.rule, v.where) == ("octilinear", ("c", "e"))
    assert "Charlie – Echo" in v.text and "26.6°" in v.text


def test_a_station_near_a_bent_edge_is_named():
    # Echo below the dip of Bravo - Charlie, 0.3 from it: 0.15 median edges of 2
    layout = moved({"e": (3, -0.8)}, bends={("c", "e"): [(4, -0.8)]})
    v = only(layout_violations(layout, GEOGRAPHY))
    assert (v.rule, v.where) == ("near-edge", ("e", "b", "c"))
    assert v.text == "Echo lies 0.15 median edges from the edge Bravo – Charlie"


def test_stations_too_close_are_named():
    v = only(layout_violations(moved({"d": (2, 0.8)}), GEOGRAPHY))
    assert (v.rule, v.where) == ("close", ("b", "d"))
    assert v.text.startswith("Bravo and Delta are 0.36 median edges apart")


def test_exactly_the_limits_pass():
    # Delta 1.0 above Bravo with a median edge of 2: CLOSE x M exactly
    layout = city(POINTS | {"d": (2, 1), "e": (6, 0)}, ROUTES, {("b", "c"): BENDS["b", "c"]})
    assert [v.rule for v in layout_violations(layout, GEOGRAPHY)] == []


PARALLEL = {"a": (0, 0), "b": (4, 0), "c": (0, 4), "d": (4, 4)}
CROSSED = {"a": (0, 0), "b": (4, 4), "c": (0, 4), "d": (4, 0)}
TWO = {"P": ["a", "b"], "Q": ["c", "d"]}


def test_a_crossing_the_geography_lacks_is_named():
    v = only(layout_violations(city(CROSSED, TWO), city(PARALLEL, TWO)))
    assert (v.rule, v.where) == ("crossing", ("a", "b", "c", "d"))
    assert "Alpha – Bravo and Charlie – Delta" in v.text


def test_a_crossing_the_geography_has_is_allowed():
    assert layout_violations(city(CROSSED, TWO), city(CROSSED, TWO)) == []
    # straight, P and Q are apart in the geography; Q's bends take it across P twice
    geography = city(
        {"a": (0, 0), "b": (4, 0), "c": (1, 2), "d": (3, 2)},
        TWO,
        {("c", "d"): [(1, -2), (3, -2)]},
    )
    assert layout_violations(city(CROSSED, TWO), geography) == []


def test_edges_running_along_each_other_out_of_a_station_meet():
    # Bravo - Delta turned down onto the first piece of Bravo - Charlie
    layout = moved({"d": (3, -1)})
    rules = [(v.rule, v.where) for v in layout_violations(layout, GEOGRAPHY)]
    assert ("crossing", ("b", "c", "d", "b")) in rules


STAR = {"o": (0, 0), "n": (0.3, 2), "w": (-2, 0.2), "s": (0.1, -2), "e": (2, -0.3)}
CROSS = {"L1": ["w", "o", "e"], "L2": ["n", "o", "s"]}


def test_the_order_round_a_station_may_turn_but_not_mirror():
    geography = city(STAR, CROSS)
    assert edge_order(geography, "o") == ["n", "w", "s", "e"]
    turned = city({"o": (0, 0), "n": (-2, 0), "w": (0, -2), "s": (2, 0), "e": (0, 2)}, CROSS)
    assert edge_order(turned, "o") == ["s", "e", "n", "w"]
    assert layout_violations(turned, geography) == []
    mirrored = city({"o": (0, 0), "n": (0, 2), "w": (2, 0), "s": (0, -2), "e": (-2, 0)}, CROSS)
    v = only(layout_violations(mirrored, geography))
    assert (v.rule, v.where) == ("order", ("o",))
    assert "Centre" in v.text
    assert "West, North, Echo, South" in v.text


def test_the_order_follows_the_first_piece_of_a_bent_edge():
    # the edge to East leaves north-west before it turns east: between North and West
    bent = city(STAR, CROSS, {("o", "e"): [(-0.5, 1), (1, 1)]})
    assert edge_order(bent, "o") == ["n", "e", "w", "s"]


TIED = {"o": (0, 0), "a": (2, 0), "b": (4, 1), "n": (0, 2), "s": (0, -2)}
FORK = {"L1": ["n", "o", "s"], "L2": ["a", "o", "b"]}


@pytest.mark.parametrize(
    ("a", "b", "n", "passes"),
    [((2, 0), (2, 2), (0, 2), True), ((2, 2), (2, 0), (0, 2), True),
     ((2, 0), (0, 2), (2, 2), False)],
)  # fmt: skip
def test_edges_leaving_the_geography_the_same_way_may_swap(a, b, n, passes):
    geography = city(TIED, FORK, {("o", "b"): [(1, 0)]})  # b leaves o eastwards, as a does
    layout = city({"o": (0, 0), "a": a, "b": b, "n": n, "s": (0, -2)}, FORK)
    rules = [v.rule for v in layout_violations(layout, geography)]
    assert rules == ([] if passes else ["order"])


def test_same_cyclic_order():
    assert same_cyclic_order([], [])
    assert same_cyclic_order("abcd", "cdab") and not same_cyclic_order("abcd", "dcba")
    assert not same_cyclic_order("abc", "abd")
    assert same_cyclic_order("abcd", "dbca", ties=[{"d", "a"}])  # a tie round the end
    assert same_cyclic_order("abcd", "bcad", ties=[{"d", "a"}])
    assert not same_cyclic_order("abcd", "acbd", ties=[{"a", "b"}])


def test_a_changed_route_is_named():
    layout = moved({}, routes={"P": ["e", "c", "b", "a"], "Q": ["d", "b", "c"]})
    v = only(layout_violations(layout, GEOGRAPHY))
    assert (v.rule, v.where) == ("routes", ("e", "a"))
    assert v.text == "the line P has Echo as stop 1, the geography Alpha"


def test_missing_and_new_stations_and_lines_are_named():
    layout = city({"a": (0, 0), "x": (2, 0), "c": (4, 0)}, {"P": ["a", "x", "c"], "R": ["a", "x"]})
    geography = city({"a": (0, 0), "b": (2, 0), "c": (4, 0), "d": (2, 2)},
                     {"P": ["a", "b", "c"], "Q": ["d", "b"]})  # fmt: skip
    texts = [v.text for v in layout_violations(layout, geography) if v.rule == "routes"]
    assert texts == [
        "the station Bravo (b) is missing",
        "the station Delta (d) is missing",
        "the station Xray (x) is not in the geography",
        "the line Q is missing",
        "the line P has Xray as stop 2, the geography Bravo",
        "the line R is not in the geography",
    ]


@pytest.mark.parametrize("name", vvlab.builtin_maps())
def test_a_built_in_map_against_itself_keeps_the_relative_rules(name):
    own = vvlab.load_map(name)
    assert not [v for v in layout_violations(own, own) if v.rule in ("crossing", "order", "routes")]


def test_a_generated_city_is_checked_in_map_order():
    generated = generate_city(10, 80, seed=3)
    found = layout_violations(generated, generated)
    assert found == layout_violations(generated, generated)
    assert [v.rule for v in found] == sorted((v.rule for v in found), key=RULES.index)


def test_an_edge_of_length_0_is_named():
    layout = city({"a": (0, 0), "b": (0, 0), "c": (2, 0)}, {"P": ["a", "b", "c"]},
                  {("b", "c"): [(2, 0)]})  # fmt: skip
    found = [str(v) for v in layout_violations(layout, layout)]
    assert found == [
        "octilinear: the edge Alpha – Bravo has length 0",
        "near-edge: Alpha lies 0 median edges from the edge Bravo – Charlie",
        "close: Alpha and Bravo are 0 median edges apart",
    ]
