"""Python code for the FAIRE loops of a unit: their start, each pass at the end of their last line.

A part of the one code generator (pygen.UnitCode gives it the unit's flow, storage and output); loops
that the program's shape decides are plain Python locals and jumps, the others a run-time stack; a
counted loop is a Python `for`, with what no pass changes read before it. Imports ir, analyses, pyflow,
pyslices, pybounds (what the bounds say, the int shadows), costs, nodes, operands, checks.walk, values (slot
numbers), pyarray.HOISTED and pyexpr.python_name; never the runtime.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice

from machine.lse import analyses, ir, pyflow, pyslices
from machine.lse import nodes as n
from machine.lse.checks import walk
from machine.lse.costs import expression_cost
from machine.lse.numbers import WHOLE_EXACT
from machine.lse.operands import constant_passes, fractional, offset_of, whole, whole24, whole_constant
from machine.lse.pyarray import HOISTED
from machine.lse.pybounds import counts_up, fixed_bounds, fixed_shadow, rising, shadow, short, whole_start
from machine.lse.pyexpr import python_name
from machine.lse.pyshared import CROWDED_END
from machine.lse.values import COLUMNS, INT_BOUND, INT_COLUMN_BOUND


class LoopCode:
    """The loops of one unit (see pygen.UnitCode)."""

    def __init__(self, unit: object) -> None:
        self.unit = unit
        self.ir = unit.shared.ir
        self.hoisting: dict[str, str] = {}  # the arrays that the `for` being written reads before it, their names
        self.hoisted: dict[str, str] = {}  # what the `for` reads before it, by name (see count)
        self.invariant: set[str] = set()  # the counters that keep their int through the `for`
        self.floorable: set[str] = set()  # the number variables whose floor is taken before the `for` (floor_of)
        self.counted: dict[int, ir.OpenLoop] = {}  # the loops whose passes are a Python `for`, by body block
        self.counting: ir.OpenLoop | None = None  # the one whose pass is being written
        self.hot_reads = 0  # its variable's float read where the code is hot (see ints_suffice)
        self.count_end: tuple = ()  # where its pass ends: (line, loops open, next block)
        self.price: int | None = None  # what its pass costs, where the pass is written without adds
        self.adds = 0  # how many adds the pass so written has left out
        self.bulk: set[int] = set()  # the counted loops whose passes are paid in bulk, by body block
        self.dual: dict[int, int] = {}  # those written both ways: the passes from which the `for` runs
        self.float_first: set[int] = set()  # those whose passes read the float, set first in each pass
        self.head_at: int | None = None  # where the pass being written starts (its code's first line)
        self.head: int | None = None  # its first add, where nothing comes before it (see count)
        self.bound: int | None = None  # the most its pass can cost, where known (pyflow.pass_bound)
        self.caps: dict[str, int] = {}  # the bounds of the capped indexes (see capped), each with its greatest offset
        self.floor: int | None = None  # the least offset of the floored index parts (see floored)
        self.regions: dict[int, list] = {}  # each counted loop's nodes, by body block (see loop_nodes)
        self.bounds: dict[int, int | None] = {}  # the most each counted loop's pass can cost (see pass_bound)
        self.ending: dict[int, list[tuple[int, n.Faire]]] | None = None  # the loops ending on each line (loops_ending)

    def choose(self) -> None:
        """The counted loops of the unit (plain runs and --profile, loops known; not the debugger's, whose monitor may
        change a variable at any line): those pyflow.counted_loop finds whose variable has an int; function() keeps
        those whose ints suffice."""
        unit = self.unit
        if unit.shared.debug or unit.states is None:
            return
        self.counted = {body: loop for body in unit.entries if (loop := pyflow.counted_loop(
            self.ir, unit.states, unit.entries, body)) and loop.node.var in unit.counters and not short(
            loop.node, unit.states[body][:-1])}

    def open_loop(self, block: ir.Block, exit_: ir.OpenLoop) -> None:
        """A FAIRE after its set-up: into its body if it runs, else to the end of its last line."""
        unit, out = self.unit, self.unit.out
        node = exit_.node
        fixed = fixed_bounds(node, unit.states is not None)  # (its start and step written as they are)
        if fixed is None:
            if node.cond is not None:
                cond, _ = unit.statements.value(node.cond)
                out.emit(f"_go = {cond}")
            elif (up := counts_up(node.step)) is not None:
                out.emit("_go = _s <= _lim" if up else "_go = _s >= _lim")
            else:
                out.emit("_go = (_s <= _lim) if _st >= 0 else (_s >= _lim)")
        if exit_.end is None or exit_.end not in self.ir.line_block:
            out.emit(f"M.unknown_line({unit.shared.layout.resolve(node.end)})")
            return
        after = analyses.after_line(self.ir, exit_.end, exit_.copies)
        if unit.states is None:
            out.emit(f"if _open(lp, _st, _lim, _go, {exit_.at}, {exit_.end}, {exit_.body}): "
                     f"pc = {exit_.body}; continue")
            self.line_end(exit_.end, after)
            return
        out.emit(f"_st{exit_.body} = {fixed[1] if fixed else '_st'}; _lim{exit_.body} = _lim")
        counter = unit.counter(node.var)
        inside = None
        if counter is not None and node.cond is not None:  # a TANT QUE steps its variable with no int
            out.emit(f"{counter} = _NAN")
        elif counter is not None:  # set whether the loop runs or not: the variable was
            counted = exit_.body in self.counted  # its passes a `for` over ints (see count)
            names = f"{counter}, _ist{exit_.body}" + (f", _stop{exit_.body}" if counted else "")
            start = whole_start(node)
            if start is not None and not whole24(node.limit):
                # Decision: a loop that does not run leaves its variable at its whole start, its int that start;
                # the rest of the shadow (a limit's test, a floor) is worked out only for a loop that runs.
                out.emit(f"{counter} = {start}")
                inside = "\n".join(fixed_shadow(node, counter, exit_.body, counted)) if fixed else (
                    f"{names} = {shadow(node, counted)}")
            else:
                out.emit(f"{names} = {shadow(node, counted)}")
        out.emit("if _go:" if not fixed else f"if {fixed[0]} {fixed[2]} _lim:")
        out.depth += 1
        if inside is not None:
            out.emit(inside)
        state = analyses.reopened(unit.states[block.id], exit_)
        if unit.structured and self.counting is None and exit_.body not in unit.structure.placed and not (
                state and state[-1].end == exit_.end):
            # The loop written here; where the way that skips it goes, with nothing to step on the way, to a block
            # the loop is left for, the two ways meet after the `if`.
            ways_out = unit.structure.write_at(exit_.body, defer=True)
            meet = after in {way[0] for way in ways_out}
            unit.structure.leave_loop(ways_out, after if meet else None)
            out.depth -= 1
            if meet:
                unit.structure.go_on(after)
            else:
                self.static_line_end(exit_.end, state, after)
            return
        unit.go(exit_.body)
        out.depth -= 1
        self.static_line_end(exit_.end, state, after)

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
        out.emit(unit.budget_test(self.ir.blocks[body].line))
        out.emit("try:")
        at = len(out.lines)
        out.depth += 2
        price = self.passes(body, loop, body in self.bulk)
        out.depth -= 1
        cut = bool(self.caps) or self.floor is not None  # (its ints may be cut: a pass of NaN, see chosen)
        chosen = self.chosen(body, counter)
        head, self.head = self.head, None
        bound, self.bound = self.bound, None
        if price is None and head is None and bound is None:
            header = [f"for {counter} in ({chosen}):"]
            left = unit.store(var, self.counted_value(var), "n")
        else:  # the passes the slice has room for, paid together after them
            # (sliced only where they do not all fit: the passes that end the slice are few, a loop's starts many)
            # Decision: a pass with ways of different prices pays its first add so (`head`: the rest where it
            # is, the budget tested after each pass, which may end the `for`: paid for the passes run). Where
            # the most a pass can cost is known (`bound`), the slice has room for the passes it runs, and no
            # pass tests the budget: a pass that could reach it is the last the room gives, tested after the `for`.
            paid = price if price is not None else head or 0
            most = price if price is not None else bound or head
            room = f"(_m if (_m := -_floor((cyc - bud) // {most}.0)) > 1 else 1)"
            header = [f"_it = {chosen}", f"if cyc + {most}.0 * _len(_it) > bud: _it = _it[:{room}]"]
            at_once = pyslices.slice_assignment(unit, self.ir, body, loop) if price is not None else None
            header += [f"for {counter} in _it:"] if at_once is None else [
                "_run = _it", "try:", f"    if {at_once[0]}: {at_once[1]}; {counter} = _it[-1]; _run = ()",
                "except _Exception: pass", f"for {counter} in _run:"]
            # (with a head: the passes of a `for` run to its end paid after it, those of one the budget ends where
            # it ends, see static_line_end)
            if paid:
                out.emit(f"cyc += {paid}.0 * _len(_it)" if head is None else f"else: cyc += {paid}.0 * _len(_it)")
            paying = f"cyc += {paid}.0 * (_it.index({counter}) + 1); " if paid else ""
            left = f"{paying}{unit.store(var, self.counted_value(var), 'n')}"
        hoisted = [f"try: {'; '.join(f'{name} = {code}' for name, code in self.hoisted.items())}",
                   f"except _Exception: {' = '.join(self.hoisted)} = None"] if self.hoisted else []
        if body in self.float_first:  # its float set first, read as it is (see keep_cheap)
            out.insert(at, [unit.store(var, self.counted_value(var), "n")], out.depth + 1)
        out.insert(at, hoisted + header, out.depth)  # read before the `for`; None (cannot be) fails the fast paths
        self.hoisted, self.caps, self.floor = {}, {}, None
        out.depth -= 1
        line, state, next_block = self.count_end
        unit.where(line, 0)
        out.emit("except BaseException:")
        out.emit(f"    {left}; raise")
        out.emit(unit.store(var, self.counted_value(var), "n"))
        if cut:  # a pass of NaN run the general way: the int taken again from the float, for the passes after it
            value = unit.read(var)
            out.emit(f"if {counter} != {counter}: {counter} = _k if -{WHOLE_EXACT!r} <= {value} <= {WHOLE_EXACT!r} "
                     f"and (_k := _floor({value})) == {value} else _NAN")
        # (the loops around it that end on its line step in that line's segment; what is written after the loop, in
        # the segment it was written in, as pygen.run_chain keeps it)
        segment, unit.segment_line = unit.segment_line, line
        self.static_line_end(line, state, next_block, paid=True)
        unit.segment_line = segment
        unit.fused = None
        out.depth -= 1

    def chosen(self, body: int, counter: str) -> str:
        """What a counted loop's `for` runs over: its variable's ints, `range(i, stop, step)`, stopped short of the
        first int that an index part of its own (the int plus or minus a constant: see capped, floored) would
        take out of its bounds; else the one pass of the int as it is (NaN where the ints were cut: that pass
        runs the general way, which raises where such an index is read; count takes the int again after it, so
        that a loop from 1 whose pass reads C[I-1] only where I>1 runs its other passes in the `for`)."""
        ints, stop, step = f"_stop{body} is not None and _type({counter}) is _int", f"_stop{body}", f"_ist{body}"
        up = down = stop  # the stop of a range going up, and of one going down
        tests = []
        if self.caps:
            cap = f"_T{body}"  # the greatest int: under each bound less its index's offset
            caps = [f"{bound} - {offset + 1}" if offset > -1 else f"{bound} + {-offset - 1}" if offset < -1 else bound
                    for bound, offset in self.caps.items()]
            self.hoisted[cap] = caps[0] if len(caps) == 1 else f"_min({', '.join(caps)})"
            ints = f"{ints} and {cap} is not None"
            up = f"({stop} if {stop} <= {cap} + 1 else {cap} + 1)"
            tests.append(f"({step} > 0 or {counter} <= {cap})")
        if self.floor is not None:
            low = 1 - self.floor  # the least int: every such index part from 1
            down = f"({stop} if {stop} >= {low - 1} else {low - 1})"
            tests.append(f"({step} < 0 or {counter} >= {low})")
        if up != down:
            stop = f"({up} if {step} > 0 else {down})"
        alone = "_NAN" if tests else counter
        cut = "".join(f" and {test}" for test in tests)
        return f"_rg if {ints} and (_rg := _range({counter}, {stop}, {step})){cut} else ({alone},)"

    def passes(self, body: int, loop: ir.OpenLoop, bulk: bool = False) -> int | None:
        """The code of one pass of a counted loop, in its `for` (the case's own loop); with `bulk`, its adds
        to the cycles are not written but given back, summed: the price of a pass (see count)."""
        unit = self.unit
        self.price, self.adds, self.hot_reads = (0 if bulk else None), 0, 0
        self.head_at, self.head = (None if bulk else len(unit.out.lines)), None
        self.bound = None if bulk else self.pass_bound(body)
        nodes = self.loop_nodes(body)
        assigned = {node.target.name for node in nodes if type(node) is n.Assign and type(node.target) is n.Var}
        assigned.update(target.name for node in nodes if type(node) is n.Lire for target in node.targets
                        if type(target) is n.Var)  # (LIRE sets a counter's int too: pystmt.counter_given)
        # What no pass changes is read once before the `for`: the arrays it indexes and their descriptions
        # (a pass neither declares nor frees; an array's name given a number fails: DEJA DECLAREE
        # AUTREMENT), and the offsets of matrix rows indexed by the ints of the loops around it.
        self.invariant = unit.counters - assigned - {loop.node.var}
        # Number variables that index and that no pass stores into (not even through a reference, which may
        # name one of them): their floor can be taken once, before the `for` (pyindex.floored).
        through_ref = any(type(node) is n.Assign and type(node.target) is n.Var and
                          unit.storage(node.target.name) == "ref" for node in nodes)
        self.floorable = set() if through_ref else {
            name for name in analyses.index_names(nodes) - assigned - unit.counters
            if unit.storage(name) in ("local", "global") and unit.kind(name) == "n"}
        arrays = sorted({node.name for node in nodes if type(node) is n.Index} - assigned)
        self.hoisting = {name: f"{HOISTED}{at}" for at, name in enumerate(arrays)}
        self.hoisted, self.caps, self.floor = {}, {}, None
        unit.fused, self.counting = body, loop
        unit.chain(body)  # up to static_line_end, which ends the pass
        self.counting, self.hoisting, self.floorable, self.head_at = None, {}, set(), None
        price, self.price = self.price, None
        return price

    def heads(self, lines: list[str]) -> bool:
        """True if an add about to be written is the first code of a counted loop's pass (only its lines'
        comments before it): paid with the passes (see count)."""
        at = self.head_at
        if at is None or self.head is not None:
            return False
        if all(line.lstrip().startswith("#") for line in islice(lines, at, None)):
            return True
        self.head_at = None  # (code came first: the pass has no such add, and nothing later is asked again)
        return False

    def keep_cheap(self) -> None:
        """Keep the counted loops whose ints suffice, and note those paid in bulk (before the unit's code is
        written). One whose passes read its float is written both ways (`dual`: the passes from which its `for`
        runs), or where its bounds are constants, as a `for` alone (0) or not kept (too few passes); it is not
        kept either where its pass saves nothing as a `for`'s, or a constant that is no whole number starts or
        steps it (its ints are NaN: no pass would be a `for`'s).

        Decision: where a pass reads the float, the `for` sets it from the int first (one conversion a pass,
        however many reads) and is chosen when the loop has passes enough to run to pay for its start, else the
        `while` (see long_passes): a knapsack's inner loop of 300 passes took 0.70 of the time as a `for`, one
        of 11 passes 0.82; a determinant's of 3 to 6 passes 1.24 as a `for`, a lift's of 10 passes 1.16.
        """
        kept = {}
        for body, loop in self.counted.items():
            known = constant_passes(loop.node)  # (its bounds constants: the choice made here, 0 a `for` alone)
            if self.ints_suffice(body, loop):
                kept[body] = loop
                if known is None:
                    self.dual[body] = FEW_PASSES
            elif not fractional(loop.node) and (passes := self.long_passes(body, body in self.bulk)) is not None:
                if known is None or known >= passes:
                    kept[body], self.dual[body] = loop, (passes if known is None else 0)
                    self.float_first.add(body)
        self.counted = kept

    def long_passes(self, body: int, bulk: bool) -> int | None:
        """From how many passes the `for` of a loop whose passes read its float costs less than its `while`: its
        start against what each pass saves, the step, and where the passes are paid in bulk the add and the
        budget's test; for each element of a matrix the pass reads or stores, the description and the row read
        before the `for`; less the float made from the int. None where a pass saves nothing."""
        elements = sum(type(node) is n.Index and len(node.indices) == 2 for node in self.loop_nodes(body))
        saved = PASS_SAVED + (BULK_SAVED if bulk else 0) + ELEMENT_SAVED * elements - FLOAT_MADE
        return max(2, -(-FOR_START // saved)) if saved > 0 else None

    def pass_bound(self, body: int) -> int | None:
        """The most a counted loop's pass can cost (pyflow.pass_bound), found once: ints_suffice and count ask."""
        if body not in self.bounds:
            self.bounds[body] = pyflow.pass_bound(self.ir, body, self.unit.shared.price)
        return self.bounds[body]

    def loop_nodes(self, body: int) -> list:
        """A counted loop's nodes, found once: ints_suffice, long_passes and each pass written read them."""
        nodes = self.regions.get(body)
        if nodes is None:
            nodes = self.regions[body] = analyses.unit_nodes(self.ir, sorted(pyflow.loop_region(self.ir, body)))
        return nodes

    def write_dual(self, body: int, while_case: Callable[[], None]) -> None:
        """A counted loop of computed bounds (see keep_cheap): its `for` where it has the passes to run that pay
        for its start, else its `while` (`while_case` writes it); the unit's state the same at the start of each.
        (Its ints' distance to the `for`'s stop, tested one way where a constant step says which.)"""
        unit, out = self.unit, self.unit.out
        node = self.counted[body].node
        counter, passes = unit.counter(node.var), self.dual[body]
        up = counts_up(node.step) if node.step is None or whole_constant(node.step) is not None else None
        far = {True: f"_stop{body} - {counter} >= {passes}", False: f"{counter} - _stop{body} >= {passes}",
               None: f"not -{passes} < _stop{body} - {counter} < {passes}"}[up]
        out.emit(f"if _stop{body} is not None and {far}:")
        owed, fused = unit.owed, unit.fused
        out.depth += 1
        self.count(body, self.counted[body])
        out.depth -= 1
        out.emit("else:")
        unit.owed, unit.fused = owed, fused
        loop = self.counted.pop(body)
        del self.dual[body]
        out.depth += 1
        while_case()
        out.depth -= 1
        self.counted[body], self.dual[body] = loop, passes

    def ints_suffice(self, body: int, loop: ir.OpenLoop) -> bool:
        """True if a pass of the loop, written as in its `for` (then taken back), reads its variable's float
        nowhere but in the general way's code and in the arms of a SI: making the float from the int is
        slower than the step, where it is made at every pass. A pass that always costs the same and was
        written with one add is paid in bulk (an error's refund is that of the add it reached).

        Decision: measured with cells, a pass of `for` that makes the float costs ~15 ns more than one of
        the `while` that adds the step to it; one that does not, ~10 ns less.
        """
        unit, out = self.unit, self.unit.out
        lines, depth, where = len(out.lines), out.depth, out.where
        # (--profile pays each point where it is: no pass in bulk)
        price = self.passes(body, loop, not unit.shared.profile and pyflow.constant_pass(self.ir, body))
        if price is not None and self.adds <= 1:
            self.bulk.add(body)
        unit.fused = None
        del out.lines[lines:], out.table[lines:]
        out.depth, out.where = depth, where
        return self.hot_reads == 0

    def counted_value(self, name: str) -> str:
        """A counted loop's variable in its `for`: its int as a float, or its float where the int is NaN."""
        counter = python_name("i", name)
        return f"{self.unit.pyname(name)} if {counter} != {counter} else {counter} + 0.0"

    def description(self, name: str, matrix: bool) -> str | None:
        """The name of an array's description read before the `for` being written, if it is (and of its row
        length for a matrix)."""
        hoisted = self.hoisting.get(name)
        if hoisted is not None:
            self.hoisted.setdefault(hoisted, f"{self.fast_array(name)}[0]")
            if matrix:
                self.hoisted[f"{hoisted}s"] = f"{hoisted}[{COLUMNS}]"
            # the bounds of an int index and of an int column, whichever the pass asks (pyarray.Element.bound)
            self.hoisted.setdefault(f"{hoisted}v", f"{hoisted}[{INT_BOUND}]")
            self.hoisted.setdefault(f"{hoisted}c", f"{hoisted}[{INT_COLUMN_BOUND}]")
        return hoisted

    def fast_array(self, name: str) -> str:
        """An array in a fast path: read before the `for` being written, unless it is a plain name."""
        code, hoisted = self.unit.settled_array(name), self.hoisting.get(name)
        if hoisted is None or code.isidentifier():
            return code
        array = f"_A{hoisted[len(HOISTED):]}"
        self.hoisted.setdefault(array, code)
        return array

    def row_offset(self, name: str, row: object, code: str, above: bool) -> str | None:
        """The name of a matrix row's offset read before the `for` being written, where its description is and
        the row is an int that the pass does not change: None where the row is below 1 (a TypeError)."""
        if not self.invariant_part(name, row):
            return None
        offset = f"({code} - 1) * {self.description(name, True)}s"
        return self.named("_R", offset if above else f"{offset} if {code} > 0 else None")

    def column(self, name: str, part: object, code: str, above: bool) -> str | None:
        """The name of a matrix column read before the `for` being written, where its description is and the
        column is an int that the pass does not change: None where it names no column (a TypeError)."""
        if not self.invariant_part(name, part):
            return None
        test = f"{self.description(name, True)}[{INT_COLUMN_BOUND}] > {code}"
        return self.named("_C", f"{code} if {test if above else f'{code} > 0 and {test}'} else None")

    def capped(self, name: str, part: object, column: bool) -> bool:
        """True if an index, or a matrix's `column`, that is the counted loop's int plus or minus a whole constant
        has its upper bound tested before the `for` being written: the passes its ints give stop short of the
        first past the last.

        Decision: tested once, however the index is reached in a pass (under a SI, after an exit): a pass
        beyond the cap runs with NaN for the int, the general way, which raises where the index is read.
        """
        offset = self.own_offset(part)
        if offset is None or name not in self.hoisting:
            return False
        bound = f"{self.description(name, column)}{'c' if column else 'v'}"  # the int bound it stays under
        self.caps[bound] = max(offset, self.caps.get(bound, offset))
        return True

    def floored(self, part: object) -> bool:
        """True if an index part that is the counted loop's int plus or minus a whole constant has its lower bound
        tested before the `for` being written (see chosen): from 1, whatever array it indexes."""
        offset = self.own_offset(part)
        if offset is None:
            return False
        self.floor = offset if self.floor is None else min(self.floor, offset)
        return True

    def own_offset(self, part: object) -> int | None:
        """The whole constant an index part adds to the int of the counted loop being written, if it is that."""
        base, offset = offset_of(part)
        if self.counting is None or type(base) is not n.Var or base.name != self.counting.node.var:
            return None
        return offset

    def invariant_part(self, name: str, part: object) -> bool:
        """True if an index part of an array read before the `for` reads only ints that no pass changes."""
        return name in self.hoisting and all(
            type(item) is not n.Var or item.name in self.invariant for item in walk(part))

    def floor_of(self, name: str) -> str:
        """The name of a number variable's floor, an int taken before the `for` being written (see floorable), or
        None where the variable is not whole: the index it is part of then fails, and the pass runs the general
        way (a fraction plus a whole number may round to the next whole number: 1 - 2^-53 plus 1 is 2.0)."""
        value = self.unit.read(name)
        return self.named("_F", f"(_floor({value}) if {value} % 1.0 == 0.0 else None)")

    def named(self, prefix: str, code: str) -> str:
        """The name of a value read before the `for` being written (once, whatever asks for it again)."""
        for known, value in self.hoisted.items():
            if value == code:
                return known
        self.hoisted[f"{prefix}{len(self.hoisted)}"] = code
        return f"{prefix}{len(self.hoisted) - 1}"

    def static_line_end(self, line: int, state: tuple, next_block: int, paid: bool = False) -> None:
        """The end of a line that ends loops known at compile time: each goes round again or is done
        (`paid`: the innermost's pass was paid inside its `for`, see count)."""
        unit = self.unit
        if self.counting is not None and state[-1] is self.counting:  # a pass of the `for`: paid, then next
            self.pay_pass(line)
            # (no test where the slice has room for the most every pass of the `for` can cost: bound, or in bulk)
            if self.bound is None and self.price is None and self.head is not None:  # heads paid as the `for` ends
                counter = unit.counter(self.counting.node.var)
                unit.out.emit(f"if cyc >= bud: cyc += {self.head}.0 * (_it.index({counter}) + 1); break")
            elif self.bound is None and self.price is None:
                unit.out.emit("if cyc >= bud: break")
            unit.out.emit("continue")  # (a way that jumps here is written where it jumps)
            self.count_end = (line, state, next_block)
            return
        while state and state[-1].end == line:
            loop = state[-1]
            merged = not paid and self.pay_pass(line)
            paid = False
            self.step(loop.node, loop.body, line, f"_st{loop.body}", f"_lim{loop.body}", merged)
            state = state[:-1]
        if next_block in unit.entries:
            unit.go(next_block)
        else:
            unit.chain(next_block)

    def pay_pass(self, line: int) -> bool:
        """One pass of a loop at the end of its last line: paid with the block (True: a TANT QUE's test too, see
        pycharges.merged_pass), or here."""
        unit = self.unit
        if unit.merged_pass:
            unit.merged_pass = False  # paid with the block
            unit.where(line, 0)
            return True
        unit.pay(ir.PASS_COST, line)
        return False

    def line_end(self, line: int, next_block: int) -> None:
        """The end of a line that ends loops: step the innermost loop while it ends here (for a line that ends
        CROWDED_END loops or more, at the top of the dispatch: see crowded_ends)."""
        out = self.unit.out
        out.emit(f"pc = {next_block}")
        if len(self.loops_ending(line)) >= CROWDED_END:
            out.emit(f"_le = {line}; continue")
            return
        self.stepping(line)
        out.emit("continue")

    def crowded(self) -> list[int]:
        """The lines that end CROWDED_END loops of the unit or more, where they are kept at run time."""
        self.loops_ending(0)
        return sorted(line for line, loops in self.ending.items() if len(loops) >= CROWDED_END)

    def crowded_ends(self, lines: list[int]) -> None:
        """The ends of the crowded lines, written once at the top of the dispatch, where line_end sends control
        with the line in `_le` (and the block after it in pc).

        Decision: written where it ends, each line's end tests every loop that may end there, so that a line
        ending k loops had k ends of k loops each: 150 loops sharing their last line were 7.8 MB of Python
        (335 MB, 1 s to compile)."""
        unit, out = self.unit, self.unit.out
        out.emit("if _le:")
        out.depth += 1
        for line in lines:
            out.emit(f"if _le == {line}:")
            out.depth += 1
            unit.where(line, 0)
            out.emit("_le = 0")
            unit.kept.pass_starts(None)
            self.stepping(line)
            out.depth -= 1
        out.depth -= 1
        unit.where(0, 0)

    def stepping(self, line: int) -> None:
        """The loops ending on a line stepped from the run-time stack, the innermost while it ends there: a `break`
        with pc its body where one goes round, else pc as it was."""
        out = self.unit.out
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

    def loops_ending(self, line: int) -> list[tuple[int, n.Faire]]:
        """The body and FAIRE of each loop of the unit that ends on a line.

        Decision: found for every line at once, on the first question: each line end asked again, a walk of the
        unit's blocks each (1 000 loops, each left by a jump into another, took 3.5 s: 3 000 walks of 4 000 blocks)."""
        if self.ending is None:
            self.ending = {}
            for block_id in self.unit.block_ids:
                exit_ = self.ir.blocks[block_id].exit
                if type(exit_) is ir.OpenLoop:
                    self.ending.setdefault(exit_.end, []).append((exit_.body, exit_.node))
        return self.ending.get(line, [])

    def ends_reached(self) -> dict[int, frozenset[int]]:
        """Each line whose end the unit's code may reach with loops on its stack, and the bodies of the loops
        that end there, which it steps (see line_end)."""
        ends = {exit_.line if type(exit_) is ir.LineEnd else exit_.end for block_id in self.unit.block_ids
                if type(exit_ := self.ir.blocks[block_id].exit) in (ir.LineEnd, ir.OpenLoop)}
        return {line: frozenset(body for body, _ in self.loops_ending(line)) for line in ends}

    def step_sum(self, faire: n.Faire, code: str) -> str:
        """A loop variable plus its step in the number model: a whole counter (only its FAIRE sets it, from
        and by whole constants; linker.counters_kept stops a run the monitor gave it a fraction) is exact
        up to 2^24, so up to a whole constant limit it needs no rounding; so is a variable proved whole in its
        unit (holdings.whole_variables: linker.wholes_kept) stepped by a whole constant or a step proved whole (read
        once, when the FAIRE starts), tested for its size, and one
        expected whole (kinds.whole_names: from a size read in) tested for its size and wholeness first.

        Decision: whole_counters is by name, so a procedure's own `FAIRE I←G` (G a parameter) took it from the
        program's `FAIRE I←1` too, whose every step a quicksort's main loops then rounded as a fraction."""
        unit, numbers, layout = self.unit, self.unit.shared.numbers, self.unit.shared.layout
        if faire.var in layout.whole_counters and unit.storage(faire.var) in ("global", "shared", "local"):
            return code if whole24(faire.limit) else numbers.whole_step(code, rising(faire.var, layout.noted))
        if faire.step is None or whole24(faire.step) or whole(faire.step, unit.proven):  # (J←I*I PAS I: a sieve's)
            if faire.var in unit.proven:
                return numbers.whole_step(code)
            if faire.var in unit.whole and numbers.single:  # expected whole (a size read in): tested first (~13 ns)
                return numbers.result(code, whole=True)
        return numbers.step(code)

    def step(self, faire: n.Faire, body: int, line: int, step: str, limit: str, merged: bool = False) -> None:
        """One more pass of a FAIRE at the end of its last line, if its variable stays within the limit (or its
        TANT QUE holds: its test paid here unless `merged`, with the pass)."""
        unit, out = self.unit, self.unit.out
        total = self.step_sum(faire, f"{unit.read(faire.var)} + {step}")
        out.emit(f"_v = {total}")
        if faire.cond is None:
            if (up := counts_up(faire.step)) is not None:
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
        counter = unit.counter(faire.var)
        if counter is not None:  # (an assignment in the pass may have set it)
            out.emit(f"{counter} = _NAN")
        if not merged:  # (--profile lists its divisions at the FAIRE's line, where the condition is written)
            unit.pay(expression_cost(faire.cond), faire.line)
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


# Decision: a loop whose passes do not read its float, with computed bounds, is written both ways and runs as a
# `for` from this many passes, else as a `while` (measured on a pass of an element and a remainder, entered
# 120 000 / n times: n = 2 took 0.78 of the `for`'s time, 4 0.92, 6 1.01, 8 1.02; a linked list's 2 passes 0.75).
FEW_PASSES = 6
# Decision: what the `for` of a loop whose passes read its float costs to start, and what each of its passes saves
# against the `while`'s, in ns (LoopCode.long_passes; measured on a knapsack's pass and a sieve's: a start ~350 ns;
# a pass ~25 ns less, ~50 where it is paid in bulk; a matrix's description and row read before the `for` ~20 ns
# less an element; the float made from the int ~15 ns more).
FOR_START, PASS_SAVED, BULK_SAVED, ELEMENT_SAVED, FLOAT_MADE = 350, 25, 25, 20, 15
