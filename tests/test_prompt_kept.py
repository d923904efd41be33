"""The prompt keeps what a person made: programs kept for RC across a closing, a line erased by its number alone
taken back, and a listing that shows every character of a line without obeying it."""

from __future__ import annotations

import pytest

from machine.disk import Disk
from tests.test_monitor import Session

CONTROLS = "10 AFFICHER 'A\x1b[2JB\x07C\x0cD'\n20 AFFICHER 'E\x08F\x7fG\tH'\n30 TERMINER\n"


@pytest.fixture
def session(tmp_path) -> Session:
    return Session(Disk(tmp_path))


# ------------------------------------------------------------- a listing shows, never obeys

def test_lister_names_each_control_character_of_a_line_and_rings_nothing(tmp_path):
    (tmp_path / "CTL.lse").write_bytes(CONTROLS.encode())
    session = Session(Disk(tmp_path))
    session.type("AP CTL")
    screen = session.micro.screen
    bells = screen.bells
    start = len(session.chunks)
    session.type("LI")
    raw = "".join(session.chunks[start:])  # (what reached the screen, its BEL kept)
    assert not any(ch in raw for ch in "\x1b\x07\x0c\x08\x7f\t"), repr(raw)
    assert raw.replace("\r\n", "\n") == ("\n10 AFFICHER 'A\\X1B[2JB\\X07C\\X0CD'\n20 AFFICHER 'E\\X08F\\X7FG H'"
                                         "\n30 TERMINER\nPRET\n")
    assert screen.bells == bells and "10 AFFICHER 'A\\X1B[2JB\\X07C\\X0CD'" in screen.rows_text()  # (no FF cleared it)


def test_a_listing_changes_nothing_stored_or_saved(tmp_path):
    (tmp_path / "CTL.lse").write_bytes(CONTROLS.encode())
    session = Session(Disk(tmp_path))
    session.type("AP CTL", "LI", "RA COPIE")
    assert (tmp_path / "COPIE.lse").read_bytes() == CONTROLS.encode()
    assert session.monitor.lines[10] == "AFFICHER 'A\x1b[2JB\x07C\x0cD'"


def test_pas_a_pas_shows_the_line_it_stops_before_as_lister_does(tmp_path):
    (tmp_path / "CTL.lse").write_text("10 A_'\x07'\n20 TERMINER\n")
    session = Session(Disk(tmp_path))
    session.type("AP CTL", "PA")
    start = len(session.chunks)
    session.type("EX")
    assert "".join(session.chunks[start:]).replace("\r\n", "\n") == "\n10 A_'\\X07'\nPRET\n"


# ------------------------------------------------------------- a line erased by its number alone

def test_a_line_erased_by_its_number_alone_comes_back_with_rc(session):
    session.type("10 AFFICHER 1", "20 AFFICHER 2", "30 TERMINER")
    assert session.type("20") == "\n"  # (quiet, as a line stored is)
    assert session.type("LI") == "\n10 AFFICHER 1\n30 TERMINER\nPRET\n"
    assert session.type("RC") == "\nRECUPERE: 3 LIGNES (10 A 30)\nPRET\n"
    assert session.type("LI") == "\n10 AFFICHER 1\n20 AFFICHER 2\n30 TERMINER\nPRET\n" and session.monitor.unsaved()


def test_lines_erased_one_after_another_come_back_together(session):
    session.type("10 AFFICHER 1", "20 AFFICHER 2", "30 AFFICHER 3", "40 TERMINER", "EF *", "O")
    session.type("10 AFFICHER 'A'", "20 AFFICHER 'B'", "30 TERMINER", "10", "EF 20", "30")
    assert session.type("LI") == "\nPRET\n"
    session.type("RC")  # the program before the first of the erasures in a row, all three lines back
    assert session.type("LI") == "\n10 AFFICHER 'A'\n20 AFFICHER 'B'\n30 TERMINER\nPRET\n"
    session.type("RC")  # then the program EF * replaced, kept apart
    assert session.monitor.lines[40] == "TERMINER"


def test_lines_erased_one_by_one_push_out_no_program_rc_holds(session):
    from machine.keeping import KEPT_REPLACED
    session.type("10 AFFICHER 'MIEN'", "EF *", "O")
    session.type(*(f"{number} AFFICHER {number}" for number in range(100, 120)))
    for number in range(100, 100 + KEPT_REPLACED + 2):  # each erasure after a line typed: a copy each
        session.type("5 AFFICHER 5", str(number))
    taken = []
    for _ in range(KEPT_REPLACED):
        session.type("RC")
        taken.append(dict(session.monitor.lines))
    assert {10: "AFFICHER 'MIEN'"} in taken


def test_a_line_number_alone_with_no_such_line_keeps_nothing_for_rc(session):
    session.type("10 AFFICHER 1", "20")
    assert session.monitor.replaced == [] and session.monitor.lines == {10: "AFFICHER 1"}
