"""The lines typed for LIRE, cut into fields; imports errors, numbers and source."""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Callable
from functools import cache

from machine.errors import Err, LseError
from machine.lse.numbers import NUMBER_TEXT
from machine.lse.source import characters

WHOLE_DIGITS = 300  # a whole number of at most so many characters is a finite double
EXACT_DIGITS = 15  # a whole number of at most so many characters (a sign too) is a double exactly


@cache
def number() -> re.Pattern:  # compiled by its first use, not at start-up
    return re.compile(rf"[+-]?{NUMBER_TEXT}\Z")  # ASCII digits, as a program writes them (and CNB reads them)


def parse_number_field(text: str, beyond: float = math.inf, decimal: Callable[[str], float] = float) -> float | None:
    """Return the number a typed field spells, as the double `decimal` reads (the number model's: see
    NumberModel.decimal), or None if it is not a number of the machine: a number of magnitude `beyond` or
    more (the number model's range passed: 1E400, or 1E39 in single) is none."""
    text = text.strip()
    if not number().match(text):
        return None
    value = decimal(text)
    return value if -beyond < value < beyond else None


class InputBuffer:
    """Typed lines waiting to be read: numbers are cut at spaces, a string takes a whole line."""

    def __init__(self, beyond: float = math.inf, longest: int | None = None,
                 decimal: Callable[[str], float] = float) -> None:
        self.beyond = beyond  # a number of this magnitude or more is none of the machine's (parse_number_field)
        self.decimal = decimal  # a number's text as the double the number model rounds (NumberModel.decimal)
        self.lines: deque[str] = deque()
        self.longest = longest  # the longest line taken (the profile's max_line_chars): past it, LIGNE TROP LONGUE
        self.current: list[str] | None = None  # the line being read, cut at its spaces (None: none)
        self.at = 0  # the piece of it read next
        self.taken = 0  # the characters of the number take_number took
        self.closed = False
        self.keyboard = False  # a person types the lines (not a pipe): a bad number is asked again

    def feed(self, line: str) -> None:
        """Add one typed line (without its end-of-line character; half a UTF-16 pair made U+FFFD)."""
        self.lines.append(characters(line.rstrip("\r\n")))

    def close(self) -> None:
        """No more lines will come."""
        self.closed = True

    def drop_line(self) -> None:
        """Forget what is left of the line being read."""
        self.current = None

    def take(self, want_string: bool) -> str | None:
        """Return the next field, None if the program must wait, or fail if input ended.

        Decision: a line read for numbers is cut at its spaces once, and read piece by piece: cutting
        off what was left at each field made a line of 50 000 numbers slower than 5 000 lines of ten.
        A field is what follows the spaces and tabs, up to the next space.
        """
        if want_string:
            # Decision: a string takes what is left of the current line, else a whole new line.
            pieces, self.current = self.current, None
            if pieces is not None and (rest := " ".join(pieces[self.at:])).strip():
                return rest.lstrip(" ")
            if self.lines:
                return self._next_line()
            return self._exhausted()
        field = self._next_piece()
        if field is None:
            return self._exhausted()
        self.at += 1
        return field

    def take_number(self) -> float | None:
        """The next field typed if it is a whole number written plainly (digits after a sign or none),
        else None and no field is taken (take() and parse_number_field decide, or the program waits)."""
        pieces = self.current  # (the next piece of the current line, holding a field with no tab before it, as is)
        if pieces is None or self.at >= len(pieces) or not (field := pieces[self.at]) or field[0] == "\t":
            field = self._next_piece()
        if field is None or len(field) > WHOLE_DIGITS or not field.isascii() or not (
                field.isdecimal() or (field[0] in "+-" and field[1:].isdecimal())):
            return None  # ASCII, isdecimal() takes the digits 0 to 9 only; a longer one may be too great
        # (a whole number of 15 digits at most is a double exactly: rounded once by the model, never twice)
        value = float(field) if len(field) <= EXACT_DIGITS else self.decimal(field)
        if not -self.beyond < value < self.beyond:
            return None  # beyond the number model: parse_number_field refuses it
        self.at += 1
        self.taken = len(field)
        return value

    def _next_piece(self) -> str | None:
        """The next field of the lines typed (the tabs before it off), not taken: the pieces before it that
        hold no field are passed, and the line it is in is made the current one; None if none is typed."""
        while True:
            pieces = self.current
            if pieces is not None:
                while self.at < len(pieces):
                    field = pieces[self.at].lstrip("\t")
                    if field:
                        return field
                    self.at += 1
                self.current = None
            if not self.lines:
                return None
            self.current, self.at = self._next_line().split(" "), 0

    def _next_line(self) -> str:
        """The next line typed, refused if it is longer than a line of the Micro (a front end keeps no more
        of one than one character past the limit: the rest of a line of 100 MB is never held)."""
        line = self.lines.popleft()
        if self.longest is not None and len(line) > self.longest:
            raise LseError(Err.LINE_TOO_LONG)
        return line

    def _exhausted(self) -> None:
        if self.closed:
            raise LseError(Err.MISSING_INPUT)
        return None
