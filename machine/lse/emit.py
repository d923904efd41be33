"""The pieces of generated code: source lines (Emitter), compiled expressions (Ex), static costs (Cost).

Imports record only.
"""

from __future__ import annotations

from collections import Counter

from machine.record import field, record

INDENT = "    "  # one level of generated Python


@record
class Cost:
    """Static cycles of straight-line code, and which operations they pay for."""

    kinds: Counter = field(default_factory=Counter)

    def add(self, key: str, times: int = 1) -> Cost:
        self.kinds[key] += times
        return self

    def merge(self, other: Cost) -> Cost:
        self.kinds.update(other.kinds)
        return self


@record
class Ex:
    """A compiled expression: Python code, static kind ('n', 's' or '?'), cost, generator?"""

    code: str
    kind: str
    cost: Cost
    gen: bool = False


class Emitter:
    """Python source lines with indentation."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 1
        self.temp = 0

    def emit(self, text: str) -> None:
        self.lines.append(INDENT * self.depth + text)

    def fresh(self, stem: str) -> str:
        self.temp += 1
        return f"_{stem}{self.temp}"
