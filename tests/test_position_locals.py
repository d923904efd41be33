"""A procedure's own number that SCH, GRL or CNB give a position to is a Python local, stored by the call's
expression (UnitNames.position), not a name in a table of the procedure; one that a CHAINE declares stays in the
table, and fails as before. Every mode agrees with the reference either way.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

# Words counted by a function that walks a string with SCH's position (the position its own Q).
WORDS = lines(
    "10 CHAINE D;D←'UN DEUX TROIS QUATRE '", "20 AFFICHER &MOTS(D,2)", "30 TERMINER",
    "100 PROCEDURE &MOTS(S,K) LOCAL S,K,Q,N,W", "110 CHAINE W;N←0;Q←1",
    "120 W←SCH(S,Q,' ',Q);Q←Q+1;SI LGR(W)>K ALORS N←N+1", "130 SI Q<=LGR(S) ALORS ALLER EN 120", "140 RESULTAT N")
# The numbers of a string summed by CNB's position, in a procedure, its position a parameter by value.
NUMBERS = lines(
    "10 AFFICHER &SOMME('12 7 30',1)", "20 TERMINER", "100 PROCEDURE &SOMME(S,P) LOCAL S,P,T",
    "110 T←0", "120 T←T+CNB(S,P,P);SI P<=LGR(S) ALORS ALLER EN 120", "130 RESULTAT T")
# GRL's position into the procedure's own variable, read before any position was given: not set.
UNSET_FIRST = lines(
    "10 &F", "20 TERMINER", "100 PROCEDURE &F LOCAL P,W", "110 CHAINE W", "120 AFFICHER P",
    "130 W←GRL('AB CD',1,P);AFFICHER W,P", "140 RETOUR")
# A position given to a CHAINE: it stays in the table, and the store fails there.
TO_A_STRING = lines(
    "10 &F", "20 TERMINER", "100 PROCEDURE &F LOCAL P,W", "110 CHAINE P,W",
    "120 W←SCH('AB CD',1,' ',P);AFFICHER W", "130 RETOUR")

# SCH's position into the procedure's own variable from a fractional start, past the end, and unset.
ODD_STARTS = lines(
    "10 &F(1.5);&F(9);&F(5)", "20 TERMINER", "100 PROCEDURE &F(Q) LOCAL Q,W", "110 CHAINE W",
    "120 W←SCH('AB CD',Q,' ',Q);AFFICHER W,Q;W←SCH('AB CD',Q,' ',Q);AFFICHER W,Q", "130 RETOUR")
UNSET_START = lines(
    "10 &F", "20 TERMINER", "100 PROCEDURE &F LOCAL Q,W", "110 CHAINE W", "120 W←SCH('AB CD',Q,' ',Q)",
    "130 RETOUR")

PROGRAMS = {"words": WORDS, "numbers": NUMBERS, "unset first": UNSET_FIRST, "to a string": TO_A_STRING,
            "odd starts": ODD_STARTS, "an unset start": UNSET_START}


def procedure(source: str) -> str:
    code = listing(source)
    return code[code.index("    def p_"):]


@pytest.mark.parametrize("source", [WORDS, NUMBERS], ids=["SCH", "CNB"])
def test_a_procedures_own_number_given_a_position_is_a_python_local(source: str) -> None:
    code = procedure(source)
    assert "_frame(" not in code and "_pos(" not in code, code
    assert ":= (_p := _b_" in code, code


def test_sch_cut_at_a_stop_into_a_procedures_own_position_is_written_inline() -> None:
    assert ".find(' ', " in procedure(WORDS)


def test_a_string_given_a_position_stays_in_the_table() -> None:
    code = procedure(TO_A_STRING)
    assert "_frame(" in code and "_pos(L, 'P'" in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], (), profile=profile)
