"""Single precision: a value expected whole (read in, a parameter by value) is told whole by is_integer()."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from machine.errors import LseError
from machine.lse.listing import listing
from machine.lse.numbers import FLOAT32_MAX, NumberModel, round32
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_float32_multiples import FLOAT32S, WHOLES, agrees

SINGLE = NumberModel("single")
ROUNDED = "6755399441055744.0"  # (3*2^51: the rounding that told a whole number before)


@given(st.one_of(WHOLES, FLOAT32S), st.one_of(WHOLES, FLOAT32S), st.sampled_from("+-*"))
@example(16777215.0, 1.0, "+")  # 2^24: whole, a float32
@example(16777216.0, 1.0, "+")  # past it: rounded to the even 2^24
@example(0.5, 0.25, "+")  # a fraction within 2^24: the general rounding
@example(-16777216.0, -0.5, "+")
@example(FLOAT32_MAX, FLOAT32_MAX, "*")  # an overflow
def test_an_operation_expected_whole_is_told_whole_by_is_integer_and_rounds_as_round32(x, y, op):
    code = SINGLE.result(f"(x {op} y)", whole=True)
    assert ".is_integer()" in code and ROUNDED not in code
    agrees(code, x + y if op == "+" else x - y if op == "-" else x * y, x=x, y=y)


@given(st.one_of(WHOLES, FLOAT32S), st.sampled_from([3.0, 7.0, 65537.0, 0.5]))
@example(16777215.0, 3.0)
@example(16777216.0, 3.0)  # past the numerator's bound: rounded first
@example(7.5, 3.0)  # a fraction: rounded first
def test_ent_of_a_quotient_expected_whole_is_the_floor_of_round32s_quotient(x, m):
    code = SINGLE.whole_quotient("x", "m", "_u1", proven=False, scaled=False)
    assert ".is_integer()" in code and ROUNDED not in code
    namespace = {**NumberModel.namespace(), "x": x, "m": m, "_float": float, "_floor": math.floor}
    try:
        expected = float(math.floor(round32(x / m)))
    except LseError:
        with pytest.raises(LseError):
            eval(code, namespace)
        return
    assert eval(code, namespace) == expected


@pytest.mark.parametrize("body", ["20 Z←N+1", "20 Z←ENT(N/7)", "20 Z←N-ENT(N/M)*M"])
def test_in_single_a_number_read_in_is_told_whole_by_is_integer(body):
    source = lines("10 LIRE N,M", "15 FAIRE 20 POUR I←1 JUSQUA 3", body, "30 AFFICHER Z;TERMINER")
    code = listing(source, machine="console80")
    line = next(text for text in code.splitlines() if text.lstrip().startswith("v_Z = "))
    assert ".is_integer()" in line and ROUNDED not in line


@pytest.mark.parametrize("typed", ["12 5", "12.5 5", "-7 3", "16777215 2", "16777217 3", "1E30 7", "0.1 0.3",
                                   "-0.5 -2", "7 2.5"])
def test_every_mode_agrees_with_the_reference_on_values_expected_whole(typed):
    source = lines("10 LIRE N,M", "20 FAIRE 30 POUR I←1 JUSQUA 3", "30 Z←N+I;Q←ENT(N/7);R←N-ENT(N/M)*M;S←N*M-1",
                   "40 AFFICHER Z,Q,R,S;TERMINER")
    assert_agrees(source, [typed], profile="console80")
