"""Split a program text into numbered lines (numbering unnumbered files 10, 20, ...); imports errors."""

from __future__ import annotations

from machine.errors import Diagnostic, Err
from machine.record import record

MAX_LINE_NUMBER = 65535
AUTO_STEP = 10


@record(frozen=True, slots=True)
class SourceLine:
    """One program line: its number, the text after the number, where that text starts."""

    number: int
    text: str
    column: int
    original: str


def number_prefix(raw: str) -> tuple[int | None, int]:
    """Return (line number, index where the rest starts) of a line, or (None, 0)."""
    stripped = raw.lstrip(" \t")
    lead = len(raw) - len(stripped)
    digits = 0
    while digits < len(stripped) and "0" <= stripped[digits] <= "9":
        digits += 1
    if digits == 0:
        return None, 0
    return int(stripped[:digits]), lead + digits


def split_source(source: str) -> tuple[list[SourceLine], list[Diagnostic]]:
    """Cut a program text into SourceLines; report bad or mixed numbering."""
    if source.startswith("\ufeff"):
        source = source[1:]
    raw_lines = [raw.rstrip("\r") for raw in source.split("\n")]
    present = [(index, raw) for index, raw in enumerate(raw_lines) if raw.strip()]
    numbered = [number_prefix(raw)[0] is not None for _, raw in present]
    lines: list[SourceLine] = []
    problems: list[Diagnostic] = []
    if any(numbered) and not all(numbered):
        first = next(raw for (_, raw), flag in zip(present, numbered) if not flag)
        problems.append(Diagnostic(Err.MIXED_NUMBERING, "", None, first))
        return lines, problems
    if any(numbered):
        for _, raw in present:
            number, start = number_prefix(raw)
            if number is None or not 1 <= number <= MAX_LINE_NUMBER:
                problems.append(Diagnostic(Err.BAD_LINE_NUMBER, raw.split()[0], None, raw))
                continue
            lines.append(SourceLine(number, raw[start:], start, raw))
        return lines, problems
    # Extension: a file without line numbers is numbered 10 times its line in the
    # file (blank lines leave gaps), so EN LIGNE 30 points at the file's third line.
    for index, raw in present:
        number = (index + 1) * AUTO_STEP
        if number > MAX_LINE_NUMBER:
            problems.append(Diagnostic(Err.BAD_LINE_NUMBER, str(number), number, raw))
            break
        lines.append(SourceLine(number, raw, 0, raw))
    return lines, problems
