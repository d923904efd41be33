"""The reference's reading of a number's text in single precision, by exact arithmetic alone (apart from
machine/lse/numbers.single_decimal's fast way, so that the differential checks compare the two)."""

from __future__ import annotations

import math
from fractions import Fraction

from machine.lse.builtins import cnb

BEYOND = 2 ** 128  # float32's overflow threshold once rounded: a magnitude rounding to it is no float32


def nearest32(text: str) -> float:
    """The float32 nearest the decimal `text` (ties to even), worked out on Fraction; past float32's range,
    float(text) (a double of that range or inf, which the model's checks then refuse or overflow on)."""
    exact = abs(Fraction(text))
    if exact == 0:
        return 0.0
    top = exact.numerator.bit_length() - exact.denominator.bit_length()  # 2^top <= exact < 2^(top+2)
    if Fraction(2) ** top > exact:
        top -= 1
    unit = Fraction(2) ** (max(top, -126) - 23)  # a float32's unit there (2^-149 for the subnormals)
    whole, rest = divmod(exact / unit, 1)
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
        whole += 1
    rounded = whole * unit
    if rounded >= BEYOND:
        return float(text)
    return math.copysign(float(rounded), -1.0 if text.lstrip().startswith("-") else 1.0)


def exact_cnb(s: str, d: float) -> tuple[float, float]:
    """CNB in single precision, its number's text read by nearest32."""
    return cnb(s, d, decimal=nearest32)
