"""Tests of format U, CCA, format parsing and AFFICHER rendering (machine/lse/formats.py)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Context, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machine.errors import Err, LseError
from machine.lse import formats as formats_module
from machine.lse.formats import (
    FormatSpec,
    cca,
    format_fixed,
    format_scientific,
    format_u,
    format_value_u,
    parse_format,
    render_formatted,
    render_plain,
)
from machine.lse.values import new_array, put

# ---------------------------------------------------------------- format U


@pytest.mark.parametrize(("x", "expected"), [
    (42.0, "42 "),
    (-5.0, "-5 "),
    (0.0, "0 "),
    (-0.0, "0 "),
    (144.0, "144 "),
    (999999.0, "999999 "),
    (4.2, "4.2 "),
    (0.0025, "0.0025 "),
    (0.001, "0.001 "),
    (-0.5, "-0.5 "),
    (1 / 3, "0.33333333 "),
    (0.1 + 0.2, "0.3 "),
    (123456.75, "123456.75 "),
    (999999.5, "999999.5 "),
    (3.5, "3.5 "),
    (1e6, "1.0E+06 "),
    (-1e6, "-1.0E+06 "),
    (1e-4, "1.0E-04 "),
    (0.00099999, "9.9999E-04 "),
    (1234568800.0, "1.2345688E+09 "),
    (10500000.0, "1.05E+07 "),
    (1e100, "1.0E+100 "),
    (1.5e-100, "1.5E-100 "),
    (2.0 ** 0.5, "1.4142136 "),
    (math.pi * 1000, "3141.5927 "),
])
def test_format_u_prints_a_number_with_its_trailing_space(x, expected):
    assert format_u(x) == expected


@pytest.mark.parametrize(("x", "expected"), [
    (999999.999, "1.0E+06 "),
    (999999.996, "1.0E+06 "),
    (0.00099999999, "9.9999999E-04 "),
    (0.000999999999, "0.001 "),
    (12.0000000001, "12 "),
    (-2.99999999999, "-3 "),
    (9.999999999e-5, "1.0E-04 "),
])
def test_format_u_rounds_to_eight_digits_before_choosing_the_form(x, expected):
    assert format_u(x) == expected


@pytest.mark.parametrize(("x", "expected"), [
    (math.inf, "INFINI "), (-math.inf, "-INFINI "), (math.nan, "INDEFINI "),
])
def test_format_u_does_not_crash_on_non_finite_numbers(x, expected):
    assert format_u(x) == expected


@pytest.mark.parametrize(("x", "expected"), [(16.0, "16"), (2.51, "2.51"), (10.0 ** 7 + 500000, "1.05E+07")])
def test_cca_is_format_u_without_the_trailing_space(x, expected):
    assert cca(x) == expected


@pytest.mark.parametrize(("v", "expected"), [
    ("TEXTE ", "TEXTE "), ("", ""), (12.0, "12 "), (2.5, "2.5 "),
])
def test_format_value_u_prints_strings_as_is_and_numbers_in_u(v, expected):
    assert format_value_u(v) == expected


@pytest.mark.parametrize("v", [None, object(), True])
def test_format_value_u_rejects_what_is_not_an_lse_value(v):
    with pytest.raises(LseError) as caught:
        format_value_u(v)
    assert caught.value.code == Err.TYPE_MISMATCH


finite = st.floats(allow_nan=False, allow_infinity=False)


@given(finite)
def test_cca_of_any_float_parses_back_within_eight_significant_digits(x):
    back = float(cca(x))
    assert math.isclose(back, x, rel_tol=5.000001e-8, abs_tol=1e-300)


def u_by_decimal(x: float) -> str:
    """U of a number of a million or more in size, as decimal rounds it half up to eight digits: the oracle."""
    sign, digits, exponent = Decimal(x).normalize().as_tuple()
    rounded = Decimal(x).quantize(Decimal(1).scaleb(len(digits) + exponent - 8), rounding=ROUND_HALF_UP)
    text = format(rounded, "E")  # e.g. 1.2345679E+8
    mantissa, power = text.split("E")
    mantissa = mantissa.rstrip("0").rstrip(".") if "." in mantissa else mantissa
    whole, _, fraction = mantissa.lstrip("-").partition(".")
    return f"{'-' if sign else ''}{whole}.{fraction or '0'}E+{int(power):02d}"


@pytest.mark.parametrize("x, expected", [
    (1e6, "1.0E+06"), (-1234567.0, "-1.234567E+06"), (99999995.0, "9.9999995E+07"), (999999995.0, "1.0E+09"),
    (123456785.0, "1.2345679E+08"), (123456784.0, "1.2345678E+08"), (2.0 ** 53 - 1, "9.0071993E+15"),
])
def test_a_whole_number_of_a_million_or_more_is_rounded_half_up_to_eight_digits(x, expected):
    assert cca(x) == expected == u_by_decimal(x)


@given(st.integers(min_value=10 ** 6, max_value=2 ** 53 - 1), st.sampled_from([1, -1]))
def test_a_whole_number_of_a_million_or_more_is_written_as_decimal_rounds_it(n, sign):
    assert cca(float(sign * n)) == u_by_decimal(float(sign * n))


def u_rounded_by_decimal(x: float) -> tuple[str, str, int]:
    """x rounded half up to eight significant digits by decimal, from its exact value: sign, digits, exponent."""
    sign, digits, exponent = Context(prec=8, rounding=ROUND_HALF_UP).plus(Decimal(x)).as_tuple()
    text = "".join(map(str, digits))
    return ("-" if sign else ""), (text.rstrip("0") or "0"), exponent + len(text) - 1


@pytest.mark.parametrize("x, expected", [
    (10000.0625, "10000.063"), (12345.6875, "12345.688"), (-10000.0625, "-10000.063"), (1234567.5, "1.2345675E+06"),
    (0.00012345678, "1.2345678E-04"), (999999.995, "999999.99"), (2 / 3, "0.66666667"), (-1 / 3, "-0.33333333"),
])
def test_a_number_with_a_fraction_is_rounded_half_up_on_its_exact_value(x, expected):
    assert cca(x) == expected  # (10000.0625 is half way at the ninth digit: up, not to even; 999999.995 is below)


@given(finite.filter(lambda x: x != 0))
def test_the_digits_of_u_are_those_decimal_rounds_half_up(x):
    assert formats_module._u_digits(x) == u_rounded_by_decimal(x)


@given(finite)
def test_cca_never_contains_a_space_and_format_u_ends_with_exactly_one(x):
    assert " " not in cca(x)
    assert format_u(x) == cca(x) + " "


@given(finite)
def test_format_u_shows_at_most_eight_significant_digits(x):
    mantissa = cca(x).split("E")[0].lstrip("-").replace(".", "").lstrip("0")
    assert len(mantissa.rstrip("0")) <= 8


@given(st.integers(min_value=-999999, max_value=999999))
def test_integers_below_a_million_print_without_decimals(n):
    assert format_u(float(n)) == f"{n} "


# ---------------------------------------------------------------- F and E

@pytest.mark.parametrize(("x", "width", "decimals", "expected"), [
    (3.14159, 6, 2, "     3.14"),
    (-3.14159, 6, 2, "    -3.14"),
    (2.5, 2, 0, " 3"),
    (-2.5, 2, 0, "-3"),
    (7.0, 1, 0, "7"),
    (99.6, 2, 0, "**"),
    (-10.0, 2, 0, "**"),
    (123456.0, 3, 1, "*****"),
    (999.96, 3, 1, "*****"),
    (999.94, 3, 1, "999.9"),
    (-0.001, 2, 2, " 0.00"),
    (0.125, 1, 2, "0.13"),
    (1e300, 5, 2, "********"),
    (0.5, 0, 2, "***"),
])
def test_fixed_format_rounds_right_aligns_and_fills_with_stars(x, width, decimals, expected):
    assert format_fixed(x, width, decimals) == expected


@pytest.mark.parametrize(("x", "width", "decimals", "expected"), [
    (1e24, 24, 0, "999999999999999983222784"),  # 1E24 is held as 24 digits: 10.0 ** 24 is below 10^24
    (-1e24, 25, 0, "-999999999999999983222784"),
    (1e24, 24, 1, "999999999999999983222784.0"),
    (1e28, 28, 2, "9999999999999999583119736832.00"),
    (1e24, 23, 0, "***********************"),
    (2.0 ** 80, 24, 0, "*" * 24),  # 1208925819614629174706176: 25 digits, past the double nearest 10^24
])
def test_a_number_printed_in_as_many_digits_as_its_fixed_field_has_is_not_stars(x, width, decimals, expected):
    assert format_fixed(x, width, decimals) == expected


@pytest.mark.parametrize(("x", "width", "decimals", "expected"), [
    (1e15 + 0.25, 16, 1, "1000000000000000.3"),  # x * 10 is past 2^52: the tie shows no fraction there
    (-1e15 - 0.25, 17, 1, "-1000000000000000.3"),
    (2.0 ** -25, 1, 24, "0.000000029802322387695313"),  # x * 10^24 is past 2^52
    (2.0 ** -31, 1, 30, "0.000000000465661287307739257813"),  # 10^30 is no double exactly
    (2.0 ** -10, 1, 9, "0.000976563"),  # a tie the product shows
])
def test_fixed_format_rounds_a_tie_away_from_zero_however_large_the_product_or_the_decimals(
        x, width, decimals, expected):
    assert format_fixed(x, width, decimals) == expected


def fixed_by_decimal(x: float, width: int, decimals: int) -> str:
    """Fe.d as LANGUAGE.md says it: the exact value rounded half away from zero, right-aligned, or stars."""
    field = width + decimals + 1 if decimals else width
    rounded = Decimal(x).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP, context=Context(prec=600))
    text = format(rounded, "f").removeprefix("-" if rounded.is_zero() else "")
    return text.rjust(field) if abs(x) < 10.0 ** width and len(text) <= field else "*" * field


@given(st.integers(min_value=-2 ** 53, max_value=2 ** 53), st.integers(min_value=0, max_value=60),
       st.integers(min_value=0, max_value=40))
def test_fixed_format_is_the_exact_value_rounded_half_away_from_zero(mantissa, shift, decimals):
    x = math.ldexp(mantissa, -shift)  # a binary fraction: many of them are ties at some number of decimals
    assert format_fixed(x, 20, decimals) == fixed_by_decimal(x, 20, decimals)


@pytest.mark.parametrize(("x", "width", "decimals", "expected"), [
    (1234.5678, 2, 3, " 1.235E+03"),
    (-1234.5678, 2, 3, "-1.235E+03"),
    (0.0, 1, 3, "0.000E+00"),
    (-9.9996, 2, 3, "-1.000E+01"),
    (0.00012, 1, 1, "1.2E-04"),
    (5.0, 3, 0, "  5E+00"),
    (2.5, 1, 0, "3E+00"),
    (1e100, 1, 0, "*****"),
    (1e100, 2, 0, "1E+100"),
    (-1.0, 1, 2, "********"),
    (1234.5678, 10, 3, "         1.235E+03"),
])
def test_scientific_format_has_one_mantissa_digit_and_a_signed_exponent(x, width, decimals, expected):
    assert format_scientific(x, width, decimals) == expected


@pytest.mark.parametrize("fn", [format_fixed, format_scientific])
def test_fixed_and_scientific_formats_reject_a_field_beyond_the_limit(fn):
    with pytest.raises(LseError) as caught:
        fn(1.0, 999, 2)
    assert caught.value.code == Err.BAD_FORMAT


@given(finite, st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=8))
def test_fixed_and_scientific_fields_always_have_their_declared_width(x, width, decimals):
    assert len(format_fixed(x, width, decimals)) == (width + decimals + 1 if decimals else width)
    assert len(format_scientific(x, width, decimals)) == (width + decimals + 5 if decimals else width + 4)


# ---------------------------------------------------------------- parse_format

@pytest.mark.parametrize(("raw", "expected"), [
    ("U", (FormatSpec("U"),)),
    ("5U", (FormatSpec("U", 5),)),
    ("3X", (FormatSpec("X", 3),)),
    ("*X", (FormatSpec("X", "*"),)),
    ("/", (FormatSpec("/"),)),
    ("2/", (FormatSpec("/", 2),)),
    ("*/", (FormatSpec("/", "*"),)),
    ("L", (FormatSpec("L"),)),
    ("C", (FormatSpec("C"),)),
    ("*L,*C", (FormatSpec("L", "*"), FormatSpec("C", "*"))),
    ("F6.2", (FormatSpec("F", None, 6, 2),)),
    ("3F6.2", (FormatSpec("F", 3, 6, 2),)),
    ("F2.0", (FormatSpec("F", None, 2, 0),)),
    ("E10.3", (FormatSpec("E", None, 10, 3),)),
    ("'RESULTAT'", (FormatSpec("text", text="RESULTAT"),)),
    ("72'-'", (FormatSpec("text", 72, text="-"),)),
    ("*'*'", (FormatSpec("text", "*", text="*"),)),
    ("'D''ACCORD'", (FormatSpec("text", text="D'ACCORD"),)),
    ("'A,B'", (FormatSpec("text", text="A,B"),)),
    ("''", (FormatSpec("text", text=""),)),
    ("  U , X  ", (FormatSpec("U"), FormatSpec("X"))),
    ("u,f3.1,x", (FormatSpec("U"), FormatSpec("F", None, 3, 1), FormatSpec("X"))),
    ("", ()),
    ("   ", ()),
    ("0X", (FormatSpec("X", 0),)),
])
def test_parse_format_reads_each_kind_of_spec(raw, expected):
    assert parse_format(raw) == expected


def test_parse_format_reads_a_long_format_in_order():
    specs = parse_format("3X,'RESULTAT',F6.2,/,2/,72'-',*X,U,E10.3,5U")
    assert [s.kind for s in specs] == ["X", "text", "F", "/", "/", "text", "X", "U", "E", "U"]
    assert [s.count for s in specs] == [3, None, None, None, 2, 72, "*", None, None, 5]


@pytest.mark.parametrize(("raw", "printed"), [
    ("F255.0", 255),
    ("F200.54", 255),
    ("F0.254", 255),
    ("E251.0", 255),
    ("E246.4", 255),
])
def test_a_field_255_wide_is_a_valid_format(raw, printed):
    spec, = parse_format(raw)
    assert len(render_formatted((spec,), (1.0,))) == printed


@pytest.mark.parametrize("raw", ["F256.0", "F200.55", "F0.255", "E252.0", "E247.4"])
def test_a_field_wider_than_255_is_refused(raw):
    with pytest.raises(LseError) as caught:
        parse_format(raw)
    assert (caught.value.code, caught.value.text) == (Err.BAD_FORMAT, raw)


@pytest.mark.parametrize(("raw", "offending"), [
    ("Q", "Q"),
    ("U,,X", ","),
    ("U,", ","),
    ("F6", "F6"),
    ("F.2", "F.2"),
    ("E6.", "E6."),
    ("*U", "*U"),
    ("*F6.2", "*F6.2"),
    ("*E6.2", "*E6.2"),
    ("3 X", "3 X"),
    ("'ABC", "'ABC"),
    ("U,'A''", "'A''"),
    ("'A'B'", "'A'B'"),
    ("99999X", "99999X"),
    ("F300.0", "F300.0"),
    ("-3X", "-3X"),
    ("UX", "UX"),
])
def test_parse_format_rejects_a_bad_spec_and_names_it(raw, offending):
    with pytest.raises(LseError) as caught:
        parse_format(raw)
    assert caught.value.code == Err.BAD_FORMAT
    assert caught.value.text == offending


# ---------------------------------------------------------------- render_formatted

def render(raw, *values):
    return render_formatted(parse_format(raw), values)


@pytest.mark.parametrize(("raw", "values", "expected"), [
    ("'BONJOUR'", (), "BONJOUR"),
    ("/", (), "\r\n"),
    ("2/", (), "\r\n\r\n"),
    ("L", (), "\n"),
    ("C", (), "\r"),
    ("3X", (), "   "),
    ("3'AB'", (), "ABABAB"),
    ("0X,'A'", (), "A"),
    ("U", (12.0,), "12 "),
    ("U", ("MOT",), "MOT"),
    ("2U", (1.0, 2.0), "1 2 "),
    ("F6.2", (3.14159,), "     3.14"),
    ("3F4.1", (1.0, 2.0, 3.0), "   1.0   2.0   3.0"),
    ("E2.3", (1234.5678,), " 1.235E+03"),
    ("*X,'*'", (3.0,), "   *"),
    ("*'-'", (4.0,), "----"),
    ("*/", (2.0,), "\r\n\r\n"),
    ("*L,*C", (1.0, 2.0), "\n\r\r"),
    ("*X,U", (0.0, 7.0), "7 "),
    ("'N=',U,/", (5.0,), "N=5 \r\n"),
    ("'A'", (1.0, "B"), "A1 B"),
    ("U", (1.0, 2.0, 3.0), "1 2 3 "),
    ("'X=',U,'Y=',U", (1.0,), "X=1 Y="),
    ("U,'FIN'", (), ""),
    ("'DEBUT',3U,'FIN'", (1.0,), "DEBUT1 "),
    ("*X,'FIN'", (), ""),
    ("", (1.0, "A"), "1 A"),
])
def test_render_formatted_consumes_values_left_to_right(raw, values, expected):
    assert render(raw, *values) == expected


def test_the_session_example_prints_as_documented():
    assert render_plain((12.0, " * ", 12.0, " = ", 144.0)) == "\r\n12  * 12  = 144 "


@pytest.mark.parametrize(("raw", "value", "code", "text"), [
    ("F6.2", "A", Err.TYPE_MISMATCH, "F"),
    ("E6.2", "A", Err.TYPE_MISMATCH, "E"),
    ("*X", "A", Err.TYPE_MISMATCH, "*"),
    ("*X", -1.0, Err.BAD_ARGUMENT, "*"),
    ("*X", 1.5, Err.BAD_ARGUMENT, "*"),
    ("*X", 1e9, Err.BAD_ARGUMENT, "*"),
    ("*X", math.inf, Err.BAD_ARGUMENT, "*"),
])
def test_render_formatted_rejects_a_value_the_spec_cannot_take(raw, value, code, text):
    with pytest.raises(LseError) as caught:
        render(raw, value)
    assert caught.value.code == code
    assert caught.value.text == text


@pytest.mark.parametrize("spec", [
    FormatSpec("Z"), FormatSpec("X", -1), FormatSpec("X", "+"), FormatSpec("F", None, -1, 2),
])
def test_render_formatted_rejects_a_hand_made_spec_that_the_parser_would_refuse(spec):
    with pytest.raises(LseError) as caught:
        render_formatted((spec,), (1.0,))
    assert caught.value.code == Err.BAD_FORMAT


# ---------------------------------------------------------------- arrays

def vector(*elements):
    v = new_array("V", (len(elements),))
    for i, e in enumerate(elements, 1):
        put(v, float(i), e)
    return v


def matrix(rows):
    m = new_array("M", (len(rows), len(rows[0])))
    for i, row in enumerate(rows, 1):
        for j, e in enumerate(row, 1):
            put(m, (float(i), float(j)), e)
    return m


@pytest.mark.parametrize(("values", "expected"), [
    ((), "\r\n"),
    ((1.0,), "\r\n1 "),
    (("A", 2.5), "\r\nA2.5 "),
    ((vector(1.0, 2.0, 3.0),), "\r\n1 2 3 "),
    (("V:", vector(1.0, 2.0)), "\r\nV:\r\n1 2 "),
    ((vector(1.0, 2.0), "FIN"), "\r\n1 2 FIN"),
    ((matrix([[1.0, 2.0], [3.0, 4.0]]),), "\r\n1 2 \r\n3 4 "),
    (("M", matrix([[1.0], [2.0]]), vector(5.0)), "\r\nM\r\n1 \r\n2 \r\n5 "),
])
def test_render_plain_starts_a_new_line_and_prints_each_value_in_u(values, expected):
    assert render_plain(values) == expected


@pytest.mark.parametrize(("raw", "values", "expected"), [
    ("2F3.1", (vector(1.0, 2.0),), "\r\n  1.0  2.0"),
    ("'T',/", (vector(1.0, 2.0),), "T\r\n1 2 "),
    ("F2.0,X,F2.0,X,F2.0,X,F2.0", (matrix([[1.0, 2.0], [3.0, 4.0]]),), "\r\n 1  2 \r\n 3  4"),
    ("U", (vector(1.0, 2.0, 3.0),), "\r\n1 2 3 "),
    ("'A',U", (7.0, vector(1.0, 2.0)), "A7 \r\n1 2 "),
    ("*X,U", (vector(2.0, 9.0),), "\r\n  9 "),
])
def test_an_array_starts_a_new_line_and_its_elements_are_consumed_like_scalars(raw, values, expected):
    assert render(raw, *values) == expected


def test_format_value_u_prints_a_matrix_row_by_row():
    assert format_value_u(matrix([[1.0, 2.0], [3.0, 4.0]])) == "1 2 \r\n3 4 "


@given(st.lists(st.one_of(finite, st.text(alphabet="ABC ", max_size=4)), max_size=6))
def test_an_empty_format_prints_like_plain_afficher_without_the_first_new_line(values):
    assert "\r\n" + render_formatted((), values) == render_plain(values)


@given(st.text(alphabet="0123456789*'/,LCXUFE. A", max_size=12),
       st.lists(st.one_of(st.floats(), st.text(max_size=3)), max_size=4))
def test_any_format_text_and_values_render_or_raise_only_lse_errors(raw, values):
    try:
        text = render_formatted(parse_format(raw), values)
    except LseError:
        return
    assert isinstance(text, str)


@pytest.mark.parametrize("decimals", [0, 1, 2, 3, 5])
def test_fixed_point_rounds_half_away_from_zero_like_exact_decimal_arithmetic(decimals):
    values = [k / 8 for k in range(-200, 201)] + [k / 7 for k in range(-300, 301)] + [1e-9, -1e-9, 123456.5]
    for x in values:
        exact = Decimal(x).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
        text = format(exact, "f").lstrip("-") if exact.is_zero() else format(exact, "f")
        field = 8 + decimals + 1 if decimals else 8
        assert format_fixed(x, 8, decimals) == (text.rjust(field) if len(text) <= field else "*" * field), x


# ---------------------------------------------------------------- a text repeated: no longer than MAX_COUNT

@pytest.mark.parametrize(("line", "printed", "error"), [
    ("AFFICHER [16383'AB']", 2 * 16383, None),
    ("AFFICHER [32767'-',32767X,32767/]", 4 * 32767, None),
    ("N←16383;AFFICHER [*'AB'] N", 2 * 16383, None),
    ("TABLEAU T[1];T[1]←16383;AFFICHER [*'AB'] T", 2 + 2 * 16383, None),  # (an array: the general path)
    ("N←32767;AFFICHER [*/] N", 2 * 32767, None),
    ("AFFICHER [16384'AB']", None, "FORMAT INVALIDE 16384'AB' EN LIGNE 10"),
    ("AFFICHER [32767'" + "ABC" * 1000 + "']", None, "FORMAT INVALIDE 32767'ABCABC"),
    ("N←16384;AFFICHER [*'AB'] N", None, "ARGUMENT INVALIDE POUR * EN LIGNE 10"),
    ("TABLEAU T[1];T[1]←16384;AFFICHER [*'AB'] T", None, "ARGUMENT INVALIDE POUR * EN LIGNE 10"),
], ids=["at the limit", "literals at the limit", "star at the limit", "star at the limit, general path",
        "star of a new line", "past it", "a long text past it", "star past it", "star past it, general path"])
def test_a_text_repeated_in_a_format_is_at_most_as_long_as_the_longest_count(line, printed, error):
    from machine.errors import render as render_error
    from machine.lse.parser import SyntaxErrors
    from tests.lse_harness import run_lse
    try:
        result = run_lse(f"10 {line}\n20 TERMINER\n")
    except SyntaxErrors as errors:
        assert error is not None and render_error(errors.diagnostics[0]).startswith(error)
        return
    assert result.error == error
    if printed is not None:
        assert len(result.raw) == printed
