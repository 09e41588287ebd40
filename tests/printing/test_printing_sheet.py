"""The sheet's layout, checked on its SVG and its shapes: every built-in city (laid out
schematically where its own coordinates are too cramped) and generated cities."""

from __future__ import annotations

import math

import pytest
from layouts import laid_out_result
from sheet_checks import check_boxes_on_own_lines, check_no_overlaps, check_svg

import vvlab
from vvlab.model.generate import generate_city
from vvlab.printing import SheetLayoutError, sheet_page, write_sheet
from vvlab.printing.page import paper_size
from vvlab.printing.plan import BOX_GAP, box_sides
from vvlab.printing.sheet import HEADER, MARGIN, PANEL
from vvlab.printing.svg import to_svg

GENERATED = [(4, 20, 0), (6, 35, 2), (10, 80, 1)]
"""Generated cities too cramped to print as drawn (uniformly random stations)."""
SPACIOUS = [(3, 12, 8), (3, 16, 23), (4, 16, 23)]
"""Generated cities whose own coordinates leave room for every box."""


def _laid_out(city):
    """The city's schematic layout as ``vvlab sheet --schematic`` makes it, worked out
    once per process (``layouts.py``: shared with the layout tests)."""
    return laid_out_result(city).city


def _printable(city, paper="a4"):
    """The city's page: its own coordinates, or (where they are too cramped) the
    schematic layout. A schematic layout still too cramped for the paper fails the test
    with the error naming the pairs."""
    try:
        return city, sheet_page(city, paper=paper)
    except SheetLayoutError as err:
        check_error_is_real(city, err)
    laid_out = _laid_out(city)
    return laid_out, sheet_page(laid_out, paper=paper)


def check_error_is_real(city, err: SheetLayoutError) -> None:
    """Every pair the error names is close enough for its boxes to touch."""
    assert err.pairs or err.covers or err.unplaced
    sides = box_sides(city)
    for a, b, mm in err.pairs:
        reach = (sides[a] + sides[b]) / 2
        assert mm < (reach + BOX_GAP) * math.sqrt(2)


def check_page(city, page, paper="a4") -> None:
    check_svg(to_svg(page), city)
    width = paper_size(paper).landscape[0]
    check_no_overlaps(page, width - MARGIN - PANEL, MARGIN + HEADER - 1.0)
    check_boxes_on_own_lines(page, city)


@pytest.mark.parametrize("name", vvlab.builtin_maps())
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_builtin_city_prints_readably(name, paper):
    city, page = _printable(vvlab.load_map(name), paper)
    check_page(city, page, paper)


@pytest.mark.parametrize("name", vvlab.builtin_maps())
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_builtin_city_prints_readably_laid_out_schematically(name, paper):
    city = _laid_out(vvlab.load_map(name))
    check_page(city, sheet_page(city, paper=paper), paper)


@pytest.mark.parametrize(("lines", "stations", "seed"), GENERATED)
def test_generated_cities_print_readably(lines, stations, seed):
    city, page = _printable(generate_city(lines=lines, stations=stations, seed=seed))
    check_page(city, page)


@pytest.mark.parametrize(("lines", "stations", "seed"), SPACIOUS)
def test_spacious_generated_cities_print_as_drawn(lines, stations, seed):
    city = generate_city(lines=lines, stations=stations, seed=seed)
    for paper in ("a4", "letter"):
        check_page(city, sheet_page(city, paper=paper), paper)


def test_the_tutorial_fits_as_drawn_with_every_name():
    city = vvlab.load_map("tutorial")
    page = sheet_page(city)
    check_page(city, page)
    texts = page.texts()
    assert {s.name for s in city.stations.values()} <= set(texts)
    for line in city.lines:
        assert texts.count(line.id) >= 3  # both ends of the plan and the wagon
    assert "Tutorial" in texts and any("voll-verplant" in t for t in texts)


def test_the_berlin_error_names_the_pairs_and_the_ways_out():
    city = vvlab.load_map("berlin")
    with pytest.raises(SheetLayoutError) as caught:
        sheet_page(city)
    err = caught.value
    check_error_is_real(city, err)
    a, b, _ = err.pairs[0]
    message = str(err)
    assert f"{a} / {b}" in message and "editor" in message and "larger paper" in message
    assert "Print it with schematic=True to lay" in message and "--" not in message  # Python's way
    assert "Print it with --schematic to lay" in err.told("--schematic")


def test_the_score_area_follows_the_ruleset():
    vv = sheet_page("tutorial").texts()
    mx = sheet_page("tutorial", ruleset="metro-x").texts()
    assert any("÷ 2, rounded down" in t for t in vv)
    assert any("20+: −10" in t for t in " ".join(mx).split(", ")) or any("−10" in t for t in mx)
    for texts, deck in ((vv, "14 cards"), (mx, "15 cards")):
        assert any(deck in t for t in texts)
        assert any("Shuffle cards" in t for t in texts)
        assert "= Total" in texts and "− Penalty" in texts


def test_bad_input_writes_nothing(tmp_path):
    target = tmp_path / "sheet.pdf"
    with pytest.raises(ValueError, match="unknown paper size 'a3'"):
        write_sheet("tutorial", target, paper="a3")
    with pytest.raises(vvlab.MapError):
        write_sheet(tmp_path / "missing.json", target)
    with pytest.raises(SheetLayoutError):
        write_sheet("berlin", target)
    with pytest.raises(ValueError, match="copies"):
        write_sheet("tutorial", target, copies=0)
    assert list(tmp_path.iterdir()) == []
    target.write_text("keep")
    with pytest.raises(FileExistsError):
        write_sheet("tutorial", target)
    assert target.read_text() == "keep"
    write_sheet("tutorial", target, overwrite=True)
    assert target.read_bytes().startswith(b"%PDF-")


def test_schematic_lays_the_city_out_first(monkeypatch):
    import vvlab.design

    seen = []

    def fake_schematic(city, *, grid=1.0, time_limit_s=60, progress=None, cancel=None):
        seen.append(city.id)
        return vvlab.load_map("tutorial")

    monkeypatch.setattr(vvlab.design, "schematic", fake_schematic, raising=False)
    page = sheet_page("berlin", schematic=True)
    assert seen == ["berlin"]
    assert len(page.rects("station")) == 12


def test_a_schematic_layout_still_too_cramped_says_so(monkeypatch):
    import vvlab.design

    monkeypatch.setattr(vvlab.design, "schematic", lambda city, **_: city, raising=False)
    with pytest.raises(SheetLayoutError, match="laid out schematically already"):
        sheet_page("berlin", schematic=True)
