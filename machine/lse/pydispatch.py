"""Python code for a unit written as a dispatch on `pc`: its entry blocks as the cases of a tree of tests; and the
tests of a computed jump's value where it can only be a few lines (targets.py), a tree of the same shape.

A part of the one code generator (pygen.UnitCode gives it the unit's blocks, flow and output); the
dispatch remains only where the unit's code cannot be written as nested Python loops (pystructure).
Imports pyshared (the indent); never the runtime.
"""

from __future__ import annotations

from machine.lse.pyshared import INDENT

CASES_IN_A_ROW = 4  # up to this many cases are tested one after the other; more are split in two by `pc <`
LIKELY_LINES = 8  # the lines a computed jump whose lines are not known tests for before `_goto` (likely_lines)


class DispatchCode:
    """The dispatch of one unit (see pygen.UnitCode)."""

    def __init__(self, unit: object) -> None:
        self.unit = unit
        # The cases that no code enters are written as one call (see unentered): the blocks each case's code
        # sends control to through pc, and a jump to a computed line, which may enter any.
        self.jumps: set[int] = set()
        self.leaves: list[tuple[int, int, int, int, set[int]]] = []  # (block, first line, end, depth, jumps)

    def body(self) -> None:
        """The blocks as the cases of a dispatch on pc, in a loop that an error leaves or a RETOUR EN re-enters."""
        unit = self.unit
        out = unit.out
        out.emit("lp = []")
        out.emit("while True:")
        out.depth += 1
        out.emit("try:")
        out.depth += 1
        out.emit("while True:")
        out.depth += 1
        unit.where(0, 0)
        out.emit(unit.budget_test("_LINES[pc]"))
        self.tree(sorted(unit.entries))
        self.unentered()
        out.depth -= 2
        unit.where(0, 0)
        out.emit("except BaseException as e:")
        out.emit(f"    pc = _caught(e, _TABLE_{unit.tag()}, lp)")
        if unit.settled:  # RETOUR EN came back into it: what was called may have changed what they name
            out.emit(f"    {unit.settling()}")
        out.depth -= 1

    def unentered(self) -> None:
        """Write as one call (an internal error, were it run) the cases that no code enters: none of the roots
        (the unit's entry), none that a case entered sends control to. Decision: CPython's compile time follows
        the code's size; a case whose every way in was written into the code before it is dead code. Only
        where the loops are decided (a run-time loop stack sets pc itself, as a second root or a computed
        jump make it) and no jump is computed."""
        unit = self.unit
        if unit.states is None or unit.computed:
            return
        by_block = {leaf[0]: leaf for leaf in self.leaves}
        entered, waiting = set(), [block for block in unit.roots if block in by_block]
        while waiting:
            block = waiting.pop()
            if block not in entered:
                entered.add(block)
                waiting.extend(target for target in by_block[block][4] if target in by_block)
        out = unit.out
        for block, start, end, depth, _ in reversed(self.leaves):  # (from the last: the indexes stay true)
            if block not in entered:
                out.lines[start:end] = [INDENT * depth + "_unentered()"]
                out.table[start:end] = [(0, 0)]

    def tree(self, entries: list[int]) -> None:
        """A tree of tests on pc whose leaves run the entry blocks."""
        out = self.unit.out
        if len(entries) <= CASES_IN_A_ROW:
            for position, block_id in enumerate(entries):
                if position == len(entries) - 1 and position > 0:
                    out.emit("else:")
                else:
                    out.emit(f"{'if' if position == 0 else 'elif'} pc == {block_id}:")
                out.depth += 1
                self.leaf(block_id)
                out.depth -= 1
            return
        middle = len(entries) // 2
        out.emit(f"if pc < {entries[middle]}:")
        out.depth += 1
        self.tree(entries[:middle])
        out.depth -= 1
        out.emit("else:")
        out.depth += 1
        self.tree(entries[middle:])
        out.depth -= 1

    def leaf(self, block_id: int) -> None:
        """A case of the dispatch, with where its lines are and the blocks its code sends control to."""
        out = self.unit.out
        before, self.jumps = self.jumps, set()
        start = len(out.lines)
        self.unit.case(block_id)
        self.leaves.append((block_id, start, len(out.lines), out.depth, self.jumps))
        self.jumps = before | self.jumps

    def jump_among(self, code: str, lines: tuple[int, ...], source: int, others: bool = False) -> None:
        """A computed jump whose value can only be one of a few numbers (targets.py): a test of each that is a
        line; any other value fails as the jump to it does (a line left out would be an internal error). With
        `others`, the lines are only the likely ones (see likely_lines): any other value jumps by `_goto`. `source`:
        the jump's line (UnitCode.leaves_loops)."""
        unit = self.unit
        unit.out.emit(f"_t = {code}")
        before = unit.kept.recent
        self.tests_among(lines, unit.out.where, source, before, others)
        unit.kept.recent = before

    def likely_lines(self, line: int) -> tuple[int, ...]:
        """The lines a computed jump of `line` whose value is not known is tested for first: its unit's own lines
        (a procedure's, from its PROCEDURE to the next), up to LIKELY_LINES of them from the jump's on.

        Decision: `ALLER EN 310+10*K` chooses among the lines after it (Arsac's switch); a line of another unit
        is legal but rare, and goes through `_goto` and the dispatch. The tests' arms run small blocks inline
        (UnitCode.go), so that a procedure's `RESULTAT` is reached without a pass of the dispatch."""
        program = self.unit.shared.ir
        own = [number for number in self.unit.unit.own_lines if number in program.line_block]
        after = [number for number in own if number >= line]
        return tuple(sorted((after + [number for number in own if number < line][::-1])[:LIKELY_LINES]))

    def tests_among(self, lines: tuple[int, ...], where: tuple[int, int], source: int, before: set[str],
                    others: bool = False) -> None:
        """The tests of a computed jump's value (a float, see jump_among): halved by `<` while more than
        CASES_IN_A_ROW lines are left, as the cases are, then one `==` a line (`where`: the jump's place, for its
        failure; `before`: the indexes kept there; the arms write other lines and keep others)."""
        unit = self.unit
        out = unit.out
        if len(lines) > CASES_IN_A_ROW:
            half = len(lines) // 2
            for position, part in enumerate((lines[:half], lines[half:])):
                out.where = where
                out.emit("else:" if position else f"if _t < {float(lines[half])!r}:")
                out.depth += 1
                self.tests_among(part, where, source, before, others)
                out.depth -= 1
            return
        for position, line in enumerate(lines):
            out.where = where
            out.emit(f"{'if' if position == 0 else 'elif'} _t == {float(line)!r}:")
            out.depth += 1
            unit.kept.recent = set(before)
            if unit.states is None and unit.leaves_loops(source, line):
                out.emit(f"if lp: _leave(lp, {line})")
            unit.go(unit.shared.ir.line_block[line])
            out.depth -= 1
        out.where = where
        if lines:
            out.emit("else:")
            out.depth += 1
        if others:
            out.emit(f"pc = _goto(lp, _t); {'continue' if unit.fused is None else 'break'}")
        else:
            out.emit(f"_stray({'lp' if unit.states is None else '[]'}, _t)")  # (no loop stack: the loops are known)
        if lines:
            out.depth -= 1
