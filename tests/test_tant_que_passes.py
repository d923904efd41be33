"""A TANT QUE loop's test is paid with its pass (pycharges.merged_pass): one add a pass, as a counted loop has.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles): an error in
the test, in the pass before it, in a function the test calls, and loops ending on the same line.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

COLLATZ = ("10 X←27;C←0\n20 FAIRE 40 POUR K←1 TANT QUE X#1\n30 SI X=2*ENT(X/2) ALORS X←X/2 SINON X←3*X+1\n"
           "40 C←C+1\n50 AFFICHER C,K\n")

PROGRAMS = {
    "a Collatz walk, its test paid with the pass": COLLATZ,
    "a division by zero in the test after some passes": (
        "10 X←5\n20 FAIRE 30 POUR K←1 TANT QUE 10/(X-2)>0\n30 X←X-1\n40 AFFICHER X\n"),
    "an unset variable in the test on the second pass": (
        "10 X←1\n20 FAIRE 40 POUR K←1 TANT QUE X<3\n30 SI K=2 ALORS LIBERER X\n40 X←X+1\n50 AFFICHER X\n"),
    "an error in the pass before its test": (
        "10 TABLEAU T[3];X←0\n20 FAIRE 30 POUR K←1 TANT QUE X<9\n30 X←X+T[K]+1\n40 AFFICHER X\n"),
    "a test that calls a function that fails": (
        "10 X←0\n20 FAIRE 30 POUR K←1 TANT QUE &F(X)<5\n30 X←X+1\n40 AFFICHER X;TERMINER\n"
        "50 PROCEDURE &F(A)\n60 SI A=3 ALORS RESULTAT 1/0\n70 RESULTAT A\n"),
    "a test that calls a function": (
        "10 X←0\n20 FAIRE 30 POUR K←1 TANT QUE &F(X)<40\n30 X←X+1\n40 AFFICHER X,K;TERMINER\n"
        "50 PROCEDURE &F(A)\n70 RESULTAT A*A\n"),
    "a TANT QUE inside a counted loop, both ending on one line": (
        "10 S←0\n20 FAIRE 50 POUR I←1 JUSQUA 4\n30 X←I\n40 FAIRE 50 POUR K←1 TANT QUE X<6\n50 X←X+1;S←S+X\n"
        "60 AFFICHER S,X,I,K\n"),
    "two TANT QUE ending on one line, the outer's test failing": (
        "10 X←0;Y←3\n20 FAIRE 40 POUR I←1 TANT QUE 12/Y>1\n30 FAIRE 40 POUR K←1 TANT QUE X<I\n"
        "40 X←X+1;Y←Y+1\n50 AFFICHER X,Y\n"),
    "a test of strings that scans characters": (
        "10 CHAINE A;A←'ABCDEFGH'\n20 FAIRE 30 POUR K←1 TANT QUE POS(A,1,'H')>3\n30 A←SCH(A,2,LGR(A)-1)\n"
        "40 AFFICHER A,K\n"),
    "a pass that leaves by a jump": (
        "10 X←0\n20 FAIRE 40 POUR K←1 TANT QUE X<10\n30 SI X=6 ALORS ALLER EN 60\n40 X←X+1\n50 AFFICHER 0\n"
        "60 AFFICHER X,1/(X-6)\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_where_a_tant_que_test_is_paid_with_its_pass(
        name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_a_tant_que_loop_of_one_way_round_pays_one_add_a_pass() -> None:
    code = listing(COLLATZ)
    inner = code[code.index("while True:", code.index("# 20:")):code.index("# 50:")]
    assert inner.count("cyc +=") == 2, inner  # one in each arm of the SI, none for the test
    assert "X != 1.0" in inner
