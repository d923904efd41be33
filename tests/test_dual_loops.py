"""A counted loop of computed bounds is written both ways (pyloops.keep_cheap): a `for` where it has passes enough to
run to pay for the `for`'s start (for one whose passes read its variable's float, pyloops.LoopCode.long_passes; for
one whose passes read only its int, pyloops.FEW_PASSES), its `while` where it has fewer. Each program runs loops of
both lengths, and every mode agrees with the reference (output, error and line, cycles) on both machines; the
listing has both forms.
"""

from __future__ import annotations

import re

import pytest

from machine.lse.listing import listing
from machine.lse.pyloops import FEW_PASSES
from tests.oracle.differential import assert_agrees

# A knapsack's table: the inner loop's test reads J (a float) beside elements indexed by its int.
KNAPSACK = (
    "10 LIRE N,C\n20 TABLEAU P[N],V[N],K[N+1,C+1]\n30 X←7\n"
    "40 FAIRE 50 POUR I←1 JUSQUA N\n50 X←X*137+187;X←X-ENT(X/10007)*10007;P[I]←1+X-ENT(X/7)*7;V[I]←X-ENT(X/50)*50\n"
    "60 FAIRE 100 POUR I←1 JUSQUA N\n70 Q←P[I];W←V[I];FAIRE 100 POUR J←0 JUSQUA C\n80 B←K[I,J+1]\n"
    "90 SI Q<=J ALORS DEBUT A←K[I,J+1-Q]+W;SI A>B ALORS B←A FIN\n100 K[I+1,J+1]←B\n110 AFFICHER K[N+1,C+1];TERMINER\n"
)



# The test that chooses between the two, as a loop starts: its ints' distance to the `for`'s stop, one way where a
# constant step says which way it counts.
CHOICE = re.compile(r"_stop\d+ is not None and (?:not -(\d+) < _stop\d+ - i_\w+ < \1|_stop\d+ - i_\w+ >= (\d+)"
                    r"|i_\w+ - _stop\d+ >= (\d+)):")


def choices(source: str) -> list[int]:
    """The passes from which each loop written both ways runs its `for` (its listing's tests)."""
    return [int(next(part for part in found if part)) for found in CHOICE.findall(listing(source))]


def least_passes(source: str) -> int:
    """The passes from which the program's last loop written both ways runs its `for` (the one that reads its float,
    where an earlier one sets an array up)."""
    return choices(source)[-1]


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


# A linked list in a function's own array: the inner loop steps K-1 times, its bounds computed, its passes reading
# only its int (as an index elsewhere in the pass it would be).
JOSEPHUS = (
    "10 LIRE NM,K\n20 T←0\n30 FAIRE 40 POUR N←1 JUSQUA NM\n40 T←T+&J(N,K)\n50 AFFICHER T;TERMINER\n"
    "60 PROCEDURE &J(N,K) LOCAL N,K,S,I,P,R\n70 TABLEAU S[N]\n80 FAIRE 80 POUR I←1 JUSQUA N-1;S[I]←I+1\n"
    "90 S[N]←1;P←N;R←N\n100 SI R=1 ALORS RESULTAT P\n110 FAIRE 110 POUR I←1 JUSQUA K-1;P←S[P]\n"
    "120 S[P]←S[S[P]];R←R-1;ALLER EN 100\n"
)

PROGRAMS.update({
    "a linked list stepped a few times and many times": (JOSEPHUS, ["30 2", "30 3", "12 7", "9 40"]),
    "loops of computed bounds reading only their ints, counting down, up and by two": (
        "10 LIRE N;TABLEAU T[40];S←0\n20 FAIRE 70 POUR L←1 JUSQUA N\n30 FAIRE 30 POUR I←L PAS -1 JUSQUA 1;T[I]←T[I]+L\n"
        "40 FAIRE 40 POUR I←1 JUSQUA L;S←S+T[I]\n50 FAIRE 50 POUR I←L PAS 2 JUSQUA 2*L;S←S+T[ENT(I/2)]\n"
        "70 *\n80 AFFICHER S,I,L;TERMINER\n", ["1", "5", "6", "7", "20"]),
    "a short loop of computed bounds whose element is past the end": (
        "10 LIRE N;TABLEAU T[4];S←0\n20 FAIRE 30 POUR R←1 JUSQUA 3\n30 FAIRE 30 POUR I←1 JUSQUA N;S←S+T[I]\n"
        "40 AFFICHER S;TERMINER\n", ["4", "5", "9"]),
    "a short loop of computed bounds ended by the budget many times over": (
        "10 LIRE N;TABLEAU T[10];S←0\n20 FAIRE 30 POUR R←1 JUSQUA 30000\n"
        "30 FAIRE 30 POUR I←1 JUSQUA N;T[I]←T[I]+R;S←S+T[I]\n40 AFFICHER S;TERMINER\n", ["3", "8"]),
    "a loop of computed bounds whose limit is past 2^24 or no whole number": (
        "10 LIRE A,B;TABLEAU T[10];S←0\n20 FAIRE 30 POUR I←A JUSQUA B;T[I]←I\n30 S←S+T[I]\n"
        "40 AFFICHER S,I;TERMINER\n", ["1 3.5", "1 1E9", "2 9.9"]),
})


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_loops_written_both_ways(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert choices(source)  # a loop written both ways
    assert_agrees(source, inputs, profile=profile)


def test_a_loop_that_reads_its_float_is_a_for_where_it_is_long_and_a_while_where_it_is_short() -> None:
    code = listing(KNAPSACK)
    assert f" - i_J >= {PASSES}:" in code  # the choice, made as the loop starts
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
    many = f"10 TABLEAU M[3,60];S←0\n20 FAIRE 40 POUR I←1 JUSQUA 60\n{body}"
    assert "for i_I" in listing(many) and not choices(many)
    few = f"10 TABLEAU M[3,60];S←0\n20 FAIRE 40 POUR I←1 JUSQUA {PASSES - 1}\n{body}"
    assert "for i_I" not in listing(few) and not choices(few)


def test_a_loop_stepped_by_a_fraction_is_no_for() -> None:
    code = listing("10 TABLEAU T[50];S←0\n20 FAIRE 40 POUR Y←0.5 PAS 0.5 JUSQUA 20\n30 T[ENT(Y)+1]←Y\n"
                   "40 S←S+T[ENT(2*Y)+1]*Y\n")
    assert "for i_Y in" not in code and "_stop" not in code


def test_a_loop_of_computed_bounds_that_reads_only_its_int_is_a_for_from_few_passes_else_a_while() -> None:
    code = listing(JOSEPHUS)
    setting_up, stepping = choices(JOSEPHUS)  # the list's set-up (which reads I's float: I+1) and its steps
    assert stepping == FEW_PASSES < setting_up
    steps = code[code.index("# 110:"):]
    assert "for i_I in _it:" in steps  # the `for`
    assert "i_I += _ist" in steps  # and the `while`, which steps the float and the int
    assert "v_I = v_I if i_I != i_I" in steps  # the float set from the int only where the `for` is left
