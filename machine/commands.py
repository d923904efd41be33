"""What a line typed at the prompt is: the monitor's commands by name, and which lines of a tape are typed.

Pure functions of text (no monitor, no screen, no disk); must not import pygame, the front ends or machine.monitor.
"""

from __future__ import annotations

import re

from machine.lse.lexer import LexError, tokenize
from machine.lse.source import number_prefix, text_lines

# Each command: its two-letter abbreviation, its full French name, and its method.
COMMANDS = [
    ("EX", "EXECUTER", "executer"), ("CO", "CONTINUER", "continuer"), ("RE", "REPRENDRE", "reprendre"),
    ("PO", "POURSUIVRE", "poursuivre"), ("LI", "LISTER", "lister"), ("EF", "EFFACER", "effacer"),
    ("NU", "NUMEROTER", "numeroter"), ("RA", "RANGER", "ranger"), ("AP", "APPELER", "appeler"),
    ("MO", "MODIFIER", "modifier"), ("CA", "CATALOGUER", "cataloguer"), ("SU", "SUPPRIMER", "supprimer"),
    ("PA", "PAS A PAS", "pas_a_pas"), ("NO", "NORMAL", "normal"), ("AI", "AIDE", "aide"),
    ("TR", "TRACE", "trace"), ("AR", "ARRET", "arret"), ("BI", "BILAN", "bilan"),
    ("ME", "MESURE", "mesure"), ("RC", "RECUPERER", "recuperer"), ("DE", "DEMO", "demo"),
    ("QU", "QUITTER", "quitter"),
]
WORD = re.compile(r"[A-Za-z]+")


def command_of(text: str) -> tuple[str, str] | None:
    """Return (method, arguments) if a typed line is a monitor command, else None (an instruction)."""
    match = WORD.match(text)
    if match is None:
        return None
    word, rest = match.group().upper(), text[match.end():]
    if rest.lstrip()[:1] in ("←", "_", "[", "("):
        return None
    for short, full, method in COMMANDS:
        if word == short or (len(word) > 2 and full.replace(" ", "").startswith(word)):
            if full == "PAS A PAS" and word == "PAS":
                rest = re.sub(r"^\s*A\s+PAS", "", rest, flags=re.IGNORECASE)
            return method, rest
    return None


def tape_lines(source: str) -> list[str] | None:
    """The lines to type if a file is a tape: numbered lines mixed with monitor commands (else None).

    Once a command may run the program, an unnumbered line may be what LIRE reads (BONJOUR, -3) or a line
    typed without a number (?X): the prompt takes it as typed. Before, every unnumbered line is a command.
    """
    lines = [raw for raw in text_lines(source.lstrip("\ufeff")) if raw.strip()]
    unnumbered = [raw for raw in lines if number_prefix(raw)[0] is None]
    if not unnumbered or len(unnumbered) == len(lines):
        return None
    for raw in unnumbered:
        command = command_of(raw.strip())
        if command is None:
            return None
        if command[0] in RUNS:
            break
    return lines


RUNS = ("executer", "continuer", "reprendre", "poursuivre")  # the commands that may run the program in memory


def tape_program_lines(tape: list[str]) -> list[str]:
    """A tape's numbered lines that are surely typed at the prompt, not answers to a LIRE (--check parses them).

    Decision: once the program in memory may read (a LIRE or an EXECUTER typed, or a program brought by AP
    or RC) and a command runs it, a numbered line may be an answer (12, or 3 4), so the lines after are
    left to the run.
    """
    lines: list[str] = []
    reads = False
    for raw in tape:
        number, start = number_prefix(raw)
        if number is None:
            method = (command_of(raw.strip()) or ("", ""))[0]  # (after a run: an answer, or a line without number)
            reads = reads or method in ("appeler", "recuperer")
            if reads and method in RUNS:
                break
            continue
        lines.append(raw)
        try:
            tokens = tokenize(raw[start:], number)
        except LexError:
            continue
        reads = reads or any(token.kind == "KW" and token.text in ("LIRE", "EXECUTER") for token in tokens)
    return lines
