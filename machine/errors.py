"""The Micro's one error catalogue and its one renderer; imports nothing of the machine."""

from __future__ import annotations

import re
from enum import IntEnum

from machine.record import record


class Err(IntEnum):
    """Numbered errors of the Micro; the number is shown by AIDE and in the docs."""

    # syntax (found before anything runs)
    BAD_CHARACTER = 1
    SYNTAX = 2
    BAD_NUMBER = 3
    UNTERMINATED_STRING = 4
    BAD_LINE_NUMBER = 5
    DUPLICATE_LINE = 6  # kept for the numbering: a file's repeated line now replaces the earlier one
    DUPLICATE_LABEL = 7
    MIXED_NUMBERING = 8
    BAD_FORMAT = 9
    LINE_TOO_LONG = 10
    UNKNOWN_TARGET = 11
    UNKNOWN_PROCEDURE = 12
    DUPLICATE_PROCEDURE = 13
    UNKNOWN_FUNCTION = 14
    # runtime
    DIVISION_BY_ZERO = 20
    UNKNOWN_LINE = 21
    UNASSIGNED = 22
    INDEX_RANGE = 23
    TYPE_MISMATCH = 24
    BAD_ARGUMENT = 25
    BAD_NESTING = 26
    NO_TERMINER = 27
    RECURSION = 28
    MEMORY_FULL = 29
    MISSING_INPUT = 30
    BAD_INPUT = 31
    OVERFLOW = 32
    NOT_AN_ARRAY = 33
    ALREADY_DECLARED = 34
    ARGUMENT_COUNT = 35
    RESULTAT_IN_SUBROUTINE = 36
    RETOUR_IN_FUNCTION = 37
    RETURN_OUTSIDE_PROCEDURE = 38
    PROCEDURE_REACHED = 39
    INTERRUPTED = 40
    BAD_ARRAY_SIZE = 41
    NOT_A_REFERENCE = 42
    FILE_NAME = 43
    FILE_MISSING = 44
    DISK_ERROR = 45
    PROGRAM_MISSING = 46
    NO_PROGRAM = 47
    NOTHING_TO_CONTINUE = 48
    PROGRAM_EXISTS = 49
    BAD_COMMAND = 50
    LINE_REPLACED = 51  # a warning: a program file repeated a line number, the later line won
    FREED_AT_STOP = 52  # CONTINUER refused: the code of the stopped run counts on a variable the prompt freed
    JUMP_KEPT = 53  # a warning: NUMEROTER left a computed jump as it was (ALLER EN 10+10*K)
    CHANGED_AT_STOP = 54  # CONTINUER refused: the program's lines were changed since the stopped run was built
    PLAIN_RUN = 55  # POURSUIVRE refused: the stopped run was built without the debugger, which alone stops at a line
    VALUES_AT_STOP = 56  # CONTINUER refused: the stopped run's code counts on a fact a value given at the prompt broke
    # the prompt (60-69)
    FOREIGN_WORD = 60  # a word of another language (BASIC, a shell): the line names the LSE way
    READ_ONLY = 61
    INPUT_AGAIN = 62  # a warning: a bad LIRE answer typed at a keyboard is asked again
    NO_HELP = 63
    NOTHING_TO_RECOVER = 64
    START_OFF_SCREEN = 65  # Return on a line whose start scrolled off the top, too long for the screen to keep
    # syntax-phase limits (checked before any work; docs/LANGUAGE.md lists them)
    PROGRAM_TOO_LARGE = 15
    TOO_MANY_LINES = 16
    EXPRESSION_TOO_DEEP = 17
    BLOCKS_TOO_DEEP = 18
    # the host's disk and files, in the Micro's words
    DISK_READ_ONLY = 70
    DISK_FULL = 71
    NOT_A_FILE = 72
    FILE_UNREADABLE = 73
    DISK_ACCESS_DENIED = 74
    NOT_SAVED = 75
    BAD_LINK = 76  # the web page: a shared link whose program cannot be read back
    DISK_ELSEWHERE = 77  # the web page: another tab of the same site owns the disk, this one only reads it


MESSAGES: dict[Err, str] = {
    Err.BAD_CHARACTER: "CARACTERE INVALIDE {text}",
    Err.SYNTAX: "{text}",
    Err.BAD_NUMBER: "NOMBRE INVALIDE {text}",
    Err.UNTERMINATED_STRING: "CHAINE NON FERMEE",
    Err.BAD_LINE_NUMBER: "NUMERO DE LIGNE INVALIDE {text}",
    Err.DUPLICATE_LINE: "LIGNE {text} EN DOUBLE",
    Err.LINE_REPLACED: "LIGNE {text} REMPLACEE",
    Err.DUPLICATE_LABEL: "ETIQUETTE {text} EN DOUBLE",
    Err.MIXED_NUMBERING: "LIGNES NUMEROTEES ET NON NUMEROTEES MELANGEES",
    Err.BAD_FORMAT: "FORMAT INVALIDE {text}",
    Err.LINE_TOO_LONG: "LIGNE TROP LONGUE",
    Err.UNKNOWN_TARGET: "LIGNE OU ETIQUETTE {text} INEXISTANTE",
    Err.UNKNOWN_PROCEDURE: "PROCEDURE {text} INEXISTANTE",
    Err.DUPLICATE_PROCEDURE: "PROCEDURE {text} DEFINIE DEUX FOIS",
    Err.UNKNOWN_FUNCTION: "FONCTION {text} INCONNUE",
    Err.DIVISION_BY_ZERO: "DIVISION PAR ZERO",
    Err.UNKNOWN_LINE: "LIGNE {text} INEXISTANTE",
    Err.UNASSIGNED: "VARIABLE {text} NON AFFECTEE",
    Err.INDEX_RANGE: "INDICE HORS LIMITES {text}",
    Err.TYPE_MISMATCH: "TYPES INCOMPATIBLES {text}",
    Err.BAD_ARGUMENT: "ARGUMENT INVALIDE POUR {text}",
    Err.BAD_NESTING: "BOUCLES MAL IMBRIQUEES {text}",
    Err.NO_TERMINER: "FIN DU PROGRAMME ATTEINTE SANS TERMINER",
    Err.RECURSION: "TROP D'APPELS DE PROCEDURE EMBOITES",
    Err.MEMORY_FULL: "MEMOIRE PLEINE {text}",
    Err.MISSING_INPUT: "DONNEE ABSENTE",
    Err.BAD_INPUT: "DONNEE INVALIDE {text}",
    Err.OVERFLOW: "DEPASSEMENT DE CAPACITE",
    Err.NOT_AN_ARRAY: "{text} N'EST PAS UN TABLEAU",
    Err.ALREADY_DECLARED: "{text} DEJA DECLAREE AUTREMENT",
    Err.ARGUMENT_COUNT: "NOMBRE D'ARGUMENTS INCORRECT POUR {text}",
    Err.RESULTAT_IN_SUBROUTINE: "RESULTAT DANS UNE PROCEDURE APPELEE COMME INSTRUCTION",
    Err.RETOUR_IN_FUNCTION: "RETOUR SANS RESULTAT DANS UNE FONCTION",
    Err.RETURN_OUTSIDE_PROCEDURE: "RETOUR OU RESULTAT HORS D'UNE PROCEDURE",
    Err.PROCEDURE_REACHED: "PROCEDURE ATTEINTE SANS APPEL",
    Err.INTERRUPTED: "INTERROMPU",
    Err.BAD_ARRAY_SIZE: "DIMENSION DE TABLEAU INVALIDE {text}",
    Err.NOT_A_REFERENCE: "PARAMETRE {text} NON MODIFIABLE",
    Err.FILE_NAME: "NOM DE FICHIER INVALIDE {text}",
    Err.FILE_MISSING: "FICHIER {text} INEXISTANT",
    Err.DISK_ERROR: "ERREUR DISQUE {text}",
    Err.PROGRAM_MISSING: "PROGRAMME {text} INEXISTANT",
    Err.NO_PROGRAM: "PAS DE PROGRAMME",
    Err.NOTHING_TO_CONTINUE: "RIEN A CONTINUER",
    Err.FREED_AT_STOP: "RIEN A CONTINUER: {text} LIBEREE",
    Err.CHANGED_AT_STOP: "RIEN A CONTINUER: LIGNES CHANGEES (RE N)",
    Err.VALUES_AT_STOP: "RIEN A CONTINUER: VALEUR CHANGEE (RE N)",
    Err.PLAIN_RUN: "POURSUIVRE APRES AR, PA, TR OU EX N1,N2 SEULEMENT",
    Err.JUMP_KEPT: "SAUT CALCULE NON RENUMEROTE EN LIGNE {text}",
    Err.PROGRAM_EXISTS: "PROGRAMME {text} DEJA RANGE (MODIFIER POUR LE REMPLACER)",
    Err.BAD_COMMAND: "COMMANDE INVALIDE {text}",
    Err.FOREIGN_WORD: "MOT INCONNU {text}",
    Err.READ_ONLY: "PROGRAMME {text} DU LIVRE: LECTURE SEULE",
    Err.INPUT_AGAIN: "DONNEE INVALIDE {text}, RETAPEZ",
    Err.NO_HELP: "PAS D'AIDE POUR {text} (AIDE SEUL: LA LISTE)",
    Err.NOTHING_TO_RECOVER: "RIEN A RECUPERER",
    Err.START_OFF_SCREEN: "LIGNE TROP LONGUE: SON DEBUT A QUITTE L'ECRAN",
    Err.PROGRAM_TOO_LARGE: "PROGRAMME TROP GRAND {text}",
    Err.TOO_MANY_LINES: "TROP DE LIGNES {text}",
    Err.EXPRESSION_TOO_DEEP: "EXPRESSION TROP IMBRIQUEE {text}",
    Err.BLOCKS_TOO_DEEP: "INSTRUCTIONS TROP IMBRIQUEES {text}",
    Err.DISK_READ_ONLY: "DISQUE PROTEGE EN ECRITURE",
    Err.DISK_FULL: "DISQUE PLEIN",
    Err.NOT_A_FILE: "{text} N'EST PAS UN FICHIER",
    Err.FILE_UNREADABLE: "FICHIER {text} ILLISIBLE",
    Err.DISK_ACCESS_DENIED: "ACCES AU DISQUE REFUSE",
    Err.NOT_SAVED: "PROGRAMME NON GARDE: {text}",
    Err.BAD_LINK: "LIEN ILLISIBLE {text}",
    Err.DISK_ELSEWHERE: "DISQUE A UN AUTRE ONGLET: LECTURE SEULE",
}

# What a message shows of a user's text at most: a 5 000-digit number is named by its start,
# a line over the length limit by its first two screen rows.
SHOWN_CHARS = 24
SHOWN_SOURCE_CHARS = 80


def clip(text: object, width: int = SHOWN_CHARS) -> str:
    """A user's text as a message shows it: its first `width` characters, then '...'."""
    text = str(text)
    return text if len(text) <= width else text[:width] + "..."


def long_string(length: int) -> str:
    """What MEMOIRE PLEINE names of a string longer than a CHAINE holds: a join, LIRE, CHARGER, a literal."""
    return f"CHAINE DE {length} CARACTERES"



class LseError(Exception):
    """An error of the guest program, shown to the user in the Micro's style."""

    def __init__(self, code: Err, text: object = "", line: int | None = None,
                 source: str | None = None, column: int | None = None) -> None:
        super().__init__(code, text, line)
        self.code = code
        self.text = str(text)
        self.line = line
        self.source = source
        self.column = column

    def at(self, line: int | None) -> LseError:
        """Attach a line number unless one is known already; return self."""
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        return render(self)


class InternalError(Exception):
    """A bug of the Micro itself, never the guest program's fault."""


@record(frozen=True)
class Diagnostic:
    """A syntax error found by the loader, lexer or parser."""

    code: Err
    text: str
    line: int | None
    source: str = ""
    column: int | None = None

    def error(self) -> LseError:
        """Return this diagnostic as an LseError."""
        return LseError(self.code, self.text, self.line, self.source or None, self.column)


def message(code: Err, text: object = "") -> str:
    """Return the bare catalogue message for an error, without its place (what it quotes shown as a line is)."""
    return " ".join(MESSAGES[code].format(text=named(str(text))).split())


# How a line is shown (LISTER, PAS A PAS, the line an error quotes): each character the screen cannot draw (a
# control, which beeps, moves the cursor or clears the screen, or reaches a terminal raw; any other unprintable one)
# named by its code as CARACTERE INVALIDE names it (\X07, \X1B, \U200B), a tab as the blank it is; and read back
# (a listed line typed again at the prompt, or moved onto and sent with Return) as the line it shows.
_NAMED = re.compile(r"\\(?:X[0-9A-F]{2}|U[0-9A-F]{8}|U[0-9A-F]{4})")  # (8 digits are 000..., 4 never are)


def _named(ch: str) -> bool:
    """True if a character is shown by its code: one the screen cannot draw, but a tab."""
    return not ch.isprintable() and ch != "\t"


def _name(ch: str) -> str:
    code = ord(ch)
    return f"\\X{code:02X}" if code < 0x100 else f"\\U{code:04X}" if code < 0x10000 else f"\\U{code:08X}"


def _read(match: re.Match) -> str:
    """The character a name in a typed line names, or the name as typed if it names none that is shown so."""
    digits = match.group()[2:]
    if len(digits) == 8 and int(digits, 16) > 0x10FFFF:  # \U200B then 0041
        return _read(_NAMED.match(match.group()[:6])) + digits[4:]
    ch = chr(int(digits, 16))
    return ch if (_named(ch) and not "\ud800" <= ch <= "\udfff") or ch == "\\" else match.group()


def _shown(text: str) -> list[str]:
    """Each character of a line as it is shown (a backslash by its code where it begins a name: \\X5CX07)."""
    return [_name(ch) if _named(ch) or (ch == "\\" and _names_at(text, at)) else " " if ch == "\t" else ch
            for at, ch in enumerate(text)]


def _names_at(text: str, at: int) -> bool:
    """True if the backslash at `at` begins what read_back would read as a character."""
    match = _NAMED.match(text, at)
    return match is not None and _read(match) != match.group()


def named(text: str) -> str:
    """A text as a message quotes it: each character the screen cannot draw named by its code (not typed back)."""
    return text if text.isprintable() else "".join(_name(ch) if _named(ch) else ch for ch in text)


def listed(text: str) -> str:
    """A stored line as the Micro shows it (the line kept as it is)."""
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(_shown(text))


def shown_column(text: str, column: int) -> int:
    """Where a character of a line is in the line as `listed` shows it (an error's caret under it)."""
    if text.isprintable() and "\\" not in text:
        return column
    return sum(len(piece) for piece in _shown(text)[:column])


def read_back(typed: str) -> str:
    """A line typed at the prompt with each name `listed` shows read as its character: a listed line typed
    back is the line listed. A name of a character shown as itself (\\X41) stays as typed."""
    return _NAMED.sub(_read, typed) if "\\" in typed else typed


def render(error: LseError | Diagnostic) -> str:
    """Render an error in the Micro's style: message, then EN LIGNE n, then the source."""
    out = message(error.code, error.text)
    if error.line is not None:
        out += f" EN LIGNE {error.line}"
    if error.source:
        out += "\n" + listed(error.source)
        if error.column is not None:
            out += "\n" + " " * shown_column(error.source, error.column) + "^"
    return out


def pointed(source: str, column: int, width: int) -> tuple[str, int]:
    """A source line and its caret's column as a screen `width` wide shows them: whole if it fits a row, else the
    row's width of it around the caret (wrapped whole, the caret's row came under the source's last row, not under
    its character's).

    Decision: the piece always begins with ..., even from the line's start, and a piece cut before the line's end
    ends with ...: moved onto and sent with Return, it is never taken for the line (a cut comment still parses).
    """
    if len(source) < width or width < 10:
        return source, column
    room = width - 3
    padded = source.ljust(column + 1)
    start = max(0, min(column - room // 2, len(padded) - room))
    piece = padded[start:start + room]
    if start + room < len(source):
        piece = piece[:-3] + "..."
    return ("..." + piece).rstrip(" "), column - start + 3
