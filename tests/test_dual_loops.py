"""A counted loop whose passes read its variable's float is written both ways (pyloops.keep_cheap): a `for` where it has
passes enough to run to pay for the `for`'s start (pyloops.LoopCode.long_passes), its `while` where it has fewer.
Each program runs loops of both lengths, and every mode agrees with the reference (output, error and line, cycles)
on both machines; the listing has both forms.
"""

from __future__ import annotations

import re

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

# A knapsack's table: the inner loop's test reads J (a float) beside elements indexed by its int.
KNAPSACK = (
    "10 LIRE N,C\n20 TABLEAU P[N],V[N],K[N+1,C+1]\n30 X←7\n"
    "40 FAIRE 50 POUR I←1 JUSQUA N\n50 X←X*137+187;X←X-ENT(X/10007)*10007;P[I]←1+X-ENT(X/7)*7;V[I]←X-ENT(X/50)*50\n"
    "60 FAIRE 100 POUR I←1 JUSQUA N\n70 Q←P[I];W←V[I];FAIRE 100 POUR J←0 JUSQUA C\n80 B←K[I,J+1]\n"
    "90 SI Q<=J ALORS DEBUT A←K[I,J+1-Q]+W;SI A>B ALORS B←A FIN\n100 K[I+1,J+1]←B\n110 AFFICHER K[N+1,C+1];TERMINER\n"
)



def least_passes(source: str) -> int:
    """The passes from which the program's loop written both ways runs its `for` (its listing's test)."""
    found = re.findall(r"not -(\d+) < _stop\d+ - i_\w+ < (\d+):", listing(source))
    assert len(found) == 1 and found[0][0] == found[0][1], found
    return int(found[0][0])


PASSES = least_passes(KNAPSACK)

PROGRAMS = {
    "a knapsack's inner loop, long": (KNAPSACK, ["6 40"]),
    "a knapsack's inner loop, short": (KNAPSACK, ["6 9"]),
    "a knapsack's inner loop, exactly as long as the `for` asks": (KNAPSACK, [f"3 {PASSES - 1}"]),
    "a knapsack's inner loop, one pass shorter": (KNAPSACK, [f"3 {PASSES - 2}"]),
    "loops of each length, one after the other, counting down and up": (
        "10 TABLEAU T[2,60];S←0\n20 FAIRE 60 POUR L←1 PAS 3 JUSQUA 40\n30 FAIRE 50 POUR I←L PAS -1 JUSQUA 1\n"
        "40 SI I>L/2 ALORS T[1,I]←T[2,I]+I SINON T[2,I]←T[1,I]-1\n50 S←S+T[1,I]*I\n60 *\n"
        "70 AFFICHER S,T[1,1],T[2,40],I,L;TERMINER\n", []),
    "a limit that is no whole number": (
        "10 TABLEAU T[2,50];S←0\n20 LIRE A,B\n30 FAIRE 40 POUR I←A JUSQUA B\n"
        "40 T[1,I]←I;SI I>3 ALORS S←S+I+T[2,I-1]\n50 AFFICHER S,I,T[1,ENT(B)];TERMINER\n", ["1 30.5"]),
    "a fractional start read in": (
        "10 TABLEAU T[2,50];S←0\n20 LIRE A,B\n30 FAIRE 40 POUR I←A JUSQUA B\n"
        "40 SI I<B-2 ALORS S←S+I+T[1,I];T[2,I+1]←I\n50 AFFICHER S,I;TERMINER\n", ["1.5 30"]),
    "an index past the array's end in a long loop": (
        "10 TABLEAU T[2,20];S←0;N←30\n20 FAIRE 40 POUR I←1 JUSQUA N\n30 SI I>2 ALORS S←S+T[1,I-1]\n40 T[2,I]←I\n"
        "50 AFFICHER S;TERMINER\n", []),
    "a division by zero in a long loop, its cycles counted to it": (
        "10 TABLEAU T[2,40];S←0;Z←25;N←40\n20 FAIRE 40 POUR I←1 JUSQUA N\n30 SI I<Z+1 ALORS S←S+1/(Z-I)\n"
        "40 T[1,I]←S;T[2,I]←T[1,I]\n50 AFFICHER S;TERMINER\n", []),
    "a long loop in a procedure called with each length": (
        "10 TABLEAU T[2,100];S←0\n20 FAIRE 30 POUR N←1 PAS 7 JUSQUA 40\n30 S←S+&F(N)\n40 AFFICHER S;TERMINER\n"
        "50 PROCEDURE &F(N) LOCAL N,I,R\n60 R←0;FAIRE 70 POUR I←1 JUSQUA N*2\n"
        "70 SI I#N ALORS T[1,I]←T[2,I]+I;R←R+T[1,I]\n80 RESULTAT R\n", []),
    "a long loop ended by the budget many times over": (
        "10 TABLEAU T[2,3000];S←0;N←3000\n20 FAIRE 40 POUR I←1 JUSQUA N\n"
        "30 SI I>1500 ALORS T[1,I]←T[1,I-1]+1 SINON T[1,I]←I\n40 S←S+T[1,I]+T[2,I]\n50 AFFICHER S;TERMINER\n", []),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_loops_written_both_ways(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert re.search(r"not -\d+ < _stop", listing(source))  # a loop written both ways
    assert_agrees(source, inputs, profile=profile)


def test_a_loop_that_reads_its_float_is_a_for_where_it_is_long_and_a_while_where_it_is_short() -> None:
    code = listing(KNAPSACK)
    assert f"not -{PASSES} < _stop" in code  # the choice, made as the loop starts
    assert "for i_J in" in code  # the `for`
    assert "v_J = v_J if i_J != i_J else i_J + 0.0\n" in code  # which sets the float first in each pass
    assert "(v_Q <= v_J)" in code  # and reads it as it is
    assert "i_J += _ist" in code  # the `while`, which steps the float and the int


def test_a_loop_with_more_elements_of_a_matrix_to_a_pass_is_a_for_from_fewer_passes() -> None:
    assert PASSES < 16  # three elements of a matrix a pass, and its passes not paid in bulk
    one = least_passes("10 LIRE N;TABLEAU M[3,N],C[N];S←0\n20 FAIRE 40 POUR I←1 JUSQUA N\n"
                       "30 SI I>S ALORS S←S+C[I]\n40 M[2,I]←S\n")
    assert PASSES < one
    none = least_passes("10 LIRE N;TABLEAU C[N];S←0\n20 FAIRE 40 POUR I←1 JUSQUA N\n30 SI I>S ALORS S←S+C[I]\n"
                        "40 C[I]←S\n")
    assert one < none


def test_a_loop_whose_constant_bounds_give_passes_enough_is_a_for_alone_and_one_with_too_few_no_for() -> None:
    body = "30 SI I>S ALORS S←S+M[2,I]\n40 M[1,I]←S;M[3,I]←I\n"
    many = listing(f"10 TABLEAU M[3,60];S←0\n20 FAIRE 40 POUR I←1 JUSQUA 60\n{body}")
    assert "for i_I" in many and "not -" not in many
    few = listing(f"10 TABLEAU M[3,60];S←0\n20 FAIRE 40 POUR I←1 JUSQUA {PASSES - 1}\n{body}")
    assert "for i_I" not in few and "not -" not in few


def test_a_loop_stepped_by_a_fraction_is_no_for() -> None:
    code = listing("10 TABLEAU T[50];S←0\n20 FAIRE 40 POUR Y←0.5 PAS 0.5 JUSQUA 20\n30 T[ENT(Y)+1]←Y\n"
                   "40 S←S+T[ENT(2*Y)+1]*Y\n")
    assert "for i_Y in" not in code and "_stop" not in code
