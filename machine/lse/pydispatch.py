"""Python code for a unit written as a dispatch on `pc`: its entry blocks as the cases of a tree of tests; and the
tests of a computed jump's value where it can only be a few lines (targets.py), a tree of the same shape.

A part of the one code generator (pygen.UnitCode gives it the unit's blocks, flow and output); the
dispatch remains only where the unit's code cannot be written as nested Python loops (pystructure).
Imports ir, analyses (its Flow), pyshared (the indent) and speculation (its refusal); never the runtime.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse.analyses import Flow, goes_anywhere
from machine.lse.pyshared import INDENT
from machine.lse.speculation import NotSpeculated

CASES_IN_A_ROW = 4  # up to this many cases in a row (see row); more are split in two by `pc <`
RUN_MOST = 8  # up to this many cases that run on one into the next in a row (see rows)
RUN_LOOKS = 64  # the most blocks runs_on looks through
LIKELY_LINES = 8  # the lines a computed jump whose lines are not known tests for before `_goto` (likely_lines)


class DispatchCode:
    """The dispatch of one unit (see pygen.UnitCode)."""

    def __init__(self, unit: object) -> None:
        self.unit = unit
        self.flow = Flow(unit.shared.ir)  # (the ways runs_on walks)
        # The cases that no code enters are written as one call (see unentered): the blocks each case's code
        # sends control to through pc, and a jump to a computed line, which may enter any.
        self.jumps: set[int] = set()
        self.leaves: list[tuple[int, int, int, int, set[int]]] = []  # (block, first line, end, depth, jumps)
        self.last_go: tuple[int, str, int, int] | None = None  # the last `pc = n; continue`: where, its line, n, depth

    def body(self) -> None:
        """The blocks as the cases of a dispatch on pc, in a loop that an error leaves or a RETOUR EN re-enters."""
        unit = self.unit
        out = unit.out
        out.emit("lp = [*open_loops]" if unit.is_main and unit.states is None else "lp = []")  # (see pyframe)
        crowded = unit.loops.crowded() if unit.states is None else []
        if crowded:
            out.emit("_le = 0")
        out.emit("while True:")
        out.depth += 1
        out.emit("try:")
        out.depth += 1
        out.emit("while True:")
        out.depth += 1
        unit.where(0, 0)
        if crowded:
            unit.loops.crowded_ends(crowded)
        out.emit(unit.budget_test("_LINES[pc]"))
        self.tree(self.rows(sorted(unit.entries)))
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

    def tree(self, rows: list[list[int]]) -> None:
        """A tree of tests on pc whose leaves are rows of entry blocks (see row)."""
        out = self.unit.out
        if len(rows) == 1:
            self.row(rows[0])
            return
        middle = len(rows) // 2
        out.emit(f"if pc < {rows[middle][0]}:")
        out.depth += 1
        self.tree(rows[:middle])
        out.depth -= 1
        out.emit("else:")
        out.depth += 1
        self.tree(rows[middle:])
        out.depth -= 1

    def rows(self, entries: list[int]) -> list[list[int]]:
        """The entry blocks (in order) cut into rows: a run of blocks each of which may run on into the next
        (runs_on) is a row of its own, up to RUN_MOST of them; shorter rows side by side are put in one, up to
        CASES_IN_A_ROW cases."""
        runs: list[list[int]] = []
        for at, block_id in enumerate(entries):
            if runs and len(runs[-1]) < RUN_MOST and self.runs_on(entries[at - 1], block_id):
                runs[-1].append(block_id)
            else:
                runs.append([block_id])
        rows: list[list[int]] = []
        for run in runs:
            if rows and len(rows[-1]) + len(run) <= CASES_IN_A_ROW:
                rows[-1].extend(run)
            else:
                rows.append(run)
        return rows

    def runs_on(self, block_id: int, following: int) -> bool:
        """True if the code of the case of `block_id` may go on at the case of `following`: a way from one to the
        other through blocks that are no cases (a guess for rows: any other end goes round the dispatch)."""
        program, entries, flow = self.unit.shared.ir, self.unit.entries, self.flow
        seen, work = {block_id}, [block_id]
        while work and len(seen) <= RUN_LOOKS:
            at = work.pop()
            if goes_anywhere(program.blocks[at].exit):
                continue  # (a jump to any line: through the dispatch)
            for target in flow.after(at):
                if target == following or target < 0 and flow.hub_reaches(target, following):
                    return True  # (a hub goes only to loops' bodies, cases all)
                if target not in seen and target not in entries and target >= 0:
                    seen.add(target)
                    work.append(target)
        return False

    def row(self, entries: list[int]) -> None:
        """Cases one after the other, each but the last under `if pc <= block:`, so that the row is entered at the
        case pc names (the tree let in only the row's); a case whose code ends by going on at the next case falls
        into it, with no pass of the dispatch.

        Decision: a line that only runs on into the next (straight code under a computed jump, where every line
        is a case) went round the dispatch: its budget's test and the tree's (banque.lse's three lines of draws);
        now one comparison. Any other end of a case goes round the dispatch as before (`continue`).
        """
        out = self.unit.out
        for position, block_id in enumerate(entries):
            last = position == len(entries) - 1
            if not last:
                out.emit(f"if pc <= {block_id}:")
                out.depth += 1
            self.last_go = None
            self.leaf(block_id)
            if not last:
                self.fall_into(entries[position + 1])
                out.depth -= 1

    def fall_into(self, following: int) -> None:
        """End the case just written: its last line going on at the `following` case becomes `pass` (its `if` is
        left for the next case's, which lets it in: pc is at most this case's block); any other end goes round
        the dispatch, written where the case's code may run off its end (a Python loop left by `break`)."""
        out = self.unit.out
        go = self.last_go
        if go is None or go[0] != out.last_code or out.lines[go[0]] is not go[1] or go[3] != out.depth:
            out.emit("continue")
        elif go[2] == following:
            out.lines[go[0]] = INDENT * out.depth + "pass"

    def went(self, target: int) -> None:
        """A `pc = target; continue` was just written (UnitCode.go): where it is, for fall_into."""
        out = self.unit.out
        self.last_go = (len(out.lines) - 1, out.lines[-1], target, out.depth)

    def leaf(self, block_id: int) -> None:
        """A case of the dispatch, with where its lines are and the blocks its code sends control to."""
        out = self.unit.out
        before, self.jumps = self.jumps, set()
        start = len(out.lines)
        self.unit.case(block_id)
        self.leaves.append((block_id, start, len(out.lines), out.depth, self.jumps))
        self.jumps = before | self.jumps

    def computed_jump(self, exit_: ir.Jump, line: int, block_id: int) -> None:
        """ALLER EN a line its expression computes (`line`: the jump's, `block_id`: its block): the tests of its
        value among the lines it may go to, or the likely ones and `_goto` where it may go anywhere."""
        unit = self.unit
        program = unit.shared.ir
        if exit_.speculative and (unit.states is None or any(
                loop.copies is not None or id(loop.node) in program.copied_from for loop in unit.states[block_id])):
            # (its loops kept at run time, or one open there a copy, which the code built again may not hold)
            raise NotSpeculated(line)
        code, _ = unit.statements.value(exit_.expr)
        deopt = self.deopt(unit.states[block_id]) if exit_.speculative else None
        if exit_.found_lines is None:
            self.jump_among(code, self.likely_lines(line), line, others=True)
        elif unit.structured and (joined := unit.structure.joined_after(block_id)) is not None:
            # (a switch in a case's chain whose cases all go on to one block: they alone in a loop run once)
            unit.structure.once_around(*joined, lambda: self.jump_among(
                code, exit_.found_lines, line, deopt=deopt, jump=exit_))
        else:
            self.jump_among(code, exit_.found_lines, line, deopt=deopt, jump=exit_)

    @staticmethod
    def deopt(loops: tuple) -> str:
        """What a guessed jump does with a line it was not told: go on there in code built without the guess, with
        the FAIRE loops open at the jump (`loops`, decided here: their steps and limits are this unit's locals),
        outermost first, as that code keeps them on its stack (frames.Loop's step, limit, body, first and end)."""
        open_loops = "".join(f"(_st{loop.body}, _lim{loop.body}, {loop.body}, {loop.at}, {loop.end}), "
                             for loop in loops)
        return f"_deopt(_t, ({open_loops}))" if loops else "_deopt(_t)"

    def jump_among(self, code: str, lines: tuple[int, ...], source: int, others: bool = False,
                   deopt: str | None = None, jump: ir.Jump | None = None) -> None:
        """A computed jump whose value can only be one of a few numbers (targets.py): a test of each that is a
        line; any other value fails as the jump to it does (a line left out would be an internal error). With
        `others`, the lines are only the likely ones (see likely_lines): any other value jumps by `_goto`. `source`:
        the jump's line (UnitCode.leaves_loops). With `deopt`, the lines are those it likely goes to (speculation.py):
        any other line goes on in code built without the guess (`deopt` says how: see deopt). `jump`: the exit, whose
        given line may go to a copy of its block (ir.ProgramIR.line_target)."""
        unit = self.unit
        unit.out.emit(f"_t = {code}")
        before = unit.kept.recent
        self.tests_among(lines, unit.out.where, source, before, others, deopt, jump)
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
                    others: bool = False, deopt: str | None = None, jump: ir.Jump | None = None) -> None:
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
                self.tests_among(part, where, source, before, others, deopt, jump)
                out.depth -= 1
            return
        for position, line in enumerate(lines):
            out.where = where
            out.emit(f"{'if' if position == 0 else 'elif'} _t == {float(line)!r}:")
            out.depth += 1
            unit.kept.recent = set(before)
            if unit.states is None and unit.leaves_loops(source, line):
                out.emit(f"if lp: _leave(lp, {line})")
            program = unit.shared.ir
            unit.go(program.line_block[line] if jump is None else program.line_target(jump, line))
            out.depth -= 1
        out.where = where
        if lines:
            out.emit("else:")
            out.depth += 1
        if others:
            out.emit(f"pc = _goto(lp, _t); {'continue' if unit.fused is None else 'break'}")
        elif deopt is not None:
            out.emit(deopt)
        else:
            out.emit(f"_stray({'lp' if unit.states is None else '[]'}, _t)")  # (no loop stack: the loops are known)
        if lines:
            out.depth -= 1
