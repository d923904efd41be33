"""A format worked out once per AFFICHER (formats.compile_format) prints what the general path prints."""

from __future__ import annotations

import io
import math
from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machine.errors import Err, LseError
from machine.lse.formats import (
    FormatSpec,
    compile_format,
    format_fixed,
    format_scientific,
    parse_format,
    render_formatted,
    render_plain,
)
from machine.micro import Micro


def outcome(render, specs, values):
    """A text, or the error's code and text."""
    try:
        return render(specs, tuple(values))
    except LseError as error:
        return (error.code, error.text)


RENDERERS = {  # the compiled formats: flattened, unrolled for the number of values, unrolled for another number
    "flattened": lambda specs, values: compile_format(specs)(values),
    "unrolled": lambda specs, values: compile_format(specs, len(values))(values),
    "unrolled for one more": lambda specs, values: compile_format(specs, len(values) + 1)(values),
    "unrolled for one less": lambda specs, values: compile_format(specs, max(len(values) - 1, 1))(values),
}


def both(specs, values):
    """What the general path and every compiled form give."""
    general = outcome(render_formatted, specs, values)
    compiled = {name: outcome(render, specs, values) for name, render in RENDERERS.items()}
    return general, compiled


def agree(specs, values) -> None:
    general, compiled = both(specs, values)
    assert compiled == dict.fromkeys(RENDERERS, general)


def arrays():
    """A vector and a matrix made by the Micro itself, whatever their Python type."""
    micro = Micro(seed=1)
    micro.load_text("10 TABLEAU V[2],M[2,2]\n20 V[1]←1;V[2]←-2.5;M[1,2]←3;M[2,1]←4\n30 TERMINER\n")
    micro.run_until_blocked()
    return micro.runtime.G["V"], micro.runtime.G["M"]


VECTOR, MATRIX = arrays()


@pytest.mark.parametrize(("raw", "values"), [
    ("'N=',F5.0,' Q=',F9.3,/", (1.0, 1 / 7)),               # the report line
    ("'N=',F5.0,' Q=',F9.3,/", (10000.0, 1e8 / 7)),
    ("F5.0", (2.5,)), ("F5.0", (-2.5,)), ("F5.0", (0.5,)), ("F5.0", (-0.5,)),  # ties, away from zero
    ("F4.2", (1.005,)), ("F4.2", (-1.005,)), ("F1.2", (0.125,)), ("F1.2", (-0.125,)),
    ("F2.2", (-0.001,)), ("F1.0", (-0.4,)), ("F3.1", (-0.04,)),     # negative zero loses its sign
    ("F2.0", (99.6,)), ("F2.0", (-10.0,)), ("F3.1", (999.96,)), ("F1.0", (-1.0,)),  # widths overflowing
    ("F5.2", (math.inf,)), ("F5.2", (-math.inf,)), ("F5.2", (math.nan,)), ("F0.0", (0.0,)),
    ("E2.3", (1234.5678,)), ("E1.0", (-9.5,)), ("E2.2", (0.0,)), ("E1.1", (9.96e99,)), ("E1.3", (math.nan,)),
    ("U", (12.0, "MOT", -0.5)), ("U,U", (1e6,)), ("2U", ("A", "B", "C")),
    ("'X=',U,'Y=',U", (1.0,)),                               # stops at the first field without a value
    ("'DEBUT',3U,'FIN'", (1.0,)), ("U,'FIN'", ()), ("'A',/,'B'", ()),
    ("'A'", (1.0, "B", 2.5)), ("F3.1,'|'", (1.0, 2.0, "C")),  # values left over print in U
    ("'{t0} '' + end\\n',U", (1.0, "v0")),                     # program text stays text
    ("0F3.1,'A',0X,U", (7.0,)), ("2X,3'AB',L,C", (5.0,)), ("", (1.0, "A")),
    ("F6.2", ("A",)), ("E6.2", ("A",)), ("U,F6.2", (1.0, "A")), ("F6.2,E3.1", ("A", "B")),  # errors
    ("*X,U", (3.0, 7.0)), ("*X,U", ("A",)), ("*X", (-1.0,)), ("*'-',F3.1", (2.0, 1.5)),      # '*' of a text
    ("*X,U", (2.5, "A")), ("*/,U,*X", (2.0, "A")), ("*C,*L", (1.0,)), ("*X,U", (1e9, 1.0)),
    ("33U", tuple(float(k) for k in range(40))), ("65F2.0", (1.0,) * 70),                 # long formats
    ("2F3.1", (VECTOR,)), ("'T',/,U", (VECTOR, MATRIX)), ("'A',U", (7.0, VECTOR)), ("*X,U", (VECTOR,)),
    ("F3.0", (MATRIX, "FIN")), ("U", (None,)), ("F3.0", (True,)), ("U", (1,)),
])
def test_a_compiled_format_prints_or_fails_exactly_like_the_general_path(raw, values):
    agree(parse_format(raw), values)


@pytest.mark.parametrize(("specs", "flat"), [
    (parse_format("*X,U"), True), (parse_format("'|',*'-',U,*/"), True),
    ((FormatSpec("U", "*"),), False), ((FormatSpec("X", "*"), FormatSpec("F", "*", 3, 1)), False),
])
def test_a_star_count_of_a_text_is_a_field_of_the_flat_path_and_one_of_a_value_field_is_not(specs, flat):
    assert (compile_format(specs, 2).__name__ != "general") is flat
    for values in ((), (2.0,), (2.0, 1.5), (2.0, 1.5, 1.0), ("A", 1.0)):
        agree(specs, values)


@pytest.mark.parametrize("specs", [
    (FormatSpec("Z"),), (FormatSpec("X", -1),), (FormatSpec("X", "+"),), (FormatSpec("F", None, -1, 2),),
    (FormatSpec("U"), FormatSpec("E", 1, 300, 2)), (FormatSpec("U", True),), (FormatSpec("F", None, 2.0, 1),),
])
def test_a_hand_made_spec_the_parser_would_refuse_fails_alike_or_not_at_all(specs):
    for values in ((), (1.0,), (1.0, 2.0)):
        agree(specs, values)


def test_a_compiled_format_raises_the_general_paths_error_for_a_string_in_a_number_field():
    with pytest.raises(LseError) as caught:
        compile_format(parse_format("'N=',F5.0"), 1)(("A",))
    assert (caught.value.code, caught.value.text) == (Err.TYPE_MISMATCH, "F")


finite = st.floats(allow_nan=False, allow_infinity=False)


@given(st.text(alphabet="0123456789*'/,LCXUFE. A", max_size=14),
       st.lists(st.one_of(st.floats(), st.text(alphabet="AB ", max_size=3)), max_size=6))
def test_any_format_and_values_print_or_fail_alike_on_both_paths(raw, values):
    try:
        specs = parse_format(raw)
    except LseError:
        return
    agree(specs, values)


@pytest.mark.parametrize("values", [(), (1.0,), ("A", 2.5, -0.0), (1e6, "B", 1 / 3), (3, -0.5)])
def test_plain_afficher_of_scalars_is_a_new_line_then_each_value_in_u_like_an_empty_format(values):
    assert render_plain(values) == "\r\n" + render_formatted((), values)


@pytest.mark.parametrize(("values", "expected"), [
    (("V", VECTOR, 1.0), "\r\nV\r\n1 -2.5 1 "), ((VECTOR,), "\r\n1 -2.5 "), ((1.0, MATRIX), "\r\n1 \r\n0 3 \r\n4 0 "),
])
def test_plain_afficher_with_an_array_still_breaks_lines_as_before(values, expected):
    assert render_plain(values) == expected


@pytest.mark.parametrize("value", [None, True])
def test_plain_afficher_rejects_a_value_of_no_lse_kind_like_before(value):
    with pytest.raises(LseError) as caught:
        render_plain((1.0, value))
    assert (caught.value.code, caught.value.text) == (Err.TYPE_MISMATCH, "AFFICHER")


def exact_fixed(x: float, width: int, decimals: int) -> str:
    """Fe.d by exact decimal arithmetic only: the reference the fast rounding must agree with."""
    field = width + decimals + 1 if decimals else width
    if not math.isfinite(x) or abs(x) >= 10 ** width:
        return "*" * field
    exact = Decimal(x).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    text = format(exact, "f")
    if exact.is_zero():
        text = text.lstrip("-")
    return text.rjust(field) if len(text) <= field else "*" * field


@pytest.mark.parametrize(("width", "decimals"), [(0, 0), (0, 2), (1, 0), (2, 0), (1, 1), (2, 2), (3, 3), (5, 0),
                                                 (9, 3)])
def test_fixed_fields_agree_with_exact_decimal_rounding_on_ties_negatives_and_overflow(width, decimals):
    scale = 10 ** decimals
    ties = [(k + 0.5) / scale for k in range(-30, 30)]
    near = [t + d for t in ties for d in (1e-9, -1e-9)]
    edges = [10.0 ** width - 0.5 / scale, -(10.0 ** width) + 0.5 / scale, 10.0 ** (width - 1), -0.0, 0.0,
             -1e-9, -0.4 / scale, -0.6 / scale, 10.0 ** width - 0.4 / scale, -(10.0 ** width) + 0.4 / scale]
    for x in ties + near + edges + [k / 7 for k in range(-50, 50)]:
        assert format_fixed(x, width, decimals) == exact_fixed(x, width, decimals), x


@pytest.mark.parametrize(("fn", "x", "width", "decimals", "expected"), [
    (format_fixed, 3, 4, 1, "   3.0"), (format_fixed, -2, 2, 0, "-2"),
    (format_scientific, 1234, 2, 3, " 1.234E+03"), (format_scientific, 0, 1, 0, "0E+00"),
])
def test_the_field_functions_still_take_a_python_int(fn, x, width, decimals, expected):
    assert fn(x, width, decimals) == expected


def test_a_report_program_prints_the_same_lines_through_the_machine():
    from machine.frontends.terminal import run_headless
    from machine.lse.parser import parse
    micro = Micro(seed=1)
    micro.load(parse("10 FAIRE 20 POUR I←-3 JUSQUA 3\n20 AFFICHER['N=',F2.0,' Q=',F6.2,/] I,I/8\n30 TERMINER\n"))
    out = io.StringIO()
    run_headless(micro, speed=None, stdin=io.StringIO(""), stdout=out, stderr=io.StringIO())
    lines = [f"N={exact_fixed(float(i), 2, 0)} Q={exact_fixed(i / 8, 6, 2)}" for i in range(-3, 4)]
    assert out.getvalue() == "\n".join(lines) + "\n"


def test_plain_afficher_takes_any_iterable_even_with_an_array_after_a_scalar():
    assert render_plain(iter(("A", VECTOR))) == render_plain(("A", VECTOR)) == "\r\nA\r\n1 -2.5 "
