"""Single precision: results that are multiples of 2^-149 (sums, products by whole numbers, scalings) tested by size."""

from __future__ import annotations

import math
import struct

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from machine.errors import LseError
from machine.lse.numbers import FLOAT32_MAX, NumberModel, round32
from tests.lse_harness import lines

SINGLE = NumberModel("single")
FLOAT32S = st.floats(allow_nan=False, allow_infinity=False, width=32)
# Whole float32s, small and up to the end of the range (a whole number rounded to float32 stays whole).
WHOLES = st.one_of(st.integers(-2 ** 26, 2 ** 26), st.integers(-2 ** 128 + 2 ** 104, 2 ** 128 - 2 ** 104)).map(
    lambda k: round32(float(k)))
TINY = 2.0 ** -149  # the least float32 subnormal


def bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]  # (tells -0.0 from 0.0)


def agrees(code: str, exact: float, **values: float) -> None:
    """The generated code gives round32's float32 bit for bit, or fails as round32 does (an overflow)."""
    namespace = {**NumberModel.namespace(), **values}
    try:
        expected = round32(exact)
    except LseError:
        with pytest.raises(LseError):
            eval(code, namespace)  # the generated code's own text, on these values
        return
    assert bits(eval(code, namespace)) == bits(expected)


@given(FLOAT32S, FLOAT32S, st.sampled_from("+-"))
@example(2.0 ** 24, 1.0, "+")  # a tie: to the even 2^24
@example(2.0 ** 24 + 2.0, 1.0, "+")  # a tie: to the even 2^24 + 4
@example(3 * TINY, -2 * TINY, "+")  # a subnormal, exact
@example(2.0 ** -126, -TINY, "+")  # the largest subnormal
@example(-0.0, -0.0, "+")  # -0.0 stays
@example(-0.0, 0.0, "-")
@example(1.5, 1.5, "-")  # +0.0
@example(FLOAT32_MAX, 2.0 ** 103, "+")  # halfway past the largest float32: overflows
@example(FLOAT32_MAX, 2.0 ** 103 - 2.0 ** 80, "+")  # just below halfway: the largest float32
@example(-FLOAT32_MAX, FLOAT32_MAX, "-")
def test_a_sum_or_difference_of_two_float32s_is_rounded_by_its_size_alone_as_round32_rounds_it(x, y, op):
    agrees(SINGLE.result(f"(x {op} y)", multiple=True), x + y if op == "+" else x - y, x=x, y=y)


@given(FLOAT32S, FLOAT32S.filter(lambda c: abs(c) < 2.0 ** 99), st.sampled_from("+-"))
@example(FLOAT32_MAX, 2.0 ** 99 - 2.0 ** 75, "+")  # the nearest to overflowing: still the largest float32
@example(-FLOAT32_MAX, 2.0 ** 98, "-")
@example(2.0 ** 24, 1.0, "+")
@example(TINY, -TINY, "-")
def test_a_sum_with_an_operand_below_two_to_the_99_is_rounded_by_veltkamp_s_split_alone(x, c, op):
    code = SINGLE.result(f"(x {op} c)", multiple=True, near=True)
    assert "_r32" not in code
    agrees(code, x + c if op == "+" else x - c, x=x, c=c)


@given(WHOLES, FLOAT32S)
@example(3.0, TINY * 5, )  # a subnormal product, exact
@example(3.0, 2.0 ** -127 + TINY, )  # past 2^-126 from a subnormal
@example(-1.0, 0.0)  # -0.0
@example(2.0 ** 127, 3.0)  # overflows
@example(16777215.0, 1.0000001192092896)  # 48 bits, rounded once
def test_a_product_by_a_whole_float32_is_rounded_by_its_size_alone_as_round32_rounds_it(k, y):
    agrees(SINGLE.result("(k * y)", multiple=True), k * y, k=k, y=y)


@given(st.one_of(st.integers(-2 ** 40, 2 ** 40).map(float), WHOLES), FLOAT32S, st.sampled_from("+-"))
def test_a_whole_result_expected_and_rounded_as_a_multiple_is_round32s(x, y, op):
    x = round32(x)  # (a float32, as every number the program holds)
    agrees(SINGLE.result(f"(x {op} y)", whole=True, multiple=True), x + y if op == "+" else x - y, x=x, y=y)


@given(FLOAT32S, st.integers(0, 280), st.sampled_from("*/"))
@example(TINY, 3, "*")
@example(FLOAT32_MAX, 1, "*")  # overflows
def test_a_float32_scaled_upward_is_tested_by_its_size_alone(x, exponent, op):
    power = 2.0 ** exponent if op == "*" else 2.0 ** -exponent
    if power == 0.0:
        return  # (2^-280 is no double: never a constant of a program in single, which holds it as 0)
    code = SINGLE.scaled(f"(x {op} p)", upward=True)
    agrees(code, x * power if op == "*" else x / power, x=x, p=power)


@given(WHOLES, st.integers(0, 126), st.sampled_from("*/"))
@example(1.0, 126, "/")  # the least normal float32
@example(-0.0, 3, "/")
def test_a_whole_float32_scaled_down_at_most_to_two_to_the_minus_126_is_a_float32(k, exponent, op):
    power = 2.0 ** -exponent if op == "*" else 2.0 ** exponent
    code = SINGLE.scaled(f"(k {op} p)", exact=True)
    assert code == f"(k {op} p)"  # (no test at all)
    agrees(code, k * power if op == "*" else k / power, k=k, p=power)


def test_below_two_to_the_minus_126_a_whole_number_scaled_down_is_rounded():
    assert round32(1.0 * 2.0 ** -127) == 2.0 ** -127 and round32(3.0 * 2.0 ** -150) != 3.0 * 2.0 ** -150
    assert math.ldexp(3.0, -150) != round32(math.ldexp(3.0, -150))  # why exact stops at 2^-126


@pytest.mark.parametrize(("line", "kept", "gone"), [
    ("20 Z←X+Y", "_t >= -3.4028234663852886e+38 else _r32(_x)", "1.1754943508222875e-38"),  # a sum: size alone
    ("20 Z←X-SIN(Y)*2", "v_Z = ((_c := (_x := (v_X -", "_t >= -3.4028234663852886e+38 else _r32(_x)"),  # near: none
    ("20 Z←X+1E29*X", "_t >= -3.4028234663852886e+38 else _r32(_x)", "1.1754943508222875e-38"),  # not near
    ("20 Z←3*X", "_t >= -3.4028234663852886e+38 else _r32(_x)", "1.1754943508222875e-38"),  # by a whole constant
    ("20 Z←2*X", "_t >= -3.4028234663852886e+38 else _r32(_t)", "1.1754943508222875e-38"),  # scaled upward
    ("20 Z←I/2", "v_I / 2.0", "_r32"),  # a whole counter halved: exact
    ("20 Z←X*Y", "_t <= -1.1754943508222875e-38", "_t >= -3.4028234663852886e+38 else"),  # subnormals rounded
    ("20 Z←X/4", "or _t <= -1.1754943508222875e-38 or", "3.4028234663852886e+38"),  # a fraction scaled down: below
])
def test_in_single_a_result_whose_subnormals_are_exact_is_tested_by_its_size_alone(line, kept, gone):
    from machine.lse.listing import listing

    code = listing(lines("10 LIRE X,Y;FAIRE 20 POUR I←1 JUSQUA 9", line, "30 AFFICHER Z;TERMINER"),
                   machine="console80")
    statement = next(text for text in code.splitlines() if text.lstrip().startswith("v_Z = "))
    assert kept in statement and gone not in statement


SUBNORMALS = ("10 LIRE X,Y", "20 A←X-Y;B←3*A;C←A+A;D←2*A;E←A*0.5;F←A*X", "30 G←X*1E30*1E8;H←-G-G",
              "40 AFFICHER A,B,C,D,E,F,G,H;TERMINER")


@pytest.mark.parametrize("typed", ["1.5E-38 1.4E-38", "1E-45 -2E-45", "3.4E38 -1", "1 0", "2 0", "0 0"])
def test_every_mode_agrees_with_the_reference_on_sums_and_scalings_near_the_ends_of_float32(typed):
    from tests.oracle.differential import assert_agrees

    assert_agrees(lines(*SUBNORMALS), [typed], profile="console80")


def veltkamp_alone(code: str) -> str:
    """The code for a built-in's result whose rounding NORMAL_RESULTS spares every test."""
    rounded = SINGLE.builtin(code, normal=True)
    assert "_r32" not in rounded and "1.1754943508222875e-38" not in rounded
    return rounded


@given(FLOAT32S.map(abs))
@example(TINY)
@example(FLOAT32_MAX)
@example(-0.0)
def test_a_square_root_of_a_float32_is_rounded_by_veltkamp_s_split_alone(x):
    agrees(veltkamp_alone("_sqrt(x)"), math.sqrt(x), x=x, _sqrt=math.sqrt)


@given(FLOAT32S.filter(lambda x: x > 0.0))
@example(1.0)
@example(1.0 - 2.0 ** -24)
@example(1.0 + 2.0 ** -23)
@example(TINY)
@example(FLOAT32_MAX)
def test_a_logarithm_of_a_float32_is_rounded_by_veltkamp_s_split_alone(x):
    agrees(veltkamp_alone("_log(x)"), math.log(x), x=x, _log=math.log)


@given(st.integers(0, 2 ** 64 - 1))
@example(0)
@example(2 ** 64 - 1)
def test_a_draw_of_ale_is_rounded_by_veltkamp_s_split_alone(z):
    from machine.lse.environment import _unit

    agrees(veltkamp_alone("_unit(z)"), _unit(z), z=z, _unit=_unit)


@pytest.mark.parametrize("typed", ["1", "0.99999994", "1.0000001", "1E-45", "3.4E38", "-1", "0"])
def test_every_mode_agrees_with_the_reference_on_roots_logarithms_and_draws(typed):
    from tests.oracle.differential import assert_agrees

    source = lines("10 LIRE X;A←ALE(0)+ALE(X);B←RAC(X)", "20 C←LGN(X);AFFICHER A,B,C;TERMINER")
    assert_agrees(source, [typed], profile="console80")


PARITY = ("10 LIRE N;C←0;FAIRE 40 POUR I←1 JUSQUA N", "20 X←I*N", "30 SI X=2*ENT(X/2) ALORS X←X/2 SINON X←3*X+1",
          "40 SI X-ENT(X/4)*4=1 ET X/3<X*0.5 ALORS C←C+4", "50 AFFICHER C,X;TERMINER")


def test_in_single_a_parity_test_is_sure_and_charges_its_arms_as_in_double():
    from pathlib import Path

    from machine.lse.listing import listing

    source = (Path(__file__).parent.parent / "bench" / "lse" / "collatz.lse").read_text(encoding="utf-8")

    def charges(machine: str) -> list[str]:
        code = listing(source, machine=machine).splitlines()
        test = next(index for index, text in enumerate(code) if text.strip() == "if ((v_X % 2.0) == 0.0):")
        return [text.strip() for text in code[test - 3:test + 6] if "cyc +=" in text]

    assert charges("console80") == charges("micro40") == ["cyc += 7850.0", "cyc += 7000.0"]


@pytest.mark.parametrize("typed", ["7", "8", "-3", "3.4E38", "-3.4E38", "1E-45", "-1E-45", "0.5"])
def test_every_mode_agrees_with_the_reference_on_parity_tests_at_the_ends_of_float32(typed):
    from tests.oracle.differential import assert_agrees

    assert_agrees(lines(*PARITY), [typed], profile="console80")
