"""Single precision: an operation compared with a constant is compared unrounded, with the halfway points by it."""

from __future__ import annotations

import operator

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from machine.errors import LseError
from machine.lse.listing import listing
from machine.lse.numbers import FLOAT32_MAX, NumberModel, compared, round32
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_float32_multiples import FLOAT32S, TINY

ORDERS = {"=": operator.eq, "#": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
          ">=": operator.ge}
ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
ODD = 1.0 + 2.0 ** -23  # a float32 whose significand is odd: a tie past it goes away from it


@given(FLOAT32S, FLOAT32S, st.sampled_from("+-*/"), st.sampled_from(sorted(ORDERS)), FLOAT32S)
@example(1.0, 2.0 ** -24, "+", ">", 1.0)  # a tie up from 1 (even): stays 1
@example(1.0, 2.0 ** -24, "+", "=", 1.0)
@example(ODD, 2.0 ** -24, "+", ">", ODD)  # a tie up from an odd significand: to the float32 after it
@example(ODD, -(2.0 ** -24), "+", "<", ODD)  # a tie down from it: to the one before
@example(1.0, -(2.0 ** -25), "+", "<", 1.0)  # a tie below 1 (2^-25 there): to 1, the even one
@example(1.0, -(2.0 ** -25) - 2.0 ** -40, "+", "<", 1.0)
@example(-1.0, 2.0 ** -25, "-", "<", -1.0)  # the same, below 0
@example(TINY, 0.5, "*", "=", 0.0)  # a tie between 0 and the least subnormal: to 0
@example(TINY * 3, 0.5, "*", ">=", TINY * 2)  # 1.5 subnormals: a tie to 2
@example(-TINY, 0.5, "*", ">=", 0.0)  # -0.0 equals 0
@example(FLOAT32_MAX, 2.0 ** 103, "+", "<", 4.0)  # halfway past the largest float32: an overflow
@example(FLOAT32_MAX, 2.0 ** 102, "+", ">=", FLOAT32_MAX)  # below it: the largest float32
@example(-FLOAT32_MAX, 2.0 ** 103, "-", "#", 0.0)
def test_a_comparison_with_a_constant_unrounded_agrees_with_round32s_result_compared(x, y, op, order, c):
    if op == "/" and y == 0.0:
        return  # (a division by zero fails before any rounding)
    exact = ARITHMETIC[op](x, y)
    code = compared(f"(x {op} y)", order, c)
    assert "536870913" not in code  # (no split)
    namespace = {**NumberModel.namespace(), "x": x, "y": y}
    try:
        expected = ORDERS[order](round32(exact), c)
    except LseError:
        with pytest.raises(LseError):
            eval(code, namespace)  # the generated code's own text, on these values
        return
    assert eval(code, namespace) is expected


def condition(source: str) -> str:
    """console80's code of the first SI's test."""
    code = listing(source, machine="console80")
    return next(text.strip() for text in code.splitlines() if text.lstrip().startswith("if ((_t"))


@pytest.mark.parametrize(("test", "kept"), [
    ("A+B>4", "(_t > 4.000000238418579)"),  # 4's significand is even: a tie up from it stays 4
    ("4<=A*B", "(_t >= 3.9999998807907104)"),  # the constant first: the other side compared the other way
    ("A-B=0.1", "(_t > 0.09999999776482582 and _t < 0.10000000521540642)"),  # 0.1 odd: ties leave it
    ("A/B#1", "((_t < 0.9999999701976776 or _t > 1.0000000596046448)"),
])
def test_in_single_an_operation_compared_with_a_constant_is_not_rounded(test, kept):
    source = lines("10 LIRE Y;A←Y/3;B←Y/7", "20 FAIRE 30 POUR I←1 JUSQUA 3", f"30 SI {test} ALORS A←A+1",
                   "40 TERMINER")
    code = condition(source)
    assert kept in code and "536870913" not in code


@pytest.mark.parametrize("typed", ["1 5.9604645E-8", "1 5.9604648E-8", "1.0000001 5.9604645E-8", "-1 -2.9802322E-8",
                                   "1E-45 0.5", "3.4E38 3.4E38", "2 2", "0.1 0.2", "1E20 1E20", "0 0"])
def test_every_mode_agrees_with_the_reference_on_comparisons_near_a_constant(typed):
    source = lines("10 LIRE A,B", "20 SI A+B>1 ALORS AFFICHER 'G' SINON AFFICHER 'P'",
                   "30 SI 1=A+B ALORS AFFICHER 'E'", "40 SI A*B<=0 ALORS AFFICHER 'N'",
                   "50 SI A-B#0.1 ALORS AFFICHER 'D'", "60 SI A*B>=1E38 ALORS AFFICHER 'L'", "70 TERMINER")
    assert_agrees(source, [typed], profile="console80")
