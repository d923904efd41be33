"""The cost report of a run (cycles, operations, lines); imports only the error catalogue, never pygame.

Decision: the runtime (machine/lse/runtime.py) is the one owner of cycle
counting; this module only lays its tallies out.
"""

from __future__ import annotations

from collections.abc import Mapping

from machine.errors import InternalError


def report_lines(cycles: int, clock_hz: int, op_counts: Mapping[str, int],
                 op_cycles: Mapping[str, int], line_cycles: Mapping[int, int],
                 program_lines: Mapping[int, str] | None = None,
                 max_source: int = 30, line_divisions: Mapping[int, int] | None = None) -> list[str]:
    """Format a cost report: totals, operations by cycles spent, then lines hottest first."""
    if clock_hz <= 0:
        raise InternalError(f"clock_hz must be positive, got {clock_hz}")
    out = [f"CYCLES: {cycles}", f"TEMPS EMULE: {cycles / clock_hz:.3f} S"]
    kinds = sorted((k for k in {*op_counts, *op_cycles} if op_counts.get(k) or op_cycles.get(k)),
                   key=lambda k: (-op_cycles.get(k, 0), -op_counts.get(k, 0), k))
    out.append("OPERATIONS:")
    out += _table([(k, op_counts.get(k, 0), op_cycles.get(k, 0)) for k in kinds])
    hot = sorted((n for n, c in line_cycles.items() if c), key=lambda n: (-line_cycles[n], n))
    out.append("LIGNES:")
    rows: list[tuple[object, ...]] = []
    for n in hot:
        source = (program_lines or {}).get(n, "")
        if len(source) > max_source:
            source = source[:max_source - 3] + "..."
        rows.append((n, line_cycles[n], source) if program_lines else (n, line_cycles[n]))
    out += _table(rows, left=(2,))
    if line_divisions:
        out.append("DIVISIONS PAR LIGNE:")
        where = sorted((n for n, c in line_divisions.items() if c), key=lambda n: (-line_divisions[n], n))
        out += _table([(n, line_divisions[n]) for n in where])
    return out


def _table(rows: list[tuple[object, ...]], left: tuple[int, ...] = (0,)) -> list[str]:
    """Lay rows out in columns two spaces apart, indented by two; numbers right-aligned."""
    if not rows:
        return []
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [str(v).ljust(w) if i in left else str(v).rjust(w)
                 for i, (v, w) in enumerate(zip(row, widths))]
        lines.append(("  " + "  ".join(cells)).rstrip())
    return lines
