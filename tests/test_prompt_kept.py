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


def test_an_error_quoting_a_line_shows_it_as_lister_does_its_caret_under_the_character(tmp_path):
    (tmp_path / "CTL.lse").write_text("10 AFFICHER 'A\x07B' +\n20 TERMINER\n")
    session = Session(Disk(tmp_path))
    said = session.type("AP CTL")
    assert "\n10 AFFICHER 'A\\X07B' +\n                      ^\n" in said and "\x07" not in said
    assert session.type("LI 10") == "\n10 AFFICHER 'A\\X07B' +\nPRET\n"


def test_a_message_quoting_what_was_typed_names_its_control_characters_too(session):
    assert session.type("LI \x1b[2J") == "\nCOMMANDE INVALIDE \\X1B[2J\nPRET\n"


LISTED_BACK = ("10 AFFICHER 'A\x1b[2JB\x07C\x0cD'\n20 AFFICHER '\\X07 \\X41 \\U200B0041 \\'\n"
               "30 AFFICHER '\u200b0041\U000e0001Z\\\\X5C'\n40 TERMINER\n")


def test_a_listed_line_typed_back_is_the_line_listed_each_name_read_as_its_character(tmp_path):
    (tmp_path / "CTL.lse").write_text(LISTED_BACK)
    session = Session(Disk(tmp_path))
    session.type("AP CTL")
    stored = dict(session.monitor.lines)
    listing = session.type("LI").split("\n")[1:-2]
    assert listing[1] == "20 AFFICHER '\\X5CX07 \\X41 \\X5CU200B0041 \\'"  # (a backslash that would name: named)
    session.type("EF *", "O", *listing)
    assert session.monitor.lines == stored
    assert session.type("? LGR('A\\X07B'),LGR('\\X41')") == "\n3 4 \nPRET\n"


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


# ------------------------------------------------------------- the programs RC holds, kept at a closing

def test_a_closing_keeps_each_unsaved_program_rc_held_the_one_in_memory_first(tmp_path):
    first = Session(Disk(tmp_path))
    first.type("10 AFFICHER 'A'", "EF *", "O", "10 AFFICHER 'B'", "AP NIM", "O", "AP QUEENS", "5 AFFICHER 'C'")
    first.monitor.shutdown()  # (the window closed, Ctrl-D, SIGHUP): NIM, unchanged from the book, is not kept
    again = Session(Disk(tmp_path))
    assert again.micro.screen.rows_text()[1] == "3 PROGRAMMES NON RANGES ONT ETE GARDES:"
    again.type("RC")
    assert again.monitor.lines[5] == "AFFICHER 'C'" and len(again.monitor.lines) > 1  # QUEENS as it was edited
    assert again.type("RC", "LI").endswith("\n10 AFFICHER 'B'\nPRET\n")
    assert again.type("RC", "LI").endswith("\n10 AFFICHER 'A'\nPRET\n")


def test_quitter_says_how_many_programs_it_keeps(session):
    session.type("10 AFFICHER 'A'", "AP NIM", "O", "5 AFFICHER 'B'", "QU")
    assert "2 PROGRAMMES GARDES: RC LES RAMENERA\nAU REVOIR" in session.type("O")


def test_a_line_erased_then_the_micro_closed_comes_back_after_the_program(tmp_path):
    first = Session(Disk(tmp_path))
    first.type("10 AFFICHER 'A'", "20 TERMINER", "20")  # (saved, the program as it was would be on the disk)
    first.monitor.shutdown()
    again = Session(Disk(tmp_path))
    assert again.type("RC", "LI").endswith("\n10 AFFICHER 'A'\nPRET\n")
    assert again.type("RC", "LI").endswith("\n10 AFFICHER 'A'\n20 TERMINER\nPRET\n")


def test_the_recovery_slot_holds_nine_programs_at_most_the_oldest_going_first(tmp_path):
    for number in range(1, 13):
        closing = Session(Disk(tmp_path))
        closing.type(f"10 AFFICHER {number}")
        closing.monitor.shutdown()
    assert len(list(tmp_path.glob(".recuperation*"))) == Disk.KEPT_AT_MOST == 9
    again = Session(Disk(tmp_path))
    assert again.micro.screen.rows_text()[1] == "9 PROGRAMMES NON RANGES ONT ETE GARDES:"
    assert [again.type("RC") and again.monitor.lines[10] for _ in range(9)] == [
        f"AFFICHER {number}" for number in range(12, 3, -1)]


def test_the_slot_holds_as_many_programs_as_rc_holds_and_the_one_in_memory():
    from machine.keeping import KEPT_REPLACED
    assert Disk.KEPT_AT_MOST == KEPT_REPLACED + 1


@pytest.mark.parametrize("name, content", [
    (".recuperation.1.lse", b"\xff\xfe10 AFFICHER 1\n"),
    (".recuperation.2.lse", b"hello world\n"),
    (".recuperation.3.lse", b"\x00\x00\x00"),
    (".recuperation.4.lse", b"10 A\n" * 70_000),
    (".recuperation.5.lse", None),
    (".recuperation.6.lse", b""),
], ids=["not UTF-8", "no line number", "bytes of nothing", "larger than a program", "a directory", "empty"])
def test_a_damaged_kept_file_is_left_out_quietly(tmp_path, name, content):
    (tmp_path / ".recuperation.lse").write_text("10 AFFICHER 'BON'\n")
    if content is None:
        (tmp_path / name).mkdir()
    else:
        (tmp_path / name).write_bytes(content)
    session = Session(Disk(tmp_path))
    assert session.micro.screen.rows_text()[1:3] == ["UN PROGRAMME NON RANGE A ETE GARDE:",
                                                     "TAPEZ RC (RECUPERER) POUR LE REPRENDRE"]
    assert session.type("RC") == "\nRECUPERE: 1 LIGNE (10)\nPRET\n"
    assert session.type("RC") == "\nRIEN A RECUPERER\nPRET\n"
    session.type("20 AFFICHER 2")
    session.monitor.shutdown()  # a closing beside it keeps its program all the same
    assert Session(Disk(tmp_path)).type("RC", "LI").endswith("\n20 AFFICHER 2\nPRET\n")


# ------------------------------------------------------------- the web page keeps them too

def test_the_web_page_keeps_every_unsaved_program_rc_holds_for_its_next_visit(tmp_path):
    import json

    from machine.web.page import Page
    from tests.test_web_page import frames_until, promised, typed
    page = Page("micro40", str(tmp_path / "disk"), promised)
    frames_until(page, "PRET")
    typed(page, "10 AFFICHER 'A'", "EF *", "O", "10 AFFICHER 'B'")
    kept = json.loads(page.frame() or "{}").get("kept") or page.kept
    assert json.loads(kept) == ["10 AFFICHER 'A'\n", "10 AFFICHER 'B'\n"]
    again = Page("micro40", str(tmp_path / "disk"), promised, json.dumps([kept, "10 AFFICHER 'AVANT'\n"]))
    assert "3 PROGRAMMES NON RANGES ONT ETE GARDES" in frames_until(again, "PRET")
    typed(again, "RC")
    assert again.session.lines == {10: "AFFICHER 'AVANT'"}  # (the visit's own copies, newest last)


def test_another_profile_on_the_web_page_keeps_what_rc_holds(tmp_path):
    from machine.web.page import Page
    from tests.test_web_page import frames_until, promised, typed
    page = Page("micro40", str(tmp_path / "disk"), promised)
    frames_until(page, "PRET")
    typed(page, "10 AFFICHER 'A'", "EF *", "O", "10 AFFICHER 'B'")
    page.switch("console80")
    typed(page, "RC")
    assert page.session.lines == {10: "AFFICHER 'A'"}


def test_a_program_whose_file_was_deleted_is_kept_at_a_closing(tmp_path):
    first = Session(Disk(tmp_path))
    first.type("10 AFFICHER 'A'", "RA PROG", "AP PROG", "SU PROG")  # the disk no longer has what memory holds
    first.monitor.shutdown()
    assert Session(Disk(tmp_path)).type("RC", "LI").endswith("\n10 AFFICHER 'A'\nPRET\n")


def test_a_program_rc_holds_whose_file_was_deleted_is_kept_at_a_closing(tmp_path):
    first = Session(Disk(tmp_path))
    first.type("10 AFFICHER 'A'", "RA PROG", "EF *", "SU PROG", "10 AFFICHER 'B'", "RA AUTRE")
    first.monitor.shutdown()
    assert Session(Disk(tmp_path)).type("RC", "LI").endswith("\n10 AFFICHER 'A'\nPRET\n")
