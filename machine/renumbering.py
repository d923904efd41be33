"""NUMEROTER's rewriting of a line: its static ALLER EN, RETOUR EN and FAIRE targets, and those it cannot rewrite.

Pure functions of a line's text; must not import pygame, the front ends or machine.monitor.
"""

from __future__ import annotations

from machine.lse import nodes as n
from machine.lse.checks import walk
from machine.lse.lexer import LexError, tokenize
from machine.lse.parser import SyntaxErrors, parse_line
from machine.lse.source import SourceLine

TARGET_KEYWORDS = ("FAIRE",)


def computes_a_jump(text: str, number: int) -> bool:
    """True if a line holds an ALLER EN or a RETOUR EN whose line is an expression (NUMEROTER leaves it)."""
    try:
        line = parse_line(SourceLine(number, text, 0, text))
    except SyntaxErrors:
        return False
    return any(type(node) is n.Target and node.expr is not None for node in walk(line.statements))


def renumber_text(text: str, number: int, mapping: dict[int, int]) -> str:
    """Rewrite the static line-number targets of one line through mapping."""
    try:
        tokens = tokenize(text, number)
    except LexError:
        return text
    edits = []
    for index, token in enumerate(tokens):
        if token.kind != "NUM" or not float(token.value).is_integer():
            continue
        before = tokens[index - 1] if index else None
        after = tokens[index + 1]
        static = after.kind in ("END", "COMMENT") or after.text in (";", "SINON", "FIN", "POUR")
        is_target = before is not None and before.kind == "KW" and (
            before.text in TARGET_KEYWORDS or (before.text == "EN" and static))
        if is_target and int(token.value) in mapping:
            edits.append((token.column, token.column + len(token.text), str(mapping[int(token.value)])))
    for start, end, replacement in reversed(edits):
        text = text[:start] + replacement + text[end:]
    return text
