"""Shrink a program on which the Micro and the reference disagree: drop lines, then statements, while it still does."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from machine.lse.parser import parse

from .differential import SLICE, compare, report
from .reference import Reference


def disagrees(source: str, typed: Sequence[str], seed: int, profile: str, max_cycles: int | None = None) -> bool:
    """True if some mode of the Micro differs from the reference (a program the parser refuses does not count,
    nor one the reference does not end within `max_cycles`: a trial without a guard's step loops for ever)."""
    try:
        if max_cycles is not None:
            if not Reference(parse(source), typed, seed, profile, max_cycles).run().ended:
                return False
        return bool(report(compare(source, typed, seed, profile)))
    except Exception:  # the reduction made it something else: not the same failure
        return False


def reduce(source: str, keeps: Callable[[str], bool]) -> str:
    """The smallest program found by dropping whole lines, then `;`-separated statements, that still `keeps`."""
    lines = source.splitlines()
    changed = True
    while changed:
        changed = False
        for index in range(len(lines) - 1, -1, -1):
            trial = lines[:index] + lines[index + 1:]
            if keeps(text(trial)):
                lines, changed = trial, True
        for index in range(len(lines)):
            number, _, body = lines[index].partition(" ")
            parts = body.split(";")
            for part in range(len(parts) - 1, -1, -1):
                if len(parts) < 2:
                    break
                fewer = parts[:part] + parts[part + 1:]
                trial = lines[:index] + [f"{number} {';'.join(fewer)}"] + lines[index + 1:]
                if keeps(text(trial)):
                    lines, parts, changed = trial, fewer, True
    return text(lines)


def text(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def reduce_disagreement(source: str, typed: Sequence[str], seed: int, profile: str) -> str:
    """The smallest program found that still makes a Micro mode disagree with the reference; a trial may spend
    four times the program's cycles (in the reference), no more."""
    try:
        bound = 4 * Reference(parse(source), typed, seed, profile).run().cycles + 10 * SLICE
    except Exception:  # a program the parser refuses: its trials are refused or run as they are
        bound = None
    return reduce(source, lambda trial: disagrees(trial, typed, seed, profile, bound))
