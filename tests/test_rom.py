"""Tests of the character-generator ROM roms/font.txt and of its loader machine/rom.py."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections import defaultdict

import pytest

from machine.errors import InternalError
from machine.rom import FONT_PATH, PLACEHOLDER, Font, load_font, parse_font

ASCII = [chr(c) for c in range(0x20, 0x7F)]
FRENCH = list("éèêëàâùûüçôîïœ" "ÉÈÊËÀÂÙÛÜÇÔÎÏŒ" "«»°")
LSE = ["←", "↑"]
BLOCKS = list("█▀▄▌▐░▒▓■□▪●○")
BOXES = list("─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬")
CYRILLIC = [chr(c) for c in range(0x410, 0x450)] + ["Ё", "ё"]
REQUIRED = ASCII + FRENCH + LSE + BLOCKS + BOXES + CYRILLIC

# Cyrillic letters drawn exactly like a Latin one: the only letters allowed to share a glyph.
LOOKALIKES = {
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "Х": "X", "Ё": "Ë", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ё": "ë",
}

GOOD_A = "0041:183C66667E666600"
GOOD_PLACEHOLDER = "FFFD:FFD5ABD5ABD5ABFF"


@pytest.fixture(scope="module")
def font() -> Font:
    return load_font()


def test_the_rom_has_at_least_ascii_accents_cyrillic_and_the_box_and_block_set(font):
    assert len(font) >= 95 + 30 + 66 + len(BLOCKS) + len(BOXES)
    assert len(set(REQUIRED)) == len(REQUIRED) == 95 + 31 + 2 + len(BLOCKS) + len(BOXES) + 66


@pytest.mark.parametrize("ch", REQUIRED, ids=[f"U+{ord(c):04X}" for c in REQUIRED])
def test_every_required_character_has_a_glyph_of_its_own(font, ch):
    assert font.has(ch)
    assert font.glyph(ch) != font.placeholder


def test_every_glyph_is_eight_rows_of_one_byte_and_eight_pixels_wide(font):
    assert (font.width, font.height) == (8, 8)
    for code in font.codes:
        rows = font.glyph(chr(code))
        assert len(rows) == font.height and all(0 <= r <= 0xFF for r in rows)
        assert [len(row) for row in font.pixels(chr(code))] == [8] * 8


def test_space_is_blank_the_full_block_is_lit_and_a_has_its_drawn_rows(font):
    assert font.glyph(" ") == (0,) * 8
    assert font.glyph("█") == (0xFF,) * 8
    assert font.glyph("A") == (0x18, 0x3C, 0x66, 0x66, 0x7E, 0x66, 0x66, 0x00)
    assert font.pixels("A")[0] == [False, False, False, True, True, False, False, False]
    assert font.pixels("_")[7] == [True] * 8


def test_a_missing_character_gives_the_placeholder_without_raising(font):
    assert not font.has("♠")
    assert font.glyph("♠") == font.placeholder == font.glyph(chr(PLACEHOLDER))
    assert font.glyph("") == font.placeholder
    assert font.glyph("AB") == font.placeholder
    assert any(font.placeholder) and font.placeholder != font.glyph("▒")


def test_distinct_letters_have_distinct_glyphs_except_cyrillic_latin_lookalikes(font):
    by_glyph: dict[tuple[int, ...], set[str]] = defaultdict(set)
    for ch in REQUIRED:
        by_glyph[font.glyph(ch)].add(ch)
    shared = [sorted(chars) for chars in by_glyph.values() if len(chars) > 1]
    allowed = [sorted((cyr, lat)) for cyr, lat in LOOKALIKES.items()]
    assert sorted(shared) == sorted(allowed)


@pytest.mark.parametrize("ch", [c for c in CYRILLIC if c not in LOOKALIKES])
def test_cyrillic_letters_without_a_latin_twin_differ_from_every_ascii_glyph(font, ch):
    assert font.glyph(ch) not in {font.glyph(a) for a in ASCII}


@pytest.mark.parametrize("ch", list("gjpqy"))
def test_lower_case_descenders_reach_the_bottom_row(font, ch):
    assert font.glyph(ch)[7] != 0


@pytest.mark.parametrize(("accented", "base"), [("é", "e"), ("à", "a"), ("ù", "u"), ("É", "E"), ("Ç", "C")])
def test_accented_letters_differ_from_their_base_letter_and_keep_the_top_rows_for_the_accent(font, accented, base):
    assert font.glyph(accented) != font.glyph(base)
    assert font.glyph(accented)[0] != 0 or accented == "Ç"


def test_font_txt_is_what_make_font_generates_from_the_ascii_art_source():
    spec = importlib.util.spec_from_file_location("make_font", FONT_PATH.parent / "tools" / "make_font.py")
    make_font = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_font)
    assert FONT_PATH.read_text(encoding="utf-8") == make_font.build()


def test_a_well_formed_file_with_comments_and_blank_lines_loads(tmp_path):
    path = tmp_path / "font.txt"
    path.write_text(f"# heading\n\n{GOOD_A}\n  # indented comment\n{GOOD_PLACEHOLDER}\n0416:dbdb7e3c7edbdb00\n")
    font = load_font(path)
    assert len(font) == 3 and font.has("A") and font.has("Ж")
    assert font.glyph("Ж")[0] == 0xDB


@pytest.mark.parametrize(("bad", "reason"), [
    ("00G1:183C66667E666600", "CODE:ROWS"),
    ("0042:183C66667E6666", "exactly 16 hex digits"),
    ("0042:183C66667E66660000", "exactly 16 hex digits"),
    ("0042:183C66667E66660Z", "exactly 16 hex digits"),
    ("0042 183C66667E666600", "CODE:ROWS"),
    ("0042:183C 66667E666600", "CODE:ROWS"),
    ("110000:183C66667E666600", "not a Unicode code point"),
    ("0041:0000000000000000", "defined twice"),
])
def test_a_malformed_line_is_rejected_naming_its_line_number(bad, reason):
    text = f"# test font\n{GOOD_A}\n{bad}\n{GOOD_PLACEHOLDER}\n"
    with pytest.raises(InternalError, match=reason) as info:
        parse_font(text, "test.txt")
    assert "test.txt line 3" in str(info.value)


def test_a_font_without_the_placeholder_glyph_is_rejected():
    with pytest.raises(InternalError, match="placeholder"):
        parse_font(GOOD_A + "\n")


def test_an_unreadable_font_file_is_an_internal_error(tmp_path):
    with pytest.raises(InternalError, match="cannot read font"):
        load_font(tmp_path / "nothing.txt")


def test_the_rom_module_imports_with_pygame_blocked(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygame", None)
    monkeypatch.delitem(sys.modules, "machine.rom", raising=False)
    assert importlib.import_module("machine.rom").load_font().has("A")
