"""A program file is a tape: read line by line as if typed (a repeated number replaces the line before it,
with a warning), and a tape that holds monitor commands goes through the monitor."""

from __future__ import annotations

import pytest

from machine.lse.runtime import Status
from tests.test_cli import run_cli
from tests.test_monitor import Session

TAPE = "\n".join([
    "10 LIRE N", "20 AFFICHER N*N", "30 TERMINER",
    "RA CARRE",
    "20 AFFICHER N*N*N",
    "EX", "5", "",
])


def test_a_repeated_line_number_keeps_the_later_line_and_warns(tmp_path):
    program = "10 X←3\n20 AFFICHER X\n20 AFFICHER X*2\n30 TERMINER\n"
    status, out, err = run_cli(tmp_path, "--headless", program=program)
    assert (status, out.split(), err) == (0, ["6"], "LIGNE 20 REMPLACEE\n")


def test_a_repeated_line_is_only_a_warning_for_check_too(tmp_path):
    program = "10 X←3\n10 X←4\n20 TERMINER\n"
    assert run_cli(tmp_path, "--check", program=program) == (0, "", "LIGNE 10 REMPLACEE\n")


def test_a_tape_that_ends_with_ex_runs_through_the_monitor(tmp_path):
    status, out, err = run_cli(tmp_path, "--headless", program=TAPE)
    assert status == 0
    assert "RA CARRE" in out and "125" in out.split() and "TERMINE" in out
    assert err == "LIGNE 20 REMPLACEE\n"
    saved = (tmp_path / "disque").rglob("CARRE*")
    assert any("N*N" in path.read_text(encoding="utf-8") for path in saved)  # RA saved the first version


def test_a_program_and_a_tape_with_carriage_returns_alone_run_as_with_line_feeds(tmp_path):
    program = "10 X←3\r20 AFFICHER X*2\r30 TERMINER\r"
    assert run_cli(tmp_path, "--headless", program=program) == run_cli(tmp_path, "--headless",
                                                                        program=program.replace("\r", "\n"))
    status, out, err = run_cli(tmp_path, "--headless", program=TAPE.replace("\n", "\r"))
    assert (status, err) == (0, "LIGNE 20 REMPLACEE\n")
    assert "RA CARRE" in out and "125" in out.split() and "TERMINE" in out


def test_the_tape_is_typed_before_what_the_person_types(tmp_path):
    status, out, _ = run_cli(tmp_path, "--headless", program="10 LIRE N\n20 AFFICHER N+1\n30 TERMINER\nEX\n",
                             stdin="41\n")
    assert status == 0 and "42" in out.split()


TWO_RUNS = "10 AFFICHER 'A'\n20 TERMINER\nEX\n10 AFFICHER 'B'\nEX\n"
READ_TWICE = "10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n12\nEX\n5\n"


@pytest.mark.parametrize("tape, stdin, screen", [
    (TWO_RUNS, "", ["EX", "A", "TERMINE", "PRET", "10 AFFICHER 'B'", "EX", "B", "TERMINE", "PRET"]),
    (TWO_RUNS, "QUITTER\nO\n", ["EX", "B", "TERMINE", "PRET", "QUITTER",
                                  "PROGRAMME NON RANGE, CONFIRMER (O/N) ? O", "PROGRAMME GARDE: RC LE RAMENERA",
                                  "AU REVOIR"]),
    (READ_TWICE, "", ["EX12", "144", "TERMINE", "PRET", "EX5", "25", "TERMINE", "PRET"]),
])
def test_the_whole_tape_is_typed_in_its_order_after_each_run_then_stdin(tmp_path, tape, stdin, screen):
    status, out, _ = run_cli(tmp_path, "--headless", program=tape, stdin=stdin)
    rows = [row.rstrip() for row in out.split("\n") if row.strip()]
    assert status == 0 and rows[-len(screen):] == screen


def test_a_file_mixing_numbered_lines_with_instructions_is_still_refused(tmp_path):
    status, out, err = run_cli(tmp_path, "--headless", program="10 X←1\nAFFICHER X\n20 TERMINER\n")
    assert status == 1 and "LIGNES NUMEROTEES ET NON NUMEROTEES MELANGEES" in err


def test_a_broken_line_still_gets_every_syntax_error_at_once(tmp_path):
    status, _, err = run_cli(tmp_path, "--headless", program="10 X←←1\n20 X←1\n20 Y←)\n30 TERMINER\n")
    assert status == 1 and "2 ERREURS DE SYNTAXE" in err


@pytest.mark.parametrize("tape, check", [
    ("10 X_3+*4\n20 TERMINER\nEX\n",
     (1, "", "EXPRESSION ATTENDUE, TROUVE * EN LIGNE 10\n10 X_3+*4\n       ^\n1 ERREUR DE SYNTAXE\n")),
    ("10 AFFICHER 1\n20 X←(\nEX\n30 SI ALORS\n40 TERMINER\nEX\n",
     (1, "", "EXPRESSION ATTENDUE, TROUVE FIN DE LIGNE EN LIGNE 20\n20 X←(\n      ^\n"
             "EXPRESSION ATTENDUE, TROUVE ALORS EN LIGNE 30\n30 SI ALORS\n      ^\n2 ERREURS DE SYNTAXE\n")),
    ("10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n3 4\n", (0, "", "")),  # after EX, 3 4 may be LIRE's answer
    ("10 TERMINER\nRA CARRE\n", (0, "", "")),  # the tape's commands are not run: nothing saved
], ids=["a wrong line before EX", "each wrong line, before and after a run", "an answer to LIRE is no program line",
        "no command of the tape is run"])
def test_check_reports_every_syntax_error_of_a_tapes_program_lines_and_runs_none_of_its_commands(tmp_path, tape,
                                                                                                  check):
    assert run_cli(tmp_path, "--check", program=tape) == check
    assert not list(tmp_path.rglob("CARRE*"))


@pytest.mark.parametrize(("tape", "warned"), [
    ("10 X←3\n20 AFFICHER X\n20 AFFICHER X*2\n30 TERMINER\nEX\n", "LIGNE 20 REMPLACEE\n"),
    ("10 X←3\n20 TERMINER\n10\nEX\n", ""),                                   # a number alone erases its line
    ("10 X←1\n10\n10 X←2\n20 TERMINER\nEX\n", ""),                           # typed anew after it was erased
    ("10 LIRE A,B\n20 AFFICHER A+B\n30 TERMINER\nEX\n10 20\nEX\n10 20\n", ""),  # answers to LIRE, not lines
    ("10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n12\nEX\n12\n", ""),
    ("10 LIRE N\n20 TERMINER\n20 AFFICHER N;TERMINER\nEX\n20 1\n", "LIGNE 20 REMPLACEE\n"),
])
def test_a_tape_warns_only_of_the_lines_it_types_again_over_a_stored_one(tmp_path, tape, warned):
    for args in (["--headless"], ["--check"]):
        status, _, err = run_cli(tmp_path, *args, program=tape)
        assert (status, err) == (0, warned), args


@pytest.mark.parametrize(("tape", "shown"), [
    ("10 CHAINE S\n20 LIRE S\n30 AFFICHER S!'!'\n40 TERMINER\nEX\nBONJOUR\n", "BONJOUR!"),  # a string LIRE reads
    ("10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n-3\n", "9"),                             # a number with its sign
    ("10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n-0.5\n", "0.25"),
    ("10 X←6\n20 TERMINER\nEX\n?X*7\n", "42"),                      # a line typed without a number after the run
    ("10 X←6\n20 TERMINER\nEX\nAFFICHER X+1\nRA SEPT\n", "7"),
])
def test_a_tape_gives_lire_any_answer_and_the_prompt_any_line_after_a_run(tmp_path, tape, shown):
    status, out, err = run_cli(tmp_path, "--headless", program=tape)
    assert (status, err) == (0, "")
    assert shown in out.split()
    assert run_cli(tmp_path, "--check", program=tape) == (0, "", "")


def test_a_file_with_a_stray_line_before_any_run_is_still_refused_as_mixed(tmp_path):
    status, _, err = run_cli(tmp_path, "--headless", program="10 X←1\nBONJOUR\n20 TERMINER\nEX\n")
    assert status == 1 and err.startswith("LIGNES NUMEROTEES ET NON NUMEROTEES MELANGEES")


def test_esc_during_a_run_of_a_tape_drops_the_lines_it_had_left_to_type():
    session = Session(None)
    session.monitor.type_ahead(["10 X_0", "20 X_X+1", "30 SI X<1E9 ALORS ALLER EN 20", "40 LIRE N", "50 TERMINER",
                                "EX", "10"])
    while session.monitor.tick(10_000) is not Status.RUNNING or not session.monitor.running:
        pass
    session.monitor.interrupt()  # (the window's Esc; the terminal's Ctrl-C)
    while session.monitor.tick(10_000) is not None:
        pass
    assert sorted(session.monitor.lines) == [10, 20, 30, 40, 50]  # 10, LIRE's answer, typed at PRET erased line 10
