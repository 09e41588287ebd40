"""Names in every script the sheet accepts: Hebrew and Arabic drawn in visual order
and joined (read glyph by glyph from the PDF), placed with the widths of the shaped
text, and letters the font has no glyph for refused by name."""

from __future__ import annotations

import pytest

import vvlab
from vvlab.printing import SheetTextError, sheet_page, write_sheet
from vvlab.printing.fonts import text_width

pypdf = pytest.importorskip("pypdf")
from pdf_glyphs import drawn_strings  # noqa: E402  (needs pypdf)

CAIRO = "القاهرة"
CAIRO_DRAWN = "\ufe93\ufeae\ufeeb\ufe8e\ufed8\ufedf\ufe8d"
"""ة ر ه ا ق ل ا from left to right, each in the form of its place in the word: teh
marbuta alone (reh does not join to the left), final reh, initial heh, final alef,
medial qaf, initial lam, alef alone."""


def _city(**names: str) -> dict:
    data = vvlab.load_map("tutorial").to_dict()
    for sid, name in names.items():
        data["stations"][sid]["name"] = name
    return data


def _drawn(tmp_path, data) -> list[str]:
    return drawn_strings(pypdf.PdfReader(str(write_sheet(data, tmp_path / "s.pdf"))))


def test_hebrew_is_drawn_from_right_to_left(tmp_path):
    drawn = _drawn(tmp_path, _city(central="תל אביב", mill="Tel Aviv תל אביב"))
    assert "ביבא לת" in drawn  # the first letter, tav, at the right end
    assert "Tel Aviv ביבא לת" in drawn  # a Latin run stays as it is, in its place
    assert "תל אביב" not in drawn


def test_arabic_is_joined_and_drawn_from_right_to_left(tmp_path):
    data = _city(park=CAIRO)
    data["name"] = f"{CAIRO} Cairo"
    drawn = _drawn(tmp_path, data)
    assert CAIRO_DRAWN in drawn
    assert f"Cairo {CAIRO_DRAWN}" in drawn  # the title, bold: the bold face joins too
    assert not any(CAIRO in text for text in drawn)  # never the bare letters in a row


def test_the_width_placing_a_name_is_that_of_its_shaped_form():
    lam_alef, lam, alef = "لا", "ل", "ا"
    assert text_width(lam_alef, 3.0) == pytest.approx(text_width("\ufefb", 3.0))
    assert text_width(lam_alef, 3.0) < text_width(lam, 3.0) + text_width(alef, 3.0)
    assert text_width(CAIRO, 2.2) == pytest.approx(text_width(CAIRO_DRAWN, 2.2))


def test_right_to_left_names_are_placed_like_any_other():
    page = sheet_page(_city(central="תל אביב", park=CAIRO))
    assert {"תל אביב", CAIRO} <= set(page.texts())  # the page keeps the reading order


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Tōkyō 東京", "東京"), ("Metro 🚇 Nord", "🚇"), ("서울역", "서울역")],
)
def test_letters_the_font_lacks_are_refused_by_name(tmp_path, name, shown):
    with pytest.raises(SheetTextError) as err:
        write_sheet(_city(central=name), tmp_path / "s.pdf")
    message = str(err.value)
    assert message.startswith(f"The sheet cannot draw {shown} (station {name!r})")
    assert "Latin, Greek, Cyrillic, Arabic or Hebrew" in message
    assert not (tmp_path / "s.pdf").exists()


def test_a_title_the_font_lacks_is_refused_too(tmp_path):
    data = _city()
    data["name"] = "北京"
    with pytest.raises(SheetTextError, match="cannot draw 北京 \\(the city's name"):
        write_sheet(data, tmp_path / "s.svg")


def test_a_joined_form_the_font_lacks_is_refused_as_its_letter(monkeypatch):
    from vvlab.printing import fonts

    widths, missing = fonts._advances(False)
    without = {code: w for code, w in widths.items() if code != 0xFEAE}  # final reh
    monkeypatch.setattr(fonts, "_advances", lambda bold: (without, missing))
    assert fonts.undrawable(CAIRO) == ["ر"]  # its letter, though the font has the letter
    assert fonts.undrawable("ر") == []  # alone it is drawn in its isolated form


def test_the_command_line_refuses_in_one_line(tmp_path, capsys):
    import io
    import json

    from vvlab.cli import main

    path = tmp_path / "tokyo.json"
    path.write_text(json.dumps(_city(central="Tōkyō 東京"), ensure_ascii=False), "utf-8")
    code = main(["sheet", str(path), "--out", str(tmp_path / "t.pdf")], out=io.StringIO())
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "Traceback" not in err
    assert err.startswith("vvlab sheet: The sheet cannot draw 東京 (station 'Tōkyō 東京')")
    assert not (tmp_path / "t.pdf").exists()
