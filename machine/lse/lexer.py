"""Tokenize one LSE line into tokens that carry their line and column; imports only errors."""

from __future__ import annotations

import re
from typing import NamedTuple

from machine.errors import Diagnostic, Err, clip

KEYWORDS = frozenset("""
AFFICHER LIRE ALLER EN SI ALORS SINON DEBUT FIN FAIRE POUR PAS JUSQUA TANT QUE
TERMINER PAUSE PROCEDURE LOCAL RETOUR RESULTAT CHAINE TABLEAU LIBERER GARER
CHARGER SUPPRIMER EXECUTER ET OU NON
""".split())

# Decision: the arrows of the old terminals and their ASCII codes are both accepted.
ASSIGN_CHARS = "←_￩"
POWER_CHARS = "↑^￪"
SINGLE = {
    "+": "+", "-": "-", "*": "*", "/": "/", "!": "!", "=": "=", "#": "#",
    "(": "(", ")": ")", "[": "[", "]": "]", ",": ",", ";": ";", ":": ":", "?": "?",
}


class Token(NamedTuple):
    """One lexeme: kind is NUM, STR, NAME, PROC, KW, OP, FORMAT or END.

    Decision: a named tuple (frozen, same fields and repr as a record) because a program of
    170 lines makes some 3 000 tokens at each parse, and a tuple is made in one step.
    """

    kind: str
    text: str
    line: int
    column: int
    value: object = None


class LexError(Exception):
    """A line that cannot be tokenized; carries its diagnostic."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic)
        self.diagnostic = diagnostic


def _is_digit(ch: str) -> bool:
    """An ASCII digit: str.isdigit() also accepts '²' and other digits int() refuses."""
    return "0" <= ch <= "9"


def _is_name_start(ch: str) -> bool:
    return ch.isalpha() and ch not in ASSIGN_CHARS


def _is_name_char(ch: str) -> bool:
    return (ch.isalpha() or _is_digit(ch)) and ch not in ASSIGN_CHARS


# Decision: one compiled expression finds the tokens made of ASCII (and the arrows), blanks
# before them included; what it does not match (a letter or a character outside ASCII, &, an
# unterminated string, a wrong character) is read one character at a time, as before, so the
# tokens and the errors are the same (tests/test_front_end_same.py). The string's quantifier is
# possessive: a doubled quote is never taken back to close a string early.
_TOKEN = re.compile(
    "[ \t\r]*(?:"
    "([0-9]+(?:\\.[0-9]+)?(?:[Ee][+-]?[0-9]+)?)"  # 1: a number
    "|([A-Za-z][A-Za-z0-9]*)"  # 2: a word (name or keyword)
    "|(<=|>=|[-+*/!=#()\\[\\],;:?<>^←_￩↑￪])"  # 3: an operator
    "|('(?:[^']|'')*+')"  # 4: a string
    "|(&[A-Za-z][A-Za-z0-9]*)"  # 5: a procedure's name
    ")?")
_OPERATOR = {**{ch: ch for ch in SINGLE}, "<": "<", ">": ">", "<=": "<=", ">=": ">=",
             **{ch: "←" for ch in ASSIGN_CHARS}, **{ch: "^" for ch in POWER_CHARS}}
_INFINITY = float("inf")
_new = tuple.__new__


def tokenize(text: str, line: int, column0: int = 0, source: str | None = None) -> list[Token]:
    """Split the text of one program line into tokens, ending with an END token.

    `text` starts at column `column0` of the whole line `source` (which a
    diagnostic shows, with its caret); by default `text` is the whole line.

    Keywords and names are upper-cased (lower case is accepted); strings keep
    their case. A comment (`*` where a statement starts) becomes one OP token
    of kind '*COMMENT' holding the rest of the line.
    """
    tokens: list[Token] = []
    append = tokens.append
    match = _TOKEN.match
    keywords, operators = KEYWORDS, _OPERATOR
    i, n = 0, len(text)
    statement_start = True  # a '*' here opens a comment: first token, or after ';' or ':'

    def fail(code: Err, what: str, col: int) -> LexError:
        return LexError(Diagnostic(code, what, line, text if source is None else source, col + column0))

    while i < n:
        found = match(text, i)  # always matches: at least the blanks
        kind = found.lastindex
        if kind is None:  # blanks up to the end, or a token the expression leaves to the slow path
            i = found.end()
            if i >= n:
                break
            i = _slow_token(text, i, line, column0, statement_start, tokens, fail)
            if i < 0:
                break
            statement_start = False
            continue
        start, j = found.span(kind)  # the token ends where the match does
        piece = text[start:j]
        if kind == 3:
            op = operators[piece]
            if op == "*" and statement_start:
                append(_new(Token, ("COMMENT", text[start + 1:], line, start + column0, None)))
                break
            append(_new(Token, ("OP", op, line, start + column0, None)))
            statement_start = op == ";" or op == ":"
            i = j
            continue
        statement_start = False
        if kind == 2:
            if j < n and text[j] >= "\x80":  # the name goes on outside ASCII
                j = _name_end(text, j)
                piece = text[start:j]
            word = piece.upper()
            if word in keywords:
                append(_new(Token, ("KW", word, line, start + column0, None)))
                if word == "AFFICHER":
                    j = _format(text, j, line, column0, tokens, fail)
            else:
                append(_new(Token, ("NAME", word, line, start + column0, None)))
        elif kind == 1:
            value = float(piece)
            if value == _INFINITY:
                raise fail(Err.BAD_NUMBER, clip(piece), start)
            append(_new(Token, ("NUM", piece, line, start + column0, value)))
        elif kind == 4:
            append(_new(Token, ("STR", piece, line, start + column0, piece[1:-1].replace("''", "'"))))
        else:
            if j < n and text[j] >= "\x80":  # the name goes on outside ASCII
                j = _name_end(text, j)
                piece = text[start:j]
            append(_new(Token, ("PROC", "&" + piece[1:].upper(), line, start + column0, None)))
        i = j
    append(_new(Token, ("END", "", line, n + column0, None)))
    return tokens


def _name_end(text: str, j: int) -> int:
    """Where a name that goes on at j ends: its letters and digits, in ASCII or not."""
    n = len(text)
    while j < n and _is_name_char(text[j]):
        j += 1
    return j


def _format(text: str, j: int, line: int, column0: int, tokens: list[Token], fail) -> int:
    """After AFFICHER: the format in brackets that may follow, as one FORMAT token; where to go on."""
    n = len(text)
    k = j
    while k < n and text[k] in " \t":
        k += 1
    if k < n and text[k] == "[":
        end = _format_end(text, k)
        if end < 0:
            raise fail(Err.BAD_FORMAT, "] ATTENDU", k)
        tokens.append(Token("FORMAT", text[k + 1:end], line, k + column0))
        return end + 1
    return j


def _slow_token(text: str, i: int, line: int, column0: int, statement_start: bool, tokens: list[Token],
                fail) -> int:
    """Read the one token at i that the expression left (outside ASCII, &, a bad string or character).

    Return where to go on, or -1 when the rest of the line was a comment.
    """
    n = len(text)
    ch = text[i]
    col = i + column0
    if ch == "'":
        raise fail(Err.UNTERMINATED_STRING, "", i)
    if ch == "&":
        j = i + 1
        if j >= n or not _is_name_start(text[j]):
            raise fail(Err.SYNTAX, "NOM DE PROCEDURE ATTENDU APRES &", i)
        j = _name_end(text, j)
        tokens.append(Token("PROC", "&" + text[i + 1:j].upper(), line, col))
        return j
    if _is_name_start(ch):
        j = _name_end(text, i)
        word = text[i:j].upper()
        if word in KEYWORDS:
            tokens.append(Token("KW", word, line, col))
            if word == "AFFICHER":
                j = _format(text, j, line, column0, tokens, fail)
        else:
            tokens.append(Token("NAME", word, line, col))
        return j
    raise fail(Err.BAD_CHARACTER, repr(ch).upper() if not ch.isprintable() else ch, i)


def _format_end(text: str, start: int) -> int:
    """Return the index of the ] closing the format that opens at start, or -1."""
    i = start + 1
    quoted = False
    while i < len(text):
        ch = text[i]
        if ch == "'":
            quoted = not quoted
        elif ch == "]" and not quoted:
            return i
        i += 1
    return -1
