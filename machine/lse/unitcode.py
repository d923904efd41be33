"""Compile one unit (the main program or a procedure) into ONE Python function for plain runs.

Imports compiler, segments, layout and nodes; never the runtime.

Decision: outside --profile and the debugger, a unit runs as a single
function. Its segments are the branches of a dispatch tree on a local program
counter `pc`; numeric variables and arrays live in Python locals between the
points where anything else may look at them (calls, input, pauses, the end of a
slice, errors, leaving the unit), where they are written back to their table
(`flush`) and read again (`reload`); cycles are added to a local counter `c`
that is handed to the runtime at the same points; `ln` is the line being run,
for error messages. Each charge is the segment path's charge, at the same
place, so cycle totals are identical.
"""

from __future__ import annotations

from collections import Counter

from machine.lse import nodes as n
from machine.lse.compiler import RETURN_TO, Cost, Emitter, Ex
from machine.lse.layout import Layout, Unit
from machine.lse.parser import walk
from machine.lse.segments import PASS_COST, SegmentCompiler

INLINE_LINES = 3  # lines that a block runs on into before it dispatches again
# Statements that hand variables to someone else: run with the tables up to date.
DIRECT = (n.Lire, n.Pause, n.CallStatement, n.Garer, n.Charger, n.Supprimer, n.Executer, n.Tableau,
          n.Liberer)
ENDS_FLOW = (n.Goto, n.Retour, n.Resultat, n.Terminer, n.Executer)


def has_call(node: object) -> bool:
    """True if a procedure call (&F) appears anywhere in node."""
    return any(isinstance(item, n.Call) for item in walk(node))


def computed_jumps(layout: Layout) -> bool:
    """True if some ALLER EN or RETOUR EN computes its target (then any line may be entered)."""
    for line in layout.program.lines:
        for node in walk(line.statements):
            if isinstance(node, (n.Goto, n.Retour)) and node.target is not None:
                if layout.resolve(node.target) is None:
                    return True
    return False


def return_targets(layout: Layout) -> set[int]:
    """The pcs that a RETOUR EN n (static) makes a caller go on at."""
    pcs = set()
    for line in layout.program.lines:
        for node in walk(line.statements):
            if isinstance(node, n.Retour) and node.target is not None:
                number = layout.resolve(node.target)
                if number in layout.line_pc:
                    pcs.add(layout.line_pc[number])
    return pcs


def reachable(layout: Layout, roots: set[int]) -> set[int]:
    """The segment pcs that control can reach from roots without a computed jump."""
    if computed_jumps(layout):
        return set(range(layout.end_pc + 1))
    seen: set[int] = set()
    work = [pc for pc in roots if 0 <= pc <= layout.end_pc]
    while work:
        pc = work.pop()
        if pc in seen:
            continue
        seen.add(pc)
        work.extend(successors(layout, pc))
    return seen


def successors(layout: Layout, pc: int) -> list[int]:
    """Where a segment may go: static jumps, loop bodies and exits, the next line."""
    if pc >= layout.end_pc:
        return []
    segment = layout.segments[pc]
    statements = layout.program.lines[segment.line_index].statements[segment.start:]
    result = []
    for position, node in enumerate(statements):
        if isinstance(node, (n.Faire, n.Procedure)):
            statements = statements[:position + 1]
            break
    for node in walk(statements):
        if isinstance(node, n.Goto):
            number = layout.resolve(node.target)
            if number in layout.line_pc:
                result.append(layout.line_pc[number])
        elif isinstance(node, n.Faire):
            result.append(pc + 1)
            end = layout.resolve(node.end)
            if end in layout.line_index:
                result.append(layout.next_line_pc(layout.line_index[end]))
    last = statements[-1] if statements else None
    if isinstance(last, n.Faire):
        return result
    if isinstance(last, n.Procedure):
        return result  # reaching a PROCEDURE line is an error; its body is entered by calls
    if not isinstance(last, ENDS_FLOW):
        result.append(layout.next_line_pc(segment.line_index))
    return result


def scalar_targets(layout: Layout) -> set[str]:
    """Names that are ever given a single value (assigned, looped over, given a position)."""
    names = set()
    for line in layout.program.lines:
        for node in walk(line.statements):
            if isinstance(node, n.Assign) and isinstance(node.target, n.Var):
                names.add(node.target.name)
            elif isinstance(node, n.Faire):
                names.add(node.var)
            elif isinstance(node, n.BuiltinCall) and node.position_out is not None:
                names.add(node.position_out.name)
            elif isinstance(node, n.Lire):
                names.update(target.name for target in node.targets if isinstance(target, n.Var))
    return names


class UnitCompiler(SegmentCompiler):
    """Generate the Python source of one unit's single generator function."""

    def __init__(self, layout: Layout, unit: Unit, tables: object, pcs: set[int]) -> None:
        super().__init__(layout, unit, tables)
        self.pcs = pcs
        self.direct = False  # inside a statement that uses the variable tables themselves
        self.loop_level = 0  # inside a fast loop's `while`: a jump must break out of it
        self.cache = self._cache_names()
        self.eol_pc = {}
        for line in sorted(self._loop_end_lines()):
            self.eol_pc[line] = layout.end_pc + 1 + len(self.eol_pc)

    # -------------------------------------------------------------- caching
    def _names(self) -> set[str]:
        names = set()
        for pc in self.pcs:
            if pc >= self.layout.end_pc:
                continue
            segment = self.layout.segments[pc]
            for node in walk(self.layout.program.lines[segment.line_index].statements[segment.start:]):
                if isinstance(node, (n.Var, n.Index)):
                    names.add(node.name)
                elif isinstance(node, n.Faire):
                    names.add(node.var)
        return names

    def _cache_names(self) -> dict[str, str]:
        layout, scalars = self.layout, scalar_targets(self.layout)
        cache = {}
        for name in sorted(self._names()):
            if self.is_ref(name):
                continue
            plain_array = (name in layout.array_names and name not in scalars and name not in layout.string_names
                           and name not in layout.param_names and name not in layout.loaded_names)
            if layout.is_pure_number(name) or plain_array:
                cache[name] = f"_v{len(cache)}"
        return cache

    def flush_table(self) -> tuple:
        """(local, in L?, name) of each cached variable, for the runtime's flush."""
        return tuple((local, name in self.unit.locals, name) for name, local in self.cache.items())

    def _loop_end_lines(self) -> set[int]:
        return {line for line in self.layout.loop_ends if line in self.layout.line_index}

    def _faire_of(self, pc: int) -> n.Faire | None:
        """The FAIRE that ends segment pc, if any."""
        if pc >= self.layout.end_pc:
            return None
        segment = self.layout.segments[pc]
        for statement in self.layout.program.lines[segment.line_index].statements[segment.start:]:
            if isinstance(statement, n.Procedure):
                return None
            if isinstance(statement, n.Faire):
                return statement
        return None

    def emit_flush(self, out: Emitter) -> None:
        out.emit("M.cyc += c; c = 0")
        if self.cache:
            out.emit("M.flush(G, L, _locals(), _FL)")

    def emit_reload(self, out: Emitter) -> None:
        out.emit("lim = M.budget - M.cyc")
        for name, local in self.cache.items():
            out.emit(f"if ({local} := {self.env(name)}.get({name!r}, _U)) is _U: del {local}")

    # -------------------------------------------------- statement overrides
    def read_var(self, name: str) -> str:
        if not self.direct and name in self.cache:
            return self.cache[name]
        return super().read_var(name)

    def read_array(self, name: str) -> str:
        if self.direct or name not in self.cache:
            return super().read_array(name)
        if self.layout.may_be_array(name):
            return self.cache[name]
        return f"_array({self.cache[name]}, {name!r})"

    def store_var(self, out: Emitter, name: str, value: Ex) -> None:
        if self.direct or name not in self.cache:
            super().store_var(out, name, value)
        elif value.kind == "n":
            out.emit(f"{self.cache[name]} = {value.code}")
        else:
            out.emit(f"{self.cache[name]} = _number({value.code}, {name!r})")

    def position_store(self, name: str, call: str) -> str:
        if self.direct or name not in self.cache:
            return super().position_store(name, call)
        return f"({self.cache[name]} := (_pt := {call})[1], _pt[0])[1]"

    def charge(self, out: Emitter, cost: Cost) -> None:
        if not cost.kinds:
            return
        if self.deferred is not None:
            self.deferred.merge(cost)
            return
        cycles = sum(self.tables.costs[key] * count for key, count in cost.kinds.items())
        prefix = "    " * out.depth + "c += "
        if out.lines and out.lines[-1].startswith(prefix) and out.lines[-1][len(prefix):].isdigit():
            out.lines[-1] = f"{prefix}{int(out.lines[-1][len(prefix):]) + cycles}"  # nothing ran between
        else:
            out.emit(f"c += {cycles}")

    def transfer(self, out: Emitter, code: str) -> None:
        out.emit(f"pc = {code}")
        if self.direct:
            self.emit_reload(out)
        out.emit("break" if self.loop_level else "continue")

    def statement(self, out: Emitter, statement: object) -> None:
        if self.direct or not self.needs_direct(statement):
            super().statement(out, statement)
            return
        self.emit_flush(out)
        self.direct = True
        try:
            super().statement(out, statement)
        finally:
            self.direct = False
        self.emit_reload(out)

    def needs_direct(self, statement: object) -> bool:
        if isinstance(statement, DIRECT):
            return True
        if isinstance(statement, n.If):
            return has_call(statement.cond)
        if isinstance(statement, n.Block):
            return False
        return has_call(statement)

    # --------------------------------------------------------------- blocks
    def unit_source(self, name: str) -> str:
        """The whole unit as the source of one generator function called `name`."""
        out = Emitter()
        out.emit("c = 0; ln = 0")
        self.emit_reload(out)
        out.emit("while True:")
        out.emit("    try:")
        out.emit("        while True:")
        out.depth = 4
        out.emit("if c >= lim:")
        out.depth += 1
        self.emit_flush(out)
        out.emit("if M.cyc >= M.budget:")
        out.emit("    M.current_line = M._line_of(pc) or ln")
        out.emit("    M._slice_end()")
        self.emit_reload(out)
        out.depth -= 1
        keys = [RETURN_TO] + sorted(self.pcs | set(self.eol_pc.values()))
        self.tree(out, keys)
        out.depth = 2
        out.emit("except _BaseException as _e:")
        out.depth += 1
        self.emit_flush(out)
        out.emit("pc = M.unit_error(_e, ln, _FL)")
        self.emit_reload(out)
        return f"def {name}(G, L, M, pc):\n" + "\n".join(out.lines) + "\n"

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
        self.run_lines(out, segment.line_index, segment.start)

    def run_lines(self, out: Emitter, index: int, start: int) -> None:
        """Emit a line from a statement on, then the lines it falls into, up to INLINE_LINES of them."""
        lines = self.layout.program.lines
        for taken in range(INLINE_LINES + 1):
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
            if statements and isinstance(statements[-1], ENDS_FLOW):
                return
            if line.number in self.eol_pc:
                self.transfer(out, str(self.eol_pc[line.number]))
                return
            following = index + 1
            if (taken == INLINE_LINES or following >= len(lines)
                    or any(isinstance(item, n.Procedure) for item in lines[following].statements)):
                self.transfer(out, str(self.layout.next_line_pc(index)))
                return
            index, start = following, 0

    def enter_faire(self, out: Emitter, node: n.Faire, body_pc: int, line: n.Line) -> None:
        """A FAIRE: set the variable, then enter the body or skip the loop."""
        direct = has_call(node)
        if direct:
            self.emit_flush(out)
            self.direct = True
        start = self.value(node.start)
        step = self.value(node.step) if node.step is not None else Ex("1.0", "n", Cost())
        cost = start.cost.merge(step.cost).add("loop_init")
        limit = self.value(node.limit) if node.limit is not None else None
        if limit is not None:
            cost.merge(limit.cost)
        self.charge(out, cost)
        out.emit(f"_s = {start.code}; _st = _num({step.code}); _lim = {limit.code if limit else 'None'}")
        if limit is not None:
            out.emit("_num(_lim)")
        self.store_var(out, node.var, Ex("_s", start.kind, Cost()))
        if node.cond is not None:
            cond = self.expr(node.cond)
            self.charge(out, cond.cost)
            out.emit(f"_go = {cond.code}")
        else:
            out.emit("_go = (_s <= _lim) if _st >= 0 else (_s >= _lim)")
        end = self.layout.resolve(node.end)
        if end not in self.layout.line_index:
            self.transfer(out, f"M.unknown_line({end})")
        else:
            self.transfer(out, f"M.enter_loop(_st, _lim, _go, {line.number}, {end}, {body_pc}, {self.eol_pc[end]})")
        self.direct = False

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
        out.emit(f"v = {self.read_var(faire.var)} + _lp.step")
        if faire.cond is None:
            out.emit("if (v <= _lp.limit) if _lp.step >= 0 else (v >= _lp.limit):")
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

    def fast_loop(self, out: Emitter, pc: int, faire: n.Faire, body: list[tuple]) -> None:
        """A loop whose body is straight-line code: one Python `while`, left by break."""
        end = self.layout.resolve(faire.end)
        out.emit("_lp = M.loops[-1]; _stp = _lp.step; _lm = _lp.limit; _up = _stp >= 0")
        out.emit("while True:")
        out.depth += 1
        self.loop_level += 1
        for line, statements in body:
            out.emit(f"ln = {line.number}")
            self.statements(out, statements)
        self.charge(out, Cost(Counter(PASS_COST)))
        out.emit(f"v = {self.read_var(faire.var)} + _stp")
        if faire.cond is None:
            out.emit("if not ((v <= _lm) if _up else (v >= _lm)):")
            out.emit("    M.loops.pop()")
            out.emit(f"    pc = {self.eol_pc[end]}; break")
            self.store_var(out, faire.var, Ex("v", "n", Cost()))
        else:
            self.store_var(out, faire.var, Ex("v", "n", Cost()))
            cond = self.value(faire.cond)
            self.charge(out, cond.cost)
            out.emit(f"if not {cond.code}:")
            out.emit("    M.loops.pop()")
            out.emit(f"    pc = {self.eol_pc[end]}; break")
        out.emit(f"if c >= lim: pc = {pc}; break")
        self.loop_level -= 1
        out.depth -= 1
        out.emit("continue")
