"""Python code for the FAIRE loops of a unit: their start, each pass at the end of their last line.

A part of the one code generator (pygen.UnitCode gives it the unit's flow, storage and output); loops
that the program's shape decides are plain Python locals and jumps, the others a run-time stack.
Imports ir, analyses, costs, nodes and operands; never the runtime.
"""

from __future__ import annotations

from machine.lse import analyses, ir, pyflow
from machine.lse import nodes as n
from machine.lse.costs import expression_cost
from machine.lse.operands import whole24


class LoopCode:
    """The loops of one unit (see pygen.UnitCode)."""

    def __init__(self, unit: object) -> None:
        self.unit = unit
        self.ir = unit.shared.ir

    def open_loop(self, block: ir.Block, exit_: ir.OpenLoop) -> None:
        """A FAIRE after its set-up: into its body if it runs, else to the end of its last line."""
        unit, out = self.unit, self.unit.out
        node = exit_.node
        if node.cond is not None:
            cond, _ = unit.statements.value(node.cond)
            out.emit(f"_go = {cond}")
        elif node.step is None or (type(node.step) is n.Num and node.step.value >= 0):
            out.emit("_go = _s <= _lim")
        else:
            out.emit("_go = (_s <= _lim) if _st >= 0 else (_s >= _lim)")
        if exit_.end is None or exit_.end not in self.ir.line_block:
            out.emit(f"M.unknown_line({unit.shared.layout.resolve(node.end)})")
            return
        after = analyses.next_line_block(self.ir, exit_.end)
        if unit.states is None:
            out.emit(f"if _open(lp, _st, _lim, _go, {exit_.at}, {exit_.end}, {exit_.body}): "
                     f"pc = {exit_.body}; continue")
            self.line_end(exit_.end, after)
            return
        out.emit(f"_st{exit_.body} = _st; _lim{exit_.body} = _lim")
        counter = unit.counter(node.var)
        if counter is not None and exit_.body in unit.counted:  # its passes a `for` over ints (see count)
            out.emit(f"{counter}, _ist{exit_.body}, _stop{exit_.body} = _counted(_s, _st, _lim)")
        elif counter is not None:  # set whether the loop runs or not: the variable was (no TANT QUE has one)
            out.emit(f"{counter}, _ist{exit_.body} = _whole_pass(_s, _st, _lim)")
        out.emit("if _go:")
        out.depth += 1
        unit.go(exit_.body)
        out.depth -= 1
        self.static_line_end(exit_.end, analyses.reopened(unit.states[block.id], exit_), after)

    def count(self, body: int, loop: ir.OpenLoop) -> None:
        """A loop's passes from its body as a Python `for` over its variable's ints (or over its one
        int, NaN where the variable is no whole number), the case's `while` round it for the rest.

        Decision: each pass's code is that of the `while` but for the step: the `for` gives the next
        int, and the float is set from it when the `for` is left (by the budget's test after a pass,
        its end or an error), so the body reads the variable as its int plus 0.0 (its float if the
        int is NaN: the general way's tests count on an int being an int or NaN). The case's `while`
        tests the budget before the `for` and goes round when the step (written as for any loop,
        from the float) finds one more pass: a pause, a change made by the monitor, a variable that
        is no whole number all come back through it. pyflow.counted_loop says which loops qualify.
        """
        unit, out = self.unit, self.unit.out
        var = loop.node.var
        counter = unit.counter(var)
        out.emit("while True:")
        out.depth += 1
        unit.where(self.ir.blocks[body].line, 0)
        out.emit(f"if cyc >= bud: M.slice_end({self.ir.blocks[body].line})")
        out.emit("try:")
        at = len(out.lines)
        out.emit(f"    for {counter} in (_rg if _stop{body} is not None and _type({counter}) is _int and "
                 f"(_rg := _range({counter}, _stop{body}, _ist{body})) else ({counter},)):")
        out.depth += 2
        self.passes(body, loop)
        out.depth -= 2
        if unit.hoisted:  # read before the `for`; where they cannot be, None fails the fast paths
            names = list(unit.hoisted)
            out.insert(at, [f"try: {'; '.join(f'{name} = {code}' for name, code in unit.hoisted.items())}",
                            f"except _Exception: {' = '.join(names)} = None"])
            unit.hoisted = {}
        line, state, next_block = unit.count_end
        unit.where(line, 0)
        out.emit("except BaseException:")
        out.emit(f"    {unit.store(var, unit.counted_value(var), 'n')}; raise")
        out.emit(unit.store(var, unit.counted_value(var), "n"))
        self.static_line_end(line, state, next_block, paid=True)
        unit.fused = None
        out.depth -= 1

    def passes(self, body: int, loop: ir.OpenLoop) -> None:
        """The code of one pass of a counted loop, in its `for` (the case's own loop)."""
        unit = self.unit
        nodes = analyses.unit_nodes(self.ir, sorted(pyflow.loop_region(self.ir, body)))
        assigned = {node.target.name for node in nodes if type(node) is n.Assign and type(node.target) is n.Var}
        # What no pass changes is read once before the `for`: the arrays it indexes and their descriptions
        # (a pass neither declares nor frees; an array's name given a number fails: DEJA DECLAREE
        # AUTREMENT), and the offsets of matrix rows indexed by the ints of the loops around it.
        unit.invariant = unit.counters - assigned - {loop.node.var}
        arrays = sorted({node.name for node in nodes if type(node) is n.Index} - assigned)
        unit.hoisting = {name: f"_H{at}" for at, name in enumerate(arrays)}
        unit.hoisted = {}
        unit.fused, unit.counting = body, loop
        unit.chain(body)  # up to static_line_end, which ends the pass
        unit.counting, unit.hoisting = None, {}

    def ints_suffice(self, body: int, loop: ir.OpenLoop) -> bool:
        """True if a pass of the loop, written as in its `for` (then taken back), reads its variable's float
        nowhere but in the general way's code and in the arms of a SI: making the float from the int is
        slower than the step, where it is made at every pass.

        Decision: measured with cells, a pass of `for` that makes the float costs ~15 ns more than one of
        the `while` that adds the step to it; one that does not, ~10 ns less.
        """
        unit, out = self.unit, self.unit.out
        lines, depth, where = len(out.lines), out.depth, out.where
        unit.hot_reads = 0
        self.passes(body, loop)
        unit.fused = None
        del out.lines[lines:], out.table[lines:]
        out.depth, out.where = depth, where
        return unit.hot_reads == 0

    def static_line_end(self, line: int, state: tuple, next_block: int, paid: bool = False) -> None:
        """The end of a line that ends loops known at compile time: each goes round again or is done
        (`paid`: the innermost's pass was paid inside its `for`, see count)."""
        unit = self.unit
        if unit.counting is not None and state[-1] is unit.counting:  # a pass of the `for`: paid, then next
            self.pay_pass(line)
            unit.out.emit("if cyc >= bud: break")
            unit.out.emit("continue")  # (a way that jumps here is written where it jumps)
            unit.count_end = (line, state, next_block)
            return
        while state and state[-1].end == line:
            loop = state[-1]
            if not paid:
                self.pay_pass(line)
            paid = False
            self.step(loop.node, loop.body, line, f"_st{loop.body}", f"_lim{loop.body}")
            state = state[:-1]
        if next_block in unit.entries:
            unit.go(next_block)
        else:
            unit.chain(next_block)

    def pay_pass(self, line: int) -> None:
        """One pass of a loop at the end of its last line: paid with the block, or here."""
        unit = self.unit
        if unit.merged_pass:
            unit.merged_pass = False  # paid with the block
            unit.where(line, 0)
        else:
            unit.pay(ir.PASS_COST, line)

    def line_end(self, line: int, next_block: int) -> None:
        """The end of a line that ends loops: step the innermost loop while it ends here."""
        out = self.unit.out
        out.emit(f"pc = {next_block}")
        out.emit(f"while lp and lp[-1].end == {line}:")
        out.depth += 1
        self.unit.pay(ir.PASS_COST, line)  # paid where it is: a pass is its own point
        out.emit("_lo = lp[-1]")
        for body, faire in self.loops_ending(line):
            out.emit(f"if _lo.body == {body}:")
            out.depth += 1
            self.step(faire, body, line, "_lo.step", "_lo.limit")
            out.depth -= 1
        out.emit("lp.pop()")
        out.depth -= 1
        out.emit("continue")

    def loops_ending(self, line: int) -> list[tuple[int, n.Faire]]:
        """The body and FAIRE of each loop of the unit that ends on a line."""
        found = []
        for block_id in self.unit.block_ids:
            exit_ = self.ir.blocks[block_id].exit
            if type(exit_) is ir.OpenLoop and exit_.end == line:
                found.append((exit_.body, exit_.node))
        return found

    def step_sum(self, faire: n.Faire, code: str) -> str:
        """A loop variable plus its step in the number model: a whole counter (only its FAIRE sets it, from
        and by whole constants) is exact up to 2^24, so up to a whole constant limit it needs no rounding."""
        unit, numbers = self.unit, self.unit.shared.numbers
        if faire.var in unit.shared.layout.whole_counters and unit.storage(faire.var) in ("global", "shared", "local"):
            return code if whole24(faire.limit) else numbers.whole_step(code)
        return numbers.step(code)

    def step(self, faire: n.Faire, body: int, line: int, step: str, limit: str) -> None:
        """One more pass of a FAIRE at the end of its last line, if its variable stays within the limit."""
        unit, out = self.unit, self.unit.out
        total = self.step_sum(faire, f"{unit.read(faire.var)} + {step}")
        out.emit(f"_v = {total}")
        if faire.cond is None:
            if faire.step is None or type(faire.step) is n.Num:
                up = faire.step is None or faire.step.value >= 0
                test = f"_v <= {limit}" if up else f"_v >= {limit}"
            else:
                test = f"(_v <= {limit}) if {step} >= 0 else (_v >= {limit})"
            out.emit(f"if {test}:")
            out.depth += 1
            out.emit(unit.store(faire.var, "_v", "n"))
            counter = unit.counter(faire.var)  # (none where the loops are kept at run time)
            if counter is not None:
                out.emit(f"{counter} += _ist{body}")
            self.round(body)
            out.depth -= 1
            return
        out.emit(unit.store(faire.var, "_v", "n"))
        unit.pay(expression_cost(faire.cond), line)
        cond, _ = unit.statements.value(faire.cond)
        out.emit(f"if {cond}:")
        out.depth += 1
        self.round(body)
        out.depth -= 1

    def round(self, body: int) -> None:
        """Go round a loop again: to its body (out of the run-time loop stack's `while` when there is one)."""
        if self.unit.states is None:
            self.unit.out.emit(f"pc = {body}; break")
        else:
            self.unit.go(body)
