"""Single precision: results whose range spares some of float32's tests (quotients, ranged built-ins, counters)."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from machine.lse.listing import listing
from machine.lse.numbers import FLOAT32_MAX, FLOAT32_MIN, NumberModel, round32
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_float32_multiples import FLOAT32S, TINY, WHOLES, agrees

SINGLE = NumberModel("single")
MATH = {"_sin": math.sin, "_cos": math.cos, "_atan": math.atan, "_exp": math.exp}
# Whole float32s below 2^99, as a whole counter is (operands.counted_size); and constants held as float32s.
COUNTS = st.integers(-2 ** 99 + 1, 2 ** 99 - 1).map(lambda k: round32(float(k)))
DIVISORS = st.floats(1.0, 2.0 ** 126, width=32)
FACTORS = st.floats(2.0 ** -126, 1.0, width=32)


@given(WHOLES, COUNTS, st.sampled_from("+-"))
@example(2.0 ** 24, 1.0, "+")  # a tie: to the even 2^24
@example(2.0 ** 24 + 2.0, 1.0, "+")  # a tie: to the even 2^24 + 4
@example(FLOAT32_MAX, 2.0 ** 99 - 2.0 ** 75, "+")  # the nearest to overflowing: the largest float32
@example(-FLOAT32_MAX, 2.0 ** 98, "-")
@example(-0.0, -0.0, "+")  # -0.0 stays
def test_a_whole_sum_with_an_operand_below_two_to_the_99_is_split_alone_past_two_to_the_24(x, c, op):
    code = SINGLE.result(f"(x {op} c)", proven=True, near=True)
    assert "_r32" not in code
    agrees(code, x + c if op == "+" else x - c, x=x, c=c)


@given(WHOLES, DIVISORS, st.sampled_from([1.0, -1.0]))
@example(1.0, 2.0 ** 126, 1.0)  # the least normal float32
@example(-0.0, 37.0, 1.0)
@example(0.0, 37.0, -1.0)  # -0.0
@example(FLOAT32_MAX, 1.0, 1.0)
@example(16777215.0, 3.0, 1.0)
def test_a_whole_number_divided_by_a_constant_from_1_to_two_to_the_126_is_split_alone(k, c, sign):
    code = SINGLE.result("(k / c)", normal=True)
    assert "_r32" not in code and "_t" not in code
    agrees(code, k / (sign * c), k=k, c=sign * c)


@given(WHOLES, FACTORS, st.sampled_from([1.0, -1.0]))
@example(1.0, 2.0 ** -126, 1.0)
@example(FLOAT32_MAX, 1.0, -1.0)
@example(3.0, 0.1, 1.0)
def test_a_whole_number_times_a_constant_from_two_to_the_minus_126_to_1_is_split_alone(k, c, sign):
    agrees(SINGLE.result("(k * c)", normal=True), k * sign * c, k=k, c=sign * c)


@given(FLOAT32S, st.sampled_from(["SIN", "COS", "ATG"]))
@example(TINY, "SIN")  # a subnormal sine: rounded as round32 rounds it
@example(-TINY * 3, "ATG")
@example(FLOAT32_MIN, "SIN")
@example(-0.0, "SIN")
@example(1.5707963705062866, "COS")  # the float32 nearest pi/2
@example(FLOAT32_MAX, "COS")
def test_a_sine_cosine_or_arctangent_is_tested_below_only(x, name):
    call = {"SIN": "_sin(x)", "COS": "_cos(x)", "ATG": "_atan(x)"}[name]
    code = SINGLE.builtin(call, bounded=True)
    assert str(FLOAT32_MAX) not in code and "* _t" not in code
    agrees(code, MATH[call[:call.index("(")]](x), x=x, **MATH)


@given(st.floats(-745.0, 709.0, width=32))
@example(88.72283935546875)  # the exponential past the largest float32: overflows
@example(88.72283172607422)  # below it
@example(-87.33654022216797)  # near the least normal float32
@example(-103.97208404541016)  # a subnormal
@example(-104.0)  # rounds to 0
def test_an_exponential_is_tested_as_a_number_never_below_zero(x):
    code = SINGLE.builtin("_exp(x)", positive=True)
    assert "-1.1754943508222875e-38" not in code and "* _t" not in code
    agrees(code, math.exp(x), x=x, **MATH)


@given(FLOAT32S, st.integers(1, 160), st.sampled_from("*/"))
@example(FLOAT32_MIN, 1, "/")  # a subnormal
@example(TINY * 3, 1, "/")  # a tie: to the even
@example(-0.0, 1, "/")
@example(FLOAT32_MAX, 1, "*")
def test_a_float32_scaled_down_is_tested_for_subnormals_alone(x, exponent, op):
    power = 2.0 ** -exponent if op == "*" else 2.0 ** exponent
    code = SINGLE.scaled(f"(x {op} p)", downward=True)
    assert str(FLOAT32_MAX) not in code and "* _t" not in code
    agrees(code, x * power if op == "*" else x / power, x=x, p=power)


@given(FLOAT32S, FLOAT32S, st.sampled_from("*/"))
@example(2.0 ** -70, 2.0 ** -70, "*")  # a subnormal product
@example(-(2.0 ** -70), 3 * 2.0 ** -60, "*")
@example(FLOAT32_MIN, 1.0 - 2.0 ** -24, "*")  # just below 2^-126: rounded up to it
@example(-FLOAT32_MIN, 1.0 - 2.0 ** -25, "*")
@example(FLOAT32_MAX, 1.0 + 2.0 ** -23, "*")  # overflows
@example(-FLOAT32_MAX, -1.0 - 2.0 ** -24, "*")  # a tie past the largest float32: overflows
@example(-0.0, 3.0, "*")
@example(1.0, TINY, "/")  # past the range
def test_a_product_or_quotient_of_two_float32s_is_tested_by_its_size_on_each_side(x, y, op):
    if op == "/" and y == 0.0:
        return  # (a division by zero never reaches the rounding)
    code = SINGLE.result(f"(x {op} y)")
    assert "* _t" not in code
    agrees(code, x * y if op == "*" else x / y, x=x, y=y)


@given(FLOAT32S)
@example(2.0 ** -63)  # the least whose square is normal
@example(2.0 ** -63 - 2.0 ** -87)  # rounded up to 2^-126
@example(2.0 ** -64)  # a subnormal square
@example(2.0 ** 64)  # overflows
@example(-(2.0 ** 64 - 2.0 ** 40))
@example(-0.0)
def test_a_square_is_tested_as_a_number_never_below_zero(x):
    code = SINGLE.result("(x * x)", positive=True)
    assert "-1.1754943508222875e-38" not in code
    agrees(code, x * x, x=x)


def statement(source: str, target: str) -> str:
    """The first line of console80's code that assigns a name."""
    code = listing(source, machine="console80")
    return next(text.strip() for text in code.splitlines() if text.lstrip().startswith(f"{target} = "))


BOUNDED = "or _t <= -1.1754943508222875e-38 or _t == 0.0"  # (float32_normal's test of a value within range)


@pytest.mark.parametrize(("body", "kept", "gone"), [
    ("Z←X+I", "else (_c := (_x := _t)", "_r32"),  # a whole sum with a counter: past 2^24, the split alone
    ("Z←I/37", "v_Z = ((_c := (_x := (v_I / 37.0))", "_r32"),  # a whole number by a constant of at least 1
    ("Z←I*0.3", "v_Z = ((_c := (_x := (v_I * 0.30000001192092896))", "_r32"),  # by one of at most 1
    ("Z←SIN(Y)", BOUNDED, "3.4028234663852886e+38"),  # one comparison on a positive sine
    ("Z←EXP(Y)", ">= 1.1754943508222875e-38 and _t <= 3.4028234663852886e+38 or _t == 0.0", "-1.17549"),
    ("Z←Y/2", BOUNDED, "3.4028234663852886e+38"),  # scaled down: subnormals alone
    ("Z←W*W", ">= 1.1754943508222875e-38 and _t <= 3.4028234663852886e+38 or _t == 0.0", "-1.17549"),  # a square
    ("Z←W*Y", "or _t <= -1.1754943508222875e-38 and _t >= -3.4028234663852886e+38 or _t == 0.0", "* _t"),  # both
])
def test_in_single_a_result_in_a_known_range_is_tested_on_the_sides_it_can_leave_alone(body, kept, gone):
    source = lines("10 LIRE Y;X←ENT(Y);W←Y/3;FAIRE 20 POUR I←1 JUSQUA 9", f"20 {body}", "30 AFFICHER Z;TERMINER")
    code = statement(source, "v_Z")
    assert kept in code and gone not in code


def test_a_counter_no_analysis_bounds_is_no_operand_of_a_near_sum():
    # I is read in too: no whole counter, its sum with X tested for float32's overflow as before
    source = lines("10 LIRE Y,I;X←ENT(Y);FAIRE 20 POUR I←1 JUSQUA 9", "20 Z←X+I", "30 AFFICHER Z;TERMINER")
    assert "3.4028234663852886e+38" in statement(source, "v_Z")


RANGES = ("10 LIRE N,Y;X←0;S←0;E←0", "20 FAIRE 30 POUR I←1 JUSQUA N", "30 X←X+I*8388607;S←S+I/37+I*0.1",
          "40 A←SIN(Y)+COS(Y)+ATG(Y);B←EXP(Y);C←Y/8;D←Y*0.25", "50 AFFICHER X,S,A,B,C,D;TERMINER")


@pytest.mark.parametrize("typed", ["40 1", "3 1E-45", "9 -1E-40", "2 88.8", "2 88.7", "5 -103.9", "2 -0.0",
                                   "4 3.4E38", "3 1.1754944E-38", "7 -2.5E-38"])
def test_every_mode_agrees_with_the_reference_on_results_at_the_ends_of_their_ranges(typed):
    assert_agrees(lines(*RANGES), [typed], profile="console80")


@pytest.mark.parametrize(("second", "both"), [("", False), ("30 FAIRE 40 POUR I←9 PAS -1 JUSQUA N", True)])
def test_a_whole_counter_that_only_counts_up_has_its_step_tested_above_alone(second, both):
    source = lines("10 LIRE N;S←0;FAIRE 20 POUR I←1 JUSQUA N", "20 S←S+I", second, "40 AFFICHER S;TERMINER")
    code = listing(source, machine="console80")
    step = next(text.strip() for text in code.splitlines() if text.strip().startswith("_v = (_t if (_t := v_I + "))
    assert "<= 16777216.0" in step and ("_t >= -16777216.0" in step) == both


COUNTED = ("10 LIRE N;S←0;FAIRE 20 POUR I←8388600 PAS 8388607 JUSQUA N", "20 S←S+1",
           "30 FAIRE 40 POUR J←-8388608 PAS 8388607 JUSQUA N", "40 S←S+J/1E7", "50 AFFICHER S,I,J;TERMINER")


@pytest.mark.parametrize("typed", ["1E8", "3E7", "16777216", "16777207", "25165814", "-5", "-8388609"])
def test_every_mode_agrees_with_the_reference_on_counters_stepped_past_two_to_the_24(typed):
    assert_agrees(lines(*COUNTED), [typed], profile="console80")


def test_a_whole_variable_stepped_by_a_whole_variable_has_its_step_tested_by_its_size_alone():
    source = lines("10 LIRE N;I←ENT(N/3);S←0", "20 FAIRE 30 POUR J←I*I PAS I JUSQUA N", "30 S←S+1",
                   "40 AFFICHER S;TERMINER")
    code = listing(source, machine="console80")
    step = next(text.strip() for text in code.splitlines() if text.strip().startswith("_v = (_t if (_t := v_J + "))
    assert step.endswith("else _r32(_t))") and "536870913" not in step


@pytest.mark.parametrize("typed", ["30", "3E7", "5E7", "1E9", "16777216", "-12"])
def test_every_mode_agrees_with_the_reference_on_whole_steps_past_two_to_the_24(typed):
    source = lines("10 LIRE N;I←ENT(N/7);S←0", "20 FAIRE 30 POUR J←I*4+1 PAS I JUSQUA N", "30 S←S+J",
                   "40 AFFICHER S,J;TERMINER")
    assert_agrees(source, [typed], profile="console80")
