"""The LSE built-ins and the BUILTINS table; imports errors/values/formats/numbers, never pygame or the runtime.

Conventions: a number is a Python float (results are always float), a string is str.
Positions are 1-based; a position returned for "the end" is LGR+1, and no returned
position is ever larger than LGR+1 (POS returns 0 for "not found").

The optional output variable VA: SCH, GRL and CNB always return a tuple
(value, position) where position is the first position after what was read; the
compiler assigns it to VA when one is given. A call carries VA exactly when it has one
argument more than the function's max_args (SCH: 4th argument, GRL: 3rd, CNB: 3rd)
and that last argument is a plain variable name (not an expression, not an array
element); the compiler strips it before checking min_args/max_args, which therefore
never count VA.

Decisions (for docs/LANGUAGE.md):

- A start position d (POS, SCH, GRL, SKP, PTR, CNB) and EQN's p must be integers >= 1,
  a SCH length must be an integer >= 0; otherwise ARGUMENT INVALIDE. A start beyond
  the end is allowed: POS gives 0, SCH/GRL give '' and LGR+1, SKP/PTR give LGR+1.
- POS with an empty target finds it at d when d <= LGR+1, else 0.
- SCH with a stop-set returns the text from d up to (excluding) the first char in the
  set; its position is that char's position (LGR+1 when no stop char is found).
- A "letter" (GRL, SKP, PTR) is any Unicode letter (str.isalpha): accented and Cyrillic
  letters count. GRL skips non-letters from d, then takes the run of letters.
- CNB skips spaces, then reads [sign] digits [. digits] [E [sign] digits]: the text LIRE
  reads and a program writes (numbers.NUMBER_TEXT), so a point not followed by a digit
  ends the number before it ('7.' is 7, position 2) and '.5' is no number (0); an 'E' not
  followed by digits is not part of the number. With no number it returns 0 and the
  position d (nothing read). In single precision the number is
  read as a constant and LIRE read it (numbers.single_decimal: the float32 nearest the
  text, not through a double).
- EQN(s[,p]): p must be a position of an existing char (EQN('') is ARGUMENT INVALIDE).
  EQC(n) accepts any Unicode code point 0..1114111 except the surrogates
  0xD800..0xDFFF (which cannot be stored or shown).
- ETL, OUL, OUX truncate their operands toward zero, then work on unbounded two's
  complement integers (ETL(-1,5)=5, OUL(-8,3)=-5); ETL(10.75,3.25) = 2, not the
  Mitra's 2.25. A non-finite operand is ARGUMENT INVALIDE.
- ALE(0) draws the next number of the machine's generator (splitmix64, reproducible
  from the seed: environment.py, with the clock of TEM and DAT). Any other finite x
  gives a pure function of x (so A<-ALE(A) chains are reproducible), also strictly
  inside ]0,1[. Non-finite x: ARGUMENT INVALIDE.
- TEM() is whole seconds since midnight; DAT() is 'DD/MM/YY HH:MM:SS'.
- A non-finite result (EXP(1000), CNB('1E999',1), ...) is DEPASSEMENT DE CAPACITE.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import cache

from machine.errors import Err, LseError
from machine.lse.formats import cca as _cca
from machine.lse.numbers import NUMBER_TEXT, single_decimal
from machine.lse.values import check_number, check_string
from machine.record import record

# ---------------------------------------------------------------- argument helpers


def _real(x: object, name: str) -> float:
    """Return a finite number argument, or fail in LSE terms."""
    x = check_number(x, name)
    if not math.isfinite(x):
        raise LseError(Err.OVERFLOW)
    return x


def _result(x: float) -> float:
    """Return a finite result, or fail with DEPASSEMENT DE CAPACITE."""
    if not math.isfinite(x):
        raise LseError(Err.OVERFLOW)
    return x


def _integer(x: object, name: str, low: int) -> int:
    """Return an integer argument >= low, or fail with ARGUMENT INVALIDE."""
    if type(x) is float and x >= low and x.is_integer():  # the common case (NaN and infinities fail it)
        return int(x)
    x = check_number(x, name)
    if not (math.isfinite(x) and x.is_integer() and x >= low):
        raise LseError(Err.BAD_ARGUMENT, name)
    return int(x)


def _start(s: str, d: object, name: str) -> int:
    """Return the 0-based index of start position d, clamped to len(s)."""
    return min(_integer(d, name, 1), len(s) + 1) - 1


# ---------------------------------------------------------------- numeric functions


def abs_(x: float) -> float:
    """ABS: absolute value."""
    return math.fabs(check_number(x, "ABS"))


def ent(x: float) -> float:
    """ENT: integer part by floor (ENT(-3.3) = -4)."""
    return float(math.floor(_real(x, "ENT")))


def rac(x: float) -> float:
    """RAC: square root; negative argument is ARGUMENT INVALIDE."""
    x = _real(x, "RAC")
    if x < 0:
        raise LseError(Err.BAD_ARGUMENT, "RAC")
    return math.sqrt(x)


def exp(x: float) -> float:
    """EXP: e to the power x; too large is DEPASSEMENT DE CAPACITE."""
    x = _real(x, "EXP")
    try:
        return _result(math.exp(x))
    except OverflowError:
        raise LseError(Err.OVERFLOW) from None


def lgn(x: float) -> float:
    """LGN: natural logarithm; argument <= 0 is ARGUMENT INVALIDE."""
    x = _real(x, "LGN")
    if x <= 0:
        raise LseError(Err.BAD_ARGUMENT, "LGN")
    return math.log(x)


def sin(x: float) -> float:
    """SIN: sine of an angle in radians."""
    return math.sin(_real(x, "SIN"))


def cos(x: float) -> float:
    """COS: cosine of an angle in radians."""
    return math.cos(_real(x, "COS"))


def atg(x: float) -> float:
    """ATG: arctangent, in radians."""
    return math.atan(_real(x, "ATG"))


def _bits(x: object, name: str) -> int:
    x = check_number(x, name)
    if not math.isfinite(x):
        raise LseError(Err.BAD_ARGUMENT, name)
    return int(x)  # truncation toward zero


def _float_of_int(n: int) -> float:
    try:
        return float(n)
    except OverflowError:
        raise LseError(Err.OVERFLOW) from None


def etl(a: float, b: float) -> float:
    """ETL: bitwise and of the truncated operands."""
    return _float_of_int(_bits(a, "ETL") & _bits(b, "ETL"))


def oul(a: float, b: float) -> float:
    """OUL: bitwise or of the truncated operands."""
    return _float_of_int(_bits(a, "OUL") | _bits(b, "OUL"))


def oux(a: float, b: float) -> float:
    """OUX: bitwise exclusive or of the truncated operands."""
    return _float_of_int(_bits(a, "OUX") ^ _bits(b, "OUX"))


# ---------------------------------------------------------------- string functions


def lgr(s: str) -> float:
    """LGR: length of a string."""
    if type(s) is str:
        return float(len(s))
    return float(len(check_string(s, "LGR")))


def pos(s: str, d: float, t: str) -> float:
    """POS: position of the first t in s at or after d, 0 if none."""
    s = check_string(s, "POS")
    start = _integer(d, "POS", 1) - 1
    t = check_string(t, "POS")
    if start > len(s):
        return 0.0
    return float(s.find(t, start) + 1)


def sch(s: str, d: float, n_or_stops: float | str) -> tuple[str, float]:
    """SCH: substring from d of length n, or up to a char of a stop-set; and the next position."""
    s = check_string(s, "SCH")
    begin = _start(s, d, "SCH")
    if type(n_or_stops) is str:
        end = _stop(s, begin, n_or_stops)
    else:
        end = min(begin + _integer(n_or_stops, "SCH", 0), len(s))
    return s[begin:end], float(end + 1)


def substring(s: object, d: object, n_or_stops: object) -> str:
    """SCH's substring alone (no position): what compiled code calls, paying len(result) chars itself."""
    if type(s) is str and type(d) is float and d >= 1.0 and d.is_integer() and type(n_or_stops) is float and (
            n_or_stops >= 0.0 and n_or_stops.is_integer()):
        begin = min(int(d) - 1, len(s))
        return s[begin:begin + int(n_or_stops)]
    return sch(s, d, n_or_stops)[0]


def _stop(s: str, begin: int, stops: str) -> int:
    """The index of the first char of s at or after begin that is in stops, len(s) if none."""
    if len(stops) <= 4:  # a few searches in C beat a loop in Python over each char
        end = len(s)
        for stop in stops:
            found = s.find(stop, begin, end)
            if found >= 0:
                end = found
        return end
    end = begin
    while end < len(s) and s[end] not in stops:
        end += 1
    return end


def grl(s: str, d: float) -> tuple[str, float]:
    """GRL: the first run of letters at or after d, and the position after it."""
    s = check_string(s, "GRL")
    i = _start(s, d, "GRL")
    while i < len(s) and not s[i].isalpha():
        i += 1
    j = i
    while j < len(s) and s[j].isalpha():
        j += 1
    return s[i:j], float(j + 1)


def _scan_while(s: str, i: int, keep: Callable[[str], bool]) -> float:
    while i < len(s) and keep(s[i]):
        i += 1
    return float(i + 1)


def skp(s: str, d: float, chars: str | None = None) -> float:
    """SKP: position of the first letter at or after d (or first char not in chars); LGR+1 if none."""
    s = check_string(s, "SKP")
    i = _start(s, d, "SKP")
    if chars is None:
        return _scan_while(s, i, lambda c: not c.isalpha())
    chars = check_string(chars, "SKP")
    return _scan_while(s, i, lambda c: c in chars)


def ptr(s: str, d: float, chars: str | None = None) -> float:
    """PTR: position of the first non-letter at or after d (or first char in chars); LGR+1 if none."""
    s = check_string(s, "PTR")
    i = _start(s, d, "PTR")
    if chars is None:
        return _scan_while(s, i, str.isalpha)
    chars = check_string(chars, "PTR")
    return _scan_while(s, i, lambda c: c not in chars)


def cca(x: float) -> str:
    """CCA: a number as a string, in format U without the trailing space."""
    return _cca(_real(x, "CCA"))


@cache
def spaced_number() -> re.Pattern:  # compiled by its first use, not at start-up
    """The spaces CNB skips and the number after them (its group 1), in one search."""
    return re.compile(f" *([+-]?{NUMBER_TEXT})")  # (a sign, then the text LIRE reads: inputs.number)


def cnb(s: str, d: float, *, decimal: Callable[[str], float] = float) -> tuple[float, float]:
    """CNB: the number written at d (after spaces), 0 if none; and the first unused position. `decimal`: the
    number model's reading of its text (NumberModel.decimal), which the result is rounded after."""
    s = check_string(s, "CNB")
    begin = _start(s, d, "CNB")
    m = spaced_number().match(s, begin)
    if m is None:
        return 0.0, float(begin + 1)
    return _result(decimal(m.group(1))), float(m.end() + 1)


def single_cnb(s: str, d: float) -> tuple[float, float]:
    """CNB in single precision: the number's text read by single_decimal (rounded after, as any result)."""
    return cnb(s, d, decimal=single_decimal)


def eqn(s: str, p: float = 1.0) -> float:
    """EQN: the Unicode code of the char at position p (default 1)."""
    s = check_string(s, "EQN")
    i = _integer(p, "EQN", 1)
    if i > len(s):
        raise LseError(Err.BAD_ARGUMENT, "EQN")
    return float(ord(s[i - 1]))


def eqc(n: float) -> str:
    """EQC: the one-char string of Unicode code n (0..1114111, no surrogates)."""
    code = _integer(n, "EQC", 0)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        raise LseError(Err.BAD_ARGUMENT, "EQC")
    return chr(code)


# ---------------------------------------------------------------- the table


@record(frozen=True)
class Builtin:
    """One built-in: its callable, arity, argument and result kinds, and cost model."""

    name: str
    fn: Callable | None
    min_args: int
    max_args: int
    returns_position: bool
    arg_kinds: str
    result_kind: str
    cost: str
    scan: Callable[[tuple, object], int] | None = None
    measured: Callable[..., tuple[object, int]] | None = None  # fn and scan in one call: (result, chars)
    paid: Callable[[object, int], Callable] | None = None  # (meter, per_char): fn adding its scan to the meter cell


def _scan_pos(args: tuple, result: object) -> int:
    s, d, t = args
    start = int(d)
    if result:
        return int(result) - start + len(t)
    return max(0, len(s) - start + 1)


def _scan_to_position(args: tuple, result: object) -> int:
    """Chars between the start d and the returned position (a VA tuple or a number)."""
    end = result[1] if isinstance(result, tuple) else result
    return max(0, int(end) - int(args[1]))


def _scan_copied(args: tuple, result: object) -> int:
    return len(result[0] if isinstance(result, tuple) else result)


# Decision: the string functions a loop calls most (POS, SCH, CCA) also come as a function
# that charges its scan itself, the common arguments checked inline: `paid(meter, per_char)`
# makes one that adds per_char * chars to meter.cell_contents (the program's cycle counter, a
# closure cell, whose attribute is read and set in C), one Python call per use where a wrapper
# around fn and scan made three. Anything else goes through fn and scan, so errors and
# counts are the same (tests/test_builtin_fast_paths.py compares them); an error charges nothing.


class _Tally:
    """A meter that only counts: what `measured` reads the chars from."""

    __slots__ = ("cell_contents",)

    def __init__(self) -> None:
        self.cell_contents = 0


def _paid_pos(meter: object, per_char: int) -> Callable[[object, object, object], float]:
    def paid_pos(s: object, d: object, t: object) -> float:
        if type(s) is str and type(t) is str and type(d) is float and d >= 1.0 and d.is_integer():
            start = int(d)
            found = s.find(t, start - 1) + 1  # 0 also for a start past LGR+1, as pos gives
            if found:
                meter.cell_contents += per_char * (found - start + len(t))
                return float(found)
            meter.cell_contents += per_char * max(0, len(s) - start + 1)
            return 0.0
        result = pos(s, d, t)
        meter.cell_contents += per_char * _scan_pos((s, d, t), result)
        return result
    return paid_pos


def _paid_sch(meter: object, per_char: int) -> Callable[[object, object, object], tuple[str, float]]:
    def paid_sch(s: object, d: object, n_or_stops: object) -> tuple[str, float]:
        if type(s) is str and type(d) is float and d >= 1.0 and d.is_integer():
            begin = int(d) - 1
            if begin > len(s):
                begin = len(s)
            if type(n_or_stops) is str:
                if len(n_or_stops) == 1:
                    end = s.find(n_or_stops, begin)
                    if end < 0:
                        end = len(s)
                else:
                    end = _stop(s, begin, n_or_stops)
                meter.cell_contents += per_char * (end - begin)
                return s[begin:end], float(end + 1)
            if type(n_or_stops) is float and n_or_stops >= 0.0 and n_or_stops.is_integer():
                end = min(begin + int(n_or_stops), len(s))
                meter.cell_contents += per_char * (end - begin)
                return s[begin:end], float(end + 1)
        result = sch(s, d, n_or_stops)
        meter.cell_contents += per_char * len(result[0])
        return result
    return paid_sch


def _paid_cca(meter: object, per_char: int) -> Callable[[object], str]:
    def paid_cca(x: object) -> str:
        text = _cca(x) if type(x) is float and -math.inf < x < math.inf else cca(x)
        meter.cell_contents += per_char * len(text)
        return text
    return paid_cca


def _paid_skip(letters: bool) -> Callable[[object, int], Callable[..., float]]:
    """SKP (`letters`: False) or PTR (True) charging their scan: from d, past what is not (SKP) or is (PTR)
    a letter, or what is in (SKP) or not in (PTR) the set; the scan is from d to the position given.

    Decision: a loop over the characters, as skp and ptr do but with no call per character; a search in C
    (re, str.lstrip) costs 200-500 ns more where the run is a few characters long, as most are (measured
    again with scans by pattern: the bench's text scan ran 25 % slower). A start is whole where
    int(d) - 1 == d - 1.0 (exact below 1e15), which costs less than d.is_integer() and min(). (Two
    closures, SKP's and PTR's, saved 6-30 ns a call: not worth a second copy of the loops.)
    """
    fn = ptr if letters else skp

    def paid(meter: object, per_char: int) -> Callable[..., float]:
        def paid_skip(s: object, d: object, chars: object = None) -> float:
            if type(s) is str and type(d) is float and 1.0 <= d < 1e15 and (end := int(d) - 1) == d - 1.0 and (
                    chars is None or type(chars) is str):
                begin, size = end, len(s)
                if end >= size:
                    return float(size + 1)
                if chars is None:
                    while end < size and s[end].isalpha() is letters:
                        end += 1
                else:
                    while end < size and (s[end] in chars) is not letters:
                        end += 1
                if end != begin:
                    meter.cell_contents += per_char * (end - begin)
                return float(end + 1)
            result = fn(s, d) if chars is None else fn(s, d, chars)
            meter.cell_contents += per_char * _scan_to_position((s, d), result)
            return result
        return paid_skip
    return paid


def _paid_grl(meter: object, per_char: int) -> Callable[[object, object], tuple[str, float]]:
    """GRL charging its scan: from d past what is no letter, then past the letters it gives."""
    def paid_grl(s: object, d: object) -> tuple[str, float]:
        if type(s) is str and type(d) is float and 1.0 <= d < 1e15 and (first := int(d) - 1) == d - 1.0:
            begin, size = first, len(s)
            if first >= size:
                return "", float(size + 1)
            while first < size and not s[first].isalpha():
                first += 1
            end = first
            while end < size and s[end].isalpha():
                end += 1
            meter.cell_contents += per_char * (end - begin)
            return s[first:end], float(end + 1)
        result = grl(s, d)
        meter.cell_contents += per_char * _scan_to_position((s, d), result)
        return result
    return paid_grl


def _paid_cnb(meter: object, per_char: int, decimal: Callable[[str], float] = float,
              general: Callable[[object, object], tuple[float, float]] = cnb) -> Callable[[object, object], tuple]:
    """CNB charging its scan, from d to the position it gives: past the spaces, then past the number; `decimal`
    reads the number's text, as `general` (cnb, or single_cnb) does.

    Decision: the common arguments (a string, a whole start from 1) checked inline, as `cnb` checks each
    through a call; a number past the double range is `cnb`'s, which fails before anything is charged.
    """
    def paid_cnb(s: object, d: object) -> tuple[float, float]:
        if type(s) is str and type(d) is float and 1.0 <= d < 1e15 and (start := int(d)) == d:
            begin = start - 1 if start <= len(s) else len(s)
            found = spaced_number().match(s, begin)
            value, end = (0.0, begin + 1) if found is None else (decimal(found.group(1)), found.end() + 1)
            if value - value == 0.0:  # finite
                if end > start:
                    meter.cell_contents += per_char * (end - start)
                return value, float(end)
        result = general(s, d)
        meter.cell_contents += per_char * _scan_to_position((s, d), result)
        return result
    return paid_cnb


def _paid_single_cnb(meter: object, per_char: int) -> Callable[[object, object], tuple[float, float]]:
    """CNB charging its scan, in single precision (single_cnb)."""
    return _paid_cnb(meter, per_char, single_decimal, single_cnb)


def _measured(paid: Callable[[object, int], Callable]) -> Callable[..., tuple[object, int]]:
    """The function and its scan in one call, (result, chars), from its paying form."""
    tally = _Tally()
    counting = paid(tally, 1)

    def measured(*args: object) -> tuple[object, int]:
        tally.cell_contents = 0
        result = counting(*args)
        return result, tally.cell_contents
    return measured


def _entry(name: str, fn: Callable | None, kinds: str, result: str, min_args: int | None = None,
           position: bool = False, scan: Callable[[tuple, object], int] | None = None,
           paid: Callable[[object, int], Callable] | None = None) -> Builtin:
    low = len(kinds) if min_args is None else min_args
    measured = _measured(paid) if paid is not None else None
    return Builtin(name, fn, low, len(kinds), position, kinds, result, name, scan, measured, paid)


BUILTINS: dict[str, Builtin] = {b.name: b for b in (
    _entry("ABS", abs_, "n", "n"),
    _entry("ENT", ent, "n", "n"),
    _entry("RAC", rac, "n", "n"),
    _entry("EXP", exp, "n", "n"),
    _entry("LGN", lgn, "n", "n"),
    _entry("SIN", sin, "n", "n"),
    _entry("COS", cos, "n", "n"),
    _entry("ATG", atg, "n", "n"),
    _entry("ALE", None, "n", "n"),
    _entry("TEM", None, "", "n"),
    _entry("DAT", None, "", "s"),
    _entry("LGR", lgr, "s", "n"),
    _entry("POS", pos, "sns", "n", scan=_scan_pos, paid=_paid_pos),
    _entry("SCH", sch, "sn?", "s", position=True, scan=_scan_copied, paid=_paid_sch),
    _entry("GRL", grl, "sn", "s", position=True, scan=_scan_to_position, paid=_paid_grl),
    _entry("SKP", skp, "sns", "n", min_args=2, scan=_scan_to_position, paid=_paid_skip(letters=False)),
    _entry("PTR", ptr, "sns", "n", min_args=2, scan=_scan_to_position, paid=_paid_skip(letters=True)),
    _entry("CCA", cca, "n", "s", scan=_scan_copied, paid=_paid_cca),
    _entry("CNB", cnb, "sn", "n", position=True, scan=_scan_to_position, paid=_paid_cnb),
    _entry("EQN", eqn, "sn", "n", min_args=1),
    _entry("EQC", eqc, "n", "s"),
    _entry("ETL", etl, "nn", "n"),
    _entry("OUL", oul, "nn", "n"),
    _entry("OUX", oux, "nn", "n"),
)}
# Single precision (console80): the same table but for CNB, which reads its number's text as a constant is read.
SINGLE_BUILTINS: dict[str, Builtin] = {**BUILTINS, "CNB": _entry(
    "CNB", single_cnb, "sn", "n", position=True, scan=_scan_to_position, paid=_paid_single_cnb)}


def builtins_of(single: bool) -> dict[str, Builtin]:
    """The built-ins of a number model: SINGLE_BUILTINS in single precision, else BUILTINS."""
    return SINGLE_BUILTINS if single else BUILTINS
