"""The cycle clock and its cost report; imports only the profile and error catalogue, never pygame."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from machine.errors import InternalError
from machine.profile import Profile


class Clock:
    """Emulated cycles, with per-operation and per-line tallies for the cost report.

    Compiled code adds to its own counter on the hot path and hands the totals
    here only for reports; charge() is for the slow paths and for tests.
    """

    def __init__(self, costs: Mapping[str, int], clock_hz: int) -> None:
        if clock_hz <= 0:
            raise InternalError(f"clock_hz must be positive, got {clock_hz}")
        self.costs = costs
        self.clock_hz = clock_hz
        self.cycles = 0
        self.counts: Counter[str] = Counter()
        self.op_cycles: Counter[str] = Counter()
        self.line_cycles: dict[int, int] = {}

    @classmethod
    def from_profile(cls, profile: Profile) -> Clock:
        """Return a clock with a profile's costs and rate."""
        return cls(profile.costs, profile.clock_hz)

    def charge(self, kind: str, times: int = 1, line: int | None = None) -> int:
        """Charge `times` operations of one kind, to a program line if given; return the cycles."""
        try:
            cycles = self.costs[kind] * times
        except KeyError:
            raise InternalError(f"no cycle cost for operation {kind!r}") from None
        self.cycles += cycles
        self.counts[kind] += times
        self.op_cycles[kind] += cycles
        if line is not None:
            self.line_cycles[line] = self.line_cycles.get(line, 0) + cycles
        return cycles

    def reset(self) -> None:
        """Zero the cycles and every tally."""
        self.cycles = 0
        self.counts.clear()
        self.op_cycles.clear()
        self.line_cycles.clear()

    def emulated_seconds(self) -> float:
        """Return the emulated time elapsed, in seconds."""
        return self.cycles / self.clock_hz

    def report(self, program_lines: Mapping[int, str] | None = None) -> str:
        """Return the cost report as text; program_lines maps line numbers to their source."""
        return "\n".join(report_lines(self.cycles, self.clock_hz, self.counts,
                                      self.op_cycles, self.line_cycles, program_lines))


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
