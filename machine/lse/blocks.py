"""The blocks of a unit's function: the dispatch tree, the lines each block runs, FAIRE and loop ends.

Imports emit, flow, nodes, parser and segments; never the runtime. A mixin of UnitCompiler
(unitcode.py), whose state it reads: layout, pcs, flow, eol_pc, hot, has_loops, block_pc.
"""

from __future__ import annotations

from collections import Counter

from machine.lse import nodes as n
from machine.lse.emit import INDENT, Cost, Emitter, Ex
from machine.lse.flow import ENDS_FLOW, has_call
from machine.lse.parser import walk
from machine.lse.segments import PASS_COST

INLINE_LINES = 3  # lines that a block runs on into before it dispatches again


class Blocks:
    """What UnitCompiler adds for blocks: one per segment a run can reach, and the jumps between them."""

    def tree(self, out: Emitter, keys: list[int]) -> None:
        """Dispatch on pc by halves down to one block per leaf."""
        if len(keys) == 1:
            self.block(out, keys[0])
            return
        middle = len(keys) // 2
        out.emit(f"if pc < {keys[middle]}:")
        out.depth += 1
        self.tree(out, keys[:middle])
        out.depth -= 1
        out.emit("else:")
        out.depth += 1
        self.tree(out, keys[middle:])
        out.depth -= 1

    def block(self, out: Emitter, pc: int) -> None:
        if pc < 0:
            self.emit_flush(out)
            out.emit("return pc")
        elif pc == self.layout.end_pc:
            out.emit("M.fell_off_the_end()")
        elif pc > self.layout.end_pc:
            line = next(line for line, eol in self.eol_pc.items() if eol == pc)
            self.end_of_line_block(out, line)
        else:
            self.segment_block(out, pc)

    def segment_block(self, out: Emitter, pc: int) -> None:
        segment = self.layout.segments[pc]
        line = self.layout.program.lines[segment.line_index]
        self.tables.line = line.number
        faire = self.loop_header(segment)
        body = self.loop_body(segment, faire) if faire is not None else None
        if body is not None:
            self.fast_loop(out, pc, faire, body)
            return
        self.skip_end = None
        trial = Emitter()
        trial.depth, trial.temp = out.depth + 1, out.temp
        self.block_pc, self.self_jumps = pc, 0
        self.loop_level += 1
        self.run_lines(trial, segment.line_index, segment.start, INLINE_LINES if pc in self.hot else 0)
        self.loop_level -= 1
        self.block_pc = None
        out.temp = trial.temp
        if self.self_jumps:
            # Decision: a block that jumps back to its own start runs as a Python `while`
            # (the hot loop of most GOTO programs), leaving it only for other blocks.
            out.emit("while True:")
            out.lines.extend(trial.lines)
            out.emit("continue")
        else:  # the same lines one level out (generated once: generating is most of a start-up)
            out.lines.extend(text[len(INDENT):] for text in trial.lines)

    def st_Goto(self, out: Emitter, node: n.Goto) -> None:
        number = self.layout.resolve(node.target)
        if self.skip_end is not None and number == self.skip_end:
            self.charge(out, Cost().add("jump"))
            self.charge_pass(out)
            out.emit("break")
            return
        if self.block_pc is None or self.synced is not None or self.layout.line_pc.get(number) != self.block_pc:
            super().st_Goto(out, node)
            return
        self.charge(out, Cost().add("jump"))
        if self.has_loops:
            out.emit(f"if not ({self.stays_in_loop(number)}): M.jump({self.block_pc}, {number})")
        out.emit("if c < lim: continue")
        out.emit(f"pc = {self.block_pc}; break")
        self.self_jumps += 1

    def jump_code(self, target: n.Target) -> str:
        number = self.layout.resolve(target)
        if number not in self.layout.line_pc:
            return super().jump_code(target)
        pc = self.layout.line_pc[number]
        if not self.has_loops:
            return str(pc)  # no FAIRE in this unit: no loop to leave
        # Leaving the innermost loop (a jump out of a FAIRE) pops it here, and M.jump any more.
        return (f"({pc} if {self.stays_in_loop(number)} else {pc} if _jl.pop() and "
                f"(not _jl or (_jt := _jl[-1]).first <= {number} <= _jt.end) else M.jump({pc}, {number}))")

    @staticmethod
    def stays_in_loop(line: int) -> str:
        """A test that a jump to `line` leaves no loop: none is open, or the innermost contains the line.

        Else M.jump pops the innermost, and maybe more.

        Decision: made inline, since most jumps stay inside the innermost loop and a method
        call on every pass of a GOTO loop cost as much as the rest of its bookkeeping.
        """
        return f"not (_jl := M.loops) or (_jt := _jl[-1]).first <= {line} <= _jt.end"

    def run_lines(self, out: Emitter, index: int, start: int, limit: int = INLINE_LINES) -> None:
        """Emit a line from a statement on, then the lines it falls into, up to `limit` of them."""
        lines = self.layout.program.lines
        runs, goes = self.block_plan(index, start, limit)
        for index, start in runs:
            line = lines[index]
            statements = line.statements[start:]
            out.emit(f"ln = {line.number}")
            for position, statement in enumerate(statements):
                if isinstance(statement, n.Faire):
                    self.statements(out, statements[:position])
                    self.charge(out, Cost().add("statement"))
                    self.enter_faire(out, statement, self.layout.pc_of[(index, start + position + 1)], line)
                    return
            self.statements(out, statements)
        if goes is not None:
            self.transfer(out, str(goes))

    def block_plan(self, index: int, start: int, limit: int) -> tuple[list[tuple[int, int]], int | None]:
        """The (line index, first statement) that a block runs through, and the pc it then goes on to.

        None when its last line ends otherwise: a FAIRE, or a statement that never falls through.
        """
        lines = self.layout.program.lines
        runs = []
        for taken in range(limit + 1):
            line = lines[index]
            runs.append((index, start))
            statements = line.statements[start:]
            if any(isinstance(statement, n.Faire) for statement in statements) or (
                    statements and isinstance(statements[-1], ENDS_FLOW)):
                return runs, None
            if line.number in self.eol_pc and self.has_loops:  # else no loop of this unit can end here
                return runs, self.eol_pc[line.number]
            following = index + 1
            if (taken == limit or following >= len(lines)
                    or any(isinstance(item, n.Procedure) for item in lines[following].statements)):
                return runs, self.layout.next_line_pc(index)
            index, start = following, 0
        raise AssertionError("unreachable: the last pass returns")

    def _hot_pcs(self) -> set[int]:
        """The blocks worth running on into the lines after them: where jumps, loops and calls land.

        Decision: a block that only a taken-up run can start (after an error, a pause or a
        debugger's step) runs its own line and dispatches again: generating and compiling the
        lines it would run on into is most of a program's start-up, and it runs once.
        """
        layout = self.layout
        if self.flow.computed:
            return set(self.pcs)
        work = [self.unit.entry_pc, *self.flow.returns]
        for node in self.nodes:
            if isinstance(node, n.Goto) and layout.resolve(node.target) in layout.line_pc:
                work.append(layout.line_pc[layout.resolve(node.target)])
        for pc in self.pcs:
            if 0 < pc < layout.end_pc and layout.segments[pc].start > 0:
                work.append(pc)  # a loop's body
        for line in self.eol_pc:
            work.append(layout.next_line_pc(layout.line_index[line]))  # past a loop's end
        hot: set[int] = set()
        while work:
            pc = work.pop()
            if pc in hot or pc not in self.pcs or pc >= layout.end_pc:
                continue
            hot.add(pc)
            segment = layout.segments[pc]
            goes = self.block_plan(segment.line_index, segment.start, INLINE_LINES)[1]
            if goes is not None:
                work.append(goes)
        return hot

    def enter_faire(self, out: Emitter, node: n.Faire, body_pc: int, line: n.Line) -> None:
        """A FAIRE: set the variable, then enter the body or skip the loop."""
        if has_call(node):
            calls = [call for call in walk(node) if isinstance(call, n.Call)]
            self.emit_flush(out, self._in_tables(set().union(*(self.flow.call_touches(c) for c in calls))),
                            cycles=False)
            self.synced = self._in_tables(set().union(*(self.flow.call_writes(c) for c in calls)))
        self.loop_entry(out, node)
        end = self.layout.resolve(node.end)
        if end not in self.layout.line_index:
            self.transfer(out, f"M.unknown_line({end})")
        elif end < line.number:  # M.enter_loop reports it
            self.transfer(out, f"M.enter_loop(_st, _lim, _go, {line.number}, {end}, {body_pc}, {self.eol_pc[end]})")
        else:
            # Decision: what M.enter_loop does, inline (a FAIRE entered at each pass of an outer
            # loop or of a GOTO loop paid two calls for it): the same FAIRE again is closed first,
            # a loop it would cross is BAD_NESTING (M.enter_loop raises it), then it opens.
            out.emit("_l = M.loops")
            out.emit(f"while _l and _l[-1].body_pc == {body_pc}: _l.pop()")
            out.emit(f"if _l and _l[-1].end < {end} and _l[-1].first <= {line.number}: "
                     f"M.enter_loop(_st, _lim, _go, {line.number}, {end}, {body_pc}, 0)")
            # A loop record never changes once made: the one made last time here serves again
            # when its step and limit are the same (as they are, entering it pass after pass).
            site = len(self.loop_records)
            self.loop_records.append(None)
            out.emit("if _go:")
            out.emit(f"    if (_lo := _LC[{site}]) is None or _lo.step != _st or _lo.limit != _lim:")
            out.emit(f"        _lo = _LC[{site}] = _Loop(None, _st, _lim, {body_pc}, {line.number}, {end})")
            out.emit("    _l.append(_lo)")
            self.transfer(out, f"{body_pc} if _go else {self.after_loop_pc(end)}")
        self.synced = None

    def after_loop_pc(self, end: int) -> int:
        """Where a loop that ends on line `end` goes when it is done: where that line's block would send it.

        The next line, unless another FAIRE ends on that line too (its loop may be the next to step).
        """
        if end in self.layout.shared_loop_ends:
            return self.eol_pc[end]
        return self.layout.next_line_pc(self.layout.line_index[end])

    def end_of_line_block(self, out: Emitter, line: int) -> None:
        """After a line that ends loops: step the innermost loop ending here, or go on to the next line."""
        index = self.layout.line_index[line]
        out.emit(f"ln = {line}")
        out.emit("_lp = M.loops[-1] if M.loops else None")
        out.emit(f"if _lp is None or _lp.end != {line}:")
        out.emit(f"    pc = {self.layout.next_line_pc(index)}")
        out.emit("    continue")
        self.charge(out, Cost(Counter(PASS_COST)))
        out.emit("_bp = _lp.body_pc")
        for body_pc in sorted(self.pcs):
            faire = self._faire_of(body_pc - 1) if body_pc > 0 else None
            if faire is None or self.layout.resolve(faire.end) != line:
                continue
            out.emit(f"if _bp == {body_pc}:")
            out.depth += 1
            self.step(out, faire, body_pc)
            out.depth -= 1
        out.emit("M.foreign_loop(_bp)")

    def step(self, out: Emitter, faire: n.Faire, body_pc: int) -> None:
        """One more pass of a loop, or pop it (and look at this line's end again)."""
        out.emit(f"v = {self.step_sum(self.read_var(faire.var), '_lp.step', faire)}")
        if faire.cond is None:
            out.emit(f"if {self.within('v', '_lp.limit', '_lp.step >= 0', faire)}:")
            out.depth += 1
            self.store_var(out, faire.var, Ex("v", "n", Cost()))
            self.transfer(out, str(body_pc))
            out.depth -= 1
        else:
            self.store_var(out, faire.var, Ex("v", "n", Cost()))
            cond = self.expr(faire.cond)
            self.charge(out, cond.cost)
            out.emit(f"if {cond.code}:")
            out.depth += 1
            self.transfer(out, str(body_pc))
            out.depth -= 1
        out.emit("M.loops.pop()")
        out.emit("continue")
