"""A FAIRE variable of the program that several units step, or that a procedure steps, carries an int in each
unit that steps it where no call of that unit can store into it (counters.shadowed_counters). Every mode agrees
with the reference on each edge of that, in both number models; and the monitor changing such a variable while
the run is stopped stops it from going on, as a procedure stopped inside would go on with the old int.
"""

from __future__ import annotations

import re

import pytest

from machine.disk import Disk
from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

# The program and a procedure both step the program's I; the procedure indexes by it and calls nothing.
BOTH_STEP = ("10 TABLEAU T[20];CHAINE M\n20 M←'ABCDEFGHIJ';S←0\n30 FAIRE 40 POUR I←1 JUSQUA 20\n40 T[I]←I*I\n"
             "50 FAIRE 60 POUR K←1 JUSQUA 3\n60 &P\n70 AFFICHER S,I\n80 TERMINER\n"
             "100 PROCEDURE &P\n110 FAIRE 120 POUR I←1 JUSQUA LGR(M)\n120 S←S+T[I]+EQN(SCH(M,I,1))\n130 RETOUR\n")

CHOSEN = [
    ("a procedure stepping the program's variable that no call of it stores into keeps an int of it",
     BOTH_STEP, {"&P": True, "&": False}),
    ("a procedure alone stepping the program's variable keeps one", "10 TABLEAU T[9];&P;AFFICHER T\n20 TERMINER\n"
     "30 PROCEDURE &P\n40 FAIRE 50 POUR I←1 JUSQUA 9\n50 T[I]←I\n60 RETOUR\n", {"&P": True}),
    ("a recursive procedure keeps none", "10 TABLEAU T[9];&P(3);AFFICHER T\n20 TERMINER\n"
     "30 PROCEDURE &P(N) LOCAL N\n40 FAIRE 50 POUR I←1 JUSQUA 9\n50 T[I]←T[I]+N;SI N>0 ALORS &P(N-1)\n60 RETOUR\n",
     {"&P": False}),
    ("a procedure whose call may store into the variable keeps none", "10 TABLEAU T[9];&P;AFFICHER T\n20 TERMINER\n"
     "30 PROCEDURE &P\n40 FAIRE 50 POUR I←1 JUSQUA 9\n50 T[I]←I;&Q\n60 RETOUR\n70 PROCEDURE &Q\n80 I←I+1;RETOUR\n",
     {"&P": False}),
    ("one whose call stores into another variable keeps one", "10 TABLEAU T[9];&P;AFFICHER T,J\n20 TERMINER\n"
     "30 PROCEDURE &P\n40 FAIRE 50 POUR I←1 JUSQUA 9\n50 T[I]←I;&Q\n60 RETOUR\n70 PROCEDURE &Q\n80 J←J+1;RETOUR\n",
     {"&P": True}),
    ("none where the program runs a line of the procedure in its own frame", "10 TABLEAU T[9];&P;ALLER EN 40\n"
     "20 TERMINER\n30 PROCEDURE &P\n40 FAIRE 50 POUR I←1 JUSQUA 9\n50 T[I]←I\n60 RETOUR\n", {"&P": False}),
]


def keeps_int(source: str, function: str) -> bool:
    code = listing(source)
    name = "u_main" if function == "&" else f"p_{function[1:]}"
    body = code[code.index(f"def {name}("):]
    following = re.search(r"\n    def ", body[1:])
    return "i_I" in (body if following is None else body[:following.start() + 1])


@pytest.mark.parametrize(("source", "expected"), [case[1:] for case in CHOSEN], ids=[case[0] for case in CHOSEN])
def test_which_units_keep_an_int_of_the_program_s_variable(source: str, expected: dict[str, bool]) -> None:
    assert {unit: keeps_int(source, unit) for unit in expected} == expected


AGREEING = {
    "the program and a procedure both step I": BOTH_STEP,
    "a procedure's loop calls one that moves I on": "10 TABLEAU T[12];&P;AFFICHER T,I\n20 TERMINER\n"
    "30 PROCEDURE &P\n40 FAIRE 50 POUR I←1 JUSQUA 12\n50 T[I]←I;&Q\n60 RETOUR\n70 PROCEDURE &Q\n80 I←I+1;RETOUR\n",
    "a procedure makes I a fraction inside its loop and indexes by it": "10 TABLEAU T[12];&P;AFFICHER T,I\n"
    "20 TERMINER\n30 PROCEDURE &P\n40 FAIRE 50 POUR I←1 JUSQUA 10\n50 T[I]←T[I]+1;I←I+0.5;T[I]←T[I]+10\n"
    "60 RETOUR\n",
    "a procedure's loop goes past its array": "10 TABLEAU T[5];&P;AFFICHER T\n20 TERMINER\n30 PROCEDURE &P\n"
    "40 FAIRE 50 POUR I←1 JUSQUA 9\n50 T[I]←I\n60 RETOUR\n",
    "a procedure steps I by a TANT QUE": "10 TABLEAU T[9];&P;AFFICHER T,I\n20 TERMINER\n30 PROCEDURE &P\n"
    "40 FAIRE 50 POUR I←2 TANT QUE I<9\n50 T[I]←I;T[I-1]←T[I]+1\n60 RETOUR\n",
    "a procedure called twice reads I as the last call left it": "10 TABLEAU T[9];&P;I←I-3;&Q;AFFICHER T,I\n"
    "20 TERMINER\n30 PROCEDURE &P\n40 FAIRE 50 POUR I←1 JUSQUA 9\n50 T[I]←I\n60 RETOUR\n"
    "70 PROCEDURE &Q\n80 T[I]←0;FAIRE 90 POUR I←I JUSQUA 9\n90 T[I]←T[I]+I\n100 RETOUR\n",
    "a function steps I inside a condition of the program's loop over I": "10 TABLEAU T[9];S←0\n"
    "20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I]←I;SI &F(I)>10 ALORS S←S+I\n40 AFFICHER S,I,T\n50 TERMINER\n"
    "60 PROCEDURE &F(N) LOCAL N,K\n70 K←0;FAIRE 80 POUR J←1 JUSQUA N\n80 K←K+T[J]\n90 RESULTAT K\n",
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("source", list(AGREEING.values()), ids=list(AGREEING))
def test_every_mode_agrees_where_units_share_a_faire_variable(source: str, profile: str) -> None:
    assert_agrees(source, profile=profile)


STOPPED_IN_A_PROCEDURE = ("10 TABLEAU T[3000];&P;AFFICHER S;TERMINER", "20 PROCEDURE &P",
                          "30 S←0;FAIRE 40 POUR I←1 JUSQUA 3000", "40 T[I]←I;S←S+T[I]", "50 RETOUR")


@pytest.mark.parametrize(("typed", "goes_on"), [("I←5", False), ("S←0", True), ("", True)],
                         ids=["its variable changed", "another changed", "nothing changed"])
def test_the_monitor_changing_a_variable_a_stopped_procedure_keeps_an_int_of_stops_the_run(
        tmp_path, typed: str, goes_on: bool) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, *STOPPED_IN_A_PROCEDURE)
    if typed:
        session.type(typed)
    shown = session.type("CO")
    assert ("RIEN A CONTINUER" not in shown) is goes_on
    if typed == "":
        assert "4.5015E+06" in shown  # the sum of 1 to 3000, as if never stopped


def test_the_monitor_may_change_such_a_variable_where_the_run_stopped_in_the_program_s_own_lines(tmp_path) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU T[3000];S←0", "20 FAIRE 30 POUR I←1 JUSQUA 3000", "30 T[I]←I;S←S+1",
                "40 &P;AFFICHER S;TERMINER", "50 PROCEDURE &P", "60 FAIRE 70 POUR I←1 JUSQUA 3", "70 S←S+T[I]",
                "80 RETOUR")
    assert re.search(r"INTERROMPU EN LIGNE [23]0", "".join(session.chunks))
    session.type("I←2999")
    shown = session.type("CO")
    assert "RIEN A CONTINUER" not in shown and float(shown.split()[0]) < 3006  # the passes left, then 1+2+3
