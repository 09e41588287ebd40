"""The PDF sheets and cards, parsed with pypdf: page sizes, text, embedded fonts, no
raster images."""

from __future__ import annotations

import pytest

import vvlab
from vvlab.printing import write_cards, write_sheet

pypdf = pytest.importorskip("pypdf")

POINTS = {"a4": (841.89, 595.28), "letter": (792.0, 612.0)}
"""Landscape page sizes in PDF points."""


def _read(path):
    return pypdf.PdfReader(str(path))


def _fonts(page) -> list:
    fonts = page["/Resources"]["/Font"]
    return [fonts[name].get_object() for name in fonts]


def _embedded(font) -> bool:
    """A TrueType font (or a Type 0 font over one) whose file is in the PDF."""
    if font["/Subtype"] == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font["/FontDescriptor"].get_object()
    return "/FontFile2" in descriptor


def check_vector_only(reader) -> None:
    """Every font embedded, no image anywhere."""
    for page in reader.pages:
        assert all(_embedded(font) for font in _fonts(page))
        xobjects = page["/Resources"].get("/XObject", {})
        assert all(xobjects[n].get_object()["/Subtype"] != "/Image" for n in xobjects)
        assert not page.images


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sheet_is_one_landscape_page_of_the_paper(tmp_path, paper):
    reader = _read(write_sheet("tutorial", tmp_path / "t.pdf", paper=paper))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == POINTS[paper]


def test_the_text_holds_every_line_id_and_bonus(tmp_path):
    city = vvlab.load_map("tutorial")
    text = _read(write_sheet(city, tmp_path / "t.pdf")).pages[0].extract_text()
    words = text.split()
    for line in city.lines:
        assert words.count(line.id) >= 3
        assert str(line.bonus_first) in words and str(line.bonus_later) in words
    assert "Tutorial" in text and "voll-verplant" in text


def test_fonts_are_embedded_and_there_are_no_images(tmp_path):
    check_vector_only(_read(write_sheet("tutorial", tmp_path / "t.pdf")))


def test_accented_names_come_out_as_written(tmp_path):
    data = vvlab.load_map("tutorial").to_dict()
    data["name"] = "Praha Můstek"
    data["stations"]["central"]["name"] = "Můstek"
    data["stations"]["park"]["name"] = "Náměstí Míru"
    reader = _read(write_sheet(data, tmp_path / "praha.pdf"))
    text = reader.pages[0].extract_text()
    assert "Praha Můstek" in text and "Náměstí Míru" in text
    check_vector_only(reader)


def test_copies_give_one_page_each(tmp_path):
    reader = _read(write_sheet("tutorial", tmp_path / "t.pdf", copies=3, paper="letter"))
    assert len(reader.pages) == 3
    assert reader.pages[0].extract_text() == reader.pages[2].extract_text()


@pytest.mark.parametrize(("ruleset", "pages"), [("voll-verplant", 2), ("metro-x", 2)])
def test_cards_are_vector_pages_of_the_deck(tmp_path, ruleset, pages):
    reader = _read(write_cards(tmp_path / "cards.pdf", ruleset=ruleset, paper="letter"))
    assert len(reader.pages) == pages
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == (612.0, 792.0)
    check_vector_only(reader)
    text = " ".join(page.extract_text() for page in reader.pages)
    assert text.count("shuffle after this turn") == 1
    assert text.split().count("star") == 2


def test_a_custom_ruleset_prints_its_own_cards(tmp_path):
    from vvlab import Card
    from vvlab.engine.rulesets import Penalty, Ruleset

    house = Ruleset("house", deck=(Card.number(2),) * 4 + (Card.star(shuffle=True),),
                    penalty=Penalty(divisor=3))  # fmt: skip
    reader = _read(write_cards(tmp_path / "house.pdf", ruleset=house))
    assert len(reader.pages) == 1
    assert "house" in reader.pages[0].extract_text()
