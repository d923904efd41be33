"""The lines typed for LIRE, cut into fields; imports errors only."""

from __future__ import annotations

import re
from collections import deque
from functools import cache

from machine.errors import Err, LseError

_INFINITIES = (float("inf"), float("-inf"))  # too great a number typed: no number


@cache
def number() -> re.Pattern:  # compiled by its first use, not at start-up
    return re.compile(r"[+-]?\d+(\.\d+)?([Ee][+-]?\d+)?\Z")


def parse_number_field(text: str) -> float | None:
    """Return the number a typed field spells, or None if it is not a number."""
    text = text.strip()
    if not number().match(text):
        return None
    value = float(text)
    return None if value in _INFINITIES else value


class InputBuffer:
    """Typed lines waiting to be read: numbers are cut at spaces, a string takes a whole line."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque()
        self.current: str | None = None
        self.closed = False
        self.keyboard = False  # a person types the lines (not a pipe): a bad number is asked again

    def feed(self, line: str) -> None:
        """Add one typed line (without its end-of-line character)."""
        self.lines.append(line.rstrip("\r\n"))

    def close(self) -> None:
        """No more lines will come."""
        self.closed = True

    def take(self, want_string: bool) -> str | None:
        """Return the next field, None if the program must wait, or fail if input ended."""
        if want_string:
            # Decision: a string takes what is left of the current line, else a whole new line.
            if self.current is not None and self.current.strip():
                value, self.current = self.current.lstrip(" "), None
                return value
            self.current = None
            if self.lines:
                return self.lines.popleft()
            return self._exhausted()
        while True:
            if self.current is not None:
                stripped = self.current.lstrip(" \t")
                if stripped:
                    field, _, rest = stripped.partition(" ")
                    self.current = rest
                    return field
                self.current = None
            if not self.lines:
                return self._exhausted()
            self.current = self.lines.popleft()

    def _exhausted(self) -> None:
        if self.closed:
            raise LseError(Err.MISSING_INPUT)
        return None
