"""Helpers that compiled LSE code calls for checked operations; imports values, formats (CCA), errors and
source (the highest line number) only."""

from __future__ import annotations

import math
from collections.abc import Callable

from machine.errors import Err, LseError, long_string
from machine.lse import values
from machine.lse.formats import line_shown
from machine.lse.source import MAX_LINE_NUMBER
from machine.lse.values import Array, Vars


def num(value: object) -> float:
    """Return value if it is a number (unary +, PAS, JUSQUA, array stores)."""
    if type(value) is not float:
        raise LseError(Err.TYPE_MISMATCH)
    return value


def add(left: object, right: object) -> float:
    """Add two numbers; strings are joined with !, never with +."""
    if type(left) is not float or type(right) is not float:
        raise LseError(Err.TYPE_MISMATCH, "+")
    return left + right


def power(base: object, exponent: object) -> float:
    """Raise to a power; a negative base needs an integer exponent."""
    if type(base) is not float or type(exponent) is not float:
        raise LseError(Err.TYPE_MISMATCH, "^")
    if base < 0 and not exponent.is_integer():
        raise LseError(Err.BAD_ARGUMENT, "^")
    if base == 0 and exponent < 0:
        raise LseError(Err.DIVISION_BY_ZERO)
    try:
        result = base ** exponent
    except OverflowError:
        raise LseError(Err.OVERFLOW) from None
    if isinstance(result, complex) or math.isinf(result):
        raise LseError(Err.OVERFLOW)
    return result


def equal(left: object, right: object) -> bool:
    """Compare for = when the kinds are not known until run time."""
    if type(left) is not type(right) or type(left) is Array:
        raise LseError(Err.TYPE_MISMATCH, "=")
    return left == right


def not_equal(left: object, right: object) -> bool:
    """Compare for # when the kinds are not known until run time."""
    return not equal(left, right)


def order(left: object, right: object) -> int:
    """Return -1, 0 or 1 after checking both sides are numbers or both strings."""
    if type(left) is not type(right) or type(left) is Array:
        raise LseError(Err.TYPE_MISMATCH, "<")
    return (left > right) - (left < right)


def array(value: object, name: str) -> object:
    """Return value if it is an array: the check for names that only an error can index."""
    if type(value) is not Array:
        raise LseError(Err.NOT_AN_ARRAY, name)
    return value


def put(array: object, key: object, value: float) -> None:
    """Store into an array element that missed the fast path (any index, any value in the name)."""
    if type(array) is not Array:
        # A number or a string: TYPES INCOMPATIBLES, as indexing it always gave; nothing at all: not an array.
        raise LseError(Err.NOT_AN_ARRAY if array is None else Err.TYPE_MISMATCH)
    values.put(array, key, value)


def read(array: object, key: object) -> float:
    """Read an array element by the general path (any index, any value in the name)."""
    if type(array) is not Array:
        raise LseError(Err.TYPE_MISMATCH)  # a number or a string (a str would give a character for an int)
    return values.read(array, key)


def element_ref(array: object, key: object, name: str = "") -> tuple:
    """Return a reference (array, position) to an existing element of the array called name."""
    if type(array) is not Array:
        raise LseError(Err.NOT_AN_ARRAY, name)
    return (array, values.position(array, key))  # INDICE HORS LIMITES, or a fractional index truncated


def by_value(value: object) -> object:
    """Copy an array passed by value; numbers and strings are immutable."""
    if type(value) is Array:
        return values.copy_array(value)
    return value


def set_ref(ref: tuple, value: object) -> None:
    """Store through a by-reference parameter, with the kind check of its target.

    The container is an array (an element), a table of variables, or a temporary cell made for an
    expression argument: a dict {0: value}, never a list, which would be taken for an array.
    """
    container, key = ref
    if type(container) is Array:
        if type(value) is not float:
            raise LseError(Err.TYPE_MISMATCH, values.array_name(container))
        container[key] = value
    elif isinstance(container, Vars):
        container.assign(key, value)
    else:  # a temporary cell made for an expression argument: it keeps the kind it was given
        if type(value) is not type(container[key]):
            raise LseError(Err.TYPE_MISMATCH)
        container[key] = value


def declare_ref(ref: tuple) -> None:
    """CHAINE applied to a by-reference parameter declares the caller's variable."""
    container, key = ref
    if not isinstance(container, Vars):
        raise LseError(Err.ALREADY_DECLARED, key)
    container.declare_string(key)


def position(env: Vars, name: str, result: tuple) -> object:
    """Store the position part of a built-in's result in a variable; return the value part."""
    env.assign(name, result[1])
    return result[0]


def position_ref(ref: tuple, result: tuple) -> object:
    """Like position, through a by-reference parameter."""
    set_ref(ref, result[1])
    return result[0]


def line_number(value: object) -> int:
    """Turn a computed jump value into a line number, or fail."""
    if type(value) is not float:
        raise LseError(Err.TYPE_MISMATCH)
    if not value.is_integer() or not 1 <= value <= MAX_LINE_NUMBER:  # (shown as CCA shows it: 1E+300, not 301 digits)
        raise LseError(Err.UNKNOWN_LINE, line_shown(value))
    return int(value)



def make_join(max_string: int):
    """Return the ! operator that compiled code pays for itself (one char_scan per character of the result)."""
    def join(left: object, right: object) -> str:
        if type(left) is not str or type(right) is not str:
            raise LseError(Err.TYPE_MISMATCH, "!")
        size = len(left) + len(right)
        if size > max_string:
            raise LseError(Err.MEMORY_FULL, long_string(size))
        return left + right
    return join


def make_concat(max_string: int, charge: Callable[[str, int], None]):
    """Return the ! operator for a machine whose strings hold at most max_string chars.

    Each character of the result is copied: it costs one char_scan, charged through `charge`.
    """
    join = make_join(max_string)

    def concat(left: object, right: object) -> str:
        result = join(left, right)
        charge("char_scan", len(result))
        return result
    return concat


def make_whole_pass(exact: float):
    """Return the int shadow of a FAIRE ... JUSQUA's variable: (its first value, its step) as ints, or NaNs.

    Decision: from a whole number by a whole step, with the step past the limit still within
    `exact` (every whole number up to it is held exactly by the model), the variable's values
    are ints added up exactly; code indexes elements by the int (pygen: i_NAME). Any other loop
    gets NaN, which stays NaN when stepped and is no index: the code takes the float's way.
    """
    nan = math.nan

    def whole_pass(start: float, step: float, limit: float) -> tuple:
        if (start.is_integer() and step.is_integer() and -exact <= start <= exact
                and abs(limit) + abs(step) <= exact):
            return int(start), int(step)
        return nan, nan
    return whole_pass


def make_counted(exact: float):
    """Return whole_pass's (first int, int step) with the `range` stop of the loop's ints, or None where the
    ints do not count it (not whole, or a step of 0): see pyloops.count."""
    whole_pass = make_whole_pass(exact)

    def counted(start: float, step: float, limit: float) -> tuple:
        first, by = whole_pass(start, step, limit)
        if by != by or by == 0:
            return first, by, None
        return first, by, (math.floor(limit) + 1 if by > 0 else math.ceil(limit) - 1)
    return counted
