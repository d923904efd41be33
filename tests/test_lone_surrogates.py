"""Half a UTF-16 pair (a lone surrogate, which EQC refuses) reaching the Micro: U+FFFD at every entry point."""

from __future__ import annotations

import json

import pytest

from machine.disk import Disk
from machine.lse.source import characters
from tests.test_monitor import Session

HALF = "\udc80"  # what a terminal makes of a byte that is not UTF-8 (surrogateescape), or JSON's "\udc80"


@pytest.fixture
def session(tmp_path) -> Session:
    return Session(Disk(tmp_path))


def test_the_one_rule_makes_each_half_pair_the_replacement_character_and_keeps_whole_pairs():
    assert characters(f"A{HALF}B\ud800") == "A\ufffdB\ufffd"
    assert characters("É\U0001f600") == "É\U0001f600"


def test_a_string_charger_loads_holding_half_a_pair_is_the_replacement_character_as_eqc_allows(session, tmp_path):
    (tmp_path / "F.don").write_text('{"1": "A\\udc80B", "2": 5}')
    out = session.type("10 CHAINE A", "20 CHARGER A,1,'#F',S", "30 AFFICHER LGR(A),EQN(A,2),S",
                       "40 SI A=EQC(65)!EQC(65533)!EQC(66) ALORS AFFICHER 'PAREIL'", "50 N←7;GARER N,3,'#F'",
                       "60 TERMINER", "EX")
    assert out.split("\n")[-5:-2] == ["3 65533 3 ", "PAREIL", "TERMINE"]
    assert json.loads((tmp_path / "F.don").read_text()) == {"1": f"A{HALF}B", "2": 5, "3": 7}  # the file keeps it


def test_a_line_typed_with_half_a_pair_in_a_string_is_stored_with_the_replacement_character_and_saved(session):
    session.type(f"10 AFFICHER 'A{HALF}B'", "20 TERMINER")
    assert session.monitor.lines[10] == "AFFICHER 'A\ufffdB'"
    assert session.type("RA DEMI") == "\nRANGE DEMI\nPRET\n"  # (a traceback: the disk could not write it)
    assert session.type("EF *", "O", "AP DEMI", "EX").endswith("\nA\ufffdB\nTERMINE\nPRET\n")


def test_an_immediate_line_with_half_a_pair_prints_the_replacement_character(session):
    assert session.type(f"?'A{HALF}B'") == "\nA\ufffdB\nPRET\n"


def test_a_lire_answer_with_half_a_pair_is_read_with_the_replacement_character(session):
    session.type("10 CHAINE B", "20 LIRE B", "30 AFFICHER LGR(B),EQN(B,2)", "40 TERMINER")
    assert session.type("EX", inputs=(f"A{HALF}B",)).endswith("\n3 65533 \nTERMINE\nPRET\n")
    session.monitor.submit("EX")
    session.micro.feed(f"{HALF}{HALF}")  # as the headless front end types it, past the monitor
    while session.monitor.running:
        session.monitor.tick(10_000_000)
    assert "\n2 65533 \nTERMINE" in "".join(session.chunks).replace("\r\n", "\n")


def test_a_program_text_loaded_with_half_a_pair_holds_the_replacement_character(session):
    session.monitor.load_text(f"10 AFFICHER 'A{HALF}'\n20 TERMINER\n")
    assert session.monitor.lines[10] == "AFFICHER 'A\ufffd'"
