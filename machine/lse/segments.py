"""Assemble segments: FAIRE loops, fast loops, and lines run together; imports compiler, emit and layout.

A segment is one Python function: the statements of a line from an entry point
to the end of the line or to a FAIRE. Outside --profile, a segment that falls
through to the next lines takes up to INLINE_LINES of them along, and a FAIRE
whose body is straight-line code runs as one Python loop.
"""

from __future__ import annotations

from collections import Counter

from machine.errors import InternalError
from machine.lse import nodes as n
from machine.lse.compiler import StatementCompiler
from machine.lse.emit import Cost, Emitter, Ex
from machine.lse.layout import Segment

# What one pass of a FAIRE costs besides its body: step, add, compare, store.
PASS_COST = {"loop_step": 1, "variable": 1, "add": 1, "compare": 1, "assign": 1}
STRAIGHT_BREAKERS = (n.Goto, n.Faire, n.Retour, n.Resultat, n.Procedure, n.Executer)
INLINE_LINES = 3


class SegmentCompiler(StatementCompiler):
    """Generate the Python source of the segments of one unit."""

    # ------------------------------------------------------------ segments
    def faire(self, out: Emitter, node: n.Faire, pc: int, line: n.Line) -> list[str]:
        """Emit a FAIRE that ends a segment; return the source of its step function."""
        self.loop_entry(out, node)
        end = self.layout.resolve(node.end)
        end_index = self.layout.line_index.get(end)
        if end_index is None:
            out.emit(f"return M.unknown_line({end})")
        else:
            after_end = self.layout.next_line_pc(end_index)
            out.emit(f"return M.faire(_step{pc}, _st, _lim, _go, G, L, "
                     f"{line.number}, {end}, {pc + 1}, {after_end})")
        return self.step_function(node, pc)

    def loop_entry(self, out: Emitter, node: n.Faire) -> None:
        """Emit what starts a FAIRE: its bounds in _s, _st, _lim, the variable set, and _go (enter the body?)."""
        start = self.value(node.start)
        step = self.value(node.step) if node.step is not None else Ex("1.0", "n", Cost())
        cost = start.cost.merge(step.cost).add("loop_init")
        limit = self.value(node.limit) if node.limit is not None else None
        if limit is not None:
            cost.merge(limit.cost)
        self.charge(out, cost)
        # A bound that is not a number is an error; one known to be a number needs no test.
        step_code = step.code if step.kind == "n" else f"_num({step.code})"
        out.emit(f"_s = {start.code}; _st = {step_code}; _lim = {limit.code if limit else 'None'}")
        if limit is not None and limit.kind != "n":
            out.emit("_num(_lim)")
        self.store_var(out, node.var, Ex("_s", start.kind, Cost()))
        if node.cond is not None:
            cond = self.expr(node.cond)
            if cond.gen:
                raise InternalError("the parser lets no procedure call into a TANT QUE condition")
            self.charge(out, cond.cost)
            out.emit(f"_go = {cond.code}")
        elif node.step is None or (isinstance(node.step, n.Num) and node.step.value >= 0):
            out.emit("_go = _s <= _lim")  # a constant step of a known sign (the parser gives -1 as a negation)
        else:
            out.emit("_go = (_s <= _lim) if _st >= 0 else (_s >= _lim)")

    def step_function(self, node: n.Faire, pc: int) -> list[str]:
        out = Emitter()
        out.emit("v = " + self.step_sum(self.read_var(node.var), "rec.step", node))
        if node.cond is None:
            out.emit("if not ((v <= rec.limit) if rec.step >= 0 else (v >= rec.limit)): return False")
            self.store_var(out, node.var, Ex("v", "n", Cost()))
            out.emit("return True")
        else:
            self.store_var(out, node.var, Ex("v", "n", Cost()))
            cond = self.expr(node.cond)
            self.charge(out, cond.cost)
            out.emit(f"return {cond.code}")
        return [f"def _step{pc}(G, L, M, rec):"] + out.lines

    # ---------------------------------------------------------- fast loops
    def loop_header(self, segment: Segment) -> n.Faire | None:
        """Return the FAIRE whose body starts at this segment, if any."""
        if segment.start == 0:
            return None
        before = self.layout.program.lines[segment.line_index].statements[segment.start - 1]
        return before if isinstance(before, n.Faire) else None

    def straight(self, statement: object) -> bool:
        """True if a statement never jumps, returns or starts a loop."""
        if isinstance(statement, n.If):
            return self.straight(statement.then) and (statement.other is None or self.straight(statement.other))
        if isinstance(statement, n.Block):
            return all(self.straight(item) for item in statement.statements)
        return not isinstance(statement, STRAIGHT_BREAKERS)

    def loop_body(self, segment: Segment, faire: n.Faire) -> list[tuple] | None:
        """Return the body of a FAIRE as (line, statements) pairs if it can run as one Python loop."""
        end = self.layout.resolve(faire.end)
        end_index = self.layout.line_index.get(end) if end is not None else None
        if end_index is None or end_index < segment.line_index:
            return None
        lines = self.layout.program.lines
        body = [(lines[segment.line_index], lines[segment.line_index].statements[segment.start:])]
        body += [(line, line.statements) for line in lines[segment.line_index + 1:end_index + 1]]
        for line, statements in body:
            if line.number != end and line.number in self.layout.loop_ends:
                return None
            if not all(self.straight(statement) for statement in statements):
                return None
        return body

    def fast_loop(self, out: Emitter, pc: int, faire: n.Faire, body: list[tuple]) -> None:
        """Emit a loop body that runs pass after pass until it ends or the slice is spent.

        The body's other lines run inside a try (free in CPython 3.11 until something
        raises) so that an error names its own line, not the loop's first line.
        """
        end = self.layout.resolve(faire.end)
        after_end = self.layout.next_line_pc(self.layout.line_index[end])
        out.emit("_loop = M.loops[-1]; _stp = _loop.step; _lim = _loop.limit; _up = _stp >= 0")
        out.emit("while True:")
        out.depth += 1
        first = body[0][0].number
        for line, statements in body:
            if line.number != first:
                out.emit("try:")
                out.depth += 1
            self.statements(out, statements)
            if line.number == end:
                self.loop_pass(out, faire, f"return M.end_of_line({end}, G, L, {after_end})")
            if line.number != first:
                out.emit("pass")
                out.depth -= 1
                out.emit(f"except _Exception as _e: raise M.at_line(_e, {line.number})")
        out.emit(f"if M.cyc >= M.budget: return {pc}")
        out.depth -= 1

    def loop_pass(self, out: Emitter, faire: n.Faire, leave: str, charged: bool = False) -> None:
        """Emit the end of one pass of a fast loop: step the variable, pop the loop and `leave` when done.

        `charged`: the pass's own cost was already charged on every path that reaches it.
        """
        if not charged:
            self.charge_pass_cost(out)
        out.emit(f"v = {self.step_sum(self.read_var(faire.var), '_stp', faire)}")
        if faire.cond is None:
            out.emit(f"if not {self.within('v', '_lim', '_up', faire)}:")
            out.emit("    M.loops.pop()")
            out.emit(f"    {leave}")
            self.store_var(out, faire.var, Ex("v", "n", Cost()))
        else:
            self.store_var(out, faire.var, Ex("v", "n", Cost()))
            cond = self.value(faire.cond)
            self.charge(out, cond.cost)
            out.emit(f"if not {cond.code}:")
            out.emit("    M.loops.pop()")
            out.emit(f"    {leave}")

    def charge_pass_cost(self, out: Emitter) -> None:
        """Charge what one pass of a FAIRE costs besides its body."""
        self.charge(out, Cost(Counter(PASS_COST)))

    @staticmethod
    def within(value: str, limit: str, up: str, faire: n.Faire) -> str:
        """The test that a loop variable has not passed its limit; the step's sign is used when it is a constant."""
        step = faire.step
        if step is None or isinstance(step, n.Num):
            return f"({value} <= {limit})" if step is None or step.value >= 0 else f"({value} >= {limit})"
        return f"(({value} <= {limit}) if {up} else ({value} >= {limit}))"

    def inline_following(self, out: Emitter, index: int) -> int:
        """Run the next lines in this function when control falls into them; return the last one's index.

        A line is taken along only if nothing ends a loop before it and it holds no
        FAIRE or PROCEDURE; it stays enterable on its own for jumps. Each runs in a
        try (free until something raises) so that an error names its own line.
        """
        if self.tables.profile:
            return index
        lines = self.layout.program.lines
        for _ in range(INLINE_LINES):
            if lines[index].number in self.layout.loop_ends or index + 1 >= len(lines):
                break
            following = lines[index + 1]
            if any(isinstance(statement, (n.Faire, n.Procedure)) for statement in following.statements):
                break
            index += 1
            out.emit("try:")
            out.depth += 1
            self.statements(out, following.statements)
            out.emit("pass")
            out.depth -= 1
            out.emit(f"except _Exception as _e: raise M.at_line(_e, {following.number})")
        return index

    def segment(self, pc: int) -> tuple[str, bool]:
        """Return the Python source of segment pc compiled for this unit."""
        segment = self.layout.segments[pc]
        line = self.layout.program.lines[segment.line_index]
        self.tables.line = line.number
        self.gen = False
        out = Emitter()
        extra: list[str] = []
        body = line.statements[segment.start:]
        faire = None if self.tables.profile else self.loop_header(segment)
        loop_body = self.loop_body(segment, faire) if faire is not None else None
        if loop_body is not None:
            self.fast_loop(out, pc, faire, loop_body)
            body = ()
        ends_with_faire = loop_body is not None
        for position, statement in enumerate(body):
            if isinstance(statement, n.Faire):
                self.statements(out, body[:position])
                self.charge(out, Cost().add("statement"))
                extra = self.faire(out, statement, pc, line)
                ends_with_faire = True
                break
        if not ends_with_faire:
            self.statements(out, body)
            index = self.inline_following(out, segment.line_index)
            line = self.layout.program.lines[index]
            next_pc = self.layout.next_line_pc(index)
            if line.number in self.layout.loop_ends:
                out.emit(f"return M.end_of_line({line.number}, G, L, {next_pc})")
            else:
                out.emit(f"return {next_pc}")
        header = f"def _seg{pc}(G, L, M):"
        return "\n".join([header] + out.lines + extra) + "\n"


