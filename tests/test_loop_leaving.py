"""A jump in a unit whose loops are kept at run time leaves only the loops whose lines do not hold its target, and
is written with no `_leave` where no loop of the unit holds its line but not its target (pygen.leaves_loops): each
program runs in every mode against the reference (output, error and line, cycles), on both machines.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

# Each has a computed jump whose lines are not known (K is read from POS), or a jump into a loop's body from outside
# it: the loops of the unit are kept at run time.
# (OP made by `!`: where POS may find a word in it is not followed, so the jumps may go to any line)
PROGRAMS = {
    # (its jump no a+b*E, which would be guessed with its loop decided: speculation.py)
    "a switch by a computed jump inside a loop, its arms jumping back into the loop": (
        "10 CHAINE OP;OP←'AB'!'C';S←0\n20 FAIRE 90 POUR X←1 JUSQUA 30\n30 K←POS(OP,1,SCH('CAB',1+X-3*ENT(X/3),1))\n"
        "40 ALLER EN 50+10*K+K*K-K*K\n60 S←S+1;ALLER EN 90\n70 S←S+10;ALLER EN 90\n80 S←S+100\n90 *\n"
        "100 AFFICHER S,X\n"),
    "jumps out of an inner loop and out of both, from a unit with a computed jump": (
        "10 CHAINE OP;OP←'X'!'Y';S←0\n20 FAIRE 80 POUR I←1 JUSQUA 5\n30 FAIRE 60 POUR J←1 JUSQUA 5\n"
        "40 SI J>I ALORS ALLER EN 70\n50 SI I*J=12 ALORS ALLER EN 100\n60 S←S+J\n70 S←S+100\n80 *\n"
        "90 AFFICHER 'FIN',S;TERMINER\n100 K←POS(OP,1,'Y');AFFICHER 'SORTI',I,J,S;ALLER EN 100+5*K*K\n"
        "120 AFFICHER 'APRES',S\n"),
    "a jump into a loop's body from outside it, then its last line reached": (
        "10 S←0;ALLER EN 40\n20 FAIRE 50 POUR I←1 JUSQUA 3\n30 S←S+I\n40 S←S+10\n50 *\n60 AFFICHER S\n"),
    "a jump back to a loop's FAIRE from its body abandons its pass": (
        "10 S←0;N←0\n20 FAIRE 50 POUR I←1 JUSQUA 4\n30 N←N+1;SI N<3 ALORS ALLER EN 20\n40 S←S+I\n50 *\n"
        "60 AFFICHER S,N;ALLER EN 80\n70 FAIRE 50 POUR I←1 JUSQUA 2\n80 AFFICHER 'OK'\n"),
    "a jump from a loop to a line past its end then into another loop's lines": (
        "10 CHAINE C;C←'AB';S←0\n20 FAIRE 40 POUR I←1 JUSQUA 3\n30 SI I=2 ALORS ALLER EN 60\n40 S←S+I\n"
        "50 AFFICHER 'NON';TERMINER\n60 FAIRE 80 POUR J←1 JUSQUA 2\n70 S←S+10*J\n80 *\n"
        "90 ALLER EN 100*POS(C,1,'B')+10\n210 AFFICHER S,I,J\n"),
    "a RETOUR EN to a line outside the caller's loop": (
        "10 S←0\n20 FAIRE 40 POUR I←1 JUSQUA 5\n30 &P(I)\n40 S←S+I\n50 AFFICHER 'NON';TERMINER\n"
        "60 AFFICHER 'RETOUR',S,I;ALLER EN 20+POS('AB',1,'B')*30\n80 AFFICHER 'FIN';TERMINER\n"
        "100 PROCEDURE &P(K) LOCAL K\n110 SI K=3 ALORS RETOUR EN 60\n120 RETOUR\n"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_where_jumps_leave_loops(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


def test_only_a_jump_that_may_leave_a_loop_is_written_with_leave() -> None:
    code = listing(PROGRAMS["jumps out of an inner loop and out of both, from a unit with a computed jump"])
    # the computed jump (no a+b*E, so no guess: speculation.py): its unit's loops are kept at run time
    assert "_goto(" in code or "_t ==" in code
    assert "_leave(lp, 70)" in code  # out of the inner loop (30-60), within the outer (20-80)
    assert "_leave(lp, 100)" in code  # out of both
    switch = listing(PROGRAMS["a switch by a computed jump inside a loop, its arms jumping back into the loop"])
    assert "_open(lp" in switch and "_leave(lp, 100)" in switch  # a line the computed jump may go to, past the loop
    assert not any(f"_leave(lp, {line})" in switch for line in (60, 70, 80, 90))  # those within the loop's lines
