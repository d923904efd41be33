"""The cost report of a run (cycles, operations, lines), in the Micro's French; imports only the error catalogue.

Decision: the runtime (machine/lse/runtime.py) is the one owner of cycle
counting; this module only lays its tallies out. Must not import pygame.
"""

from __future__ import annotations

from collections.abc import Mapping

from machine.errors import InternalError

MIN_SOURCE = 8  # a line's text shows no shorter in the report, however narrow the screen
Line = int | tuple[int, str]  # a line of the report: its number, or its number and text (several programs ran)

# Each cost key of roms/*.toml [costs] as the report names it: the Micro speaks French, and a
# reader looking for the divisions finds DIVISION. Built-in functions keep their LSE names.
OPERATION_LABELS = {
    "statement": "INSTRUCTION",
    "constant": "CONSTANTE",
    "variable": "LECTURE VARIABLE",
    "assign": "AFFECTATION",
    "array_read": "LECTURE TABLEAU",
    "array_write": "ECRITURE TABLEAU",
    "add": "ADDITION",
    "sub": "SOUSTRACTION",
    "mul": "MULTIPLICATION",
    "div": "DIVISION",
    "pow": "PUISSANCE",
    "neg": "OPPOSE",
    "compare": "COMPARAISON",
    "logic": "ET OU NON",
    "concat": "CONCATENATION",
    "conditional": "SI ALORS SINON",
    "jump": "ALLER EN",
    "loop_init": "FAIRE: DEPART",
    "loop_step": "FAIRE: TOUR",
    "call": "APPEL",
    "return": "RETOUR",
    "print_char": "CARACTERE AFFICHE",
    "input_char": "CARACTERE LU",
    "declare": "DECLARATION",
    "element_init": "CASE MISE A ZERO",
    "char_scan": "CARACTERE PARCOURU",
    "disk": "ACCES DISQUE",
}


def operation_label(kind: str) -> str:
    """The French name of a cost key: its label, or `FONCTION X` for the built-in function X."""
    if kind in OPERATION_LABELS:
        return OPERATION_LABELS[kind]
    if kind.isupper():
        return f"FONCTION {kind}"
    raise InternalError(f"cost key without a French label: {kind!r}")


def report_lines(cycles: int, clock_hz: int, op_counts: Mapping[str, int],
                 op_cycles: Mapping[str, int], line_cycles: Mapping[Line, int],
                 program_lines: Mapping[Line, str] | None = None,
                 max_source: int = 30, line_divisions: Mapping[Line, int] | None = None,
                 width: int | None = None) -> list[str]:
    """Format a cost report: totals, operations by cycles spent, then lines hottest first.

    A line is its number, or (number, text) for a run through several programs (EXECUTER), whose
    line numbers alone do not say which line ran: the divisions' table then shows the text too.
    With a `width` (the Micro's screen, for BILAN), a line's text is cut shorter where its row would be wider.
    """
    if clock_hz <= 0:
        raise InternalError(f"clock_hz must be positive, got {clock_hz}")
    out = [f"CYCLES: {cycles}", f"TEMPS EMULE: {cycles / clock_hz:.3f} S"]
    kinds = sorted((k for k in {*op_counts, *op_cycles} if op_counts.get(k) or op_cycles.get(k)),
                   key=lambda k: (-op_cycles.get(k, 0), -op_counts.get(k, 0), k))
    out.append("OPERATIONS:")
    out += _table([(operation_label(k), op_counts.get(k, 0), op_cycles.get(k, 0)) for k in kinds],
                  heading=("OPERATION", "NOMBRE", "CYCLES"))
    hot = sorted((n for n, c in line_cycles.items() if c), key=lambda n: (-line_cycles[n], n))
    out.append("LIGNES:")
    heading = ("LIGNE", "CYCLES", "TEXTE") if program_lines else ("LIGNE", "CYCLES")
    most = _room(heading, [(_number(n), line_cycles[n]) for n in hot], max_source, width)
    rows: list[tuple[object, ...]] = []
    for n in hot:
        source = _cut((program_lines or {}).get(n, ""), most)
        rows.append((_number(n), line_cycles[n], source) if program_lines else (_number(n), line_cycles[n]))
    out += _table(rows, left=(2,), heading=heading)
    if line_divisions:
        out.append("DIVISIONS PAR LIGNE:")
        where = sorted((n for n, c in line_divisions.items() if c), key=lambda n: (-line_divisions[n], n))
        if any(type(n) is tuple for n in where):
            heading = ("LIGNE", "DIVISIONS", "TEXTE")
            most = _room(heading, [(_number(n), line_divisions[n]) for n in where], max_source, width)
            out += _table([(_number(n), line_divisions[n], _cut(n[1], most)) for n in where], left=(0, 2),
                          heading=heading)
        else:
            out += _table([(_number(n), line_divisions[n]) for n in where], heading=("LIGNE", "DIVISIONS"))
    return out


def _number(line: Line) -> int | str:
    """The number of a line of the report; none for a line typed without a number (the prompt's line 0)."""
    number = line[0] if type(line) is tuple else line
    return number or ""


def _room(heading: tuple[str, ...], rows: list[tuple[object, object]], most: int, width: int | None) -> int:
    """The characters a line's text may take in its table: `most`, fewer if a row would be wider than `width`."""
    if width is None:
        return most
    taken = [max(len(str(row[i])) for row in [heading, *rows]) for i in (0, 1)]
    return max(MIN_SOURCE, min(most, width - 6 - sum(taken)))  # (an indent of 2, and 2 between the columns)


def _cut(source: str, most: int) -> str:
    """A line's text cut to fit its column."""
    return source[:most - 3] + "..." if len(source) > most else source


def _table(rows: list[tuple[object, ...]], left: tuple[int, ...] = (0,),
           heading: tuple[str, ...] = ()) -> list[str]:
    """Lay rows out in columns two spaces apart, indented by two, under their heading (aligned as its column)."""
    if not rows:
        return []
    everything = [heading, *rows] if heading else rows
    widths = [max(len(str(row[i])) for row in everything) for i in range(len(rows[0]))]
    lines = []
    for row in everything:
        cells = [str(v).ljust(w) if i in left else str(v).rjust(w) for i, (v, w) in enumerate(zip(row, widths))]
        lines.append(("  " + "  ".join(cells)).rstrip())
    return lines
