"""Single precision (console80) reads a decimal to the float32 nearest it (ties to even), not to the float32
nearest the double nearest it (double rounding): a program's constant, a number typed for LIRE and CNB's, all
three by numbers.single_decimal; micro40 reads the double nearest, as before."""

from __future__ import annotations

import math
import struct
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from machine.errors import Err, LseError
from machine.lse.numbers import FLOAT32_BEYOND, FLOAT32_MAX, round32, single_decimal
from machine.lse.parser import SyntaxErrors
from machine.lse.runtime import Status
from machine.micro import Micro
from machine.profile import load_profile
from tests.oracle.decimals import nearest32
from tests.oracle.differential import assert_agrees


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def single(text: str) -> float:
    """The console80 number of a text: single_decimal's double, rounded to float32."""
    return round32(single_decimal(text))


# (text, its nearest float32): the halfway points between two float32s, numbers just past them on either side
# whose nearest double is the halfway point itself (double rounding goes the wrong way), long decimals,
# exponents, negatives, subnormals, and the end of float32's range.
TABLE = {
    "the audit's case, just above a halfway point": ("16777217.000000001", 16777218.0),
    "a halfway point itself, to the even one below": ("16777217", 16777216.0),
    "a halfway point itself, to the even one above": ("16777219", 16777220.0),
    "just below a halfway point that goes up when even": ("16777218.99999999999", 16777218.0),
    "just above a halfway point that goes down when even": ("16777217.00000000001", 16777218.0),
    "a long decimal just above a halfway point": ("16777217.0000000000000000000000000000000000001", 16777218.0),
    "a long decimal just below a halfway point": ("16777218.9999999999999999999999999999999999999", 16777218.0),
    "a negative number just above a halfway point in size": ("-16777217.000000001", -16777218.0),
    "a negative number just below a halfway point in size": ("-16777218.99999999999", -16777218.0),
    "an exponent bringing digits past the point": ("1677721700000000001E-11", 16777218.0),
    "a positive exponent": ("1.6777218999999999999E7", 16777218.0),
    # (2^54+2^30+1: its double is the halfway point 2^54+2^30; LIRE reads a whole number of 15 digits at once)
    "a whole number past 2^53 just above a halfway point": ("18014399583223809", 18014400656965632.0),
    "a negative whole number past 2^53 just above a halfway point in size": ("-18014399583223809",
                                                                             -18014400656965632.0),
    "a fraction just above a halfway point": ("1.00000005960464477539062500001", 1.0000001192092896),
    "a fraction's halfway point itself": ("1.000000059604644775390625", 1.0),
    "a fraction just below a halfway point": ("0.99999997019767761230468749999", 0.9999999403953552),
    "a subnormal just below a halfway point": ("367344086579661333E-57", 3.673433859304292e-40),
    "a subnormal just above a halfway point": ("367345487878125659E-57", 3.673461885273578e-40),
    "a fraction of 17 digits below a halfway point, the double on it": ("1.0000001788139343", 1.0000001192092896),
    "the halfway point below the least subnormal, just above": ("7.0064923216240854E-46", 1.401298464324817e-45),
    "the halfway point below the least subnormal, itself": (
        "7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625"
        "E-46", 0.0),
    "the halfway point below the least subnormal, just below": ("7.0064923216240853E-46", 0.0),
    "just below the first number beyond float32": ("340282356779733661637539395458142568447", FLOAT32_MAX),
    "just below it, written with an exponent": ("3.4028235677973366E38", FLOAT32_MAX),
    "a number no halfway point is near": ("0.1", f32(0.1)),
    "a whole number of 24 bits": ("16777215", 16777215.0),
    "zero written long": ("0.000000000000000000000000000000000000000000000000000000E-99999", 0.0),
}
BEYOND = ["340282356779733661637539395458142568448", "3.4028235677973367E38", "1E39", "1E400"]


def test_the_cases_are_those_double_rounding_gets_wrong_where_they_say_so() -> None:
    wrong = {name for name, (text, expected) in TABLE.items()
             if abs(float(text)) < FLOAT32_MAX and f32(float(text)) != expected}
    assert "the audit's case, just above a halfway point" in wrong and len(wrong) >= 10


@pytest.mark.parametrize("name", sorted(TABLE))
def test_a_decimal_is_read_to_its_nearest_float32(name: str) -> None:
    text, expected = TABLE[name]
    assert single(text) == expected == nearest32(text)
    assert math.copysign(1.0, single(text)) == math.copysign(1.0, expected)


@pytest.mark.parametrize("text", BEYOND)
def test_a_decimal_from_the_first_halfway_point_past_float32_on_overflows(text: str) -> None:
    with pytest.raises(LseError):
        single(text)
    assert single_decimal(text) >= 2.0 ** 128 - 2.0 ** 103


def halfway_text(mantissa: int, exponent: int, side: int, digits: int) -> str:
    """A decimal at the point halfway past mantissa * 2^exponent (side 0: all its digits), or a little above it
    (side 1) or below (side -1) with `digits` significant digits, often so near that its nearest double is it."""
    point = (2 * Fraction(mantissa) + 1) * Fraction(2) ** (exponent - 1)
    scale = math.floor(math.log10(point)) - digits
    scaled = point / Fraction(10) ** scale
    if side == 0:
        while scaled.denominator != 1:
            scaled, scale = scaled * 10, scale - 1
        whole = int(scaled)
    elif side > 0:
        whole = math.floor(scaled) + 1
    else:
        whole = math.ceil(scaled) - 1
    return f"{whole}E{scale}"


@given(mantissa=st.integers(2 ** 23, 2 ** 24 - 1), exponent=st.integers(-172, 104),
       side=st.sampled_from([-1, 0, 1]), digits=st.integers(17, 60), negative=st.booleans())
@example(mantissa=2 ** 24 - 1, exponent=104, side=0, digits=17, negative=False)  # (the halfway point past the top)
def test_numbers_near_a_halfway_point_round_as_exact_arithmetic_does(mantissa, exponent, side, digits, negative):
    assert_read_as_exact_arithmetic_reads(("-" if negative else "") + halfway_text(mantissa, exponent, side, digits))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_double_written_out_shortest_reads_as_the_double_rounded(x: float) -> None:
    text = repr(x).replace("e", "E")
    if "inf" not in text:
        assert_read_as_exact_arithmetic_reads(text)


def assert_read_as_exact_arithmetic_reads(text: str) -> None:
    """The console80 number of a text is its nearest float32, or an overflow past float32's range."""
    expected = nearest32(text)
    # (nearest32 gives the text's double where it rounds past float32: from the halfway point above the largest,
    # 2^128 - 2^103, which a tie rounds to the even 2^128; hypothesis found the text exactly on it)
    if abs(expected) >= FLOAT32_BEYOND:
        with pytest.raises(LseError):
            single(text)
    else:
        assert single(text) == expected


def run(source: str, typed: list[str], machine: str = "console80") -> Micro:
    micro = Micro(load_profile(machine))
    micro.load_text(source)
    pending = list(typed)
    while micro.run_until_blocked() is Status.WAITING and pending:
        micro.feed(pending.pop(0))
    return micro


ENTRIES = "10 A←{text}\n20 LIRE B\n30 FAIRE 40 POUR K←1 JUSQUA 2\n40 C←CNB('{text}',1);D←CNB(' X{text}',3)\n"


@pytest.mark.parametrize("name", sorted(TABLE))
def test_a_constant_lire_and_cnb_read_the_same_float32(name: str) -> None:
    text, expected = TABLE[name]
    variables = run(ENTRIES.format(text=text), [text]).runtime.G
    assert [variables[name] for name in "ABCD"] == [expected] * 4


@pytest.mark.parametrize("name", sorted(TABLE))
def test_micro40_still_reads_the_double_nearest(name: str) -> None:
    text, _ = TABLE[name]
    variables = run(ENTRIES.format(text=text), [text], "micro40").runtime.G
    assert [variables[name] for name in "ABCD"] == [float(text)] * 4


def test_the_audits_program_prints_2() -> None:
    micro = Micro(load_profile("console80"))
    out: list[str] = []
    micro.listeners.append(out.append)
    micro.load_text("10 AFFICHER 16777217.000000001-16777216\n20 TERMINER\n")
    micro.run_until_blocked()
    assert "".join(out).split() == ["2"]


@pytest.mark.parametrize("text", BEYOND[:3])
def test_past_float32_a_constant_is_refused_lire_refuses_it_and_cnb_overflows(text: str) -> None:
    refused = Micro(load_profile("console80"))
    with pytest.raises(SyntaxErrors) as errors:
        refused.load_text(f"10 A←{text}\n")
    assert [diagnostic.code for diagnostic in errors.value.diagnostics] == [Err.BAD_NUMBER]
    micro = run(f"10 C←CNB('{text}',1)\n", [])
    assert micro.error_text() == "DEPASSEMENT DE CAPACITE EN LIGNE 10"
    typed = run("10 LIRE B\n", [text])
    assert typed.error_text().startswith("DONNEE INVALIDE")


def test_just_below_float32s_end_a_constant_lire_and_cnb_read_its_largest_number() -> None:
    text = "340282356779733661637539395458142568447"
    variables = run(ENTRIES.format(text=text), [text]).runtime.G
    assert [variables[name] for name in "ABCD"] == [FLOAT32_MAX] * 4


AGREEING = ("10 A←{text}\n20 LIRE B\n30 FAIRE 40 POUR K←1 JUSQUA 2\n"
            "40 C←CNB('{text}',1,P);AFFICHER A-B,B-C,P\n50 AFFICHER A\n")


@pytest.mark.parametrize("name", sorted(TABLE))
def test_every_mode_agrees_with_the_reference_on_numbers_read(name: str) -> None:
    text, _ = TABLE[name]
    assert_agrees(AGREEING.format(text=text), [text], profile="console80")


@pytest.mark.parametrize("text", BEYOND[:3])
def test_every_mode_agrees_with_the_reference_past_float32(text: str) -> None:
    assert_agrees(f"10 LIRE B\n20 FAIRE 30 POUR K←1 JUSQUA 2\n30 C←CNB('{text}',1)\n", ["1", text],
                  profile="console80")
    assert_agrees("10 LIRE B\n", [text], profile="console80")


def short_texts_near_halfway_points(count: int) -> list[str]:
    """Texts of at most 8 characters from 2^-16 to 2^24, written for the halfway points between float32s (as
    near them as so few digits go), and for numbers of every size in that range."""
    import random

    rng = random.Random(1986)
    texts = []
    while len(texts) < count:
        k = rng.randint(-16, 23)
        halfway = math.ldexp(2 * rng.randrange(1 << 23, 1 << 24) + 1, k - 24)  # an odd multiple of 2^(k-24)
        for value in (halfway, rng.uniform(2.0 ** k, 2.0 ** (k + 1))):
            for digits in range(1, 8):
                text = f"{value:.{digits}g}".replace("e+", "E").replace("e-", "E-").upper()
                if len(text) <= 8:
                    texts.append(text)
    return texts


def test_short_texts_are_read_at_once_to_their_nearest_float32() -> None:
    # (numbers.SHORT_TEXT: the proof that no such text is, or rounds to a double on, a halfway point)
    for text in short_texts_near_halfway_points(20000):
        assert single(text) == nearest32(text), text


@pytest.mark.parametrize("text", ["18014399583223809", "-18014399583223809", "16777217", "123456789012345"])
def test_a_whole_number_typed_ahead_is_taken_at_once_to_its_nearest_float32(text: str) -> None:
    # (the quick way of a number typed already: float() for 15 characters at most, exact there, else the exact way)
    from machine.lse.inputs import InputBuffer

    buffer = InputBuffer(decimal=single_decimal)
    buffer.feed(f"{text} 7")
    assert round32(buffer.take_number()) == nearest32(text)
