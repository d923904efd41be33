"""Compile one unit (the main program or a procedure) into ONE Python function for plain runs.

Imports compiler, blocks, exact, fastloops, segments, layout and nodes; never the runtime.

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

from machine.lse import nodes as n
from machine.lse.blocks import Blocks
from machine.lse.charges import merge_charges
from machine.lse.compiler import RESULT, RETURN, RETURN_TO
from machine.lse.emit import INDENT, Cost, Emitter, Ex
from machine.lse.exact import ExactReads, unbind_unused
from machine.lse.fastloops import FastLoops
from machine.lse.flow import Flow, written_names
from machine.lse.layout import MAIN, Layout, Unit
from machine.lse.leancode import LeanCode, procedure_globals
from machine.lse.parser import walk
from machine.lse.segments import SegmentCompiler

LEAVING = (str(RETURN), str(RESULT))  # RETOUR, RESULTAT: the unit returns at once
# Statements that hand variables to someone else: run with the tables up to date.
DIRECT = (n.Lire, n.Pause, n.Garer, n.Charger, n.Supprimer, n.Executer, n.Tableau, n.Liberer)


class UnitCompiler(LeanCode, ExactReads, FastLoops, Blocks, SegmentCompiler):
    """Generate the Python source of one unit's single function.

    A lean procedure (see Flow) keeps its own variables in Python locals only, its
    parameters arrive as Python arguments, and calls to it are plain Python calls.
    """

    def __init__(self, layout: Layout, unit: Unit, tables: object, pcs: set[int], flow: Flow,
                 lean: bool = False) -> None:
        super().__init__(layout, unit, tables)
        self.pcs = pcs
        self.flow = flow
        self.lean = lean
        self.synced: set[str] | None = None  # names read and written in their tables by this statement
        self.loop_level = 0  # inside a Python `while` of a block: a jump must break out of it
        self.block_pc: int | None = None  # the block whose own start a jump may `continue` to
        self.skip_end: int | None = None  # in a fast loop: its last line, where a jump ends the pass
        self.loop_lines: tuple[int, int] | None = None  # a fast loop's first line index and last line
        self.sink_pass: int | None = None  # a fast loop's empty last line, whose pass is charged at each jump to it
        self.pass_lines: list[int] = []  # in a fast loop: the lines that charge its pass
        self.self_jumps = 0
        self.nodes = list(flow.nodes(pcs))  # every node of the unit, walked once
        bodies = (pc for pc in pcs if 0 < pc < layout.end_pc and layout.segments[pc].start > 0)
        self.has_loops = (any(isinstance(node, n.Faire) for node in self.nodes)
                          or any(self._faire_of(pc - 1) is not None for pc in bodies))
        self.exact, self.known, self.in_chain = False, set(), False  # see ExactReads
        self.values, self.key_names, self.serial, self.reused = {}, {}, 0, 0
        self.carried = self.carry_in = self.binding = None
        self.rerun_nodes: dict[int, bool] = {}
        self.calls_seen: dict[int, list[n.Call]] = {}  # see calls_of (the program outlives the compiler)
        self.in_condition = False
        self.took_back = False  # see branches
        # A lean procedure that never jumps and calls nobody (no ALLER EN, no FAIRE, no call, no
        # RETOUR EN anywhere to land in it) cannot run long: it needs no check of the slice's budget.
        self.never_loops = (lean and not (flow.returns or flow.computed) and not any(
            isinstance(node, (n.Goto, n.Faire, n.Call, n.CallStatement)) for node in self.nodes))
        # A lean procedure without jumps or loops, where nothing can jump back in, may be straight (see LeanCode).
        self.flat = (lean and not (flow.returns or flow.computed) and not any(
            isinstance(node, (n.Goto, n.Faire)) for node in self.nodes))
        self.in_straight, self.onward = False, 0  # generating a straight function; its jumps to other blocks
        self.procedure_globals: dict[str, str] | None = None  # see leancode.procedure_globals
        self.cached_arrays: set[str] = set()  # cached names that hold an array (never written back)
        self.cached_strings: dict[str, str] = {}  # cached CHAINE name: the local holding its length
        self._stored_as_numbers: set[str] | None = None  # FAIRE variables and position outputs (found once)
        self.cache = self._cache_names()
        self.written = written_names(self.nodes)
        # Constants the generated code names: each local's variable, for error messages.
        self.loop_records: list = []  # the last loop record made at each FAIRE (see Blocks.enter_faire)
        self.code_constants: dict[str, object] = {"_NM": {local: name for name, local in self.cache.items()},
                                                  "_LC": self.loop_records}
        self.eol_pc = {}
        for line in sorted(self._loop_end_lines()):
            self.eol_pc[line] = layout.end_pc + 1 + len(self.eol_pc)
        self.hot = self._hot_pcs()

    # -------------------------------------------------------------- caching
    def _names(self) -> set[str]:
        names, labels = set(), set()
        for node in self.nodes:  # a node comes before those below it
            if isinstance(node, n.Target) and self.layout.resolve(node) is not None:
                labels.add(id(node.expr))  # ALLER EN a label: the name is never read as a variable
            elif isinstance(node, (n.Var, n.Index)) and id(node) not in labels:
                names.add(node.name)
            elif isinstance(node, n.Faire):
                names.add(node.var)
        return names

    def _cache_names(self) -> dict[str, str]:
        layout, scalars = self.layout, self.flow.scalars
        cache = {}
        if self.lean:
            for name in self.unit.params:
                cache[name] = f"_v{len(cache)}"
        for name in sorted(self._names()):
            if self.is_ref(name) or name in cache:
                continue
            if self.unit.by_reference and name not in self.unit.locals and self.flow.may_alias(self.unit.name, name):
                continue  # a by-reference parameter may be this global: read it in its table
            plain_array = (name in layout.array_names and name not in scalars and name not in layout.string_names
                           and name not in self.unit.params and name not in layout.loaded_names)
            if self.flow.pure(self.unit.name, name):
                cache[name] = f"_v{len(cache)}"
            elif self._string_local(name):
                self.cached_strings[name] = f"_w{len(cache)}"
                cache[name] = f"_v{len(cache)}"
            elif plain_array:
                cache[name] = f"_v{len(cache)}"
                self.cached_arrays.add(name)
        return cache

    def _string_local(self, name: str) -> bool:
        """A CHAINE name that this unit's code gives a value only by ←, LIRE or its tables.

        Decision: such a name lives in a local too; its store makes the checks of Vars.assign
        itself (see store_string). A FAIRE variable or a position output (SCH(S,D,N,P)) is
        stored by code that takes a cached name for a number: it stays in its table.
        """
        layout = self.layout
        if (name not in layout.string_names or name in layout.array_names or name in layout.loaded_names
                or name in self.unit.params):
            return False
        if self._stored_as_numbers is None:
            self._stored_as_numbers = set()
            for node in self.nodes:
                if isinstance(node, n.Faire):
                    self._stored_as_numbers.add(node.var)
                elif isinstance(node, n.BuiltinCall) and node.position_out is not None:
                    self._stored_as_numbers.add(node.position_out.name)
        return name not in self._stored_as_numbers

    def _table(self, names: object) -> tuple:
        """(local, in L?, name) of the cached variables among `names` that live in a table."""
        return tuple((self.cache[name], name in self.unit.locals, name) for name in sorted(names)
                     if name in self.cache and not self.in_locals_only(name))

    def in_locals_only(self, name: str) -> bool:
        """A lean procedure's own variable: no table holds it."""
        return self.lean and name in self.unit.locals

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

    def emit_flush(self, out: Emitter, names: set[str] | None = None, cycles: bool = True) -> None:
        """Hand cycles and variables (all cached ones, or `names`) to the runtime and the tables.

        Decision: only what this unit may have changed is written back, never an array (its
        table holds the very same object); a variable that was never given a value has no
        Python value either, and is skipped.
        """
        if cycles:
            out.emit("M.cyc += c; c = 0")
        for local, name in self._written_back(self.cache if names is None else names):
            out.emit("try:")
            out.emit(f"    {self.env(name)}[{name!r}] = {local}")
            out.emit("except _NameError: pass")

    def _written_back(self, names: object) -> list[tuple[str, str]]:
        """(local, name) of the cached names among `names` whose local a flush writes to their table."""
        return [(local, name) for local, _, name in self._table(names)
                if name in self.written and name not in self.cached_arrays]

    def emit_reload(self, out: Emitter, names: set[str] | None = None) -> None:
        """Take the variables back from their tables (anything may have changed them) and the budget."""
        if not (self.never_loops or self.in_straight):
            out.emit("lim = M.budget - M.cyc")
        for local, _, name in self._table(self.cache if names is None else names):
            if name in self.cached_strings:  # and the length its memory holds
                length = self.cached_strings[name]
                out.emit(f"if not ({length} := _cells({local} := {self.env(name)}.get({name!r}, _U))) "
                         f"and {local} is _U: del {local}")
            else:
                out.emit(f"if ({local} := {self.env(name)}.get({name!r}, _U)) is _U: del {local}")

    # -------------------------------------------------- statement overrides
    def cached(self, name: str) -> bool:
        """True if the code reads and writes name in its Python local here."""
        return name in self.cache and (self.synced is None or name not in self.synced)

    def ref_cell(self, name: str) -> str:
        if self.lean:
            return self.cache[name]  # a lean procedure holds its by-reference parameters in locals
        return super().ref_cell(name)

    def read_var(self, name: str) -> str:
        if self.cached(name) and not self.is_ref(name):
            return self.cache[name]
        return super().read_var(name)

    def read_array(self, name: str) -> str:
        if not self.cached(name) or self.is_ref(name):
            return super().read_array(name)
        if self.layout.may_be_array(name, self.unit.params):
            return self.cache[name]
        return f"_array({self.cache[name]}, {name!r})"

    def var_kind(self, name: str) -> str:
        return "n" if self.flow.pure(self.unit.name, name) and not self.is_ref(name) else "?"

    def store_var(self, out: Emitter, name: str, value: Ex) -> None:
        if self.lean and self.is_ref(name):
            # A number into an array element is set_ref's common case, done here; the rest is its.
            ref = self.ref_cell(name)
            number = "" if value.kind == "n" else "_type(_sv) is _float and "
            out.emit(f"_sv = {value.code}")
            out.emit(f"if {number}_type(_rc := {ref}[0]) is _Array: _rc[{ref}[1]] = _sv")
            out.emit(f"else: _setref({ref}, _sv)")
            return
        if not self.cached(name) or self.is_ref(name):
            super().store_var(out, name, value)
            return
        self.stored_local(self.cache[name])
        if name in self.cached_strings:
            self.store_string(out, name, value)
        elif self.lean and name in self.unit.params:
            out.emit(f"{self.cache[name]} = _same_kind({self.cache[name]}, {value.code}, {name!r})")
        elif value.kind == "n":
            out.emit(f"{self.cache[name]} = {value.code}")
        else:
            out.emit(f"{self.cache[name]} = _number({value.code}, {name!r})")

    def store_string(self, out: Emitter, name: str, value: Ex) -> None:
        """Store in a cached CHAINE name what Vars.assign would store, or fail as it would.

        The common case inline: a string into a declared CHAINE, with the memory left for
        the chars it adds (the table's own memory, as assign's: the monitor's runs replace
        it). Anything else goes to values.store_string, which fails as assign does (MEMOIRE
        PLEINE, a number into a CHAINE, a string before its CHAINE) or stores a number.
        """
        local, length, table = self.cache[name], self.cached_strings[name], self.env(name)
        out.emit(f"_sv = {value.code}")
        slow = f"{local}, {length} = _store_string({table}, {name!r}, _sv, {length})"
        if value.kind == "n":
            out.emit(slow)
            return
        kind_test = "" if value.kind == "s" else " and _type(_sv) is _str"
        out.emit(f"if {name!r} in {table}.strings{kind_test} and ((_sd := _len(_sv) - {length}) <= 0"
                 f" or (_sm := {table}.memory).used + _sd <= _sm.limit): "
                 f"{table}.memory.used += _sd; {local} = _sv; {length} += _sd")
        out.emit(f"else: {slow}")

    def position_store(self, name: str, call: str) -> str:
        if not self.cached(name) or self.is_ref(name):
            return super().position_store(name, call)
        if self.synced is not None and self.env(name) == "G":
            # Decision: in a statement that calls, a procedure called later in it may read the
            # global: the position goes to its table (checked as assign checks it), then the local.
            table = super().position_store(name, "(_pt := " + call + ")")
            return f"((_pv := {table}), ({self.cache[name]} := _pt[1]))[0]"
        return f"({self.cache[name]} := (_pt := {call})[1], _pt[0])[1]"

    def emit_charge(self, out: Emitter, cost: Cost) -> None:
        cycles = sum(self.tables.costs[key] * count for key, count in cost.kinds.items())
        prefix = INDENT * out.depth + "c += "
        if out.lines and out.lines[-1].startswith(prefix) and out.lines[-1][len(prefix):].isdigit():
            out.lines[-1] = f"{prefix}{int(out.lines[-1][len(prefix):]) + cycles}"  # nothing ran between
        else:
            out.emit(f"c += {cycles}")

    def transfer(self, out: Emitter, code: str) -> None:
        if code in LEAVING:
            # What the block of a negative pc would do, without going round to it. After a
            # statement's calls, its synced names are in their tables already: the locals are not.
            self.emit_flush(out, None if self.synced is None else set(self.cache) - self.synced)
            out.emit(f"return {code}")
            return
        self.onward += 1
        out.emit(f"pc = {code}")
        if self.synced is not None:
            self.emit_reload(out, self.synced)
        out.emit("break" if self.loop_level else "continue")

    def statement(self, out: Emitter, statement: object) -> None:
        names = self.sync_names(statement) if self.synced is None else None
        if names is None:
            super().statement(out, statement)
            return
        self.emit_flush(out, self.flush_names(statement), cycles=isinstance(statement, DIRECT))
        for local, _ in self._written_back(names):
            # The table holds it now; unbound, the local is not written back over what the
            # calls store there if the statement then fails (it is read again after).
            out.emit(f"{local} = _U; del {local}")
        self.synced = names
        self.took_back = False
        try:
            super().statement(out, statement)
        finally:
            self.synced = None
        if not self.took_back:  # a SI's branches took them back already (see branches)
            self.emit_reload(out, names)
        self.took_back = False

    def branches(self, out: Emitter, node: n.If) -> None:
        """A SI whose condition calls: what the calls may change is taken back at the head of each branch.

        Decision: the synced names cover the condition's calls only; each statement of a branch
        then writes back and takes back around its own calls. A branch left as it was compiled
        under the condition's sync would call with stale tables (a global or a by-reference
        argument read or changed by a procedure after the SI: VARIABLE NON AFFECTEE, a lost change).
        """
        names = self.synced
        if names is None:
            super().branches(out, node)
            return
        self.synced = None
        try:
            for head, branch in ((None, node.then), ("else:", node.other)):
                if head is not None:
                    out.emit(head)
                out.depth += 1
                self.emit_reload(out, names)
                if branch is not None:
                    self.statements(out, (branch,))
                out.emit("pass")
                out.depth -= 1
        finally:
            self.synced = names
        self.took_back = True

    def calls_of(self, statement: object) -> list[n.Call] | None:
        """The procedure calls a statement makes itself (None for a statement that hands over everything)."""
        if isinstance(statement, DIRECT):
            return None
        if isinstance(statement, n.Block):
            return []
        calls = self.calls_seen.get(id(statement))  # asked for each statement in each block it is in
        if calls is None:
            scope = statement.cond if isinstance(statement, n.If) else statement
            calls = [node for node in walk(scope) if isinstance(node, n.Call)]
            if isinstance(statement, n.CallStatement):
                calls.append(statement.call)
            self.calls_seen[id(statement)] = calls
        return calls

    def sync_names(self, statement: object) -> set[str] | None:
        """The cached names a statement's calls may change: read in their tables, then taken back.

        None: the statement calls nobody and hands over nothing.
        """
        calls = self.calls_of(statement)
        if calls is None:
            return set(self.cache)
        if not calls:
            return None
        return self._in_tables(set().union(*(self.flow.call_writes(call) for call in calls)))

    def flush_names(self, statement: object) -> set[str]:
        """The cached names a statement's calls may read or change: written back before it."""
        calls = self.calls_of(statement)
        if calls is None:
            return set(self.cache)
        return self._in_tables(set().union(*(self.flow.call_touches(call) for call in calls)))

    def _in_tables(self, names: set[str]) -> set[str]:
        return {name for name in names if name in self.cache and not self.in_locals_only(name)}

    # ---------------------------------------------------------------- calls
    def ex_Call(self, node: n.Call) -> Ex:
        if node.name not in self.flow.lean:
            return super().ex_Call(node)
        code, cost = self.lean_call(node)
        return Ex(f"(M.result if (_cr := {code}) == {RESULT} else M.function_code(_cr))", "?", cost, True)

    def st_CallStatement(self, out: Emitter, node: n.CallStatement) -> None:
        if node.call.name not in self.flow.lean:
            super().st_CallStatement(out, node)
            return
        code, cost = self.lean_call(node.call)
        self.charge(out, cost)
        out.emit(f"if (_cr := {code}) != {RETURN}: M.subroutine_code(_cr)")

    def lean_call(self, node: n.Call) -> tuple[str, Cost]:
        """A plain Python call of a lean procedure, its values copied as LSE passes them."""
        cost = Cost()
        args = []
        callee = self.layout.units[node.name]
        for param, arg in zip(callee.params, node.args):
            if param in callee.by_reference:
                code, part_cost = (self.element_reference(arg) if isinstance(arg, n.Index)
                                   else self.reference_arg(arg)[:2])
                cost.merge(part_cost)
                args.append(code)
                continue
            value = self.value(arg)
            cost.merge(value.cost)
            args.append(value.code if value.kind in "ns" else f"_byval({value.code})")
        # The main program runs at depth 0 only: its calls are at depth 1.
        depth = "_dp + 1" if self.lean else "1" if self.unit.name == MAIN else "M.depth + 1"
        if self.procedure_globals is None:
            self.procedure_globals = procedure_globals(self.flow.lean)
        function = self.procedure_globals[node.name]
        return f"{function}(M, G, {depth}{''.join(', ' + arg for arg in args)})", cost.add("call")

    # --------------------------------------------------------------- blocks
    @staticmethod
    def finished(lines: list[str]) -> tuple[list[str], list[tuple[int, int]]]:
        """The generated lines with their charges merged (charges.py) and unused kept locals dropped (exact.py)."""
        merged, points = merge_charges(lines)
        return unbind_unused(merged), points

    def unit_source(self, name: str) -> str:
        """The whole unit as the source of one function called `name`."""
        out = Emitter()
        # Decision: a lean procedure is told its depth of call (`_dp`) by its caller, and sets
        # M.depth only when it calls a procedure that is not lean (whose call reads it).
        sets_depth = self.lean and any(isinstance(node, n.Call) and node.name not in self.flow.lean
                                       for node in self.nodes)
        if self.flat:
            source = self.straight_source(name, sets_depth)
            if source is not None:
                return source
        restore = []
        if self.lean:
            out.emit("if _dp > _MAXD: M.too_deep()")
            if sets_depth:
                out.emit("_depth = M.depth; M.depth = _dp")
                restore.append("M.depth = _depth")
            # Decision: a procedure without FAIRE opens no loop, so it needs no loop stack of its own.
            if self.has_loops:
                out.emit("_saved_loops = M.loops; M.loops = []")
                restore.append("M.loops = _saved_loops")
            out.emit(f"pc = {self.unit.entry_pc}")
            if restore:
                out.emit("try:")
                out.depth += 1
        top = out.depth
        out.emit("c = 0; ln = 0")
        self.emit_reload(out)
        out.emit("while True:")
        out.emit("    try:")
        out.emit("        while True:")
        out.depth = top + 3
        if not self.never_loops:
            out.emit("if c >= lim:")
            out.depth += 1
            self.emit_flush(out)
            out.emit("if M.cyc >= M.budget:")
            out.emit("    M.current_line = M._line_of(pc) or M.point_line(ln, _PT)")
            out.emit("    M._slice_end()")
            self.emit_reload(out)
            out.depth -= 1
        # Without FAIRE, no line of this unit goes on to the end of a loop's line.
        keys = [RETURN_TO] + sorted(self.pcs | (set(self.eol_pc.values()) if self.has_loops else set()))
        self.tree(out, keys)
        out.depth = top + 1
        out.emit("except _BaseException as _e:")
        out.depth += 1
        self.emit_flush(out)
        out.emit("pc = M.unit_error(_e, ln, _NM, _PT)")
        self.emit_reload(out)
        if restore:
            out.depth = 1
            out.emit("finally:")
            out.emit("    " + "; ".join(restore))
        lines, points = self.finished(out.lines)
        self.code_constants["_PT"] = tuple(points)
        signature = f"def {name}(G, L, M, pc):"
        if self.lean:
            signature = f"def {name}(M, G, _dp{''.join(', ' + self.cache[param] for param in self.unit.params)}):"
        return signature + "\n" + "\n".join(lines) + "\n"
