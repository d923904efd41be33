"""Tokenize one LSE line into tokens that carry their line and column; imports only errors."""

from __future__ import annotations

from machine.errors import Diagnostic, Err, clip
from machine.record import record

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


@record(frozen=True, slots=True)
class Token:
    """One lexeme: kind is NUM, STR, NAME, PROC, KW, OP, FORMAT or END."""

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


def tokenize(text: str, line: int, column0: int = 0, source: str | None = None) -> list[Token]:
    """Split the text of one program line into tokens, ending with an END token.

    `text` starts at column `column0` of the whole line `source` (which a
    diagnostic shows, with its caret); by default `text` is the whole line.

    Keywords and names are upper-cased (lower case is accepted); strings keep
    their case. A comment (`*` where a statement starts) becomes one OP token
    of kind '*COMMENT' holding the rest of the line.
    """
    tokens: list[Token] = []
    i, n = 0, len(text)

    def fail(code: Err, what: str, col: int) -> LexError:
        return LexError(Diagnostic(code, what, line, text if source is None else source, col + column0))

    while i < n:
        ch = text[i]
        col = i + column0
        if ch in " \t\r":
            i += 1
            continue
        if ch == "*" and (not tokens or tokens[-1].text in (";", ":") and tokens[-1].kind == "OP"):
            tokens.append(Token("COMMENT", text[i + 1:], line, col))
            break
        if _is_digit(ch):
            j = i
            while j < n and _is_digit(text[j]):
                j += 1
            if j < n and text[j] == "." and j + 1 < n and _is_digit(text[j + 1]):
                j += 1
                while j < n and _is_digit(text[j]):
                    j += 1
            if j < n and text[j] in "Ee":
                k = j + 1
                if k < n and text[k] in "+-":
                    k += 1
                if k < n and _is_digit(text[k]):
                    while k < n and _is_digit(text[k]):
                        k += 1
                    j = k
            literal = text[i:j]
            value = float(literal)
            if value == float("inf"):
                raise fail(Err.BAD_NUMBER, clip(literal), i)
            tokens.append(Token("NUM", literal, line, col, value))
            i = j
            continue
        if ch == "'":
            j = i + 1
            parts = []
            while True:
                if j >= n:
                    raise fail(Err.UNTERMINATED_STRING, "", i)
                if text[j] == "'":
                    if j + 1 < n and text[j + 1] == "'":
                        parts.append("'")
                        j += 2
                        continue
                    break
                parts.append(text[j])
                j += 1
            tokens.append(Token("STR", text[i:j + 1], line, col, "".join(parts)))
            i = j + 1
            continue
        if ch == "&":
            j = i + 1
            if j >= n or not _is_name_start(text[j]):
                raise fail(Err.SYNTAX, "NOM DE PROCEDURE ATTENDU APRES &", i)
            while j < n and _is_name_char(text[j]):
                j += 1
            tokens.append(Token("PROC", "&" + text[i + 1:j].upper(), line, col))
            i = j
            continue
        if _is_name_start(ch):
            j = i
            while j < n and _is_name_char(text[j]):
                j += 1
            word = text[i:j].upper()
            if word in KEYWORDS:
                tokens.append(Token("KW", word, line, col))
                if word == "AFFICHER":
                    k = j
                    while k < n and text[k] in " \t":
                        k += 1
                    if k < n and text[k] == "[":
                        end = _format_end(text, k)
                        if end < 0:
                            raise fail(Err.BAD_FORMAT, "] ATTENDU", k)
                        tokens.append(Token("FORMAT", text[k + 1:end], line, k + column0))
                        j = end + 1
            else:
                tokens.append(Token("NAME", word, line, col))
            i = j
            continue
        if ch in ASSIGN_CHARS:
            tokens.append(Token("OP", "←", line, col))
            i += 1
            continue
        if ch in POWER_CHARS:
            tokens.append(Token("OP", "^", line, col))
            i += 1
            continue
        if ch in "<>":
            if i + 1 < n and text[i + 1] == "=":
                tokens.append(Token("OP", ch + "=", line, col))
                i += 2
            else:
                tokens.append(Token("OP", ch, line, col))
                i += 1
            continue
        if ch in SINGLE:
            tokens.append(Token("OP", ch, line, col))
            i += 1
            continue
        raise fail(Err.BAD_CHARACTER, repr(ch).upper() if not ch.isprintable() else ch, i)
    tokens.append(Token("END", "", line, n + column0))
    return tokens


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
