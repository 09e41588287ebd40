"""The sheet of a city whose lines bend between stations: drawn through the bends,
still readable."""

from __future__ import annotations

import pytest
from bent_city import BENT
from sheet_checks import check_boxes_on_own_lines, check_svg

import vvlab
from vvlab.printing import sheet_page
from vvlab.printing.page import Polyline
from vvlab.printing.plan import LINE_WIDTH
from vvlab.printing.svg import to_svg


@pytest.fixture(scope="module")
def bent():
    return vvlab.load_map(BENT)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_draws_the_bends_and_stays_readable(bent, paper):
    page = sheet_page(bent, paper=paper)
    check_svg(to_svg(page), bent)
    check_boxes_on_own_lines(page, bent)
    (drawn,) = [
        s
        for s in page.shapes
        if isinstance(s, Polyline) and s.stroke == "#D62728" and s.width == LINE_WIDTH
    ]
    assert len(drawn.points) == 9  # a, b; shifted b, both bends, c; c, the bend, e
    lowest = max(y for _, y in drawn.points)  # y points down on paper
    boxes = {r.data["station"]: r.box for r in page.rects("station")}
    assert lowest > boxes["b"][3]  # the bend below b-c is drawn below the stations
