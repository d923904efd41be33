"""A counted loop whose passes read its variable's float is written both ways (pyloops.keep_cheap): a `for` where it has
LONG_PASSES passes or more to run, its `while` where it has fewer. Each program runs loops of both lengths, and every
mode agrees with the reference (output, error and line, cycles) on both machines; the listing has both forms.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.pyloops import LONG_PASSES
from tests.oracle.differential import assert_agrees

# A knapsack's table: the inner loop's test reads J (a float) beside elements indexed by its int.
KNAPSACK = (
    "10 LIRE N,C\n20 TABLEAU P[N],V[N],K[N+1,C+1]\n30 X←7\n"
    "40 FAIRE 50 POUR I←1 JUSQUA N\n50 X←X*137+187;X←X-ENT(X/10007)*10007;P[I]←1+X-ENT(X/7)*7;V[I]←X-ENT(X/50)*50\n"
    "60 FAIRE 100 POUR I←1 JUSQUA N\n70 Q←P[I];W←V[I];FAIRE 100 POUR J←0 JUSQUA C\n80 B←K[I,J+1]\n"
    "90 SI Q<=J ALORS DEBUT A←K[I,J+1-Q]+W;SI A>B ALORS B←A FIN\n100 K[I+1,J+1]←B\n110 AFFICHER K[N+1,C+1];TERMINER\n"
)

PROGRAMS = {
    "a knapsack's inner loop, long": (KNAPSACK, ["6 40"]),
    "a knapsack's inner loop, short": (KNAPSACK, ["6 9"]),
    "a knapsack's inner loop, exactly as long as the `for` asks": (KNAPSACK, [f"3 {LONG_PASSES - 1}"]),
    "a knapsack's inner loop, one pass shorter": (KNAPSACK, [f"3 {LONG_PASSES - 2}"]),
    "loops of each length, one after the other, counting down and up": (
        "10 TABLEAU T[60];S←0\n20 FAIRE 60 POUR L←1 PAS 3 JUSQUA 40\n30 FAIRE 50 POUR I←L PAS -1 JUSQUA 1\n"
        "40 SI I>L/2 ALORS T[I]←T[I]+I SINON T[I]←T[I]-1\n50 S←S+T[I]*I\n60 *\n"
        "70 AFFICHER S,T[1],T[40],I,L;TERMINER\n", []),
    "a limit that is no whole number, and a start that is no whole number": (
        "10 TABLEAU T[50];S←0\n20 LIRE A,B\n30 FAIRE 40 POUR I←A JUSQUA B\n40 T[ENT(I)]←I;SI I>3 ALORS S←S+I\n"
        "50 AFFICHER S,I,T[ENT(B)];TERMINER\n", ["1 30.5"]),
    "a fractional start read in": (
        "10 TABLEAU T[50];S←0\n20 LIRE A,B\n30 FAIRE 40 POUR I←A JUSQUA B\n40 SI I<B-2 ALORS S←S+I+T[I];T[I+1]←I\n"
        "50 AFFICHER S,I;TERMINER\n", ["1.5 30"]),
    "an index past the array's end in a long loop": (
        "10 TABLEAU T[20];S←0\n20 FAIRE 40 POUR I←1 JUSQUA 30\n30 SI I>2 ALORS S←S+T[I-1]\n40 T[I]←I\n"
        "50 AFFICHER S;TERMINER\n", []),
    "a division by zero in a long loop, its cycles counted to it": (
        "10 TABLEAU T[40];S←0;Z←25\n20 FAIRE 40 POUR I←1 JUSQUA 40\n30 SI I<Z+1 ALORS S←S+1/(Z-I)\n40 T[I]←S\n"
        "50 AFFICHER S;TERMINER\n", []),
    "a long loop in a procedure called with each length": (
        "10 TABLEAU T[100];S←0\n20 FAIRE 30 POUR N←1 PAS 7 JUSQUA 40\n30 S←S+&F(N)\n40 AFFICHER S;TERMINER\n"
        "50 PROCEDURE &F(N) LOCAL N,I,R\n60 R←0;FAIRE 70 POUR I←1 JUSQUA N*2\n70 SI I#N ALORS T[I]←T[I]+I;R←R+T[I]\n"
        "80 RESULTAT R\n", []),
    "a long loop ended by the budget many times over": (
        "10 TABLEAU T[3000];S←0\n20 FAIRE 40 POUR I←1 JUSQUA 3000\n30 SI I>1500 ALORS T[I]←T[I-1]+1 SINON T[I]←I\n"
        "40 S←S+T[I]\n50 AFFICHER S;TERMINER\n", []),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_loops_written_both_ways(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert f"not -{LONG_PASSES} < _stop" in listing(source)  # a loop written both ways
    assert_agrees(source, inputs, profile=profile)


def test_a_loop_that_reads_its_float_is_a_for_where_it_is_long_and_a_while_where_it_is_short() -> None:
    code = listing(KNAPSACK)
    assert f"not -{LONG_PASSES} < _stop" in code  # the choice, made as the loop starts
    assert "for i_J in" in code  # the `for`
    assert "v_J = v_J if i_J != i_J else i_J + 0.0\n" in code  # which sets the float first in each pass
    assert "(v_Q <= v_J)" in code  # and reads it as it is
    assert "i_J += _ist" in code  # the `while`, which steps the float and the int


def test_a_loop_stepped_by_a_fraction_is_no_for() -> None:
    code = listing("10 TABLEAU T[50];S←0\n20 FAIRE 40 POUR Y←0.5 PAS 0.5 JUSQUA 20\n30 T[ENT(Y)+1]←Y\n"
                   "40 S←S+T[ENT(2*Y)+1]*Y\n")
    assert "for i_Y in" not in code and "_stop" not in code
