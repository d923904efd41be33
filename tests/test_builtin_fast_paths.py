"""The one-call string functions (Builtin.measured) and the inline checks agree with the general path."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machine.errors import Err, LseError
from machine.lse import builtins as b
from machine.lse.builtins import BUILTINS
from machine.lse.values import Memory, Vars

NAN, INF = math.nan, math.inf


def general(name: str, args: tuple) -> object:
    """fn then scan, as the machine charged them before: (result, chars), or the error's code and text."""
    entry = BUILTINS[name]
    try:
        result = entry.fn(*args)
    except LseError as error:
        return (error.code, error.text)
    return result, entry.scan(args, result)


def measured(name: str, args: tuple) -> object:
    try:
        return BUILTINS[name].measured(*args)
    except LseError as error:
        return (error.code, error.text)


S = "1,2,3,10,12,"
T = "LE 12 MAI 1974 IL Y A  "
CASES = [
    ("POS", (S, 1.0, "1")), ("POS", (S, 2.0, "1")), ("POS", (S, 7.0, "1")), ("POS", (S, 11.0, ",")),
    ("POS", (S, 12.0, ",")), ("POS", (S, 13.0, ",")), ("POS", (S, 13.0, "")), ("POS", (S, 14.0, "")),  # past the end
    ("POS", (S, 1e300, "1")), ("POS", (S, 1.0, "")), ("POS", (S, 1.0, "9")), ("POS", ("", 1.0, "")),
    ("POS", ("", 1.0, "A")), ("POS", ("", 2.0, "")), ("POS", (S, 1.0, S + "X")),
    ("POS", (S, 0.0, "1")), ("POS", (S, -1.0, "1")), ("POS", (S, 1.5, "1")), ("POS", (S, NAN, "1")),
    ("POS", (S, INF, "1")), ("POS", (S, -INF, "1")), ("POS", (1.0, 1.0, "1")), ("POS", (S, "1", "1")),
    ("POS", (S, 1.0, 1.0)), ("POS", (1.0, 0.5, 2.0)), ("POS", (S, True, "1")), ("POS", (S, 1, "1")),
    ("SCH", (S, 1.0, ",")), ("SCH", (S, 3.0, ",")), ("SCH", (S, 12.0, ",")), ("SCH", (S, 13.0, ",")),
    ("SCH", (S, 14.0, ",")), ("SCH", (S, 99.0, "")), ("SCH", (S, 1.0, "")), ("SCH", (S, 1.0, "9")),
    ("SCH", (S, 5.0, ",3")), ("SCH", (S, 1.0, "3210")), ("SCH", (S, 1.0, "ABCDE3")), ("SCH", (S, 2.0, "ABCDE,")),
    ("SCH", (S, 1.0, "ABCDEFG")), ("SCH", (S, 4.0, ",,")),
    ("SCH", (S, 1.0, 0.0)), ("SCH", (S, 1.0, 3.0)), ("SCH", (S, 10.0, 5.0)), ("SCH", (S, 13.0, 2.0)),
    ("SCH", (S, 14.0, 2.0)), ("SCH", (S, 1.0, 1e300)), ("SCH", (S, 1.0, -1.0)), ("SCH", (S, 1.0, 0.5)),
    ("SCH", (S, 1.0, NAN)), ("SCH", (S, 1.0, INF)), ("SCH", (S, 0.0, 1.0)), ("SCH", (S, 2.5, ",")),
    ("SCH", (1.0, 1.0, ",")), ("SCH", (S, "1", ",")), ("SCH", (S, 1.0, True)), ("SCH", (1.0, NAN, None)),
    ("SCH", ("", 1.0, ",")), ("SCH", ("", 1.0, 3.0)), ("SCH", ("", 2.0, 0.0)),
    ("CCA", (12.0,)), ("CCA", (-0.5,)), ("CCA", (1e6,)), ("CCA", (1 / 3,)), ("CCA", (-0.0,)),
    ("CCA", (INF,)), ("CCA", (NAN,)), ("CCA", ("A",)),
    *[(name, (T, d, *rest)) for name in ("SKP", "PTR") for d in (1.0, 3.0, 4.0, 9.0, 23.0, 24.0, 30.0)
      for rest in ((), (" ",), (" 1",), ("",), (T,))],
    ("SKP", (T, 0.0)), ("SKP", (T, 1.5)), ("SKP", (T, NAN)), ("SKP", (T, 1.0, 1.0)), ("SKP", (1.0, 1.0)),
    ("PTR", (T, -1.0, " ")), ("PTR", (T, INF)), ("PTR", (T, "1")), ("SKP", ("", 1.0)), ("PTR", ("", 2.0, "")),
    ("SKP", ("ÉTÉ 1½ Ωμ", 1.0)), ("PTR", ("ÉTÉ 1½ Ωμ", 1.0)), ("SKP", ("ÉTÉ 1½ Ωμ", 4.0)),
    *[(name, (T, d)) for name in ("GRL", "CNB") for d in (1.0, 3.0, 4.0, 8.0, 9.0, 23.0, 24.0, 30.0)],
    ("GRL", (T, 0.0)), ("CNB", (T, 2.5)), ("GRL", (1.0, 1.0)), ("CNB", ("   -25E+3=NB", 1.0)), ("CNB", ("", 1.0)),
    ("CNB", ("1E999", 1.0)), ("GRL", ("ÉTÉ 1½ Ωμ", 4.0)),
    *[("CNB", (text, d)) for text in ("  -.5X", "+", "- 3", "   ", "12", "7.E2 ")
      for d in (1.0, 2.0, 3.0, 6.0, 7.0, 9.0)],
]


@pytest.mark.parametrize(("name", "args"), CASES)
def test_the_one_call_form_gives_the_result_scan_and_error_of_fn_then_scan(name, args):
    assert measured(name, args) == general(name, args)


@pytest.mark.parametrize("name", ["POS", "SCH", "CCA", "SKP", "PTR", "GRL", "CNB"])
def test_the_hot_string_functions_have_a_one_call_form(name):
    assert BUILTINS[name].measured is not None


class Meter:
    """What a paying built-in charges: the program's cycle counter (a cell), alone."""

    def __init__(self) -> None:
        self.cell_contents = 5


def paid(name: str, args: tuple) -> object:
    """The paying form, charging 7 cycles a char on top of 5: (result, chars), or the error (charging nothing)."""
    meter = Meter()
    try:
        result = BUILTINS[name].paid(meter, 7)(*args)
    except LseError as error:
        assert meter.cell_contents == 5
        return (error.code, error.text)
    assert (meter.cell_contents - 5) % 7 == 0
    return result, (meter.cell_contents - 5) // 7


@pytest.mark.parametrize(("name", "args"), CASES)
def test_the_paying_form_charges_the_scan_of_fn_then_scan_and_fails_alike(name, args):
    assert paid(name, args) == general(name, args)


positions = st.one_of(st.integers(min_value=-2, max_value=30).map(float), st.floats(), st.just(1.5))
texts = st.text(alphabet="12,3 A", max_size=20)


@given(texts, positions, st.one_of(texts, positions))
def test_any_string_position_and_target_agree_on_both_paths(s, d, third):
    if type(third) is str:
        assert measured("POS", (s, d, third)) == general("POS", (s, d, third)) == paid("POS", (s, d, third))
    assert measured("SCH", (s, d, third)) == general("SCH", (s, d, third)) == paid("SCH", (s, d, third))
    for name in ("SKP", "PTR"):
        assert measured(name, (s, d, third)) == general(name, (s, d, third)) == paid(name, (s, d, third))
        assert measured(name, (s, d)) == general(name, (s, d)) == paid(name, (s, d))
    for name in ("GRL", "CNB"):
        assert measured(name, (s, d)) == general(name, (s, d)) == paid(name, (s, d))


# Letters and what could pass for one: accents, Greek, numerics that are no digits (² ½ Ⅻ), digits of
# other scripts (٣), the underscore; and sets holding what a pattern would read otherwise (^ ] \\ - . *).
scanned = st.text(alphabet="AbÉß Ωμ12٣²½Ⅻ_-^]\\.*,", max_size=24)
sets = st.one_of(st.text(alphabet="Ab 1²_-^]\\.*,", max_size=6), st.text(min_size=33, max_size=40))


@given(scanned, st.integers(min_value=1, max_value=26).map(float), sets)
def test_the_paying_forms_stop_where_the_plain_ones_stop_on_any_letters_and_sets(s, d, chars):
    for name in ("SKP", "PTR"):
        assert paid(name, (s, d)) == general(name, (s, d)) == measured(name, (s, d))
        assert paid(name, (s, d, chars)) == general(name, (s, d, chars)) == measured(name, (s, d, chars))
    for name in ("GRL", "CNB"):
        assert paid(name, (s, d)) == general(name, (s, d)) == measured(name, (s, d))


@pytest.mark.parametrize(("text", "letter", "after"), [
    ("²AB", 2.0, 4.0), ("A²B", 1.0, 2.0), ("ⅫAB", 2.0, 4.0), ("AB½", 1.0, 3.0), ("__1A", 4.0, 5.0), ("٣٣É", 3.0, 4.0),
])
def test_a_numeric_character_that_is_no_digit_is_no_letter_to_skp_ptr_and_grl(text, letter, after):
    assert paid("SKP", (text, 1.0))[0] == letter and paid("PTR", (text, letter))[0] == after
    assert paid("GRL", (text, 1.0))[0] == (text[int(letter) - 1:int(after) - 1], after)


def sch_by_loop(s: str, d: float, stops: str) -> tuple[str, float]:
    """SCH with a stop-set, one character at a time: the reference for the searches in C."""
    begin = min(int(d), len(s) + 1) - 1
    end = begin
    while end < len(s) and s[end] not in stops:
        end += 1
    return s[begin:end], float(end + 1)


@given(texts, st.integers(min_value=1, max_value=25), st.text(alphabet="12,3 AZ", max_size=7))
def test_sch_with_a_stop_set_stops_at_the_first_char_of_the_set(s, d, stops):
    assert b.sch(s, float(d), stops) == sch_by_loop(s, float(d), stops)


@pytest.mark.parametrize(("x", "low", "outcome"), [
    (1.0, 1, 1), (0.0, 0, 0), (0.0, 1, Err.BAD_ARGUMENT), (2.5, 0, Err.BAD_ARGUMENT), (-1.0, 0, Err.BAD_ARGUMENT),
    (NAN, 0, Err.BAD_ARGUMENT), (INF, 0, Err.BAD_ARGUMENT), (-INF, 0, Err.BAD_ARGUMENT), (1e20, 1, 10 ** 20),
    ("1", 0, Err.TYPE_MISMATCH), (True, 0, Err.TYPE_MISMATCH), (1, 0, Err.TYPE_MISMATCH),
])
def test_an_integer_argument_is_checked_alike_on_the_inline_path(x, low, outcome):
    try:
        assert b._integer(x, "EQC", low) == outcome
    except LseError as error:
        assert (error.code, error.text) == (outcome, "EQC")


def test_a_string_assignment_beyond_the_memory_fails_and_uses_nothing():
    memory = Memory(10)
    names = Vars(memory)
    names.declare_string("S")
    names.assign("S", "ABCDEFGH")
    assert memory.used == 8
    with pytest.raises(LseError) as caught:
        names.assign("S", "ABCDEFGHIJK")
    assert (caught.value.code, caught.value.text) == (Err.MEMORY_FULL, "CHAINE S")
    assert (memory.used, names["S"]) == (8, "ABCDEFGH")
    names.assign("S", "ABCDEFGHIJ")
    names.assign("S", "AB")
    assert memory.used == 2


@pytest.mark.parametrize(("s", "outcome"), [("", 0.0), ("ABC", 3.0), ("é€", 2.0), (1.0, Err.TYPE_MISMATCH),
                                            (None, Err.TYPE_MISMATCH)])
def test_lgr_counts_the_chars_of_a_string_and_rejects_anything_else(s, outcome):
    try:
        assert b.lgr(s) == outcome
    except LseError as error:
        assert (error.code, error.text) == (outcome, "LGR")
