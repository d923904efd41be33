"""Tokenize one LSE line into tokens that carry their line and column; imports errors and numbers."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from machine.errors import Diagnostic, Err, clip, long_string
from machine.lse.numbers import NUMBER_TEXT, single_decimal

if TYPE_CHECKING:
    from machine.lse.source import Limits

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


# Decision: one findall per line reads its tokens as (blanks, lexeme) pairs, in C; what each
# lexeme is (kind, text, value) is worked out the first time it is seen and kept in _LEXEMES,
# so the loop does no classifying for the words, numbers and operators a program repeats. What
# the expression cannot take whole (a letter or character outside ASCII, &, an unterminated
# string, a wrong character) comes as one character of its last alternative, and a name going
# on outside ASCII comes with the first character past its ASCII part: both are read by
# _slow_token, as before, so the tokens and the errors are the same (tests/test_front_end_same.py).
# The quantifiers are possessive: a doubled quote is never taken back to close a string early.
_TOKEN = re.compile(
    "([ \t\r]*)("
    f"{NUMBER_TEXT}"  # a number
    "|[A-Za-z][A-Za-z0-9]*+[^\\W\\d_]?"  # a word (name or keyword), and where it may go on
    "|<=|>=|[-+*/!=#()\\[\\],;:?<>^←_￩↑￪]"  # an operator
    "|'(?:[^']|'')*+'"  # a string
    "|&[A-Za-z][A-Za-z0-9]*+[^\\W\\d_]?"  # a procedure's name, and where it may go on
    "|[^ \t\r])")  # anything else, one character (never a blank): _slow_token's
_OPERATOR = {**{ch: ch for ch in SINGLE}, "<": "<", ">": ">", "<=": "<=", ">=": ">=",
             **{ch: "←" for ch in ASSIGN_CHARS}, **{ch: "^" for ch in POWER_CHARS}}
_INFINITY = float("inf")
_new = tuple.__new__
KEPT_LEXEMES = 10_000  # lexemes whose (kind, text, value) _LEXEMES keeps (then it starts again)
_LEXEMES: dict[str, tuple[str, str, object]] = {}


def tokenize(text: str, line: int, column0: int = 0, source: str | None = None,
             limits: Limits | None = None) -> list[Token]:
    """Split the text of one program line into tokens, ending with an END token.

    `text` starts at column `column0` of the whole line `source` (which a
    diagnostic shows, with its caret); by default `text` is the whole line.
    With the machine's `limits`, a number written out is read as the machine does (in single precision, by
    numbers.single_decimal: not the double first); one from their `refused_from` up is beyond its range:
    NOMBRE INVALIDE; a string written out longer than their `longest_string` no variable can hold: MEMOIRE
    PLEINE CHAINE DE n CARACTERES, as a join that long is when it runs, found here, before the run, not at
    each store.

    Keywords and names are upper-cased (lower case is accepted); strings keep
    their case. A comment (`*` where a statement starts) becomes one OP token
    of kind '*COMMENT' holding the rest of the line.
    """
    tokens: list[Token] = []
    append = tokens.append
    findall, known, new = _TOKEN.findall, _LEXEMES.get, _new
    i = _comment(text, line, column0, tokens)  # (a line that is a comment is not read for tokens)

    def fail(code: Err, what: str, col: int) -> LexError:
        return LexError(Diagnostic(code, what, line, text if source is None else source, col + column0))

    while i >= 0:
        column = i + column0  # where the next (blanks, lexeme) starts
        for blank, piece in findall(text, i):
            column += len(blank)
            entry = known(piece)
            if entry is not None:
                kind, word, value = entry
                append(new(Token, (kind, word, line, column, value)))
                column += len(piece)
                continue
            start = column - column0
            i = _special(text, piece, start, line, column0, tokens, fail)
            if i != start + len(piece):  # a comment, a format or a token read apart: start again after it
                break
            column += len(piece)
        else:
            break
    append(new(Token, ("END", "", line, len(text) + column0, None)))
    if limits is not None:
        _refused(tokens, limits, len(text), line, text if source is None else source)
    return tokens


def _refused(tokens: list[Token], limits: Limits, length: int, line: int, source: str) -> None:
    """Fail at the first number or string written out in a line (of `length` characters) that the machine
    cannot hold; in single precision, each number's value is single_decimal's (the double it rounds to its
    float32), put in its token where that is not float's (_LEXEMES keeps float's, for either model)."""
    refused_from, longest = limits.refused_from, limits.longest_string
    if limits.single:  # (a number double holds may be beyond float32, or round to another float32 through it)
        for at, token in enumerate(tokens):
            if token.kind == "NUM":
                value = single_decimal(token.text)
                if value >= refused_from:
                    raise LexError(Diagnostic(Err.BAD_NUMBER, clip(token.text), line, source, token.column))
                if value != token.value:
                    tokens[at] = token._replace(value=value)
    elif refused_from != _INFINITY:
        for token in tokens:
            if token.kind == "NUM" and token.value >= refused_from:
                raise LexError(Diagnostic(Err.BAD_NUMBER, clip(token.text), line, source, token.column))
    if length > longest:  # (no shorter line can hold such a string)
        for token in tokens:
            if token.kind == "STR" and len(token.value) > longest:
                raise LexError(Diagnostic(Err.MEMORY_FULL, long_string(len(token.value)), line, source, token.column))


def _comment(text: str, line: int, column0: int, tokens: list[Token]) -> int:
    """The COMMENT token of a line that starts with '*', and -1; else 0, where its first token is sought."""
    body = text.lstrip(" \t\r")
    if body[:1] != "*":
        return 0
    start = len(text) - len(body)
    tokens.append(_new(Token, ("COMMENT", body[1:], line, start + column0, None)))
    return -1


# Decision: a '*' opens a comment where a statement starts, as the line's first token or after ';'
# or ':': the token before it says so (as the old loop's flag did), so '*' is never kept in _LEXEMES;
# nor are AFFICHER (a format may follow) and an infinite number (an error at its column).
def _special(text: str, piece: str, start: int, line: int, column0: int, tokens: list[Token], fail) -> int:
    """Read a lexeme _LEXEMES does not hold, keeping it there if it can be; where to go on, -1 after a comment."""
    column = start + column0
    end = start + len(piece)
    if piece == "*":
        last = tokens[-1] if tokens else None
        if last is None or (last.kind == "OP" and (last.text == ";" or last.text == ":")):
            tokens.append(_new(Token, ("COMMENT", text[start + 1:], line, column, None)))
            return -1
        tokens.append(_new(Token, ("OP", "*", line, column, None)))
        return end
    entry = _lexeme(piece)
    if entry is None:  # one character the expression left, or the start of a name going on outside ASCII
        return _slow_token(text, start, line, column0, tokens, fail)
    kind, word, value = entry
    if value == _INFINITY:
        raise fail(Err.BAD_NUMBER, clip(piece), start)
    tokens.append(_new(Token, (kind, word, line, column, value)))
    if word == "AFFICHER" and kind == "KW":
        return _format(text, end, line, column0, tokens, fail)
    if len(_LEXEMES) >= KEPT_LEXEMES:
        _LEXEMES.clear()
    _LEXEMES[piece] = entry
    return end


def _lexeme(piece: str) -> tuple[str, str, object] | None:
    """The kind, text and value of a token the expression took whole; None for what _slow_token reads."""
    first = piece[0]
    if _is_digit(first):
        return "NUM", piece, float(piece)
    if first.isascii() and first.isalpha():
        if piece[-1] >= "\x80":  # a name going on outside ASCII
            return None
        word = piece.upper()
        return ("KW" if word in KEYWORDS else "NAME"), word, None
    if first == "'" and len(piece) > 1:
        return "STR", piece, piece[1:-1].replace("''", "'")
    if first == "&" and len(piece) > 1:
        if piece[-1] >= "\x80":
            return None
        return "PROC", "&" + piece[1:].upper(), None
    op = _OPERATOR.get(piece)
    return None if op is None else ("OP", op, None)


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


def _slow_token(text: str, i: int, line: int, column0: int, tokens: list[Token], fail) -> int:
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
