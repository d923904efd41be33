"""Tests of the Micro's character screen: wrap, scroll, control characters, reading back."""

from __future__ import annotations

import importlib
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machine import screen as screen_module
from machine.screen import TextScreen


def screen_after(text: str, cols: int = 10, rows: int = 3) -> TextScreen:
    """Return a fresh screen after writing text to it."""
    s = TextScreen(cols, rows)
    s.write(text)
    return s


@pytest.mark.parametrize(("text", "rows", "cursor"), [
    ("HELLO", ["HELLO", "", ""], (0, 5)),
    ("ABCDEFGHIJKL", ["ABCDEFGHIJ", "KL", ""], (1, 2)),
    ("AB\r\nCD", ["AB", "CD", ""], (1, 2)),
    ("AB\nCD", ["AB", "  CD", ""], (1, 4)),
    ("ABCD\rXY", ["XYCD", "", ""], (0, 2)),
    ("ABC\bX", ["ABX", "", ""], (0, 3)),
    ("\bA", ["A", "", ""], (0, 1)),
    ("AB\x0cC", ["C", "", ""], (0, 1)),
    ("A\x07B", ["AB", "", ""], (0, 2)),
    ("A\x00\x01\x1b\x7fB", ["AB", "", ""], (0, 2)),
    ("\t\vA", ["A", "", ""], (0, 1)),
    ("é€", ["é€", "", ""], (0, 2)),
])
def test_write_places_characters_and_obeys_control_characters(text, rows, cursor):
    s = screen_after(text)
    assert s.rows_text() == rows
    assert (s.cursor_row, s.cursor_col) == cursor


def test_a_full_row_leaves_the_wrap_pending_until_the_next_printable_character():
    s = screen_after("0123456789")
    assert (s.cursor_row, s.cursor_col) == (0, 10)
    assert s.cursor_cell() == (0, 9)
    s.write("A")
    assert s.rows_text() == ["0123456789", "A", ""]
    assert (s.cursor_row, s.cursor_col) == (1, 1)


@pytest.mark.parametrize("newline", ["\r\n", "\n\r"])
def test_a_newline_right_after_a_full_row_makes_no_blank_line(newline):
    s = screen_after("0123456789" + newline + "NEXT")
    assert s.rows_text() == ["0123456789", "NEXT", ""]


def test_backspace_after_a_full_row_goes_to_the_last_column():
    s = screen_after("0123456789\bX")
    assert s.rows_text() == ["012345678X", "", ""]
    assert (s.cursor_row, s.cursor_col) == (0, 10)


def test_line_feed_keeps_a_pending_wrap_so_the_next_character_wraps_below():
    s = screen_after("0123456789\nA")
    assert s.rows_text() == ["0123456789", "", "A"]


def test_writing_past_the_last_row_scrolls_up_and_loses_the_top_row():
    s = screen_after("ONE\r\nTWO\r\nTHREE\r\nFOUR")
    assert s.rows_text() == ["TWO", "THREE", "FOUR"]
    assert (s.cursor_row, s.cursor_col) == (2, 4)


def test_wrapping_on_the_last_row_scrolls():
    s = screen_after("A\r\nB\r\n0123456789XY")
    assert s.rows_text() == ["B", "0123456789", "XY"]


def test_line_feed_on_the_last_row_scrolls_and_keeps_the_column():
    s = screen_after("A\r\nB\r\nCD\nE")
    assert s.rows_text() == ["B", "CD", "  E"]


def test_a_long_string_wraps_and_scrolls_in_one_write():
    s = screen_after("".join(chr(65 + i % 26) for i in range(45)))
    assert s.rows_text() == ["UVWXYZABCD", "EFGHIJKLMN", "OPQRS"]
    assert (s.cursor_row, s.cursor_col) == (2, 5)


def test_form_feed_clears_the_screen_and_homes_the_cursor():
    s = screen_after("ABC\r\nDEF\x0c")
    assert s.rows_text() == ["", "", ""]
    assert (s.cursor_row, s.cursor_col) == (0, 0)


def test_bell_counts_and_draws_nothing():
    s = screen_after("\x07\x07A\x07")
    assert s.bells == 3
    assert s.text() == "A"


def test_backspace_at_column_zero_stays_and_does_not_erase():
    s = screen_after("AB\r\n\b\bC")
    assert s.rows_text() == ["AB", "C", ""]


@pytest.mark.parametrize(("text", "rows", "cursor"), [
    ("ABC", ["AB", "", ""], (0, 2)),
    ("0123456789", ["012345678", "", ""], (0, 9)),
    ("0123456789A", ["0123456789", "", ""], (1, 0)),
    ("0123456789\r\n", ["012345678", "", ""], (0, 9)),
    ("0123456789AB", ["0123456789", "A", ""], (1, 1)),
    ("", ["", "", ""], (0, 0)),
])
def test_erase_char_blanks_the_character_before_the_cursor(text, rows, cursor):
    s = screen_after(text)
    s.erase_char()
    assert s.rows_text() == rows
    assert (s.cursor_row, s.cursor_col) == cursor


def test_rows_text_strips_trailing_spaces_but_keeps_inner_ones():
    s = screen_after("A  B   ")
    assert s.rows_text() == ["A  B", "", ""]


def test_text_drops_trailing_empty_rows_but_keeps_inner_ones():
    s = screen_after("A\r\n\r\n")
    assert s.text() == "A"
    s.write("C")
    assert s.text() == "A\n\nC"


def test_clear_blanks_everything_and_homes_the_cursor():
    s = screen_after("ABC\r\nDEF")
    s.clear()
    assert s.text() == ""
    assert (s.cursor_row, s.cursor_col) == (0, 0)


@pytest.mark.parametrize("action", [
    lambda s: s.write("A"), lambda s: s.write("\r"), lambda s: s.write("\x07"),
    lambda s: s.clear(), lambda s: s.erase_char(), lambda s: s.scroll(),
])
def test_every_change_marks_the_screen_dirty(action):
    s = screen_after("XY")
    s.dirty = False
    action(s)
    assert s.dirty


def test_writing_nothing_leaves_the_screen_clean():
    s = screen_after("XY")
    s.dirty = False
    s.write("")
    assert not s.dirty


def test_a_40_by_25_screen_takes_a_long_text_quickly():
    s = TextScreen(40, 25)
    s.write(("LIGNE DE TEXTE\r\n" * 2000) + "FIN")
    assert s.rows_text()[-1] == "FIN"
    assert s.rows_text()[0] == "LIGNE DE TEXTE"


def test_the_screen_module_imports_with_pygame_blocked(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygame", None)
    monkeypatch.delitem(sys.modules, "machine.screen", raising=False)
    assert importlib.import_module("machine.screen").TextScreen(4, 2).text() == ""


def screen_state(s: TextScreen) -> tuple:
    return s.rows_text(), s.cursor_row, s.cursor_col, s.bells


@pytest.mark.parametrize("before", ["", "AB", "ABCDEFGHIJ", "ABCDEFGHIJK", "\r\n\r\n", "\r\n\r\nXYZ",
                                    "\r\n\r\nABCDEFGHIJ", "\n\n\n"])
@pytest.mark.parametrize("line", ["N=  1 Q=\r\n", "\r\n", "ABCDEFGHIJ\r\n", "ABCDEFGHIJKLMNOPQRSTUVWXY\r\n",
                                  "é€\r\n", "A\aB\r\n", "AB\n\r\n", "AB\r\n\r\n", "AB\r", "AB\n", "A\tB\r\n",
                                  "\a\r\n", "\x7f\r\n", "\b\r\n", "\x0c\r\n", "\r\r\n"])
def test_a_line_ending_in_cr_lf_lands_as_if_written_one_character_at_a_time(before, line):
    whole, by_char = TextScreen(10, 3), TextScreen(10, 3)
    whole.write(before)
    by_char.write(before)
    whole.write(line)
    for ch in line:
        by_char.write(ch)
    assert screen_state(whole) == screen_state(by_char)


PIECES = st.lists(st.sampled_from(["A", "BC", "0123456", " ", "\r", "\n", "\r\n", "LINE\r\n", "\b", "\a", "\x0c",
                                   "\x01"]), max_size=60).map("".join)


def state(screen: TextScreen) -> tuple:
    return ([list(row) for row in screen.cells], list(screen.joined), screen.cursor_row, screen.cursor_col,
            screen.bells)


@settings(max_examples=300)
@given(st.lists(PIECES, max_size=12), st.integers(1, 6), st.integers(1, 4))
def test_text_written_then_read_shows_what_placing_each_piece_at_once_shows(pieces, cols, rows) -> None:
    # A written text is placed when the screen is read, and only what can still be seen (TextScreen._seen).
    at_once = TextScreen(cols, rows)
    for piece in pieces:
        at_once._place(piece)  # the placing itself, with nothing kept and nothing left out
    kept = TextScreen(cols, rows)
    for piece in pieces:
        kept.write(piece)
    assert state(kept) == state(at_once)


def test_a_long_output_is_placed_by_parts_as_it_comes(monkeypatch) -> None:
    monkeypatch.setattr(screen_module, "SETTLE_SIZE", 100)
    screen = TextScreen(10, 3)
    for number in range(1000):
        screen.write(f"LINE {number}\r\n")
        assert screen._pending_size <= 100 + len(f"LINE {number}\r\n")  # never more kept than that
    assert screen.rows_text() == ["LINE 998", "LINE 999", ""]


def test_the_start_of_a_line_scrolled_off_the_top_is_kept_until_a_new_line_reaches_the_top():
    screen = TextScreen(4, 2)
    screen.write("ABCDEFGHIJ")  # three rows on a screen of two: ABCD scrolled off
    assert screen.rows_text() == ["EFGH", "IJ"] and screen.above == "ABCD"
    screen.write("\r\nK")
    assert screen.rows_text() == ["IJ", "K"] and screen.above == "ABCDEFGH"
    screen.write("\r\nL")
    assert screen.rows_text() == ["K", "L"] and screen.above == ""
    screen.write("MNOPQRST")
    screen.clear()
    assert screen.above == ""
