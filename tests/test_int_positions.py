"""A string built-in's position that + - * of loop counters and whole constants computes is written with their ints.

`SCH(S,(J-1)*6+1,6)` reads the six letters of the J-th name: in double, the ints give the float's value exactly
(pyoperators.int_of), NaN where a counter is no whole number, which fails the inline form's tests so that the general
way sees the float. Every mode agrees with the reference on each case, both profiles.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines, run_lse
from tests.oracle.differential import assert_agrees

NAMES = lines("10 CHAINE S,B;S←'ANNIE BRUNO CLAIRE'", "20 FAIRE 30 POUR J←1 JUSQUA 3",
              "30 B←SCH(S,(J-1)*6+1,5);AFFICHER B,' ',EQN(S,6*J-5)", "40 TERMINER")


def test_a_position_computed_from_a_loop_s_variable_is_an_int_taken_once() -> None:
    code = listing(NAMES)
    assert "(_i1 := (((i_J - 1) * 6) + 1)) > 0" in code and "v_S[_i1 - 1:_i1 + 4]" in code


def test_the_names_are_read_by_their_positions() -> None:
    assert run_lse(NAMES).output.split() == ["ANNIE", "65", "BRUNO", "66", "CLAIR", "67"]


def test_single_precision_keeps_the_floats_for_a_product() -> None:
    assert "(i_J - 1) * 6" not in listing(NAMES, machine="console80")


CASES = {
    "names end to end": NAMES,
    "a step of a half: no whole position": lines("10 CHAINE S;S←'ABCDEFGHIJKL'",
                                                "20 FAIRE 30 POUR I←1 PAS 0.5 JUSQUA 3", "30 AFFICHER SCH(S,2*I-1,2)",
                                                "40 TERMINER"),
    "positions from zero and below": lines("10 CHAINE S;S←'ABCDEFGH'", "20 FAIRE 30 POUR I←-2 JUSQUA 3",
                                          "30 AFFICHER SCH(S,3*I-3,2)", "40 TERMINER"),
    "a count computed too": lines("10 CHAINE S;S←'ABCDEFGHIJKLMNOP'", "20 FAIRE 30 POUR I←1 JUSQUA 5",
                                  "30 AFFICHER SCH(S,I*I,2*I-3)", "40 TERMINER"),
    "past the end": lines("10 CHAINE S;S←'ABCDEF'", "20 FAIRE 30 POUR I←1 JUSQUA 4",
                          "30 AFFICHER SCH(S,I*3,3),EQN(S,I*2+1)", "40 TERMINER"),
    "two counters": lines("10 CHAINE S,T;S←'ABCDEFGHIJKLMNOP';T←''", "20 FAIRE 30 POUR I←1 JUSQUA 4",
                          "25 FAIRE 30 POUR J←1 JUSQUA 4", "30 T←T!SCH(S,(I-1)*4+J,1)", "40 AFFICHER T", "50 TERMINER"),
    "a counter stepped by ALLER EN": lines("10 CHAINE S;S←'ABCDEFGHIJKL';K←0", "20 K←K+1;AFFICHER SCH(S,K*2-1,2)",
                                           "30 SI K<7 ALORS ALLER EN 20", "40 TERMINER"),
    "a huge product": lines("10 CHAINE S;S←'ABC'", "20 FAIRE 30 POUR I←16777000 JUSQUA 16777002",
                            "30 AFFICHER LGR(SCH(S,I*I*I-I,2))", "40 TERMINER"),
    "a bound read": lines("10 CHAINE S;S←'ABCDEFGHIJKL';LIRE N", "20 FAIRE 30 POUR I←1 JUSQUA N",
                          "30 AFFICHER SCH(S,N*I-1,2)", "40 TERMINER"),
}


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_computed_position(name: str, profile: str) -> None:
    assert_agrees(CASES[name], ["2"] if "LIRE" in CASES[name] else [], profile=profile)


@pytest.mark.parametrize("typed", ["2", "2.5", "-1", "0"])
def test_a_bound_read_whole_or_not_gives_the_reference_s_positions(typed: str) -> None:
    assert_agrees(CASES["a bound read"], [typed])
