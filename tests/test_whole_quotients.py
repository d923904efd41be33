"""ENT of a whole number divided by a whole one, in single precision: the floor of the double quotient where
the numerator is below 2^24 (NumberModel.whole_quotient), the same number as the floor of the float32 quotient.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles), on the
console80 (single precision); the claim itself is checked on its own, number by number.
"""

from __future__ import annotations

import math
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machine.lse.listing import listing
from machine.lse.numbers import NUMERATOR_MAX
from tests.oracle.differential import assert_agrees

# Each ENT is in a loop (code run once is written short, the general way); the loop of FAIRE 20 runs twice.
TWICE = "10 FAIRE 20 POUR K←1 JUSQUA 2\n"
PROGRAMS = {
    "a remainder by a constant, numerators counted up past 2^24": (
        "10 X←16777200\n20 FAIRE 40 POUR K←1 JUSQUA 40\n30 X←X+1;Q←ENT(X/7);R←X-Q*7\n40 AFFICHER X,Q,R\n", ()),
    "a numerator of 25 bits whose float32 quotient rounds up to the next whole number": (
        "5 X←25165826;Y←-25165826\n" + TWICE + "20 Q←ENT(X/3);R←ENT(Y/3);S←ENT(X/5)\n30 AFFICHER Q,R,S\n", ()),
    "negative numerators, quotients just above and below whole numbers": (
        "10 FAIRE 30 POUR X←-40 JUSQUA 40\n20 Q←ENT(X/3);R←ENT(X/-7);S←ENT(X/4)\n30 AFFICHER Q,R,S\n", ()),
    "a divisor that is a variable proved whole, small and beyond 2^24": (
        "5 B←3;C←1073741824;X←16777215\n" + TWICE + "20 Q←ENT(X/B);R←ENT(X/C);S←ENT(-X/C);T←ENT(-1/C)\n"
        "30 AFFICHER Q,R,S,T\n", ()),
    "a numerator read in, not proved whole: whole, fractional, tiny and negative": (
        "5 B←1E10\n10 LIRE A\n20 FAIRE 30 POUR K←1 JUSQUA 2;Q←ENT(A/B);R←ENT(A/3)\n30 AFFICHER Q,R\n40 ALLER EN 10\n",
        ("25165826", "7.5", "-1E-37", "-16777215", "1E30")),
    "a fractional divisor: the float32 quotient is floored, 29.99999955 rounded up to 30 first": (
        "10 FAIRE 30 POUR X←1 JUSQUA 9\n20 Q←ENT(X/0.1);R←ENT(X/1.5)\n30 AFFICHER Q,R\n", ()),
    "a divisor of zero is DIVISION PAR ZERO on its line": (
        "5 X←5;B←1\n" + TWICE + "20 Q←ENT(X/3);R←ENT(X/B);B←B-1\n30 AFFICHER Q,R\n", ()),
    "an unset divisor is an unset variable, read after the numerator": (
        "5 X←5\n" + TWICE + "20 Q←ENT(X/B)\n30 B←2\n", ()),
    "an unset numerator is the error, before the divisor": (
        TWICE + "20 Q←ENT(X/B)\n30 X←1;B←2\n", ()),
    "a power of two as the divisor, and a remainder idiom in a procedure": (
        "10 FAIRE 20 POUR X←-9 JUSQUA 9\n20 Q←ENT(X/2);R←ENT(X/8);AFFICHER Q,R,&M(X*1000003,65537)\n30 TERMINER\n"
        "40 PROCEDURE &M(A,B) LOCAL A,B\n50 RESULTAT A-ENT(A/B)*B\n", ()),
}
# The programs where ENT takes the way under test: a numerator proved whole, or tested (read in).
FLOORED_UNROUNDED = {name for name in PROGRAMS if "fractional divisor" not in name and "procedure" not in name}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_whole_quotients_floor_agrees_with_the_reference_in_single_precision(name: str) -> None:
    source, inputs = PROGRAMS[name]
    assert_agrees(source, inputs, profile="console80")
    assert_agrees(source, inputs, profile="micro40")
    if name in FLOORED_UNROUNDED:  # (else the test would not be of that way)
        assert "_u1 := v_" in listing(source, machine="console80")


def test_the_quotient_of_a_proved_whole_numerator_is_floored_unrounded_in_single_only() -> None:
    source = "10 X←1;FAIRE 20 POUR K←1 JUSQUA 9\n20 X←X*75+74;X←X-ENT(X/65537)*65537\n"
    single = listing(source, machine="console80")
    assert "_floor((_u1 / 65537.0) if (_u1 := v_X) <= 16777215.0 and _u1 >= -16777215.0 else" in single
    assert "_u1" not in listing(source, machine="micro40")  # double: never rounded, nothing to spare


def _round32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


@settings(max_examples=3000)
@given(st.integers(-(2 ** 24) + 1, 2 ** 24 - 1), st.integers(1, 2 ** 40), st.booleans())
def test_below_2_24_the_floor_of_a_whole_quotient_is_that_of_its_float32(numerator: int, size: int,
                                                                          negative: bool) -> None:
    divisor = _round32(float(-size if negative else size))  # a whole float32 (any beyond 2^24 is whole)
    assert abs(numerator) <= NUMERATOR_MAX
    assert math.floor(numerator / divisor) == math.floor(_round32(numerator / divisor))


def test_at_2_25_the_float32_quotient_may_round_up_to_the_next_whole_number() -> None:
    """Why the numerator is bounded: beyond 2^24 the claim fails (the first program shows the Micro right)."""
    assert math.floor(25165826 / 3) == 8388608
    assert math.floor(_round32(25165826 / 3)) == 8388609
