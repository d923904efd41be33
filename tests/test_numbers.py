"""The two number models: micro40 computes in double, console80 (Mitra-15) in float32; both report overflow."""

from __future__ import annotations

import math
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machine.errors import LseError
from machine.lse import nodes
from machine.lse.numbers import NumberModel, round32
from machine.lse.operands import cannot_overflow, scales
from machine.lse.runtime import Status
from machine.micro import Micro
from machine.profile import load_profile
from tests.lse_harness import lines
from tests.test_float32_multiples import agrees


def run(source: str, machine: str, typed: tuple = ()) -> tuple[str, str | None, int]:
    micro = Micro(load_profile(machine))
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    micro.load_text(source)
    pending = list(typed)
    while micro.run_until_blocked() is Status.WAITING and pending:
        micro.feed(pending.pop(0))
    return "".join(chunks).replace("\r\n", "\n").replace("\a", "").strip(), micro.error_text(), micro.cycles


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def test_the_profiles_declare_their_number_model():
    assert (load_profile("micro40").numbers, load_profile("console80").numbers) == ("double", "single")


@pytest.mark.parametrize(("machine", "printed"), [("micro40", "2.0004212"), ("console80", "2.0004213")])
def test_eight_printed_digits_show_which_precision_computed(machine, printed):
    assert run(lines("10 AFFICHER 2+42.123E-5", "20 TERMINER"), machine)[0] == printed


@pytest.mark.parametrize("expression", ["1/3", "0.1*3", "1E-3+7", "2^0.5", "RAC(2)", "100000001", "-16777217"])
def test_single_precision_holds_exactly_what_float32_holds(expression):
    micro = Micro(load_profile("console80"))
    micro.load_text(lines(f"10 X←{expression}", "20 TERMINER"))
    assert micro.run_until_blocked() is Status.ENDED
    value = micro.runtime.G["X"]
    assert value == f32(value)
    double = Micro(load_profile("micro40"))
    double.load_text(lines(f"10 X←{expression}", "20 TERMINER"))
    double.run_until_blocked()
    assert value == f32(double.runtime.G["X"]) or abs(value - double.runtime.G["X"]) < 1e-6 * abs(value)


def test_a_typed_number_is_rounded_to_float32_in_single():
    micro = Micro(load_profile("console80"))
    micro.load_text(lines("10 LIRE X", "20 TERMINER"))
    micro.run_until_blocked()
    micro.feed("0.1")
    micro.run_until_blocked()
    assert micro.runtime.G["X"] == f32(0.1) != 0.1


@pytest.mark.parametrize("machine", ["micro40", "console80"])
@pytest.mark.parametrize("source", [  # (numbers written out within float32's range: see test_limits)
    lines("10 X←" + "*".join(["1E30"] * 11), "20 TERMINER"),
    lines("10 X←1E30", "20 X←X*X;SI X<1E38 ALORS ALLER EN 20", "30 FAIRE 40 POUR K←1 JUSQUA 5", "40 X←X*X",
          "50 TERMINER"),
    lines("10 X←3E38;FAIRE 20 POUR K←1 JUSQUA 1100", "20 X←X+X", "30 TERMINER"),
    lines("10 AFFICHER 1E30/" + "/".join(["1E-30"] * 10), "20 TERMINER"),
])
def test_a_result_beyond_the_range_is_an_overflow_in_both_models(machine, source):
    error = run(source, machine)[1]
    assert error is not None and error.startswith("DEPASSEMENT DE CAPACITE EN LIGNE")


def test_single_precision_overflows_past_float32_where_double_does_not():
    source = lines("10 X←1E20*1E20", "20 AFFICHER X", "30 TERMINER")
    assert run(source, "micro40")[1] is None
    assert run(source, "console80")[1] == "DEPASSEMENT DE CAPACITE EN LIGNE 10"


def test_the_number_model_never_changes_the_cycles():
    source = lines("10 S←0;FAIRE 20 POUR I←1 JUSQUA 50", "20 S←S+I/3", "30 AFFICHER S", "40 TERMINER")
    assert run(source, "micro40")[2] == run(source, "console80")[2]


def test_round32_is_ties_to_even_and_refuses_what_float32_cannot_hold():
    assert round32(16777217.0) == 16777216.0 and round32(16777219.0) == 16777220.0
    with pytest.raises(Exception, match="DEPASSEMENT"):
        round32(1e39)


def test_a_constant_beyond_float32_is_an_overflow_when_it_is_used():
    assert NumberModel("single").constant(1e39) == "_overflow()"
    assert NumberModel("double").constant(1e39) == "1e+39"


# ------------------------------------------------------------------ memory
@pytest.mark.parametrize(("source", "line"), [
    (lines("10 TABLEAU A[10000],B[10000]", "20 TERMINER"), 10),
    (lines("10 TABLEAU A[16000]", "20 CHAINE S;S←'AB'", "30 FAIRE 40 POUR I←1 JUSQUA 9", "40 S←S!S",
           "50 TERMINER"), 40),
    (lines("10 TABLEAU A[9000]", "20 &P", "30 TERMINER", "40 PROCEDURE &P LOCAL B", "50 TABLEAU B[9000];RETOUR"), 50),
])
def test_all_arrays_and_strings_together_are_bounded_by_the_memory(source, line):
    for machine in ("micro40", "console80"):
        error = run(source, machine)[1]
        assert error is not None and error.startswith("MEMOIRE PLEINE") and error.endswith(f"EN LIGNE {line}")


def test_memory_freed_by_liberer_and_by_returning_can_be_used_again():
    source = lines("10 TABLEAU A[10000];LIBERER A;TABLEAU B[10000]", "20 FAIRE 30 POUR I←1 JUSQUA 3", "30 &P",
                   "40 AFFICHER 'OK';TERMINER", "50 PROCEDURE &P LOCAL C", "60 TABLEAU C[6000];RETOUR")
    assert run(source, "micro40")[:2] == ("OK", None)


@given(st.floats(allow_nan=False, allow_infinity=False) | st.integers(-2**40, 2**40).map(float)
       | st.floats(min_value=-1e-36, max_value=1e-36))
def test_the_inline_single_rounding_is_exactly_float32(x):
    agrees(NumberModel("single").result("x"), x, x=x)


@pytest.mark.parametrize(("op", "builtin", "safe"), [
    ("-", "LGR", True), ("+", "POS", True), ("+", "EQN", True), ("*", "SIN", True), ("*", "ALE", True),
    ("*", "LGR", False), ("+", "ABS", False), ("+", "EXP", False), ("/", "COS", False), ("*", "ATG", False),
])
def test_a_builtin_whose_result_is_small_spares_the_check_of_an_operation(op, builtin, safe):
    call = nodes.BuiltinCall(builtin, (nodes.Var("S", 10),), None, 10)
    assert cannot_overflow(op, nodes.Var("X", 10), call) is safe
    assert cannot_overflow(op, call, nodes.Var("X", 10)) is (safe and op != "/")


@pytest.mark.parametrize(("op", "left", "right", "safe"), [
    ("+", "X", 1e290, True), ("-", 1.0, "X", True), ("+", "X", 1e292, False), ("*", "X", 0.5, True),
    ("*", "X", 2.0, False), ("/", "X", 3.0, True), ("/", "X", 0.5, False), ("/", 3.0, "X", False),
])
def test_a_constant_that_cannot_overflow_an_operation_spares_its_check(op, left, right, safe):
    def node(side):
        return nodes.Num(side, 10) if isinstance(side, float) else nodes.Var(side, 10)
    assert cannot_overflow(op, node(left), node(right)) is safe
    largest = 1.7976931348623157e308
    if safe and op in "+-*/" and isinstance(right, float):
        result = {"+": largest + right, "-": largest - right, "*": largest * right, "/": largest / right}[op]
        assert -largest <= result <= largest  # what the check would have tested never fails


def halving(factor: float, divisor: float, builtin: str = "ENT") -> tuple[nodes.Num, nodes.BuiltinCall]:
    """The constant and ENT(X/divisor) of factor*ENT(X/divisor)."""
    quotient = nodes.Binary("/", nodes.Var("X", 10), nodes.Num(divisor, 10), 10)
    return nodes.Num(factor, 10), nodes.BuiltinCall(builtin, (quotient,), None, 10)


@pytest.mark.parametrize(("factor", "divisor", "builtin", "safe"), [
    (2.0, 2.0, "ENT", True), (1.0, 1.0, "ENT", True), (1024.0, 1024.0, "ENT", True),
    (2.0 ** 52, 2.0 ** 52, "ENT", True), (3.0, 3.0, "ENT", False), (2.0 ** 53, 2.0 ** 53, "ENT", False),
    (2.0, 4.0, "ENT", False), (2.0, 2.0, "ABS", False),
])
def test_a_power_of_two_times_the_whole_part_of_a_quotient_by_it_spares_its_check(factor, divisor, builtin, safe):
    constant, call = halving(factor, divisor, builtin)
    assert cannot_overflow("*", constant, call) is safe
    assert cannot_overflow("*", call, constant) is safe
    largest = 1.7976931348623157e308
    if safe:  # what the check would have tested never fails, the largest numbers and their neighbours included
        for x in (largest, -largest, math.nextafter(largest, 0.0), -math.nextafter(largest, 0.0), -0.5, 7.0):
            assert -largest <= factor * float(math.floor(x / factor)) <= largest


@pytest.mark.parametrize(("divisor", "dividend", "safe"), [
    (2.0, "X", True), (1.0, "X", True), (4096.0, "X", True), (2.0 ** 52, "X", True),
    (3.0, "X", False), (2.0 ** 53, "X", False), (2.0, "Y", False),
])
def test_the_remainder_of_a_variable_by_a_power_of_two_spares_its_check(divisor, dividend, safe):
    constant, call = halving(divisor, divisor)
    for product in (nodes.Binary("*", call, constant, 10), nodes.Binary("*", constant, call, 10)):
        assert cannot_overflow("-", nodes.Var(dividend, 10), product) is safe
    largest = 1.7976931348623157e308
    if safe:  # what the check would have tested never fails: at most the divisor in size
        for x in (largest, -largest, math.nextafter(largest, 0.0), -5e-324, -0.5, 7.0):
            assert abs(x - divisor * float(math.floor(x / divisor))) <= divisor


def test_three_times_the_whole_part_of_a_third_overflows_for_the_largest_number():
    largest = 1.7976931348623157e308
    assert 3.0 * float(math.floor(largest / 3.0)) == math.inf  # why only powers of two are spared


@given(st.floats(allow_nan=False, allow_infinity=False, width=32), st.integers(-150, 150), st.sampled_from("*/"))
def test_a_float32_times_a_power_of_two_needs_no_rounding_but_at_the_ends_of_its_range(x, exponent, op):
    power = 2.0 ** exponent
    code = NumberModel("single").scaled(f"x {op} p")
    namespace = {**NumberModel.namespace(), "x": x, "p": power}
    try:
        expected = round32(x * power if op == "*" else x / power)
    except LseError:
        with pytest.raises(LseError):
            eval(code, namespace)
        return
    assert eval(code, namespace) == expected


@given(st.one_of(st.integers(-2 ** 130, 2 ** 130), st.integers(-2 ** 60, 2 ** 60), st.integers(-2 ** 26, 2 ** 26)),
       st.integers(-2 ** 40, 2 ** 40), st.sampled_from("+-*"))
def test_a_result_proven_whole_is_rounded_as_round32_rounds_it_overflow_included(x, y, op):
    code = NumberModel("single").result(f"x {op} y", proven=True)
    namespace = {**NumberModel.namespace(), "x": float(x), "y": float(y)}
    exact = {"+": float(x) + float(y), "-": float(x) - float(y), "*": float(x) * float(y)}[op]
    try:
        expected = round32(exact)
    except LseError:
        with pytest.raises(LseError):
            eval(code, namespace)
        return
    assert eval(code, namespace) == expected


@pytest.mark.parametrize(("op", "left", "right", "scaled"), [
    ("/", "X", 2.0, True), ("*", 0.25, "X", True), ("*", "X", -8.0, True), ("/", "X", 3.0, False),
    ("/", 2.0, "X", False), ("+", "X", 2.0, False), ("*", "X", 0.0, False), ("/", "X", 0.5, True),
])
def test_only_a_product_or_quotient_by_a_power_of_two_is_scaled(op, left, right, scaled):
    def node(side):
        return nodes.Num(side, 10) if isinstance(side, float) else nodes.Var(side, 10)
    assert scales(op, node(left), node(right)) is scaled


def test_a_whole_counter_past_two_to_the_24_is_rounded_to_float32_in_single():
    source = lines("10 N←1E8;FAIRE 20 POUR I←0 PAS 8388607 JUSQUA N", "20 S←I", "30 AFFICHER I;TERMINER")
    value, expected = 0.0, []
    while value <= 1e8:
        expected.append(value)
        value = f32(value + 8388607)
    micro = Micro(load_profile("console80"))
    micro.load_text(source)
    assert micro.run_until_blocked() is Status.ENDED
    assert micro.runtime.G["I"] == micro.runtime.G["S"] == expected[-1]
    assert expected[-1] != expected[-2] + 8388607  # past 2^24 the sum itself is not a float32


def test_a_quotient_by_a_power_of_two_below_the_normal_range_is_rounded_in_single():
    source = lines("10 X←1.5E-38;Y←X/4;Z←-X*0.5;W←0/2", "20 TERMINER")
    micro = Micro(load_profile("console80"))
    micro.load_text(source)
    assert micro.run_until_blocked() is Status.ENDED
    x = f32(1.5e-38)
    assert (micro.runtime.G["Y"], micro.runtime.G["Z"], micro.runtime.G["W"]) == (f32(x / 4), f32(-x * 0.5), 0.0)
    assert micro.runtime.G["Y"] != x / 4  # a float32 subnormal has fewer bits


@pytest.mark.parametrize(("source", "whole"), [
    ("10 FAIRE 20 POUR I←1 JUSQUA 1000", True),
    ("10 FAIRE 20 POUR I←8 PAS -2 JUSQUA 0", True),
    ("10 FAIRE 20 POUR I←1 JUSQUA N", True),  # its step is rounded past 2^24 (numbers.whole_step)
    ("10 FAIRE 20 POUR I←0.5 JUSQUA 10", False),
    ("10 FAIRE 20 POUR I←1 JUSQUA 99999999", True),
    ("10 FAIRE 20 POUR I←1 JUSQUA 10;I←2.5", False),
    ("10 FAIRE 20 POUR I←1 JUSQUA 10;LIRE I", False),
    ("10 FAIRE 20 POUR I←1 JUSQUA 10;FAIRE 20 POUR I←1 PAS 0.5 JUSQUA 2", False),
    ("10 FAIRE 20 POUR I←1 JUSQUA 10;&P(I)", False),
    ("10 FAIRE 20 POUR I←1 JUSQUA 10;&Q(3.5)|60 PROCEDURE &Q(I) LOCAL I|70 RETOUR", False),
])
def test_a_whole_counter_is_a_loop_variable_only_its_faire_sets_from_and_by_whole_constants(source, whole):
    from machine.lse.layout import layout
    from machine.lse.parser import parse
    first, *procedure = source.split("|")
    program = parse(lines(first, "20 *", "30 TERMINER", "40 PROCEDURE &P(A)", "50 RETOUR", *procedure))
    assert ("I" in layout(program).whole_counters) is whole


OWN_LOOP = ("10 LIRE N;S←0;FAIRE 20 POUR I←1 JUSQUA N", "20 S←S+&P(I/2)", "30 AFFICHER S;TERMINER",
            "40 PROCEDURE &P(G) LOCAL G,I,T", "50 T←0;FAIRE 60 POUR I←G JUSQUA G+2", "60 T←T+I/2", "70 RESULTAT T")


def test_a_loop_variable_proved_whole_in_its_unit_is_stepped_by_its_size_alone_in_single():
    from machine.lse.listing import listing

    code = listing(lines(*OWN_LOOP), machine="console80")  # (a procedure's own I from G: no whole counter by name)
    assert "_v = (_t if (_t := v_I + _st" in code  # the program's I
    assert "<= 16777216.0 and _t >= -16777216.0 else _r32(_t))" in code
    assert "(_c := (_x := v_I + _st" in code  # the procedure's, from a half


@pytest.mark.parametrize("typed", ["16777215", "16777205.5", "5"])
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_loop_stepped_by_its_size_alone(typed, profile):
    from tests.oracle.differential import assert_agrees

    assert_agrees(lines(*OWN_LOOP).replace("1 JUSQUA N", "16777200 JUSQUA N"), [typed], profile=profile)


def test_a_whole_counter_halved_is_exact_in_single():
    source = lines("10 S←0;FAIRE 20 POUR I←1 JUSQUA 9", "20 S←S+I/2;T←I/4", "30 TERMINER")
    micro = Micro(load_profile("console80"))
    micro.load_text(source)
    assert micro.run_until_blocked() is Status.ENDED
    assert (micro.runtime.G["S"], micro.runtime.G["T"]) == (22.5, 2.25)
