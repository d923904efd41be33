"""Format U, CCA, format parsing and AFFICHER rendering; imports errors/values only, never pygame or the runtime.

Decisions (for docs/LANGUAGE.md):

- Rounding is to nearest, ties away from zero, applied to the exact binary value
  (so F1.0 of 2.5 is '3', but 2.675 is really 2.67499... and gives '2.67').
- Format U rounds FIRST to 8 significant digits, THEN classifies: an integer with
  |x| < 1e6 prints without decimals, 1e-3 <= |x| < 1e6 prints in plain decimal with
  trailing zeros removed, anything else in exponent form 'd.dddE+nn' (at least one
  decimal, signed exponent of at least 2 digits). 999999.999 rounds to 1000000 and so
  prints '1.0E+06 '. Negative zero prints '0 '. Infinity/NaN (never produced by a
  correct machine) print 'INFINI'/'-INFINI'/'INDEFINI'.
- Fe.d: e character positions before the decimal point (the sign takes one of them),
  d decimals; the field is e+d+1 wide, or e wide when d = 0 (no decimal point).
  Ee.d: the same e positions for the sign and the single mantissa digit, d decimals,
  then 'E', sign and at least 2 exponent digits: the field is e+d+5 wide, or e+4 when
  d = 0. A value that does not fit fills its field with '*'. Both are right-aligned.
- A repeat count is 0..MAX_COUNT; a field is at most MAX_WIDTH wide; a text repeated is at
  most MAX_COUNT characters, as the longest run of X (32767'ABC' would be 98 301 characters,
  and one line of such texts a thousand million, built in the host's memory at once).
- '*' as a count takes the next value, which must be an integer number in
  0..MAX_COUNT, that does not repeat a text past MAX_COUNT characters (else ARGUMENT
  INVALIDE POUR *; a string gives TYPES INCOMPATIBLES *).
- Values are consumed left to right; when a spec needs a value (U, F, E or a '*'
  count) and none is left, rendering stops there. The format is not recycled: values
  left over when it is used up are printed in U.
- An array value starts a new line (CR+LF) unless the text produced so far by this
  AFFICHER already ends with CR+LF; a vector then prints on one line, a matrix one row
  per line (CR+LF between rows, none after the last). Its elements are consumed by the
  specs like scalars. The value following an array continues on the array's last line.
- An empty format '[]' is valid: every value is printed in U, with no leading new line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from machine.errors import Err, LseError
from machine.lse.values import Array, rows
from machine.record import record

if TYPE_CHECKING:
    from decimal import Context
    from types import CodeType

MAX_COUNT = 32767
MAX_WIDTH = 255
NEWLINE = "\r\n"

_U_DIGITS = 8
# Decision: decimal is imported by the first number that needs it (most runs print integers), not at
# start-up; _load_decimal() sets these.
_Decimal = _Context = _ROUND_HALF_UP = _U_CONTEXT = _FIXED_CONTEXT = None
_LITERALS = {"/": NEWLINE, "L": "\n", "C": "\r", "X": " "}
_VALUE_KINDS = frozenset("UFE")
_STAR_KINDS = frozenset(("text", "/", "L", "C", "X"))


@record(frozen=True)
class FormatSpec:
    """One spec of an AFFICHER format: kind, repeat count, and its width/decimals or text."""

    kind: str
    count: int | None | str = None
    width: int = 0
    decimals: int = 0
    text: str = ""


# ---------------------------------------------------------------- numbers


def _number(x: object, what: str) -> float:
    if type(x) is float:
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return float(x)
    raise LseError(Err.TYPE_MISMATCH, what)


def _load_decimal() -> None:
    """Import decimal and make the contexts of U and F (once, by the first number that needs them)."""
    global _Decimal, _Context, _ROUND_HALF_UP, _U_CONTEXT, _FIXED_CONTEXT
    from decimal import ROUND_HALF_UP, Context, Decimal
    _Context, _ROUND_HALF_UP = Context, ROUND_HALF_UP
    _U_CONTEXT = Context(prec=_U_DIGITS, rounding=ROUND_HALF_UP)
    _FIXED_CONTEXT = Context(prec=2 * MAX_WIDTH + 10, rounding=ROUND_HALF_UP)
    _Decimal = Decimal


def _round_significant(x: float, context: Context) -> tuple[str, str, int]:
    """Round x (finite, non-zero) in a context: return sign, digits without trailing zeros, exponent."""
    sign, digits, exponent = context.plus(_Decimal(x)).as_tuple()
    text = "".join(map(str, digits))
    lead = exponent + len(text) - 1
    return ("-" if sign else ""), (text.rstrip("0") or "0"), lead


def _non_finite(x: float) -> str:
    if math.isnan(x):
        return "INDEFINI"
    return "INFINI" if x > 0 else "-INFINI"


def line_shown(value: float) -> str:
    """A computed jump's value that names no line, as its message shows it: as CCA shows it, but with every
    digit where CCA's eight would show a fraction as a whole number (30+1E-9 is no line 30)."""
    shown = cca(value)
    if value.is_integer() or not math.isfinite(value) or not float(shown).is_integer():
        return shown
    return repr(value).upper()


def cca(x: float) -> str:
    """Return the U format of a number without its trailing space (the CCA function)."""
    if type(x) is not float:
        x = _number(x, "CCA")
    if -1e6 < x < 1e6 and x.is_integer():  # the common case, exact already (NaN and infinities fail)
        return str(int(x))
    if not math.isfinite(x):
        return _non_finite(x)
    sign, digits, lead = _u_digits(x)
    if -3 <= lead < 6:
        if len(digits) - 1 <= lead:
            return sign + digits + "0" * (lead - len(digits) + 1)
        if lead >= 0:
            return sign + digits[:lead + 1] + "." + digits[lead + 1:]
        return sign + "0." + "0" * (-lead - 1) + digits
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{'-' if lead < 0 else '+'}{abs(lead):02d}"


def count_text(count: int) -> str:
    """A whole count (an array's elements) as the Micro prints a number, past a double's range too."""
    if count < 1e300:
        return cca(float(count))
    digits = str(count)
    return f"{digits[0]}.{digits[1:8].rstrip('0') or '0'}E+{len(digits) - 1}"


def _u_digits(x: float) -> tuple[str, str, int]:
    """x (finite, not 0) rounded half up to _U_DIGITS significant digits: sign, digits without trailing zeros,
    exponent; from its 17 digits correctly rounded, decimal only where they sit on the half.

    Decision: the 17 digits are within half a unit of the 17th of the exact value, so the 9 after the eighth say
    which side of the half it lies, unless they are 500000000 exactly (then decimal, from the exact value, but for a
    whole number below 10^17, whose 17 digits are its own: on the half, up): a number printed with a fraction, or
    whole from a million, went through decimal (~2 us), ~0.6 us so.
    """
    text = f"{x:.16e}"
    negative = text[0] == "-"
    mantissa, _, power = text[1 if negative else 0:].partition("e")
    digits = mantissa[0] + mantissa[2:]  # 17 digits
    tail = digits[_U_DIGITS:]
    if tail == "500000000" and not (-1e17 < x < 1e17 and x.is_integer()):  # on the half, as far as they tell
        if _Decimal is None:
            _load_decimal()
        return _round_significant(x, _U_CONTEXT)
    lead = int(power)
    kept = int(digits[:_U_DIGITS]) + (tail[0] >= "5")
    if kept == 10 ** _U_DIGITS:
        kept, lead = 10 ** (_U_DIGITS - 1), lead + 1
    return ("-" if negative else ""), (str(kept).rstrip("0") or "0"), lead


def format_u(x: float) -> str:
    """Return the U format of a number, including its trailing space."""
    return cca(x) + " "


def format_value_u(v: object) -> str:
    """Return a value in U: a string as-is, a number with format_u, an array row by row."""
    if type(v) is str:
        return v
    if type(v) is Array:
        return NEWLINE.join("".join(format_u(e) for e in row) for row in rows(v))
    return format_u(_number(v, "AFFICHER"))


def _check_field(kind: str, width: int, decimals: int) -> None:
    if not (type(width) is int and type(decimals) is int
            and 0 <= width <= MAX_WIDTH and 0 <= decimals <= MAX_WIDTH):
        raise LseError(Err.BAD_FORMAT, f"{kind}{width}.{decimals}")


def format_fixed(x: float, width: int, decimals: int) -> str:
    """Return x in Fe.d: rounded to d decimals, right-aligned, '*' when it does not fit."""
    _check_field("F", width, decimals)
    return _fixed_field(width, decimals)(x)


def format_scientific(x: float, width: int, decimals: int) -> str:
    """Return x in Ee.d: one mantissa digit, d decimals, 'E+nn', right-aligned, '*' if too long."""
    _check_field("E", width, decimals)
    return _scientific_field(width, decimals)(x)


def _least_double_from(n: int) -> float:
    """The least double at or above the whole number n: the doubles below it are below n (10.0 ** 24 is not 10^24)."""
    nearest = float(n)
    return nearest if nearest >= n else math.nextafter(nearest, math.inf)


@lru_cache(maxsize=256)
def _fixed_field(width: int, decimals: int) -> Callable[[object], str]:
    """The Fe.d renderer of a checked field, its constants worked out once (a format serves many lines)."""
    field = width + decimals + 1 if decimals else width
    stars = "*" * field
    limit = _least_double_from(10 ** width)
    scale = 10.0 ** decimals
    aligned = f"%{field}.{decimals}f"  # Python's rounding, right-aligned in the field
    zero = f"%.{decimals}f" % 0.0
    zero = zero.rjust(field) if len(zero) <= field else stars  # what a negative number rounded to 0 shows
    # x * 10^d shows a tie (a fraction of exactly .5) only where 10^d is a double exactly and the product is
    # below 2^52, where n + .5 is one too: beyond, a tie may show as no fraction at all (F16.1 of 1E15+0.25).
    ties_shown = 2.0 ** 52 if decimals <= 22 else 0.0

    def fixed(x: object) -> str:
        if type(x) is not float:
            x = _number(x, "F")
        if not -limit < x < limit:  # also catches infinities and NaN
            return stars
        # Python's % gives a negative product 1 - its fraction: as far from the tie as the fraction.
        if x.is_integer() or (-ties_shown < (product := x * scale) < ties_shown and abs(product % 1.0 - 0.5) > 1e-6):
            # Decision: far from a tie, Python's own rounding of the exact binary value is the
            # same as rounding half away from zero, and much faster than Decimal.
            text = aligned % x
            if "-" in text and not text.strip(" -0."):
                return zero
            return text if len(text) == field else stars
        if _Decimal is None:
            _load_decimal()
        q = _Decimal(x).quantize(_Decimal(1).scaleb(-decimals), context=_FIXED_CONTEXT)
        text = format(q, "f")
        if text.startswith("-") and q.is_zero():
            text = text[1:]
        return text.rjust(field) if len(text) <= field else stars
    return fixed


@lru_cache(maxsize=256)
def _scientific_field(width: int, decimals: int) -> Callable[[object], str]:
    """The Ee.d renderer of a checked field, its constants worked out once."""
    field = width + decimals + 5 if decimals else width + 4
    stars = "*" * field
    contexts: list[Context] = []  # the rounding context, made by the first number that needs it

    def scientific(x: object) -> str:
        if type(x) is not float:
            x = _number(x, "E")
        if not math.isfinite(x):
            return stars
        if x == 0:
            sign, digits, lead = "", "0", 0
        else:
            if not contexts:
                if _Decimal is None:
                    _load_decimal()
                contexts.append(_Context(prec=decimals + 1, rounding=_ROUND_HALF_UP))
            sign, digits, lead = _round_significant(x, contexts[0])
        digits = digits.ljust(decimals + 1, "0")
        mantissa = digits[0] + ("." + digits[1:] if decimals else "")
        text = f"{sign}{mantissa}E{'-' if lead < 0 else '+'}{abs(lead):02d}"
        return text.rjust(field) if len(text) <= field else stars
    return scientific


# ---------------------------------------------------------------- parsing formats

@cache
def _spec() -> re.Pattern:  # compiled by its first use, not at start-up
    return re.compile(
        r"(?P<count>[0-9]+|\*)?"
        r"(?:'(?P<text>(?:[^']|'')*)'"
        r"|(?P<simple>[/LCXU])"
        r"|(?P<fe>[FE])(?P<width>[0-9]+)\.(?P<decimals>[0-9]+))",
        re.IGNORECASE,
    )


def _split_specs(raw: str) -> list[str]:
    """Split the raw format at the commas that are outside quotes."""
    pieces: list[str] = []
    start = 0
    quoted = False
    for i, ch in enumerate(raw):
        if ch == "'":
            quoted = not quoted
        elif ch == "," and not quoted:
            pieces.append(raw[start:i])
            start = i + 1
    if quoted:
        raise LseError(Err.BAD_FORMAT, raw[start:].strip())
    pieces.append(raw[start:])
    return pieces


def _field_width(kind: str, width: int, decimals: int) -> int:
    """How many characters an Fe.d or Ee.d field prints (its point and decimals, E's exponent)."""
    point = decimals + 1 if decimals else 0
    return width + point + (4 if kind == "E" else 0)


def _parse_spec(text: str) -> FormatSpec:
    """Parse one spec such as 3X, 'TEXT', *'-', F6.2 or E10.3."""
    m = _spec().fullmatch(text)
    if m is None:
        raise LseError(Err.BAD_FORMAT, text or ",")
    raw_count = m.group("count")
    count: int | str | None = None
    if raw_count == "*":
        count = "*"
    elif raw_count is not None:
        count = int(raw_count)
        if count > MAX_COUNT:
            raise LseError(Err.BAD_FORMAT, text)
    if m.group("text") is not None:
        spec = FormatSpec("text", count, text=m.group("text").replace("''", "'"))
        if type(count) is int and count * len(spec.text) > MAX_COUNT:
            raise LseError(Err.BAD_FORMAT, text)
    elif m.group("simple") is not None:
        spec = FormatSpec(m.group("simple").upper(), count)
    else:
        kind, width, decimals = m.group("fe").upper(), int(m.group("width")), int(m.group("decimals"))
        if _field_width(kind, width, decimals) > MAX_WIDTH:
            raise LseError(Err.BAD_FORMAT, text)
        spec = FormatSpec(kind, count, width, decimals)
    if count == "*" and spec.kind not in _STAR_KINDS:
        raise LseError(Err.BAD_FORMAT, text)
    return spec


def parse_format(raw: str) -> tuple[FormatSpec, ...]:
    """Parse the text between the brackets of AFFICHER[...] into FormatSpecs."""
    if not raw.strip():
        return ()
    return tuple(_parse_spec(piece.strip()) for piece in _split_specs(raw))


# ---------------------------------------------------------------- rendering


class _Stream:
    """The values of one AFFICHER flattened to scalars, with the line breaks arrays need."""

    def __init__(self, values: Iterable[object]) -> None:
        # Each item is (break, value): break is None, "array" (new line unless at the
        # start of one) or "row" (always a new line, between the rows of a matrix).
        self.items: list[tuple[str | None, object]] = []
        for v in values:
            if type(v) is Array:
                for r, row in enumerate(rows(v)):
                    for c, element in enumerate(row):
                        mark = None if c else ("array" if r == 0 else "row")
                        self.items.append((mark, element))
            else:
                self.items.append((None, v))
        self.index = 0

    def more(self) -> bool:
        """Tell whether a value is left."""
        return self.index < len(self.items)

    def pull(self, out: list[str]) -> object:
        """Return the next value, first appending to out the line break it needs."""
        mark, value = self.items[self.index]
        self.index += 1
        if mark == "row" or (mark == "array" and not _at_line_start(out)):
            out.append(NEWLINE)
        return value


def _at_line_start(out: list[str]) -> bool:
    for piece in reversed(out):
        if piece:
            return piece.endswith(NEWLINE)
    return False


def _star_count(value: object) -> int:
    if type(value) is not float:
        raise LseError(Err.TYPE_MISMATCH, "*")
    if not (math.isfinite(value) and value.is_integer() and 0 <= value <= MAX_COUNT):
        raise LseError(Err.BAD_ARGUMENT, "*")
    return int(value)


def _repeated(text: str, count: int) -> str:
    """A text of a format `count` times (a '*' count), refused past MAX_COUNT characters."""
    if count * len(text) > MAX_COUNT:
        raise LseError(Err.BAD_ARGUMENT, "*")
    return text * count


def _render_value(spec: FormatSpec, value: object) -> str:
    if spec.kind == "U":
        return format_value_u(value)
    x = _number(value, spec.kind)
    if spec.kind == "F":
        return format_fixed(x, spec.width, spec.decimals)
    return format_scientific(x, spec.width, spec.decimals)


def _render(specs: tuple[FormatSpec, ...], stream: _Stream, out: list[str]) -> None:
    """Render specs into out, pulling values; stop where a needed value is missing."""
    for spec in specs:
        count = spec.count
        if count == "*":
            if not stream.more():
                return
            count = _star_count(stream.pull(out))
        elif count is None:
            count = 1
        elif type(count) is not int or not 0 <= count <= MAX_COUNT:
            raise LseError(Err.BAD_FORMAT, str(count))
        if spec.kind in _VALUE_KINDS:
            for _ in range(count):
                if not stream.more():
                    return
                out.append(_render_value(spec, stream.pull(out)))
        elif spec.kind == "text":
            out.append(_repeated(spec.text, count))
        elif spec.kind in _LITERALS:
            out.append(_LITERALS[spec.kind] * count)
        else:
            raise LseError(Err.BAD_FORMAT, spec.kind)
    while stream.more():
        out.append(format_value_u(stream.pull(out)))


def render_formatted(specs: Iterable[FormatSpec], values: Iterable[object]) -> str:
    """Return the text of AFFICHER[format] values (no leading new line)."""
    out: list[str] = []
    _render(tuple(specs), _Stream(values), out)
    return "".join(out)


def render_plain(values: Iterable[object]) -> str:
    """Return the text of AFFICHER values without a format: a new line first, then each value in U."""
    values = tuple(values)
    out: list[str] = [NEWLINE]
    for v in values:  # the common case, numbers and strings, needs no _Stream
        if type(v) is str:
            out.append(v)
        elif type(v) is float:
            out.append(cca(v) + " ")
        else:
            out = [NEWLINE]
            _render((), _Stream(values), out)
            break
    return "".join(out)


# ---------------------------------------------------------------- formats worked out once

_MAX_SLOTS = 64  # value fields of a flattened format; a longer one takes the general path


def compile_format(specs: Iterable[FormatSpec], count: int | None = None) -> Callable[[tuple], str]:
    """Return the renderer of one AFFICHER[format] statement, worked out once for all its runs.

    Decision: a format whose counts are fixed and whose fields are valid is flattened into
    value fields, each with the text printed before it, and the text after the last one;
    a line of numbers and strings is then one pass over them; a '*' count of a text is a
    field whose value is the count (`*X,U`: 0.23 of the general path's time). A '*' count of
    a value field, a field the
    parser would refuse, more than _MAX_SLOTS fields, or an array (or a value of no LSE
    kind) among the values takes the general path, _render, which the flat path agrees
    with (tests/test_format_plans.py). `count`, the number of items of the statement,
    lets the line of that many scalars be one expression (see _unrolled).
    """
    specs = tuple(specs)
    flat = _flatten(specs)
    if flat is None:
        def general(values: tuple) -> str:
            return render_formatted(specs, values)
        return general
    texts, fields, tail = flat
    size = len(fields)

    def flattened(values: tuple) -> str:
        for v in values:
            if type(v) is not float and type(v) is not str:
                return render_formatted(specs, values)
        out = []
        for text, field, v in zip(texts, fields, values):
            out.append(text)
            out.append(field(v))
        if len(values) < size:  # rendering stops at the first field left without a value
            out.append(texts[len(values)])
        else:  # the format is used up: the values left over print in U
            out.append(tail)
            for v in values[size:]:
                out.append(v if type(v) is str else cca(v) + " ")
        return "".join(out)
    if count is None or not 0 < count <= _MAX_UNROLLED:
        return flattened
    return _unrolled_renderer(texts, fields, tail, count, flattened)


_MAX_UNROLLED = 16  # items of an AFFICHER whose line of scalars is rendered by one expression


def _unrolled_renderer(texts: tuple[str, ...], fields: tuple[Callable, ...], tail: str, count: int,
                       general: Callable[[tuple], str]) -> Callable[[tuple], str]:
    """The renderer of exactly `count` scalars as one expression; any other values go to `general`."""
    size = len(fields)
    namespace: dict[str, object] = {"__builtins__": {}, "type": type, "float": float, "str": str, "len": len,
                                    "general": general}
    pieces = []  # the line's texts, each a value's field between them: one % makes the line
    for i in range(count):  # the value i: the text before it and its field, or U after the format
        if i < size:
            pieces.append(texts[i])
            namespace[f"g{i}"] = fields[i]
        else:
            pieces.append(tail if i == size else "")
            namespace[f"g{i}"] = _u_scalar
    pieces.append(texts[count] if count < size else (tail if count == size else ""))
    namespace["line"] = "%s".join(piece.replace("%", "%%") for piece in pieces)
    exec(_unrolled(count), namespace)
    return namespace["render"]


@lru_cache(maxsize=_MAX_UNROLLED)
def _unrolled(count: int) -> CodeType:
    """The code of a renderer of `count` values; only indexed names, no text of the program."""
    names = ", ".join(f"v{i}" for i in range(count))
    scalars = " and ".join(f"(type(v{i}) is float or type(v{i}) is str)" for i in range(count))
    fields = "".join(f"g{i}(v{i}), " for i in range(count))
    source = (f"def render(values):\n"
              f"    if len(values) == {count}:\n"
              f"        {names}, = values\n"
              f"        if {scalars}:\n"
              f"            return line % ({fields})\n"
              f"    return general(values)\n")
    return compile(source, "<format>", "exec")


def _flatten(specs: tuple[FormatSpec, ...]) -> tuple[tuple[str, ...], tuple[Callable, ...], str] | None:
    """The (texts, fields, tail) of a format with fixed counts and valid fields, else None."""
    texts: list[str] = []
    fields: list[Callable[[object], str]] = []
    pending: list[str] = []
    for spec in specs:
        count = 1 if spec.count is None else spec.count
        if count == "*" and spec.kind in _STAR_KINDS:  # a value gives the count: a field of its own
            if len(fields) + 1 > _MAX_SLOTS:
                return None
            texts.append("".join(pending))
            pending = []
            fields.append(_star_field(spec.text, _repeated) if spec.kind == "text" else
                          _star_field(_LITERALS[spec.kind], str.__mul__))
            continue
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            return None
        if spec.kind == "text" and count * len(spec.text) > MAX_COUNT:
            return None  # (the parser refuses it: the general path says so)
        if spec.kind == "text":
            pending.append(spec.text * count)
        elif spec.kind in _LITERALS:
            pending.append(_LITERALS[spec.kind] * count)
        elif spec.kind in _VALUE_KINDS:
            field = _scalar_field(spec)
            if field is None or len(fields) + count > _MAX_SLOTS:
                return None
            for _ in range(count):
                texts.append("".join(pending))
                pending = []
                fields.append(field)
        else:
            return None
    return tuple(texts), tuple(fields), "".join(pending)


def _scalar_field(spec: FormatSpec) -> Callable[[object], str] | None:
    """The renderer of one U, F or E field for a number or a string; None if the field is invalid."""
    if spec.kind == "U":
        return _u_scalar
    width, decimals = spec.width, spec.decimals
    if not (type(width) is int and type(decimals) is int
            and 0 <= width <= MAX_WIDTH and 0 <= decimals <= MAX_WIDTH):
        return None
    return _fixed_field(width, decimals) if spec.kind == "F" else _scientific_field(width, decimals)


def _star_field(text: str, times: Callable[[str, int], str]) -> Callable[[object], str]:
    """The renderer of a '*' count of a text or a literal (*X, *'-', */): the text that many times
    (`times`: _repeated for a text, which it may not make longer than MAX_COUNT)."""
    def star(v: object) -> str:
        return times(text, _star_count(v))
    return star


def _u_scalar(v: float | str) -> str:
    return v if type(v) is str else cca(v) + " "
