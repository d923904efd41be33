"""The run-time string operations compiled code calls in one short call: substrings, scans, CHAINE stores.

Each does what the longer inline forms it replaces did (the same result, error and cycles), so the
generated source stays short; imports errors and values only; never the runtime or the generator.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import floor

from machine.errors import Err, LseError
from machine.lse.values import Vars


def make_paid_substring(meter: object, per_char: int, paid_sch: Callable) -> Callable[[object, object, object], str]:
    """Return SCH(s, d, n) without its position for plain runs, paying one char_scan per character copied.

    A whole start from 1 and a whole length from 0 are sliced here; anything else (a string of
    stops, an error) is `paid_sch`'s, the built-in SCH that pays itself (builtins._paid_sch).
    """
    def paid_substring(text: object, start: object, count: object) -> str:
        if (type(text) is str and type(start) is float and type(count) is float and start >= 1.0
                and count >= 0.0 and start.is_integer() and count.is_integer()):
            begin = int(start) - 1
            part = text[begin:begin + int(count)]
            meter.cell_contents += per_char * len(part)
            return part
        return paid_sch(text, start, count)[0]
    return paid_substring


@cache
def cca_texts() -> dict[float, str]:
    """The texts CCA gives the whole numbers of at most three digits (formats.cca: str of the int), by number.

    Built once, for a program whose inline CCA looks them up (pystrings.converted): -0.0 finds 0's, as
    formats.cca gives it; NaN, a fraction, any other number finds nothing."""
    return {float(whole): str(whole) for whole in range(-999, 1000)}


@cache
def code_texts() -> dict[float, str]:
    """The characters EQC gives the codes below 256 (chr of the int), by number: -0.0 finds chr(0), as EQC
    gives it; NaN, a fraction, any other number finds nothing (pystrings.character)."""
    return {float(code): chr(code) for code in range(256)}


# Decision: SKP, PTR and GRL in plain runs scan in these, which charge nothing: the compiled code adds char_scan
# times the characters from d to the position given (pystrings.skipped), as builtins._paid_skip charges.
# Setting the counter's cell from here cost ~60 ns a call, and one general loop that tests which set it
# scans past ~80 ns more than a loop of each kind (a text scanned word by word: 0.86 of its time).
# Each gives None where the arguments are not a string and a whole start from 1 below 1e15 (nor the set
# a string): the paying built-in is then called with them. A start past the end gives the end.


def skip_char(text: object, start: float, char: str) -> float | None:
    """SKP(text, start, char) of a set of one character (written out): past a run of it."""
    if type(text) is str and 1.0 <= start < 1e15 and (at := floor(start) - 1) == start - 1.0:
        size = len(text)
        while at < size and text[at] == char:
            at += 1
        return at + 1.0 if at < size else size + 1.0
    return None


def skip_set(text: object, start: float, chars: object) -> float | None:
    """SKP(text, start, chars): past what is in chars."""
    if type(text) is str and type(chars) is str and 1.0 <= start < 1e15 and (at := floor(start) - 1) == start - 1.0:
        size = len(text)
        while at < size and text[at] in chars:
            at += 1
        return at + 1.0 if at < size else size + 1.0
    return None


def pass_set(text: object, start: float, chars: object) -> float | None:
    """PTR(text, start, chars): past what is not in chars."""
    if type(text) is str and type(chars) is str and 1.0 <= start < 1e15 and (at := floor(start) - 1) == start - 1.0:
        size = len(text)
        while at < size and text[at] not in chars:
            at += 1
        return at + 1.0 if at < size else size + 1.0
    return None


def skip_other(text: object, start: float) -> float | None:
    """SKP(text, start): past what is no letter."""
    if type(text) is str and 1.0 <= start < 1e15 and (at := floor(start) - 1) == start - 1.0:
        size = len(text)
        while at < size and not text[at].isalpha():
            at += 1
        return at + 1.0 if at < size else size + 1.0
    return None


def pass_letters(text: object, start: float) -> float | None:
    """PTR(text, start): past the letters."""
    if type(text) is str and 1.0 <= start < 1e15 and (at := floor(start) - 1) == start - 1.0:
        size = len(text)
        while at < size and text[at].isalpha():
            at += 1
        return at + 1.0 if at < size else size + 1.0
    return None


def get_word(text: object, start: float) -> tuple[str, float] | None:
    """GRL(text, start): past what is no letter, then the letters: (the word, the position after it)."""
    if type(text) is str and 1.0 <= start < 1e15 and (at := floor(start) - 1) == start - 1.0:
        size = len(text)
        while at < size and not text[at].isalpha():
            at += 1
        end = at
        while end < size and text[end].isalpha():
            end += 1
        return (text[at:end], end + 1.0) if at < size else ("", size + 1.0)
    return None


# Decision: each store below counts the cells a string takes as values.hold_string does, written
# out in the store itself: one Python call per store, as the inline code they replace made.


def make_cell_store(cells: dict, strings: set, memory: object, assign: Callable) -> Callable[[str, object], object]:
    """Return the store into a variable of the program that lives in a closure cell and may be a CHAINE.

    It gives the value for the code to put in the cell (`v_M = _sput('M', value)`): a string into a
    declared CHAINE counted here (an unset one held nothing), anything else stored by `assign`
    (Globals.assign), which fails where the value does not fit the variable.
    """
    def cell_store(name: str, value: object) -> object:
        if type(value) is str and name in strings:
            try:
                more = len(value) - len(cells[name].cell_contents)
            except ValueError:  # an empty cell: never assigned
                more = len(value)
            if more > 0 and memory.used + more > memory.limit:
                raise LseError(Err.MEMORY_FULL, f"CHAINE {name}")
            memory.used += more
            return value
        assign(name, value)
        return value
    return cell_store


def make_own_store(memory: object) -> Callable[[object, int, str], str]:
    """Return the store into a procedure's own CHAINE (a Python local holding `held` cells): the value, counted."""
    def own_store(value: object, held: int, name: str) -> str:
        if type(value) is not str:
            raise LseError(Err.TYPE_MISMATCH, name)
        more = len(value) - held
        if more > 0 and memory.used + more > memory.limit:
            raise LseError(Err.MEMORY_FULL, f"CHAINE {name}")
        memory.used += more
        return value
    return own_store


def make_ref_store(set_ref: Callable) -> Callable[[object, tuple], None]:
    """Return the store through a by-reference parameter (table, key) whose target may be a CHAINE.

    A string into a CHAINE of a plain table (Vars) is counted and stored here; anything else is
    `set_ref`'s (ops.set_ref: an element, the program's table, a temporary cell), which stores or fails.
    """
    def ref_store(value: object, ref: tuple) -> None:
        table, key = ref
        if type(table) is Vars and key in table.strings and type(value) is str:
            memory = table.memory
            if memory is not None:
                more = len(value) - len(table.get(key, ""))
                if more > 0 and memory.used + more > memory.limit:
                    raise LseError(Err.MEMORY_FULL, f"CHAINE {key}")
                memory.used += more
            table[key] = value
        else:
            set_ref(ref, value)
    return ref_store
