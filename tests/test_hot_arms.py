"""A GOTO loop's test, at its top or further in, pays the way round with the test: one add a pass instead of two,
and the way out gives it back (pycharges.ChargePlan.hot_arm, pygen.branch). Cycle totals, errors and their lines
agree with the reference in every mode.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

# The sieve's inner loop: line 40 tests, line 50 goes round.
SIEVE = ("10 N←200;TABLEAU T[N];I←2\n20 SI T[I]=1 ALORS ALLER EN 60\n30 J←I*I\n40 SI J>N ALORS ALLER EN 60\n"
         "50 T[J]←1;J←J+I;ALLER EN 40\n60 I←I+1;SI I*I<=N ALORS ALLER EN 20\n70 AFFICHER I,J\n")
# Trial division: the loop tests at line 120 and again at line 130, each with a way out by RESULTAT.
PRIMES = ("10 C←0;FAIRE 20 POUR I←2 JUSQUA 60\n20 C←C+&P(I)\n30 AFFICHER C;TERMINER\n100 PROCEDURE &P(P) LOCAL D\n"
          "110 D←2\n120 SI D*D>P ALORS RESULTAT 1\n130 SI P-ENT(P/D)*D=0 ALORS RESULTAT 0\n140 D←D+1;ALLER EN 120\n")
# Line 40's test leaves the GOTO loop for the FAIRE's last line, whose loop comes back to it: both arms come back.
INNER = ("10 C←0\n20 FAIRE 60 POUR P←1 JUSQUA 5\n30 J←1\n40 K←J*2;SI K>P ALORS ALLER EN 60\n"
         "50 C←C+J;J←J+1;ALLER EN 40\n60 *\n70 AFFICHER C\n")
# Line 40 tests inside the GOTO loop of lines 30-50, whose top the FAIRE reaches too: both ways come back to it,
# neither through blocks only it leads into; the way round of the inner loop is the shorter (a Mandelbrot pixel's).
INSIDE = ("10 S←0;FAIRE 60 POUR I←1 JUSQUA 6\n20 A←0;K←0\n30 A←A*2+1\n40 SI A>I*9 ALORS ALLER EN 60\n"
          "50 K←K+1;SI K<20 ALORS ALLER EN 30\n60 S←S+K\n70 AFFICHER S\n")
# Both arms of line 20 go round the loop: neither is a way out.
BOTH_ROUND = ("10 I←0;S←0\n20 I←I+1;SI I-2*ENT(I/2)=0 ALORS ALLER EN 40\n30 S←S+I\n40 SI I<50 ALORS ALLER EN 20\n"
              "50 AFFICHER S\n")


def loop_lines(code: str, line: int) -> list[str]:
    start = code.index(f"# {line}:")
    return code[start:].splitlines()


def test_a_loop_s_top_test_pays_the_way_round_with_one_add_and_the_way_out_with_one() -> None:
    code = listing(SIEVE)
    test = [line.strip() for line in loop_lines(code, 40)]
    # The test cannot fail: the line's add is paid in each arm with the arm's own (pygen.carried).
    assert test[1].startswith("if ") and test[2].startswith("cyc += ") and test[3] == "break"  # the way out
    assert test[4].startswith("cyc += ") and "cyc +=" not in "\n".join(test[5:9])  # the way round: one add


def test_a_second_test_in_a_loop_pays_the_way_round_with_it_and_the_way_out_gives_it_back() -> None:
    test = [line.strip() for line in loop_lines(listing(PRIMES), 130)]
    assert test[1].startswith("if ") and test[2].startswith("cyc += -") and test[3] == "return 0.0"
    assert "cyc +=" not in "\n".join(test[4:7])  # the way round: paid with the test at line 120's add


def test_the_way_round_of_an_inner_loop_is_found_where_the_way_out_goes_round_an_outer_one() -> None:
    test = [line.strip() for line in loop_lines(listing(INNER), 40)]
    assert test[1].startswith("cyc += ") and test[4].startswith("cyc += -") and test[5] == "break"
    assert "cyc +=" not in "\n".join(test[6:10])


def test_a_test_inside_a_loop_whose_ways_both_come_back_pays_the_shorter_way_round() -> None:
    inner = listing(INSIDE).split("# 30:")[1].split("# 60:")[0]
    assert inner.count("cyc += ") == 3 and inner.count("cyc += -") == 2  # one add a pass; each way out gives back


def test_a_test_whose_both_arms_go_round_keeps_its_adds() -> None:
    assert "cyc += -" not in listing(BOTH_ROUND)


PROGRAMS = {
    "the sieve": SIEVE,
    "both arms round": BOTH_ROUND,
    "an element out of range on the way round": (
        "10 TABLEAU T[5];J←1\n20 SI J>9 ALORS ALLER EN 40\n30 T[J]←J;J←J+1;ALLER EN 20\n40 AFFICHER J\n"),
    "a way out to a RESULTAT": (
        "10 AFFICHER &F(30)\n20 TERMINER\n30 PROCEDURE &F(N) LOCAL N,K,S\n40 K←0;S←0\n"
        "50 SI K>=N ALORS RESULTAT S\n60 K←K+1;S←S+K*K;ALLER EN 50\n"),
    "trial division, tested twice a pass": PRIMES,
    "an inner GOTO loop whose way out goes round a FAIRE": INNER,
    "a test inside a GOTO loop inside a FAIRE": INSIDE,
    "the same, its way out failing": INSIDE.replace("60 S←S+K", "60 S←S+K/(I-4)"),
    "a way out that fails in the middle of the loop": (
        "10 I←0;S←0\n20 I←I+1\n30 SI I>=5 ALORS ALLER EN 60\n40 S←S+I;ALLER EN 20\n60 AFFICHER S/(I-5)\n"),
    "an error on the way round after the second test": (
        "10 TABLEAU T[4];I←0\n20 I←I+1;SI I>9 ALORS ALLER EN 50\n30 SI I=7 ALORS ALLER EN 50\n40 T[I]←I;ALLER EN 20\n"
        "50 AFFICHER I\n"),
    "a way out that fails": (
        "10 I←0\n20 SI I>=5 ALORS ALLER EN 40\n30 I←I+1;ALLER EN 20\n40 AFFICHER 1/(I-5)\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_loops_with_a_way_out(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)
