"""The screen editor on its own (no window): any keys keep the screen and cursor sound; history and sending."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machine import keyboard as keys
from machine.keyboard import MAX_LINE, LineInput
from machine.screen import TextScreen

KEYS = [keys.BACKSPACE, keys.ERASE, keys.DELETE, keys.INSERT, keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN,
        keys.SCREEN_UP, keys.SCREEN_DOWN, keys.HOME, keys.END, keys.RETURN, "A", "7", "é", " ", "←"]


def editor(cols: int = 10, rows: int = 4, shown: str = "PRET\r\n") -> LineInput:
    screen = TextScreen(cols, rows)
    screen.write(shown)
    return LineInput(screen)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(KEYS), max_size=120), st.integers(3, 12), st.integers(2, 6))
def test_any_keys_keep_the_cursor_on_the_screen_and_the_rows_their_width(pressed, cols, rows):
    line = editor(cols, rows)
    for key in pressed:
        sent = line.key(key)
        assert sent is None or (key == keys.RETURN and len(sent) <= MAX_LINE + cols * rows)
        screen = line.screen
        assert 0 <= screen.cursor_row < rows and 0 <= screen.cursor_col <= cols
        assert all(len(row) == cols for row in screen.cells) and len(screen.cells) == rows
        assert len(screen.joined) == rows and not screen.joined[0]


def test_a_line_that_grows_below_the_line_being_typed_until_it_leaves_the_top_is_sent_where_it_stands():
    # (found by the test above: the line being typed had left the top, and Return copied the line sent onto its row,
    # read as row -1, the bottom one, which left the screen's top row continuing a row above it)
    line = editor(cols=4, rows=3)
    for key in [keys.RIGHT] * 7 + ["A", "A", keys.RIGHT, keys.RIGHT, "A", "A"]:
        line.key(key)
    assert line.text == ""  # (what was being typed left the top of the screen)
    assert line.key(keys.RETURN) == "   AA  AA"
    screen = line.screen
    assert screen.rows_text() == ["   A", "A  A", "A"] and screen.joined == [False, True, True]
    assert (screen.cursor_row, screen.cursor_col) == (2, 1) and line.anchor is None


def test_typing_past_the_last_column_wraps_onto_a_joined_row_sent_as_one_line():
    line = editor(cols=10, rows=4)
    for char in "?'ABCDEFGHIJKL'":
        line.key(char)
    assert line.screen.rows_text()[1:3] == ["?'ABCDEFGH", "IJKL'"] and line.screen.joined[2]
    assert line.key(keys.RETURN) == "?'ABCDEFGHIJKL'"


def test_the_question_of_lire_is_not_part_of_the_answer_and_home_stops_after_it():
    line = editor(shown="N ? ")
    for char in "12":
        line.key(char)
    line.key(keys.HOME)
    line.key("3")
    assert line.key(keys.RETURN) == "32"


def test_backspace_at_the_start_of_the_answer_does_not_eat_the_question():
    line = editor(shown="N ? ")
    line.key("1")
    for _ in range(5):
        line.key(keys.BACKSPACE)
    assert line.screen.rows_text()[0] == "N ?" and line.text == ""


def test_the_history_skips_a_line_sent_twice_in_a_row_and_keeps_no_empty_line():
    line = editor()
    for typed in ("?1", "?1", "", "?2"):
        for char in typed:
            line.key(char)
        line.remember(line.key(keys.RETURN))
    assert line.history == ["?1", "?2"]


def test_abandoning_an_empty_line_leaves_the_cursor_where_it_was():
    line = editor()
    line.key(keys.LEFT)
    line.key(keys.RIGHT)
    line.abandon()
    assert (line.screen.cursor_row, line.screen.cursor_col) == (1, 0) and line.anchor is None


@pytest.mark.parametrize(("cols", "rows", "typed", "sent", "bells"), [
    (40, 24, "A" * (MAX_LINE + 10), "A" * MAX_LINE, 10),
    (40, 24, "A" * MAX_LINE, "A" * MAX_LINE, 0),
    (10, 4, "A" * 45, "A" * 40, 5),
    (40, 24, ["A"] * MAX_LINE + [keys.HOME, keys.INSERT, "B"], "B" + "A" * (MAX_LINE - 1), 1),
], ids=["a key past the line's 250 characters rings the bell and is not taken",
        "a line of 250 characters rings nothing", "a key past the screen's room rings the bell too",
        "Insert in a full line rings the bell and opens nothing"])
def test_a_key_the_typed_line_has_no_room_for_rings_the_bell_and_what_was_typed_stays(cols, rows, typed, sent,
                                                                                      bells):
    line = editor(cols, rows)
    for key in typed:
        line.key(key)
    assert line.key(keys.RETURN) == sent
    assert line.screen.bells == bells


@pytest.mark.parametrize(("shown", "typed", "sent"), [
    ("PRET\r\n", "?123456789", "?123456789X"),
    ("N ? ", "", "X"),
], ids=["a line that fills its row", "an answer not begun after the question's space"])
def test_end_puts_the_cursor_after_the_line_so_that_a_key_typed_there_is_added(shown, typed, sent):
    line = editor(cols=10, rows=4, shown=shown)
    for key in [*typed, keys.HOME, keys.END, "X"]:
        line.key(key)
    assert line.key(keys.RETURN) == sent


def test_a_line_of_the_history_longer_than_the_screen_is_passed_over_never_sent_cut():
    line = editor(cols=10, rows=4)
    line.history = ["?1", "?" + "1" * 60]  # (the terminal's lines, in the shared history, hold up to 32 767)
    line.key(keys.UP)
    assert line.text == "?1"
    line.key(keys.DOWN)
    line.key("?")
    line.key(keys.UP)
    line.key(keys.UP)
    line.key(keys.DOWN)
    assert line.key(keys.DOWN) is None and line.key(keys.RETURN) == "?"
