"""Cycles paid before a SI for what comes after it: an error anywhere refunds what it did not reach.

Where both arms of a SI run on into its join, the join is paid before the SI (pygen.paid_ahead walks
over it, pyflow.arms_meet); elsewhere, what both ways out pay first is paid with the test
(pygen.discount). Each program runs in every mode of the Micro against the reference (output, error
and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

LOOP = "10 Y←0\n20 FAIRE 40 POUR I←1 JUSQUA 5\n"

PROGRAMS = {
    "a division by zero in the ALORS arm": (
        LOOP + "30 SI I=4 ALORS X←1/(I-4) SINON X←I\n40 Y←Y+X\n50 AFFICHER Y\n"),
    "a division by zero in the SINON arm": (
        LOOP + "30 SI I<4 ALORS X←I SINON X←1/(I-4)\n40 Y←Y+X\n50 AFFICHER Y\n"),
    "an element out of range in the condition": (
        "5 TABLEAU T[3]\n" + LOOP + "30 SI T[I]=0 ALORS X←1 SINON X←2\n40 Y←Y+X\n50 AFFICHER Y\n"),
    "an unset variable on the line run on after the join": (
        LOOP + "30 SI I=2 ALORS X←1 SINON X←2\n40 Y←Y+X;SI I=5 ALORS Y←Y+U\n50 AFFICHER Y\n"),
    "an error in the inner SI of an arm": (
        LOOP + "30 SI I>2 ALORS SI I=4 ALORS X←1/0 SINON X←3 SINON X←I\n40 Y←Y+X\n50 AFFICHER Y\n"),
    "an arm that jumps away: its join is paid where it is reached": (
        LOOP + "30 SI I=3 ALORS ALLER EN 60 SINON X←I\n40 Y←Y+X\n50 AFFICHER Y;TERMINER\n60 AFFICHER 1/(Y-3)\n"),
    "an arm that returns from a procedure": (
        "10 FAIRE 20 POUR I←1 JUSQUA 4\n20 &P(I)\n30 AFFICHER Y;TERMINER\n"
        "40 PROCEDURE &P(A) LOCAL A\n50 SI A=2 ALORS RETOUR SINON Y←Y+A\n60 Y←Y/(A-4)\n70 RETOUR\n"),
    "a SI in a loop that ends on its line, with every pass paid": (
        LOOP + "30 SI I=1 ALORS X←0 SINON X←X+I\n40 Y←Y+X\n50 AFFICHER X,Y\n"),
    # What both ways out of a SI pay first is paid with its test (pygen.discount).
    "an error on the line run on after a SI that jumps back": (
        "10 I←0\n20 I←I+1\n30 SI I<3 ALORS ALLER EN 20\n40 AFFICHER 1/(I-3)\n"),
    "a jump to a line that does not exist, in the arm paid with the test": (
        "10 I←0\n20 I←I+1\n30 SI I=2 ALORS ALLER EN 99\n40 ALLER EN 20\n"),
    "a computed jump that fails in the arm": (
        "10 I←0\n20 I←I+1\n30 SI I=2 ALORS ALLER EN I*1000\n40 ALLER EN 20\n"),
    "both arms jump": (
        "10 I←0\n20 I←I+1;SI I<4 ALORS ALLER EN 20 SINON ALLER EN 40\n30 AFFICHER 0\n40 AFFICHER I/(I-4)\n"),
    "an inner SI that runs on into the join on one way and jumps on the other": (
        "10 I←0\n20 I←I+1\n30 SI I>1 ALORS SI I<3 ALORS ALLER EN 20\n40 SI I<5 ALORS ALLER EN 20\n"
        "50 AFFICHER 1/(I-5)\n"),
    "the test fails after the discount was paid": (
        "10 TABLEAU T[3];I←0\n20 I←I+1\n30 SI T[I]=0 ALORS ALLER EN 20\n40 AFFICHER I\n"),
    # In a counted loop's pass, a way that runs on into its last line pays it ahead (pycharges.written_on).
    "a counted pass whose arm jumps to its last line, a store failing before the jump": (
        "10 TABLEAU T[9],W[4];B←0\n20 FAIRE 40 POUR I←1 JUSQUA 9\n"
        "30 T[I]←I;SI I>2 ALORS DEBUT B←B+1;W[B]←I;ALLER EN 40 FIN\n35 T[I]←0\n40 *\n50 AFFICHER B\n"),
    "a counted pass whose arm jumps to its last line, that line failing": (
        "10 TABLEAU W[20];B←0;S←0;N←9\n20 FAIRE 40 POUR I←1 JUSQUA N\n"
        "30 SI I>2 ALORS DEBUT B←B+1;W[B]←I;ALLER EN 40 FIN\n35 S←S+I\n40 S←S+1/(I-8)\n50 AFFICHER S\n"),
    "a counted pass whose both ways run on into its last line": (
        "10 TABLEAU W[20];S←0\n20 FAIRE 40 POUR I←1 JUSQUA 12\n30 SI I>5 ALORS ALLER EN 38\n"
        "35 S←S+I;ALLER EN 40\n38 S←S-W[I+9]\n40 S←S*2\n50 AFFICHER S\n"),
    "the same in a procedure called in a loop": (
        "10 FAIRE 20 POUR K←1 JUSQUA 3\n20 &P(K)\n30 TERMINER\n40 PROCEDURE &P(A) LOCAL A\n"
        "50 SI A<3 ALORS RETOUR\n60 AFFICHER 1/(A-3)\n70 RETOUR\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_where_a_join_is_paid_ahead(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def loop_body(code: str) -> str:
    """The code of line 20 in the loop's case, up to the next line's code."""
    start = code.rindex("# 20: SI")
    return code[start:code.index("# 30:", start)]


def test_a_loop_pass_through_a_si_without_sinon_pays_the_join_with_the_line() -> None:
    code = listing("10 FAIRE 20 POUR I←1 JUSQUA 9\n20 SI I=3 ALORS X←1\n30 AFFICHER X\n")
    body = [line.strip() for line in loop_body(code).splitlines()]
    # The test cannot fail: the line, the join and the pass are paid in each arm, one add a way (pygen.carried).
    test = body.index("if (v_I == 3.0):")
    assert not any(line.startswith("cyc +=") for line in body[:test])
    assert body[test + 1].startswith("cyc +=") and body[test + 3] == "else:" and body[test + 4].startswith("cyc +=")
    assert sum(line.startswith("cyc +=") for line in body) == 2


def test_a_join_after_an_arm_that_jumps_away_is_not_paid_ahead() -> None:
    code = listing("10 FAIRE 20 POUR I←1 JUSQUA 9\n20 SI I=3 ALORS ALLER EN 40;X←1\n30 AFFICHER X\n40 AFFICHER I\n")
    lines = loop_body(code).splitlines()
    test = next(at for at, line in enumerate(lines) if line.strip() == "if (v_I == 3.0):")
    indent = len(lines[test]) - len(lines[test].lstrip())
    after_arm = [line for line in lines[test + 1:] if len(line) - len(line.lstrip()) <= indent]
    assert any("cyc +=" in line for line in after_arm), code  # X←1 and the pass are paid where they are reached


def test_what_both_ways_out_of_a_si_pay_first_is_paid_with_its_test() -> None:
    code = listing("10 I←0\n20 I←I+1\n30 SI I<3 ALORS ALLER EN 20\n40 AFFICHER I\n")
    ways = code[code.rindex("if (v_I < 3.0):"):code.rindex("_off_end(40)")]
    assert ways.count("cyc +=") == 1  # the way that pays least (line 40) has no add of its own
