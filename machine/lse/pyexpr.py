"""Python code for LSE expressions, with their kinds ('n' number, 's' string, 'b' truth, '?' unknown).

Imports nodes, operands, pyoperators (the operators, and through them pyindex's elements), pybuiltins (a built-in's
call) and pysure (the conditions ET and OU may skip); never the runtime. No text of the program reaches the code
unescaped: names go through `python_name`, strings and numbers through repr().
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from machine.lse import nodes as n
from machine.lse import pybuiltins, pyleaf
from machine.lse.checks import walk
from machine.lse.costs import expression_cost
from machine.lse.numbers import COMPARE_PY, FLIPPED, compared
from machine.lse.operands import (
    changes_variables,
    children,
    height_at_most,
    literal,
    magnitude,
    power_of_two,
    remainder_shape,
    whole24,
)
from machine.lse.pyoperators import REMAINDER_DOUBLE, REMAINDER_SINGLE, OperatorCode
from machine.lse.pyshared import INDENT
from machine.lse.pysure import SureConditions

TALL = 40  # an expression taller than this is computed in steps, one temporary a node
_SPELT: dict[tuple[str, str], str] = {}  # python_name's answers (a program names few variables, often)


BARE_INTS = frozenset({"POS", "LGR", "EQN"})  # built-ins whose inline form gives an int, made a float after


def python_name(prefix: str, name: str) -> str:
    """A Python identifier for an LSE name: ASCII letters and digits as they are, anything else spelt out."""
    spelt = _SPELT.get((prefix, name))
    if spelt is None:
        if name.isascii() and name.isalnum():
            spelt = f"{prefix}_{name}"
        else:
            spelt = f"{prefix}_x" + name.encode().hex()
        if len(_SPELT) < 4096:
            _SPELT[prefix, name] = spelt
    return spelt


class ExpressionCode(OperatorCode):
    """Expressions of one unit; `scope` says where each name lives (see pygen.UnitCode)."""

    def __init__(self, scope: object, numbers: object, charge_code, procedures: dict) -> None:
        self.scope = scope
        self.numbers = numbers
        self.charge_code = charge_code  # Counter -> code that pays it inside an expression
        self.procedures = procedures  # name -> Unit
        self.in_index = 0
        self.depth = 0  # nesting of walrus temporaries
        self.steps: list[str] | None = None  # the statements of a tall expression, in order
        # Its temporaries are numbered through the unit: two tall expressions of one statement (AFFICHER A,B) each
        # numbered from 0 overwrote the first's result (its value printed twice); _e is pystrings' (its stops).
        self.stepped = 0
        self.done: dict | None = None  # the nodes of a tall expression computed already
        self.fast = False  # elements by a plain lookup, any failure rerunning the statement (see plain_lookups)
        # In a fast path, the arrays whose description is read once before it (pystmt's descriptions).
        self.described: dict[str, str] = {}
        self.cold = False  # code that runs rarely: the general functions in one short call each (see compact)
        self.link = False  # the node being written is a link of a chain of + - * (see chain)
        self.wholes: dict[int, bool] = {}  # operands.whole's answers, by node id (the nodes live as long as this)
        self.proofs: dict[int, bool] = {}  # and with the variables proved whole
        self.bounds: dict[int, tuple | None] = {}  # bounds' answers, by node id, likewise
        self.sizes: dict[int, float | None] = {}  # operands.magnitude's answers, by node id, likewise
        self.shorts: dict[int, bool] = {}  # short's answers, by node id
        self.chains: dict[int, tuple[int, bool, bool, bool]] = {}  # chain_facts' answers, by node id
        self.unchained = False  # writing a whole chain's long way: its links rounded each (see whole_chain)
        self.sureness = SureConditions(scope, numbers, self.sizes)  # the conditions ET and OU may skip
        self.bare_ints: set[int] = set()  # the positions, lengths and codes compared with a number (ex_Compare)
        self.positions: dict[int, str] = {}  # elements read whose position a fast path keeps, in the name given
        # An index, or a + - * of one, may be a Python int (kind 'i'): a FAIRE's pass index, whole constants.
        self.int_index = False  # the node about to be written may be one
        self.int_here = False  # the node being written may be one
        self.floor_var: str | None = None  # the variable of the index being written that its floor stands for
        self.floats = 0  # > 0: indices for the general functions, as floats
        self.raw: int | None = None  # the operation to write unrounded, of kind 'r' (see unrounded)
        self.ent_quotient: int | None = None  # a quotient ENT floors, untested (pybuiltins.builtin_call)
        self.reused: dict[int, tuple[str, str]] = {}  # element reads and quotients kept or taken (reuse.py)
        self.placed: dict[int, str] = {}  # element reads and stores whose position a temporary keeps (reuse.py)
        self.placed_fast: set[str] = set()  # those temporaries that a read's fast path has set (see element_read)

    @contextmanager
    def plain_lookups(self, fast: bool = True) -> Iterator[None]:
        """Write what follows as a fast path (pystmt.StatementCode.evaluated) if `fast`, else the general way."""
        self.fast = fast
        try:
            yield
        finally:
            self.fast = False

    @contextmanager
    def compact(self, cold: bool = True) -> Iterator[None]:
        """Write what follows (if `cold`) as code that runs rarely: an element, a join, a substring, a
        comparison of unknown kinds, an overflow test are each one call of the general function.

        Decision: such code (the general way after a fast path's failure, a block that runs once) is
        written short, as CPython's compile takes time in proportion to the code; the calls give the
        same results, errors and cycles as the inline forms, which only the hot code needs.
        """
        before, self.cold = self.cold, cold
        try:
            yield
        finally:
            self.cold = before

    # -------------------------------------------------------------- entry
    def short(self, node: object) -> bool:
        """True if an expression is no taller than TALL (kept by node: copies of a block ask again)."""
        known = self.shorts.get(id(node))
        if known is None:
            # (an expression of TALL nodes or fewer is no taller: the walk is the program's, kept)
            known = self.shorts[id(node)] = len(self.scope.shared.below(node)) <= TALL or height_at_most(node, TALL)
        return known

    def value(self, node: object, out: list[str]) -> tuple[str, str]:
        """Code and kind of an expression; a tall one first appends its steps to out."""
        if self.short(node):
            return self.expr(node)
        self.steps = out
        try:
            return self.stepwise(node)
        finally:
            self.steps = None

    def stepwise(self, node: object) -> tuple[str, str]:
        """Compute a tall expression one node a statement, in evaluation order, without recursion; each node at
        the index level it has (index arithmetic is neither rounded nor checked). A chain of arithmetic whose
        other operands are short is one step every TALL // 2 of its operations (see spine)."""
        done: dict[int, tuple[str, str]] = {}
        level = self.in_index
        stack = [(node, False, level)]
        tall = heights(node)
        try:
            while stack:
                item, ready, self.in_index = stack.pop()
                if id(item) in done:
                    continue
                if type(item) is n.Num or type(item) is n.Str:  # (a constant: written where it is used, no step)
                    done[id(item)] = self.expr(item)
                    continue
                if tall[id(item)] <= TALL // 2:
                    code, kind = self.expr(item)  # small enough: one step
                elif not ready:
                    stack.append((item, True, self.in_index))
                    below = spine(item, tall)
                    if below is not None:  # (the operands on the way down are short: written in the step)
                        stack.append((below, False, self.in_index))
                        continue
                    stack.extend((part, False, at) for part, at in reversed(self.step_parts(item)))
                    continue
                elif type(item) is n.Conditional:
                    done[id(item)] = self.conditional_steps(item, done[id(item.cond)][0])
                    continue
                else:
                    code, kind = self.expr(item, done)
                temp = self.step_temp()
                self.steps.append(f"{temp} = {code}")
                done[id(item)] = (temp, kind)
        finally:
            self.in_index = level
        return done[id(node)]

    def step_parts(self, node: object) -> list[tuple[object, int]]:
        """What the steps of a node compute before it, in order, each with its index level: a conditional's
        condition only (the arm not taken is never computed), a procedure's arguments but those given by
        reference (a name is not read; an element's index is computed), an element's index one level in."""
        level = self.in_index
        if type(node) is n.Conditional:
            return [(node.cond, level)]
        if type(node) is n.Index:
            return [(index, level + 1) for index in node.indices]
        if type(node) is n.Call:
            return self.call_parts(node)
        return [(kid, level) for kid in children(node)]

    def call_parts(self, node: n.Call) -> list[tuple[object, int]]:
        """A procedure call's parts computed before it, in order, with their index level (see step_parts)."""
        unit = self.procedures[node.name]
        aliased = self.scope.shared.aliased.get(node.name, ())
        parts = []
        for param, arg in zip(unit.params, node.args):
            if param in aliased or param in unit.by_reference and type(arg) is n.Var:
                continue
            if param in unit.by_reference and type(arg) is n.Index:
                parts.extend((index, 1) for index in arg.indices)
            else:
                parts.append((arg, 0))
        return parts

    def conditional_steps(self, node: n.Conditional, cond: str) -> tuple[str, str]:
        """A tall SI c ALORS a SINON b in steps: each arm's steps inside its branch of a Python `if`, paid as
        ex_Conditional pays it (once the arm's value is known)."""
        temp, outer = self.step_temp(), self.steps
        lines, kinds = [f"if {cond}:"], []
        for arm, head in ((node.then, None), (node.other, "else:")):
            if head:
                lines.append(head)
            self.steps = []
            try:
                code, kind = self.expr(arm) if self.short(arm) else self.stepwise(arm)
                steps = self.steps
            finally:
                self.steps = outer
            paid = self.charge_code(expression_cost(arm), code, literal(arm, self.numbers))
            lines.extend(INDENT + line for step in (*steps, f"{temp} = {paid}") for line in step.split("\n"))
            kinds.append(kind)
        outer.append("\n".join(lines))
        return temp, (kinds[0] if kinds[0] == kinds[1] else "?")

    def step_temp(self) -> str:
        """A new temporary for a step of a tall value (numbered through the unit: see stepped)."""
        self.stepped += 1
        return f"_y{self.stepped - 1}"

    # -------------------------------------------------------- expressions
    def expr(self, node: object, done: dict | None = None) -> tuple[str, str]:
        if done is not None and id(node) in done:
            return done[id(node)]
        self.done = done
        self.int_here, self.int_index = self.int_index, False
        return getattr(self, "ex_" + type(node).__name__)(node)

    def sub(self, node: object) -> tuple[str, str]:
        done = self.done
        if done is not None and id(node) in done:
            return done[id(node)]
        return self.expr(node, done)

    def ex_Num(self, node: n.Num) -> tuple[str, str]:
        if self.int_here and whole24(node):
            return repr(int(node.value)), "i"
        return self.numbers.constant(float(node.value)), "n"

    def ex_Str(self, node: n.Str) -> tuple[str, str]:
        return repr(node.value), "s"

    def ex_Var(self, node: n.Var) -> tuple[str, str]:
        if node.name == self.floor_var and self.int_here and not self.floats:
            return self.scope.loops.floor_of(node.name), "i"
        counter = self.scope.live_counter(node.name) if self.int_here and not self.floats else None
        if counter is not None:
            return counter, "i"
        return self.scope.read(node.name), self.scope.kind(node.name)

    def kept(self, node: object, write: Callable[[object], tuple[str, str]]) -> tuple[str, str]:
        """An element read or a quotient as `write` writes it, or its value kept in a temporary by an earlier one with
        nothing changed in between (reuse.py: the temporary taken, or set here for a later one to take)."""
        reused = self.reused.get(id(node))
        if reused is not None and reused[0] == "take":
            return reused[1], "n"
        code, kind = write(node)
        return (code if reused is None else f"({reused[1]} := {code})"), kind

    def ex_Index(self, node: n.Index) -> tuple[str, str]:
        return self.kept(node, self.element_read)

    def element_read(self, node: n.Index) -> tuple[str, str]:
        """An element read (see ex_Index)."""
        if self.cold:  # the array, then the index (floats), then any index is the general function's
            code = f"_rd({self.scope.array(node.name)}, {self.key(node.indices)})"
            place = self.placed.get(id(node))
            return (code if place is None else f"(({place} := None) or {code})"), "n"
        # The array is looked at before the index, as everywhere: the same error when both are unset.
        element = self.accessed(node)
        at = self.positions.pop(id(node), None) if self.fast else None  # (kept for the store after it)
        place = self.placed.get(id(node)) if at is None else None  # (kept for a later statement's store)
        if place is not None and self.fast:
            self.placed_fast.add(place)
            return element.fast_read(place), "n"
        code = element.fast_read(at) if self.fast else element.read()
        # (any other way of reading it leaves no position: the store finds None, a TypeError, and goes the general way)
        return (code if place is None else f"(({place} := None) or {code})"), "n"

    def read_freely(self, node: object) -> bool:
        """True for a string variable read with no effect and no failure here (set on every way here)."""
        return type(node) is n.Var and self.scope.kind(node.name) == "s" and self.scope.surely_set(node.name)

    def ex_Compare(self, node: n.Compare) -> tuple[str, str]:
        if node.op in ("=", "#") and not self.cold and not self.in_index and (code := self.multiple(node)) is not None:
            return code, "b"
        if self.numbers.single and not self.cold and not self.in_index and (code := self.unrounded(node)) is not None:
            return code, "b"
        return self.compare(node)

    def multiple(self, node: n.Compare) -> str | None:
        """X=M*ENT(X/M) (or ENT(X/M)*M, either side; or #) of a number's name X and a whole constant M as X % M == 0;
        where M is no power of two and X is not known to be at most 2^51 (2^23 in single) in size, only then, else
        the general way. None where the node is no such test.

        Decision: X/M is exact for a power of two M (a tiny X's underflow aside, where neither holds), and rounds
        to no other whole part for X within the size: X equals the multiple exactly where M divides it, which %
        tells; a fraction equals no multiple, and has a remainder. Neither can fail. A Collatz walk's test of
        parity, `X=2*ENT(X/2)`, was three operations, a floor and a float made.
        """
        for var, product in ((node.left, node.right), (node.right, node.left)):
            # (the product is the multiple of LSE's remainder X-ENT(X/M)*M: operands.remainder_shape)
            shape = remainder_shape("-", var, product) if type(var) is n.Var else None
            constant = shape[0] if shape is not None else None
            if type(constant) is not n.Num or not float(constant.value).is_integer() or abs(constant.value) < 1 or any(
                    id(item) in self.reused for item in walk(node)):
                continue
            number, kind = self.sub(var)
            if kind != "n" or not number.isidentifier():
                return None
            modulus = float(constant.value)
            code = f"(({number} % {self.numbers.constant(modulus)}) {COMPARE_PY[node.op]} 0.0)"
            limit = REMAINDER_SINGLE if self.numbers.single else REMAINDER_DOUBLE
            size = magnitude(var, self.scope.bounds.get, self.scope.shared.bounded, known=self.sizes)
            if power_of_two(modulus) or size is not None and size <= limit:
                return code
            return f"({code} if -{limit!r} <= {number} <= {limit!r} else {self.compare(node)[0]})"
        return None

    def unrounded(self, node: n.Compare) -> str | None:
        """In single precision, + - * / of numbers compared with a constant as the double it works out, against the
        halfway points around the constant (numbers.compared): None where the operation is rounded otherwise (whole
        within 2^24, scaled, a remainder: OperatorCode.binary leaves it of kind 'n') or is no such operation."""
        found = [(side, other, op) for side, other, op in (
            (node.left, node.right, node.op), (node.right, node.left, FLIPPED[node.op]))
            if type(other) is n.Num and type(side) is n.Binary and side.op in "+-*/" and id(side) not in self.reused]
        if not found or (constant := self.numbers.held(float(found[0][1].value))) is None:
            return None
        side, _, op = found[0]
        self.raw = id(side)
        try:
            (code, kind), = self.below((side,))
        finally:
            self.raw = None
        if kind != "r":  # (written rounded: compared as it is)
            return f"({code} {COMPARE_PY[op]} {self.numbers.constant(constant)})"
        return compared(code, op, constant)

    def compare(self, node: n.Compare) -> tuple[str, str]:
        """A comparison's code, the general way (see ex_Compare)."""
        # Decision: a position, a length or a code compared with a whole constant is compared as the int it is where
        # it is worked out inline, with the constant's int: no float made, two ints compared (11 ns less than a
        # float made and compared; an int and a float compare exactly, but as slowly as two floats and a float made).
        ints = [side for side, other in ((node.left, node.right), (node.right, node.left))
                if type(side) is n.BuiltinCall and side.name in BARE_INTS and type(other) is n.Num and (
                    float(other.value).is_integer() and abs(other.value) < 2 ** 53)]
        self.bare_ints.update(id(side) for side in ints)
        (left, lk), (right, rk) = self.below((node.left, node.right))  # temporaries apart from the kind test's
        if ints:  # (the general way's float meets the int constant: compared exactly)
            left, right = (left, repr(int(node.right.value))) if ints[0] is node.left else (
                repr(int(node.left.value)), right)
        op = COMPARE_PY[node.op]
        if lk == rk and lk in "ns":
            return f"({left} {op} {right})", "b"
        if self.cold:
            if node.op in ("=", "#"):
                return f"{'_eq' if node.op == '=' else '_ne'}({left}, {right})", "b"
            return f"(_order({left}, {right}) {op} 0)", "b"
        # A kind known only at run time: compared directly when both operands are of the same kind (the
        # kind of one of them if it is known), not arrays; anything else fails in `_eq` or `_order`.
        a, b = f"_ca{self.depth + 1}", f"_cb{self.depth + 1}"
        kind = {"n": "_float", "s": "_str"}.get(lk, {"n": "_float", "s": "_str"}.get(rk, "not _list"))
        test = f"_type({a} := {left}) is _type({b} := {right}) is {kind}"
        held = self.numbers.representable  # a string or a number the model holds, written out: it cannot fail
        constant = tuple(kind in "ns" and (type(side) is n.Str or (type(side) is n.Num and held(side.value)))
                         for side, kind in ((node.right, rk), (node.left, lk)))
        if any(constant):  # a literal of a known kind: only the other operand is tested, for the literal's kind
            kind = {"n": "_float", "s": "_str"}[rk if constant[0] else lk]
            other, first = self.once(left if constant[0] else right, a)
            test = f"_type({first}) is {kind}"
            a, b = (other, right) if constant[0] else (left, other)
        if node.op in ("=", "#"):
            general = f"{'_eq' if node.op == '=' else '_ne'}({a}, {b})"
        else:
            general = f"(_order({a}, {b}) {op} 0)"
        return f"({a} {op} {b} if {test} else {general})", "b"

    def ex_Logic(self, node: n.Logic) -> tuple[str, str]:
        # Decision: ET and OU evaluate both sides (no short circuit), like the stack machines LSE ran on; a side
        # that can neither fail nor change anything (sure) may go unevaluated unseen: it is put second, and
        # Python's `and` or `or` skips it when the other decides (its cycles are the block's, paid anyway).
        # A sure left side goes second only where the right changes no variable (a call, a position given back)
        # that it might read: it would read it changed.
        (left, _), (right, _) = self.sub(node.left), self.sub(node.right)
        sure = self.sureness.sure
        sure_right = sure(node.right)
        if sure_right or (sure(node.left) and not changes_variables(node.right)):
            first, second = (left, right) if sure_right else (right, left)
            return f"({first} {'and' if node.op == 'ET' else 'or'} {second})", "b"
        return f"({left} {'&' if node.op == 'ET' else '|'} {right})", "b"

    def ex_Not(self, node: n.Not) -> tuple[str, str]:
        return f"(not {self.sub(node.operand)[0]})", "b"

    def ex_Conditional(self, node: n.Conditional, owed: Counter | None = None) -> tuple[str, str]:
        """SI c ALORS a SINON b: the arm taken paid once its value is known, with what the arms around it owe.

        Decision: an arm that is itself a conditional value (SI ... SINON SI ...) has its price paid by each of
        its own arms, with theirs, in plain runs: the same total at the same moment (once the value is known,
        nothing paid for what fails), with one add where each level added its own (paths5x5 0.95 of its time).
        """
        cond = self.sub(node.cond)[0]
        arms = []
        for arm in (node.then, node.other):
            price = expression_cost(arm) if owed is None else expression_cost(arm) + owed
            if type(arm) is n.Conditional and not self.scope.shared.profile:
                arms.append(self.ex_Conditional(arm, price))
                continue
            code, kind = self.expr(arm)
            arms.append((self.charge_code(price, code, literal(arm, self.numbers)), kind))
        (then, tk), (other, ok) = arms
        return f"({then} if {cond} else {other})", (tk if tk == ok else "?")

    def ex_BuiltinCall(self, node: n.BuiltinCall) -> tuple[str, str]:
        return self.kept(node, self.builtin_call)

    def builtin_call(self, node: n.BuiltinCall) -> tuple[str, str]:
        return pybuiltins.builtin_call(self, node)

    @staticmethod
    def once(code: str, temp: str) -> tuple[str, str]:
        """An operand to test then use: (how to use it, how to compute it where it is first tested).

        A plain name is read again (pure, and its first read fails first); anything else is kept in `temp`.
        """
        return (code, code) if code.isidentifier() else (temp, f"{temp} := {code}")

    def below(self, nodes: tuple | list, start: str | None = None, count: str | None = None) -> list[tuple[str, str]]:
        """The code and kind of each node, written one level deeper: their temporaries are not this level's.
        With `start` or `count` (see int_start), the second or third node is written as a float, for the
        general way only."""
        self.depth += 1
        try:
            parts = []
            for at, node in enumerate(nodes):
                as_float = at == 1 and start is not None or at == 2 and count is not None
                self.floats += as_float
                try:
                    parts.append(self.sub(node))
                finally:
                    self.floats -= as_float
            return parts
        finally:
            self.depth -= 1

    def ex_Call(self, node: n.Call) -> tuple[str, str]:
        facts = self.scope.shared
        if facts.leaves[node.name] & {"return", "return_to"}:
            return f"_function({self.call(node)})", self.result_kind(node.name)
        return self.call(node), self.result_kind(node.name)  # it can only end by RESULTAT (or end the program)

    def result_kind(self, name: str) -> str:
        """What a function gives: a number, a string, or either ("?")."""
        facts = self.scope.shared
        return "n" if name in facts.numeric else "s" if name in facts.string_results else "?"

    def call(self, node: n.Call, given: dict | None = None) -> str:
        """Code calling a procedure: its function and its arguments, by value or by reference (with `given`,
        the code of each of its call_parts, computed before it: pystmt.StatementCode.called).

        An argument is a value even in an index: its arithmetic is rounded and checked (the index's is not).
        """
        unit = self.procedures[node.name]
        aliased = self.scope.shared.aliased.get(node.name, ())  # (the program's variable itself: nothing given)
        parts = []
        in_index, self.in_index = self.in_index, 0
        if given is not None:
            self.done = given
        try:
            for param, arg in zip(unit.params, node.args):
                if param in aliased:
                    continue
                if param in unit.by_reference:
                    parts.append(self.reference(arg))
                    continue
                code, kind = self.sub(arg)
                parts.append(code if kind in "nsb" else f"_byval({code})")
        finally:
            self.in_index = in_index
            if given is not None:
                self.done = None
        depth = "0" if self.scope.is_main else "depth + 1"  # its depth (see UnitCode.function)
        function = python_name('p', node.name.lstrip('&'))
        leaf = self.scope.shared.leaf_exits.get(node.name) if given is None and not self.cold else None
        if leaf is not None and (code := pyleaf.leaf_call(self, node, leaf, parts, function, depth)) is not None:
            return code  # (its exit at its entry written here: pyleaf)
        return f"{function}({', '.join([*parts, depth])})"

    def reference(self, arg: object) -> str:
        if type(arg) is n.Var:
            return self.scope.ref(arg.name)
        if type(arg) is n.Index and self.cold:
            return f"_elref({self.scope.array(arg.name)}, {self.key(arg.indices)}, {arg.name!r})"
        if type(arg) is n.Index:
            return self.accessed(arg).reference(arg.name)
        return f"({{0: {self.sub(arg)[0]}}}, 0)"  # a temporary cell: a dict, never a list (an array)


def heights(node: object) -> dict[int, int]:
    """The height of each node of an expression, by identity, found without recursion."""
    found: dict[int, int] = {}
    stack = [(node, False)]
    while stack:
        item, ready = stack.pop()
        if ready:
            found[id(item)] = 1 + max((found[id(kid)] for kid in children(item)), default=0)
        elif id(item) not in found:
            stack.append((item, True))
            stack.extend((kid, False) for kid in children(item))
    return found


def spine(node: object, tall: dict[int, int]) -> object | None:
    """The operand TALL // 2 operations down a chain of arithmetic from `node` (`+ - * /`, each tall on its left
    and short on its right), or where the chain stops before that; None where it does not start at `node`.

    Decision: a chain so taken one operation a step was a temporary for each operation and one for each operand, 85
    bytes of Python a term of a sum: 7 lines of 4 000 terms were 6.3 MB, whose compile took 550 MB (4.5 s). Its
    steps are in the same order written TALL // 2 operations at a time, the operands on the way written in
    them, each evaluated where its own step was."""
    below, depth = node, 0
    while (type(below) is n.Binary and below.op in "+-*/" and depth < TALL // 2 and
           tall[id(below.left)] > TALL // 2 and tall[id(below.right)] <= TALL // 2):
        below, depth = below.left, depth + 1
    return below if depth else None

