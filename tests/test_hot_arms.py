"""A GOTO loop's test at its top pays the way round with the test: one add a pass instead of two, and the way
out gives it back (pycharges.ChargePlan.hot_arm, pygen.branch). Cycle totals, errors and their lines agree with
the reference in every mode.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

# The sieve's inner loop: line 40 tests, line 50 goes round.
SIEVE = ("10 N←200;TABLEAU T[N];I←2\n20 SI T[I]=1 ALORS ALLER EN 60\n30 J←I*I\n40 SI J>N ALORS ALLER EN 60\n"
         "50 T[J]←1;J←J+I;ALLER EN 40\n60 I←I+1;SI I*I<=N ALORS ALLER EN 20\n70 AFFICHER I,J\n")
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
    "a way out that fails": (
        "10 I←0\n20 SI I>=5 ALORS ALLER EN 40\n30 I←I+1;ALLER EN 20\n40 AFFICHER 1/(I-5)\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_loops_with_a_way_out(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)
