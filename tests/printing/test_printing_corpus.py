"""Issue 28's corpus on paper: every GTFS feed in data/gtfs, laid out with the
schematic layout, prints on A4 and Letter; a station whose name finds no room is
named in a SheetWarning, never dropped silently."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from layouts import laid_out_result

from vvlab.design import from_gtfs
from vvlab.printing import SheetWarning, sheet_page

FEEDS = sorted(p for p in (Path(__file__).parents[2] / "data" / "gtfs").iterdir() if p.is_dir())


def laid_out(feed: Path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return laid_out_result(from_gtfs(feed)).city


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("feed", FEEDS, ids=lambda p: p.name)
def test_every_feed_prints_laid_out_and_names_any_unnamed_station(feed, paper, monkeypatch):
    import vvlab.printing.sheet as sheet

    city, plans, real = laid_out(feed), [], sheet.layout_sheet

    def keep_plan(*args):
        plans.append(real(*args))
        return plans[-1]

    monkeypatch.setattr(sheet, "layout_sheet", keep_plan)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sheet_page(city, paper=paper)
    said = " ".join(str(w.message) for w in caught if issubclass(w.category, SheetWarning))
    left_out = plans[0][1].names_left_out
    for sid in left_out:
        assert city.stations[sid].name in said
    assert bool(said) == bool(left_out)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("seed", [21, 24])
def test_generated_cities_with_wide_bundles_print_laid_out(seed, paper):
    """Four lines side by side into a station widen its box: the layout keeps other
    stations a unit further from it, so the sheet still prints."""
    from vvlab.model.generate import generate_city

    city = laid_out_result(generate_city(8 + seed % 3, 60 + (7 * seed) % 31, seed=seed)).city
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SheetWarning)
        page = sheet_page(city, paper=paper)
    assert len(page.rects("station")) == len(city.stations)


def test_a_station_left_unnamed_is_named_in_the_warning(monkeypatch):
    import vvlab.printing.sheet as sheet

    real = sheet.layout_sheet

    def leave_out_the_zoo(*args, **kwargs):
        page, plan = real(*args, **kwargs)
        return page, plan.__class__(plan.shapes, plan.boxes, plan.scale, ("zoo",))

    monkeypatch.setattr(sheet, "layout_sheet", leave_out_the_zoo)
    with pytest.warns(SheetWarning, match=r"TUTORIAL|Tutorial.*Zoo"):
        sheet_page("tutorial")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_layout_filling_the_schematic_frame_prints(paper):
    """schematic() aims at FRAME grid units (stations two apart) so that its layouts
    print: two lines along the frame's bottom and left edges, stations at every other
    unit, print on both papers."""
    from vvlab.design.schematic import FRAME
    from vvlab.model import CityMap

    width, height = FRAME
    bottom = [(x, 0) for x in range(width, 0, -2)] + [(0, 0)]
    left = [(0, y) for y in range(2, height + 1, 2)]
    ids = {point: f"s{k}" for k, point in enumerate(bottom + left)}
    stations = {
        sid: {"name": f"S{k}", "x": p[0], "y": p[1]} for k, (p, sid) in enumerate(ids.items())
    }
    routes = [[ids[p] for p in bottom], [ids[(0, 0)], *(ids[p] for p in left)]]
    lines = [
        {
            "id": name,
            "name": name,
            "color": color,
            "indicators": 3,
            "bonus": [6, 3],
            "stations": route,
        }
        for name, color, route in zip(("A", "B"), ("#D62728", "#1F77B4"), routes, strict=True)
    ]
    city = CityMap.from_dict({"format": "vvlab-map/1", "id": "frame", "name": "Frame",
                              "stations": stations, "lines": lines})  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        page = sheet_page(city, paper=paper)
    assert len(page.rects("station")) == len(stations)
