"""POS written inline in plain runs (pyexpr.position) gives the built-in's result, error and cycles.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles):
starts whole and not, before and past the end, operands of every kind, unset names read in order, and
operands with effects (a function) computed once each, in order.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

SET = "10 CHAINE S,T;S←'1,2,3,10,12,';T←','\n"
TWICE = "15 FAIRE 20 POUR R←1 JUSQUA 2\n"  # a line run once is written short: no inline form (pygen.once)

PROGRAMS = {
    "every start from 0 to past the end": (
        SET + "20 FAIRE 30 POUR D←0 JUSQUA 15\n30 AFFICHER POS(S,D,T),POS(S,D,'1'),POS(S,D,'')\n"),
    "a start written out, a string written out": (
        SET + TWICE + "20 AFFICHER POS(S,1,','),POS(S,4,'1'),POS(S,14,''),POS('ABCABC',2,'BC'),POS('',1,'')\n"),
    "a target longer than the string": SET + TWICE + "20 AFFICHER POS(T,1,S),POS(S,1,S),POS(S,2,S)\n",
    "a counting loop over every occurrence": (
        SET + "20 N←0;J←1\n30 J←POS(S,J,T);SI J=0 ALORS ALLER EN 50\n40 N←N+J;J←J+1;ALLER EN 30\n"
        "50 AFFICHER N\n"),
    "a fractional start": SET + TWICE + "20 AFFICHER POS(S,1.5,T)\n",
    "a negative start": SET + TWICE + "20 D←-1;AFFICHER POS(S,D,T)\n",
    "a huge start": SET + TWICE + "20 AFFICHER POS(S,1E300,T)\n",
    "a computed start": SET + TWICE + "20 D←3;AFFICHER POS(S,D*2-1,T),POS(S,D/2,T)\n",
    "a number for the string": SET + TWICE + "20 X←12;AFFICHER POS(X,1,T)\n",
    "a number for the target": SET + TWICE + "20 X←1;AFFICHER POS(S,1,X)\n",
    "a string for the start": SET + TWICE + "20 AFFICHER POS(S,T,T)\n",
    "an unset string before an unset start": TWICE + "20 AFFICHER POS(A,D,'X')\n",
    "an unset start before an unset target": "10 CHAINE S;S←'AB'\n" + TWICE + "20 AFFICHER POS(S,D,U)\n",
    "an unset target": "10 CHAINE S;S←'AB'\n" + TWICE + "20 AFFICHER POS(S,1,U)\n",
    "operands with effects, computed once each and in order": (
        SET + TWICE + "20 K←0;AFFICHER POS(S!'',&F(2),SCH(T,1,1)),K\n30 TERMINER\n"
        "40 PROCEDURE &F(A) LOCAL A\n50 K←K+1;RESULTAT A\n"),
    "a function that fails after the string was computed": (
        SET + TWICE + "20 AFFICHER POS(S!'X',&F(0),T)\n30 TERMINER\n40 PROCEDURE &F(A) LOCAL A\n50 RESULTAT 1/A\n"),
    "a wrong start after a computed string": SET + TWICE + "20 AFFICHER POS(S!'X',0,T)\n",
    "in a procedure on its own string": (
        "10 AFFICHER &P('ABCABCA')\n20 TERMINER\n30 PROCEDURE &P(C) LOCAL C,N,J\n40 CHAINE C\n"
        "50 N←0;J←1\n60 J←POS(C,J,'A');SI J=0 ALORS RESULTAT N\n70 N←N+J;J←J+1;ALLER EN 60\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_pos(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_plain_runs_find_with_str_find_and_call_the_built_in_only_for_what_the_test_refuses() -> None:
    code = listing(SET + TWICE + "20 J←1;J←POS(S,J,T)\n30 AFFICHER J\n")
    start = code.index("# 20:")
    line = code[start:code.index("# 30:", start)]
    assert ".find(" in line
    assert line.count("_b_POS(") == 1  # the general way, given the values
