"""Split a program text into numbered lines (unnumbered files: 10, 20, ...), within the limits; imports errors."""

from __future__ import annotations

import math
import re
import sys
from functools import cache

from machine.errors import SHOWN_SOURCE_CHARS, Diagnostic, Err, clip
from machine.lse.numbers import FLOAT32_BEYOND
from machine.record import record

MAX_LINE_NUMBER = 65535
AUTO_STEP = 10
# A line number is at most this many digits (leading zeros aside): longer ones are out of range
# without being converted (int() refuses more than 4 300 digits, and would cost time before that).
LINE_NUMBER_DIGITS = len(str(MAX_LINE_NUMBER))
OUT_OF_RANGE = MAX_LINE_NUMBER + 1  # what number_prefix gives for a number too long to convert
HALF_PAIR = re.compile("[\ud800-\udfff]")  # a lone surrogate: half a UTF-16 pair, no character (EQC refuses it)
REPLACEMENT = "\ufffd"  # what a browser, and stdin here, read bytes that are no character as


@record(frozen=True, slots=True)
class SourceLine:
    """One program line: its number, the text after the number, where that text starts."""

    number: int
    text: str
    column: int
    original: str
    limits: Limits | None = None  # the machine's: the numbers and strings written out that it refuses


@record(frozen=True, slots=True)
class Limits:
    """The size limits of a program and of a data file, from the machine profile (roms/*.toml)."""

    max_line_chars: int
    max_program_bytes: int
    max_program_lines: int
    max_data_file_bytes: int
    refused_from: float = math.inf  # a number written out from this up is beyond the machine's range
    longest_string: int = sys.maxsize  # a string written out longer than this no variable can hold (max_string)
    single: bool = False  # the machine computes in float32: a number written out is read by numbers.single_decimal


def limits_of(profile: object) -> Limits:
    """The program and file limits of a machine profile. In single precision a number written out from the first
    double float32 rounds to infinity on (numbers.FLOAT32_BEYOND, as LIRE refuses it) is NOMBRE INVALIDE."""
    return Limits(profile.max_line_chars, profile.max_program_bytes, profile.max_program_lines,
                  profile.max_data_file_bytes, FLOAT32_BEYOND if profile.numbers == "single" else math.inf,
                  profile.max_string, profile.numbers == "single")


@cache
def default_limits() -> Limits:
    """The limits of the default profile, for a caller that names no machine."""
    from machine.profile import load_profile
    return limits_of(load_profile())


def characters(text: str) -> str:
    """Text from outside as a CHAINE may hold it: each lone surrogate (a JSON file's "\\udc80", a JavaScript
    string's half pair, a terminal's undecodable byte) made U+FFFD, as stdin makes bytes that are not UTF-8."""
    return text if text.isascii() else HALF_PAIR.sub(REPLACEMENT, text)


def digits_value(digits: str) -> int:
    """The value of a run of ASCII digits, or OUT_OF_RANGE if it has more than a line number can."""
    significant = digits.lstrip("0")
    if len(significant) > LINE_NUMBER_DIGITS:
        return OUT_OF_RANGE
    return int(significant or "0")


def number_prefix(raw: str) -> tuple[int | None, int]:
    """Return (line number, index where the rest starts) of a line, or (None, 0)."""
    stripped = raw.lstrip(" \t")
    lead = len(raw) - len(stripped)
    digits = 0
    while digits < len(stripped) and "0" <= stripped[digits] <= "9":
        digits += 1
    if digits == 0:
        return None, 0
    return digits_value(stripped[:digits]), lead + digits


def text_lines(text: str) -> list[str]:
    """The lines of a program or tape text, each ended by a line feed, a carriage return and a line feed, or a
    carriage return alone (an old Mac's files: one line of the whole program else)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def too_large(source: str, limits: Limits) -> Diagnostic | None:
    """PROGRAMME TROP GRAND or TROP DE LIGNES if a program text exceeds the limits, before any work."""
    size = len(source) if len(source) * 4 <= limits.max_program_bytes else len(
        source.encode("utf-8", "surrogatepass"))
    if size > limits.max_program_bytes:
        return Diagnostic(Err.PROGRAM_TOO_LARGE, f"({size} OCTETS, {limits.max_program_bytes} AU PLUS)", None)
    count = source.count("\n") + source.count("\r") + 1
    if count > limits.max_program_lines:  # blank lines do not count: count them only when it matters
        count = sum(1 for raw in text_lines(source) if raw.strip())
        if count > limits.max_program_lines:
            return Diagnostic(Err.TOO_MANY_LINES, f"({count}, {limits.max_program_lines} AU PLUS)", None)
    return None


def line_too_long(raw: str, number: int | None, limits: Limits) -> Diagnostic | None:
    """LIGNE TROP LONGUE if one line exceeds the limit (its text is shown cut short)."""
    if len(raw) <= limits.max_line_chars:
        return None
    return Diagnostic(Err.LINE_TOO_LONG, "", number if number != OUT_OF_RANGE else None, clip(raw, SHOWN_SOURCE_CHARS))


def split_source(source: str, limits: Limits | None = None) -> tuple[list[SourceLine], list[Diagnostic]]:
    """Cut a program text into SourceLines; report bad or mixed numbering and the limits passed."""
    limits = limits or default_limits()
    lines: list[SourceLine] = []
    oversize = too_large(source, limits)
    if oversize is not None:
        return lines, [oversize]
    if source.startswith("\ufeff"):
        source = source[1:]
    raw_lines = text_lines(source)
    present = [(index, raw) for index, raw in enumerate(raw_lines) if raw.strip()]
    numbered = [number_prefix(raw)[0] is not None for _, raw in present]
    problems: list[Diagnostic] = []
    if any(numbered) and not all(numbered):
        first = next(raw for (_, raw), flag in zip(present, numbered) if not flag)
        problems.append(Diagnostic(Err.MIXED_NUMBERING, "", None, clip(first, SHOWN_SOURCE_CHARS)))
        return lines, problems
    if any(numbered):
        for _, raw in present:
            number, start = number_prefix(raw)
            if number is None or not 1 <= number <= MAX_LINE_NUMBER:
                shown = clip(raw, SHOWN_SOURCE_CHARS)
                problems.append(Diagnostic(Err.BAD_LINE_NUMBER, clip(raw.split()[0]), None, shown))
                continue
            long = line_too_long(raw, number, limits)
            if long is not None:
                problems.append(long)
                continue
            lines.append(SourceLine(number, raw[start:], start, raw, limits))
        return lines, problems
    # Extension: a file without line numbers is numbered 10 times its line in the
    # file (blank lines leave gaps), so EN LIGNE 30 points at the file's third line.
    for index, raw in present:
        number = (index + 1) * AUTO_STEP
        if number > MAX_LINE_NUMBER:
            problems.append(Diagnostic(Err.BAD_LINE_NUMBER, str(number), number, clip(raw, SHOWN_SOURCE_CHARS)))
            break
        long = line_too_long(raw, number, limits)
        if long is not None:
            problems.append(long)
            continue
        lines.append(SourceLine(number, raw, 0, raw, limits))
    return lines, problems
