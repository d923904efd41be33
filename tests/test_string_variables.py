"""CHAINE variables that only ever hold strings are read without a test of their kind
(holdings.string_variables); a number the monitor stores in one stops the run (linker.strings_kept).
"""

from __future__ import annotations

import pytest

from machine.lse.holdings import string_variables
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

FOUND = [
    ("a CHAINE given literals and joins", "10 CHAINE S,T;S←'AB';T←S!'C'\n", {"S", "T"}),
    ("a CHAINE given a substring and a conversion", "10 CHAINE S,T;S←SCH('AB',1,1);T←CCA(3)\n", {"S", "T"}),
    ("a CHAINE given a string either way of a SI", "10 CHAINE S;S←SI X=1 ALORS 'A' SINON 'B'\n", {"S"}),
    ("a CHAINE given a number", "10 CHAINE S;S←1\n", set()),
    ("a CHAINE given a procedure's result", "10 CHAINE S;S←&F\n20 TERMINER\n30 PROCEDURE &F\n40 RESULTAT 'A'\n",
     set()),
    ("a CHAINE given one that is given a number", "10 CHAINE S,T;T←1;S←T\n", set()),
    ("a CHAINE read in", "10 CHAINE S;LIRE S\n", set()),
    ("a CHAINE given a position", "10 CHAINE S;X←SCH('A,B',1,',',S)\n", set()),
    ("a CHAINE that is a loop's variable", "10 CHAINE S\n20 FAIRE 30 POUR S←1 JUSQUA 2\n30 *\n", set()),
    ("a CHAINE loaded from the disk", "10 CHAINE S;CHARGER S,1,'F'\n", set()),
    ("a CHAINE given by reference", "10 CHAINE S;S←'A';&P(S)\n20 TERMINER\n30 PROCEDURE &P(X)\n40 RETOUR\n",
     set()),
    ("a CHAINE's name a procedure's own", "10 CHAINE S;S←'A';&P\n20 TERMINER\n30 PROCEDURE &P LOCAL S\n40 RETOUR\n",
     set()),
    ("a CHAINE given a string in a procedure", "10 CHAINE S;S←'A';&P\n20 TERMINER\n30 PROCEDURE &P\n40 S←S!'B'\n",
     {"S"}),
]


@pytest.mark.parametrize(("name", "source", "expected"), FOUND, ids=[case[0] for case in FOUND])
def test_a_chaine_holds_only_strings_when_every_store_to_it_is_of_a_string(name: str, source: str, expected) -> None:
    assert string_variables(layout(parse(source))) == expected


PROGRAMS = {
    "a string read before its CHAINE is run": "10 AFFICHER POS(T,1,'B')\n20 CHAINE T;T←'AB'\n",
    "a string never given a value": "10 CHAINE T\n20 AFFICHER SCH(T,1,1)\n",
    "strings compared, joined and searched": (
        "10 CHAINE S,T;S←'ABC';T←''\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T←T!SCH(S,I,1)!'-'\n"
        "40 AFFICHER T,POS(T,1,S),S<T,S=T,LGR(T)\n"),
    "a string given another's value in a procedure": (
        "10 CHAINE S,T;S←'AB';&P;AFFICHER T\n20 TERMINER\n30 PROCEDURE &P\n40 T←S!S;RETOUR\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_string_variables(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_a_string_variable_is_read_without_a_test_of_its_kind() -> None:
    code = listing("10 CHAINE S,T;S←'ABC'\n15 FAIRE 30 POUR I←1 JUSQUA 9\n20 T←SCH(S,I,1)\n30 X←POS(S,1,T)\n",
                   False)
    lines = code[code.index("# 20:"):]
    assert "v_S" in lines and ".find(" in lines  # the hot forms, written inline
    assert "_type(v_S)" not in lines and "_type(_s" not in lines and "_type(v_T)" not in lines


def test_a_number_stored_by_the_monitor_in_a_string_variable_stops_the_run() -> None:
    session = Session(None)
    session.type("10 PAUSE", "20 AFFICHER SCH(T,1,1)!'X'", "30 CHAINE T;T←'AB';ALLER EN 20")
    assert "PAUSE EN LIGNE 10" in session.type("EX")
    session.type("T←5")  # no CHAINE T has run yet: the monitor may give it a number
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_number_kept_from_the_prompt_makes_the_variable_tested_again() -> None:
    session = Session(None)
    session.type("T←5", "10 AFFICHER SCH(T,1,1)!'X'", "20 CHAINE T;T←'AB';ALLER EN 10")
    assert "TYPES INCOMPATIBLES SCH EN LIGNE 10" in session.type("RE 10")  # REPRENDRE keeps T←5
