"""Python code for the statements of a block (assignments, output, input, declarations, calls, disk, FAIRE set-up).

A part of the one code generator (pygen.UnitCode gives it the unit's storage, output and expressions);
imports nodes, errors, costs, formats, operands, pyexpr, pydeclare (TABLEAU), reuse (an element's key and reads)
and values (a slot number); never the runtime.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from machine.errors import Err
from machine.lse import nodes as n
from machine.lse import pydeclare, pytail, reuse
from machine.lse.costs import expression_cost
from machine.lse.formats import compile_format
from machine.lse.numbers import WHOLE_EXACT
from machine.lse.operands import CHAIN, appended, changes_variables, counter_step, literal, whole_choice, whole_constant
from machine.lse.pybounds import fixed_bounds
from machine.lse.values import COLUMNS

WHOLE_INT = int(WHOLE_EXACT)  # a counter's int is within it, as the floats of either model are exact there

# Built-ins with no effect but their result: an expression of them may be run again after a miss.
STORE_TEMPS = ("_k", "_kb")  # the index parts of an element being stored, once computed
PURE_BUILTINS = {"ABS", "ENT", "RAC", "EXP", "LGN", "SIN", "COS", "ATG", "LGR", "EQN", "EQC", "ETL", "OUL", "OUX"}


def plain_facts(nodes: list, taken: dict | None = None) -> tuple[bool, bool, bool]:
    """(it reads an element, it has no effect before its end, it pays a SI value's arm) for an expression,
    given as its nodes (checks.nodes_below); a read that takes an earlier one's value (`taken`, by node id:
    reuse.py) reads nothing.

    Decision: an arm's charge is the one effect a fast path may have (plain runs): it is taken back
    before the statement runs again the general way (StatementCode.rerun).
    """
    found = arms = False
    taken = taken or {}
    for item in nodes:
        kind = type(item)
        if kind is n.Index:
            found = found or taken.get(id(item), ("keep",))[0] != "take"
        elif kind is n.Conditional:
            arms = True
        elif kind is n.Call or (kind is n.Binary and item.op == "!"):
            return found, False, arms
        elif kind is n.BuiltinCall and (item.name not in PURE_BUILTINS or item.position_out is not None):
            return found, False, arms
    return found, True, arms


def kept_in(temp: str | None, number: str) -> str:
    """A number stored into an element, also kept in `temp` (reuse.py: a later read of the element takes it)."""
    return number if temp is None else f"({temp} := {number})"


def described(read: dict[str, tuple[str, bool]]) -> str:
    """The lines that read the descriptions a fast path names once (StatementCode.descriptions), in its try:
    a matrix's row length too (`_D0s`, see pyarray.Element.position)."""
    return "".join(f"\n    {name} = {array}[0]" + (f"; {name}s = {name}[{COLUMNS}]" if matrix else "")
                   for array, (name, matrix) in read.items())


SAVED = 2  # the overflow tests of + - * left out that make a statement a fast path for them alone


class StatementCode:
    """The statements of one unit, written through its UnitCode (storage, Source, expressions)."""

    def __init__(self, unit: object) -> None:
        self.unit = unit
        self.out = unit.out
        self.exprs = unit.exprs
        self.shared = unit.shared
        self.facts: dict[int, tuple[bool, bool, bool]] = {}  # plain_facts' answers, by node id (copies ask again)

    def value(self, node: object) -> tuple[str, str]:
        steps: list[str] = []
        code, kind = self.exprs.value(node, steps)
        for step in steps:
            self.out.emit(step)
        return code, kind

    def values(self, nodes: list, in_index: list[bool] | None = None) -> list[tuple[str, str]]:
        """The codes of a statement's parts in the order LSE evaluates them: where a part after another is tall
        (its steps are written before the statement), each part before it is kept in a temporary first. With
        `in_index`, which parts are an index's (see index).

        Decision: `AFFICHER C,(SI ...),<a chain of 80 terms>` read the chain's variables before the conditional's
        (another error reported; a call's effects out of order): randprog's tall values found it."""
        later = [False] * len(nodes)
        for at in range(len(nodes) - 2, -1, -1):
            later[at] = later[at + 1] or not self.exprs.short(nodes[at + 1])
        found = []
        for at, (node, keep) in enumerate(zip(nodes, later)):
            code, kind = self.index(node) if in_index and in_index[at] else self.value(node)
            if keep:
                temp = self.exprs.step_temp()
                self.out.emit(f"{temp} = {code}")
                code = temp
            found.append((code, kind))
        return found

    # ---------------------------------------------------------- statements
    def st_Assign(self, node: n.Assign) -> None:
        target = node.target
        out = self.out
        if type(target) is n.Var:
            if type(node.expr) is n.Call and self.goes_back_here(node.expr.name):  # V←&F(...): see st_CallStatement
                out.emit(self.unit.store(target.name, *self.came_back_with(node.expr)))
                self.counter_given(target.name, node.expr)
                return
            if type(node.expr) is n.Conditional and self.chosen_by_arms(target.name, node.expr):
                return
            if type(node.expr) is n.Conditional and self.assigned_by_arms(target.name, node.expr):
                self.counter_given(target.name, node.expr)
                return
            if self.fast_path(node.expr):
                code, kind = self.evaluated(node.expr, "_x", target.name)  # code None: stored there
            else:
                code, kind = self.value(node.expr)
            store = None if code is None else self.unit.store(
                target.name, code, kind, self.unit.added(appended(node.expr, target.name)))
            if store is not None and self.stepped_exactly(target.name, node.expr, store):
                return
            if store is not None:
                out.emit(store)
            self.counter_given(target.name, node.expr)
            return
        array = self.unit.array(target.name)
        parts = (*target.indices, node.expr)
        keep = self.exprs.reused.get(id(target), (None, None))[1]  # (what it stores a later read takes: reuse.py)
        if not all(self.exprs.short(part) for part in parts):
            self.stored_in_turn(array, target, lambda: self.value(node.expr), keep)
            return
        if type(node.expr) is n.Call and self.goes_back_here(node.expr.name):  # T[I]←&F(...): as V←&F(...)
            self.stored_in_turn(array, target, lambda: self.came_back_with(node.expr), keep)
            return
        exprs = self.exprs
        if exprs.cold:
            out.emit(self.put(array, target, node.expr, keep))
            return
        # The array, then the index, then the value: a value that may change the index's variables (a call)
        # finds the index kept as it was (Python computes the value of `a[i] = v` first).
        reads = self.unit.loops.hot_reads
        element = exprs.indexed(target.name, target.indices, "", pinned=changes_variables(node.expr))
        code, kind = exprs.expr(node.expr)
        number = code if kind == "n" else f"_num({code})"
        place = exprs.placed.get(id(target))  # (its position kept by a read before: reuse.py; None if not set)
        place = place if place in exprs.placed_fast else None
        if keep is not None and element.simple(number):
            out.emit(f"{keep} = {number}")  # (a name or a constant: nothing is evaluated before the store)
        if place is not None and element.simple(number):
            out.emit(f"try: {element.container()}[{place}] = {number}")
            out.emit(f"except _Exception: _put({element.a}, {element.key()}, {number})")
            return
        if element.simple(number):  # tried with the ints of FAIRE variables (pyexpr.ex_Var), if any
            with self.descriptions((target,)), exprs.plain_lookups():  # (named only before a counted loop)
                tried = exprs.indexed(target.name, target.indices, "")
            for line in element.store(number, tried):
                out.emit(line)
            return
        if self.fast_parts(parts, reads=False):
            # A plain store whose failure (an index that names no element, any error of the value) runs
            # the statement again the general way: the array, then the index, then the value.
            self.unit.loops.hot_reads = reads  # what was written above is not kept
            same = self.same_element(target, node.expr)
            with self.descriptions((target, node.expr)) as read, exprs.plain_lookups():
                fast = exprs.indexed(target.name, target.indices, "")
                if same is not None:
                    exprs.positions[id(same)] = "_at"
                code, kind = exprs.expr(node.expr)
            kept = same is not None and exprs.positions.pop(id(same), None) is None  # (the read kept it)
            opening, general = self.rerun(parts, read)
            out.emit(opening)
            value = kept_in(keep, code if kind == "n" else f"_num({code})")
            spot = place or "_at" if kept or place else None
            out.emit(f"    {fast.container()}[{spot}] = {value}" if spot else "    " + fast.fast_store(value))
            out.emit(general)
            with exprs.compact():
                out.emit("    " + self.put(array, target, node.expr, keep))
            return
        for line in element.store(kept_in(keep, number)):
            out.emit(line)

    def same_element(self, target: n.Index, expr: object) -> n.Index | None:
        """A read of the element a store goes to (`H[K]←H[K]+1`), surely run by the value, whose position the fast
        path keeps for the store; None if there is none, or its index is more than variables, numbers and + - * /.

        Decision: the value has no effect before its end (a fast path: no call), so the index names the same
        element when the store comes; an element read that takes an earlier one's value (reuse.py) computes no
        position. Python computes the value of `a[p] = v` first: the read has kept p.
        """
        key = reuse.element_key(target)
        if key is None:
            return None
        for item, sure in reuse.element_reads(expr):
            if sure and type(item) is n.Index and reuse.element_key(item) == key and (
                    self.exprs.reused.get(id(item), ("keep",))[0] != "take"):
                return item
        return None

    def stepped_exactly(self, name: str, expr: object, store: str) -> bool:
        """X←X±c in single precision, X a plain variable whose int is kept: written as a test of the int, and
        where it stays within 2^24 the float stored is X±c, no rounding tested (the int is the float, and the
        step exact), else `store` (the general way) and no int. False where it does not apply: nothing written.

        Decision: the float's own test (whole, within 2^24) and the int's said the same thing twice, at every step
        of a loop by ALLER EN (a stack pointer, an index): stackvm on console80 in 0.86 of its time."""
        counter = self.unit.counter(name)
        counting = self.unit.loops.counting
        if (not self.shared.numbers.single or counter is None or name not in self.unit.assigned_counters
                or self.unit.storage(name) not in ("local", "global")
                or counting is not None and counting.node.var == name):
            return False
        step = counter_step(name, expr)
        if not step:
            return False
        sign = "+" if step > 0 else "-"
        test = self.stepped_test(name, counter, step)
        exact = self.unit.store(name, f"({self.unit.pyname(name)} {sign} {float(abs(step))!r})", "n")
        self.out.emit("\n".join([f"if {test}:", *indented(exact), f"    {counter} = _k", "else:", *indented(store),
                                 f"    {counter} = _NAN"]))
        return True

    def counter_given(self, name: str, expr: object | None) -> None:
        """A counter given a value (`expr`; None: read in): its int is that value where it is a whole constant,
        else none (the general way sees its float). A counter no FAIRE steps (counters.shadowed_counters) has
        its int moved by X←X±c, and otherwise taken from the float stored, NaN where that is no whole number
        within 2^24 (as every int is, but one that steps of one move in double: the floats are exact there)."""
        counter = self.unit.counter(name)
        if counter is None:
            return
        value = None if expr is None else whole_constant(expr)
        if value is not None or name not in self.unit.assigned_counters:
            self.out.emit(f"{counter} = {'_NAN' if value is None else value}")
            return
        step = None if expr is None else counter_step(name, expr)
        least = self.least_int(name)
        single = self.shared.numbers.single
        # (a FAIRE variable's int taken at its stores is stepped tested, within 2^24: a product of it stays in ints)
        if step is not None and abs(step) <= 1 and name not in self.unit.taken_counters and not single:
            # (a double is exact below 2^53, which no run counts up to by ones: an int beyond 2^24 is the
            # float's; pyoperators.int_bits keeps such an int out of products, which could pass 2^53 in a run)
            self.out.emit(f"{counter} {'+' if step >= 0 else '-'}= {abs(step)}")
            return
        if step is not None:
            self.out.emit(f"{counter} = _k if {self.stepped_test(name, counter, step)} else _NAN")
            return
        made = None if expr is None else self.int_made(expr)
        if made is not None:  # (+ - * of counters' ints and constants, exact in double as ints: pyoperators.int_bits)
            self.out.emit(f"{counter} = _k if {least} <= (_k := {made}) <= {WHOLE_INT} else _NAN")
            return
        stored = self.unit.pyname(name)
        self.out.emit(f"{counter} = _k if {float(least)!r} <= {stored} <= {WHOLE_EXACT!r} and "
                      f"(_k := _floor({stored})) == {stored} else _NAN")

    def stepped_test(self, name: str, counter: str, step: float) -> str:
        """The test that a counter's int stepped by a whole constant (left in `_k`) is still one a store gives it:
        from within its range, a step of one can only leave it on one side."""
        moved = f"(_k := {counter} {'+' if step >= 0 else '-'} {abs(step)})"
        least = self.least_int(name)
        return (f"{moved} <= {WHOLE_INT}" if step == 1 else f"{moved} >= {least}" if step == -1 else
                f"{least} <= {moved} <= {WHOLE_INT}")

    def least_int(self, name: str) -> int:
        """The least int a store gives a counter: -2^24, or a FAIRE variable's floor (counters.counter_floors),
        below which its int is NaN (a FAIRE variable whose int a store takes: counters.kept_at_stores)."""
        floor = self.shared.floor(self.unit.unit, name) if name in self.unit.taken_counters else None
        return -WHOLE_INT if floor is None else max(floor, -WHOLE_INT)

    def int_made(self, expr: object) -> str | None:
        """The ints' code of + - * of live counters and whole constants that the floats of double work out
        exactly (at most 53 bits at each step), or None (single precision rounds each step past 2^24)."""
        return self.exprs.ints(expr, self.unit.live_counter)

    def put(self, array: str, target: n.Index, expr: object, keep: str | None = None) -> str:
        """An element stored by the general function: the array, then the index, then the value (kept in `keep`)."""
        key = self.exprs.key(target.indices)
        code, kind = self.exprs.expr(expr)
        return f"_put({array}, {key}, {kept_in(keep, code if kind == 'n' else f'_num({code})')})"

    def stored_in_turn(self, array: str, target: n.Index, value: Callable[[], tuple[str, str]],
                       keep: str | None = None) -> None:
        """An element stored statement by statement: the array, each index part, then the value `value` writes (a
        tall one in steps; a call that may end by RETOUR EN, which leaves the element as it was: came_back_with),
        kept in `keep` for a later read if given."""
        out = self.out
        out.emit(f"_a = {array}")
        keys = []
        for name, index in zip(STORE_TEMPS, target.indices):
            code, kind = self.index(index)
            out.emit(f"{name} = {code}")
            keys.append((name, kind))
        code, kind = value()
        for line in self.exprs.element("_a", keys, "").store(kept_in(keep, code if kind == "n" else f"_num({code})")):
            out.emit(line)

    def came_back_with(self, call: n.Call) -> tuple[str, str]:
        """A function's call whose RETOUR EN goes on at its line's block here (goes_back_here): the call, the jump
        if it came back so, and the code and kind of its result otherwise."""
        self.out.emit(f"_r = {self.called(call)}")
        self.out.emit(self.came_back("_type(_r) is _Back"))
        return "_function(_r)", self.exprs.result_kind(call.name)

    def key(self, indices: tuple) -> str:
        """An element's index: a tall one computed first in steps (neither rounded nor checked, as any index)."""
        if all(self.exprs.short(index) for index in indices):
            return self.exprs.key(indices)
        parts = [self.index(index)[0] for index in indices]
        return parts[0] if len(parts) == 1 else f"({parts[0]}, {parts[1]})"

    def index(self, node: object) -> tuple[str, str]:
        """One index part, its steps first if it is tall (neither rounded nor checked, as any index)."""
        self.exprs.in_index += 1
        try:
            return self.value(node)
        finally:
            self.exprs.in_index -= 1

    @contextmanager
    def descriptions(self, nodes: tuple) -> Iterator[dict[str, tuple[str, bool]]]:
        """In a fast path, name once the description of each array whose elements `nodes` read twice or more.

        Gives the arrays' code, the names their description (slot 0) is to be read into before the
        statement, and whether a matrix's row length is too (pyarray.Element.position). Decision: a fast
        path has no effect before its end (no call), so no array changes in it; a description read before
        it that fails fails the fast path, and the statement reruns.
        """
        counts: dict[str, int] = {}
        matrices: set[str] = set()
        for node in nodes:
            for item in self.shared.below(node):
                if type(item) is n.Index and (len(item.indices) == 2 or not self.unit.vector(item.name)):
                    counts[item.name] = counts.get(item.name, 0) + 1
                    if len(item.indices) == 2:
                        matrices.add(item.name)
        read: dict[str, tuple[str, bool]] = {}
        self.exprs.described = {}
        for name in sorted(counts):
            hoisted = self.unit.loops.description(name, name in matrices)  # read before a counted loop's `for`
            if hoisted is not None:
                self.exprs.described[name] = hoisted
                continue
            array = self.unit.settled_array(name)
            if counts[name] > 1 and array.isidentifier() and not self.unit.shape(name):  # (sizes written out)
                self.exprs.described[name] = f"_D{len(read)}"
                read[array] = (self.exprs.described[name], name in matrices)
        try:
            yield read
        finally:
            self.exprs.described = {}

    def fast_path(self, node: object) -> bool:
        """True if an expression has no effect before its end (then a miss runs it again) and reads elements,
        or (double precision) has chains of + - * whose tests for overflow a fast path leaves out but at each
        chain's top, SAVED or more of them (pyoperators.OperatorCode.chain)."""
        if self.fast_parts((node,)):
            return True
        return (not self.shared.numbers.single and self.tests_saved(node) >= SAVED
                and self.fast_parts((node,), reads=False))

    def tests_saved(self, node: object) -> int:
        """How many overflow tests of chains of + - * a fast path leaves out: all but the top's of each chain that
        the general way tests link by link (one not unfailing after its first operation: ExpressionCode.chain)."""
        chains = [item for item in self.shared.below(node) if type(item) is n.Binary and item.op in CHAIN]
        links = {id(kid) for item in chains for kid in (item.left, item.right)}
        saved = 0
        for top in (item for item in chains if id(item) not in links):
            operands, numbers, _, later_unfailing = self.exprs.chain_facts(top)
            if not (numbers and later_unfailing):
                saved += operands - 2
        return saved

    def fast_parts(self, parts: tuple, reads: bool = True) -> bool:
        """fast_path of expressions evaluated in turn (that read elements only if `reads`)."""
        found = not reads
        for part in parts:
            facts = self.facts_of(part)
            if not facts[1] or facts[2] and self.shared.profile:  # (a profile's arm counts its run: not undone)
                return False
            found = found or facts[0]
        return found and not self.exprs.cold and all(self.exprs.short(part) for part in parts)

    def facts_of(self, node: object) -> tuple[bool, bool, bool]:
        facts = self.facts.get(id(node))
        if facts is None:
            facts = self.facts[id(node)] = plain_facts(self.shared.below(node), self.exprs.reused)
        return facts

    def rerun(self, parts: tuple, read: dict) -> tuple[str, str]:
        """The lines that open a fast path and that begin its general way: the cycles are kept before it
        where an arm it pays may be paid again (plain_facts)."""
        if any(self.facts_of(part)[2] for part in parts):
            return "_cy = cyc\ntry:" + described(read), "except _Exception:\n    cyc = _cy"
        return "try:" + described(read), "except _Exception:"

    def evaluated(self, node: object, temp: str, into: str | None = None) -> tuple[str | None, str]:
        """Compute an expression into temp by plain lookups of its elements; a miss (or any failure, such as
        the overflow that only the top of a chain of + - * tests: pyoperators.chain) computes it the general way.

        A number for the variable `into` whose store is a plain assignment is put there directly
        (no temporary: the store cannot fail); then the code given back is None (stored already).
        """
        codes = []
        with self.descriptions((node,)) as read:
            with self.exprs.plain_lookups(), self.exprs.compact(False):
                codes.append(self.exprs.expr(node)[0])
        with self.exprs.compact():
            code, kind = self.exprs.expr(node)
        codes.append(code)
        target = temp
        if into is not None and kind == "n":
            plain = self.unit.pyname(into)
            target = plain if self.unit.store(into, temp, kind) == f"{plain} = {temp}" else temp
        opening, general = self.rerun((node,), read)
        self.out.emit(opening)
        self.out.emit(f"    {target} = {codes[0]}\n{general}\n    {target} = {codes[1]}")
        return (temp if target == temp else None), kind

    def st_Afficher(self, node: n.Afficher) -> None:
        parts = [code for code, _ in self.values(node.items)]
        items = "(" + "".join(part + ", " for part in parts) + ")"
        if node.format is None:
            text = f"_plain({items})"
        else:
            text = f"_K[{self.shared.constant(compile_format(node.format, len(parts)))}]({items})"
        if self.shared.profile or self.exprs.cold:  # (the profile counts print_char)
            self.out.emit(f"M.out({text})")
            return
        # ProgramIO.out written out: its characters paid, the text kept for the slice's end (a call, the cell's
        # attribute and the cost's look-up less: a program printing 80 000 lines 0.90 of its time).
        self.out.emit(f"_o = {text}; cyc += {self.shared.costs['print_char']} * _len(_o); M.printed.append(_o)")

    def st_Lire(self, node: n.Lire) -> None:
        target = node.targets[0]
        if type(target) is n.Var:
            name = target.name
            where = self.unit.storage(name)
            # Sure to be no array, no CHAINE: a procedure's own (a Python local, analyses.table_locals), or one of
            # the program's, which the monitor may declare a CHAINE at a pause (linker.numbers_kept; the
            # debugger's pauses are anywhere: there, read by name).
            if where != "ref" and self.unit.kind(name) == "n" and (where == "local" or not self.shared.debug):
                if where != "local":
                    self.shared.read_numbers.add(name)
                read = "M.read_number()"
                if not (self.shared.profile or self.exprs.cold):
                    # ProgramIO.read_number's way for a number typed already, written out: the field taken, the
                    # bell and its characters paid, the bell kept, the number in the model (a whole number: rounded
                    # by its size alone in single); readstat 0.85 of its time. Anything else is the call's.
                    costs, numbers = self.shared.costs, self.shared.numbers
                    paid = f"{costs['print_char']} + {costs['input_char']} * M.inputs.taken"
                    value = numbers.result("_v", proven=True) if numbers.single else "_v"
                    read = (f"({value} if (_v := M.inputs.take_number()) is not None and (cyc := cyc + {paid}) is not"
                            f" None and M.printed.append('\\a') is None else {read})")
                self.out.emit(self.unit.store(name, read, "n"))
                self.counter_given(name, None)
                return
            if where == "ref":
                self.out.emit(f"M.read_into_ref({self.unit.pyname(target.name)})")
            elif where == "global" and name in self.shared.layout.string_names and not self.shared.debug:
                # A CHAINE of the program's (G.strings: never an array) reads a string, stored as an assignment
                # stores one (its cells counted); else read_into's way. A command loop reading its lines 0.9.
                self.out.emit(f"if {name!r} in _GS:")
                self.out.emit(textwrap.indent(self.unit.store(name, "M.read_string()", "s"), "    "))
                self.out.emit(f"else:\n    M.read_into(G, {name!r})")
            else:
                self.out.emit(f"M.read_into({self.unit.env(target.name)}, {target.name!r})")
            return
        key = self.key(target.indices)
        self.out.emit(f"M.read_into_ref(_elref({self.unit.array(target.name)}, {key}, {target.name!r}))")

    def st_Chaine(self, node: n.Chaine) -> None:
        for name in node.names:
            if self.unit.storage(name) == "string" and name not in self.unit.param_strings:
                continue  # declared before anything names it: it only ever holds strings
            if self.unit.storage(name) in ("held", "string"):  # a parameter by value, always set
                value = self.unit.pyname(name)
                self.out.emit(f"if _type({value}) is not _str: M.fail({int(Err.ALREADY_DECLARED)}, {name!r})")
                continue
            if self.unit.storage(name) == "ref":
                self.out.emit(f"_declare_ref({self.unit.pyname(name)})")
            else:
                self.out.emit(f"{self.unit.env(name)}.declare_string({name!r})")

    def st_Liberer(self, node: n.Liberer) -> None:
        for name in node.names:
            if self.unit.storage(name) == "ref":
                self.out.emit(f"M.fail({int(Err.NOT_A_REFERENCE)}, {name!r})")
            else:
                self.out.emit(f"{self.unit.env(name)}.release({name!r})")

    def st_Tableau(self, node: n.Tableau) -> None:
        pydeclare.tableau(self, node)

    def called(self, call: n.Call) -> str:
        """A procedure's call; where an argument is tall, what it computes first written before, in order."""
        if self.exprs.short(call):
            return self.exprs.call(call)
        parts = self.exprs.call_parts(call)
        codes = self.values([part for part, _ in parts], [level > 0 for _, level in parts])
        return self.exprs.call(call, {id(part): code for (part, _), code in zip(parts, codes)})

    def st_CallStatement(self, node: n.CallStatement) -> None:
        out = self.out
        if self.shared.leaves[node.call.name] <= {"return", "end", "off_end"}:
            out.emit(self.called(node.call))  # it can only end by RETOUR (or end the program)
        elif not self.goes_back_here(node.call.name):
            # (a RETOUR EN raises, for caught to go on; the test inline: a call of _subroutine after each call cost
            # a recursion 0.8 of its time)
            out.emit(f"if (_r := {self.called(node.call)}) is not _RET: _subroutine(_r)")
        else:
            out.emit(f"_r = {self.called(node.call)}")
            out.emit(self.came_back("_r is not _RET"))

    def goes_back_here(self, name: str) -> bool:
        """True if a call of `name` that ends by RETOUR EN goes on at its line's block by the dispatch, with no
        exception (a RETOUR EN into a unit keeps its dispatch: not where it is written structured or straight,
        nor in a counted loop's pass). Decision: raising ReturnTo for caught() to find the block cost a binary search
        that leaves by RETOUR EN a fifth of its time."""
        unit = self.unit
        return "return_to" in self.shared.leaves[name] and unit.dispatched and unit.loops.counting is None

    def came_back(self, test: str) -> str:
        """The jump to where a RETOUR EN goes on, if `test` says the call ended so (its result `_r`)."""
        unit, refund = self.unit, self.out.where[1]  # (the cycles paid ahead for what follows the call)
        settling = f"; {unit.settling()}" if unit.settled else ""  # (as after caught: what was called may change)
        unit.jumps_out = True
        return (f"if {test}: pc = _came_back(_r, lp){f'; cyc -= {refund}' if refund else ''}{settling}; "
                f"{'continue' if unit.fused is None else 'break'}")

    def st_Pause(self, node: n.Pause) -> None:
        self.out.emit(f"M.current_line = {node.line}")
        self.out.emit("M.pause()")

    def st_Procedure(self, node: n.Procedure) -> None:
        self.out.emit(f"M.fail({int(Err.PROCEDURE_REACHED)}, {node.name!r})")

    def st_Garer(self, node: n.Garer) -> None:
        args = ", ".join(self.value(part)[0] for part in (node.var, node.record, node.file))
        self.out.emit(f"M.disk_store({args})")

    def st_Charger(self, node: n.Charger) -> None:
        args = ", ".join(self.value(part)[0] for part in (node.record, node.file))
        name = node.var.name
        if self.unit.storage(name) == "ref":  # into the caller's variable
            self.out.emit(f"_st = M.disk_load_ref({self.unit.pyname(name)}, {args})")
        else:
            self.out.emit(f"_st = M.disk_load({self.unit.env(name)}, {name!r}, {args})")
        if node.status is None:
            return
        target = node.status
        if type(target) is n.Var:
            self.out.emit(self.unit.store(target.name, "_st", "n"))
        else:
            key = self.key(target.indices)
            self.out.emit(f"_setref(_elref({self.unit.array(target.name)}, {key}, {target.name!r}), _st)")

    def st_Supprimer(self, node: n.Supprimer) -> None:
        record = self.value(node.record)[0] if node.record is not None else "None"
        self.out.emit(f"M.disk_delete({self.value(node.file)[0]}, {record})")

    def assigned_by_arms(self, name: str, node: n.Conditional) -> bool:
        """V←SI c ALORS a SINON b where V is a number held in Python (a plain assignment stores into it): a Python
        `if` whose arms each store their value (by_arms); False, nothing written, where V is held otherwise."""
        if self.shared.profile or self.unit.store(name, "_b", "n") != f"{self.unit.pyname(name)} = _b":
            return False
        self.by_arms(node, lambda code, kind: self.unit.store(name, code, kind), leaves=False)
        return True

    def chosen_by_arms(self, name: str, node: n.Conditional) -> bool:
        """V←SI c ALORS k SINON ... between whole constants (operands.whole_choice), V a counter whose stores set its
        int and a number held in Python: nested `if`s whose arms store the float and the int; False, nothing written,
        elsewhere. Each arm is paid as by_arms pays it, an inner SI's price after its `if`, as after its value."""
        counter = self.unit.counter(name)
        if (counter is None or name not in self.unit.assigned_counters or whole_choice(node) is None
                or self.shared.profile or self.unit.store(name, "_b", "n") != f"{self.unit.pyname(name)} = _b"):
            return False
        out = self.out
        out.emit(f"if {self.value(node.cond)[0]}:")
        for at, arm in enumerate((node.then, node.other)):
            if at:
                out.emit("else:")
            out.depth += 1
            price = self.shared.price(expression_cost(arm))
            value = whole_constant(arm)
            if value is None:
                self.chosen_by_arms(name, arm)
            else:
                out.emit(f"{self.unit.store(name, self.value(arm)[0], 'n')}\n{counter} = {value}")
            if price:
                out.emit(f"cyc += {price}.0")
            out.depth -= 1
        return True

    def by_arms(self, node: n.Conditional, finish: Callable[[str, str], str], leaves: bool) -> None:
        """SI c ALORS a SINON b at the top of a statement: a Python `if` whose arms each end with `finish(code,
        kind)`, what takes their value (a return: `leaves`, no `else`; or a store), paid once it is known.

        Decision: the statements cost less than the conditional expression, which pays its arm through a
        temporary and a test of it (Takeuchi's function, McCarthy's 91). Not for the profile, whose charges are
        points of the line (pynames.charge_inline).
        """
        out = self.out
        out.emit(f"if {self.value(node.cond)[0]}:")
        for at, arm in enumerate((node.then, node.other)):
            if at and not leaves:
                out.emit("else:")
            indent = not (at and leaves)
            out.depth += indent
            code, kind = self.value(arm)
            price = self.shared.price(expression_cost(arm))
            if not price:
                out.emit(finish(code, kind))
            elif literal(arm, self.shared.numbers) or self.exprs.unfailing(arm):  # (it cannot fail: paid first)
                out.emit(f"cyc += {price}.0\n{finish(code, kind)}")
            elif kind == "n" and not leaves:  # (a number's plain store cannot fail: paid after it)
                out.emit(f"{finish(code, kind)}\ncyc += {price}.0")
            else:  # (a value that is no number is paid before its store, which tests it)
                out.emit(f"_b = {code}\ncyc += {price}.0\n{finish('_b', kind)}")
            out.depth -= indent

    def st_Executer(self, node: n.Executer) -> None:
        start = self.value(node.start)[0] if node.start is not None else "None"
        self.out.emit(f"M.current_line = {node.line}")
        self.out.emit(f"M.chain({self.value(node.program)[0]}, {start})")

    # --------------------------------------------------------------- loops
    def loop_entry(self, node: n.Faire) -> None:
        out = self.out
        bounds = [part for part in (node.start, node.step, node.limit) if part is not None]
        codes = iter(self.values(bounds))
        start, _ = next(codes)
        step, step_kind = next(codes) if node.step is not None else ("1.0", "n")
        limit, limit_kind = next(codes) if node.limit is not None else ("None", "n")
        fixed = fixed_bounds(node, self.unit.states is not None)  # (only its limit worked out: see fixed_bounds)
        out.emit(f"_lim = {limit}" if fixed else
                 f"_s = {start}; _st = {step if step_kind == 'n' else f'_num({step})'}; _lim = {limit}")
        if limit_kind != "n":
            out.emit("_num(_lim)")
        out.emit(self.unit.store(node.var, start if fixed else "_s", self.exprs.value(node.start, [])[1]))

    def leave_unit(self, exit_: object) -> None:
        """RETOUR, RESULTAT, RETOUR EN, TERMINER, or past the last line (an ir.Leave)."""
        out = self.out
        kind = exit_.kind
        if kind == "end":
            out.emit("_terminate()")
            return
        if kind == "off_end":
            out.emit(f"_off_end({exit_.at})")
            return
        if self.unit.is_main:
            out.emit(f"M.fail({int(Err.RETURN_OUTSIDE_PROCEDURE)})")
            return
        if kind == "return":
            out.emit("return _RET")
        elif kind == "result" and type(exit_.expr) is n.Conditional and not self.shared.profile:
            self.by_arms(exit_.expr, lambda code, _: f"return {code}", leaves=True)
        elif kind == "result" and pytail.tail_call(self.unit, exit_.expr):  # (its code run again: see pytail)
            for line in pytail.jump_back(self.unit, self.values(list(exit_.expr.args))):
                out.emit(line)
        elif kind == "result":
            code, _ = self.value(exit_.expr)
            out.emit(f"return {code}")
        else:
            line = self.unit.shared.layout.resolve(exit_.target)
            if line is None:
                code, _ = self.value(exit_.target.expr)
                out.emit(f"return _return_to(_line_number({code}))")
            else:
                out.emit(f"return _return_to({line})")


def indented(code: str) -> list[str]:
    """The lines of `code` one level in."""
    return ["    " + line for line in code.split("\n")]
