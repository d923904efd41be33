"""FAIRE loops of straight code as one Python `while` in plain runs; imports charges, emit, nodes, parser, segments.

A mixin of UnitCompiler (unitcode.py): the loop's body runs pass after pass with
its variable in a local; an ALLER EN the loop's last line ends the pass.
"""

from __future__ import annotations

from machine.lse import nodes as n
from machine.lse.charges import CHARGE, LINE_MARK
from machine.lse.emit import Emitter
from machine.lse.parser import walk


class FastLoops:
    """What UnitCompiler adds for FAIRE loops whose body is straight code."""

    def loop_body(self, segment: object, faire: n.Faire) -> list[tuple] | None:
        """A FAIRE body of straight code, where a jump to the loop's last line (from before it) also counts.

        So does a jump out of the loop from its last line (emitted outside the `while` of a pass
        that ends early): it leaves the Python loop as any jump leaves a block, by the same code
        (M.jump closes the FAIRE), after the charges of its own path.
        """
        end = self.layout.resolve(faire.end)
        self.skip_end = end if self.layout.line_index.get(end, -1) > segment.line_index else None
        self.loop_lines = (segment.line_index, end)
        try:
            body = super().loop_body(segment, faire)
        finally:
            self.loop_lines = None
        if body is None or any(self.skip_end == self.layout.resolve(node.target)
                               for node in walk(body[-1][1]) if isinstance(node, n.Goto)):
            self.skip_end = None
            return None
        return body

    def straight(self, statement: object) -> bool:
        if isinstance(statement, n.Goto) and self.skip_end is not None and (
                self.layout.resolve(statement.target) == self.skip_end):
            return True
        if isinstance(statement, n.Goto) and self.loop_lines is not None:
            first, end = self.loop_lines
            index = self.layout.line_index.get(self.layout.resolve(statement.target))
            return statement.line == end and index is not None and (
                index <= first or index > self.layout.line_index[end])  # out of the loop, from its last line
        return super().straight(statement)

    def charge_pass(self, out: Emitter) -> None:
        """Before a jump to a fast loop's empty last line: that line's pass, charged here."""
        if self.sink_pass is not None:
            out.emit(f"ln = {self.sink_pass}")
            self.charge_pass_cost(out)

    def charge_pass_cost(self, out: Emitter) -> None:
        super().charge_pass_cost(out)
        self.pass_lines.append(len(out.lines) - 1)  # where the next pass's first charge may go (see rotate)

    def rotate(self, out: Emitter, start: int, faire: n.Faire) -> int:
        """Move a fast loop's first charge to the end of the pass before; return it (0: not moved).

        Decision: when the body starts with a charge alone in its run (a SI at the head of the
        loop, say), each pass pays the next pass's first charge with its own last one, in one add;
        the loop's entry pays it for the first pass, and every way out refunds it. Only where
        nothing can fail between the two (the loop's step cannot: a local, no TANT QUE, no rounding).
        """
        index = start
        while index < len(out.lines) and LINE_MARK.match(out.lines[index]):
            index += 1
        head = CHARGE.match(out.lines[index]) if index < len(out.lines) else None
        steps_safely = (faire.cond is None and self.cached(faire.var) and not self.is_ref(faire.var)
                        and not (self.lean and faire.var in self.unit.params)
                        and (self.whole_counter(faire) or self.step_sum("x", "y", faire) == "x + y"))
        body_indent = LINE_MARK.match(out.lines[start]).group(1) if LINE_MARK.match(out.lines[start]) else None
        if head is None or index in self.pass_lines or head.group(1) != body_indent or not steps_safely:
            return 0
        cycles = int(head.group(2))
        del out.lines[index]
        for line in self.pass_lines:
            line -= line > index
            charge = CHARGE.match(out.lines[line])
            out.lines[line] = f"{charge.group(1)}c += {int(charge.group(2)) + cycles}"
        return cycles

    def fast_loop(self, out: Emitter, pc: int, faire: n.Faire, body: list[tuple]) -> None:
        """A loop whose body is straight-line code: one Python `while`, left by break."""
        end = self.layout.resolve(faire.end)
        out.emit("_lp = M.loops[-1]; _stp = _lp.step; _lim = _lp.limit; _up = _stp >= 0")
        entry = len(out.lines)
        out.emit("while True:")
        out.depth += 1
        self.loop_level += 1
        self.pass_lines = []
        skips = self.skip_end is not None and any(
            self.skip_end == self.layout.resolve(node.target)
            for _, statements in body[:-1] for node in walk(statements) if isinstance(node, n.Goto))
        if skips:
            # ALLER EN the loop's last line (LSE's "next pass"): leave a one-pass `while` by break.
            out.emit("while True:")
            out.depth += 1
            self.loop_level += 1
            # Decision: when that last line is empty, its pass is charged before each break,
            # where it merges with the charges of the path that got there.
            self.sink_pass = end if not body[-1][1] else None
        for position, (line, statements) in enumerate(body):
            if skips and position == len(body) - 1:
                self.charge_pass(out)
                out.emit("break")
                out.depth -= 1
                self.loop_level -= 1
                if self.sink_pass is not None:
                    break
            if statements or position == len(body) - 1:
                out.emit(f"ln = {line.number}")
            self.statements(out, statements)
        self.skip_end = None
        sunk = self.sink_pass is not None
        if not sunk:
            self.charge_pass_cost(out)
        head = self.rotate(out, entry + 1 + skips, faire)
        refund = f"c -= {head}; " if head else ""
        self.loop_pass(out, faire, f"{refund}pc = {self.after_loop_pc(end)}; break", charged=True)
        self.sink_pass, self.pass_lines = None, []
        out.emit(f"if c >= lim: {refund}pc = {pc}; break")
        if head:
            out.lines.insert(entry, "    " * (out.depth - 1) + f"c += {head}")
        self.loop_level -= 1
        out.depth -= 1
        out.emit("continue")
