"""The two number models of the Micro (double precision, or the Mitra-15's single precision); imports errors.

Decision: a profile's `numbers` key chooses the model. In both, a result beyond the model's
range is DEPASSEMENT DE CAPACITE. In "single", every arithmetic result, built-in result,
input and constant is rounded to the nearest float32 (ties to even), as the 24-bit mantissa
of the Mitra-15 did; values are still held in Python floats, so printing shows what float32
holds. The generated code calls these through names in its namespace (see code()).
"""

from __future__ import annotations

import math
import struct
import sys
from collections.abc import Callable

from machine.errors import Err, LseError

DOUBLE_MAX = sys.float_info.max
FLOAT32_MAX = 3.4028234663852886e38  # the largest float32
FLOAT32_BEYOND = 2.0 ** 128 - 2.0 ** 103  # half a unit past the largest float32: from here round32 overflows
FLOAT32_MIN = 1.1754943508222875e-38  # the smallest normal float32: below it, fewer than 24 bits
SPLITTER = float(2 ** 29 + 1)  # 53 - 24 = 29 bits split off by Veltkamp's method
WHOLE_EXACT = float(2 ** 24)  # every whole number up to this is a float32
ROUNDER = float(3 * 2 ** 51)  # doubles near it are a unit apart: x + ROUNDER - ROUNDER is x rounded to whole
NUMERATOR_MAX = WHOLE_EXACT - 1.0  # a whole numerator up to this: ENT of its quotient needs no rounding
HALFWAY_MIN = 2.0 ** -150  # the least float32 halfway point (between 0 and the least subnormal)
# A number's text, the one grammar of a program's constant, a number typed for LIRE and the number CNB reads
# (the two last with a sign before it): digits on both sides of a point, if it has one (no `.5`, no `12.`, as
# LSE wrote numbers), and an exponent of whole digits.
NUMBER_TEXT = r"[0-9]+(?:\.[0-9]+)?(?:[Ee][+-]?[0-9]+)?"
_F32 = struct.Struct("f")
# A double's 29 lowest bits of significand, below float32's 24: 1 then 28 zeros on a halfway point between two
# float32s of the normal range (from 2^-126: below, halfway points are k*2^-150, tested by single_decimal's way).
NORMAL32_MIN = 2.0 ** -126
# Decision: a text of at most 8 characters from 2^-16 to 2^24 in size is read as float() reads it, the common CNB
# and LIRE number at once (0.37 us a text, float() 0.14, the exact way 1.1, measured on a busy machine). Proof:
# it has 8 digits (a whole number, a float32) or at most 7 significant ones, while a halfway point h between two
# float32s from 2^k to 2^(k+1), k < 24, is an odd multiple of 2^(k-24): k >= 0 gives it 24-k digits after the
# point and at least 8 in all; k < 0, more than 24. Nor does such a decimal x round to a double on a halfway
# point h: with g <= 6 - floor(0.301k) digits after its point (7 + 0.301|k| for k < 0) and h's f = 24 - k,
# |x - h| >= 1/(5^g * 2^f), more than half a double's unit at h, 2^(k-53), as long as 5^g < 2^29: up to g = 12,
# so down to k = -17 (tests/test_single_decimals.py reads 20 000 such texts against exact arithmetic).
SHORT_TEXT, SHORT_LEAST = 8, 2.0 ** -16
HALFWAY_BITS, HALF_UNIT_BITS = (1 << 29) - 1, 1 << 28
_pack64, _bits = struct.Struct("<d").pack, struct.Struct("<Q").unpack
_pack, _unpack = _F32.pack, _F32.unpack
_bits32, _pack32 = struct.Struct("<I").unpack, struct.Struct("<I").pack  # a float32's bits, and back
# An LSE comparison as Python writes it, and as it reads with its sides swapped (c OP x is x FLIPPED[OP] c).
COMPARE_PY = {"=": "==", "#": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
FLIPPED = {"=": "=", "#": "#", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def overflow() -> float:
    """A result beyond the number model's range."""
    raise LseError(Err.OVERFLOW)


def round32(x: float) -> float:
    """The float32 nearest to x (ties to even), or DEPASSEMENT DE CAPACITE beyond float32's range."""
    try:
        value = _unpack(_pack(x))[0]
    except OverflowError:
        raise LseError(Err.OVERFLOW) from None
    if value - value != 0.0:  # inf or nan: beyond float32 (pack gives inf), or an overflow upstream
        raise LseError(Err.OVERFLOW)
    return value


def single_decimal(text: str) -> float:
    """The double whose round32 is the float32 nearest the decimal `text` (ties to even); beyond float32 where it is.

    Decision: it is float(text) but where that double is a float32 halfway point the text is not on: then the
    double next to it on the text's side, found by an exact comparison (Fraction). Proof that one rounding is
    enough elsewhere: every float32 and every halfway point between two (odd multiples of half a float32 unit:
    25 bits, or k*2^-150 below 2^-126, or 2^128-2^103, from which float32 overflows) is a double. Rounding to
    the nearest double, d = RN64(x), is monotonic and keeps every double, so no halfway point h can lie
    strictly between x and d (x < h < d gives d = RN64(x) <= RN64(h) = h < d), and x = h gives d = h. So if d
    is no halfway point, x and d are between the same two halfway points (or both past the last), where every
    number rounds to the same float32 (or overflows): round32(d) is x's float32. If d is a halfway point h: x
    = h rounds as d does (ties to even); x above h rounds to the float32 above h, and so does the next double
    up, which lies between h and that float32 (half a float32 unit away, a double's unit there being at most
    2^-29 of it); x below h, to the float32 below, as the next double down.
    """
    value = float(text)
    if -WHOLE_EXACT <= value <= WHOLE_EXACT and (value.is_integer() or len(text) <= SHORT_TEXT and not (
            -SHORT_LEAST < value < SHORT_LEAST)):
        return value  # (a float32 already, or a short text, which no halfway point is nor rounds to: see SHORT_TEXT)
    size = abs(value)
    if NORMAL32_MIN <= size <= FLOAT32_BEYOND:  # (float32's normal range: a halfway point's 29 low bits, told at once)
        if _bits(_pack64(value))[0] & HALFWAY_BITS != HALF_UNIT_BITS:
            return value  # (no halfway point: 0.75 us a text, where the exact way took 1.1, measured)
    elif not HALFWAY_MIN <= size:  # (below: rounds to 0; above: overflows; inf, nan)
        return value
    half = math.ldexp(1.0, max(math.frexp(value)[1], -125) - 25)  # half a float32 unit at value (2^-150 below 2^-126)
    if value / half % 2.0 != 1.0:  # not an odd multiple of half a unit: no halfway point (the quotient is exact)
        return value
    from fractions import Fraction  # (it imports decimal: only for a text on a halfway point, not at start-up)
    exact = Fraction(text)
    if exact == value:
        return value
    return math.nextafter(value, math.inf if exact > value else -math.inf)


def checked(x: float) -> float:
    """x if it is a finite double, else DEPASSEMENT DE CAPACITE."""
    if -DOUBLE_MAX <= x <= DOUBLE_MAX:
        return x
    raise LseError(Err.OVERFLOW)


def split24(code: str) -> str:
    """Code for `code`'s value rounded to 24 bits by Veltkamp's split (x*(2^29+1), then c-(c-x)), the value kept in
    _x for a rounding that must start again from it (round32 of a subnormal or an overflow)."""
    return f"(_c := (_x := {code}) * {SPLITTER!r}) - (_c - _x)"


def whole_test(name: str) -> str:
    """Code for a test that the float a name holds is a whole number.

    Decision: the float's own is_integer(), where x + 3*2^51 - 3*2^51 == x was tested (the same answer within 2^51
    in size, where every use tests it): one call for two operations and a comparison, ~95 machine instructions less
    (cachegrind, CPython 3.11; 160 ns against 230 in a loop on a busy machine).
    """
    return f"{name}.is_integer()"


def float32_held(code: str, exact: str) -> str:
    """Code for `code`'s value if it is zero or a normal float32, else round32 of `exact`.

    Its size tells: within the normal range, or zero; a subnormal, an overflow, an infinity or a
    NaN is outside (NaN fails every comparison) and takes round32.

    Decision: the range of each sign, positive first (`t >= m and t <= M or t <= -m and t >= -M`), where the
    square was tested (`m*m <= t*t <= M*M`: the same answer, the bounds' squares being exact doubles): 116 machine
    instructions less a rounding on a positive value, 31 on a negative one (cachegrind, CPython 3.11).
    """
    positive = f"(_t := {code}) >= {FLOAT32_MIN!r} and _t <= {FLOAT32_MAX!r}"
    return f"(_t if {positive} or _t <= -{FLOAT32_MIN!r} and _t >= -{FLOAT32_MAX!r} or _t == 0.0 else _r32({exact}))"


def within(code: str, bound: float, temp: str = "_t") -> str:
    """Code for a test that `code`'s value, kept in `temp`, is at most `bound` in size (NaN is not).

    Decision: two tests joined by `and`, the value kept first, where Python's chained `-b <= (t := x) <= b`
    swaps and copies it on the stack: 3-7 ns less a test (measured, CPython 3.11), the same answer.
    """
    return f"({temp} := {code}) <= {bound!r} and {temp} >= -{bound!r}"


def float32_sized(code: str, exact: str) -> str:
    """Code for `code`'s value if it is within float32's range, else round32 of `exact` (an overflow).

    Decision: for a value whose exact result is a multiple of float32's least subnormal 2^-149 (see
    NumberModel.result's `multiple`), a value below the normal range is a float32 already, so only its
    size needs telling: two comparisons where float32_held squares it too (~10 ns less a rounding, measured).
    """
    return f"(_t if {within(code, FLOAT32_MAX)} else _r32({exact}))"


def float32_normal(code: str, exact: str, positive: bool = False, bounded: bool = False) -> str:
    """Code for `code`'s value if it is zero or a normal float32, else round32 of `exact`, for a value known
    `positive` (never below 0) or `bounded` (never beyond float32's range): float32_held's test with the sides
    that cannot fail left out (`t >= 2^-126 or t <= -2^-126 or t == 0.0`: one comparison on a positive t)."""
    low = f"(_t := {code}) >= {FLOAT32_MIN!r}"
    if positive and bounded:
        test = f"{low} or _t == 0.0"
    elif positive:
        test = f"{low} and _t <= {FLOAT32_MAX!r} or _t == 0.0"
    elif bounded:
        test = f"{low} or _t <= -{FLOAT32_MIN!r} or _t == 0.0"
    else:
        return float32_held(code, exact)
    return f"(_t if {test} else _r32({exact}))"


def _float32_after(c: float) -> float:
    """The float32 next above the float32 c (2^128 past the largest, as if the range went on)."""
    if c == 0.0:
        return 2.0 ** -149
    code = _bits32(_pack(c))[0] + (1 if c > 0.0 else -1)  # (a negative float32's bits count down toward zero)
    return 2.0 ** 128 if code == 0x7F800000 else _unpack(_pack32(code))[0]


def compared(code: str, op: str, c: float) -> str:
    """Code for round32(`code`'s value) `op` c (an LSE comparison, c a float32) with no rounding: the double compared
    with the halfway points around c, where round32's result passes c; round32 itself past float32's range.

    Decision: round32 is monotonic and keeps c, so it is above c exactly where the double is above the halfway point
    h between c and the float32 after it, or on h where the tie goes up (c's significand odd: ties to even); below c
    likewise, and equal between the two. Beyond the largest float32 round32 decides (an overflow, or the largest):
    the same answer and error as the rounded value compared (a split and its test, ~300 machine instructions less).
    """
    above, below = (c + _float32_after(c)) / 2.0, (c - _float32_after(-c)) / 2.0  # (exact: 25 bits each)
    odd = c != 0.0 and _bits32(_pack(c))[0] & 1
    tests = {">": f"_t {'>=' if odd else '>'} {above!r}", "<=": f"_t {'<' if odd else '<='} {above!r}",
             ">=": f"_t {'>' if odd else '>='} {below!r}", "<": f"_t {'<=' if odd else '<'} {below!r}"}
    tests["="] = f"{tests['>=']} and {tests['<=']}"
    tests["#"] = f"{tests['<']} or {tests['>']}"
    return f"(({tests[op]}) if {within(code, FLOAT32_MAX)} else _r32(_t) {COMPARE_PY[op]} {c!r})"


class NumberModel:
    """How generated code rounds and checks the numbers of one profile."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.single = name == "single"
        # The least magnitude that is no number of the model: a number typed from it on is no number (LIRE).
        self.beyond = FLOAT32_BEYOND if self.single else math.inf
        # A number's text as the double this model rounds (a constant, LIRE, CNB): see single_decimal.
        self.decimal: Callable[[str], float] = single_decimal if self.single else float

    def result(self, code: str, cannot_overflow: bool = False, whole: bool = False, proven: bool = False,
               multiple: bool = False, near: bool = False, normal: bool = False, positive: bool = False) -> str:
        """Code for an arithmetic result: rounded (single) or checked for overflow (double).

        Decision: both are inline tests, with no call on the common path: in double, x - x is 0
        for every finite x and nan otherwise; in single, a whole number of at most 24 bits is
        already a float32, which is tested first where the operands are expected `whole`, by its
        size alone where they are `proven` whole (a sum, difference or product of whole doubles is
        whole, rounded or not). A `multiple` result (a sum or difference of two float32s, a product by
        a whole one: its exact value is a multiple of 2^-149, as every float32 is) is never rounded by
        float32's subnormals: where it is below 2^-126 it has at most 23 bits, so the double worked it
        out exactly and it is a float32 already, which Veltkamp's split leaves alone; only its size is
        tested after the split (float32_sized), as a whole result's is; not even that where it is `near` (a sum
        one of whose operands is below 2^99: operands.near_sum), which cannot reach float32's overflow, whole or
        not (past 2^24 a whole one is split alone: the split is round32 from 2^-126 to float32's overflow). A
        `normal` result is 0 or, exactly, within float32's normal range (pyoperators.whole_scaled): split alone; a
        `positive` one (a square X*X) is tested on its side alone (float32_normal).
        """
        if self.single and normal:
            return f"({split24(code)})"
        if self.single and proven:  # beyond 2^24, rounded to a whole number: never zero nor subnormal
            rounded = split24("_t")
            return f"(_t if {within(code, WHOLE_EXACT)} else {rounded if near else float32_sized(rounded, '_x')})"
        if self.single and whole:  # adding then taking 1.5 * 2^52 rounds to a whole number: it is one if unchanged
            rounded = self.result("_t", multiple=multiple, near=near, positive=positive)
            return f"(_t if {within(code, WHOLE_EXACT)} and {whole_test('_t')} else {rounded})"
        if self.single and multiple and near:
            return f"({split24(code)})"
        if self.single and multiple:
            return float32_sized(split24(code), "_x")
        if self.single:
            # Veltkamp's splitting (x*(2^29+1), then c-(c-x)) rounds a double to 24 bits, ties to
            # even, in three operations; float32's subnormals, overflow, inf and nan take round32.
            return float32_normal(split24(code), "_x", positive)
        if cannot_overflow:
            return code
        return f"(_t if (_t := {code}) - _t == 0.0 else _overflow())"  # inf - inf and nan - nan are nan

    def scaled(self, code: str, cannot_overflow: bool = False, upward: bool = False, exact: bool = False,
               downward: bool = False) -> str:
        """Code for a number times or divided by a power of two: its bits are those of a float32 already.

        Decision: every number the program holds is in the model (a float32 in single), so only
        a result beyond the normal range needs rounding (a subnormal) or is an overflow. Scaled
        `upward` (by 2^k, k >= 0) it is a multiple of 2^-149 as its operand is, so a float32 unless too
        large: its size alone is tested (float32_sized). An `exact` one (a whole number, so 0 or at
        least 1 in size, scaled by 2^k with -126 <= k <= 0) is a float32: never subnormal, never larger. Scaled
        `downward` (by 2^k, k < 0) it is exact in double and no larger: only a subnormal needs rounding
        (float32_normal, bounded).
        """
        if self.single and exact:
            return code
        if self.single and upward:
            return float32_sized(code, "_t")
        if self.single and downward:
            return float32_normal(code, "_t", bounded=True)
        if self.single:
            return float32_held(code, "_t")
        return self.result(code, cannot_overflow)

    def whole_quotient(self, numerator: str, divisor: str, temp: str, proven: bool, scaled: bool) -> str:
        """Code for ENT of a whole number divided by a whole one (single): the floor of the double quotient
        where the numerator is below 2^24, else of the quotient rounded (`scaled`: by a power of two).

        Decision: a quotient a/b of whole numbers that is not whole is at least 1/|b| from every whole
        number; float32's rounding moves it by less than 2^-24 of |a/b|, which is less than 1/|b| when
        |a| < 2^24: it never reaches nor passes a whole number, so the floor is the same unrounded (and a
        whole quotient of such numbers is exact in both). A numerator not `proven` whole is tested.
        """
        test = within(numerator, NUMERATOR_MAX, temp)
        if not proven:
            test += f" and {whole_test(temp)}"
        quotient = f"({temp} / {divisor})"
        rounded = self.scaled(quotient) if scaled else self.result(quotient)
        return f"_float(_floor({quotient} if {test} else {rounded}))"

    def whole_step(self, code: str, rising: bool = False) -> str:
        """Code for a whole loop variable plus a whole step: exact up to 2^24 in any model; `rising`: the sum is
        never below -2^24 (pybounds.rising), its size tested above alone."""
        if self.single and rising:
            return f"(_t if (_t := {code}) <= {WHOLE_EXACT!r} else _r32(_t))"
        if self.single:
            return f"(_t if {within(code, WHOLE_EXACT)} else _r32(_t))"
        return code

    def step(self, code: str) -> str:
        """Code for a loop variable plus its step: rounded in single (never checked: it ends the loop)."""
        return self.result(code) if self.single else code

    def builtin(self, code: str, whole: bool = False, normal: bool = False, positive: bool = False,
                bounded: bool = False) -> str:
        """Code for a numeric built-in's result (Python's own math raises on overflow in double); `whole`: it is
        a whole number (operands.WHOLE_RESULTS), rounded by its size alone in single; `normal`: 0 or a normal
        float32 once rounded, never beyond (operands.NORMAL_RESULTS), rounded by Veltkamp's split with no test;
        `positive` (never below 0) or `bounded` (at most 2 in size: operands.RANGED_RESULTS), tested on the other
        sides only (float32_normal)."""
        if self.single and normal:
            return f"({split24(code)})"
        if self.single and (positive or bounded) and not whole:
            return float32_normal(split24(code), "_x", positive, bounded)
        return self.result(code, proven=whole) if self.single else code

    def power(self, base: str, exponent: str, constants: tuple[float | None, float | None], temp: str) -> str:
        """Code for base ^ exponent, both numbers: Python's ** where a constant operand (`constants`: the base's
        and the exponent's values, None if not constant) keeps it from failing, else ops.power (`_pow`).

        Decision: ops.power is `**` after its checks; a base c > 0, c != 1, with |x| at most 300 / |log10 c|,
        or a whole exponent n from 1 to 64 with |b| at most 10^(300/n), can neither fail nor pass 1e300 (nor
        make a complex number), so the same `**` gives the same number with no call (2^I, X^2).
        """
        base_value, exponent_value = constants
        if base_value is not None and base_value > 0.0 and base_value != 1.0:
            reach = float(math.floor(300.0 / abs(math.log10(base_value))))
            use, first = (exponent, exponent) if exponent.isidentifier() else (temp, f"({temp} := {exponent})")
            code = f"({base} ** {use} if -{reach!r} <= {first} <= {reach!r} else _pow({base}, {use}))"
        elif exponent_value is not None and exponent_value.is_integer() and 1.0 <= exponent_value <= 64.0:
            reach = 10.0 ** math.floor(300.0 / exponent_value)
            use, first = (base, base) if base.isidentifier() else (temp, f"({temp} := {base})")
            code = f"({use} ** {exponent} if -{reach!r} <= {first} <= {reach!r} else _pow({use}, {exponent}))"
        else:
            code = f"_pow({base}, {exponent})"
        return self.builtin(code)

    def held(self, value: float) -> float | None:
        """A numeric constant of the program as this model holds it; None if it overflows the model."""
        if self.single:
            try:
                return round32(value)
            except LseError:
                return None
        return value if math.isfinite(value) else None

    def representable(self, value: float) -> bool:
        """True if a numeric constant of the program is a number of this model (else it overflows when run)."""
        return self.held(value) is not None

    def constant(self, value: float) -> str:
        """Code for a numeric constant of the program."""
        held = self.held(value)
        return "_overflow()" if held is None else repr(float(held))

    def decimal_code(self, text: str) -> str:
        """Code for the double a number's text (code giving a str) spells in this model, rounded after (decimal)."""
        return f"_d32({text})" if self.single else f"_float({text})"

    def value(self, x: float) -> float:
        """A number typed or read from disk, in this model."""
        return round32(x) if self.single else checked(x)

    @staticmethod
    def namespace() -> dict:
        """The names that result(), builtin(), constant() and decimal_code() use."""
        return {"_r32": round32, "_overflow": overflow, "_ck": checked, "_d32": single_decimal}
