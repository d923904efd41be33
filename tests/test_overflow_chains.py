"""A chain of + - * tested for overflow only at its top gives the error each operation's test would give.

An infinity or a NaN stays one through + - * (pyoperators.chain); outside a fast path a chain is tested
only at its top where nothing after its first operation can fail (constants, parameters by value).
Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

PROCEDURE = "20 TERMINER\n30 PROCEDURE &P(A,B) LOCAL A,B\n"

PROGRAMS = {
    "a product of parameters that overflows at its first operation": (
        "10 &P(1E300,2)\n" + PROCEDURE + "40 X←A*A+B;AFFICHER X\n50 RETOUR\n"),
    "a difference of two infinities is an overflow, not a NaN printed": (
        "10 &P(1E200,3)\n" + PROCEDURE + "40 X←A*A-A*A;AFFICHER X\n50 RETOUR\n"),
    "an unset variable read before the first operation fails first": (
        "10 &P(1E300,2)\n" + PROCEDURE + "40 X←U*A*A+B;AFFICHER X\n50 RETOUR\n"),
    "an element read after an overflow is not reached: the overflow is the error": (
        "10 TABLEAU T[2];&P(1E300,2)\n" + PROCEDURE + "40 X←A*A+T[9];AFFICHER X\n50 RETOUR\n"),
    "an unset variable read after an overflow is not reached": (
        "10 &P(1E300,2)\n" + PROCEDURE + "40 X←A*A+U;AFFICHER X\n50 RETOUR\n"),
    "a chain that stays in range gives its sum": (
        "10 &P(3,4)\n" + PROCEDURE + "40 X←A*A+B*B-A*B+7;AFFICHER X\n50 RETOUR\n"),
    "a chain over a string parameter fails as a type error": (
        "10 &P('AB',2)\n" + PROCEDURE + "40 X←B*B+A+B;AFFICHER X\n50 RETOUR\n"),
    "variables in a chain of three operations, in range, in a loop (a fast path)": (
        "10 A←3;B←4;C←5\n20 FAIRE 30 POUR K←1 JUSQUA 3\n30 X←K*A*B+C-A*K+B;AFFICHER X\n"),
    "variables in a fast path's chain that overflows at its first operation, before an unset variable": (
        "10 A←1E300;B←4;C←5\n20 FAIRE 30 POUR K←1 JUSQUA 3\n30 X←A*A+B*C+K+U;AFFICHER X\n"),
    "variables in a fast path's chain, an unset one read before the overflow": (
        "10 A←1E300;B←4;C←5\n20 FAIRE 30 POUR K←1 JUSQUA 3\n30 X←U+A*A+B*C+K;AFFICHER X\n"),
    "a fast path's chain whose last operation overflows on the third pass": (
        "10 A←1E100;B←4\n20 FAIRE 30 POUR K←1 JUSQUA 3\n30 A←A*1E20;X←B+A*B-A*K+A*A;AFFICHER K\n"),
    "parity and remainders by powers of two of the largest numbers (no check: operands.halved_back)": (
        "10 LIRE X;FAIRE 30 POUR K←1 JUSQUA 4\n20 SI X=2*ENT(X/2) ALORS AFFICHER X-ENT(X/4)*4,1024*ENT(X/1024)-X\n"
        "25 AFFICHER X-2*ENT(X/2)\n30 X←-X\n40 AFFICHER X-ENT(X/3)*3,3*ENT(X/3)\n"),
    "remainders by variables of bounded numbers, negative and fractional (no check: operands.quotient_product)": (
        "10 FAIRE 30 POUR D←-7.5 PAS 2.5 JUSQUA 10;SI D=0 ALORS ALLER EN 30\n"
        "20 FAIRE 30 POUR P←-9 JUSQUA 9 PAS 4.5\n30 AFFICHER P-ENT(P/D)*D,D*ENT(P/D)\n"),
    "a remainder by a tiny variable whose quotient overflows": "10 X←1E200;Y←1E-200;Z←X-ENT(X/Y)*Y;AFFICHER Z\n",
    "a remainder whose product overflows though its quotient does not": (
        "10 LIRE X;X←-X;Y←3.3E249;FAIRE 20 POUR K←1 JUSQUA 2\n20 SI ENT(X/Y)*Y<X ALORS AFFICHER K\n"),
    "a remainder by a variable of zero": "10 X←5;Y←0;Z←X-ENT(X/Y)*Y;AFFICHER Z\n",
    "a remainder of the largest number read in, by a variable": "10 LIRE X;Y←0.75;AFFICHER X-ENT(X/Y)*Y\n",
    # Operands that can fail only by an overflow, read after the first operation (ExpressionCode.overflows_only).
    "variables set before, the first operation overflowing, then ENT, a division by a constant and ABS": (
        "10 LIRE X;Y←3;Z←X*X+ENT(Y/2)-Y/4+ABS(-Y);AFFICHER Z\n"),
    "a later division by a small constant overflowing after the first operation did": (
        "10 LIRE X;Y←X;Z←X*2+Y/1E-10-X;AFFICHER Z\n"),
    "a later operand overflowing where the first operation does not": (
        "10 LIRE X;Y←2;Z←Y*Y+ENT(X*X)+Y;AFFICHER Z\n"),
    "an infinity less an infinity inside ENT": "10 LIRE X;Y←X;Z←Y+ENT(X*2-X*2)+1;AFFICHER Z\n",
    "a variable the first pass has not set yet, read after the first operation": (
        "10 LIRE X;FAIRE 30 POUR K←1 JUSQUA 2\n20 Z←K*K+W-K;AFFICHER Z\n30 W←X\n"),
    "a variable set on one way only, read after an operation that overflows": (
        "10 LIRE X;SI X<0 ALORS W←1\n20 Z←X*X+W-1;AFFICHER Z\n"),
    "variables set before, in range": "10 LIRE X;A←2;B←3;Z←A*B+ENT(B/2)-A/4+ABS(-B)*A;AFFICHER Z,X\n",
}


LARGEST = {"micro40": "1.7976931348623157E308", "console80": "3.4028234E38"}  # what a program reads (LIRE X)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_chain(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [LARGEST[profile]], profile=profile)



# A procedure called in a loop (its code is written fast) with numbers read in (no bound: magnitudes.py).
HOT = "10 LIRE U,V;FAIRE 10 POUR K←1 JUSQUA 9;&P(U,V)\n"


def test_a_chain_of_parameters_is_tested_once_at_its_top() -> None:
    code = listing(HOT + PROCEDURE + "40 X←X+10*A+B\n50 RETOUR\n")
    assert code.count("_overflow()") == 1


def test_a_chain_that_reads_a_variable_after_its_first_operation_tests_each_operation() -> None:
    code = listing(HOT + PROCEDURE + "40 X←A*B+Y\n50 RETOUR\n")
    assert code.count("_overflow()") == 2


def test_a_chain_of_variables_set_on_every_way_is_tested_at_its_top_alone() -> None:
    code = listing("10 LIRE A,B,C\n20 FAIRE 30 POUR K←1 JUSQUA 3\n30 X←K*A*B+C-A*ENT(K/2)+B;AFFICHER X\n")
    line = code[code.index("# 30:"):]
    line = line[:line.index("_o = _plain(")]
    assert line.count("_overflow()") == 1 and "except" not in line


def test_a_chain_of_variables_that_would_be_tested_at_each_link_is_a_fast_path_tested_at_its_top() -> None:
    code = listing("10 LIRE A\n15 SI A>0 ALORS DEBUT B←2;C←3 FIN\n20 FAIRE 30 POUR K←1 JUSQUA 3\n"
                   "30 X←K*A*B+C-A*K+B;AFFICHER X\n")
    start = code.index("# 30:")
    line = code[start:code.index("_o = _plain(", start)]
    fast, general = line.split("except _Exception:")
    assert "try:" in fast and fast.count("_overflow()") == 1
    assert general.count("_overflow()") + general.count("_ck(") > 1  # the general way tests each operation


def test_a_remainder_by_a_variable_of_bounded_numbers_tests_only_its_quotient_by_the_floor_that_takes_it() -> None:
    code = listing("10 FAIRE 30 POUR D←1 JUSQUA 9\n20 FAIRE 30 POUR P←1 JUSQUA 99\n30 AFFICHER P-ENT(P/D)*D\n")
    line = code[code.index("# 30:"):code.index("# 30:") + 400]
    # (an infinite quotient fails in the floor: pybuiltins.builtin_call)
    assert "_overflow()" not in line and "(v_P - (_float(_floor((v_P / v_D))) * v_D))" in line
