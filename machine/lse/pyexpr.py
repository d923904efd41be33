"""Python code for LSE expressions, with their kinds ('n' number, 's' string, 'b' truth, '?' unknown).

Imports nodes, holdings (what gives a string), numbers, operands, pyindex (elements), pybuiltins (a built-in's
call) and pystrings (the inline string built-ins); never the runtime. No text of the program reaches the code
unescaped: names go through `python_name`, strings and numbers through repr().
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from machine.lse import nodes as n
from machine.lse import pybuiltins, pystrings
from machine.lse.checks import walk
from machine.lse.costs import expression_cost
from machine.lse.holdings import gives_string
from machine.lse.numbers import ROUNDER
from machine.lse.operands import (
    CHAIN,
    DEEPEST,
    NUMERIC_BUILTINS,
    cannot_overflow,
    changes_variables,
    children,
    exact,
    height_at_most,
    literal,
    magnitude,
    offset_of,
    power_of_two,
    remainder_parts,
    remainder_shape,
    scales,
    whole,
    whole24,
)
from machine.lse.pyindex import IndexCode
from machine.lse.pyshared import INDENT
from machine.lse.pysure import SureConditions

COMPARE_PY = {"=": "==", "#": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
TALL = 40  # an expression taller than this is computed in steps, one temporary a node
# Whole X and M up to these sizes have X-ENT(X/M)*M exact (see remainder): M of any size in double.
REMAINDER_DOUBLE, REMAINDER_SINGLE = 2.0 ** 51, 2.0 ** 23
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


class ExpressionCode(IndexCode):
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
        self.sureness = SureConditions(scope, numbers, self.sizes)  # the conditions ET and OU may skip
        self.bare_ints: set[int] = set()  # the positions, lengths and codes compared with a number (ex_Compare)
        self.positions: dict[int, str] = {}  # elements read whose position a fast path keeps, in the name given
        # An index, or a + - * of one, may be a Python int (kind 'i'): a FAIRE's pass index, whole constants.
        self.int_index = False  # the node about to be written may be one
        self.int_here = False  # the node being written may be one
        self.floor_var: str | None = None  # the variable of the index being written that its floor stands for
        self.floats = 0  # > 0: indices for the general functions, as floats
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

    def int_bits(self, node: object, counter: Callable[[str], str | None] | None = None, deep: int = 0) -> int:
        """How many bits the int kind of an expression may need (a FAIRE's int is within 2^24); `counter` gives the
        int of a name (by default a live counter's, or the floor of the index being written); 99 past
        operands.DEEPEST operations deep."""
        kind = type(node)
        if kind is n.Num:
            return abs(int(node.value)).bit_length() if whole24(node) else 99
        if kind is n.Var:
            held = counter(node.name) is not None if counter is not None else (
                self.scope.live_counter(node.name) is not None or node.name == self.floor_var)
            return 25 if held else 99
        if deep > DEEPEST:
            return 99
        if kind is n.Unary:
            return self.int_bits(node.operand, counter, deep + 1)
        if kind is n.Binary and node.op in CHAIN:
            if node.op == "*" and self.scope.growing(node):  # (an int past 2^24: see pystmt.counter_given)
                return 99
            left, right = self.int_bits(node.left, counter, deep + 1), self.int_bits(node.right, counter, deep + 1)
            return left + right if node.op == "*" else max(left, right) + 1
        return 99

    def ints(self, node: object, counter: Callable[[str], str | None]) -> str | None:
        """The ints' code of + - * of names that have an int (`counter`: NaN where a float is no whole number, and so
        is the result) and whole constants, where double works each step out exactly (at most 53 bits); else None
        (single precision rounds each step past 2^24)."""
        if self.numbers.single or self.int_bits(node, counter) > 53:
            return None
        return self.int_code(node, counter)

    def int_code(self, node: object, counter: Callable[[str], str | None]) -> str | None:
        """The ints' code of an expression that int_bits measured (see ints)."""
        kind = type(node)
        if kind is n.Num:
            return str(int(node.value))
        if kind is n.Var:
            return counter(node.name)
        if kind is n.Unary:
            inner = self.int_code(node.operand, counter)
            return None if inner is None else f"({node.op}{inner})"
        if kind is n.Binary:
            left, right = self.int_code(node.left, counter), self.int_code(node.right, counter)
            return None if left is None or right is None else f"({left} {node.op} {right})"
        return None

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

    def ex_Unary(self, node: n.Unary) -> tuple[str, str]:
        code, kind = self.sub(node.operand)
        if node.op == "+":
            return (code if kind == "n" else f"_num({code})"), "n"
        return f"(-{code})", "n"

    def ex_Binary(self, node: n.Binary) -> tuple[str, str]:
        if node.op == "-" and not self.in_index and not self.cold and (code := self.remainder(node)) is not None:
            self.link = False  # (a number, never an infinity: as a chain's link or alone)
            return code, "n"
        return self.binary(node)

    def read_freely(self, node: object) -> bool:
        """True for a string variable read with no effect and no failure here (set on every way here)."""
        return type(node) is n.Var and self.scope.kind(node.name) == "s" and self.scope.surely_set(node.name)

    def binary(self, node: n.Binary) -> tuple[str, str]:
        """A binary operation's code, the general way (see ex_Binary)."""
        link, self.link = self.link, False  # a link of a chain of + - * (see chain), as its parent said
        if node.op in CHAIN and not self.in_index and exact(node, self.scope.shared.bounded, self.bounds):
            (left, _), (right, _) = self.sub(node.left), self.sub(node.right)
            return f"({left} {node.op} {right})", "n"  # whole, within 2^24: exact in any model, never beyond
        if node.op in CHAIN and not self.in_index and not self.numbers.single and (
                link or self.fast or self.unfailing_after_first(node)):
            return self.chain(node, link)
        if node.op == "!":
            tail = None if self.scope.shared.profile or self.cold else pystrings.literal_tail(
                node, self.done, self.read_freely)
            if tail is not None and all(
                    gives_string(part, lambda name: self.scope.kind(name) == "s") for part in tail[:2]):
                (first, _), (second, _) = self.below(tail[:2])
                parts = [(repr(part.value), len(part.value)) if type(part) is n.Str else (self.sub(part)[0], None)
                         for part in tail[2]]
                second_size = len(tail[1].value) if type(tail[1]) is n.Str else None
                return pystrings.joined_tail(self, first, (second, second_size), parts), "s"
            (left, lk), (right, rk) = self.below((node.left, node.right))  # temporaries apart from the join's
            return pystrings.joined(self, node, left, lk, right, rk), "s"
        # In an index, ints stay ints while they cannot pass 2^53, where floats would round them.
        ints = self.int_here and node.op in CHAIN and self.int_bits(node) <= 53
        counted = self.counted_side(node) if self.in_index and self.fast and not ints and not self.floats else None
        self.int_index = ints
        left, lk = (self.scope.counter(node.left.name), "n") if counted == 0 else self.sub(node.left)
        self.int_index = ints
        right, rk = (self.scope.counter(node.right.name), "n") if counted == 1 else self.sub(node.right)
        self.int_index = False
        if (lk == "i") != (rk == "i"):  # an int beside a float (or anything else): both as floats
            (left, lk), (right, rk) = self.as_float(node.left, left, lk), self.as_float(node.right, right, rk)
        op = node.op
        if op == "^":
            constants = tuple(self.numbers.held(float(part.value)) if type(part) is n.Num else None
                              for part in (node.left, node.right))
            return (self.numbers.power(left, right, constants, f"_pw{self.depth}") if lk == rk == "n"
                    else self.numbers.builtin(f"_pow({left}, {right})")), "n"
        numbers = lk in "ni" and rk in "ni"
        code = f"({left} {op} {right})" if (op != "+" or numbers) else f"_add({left}, {right})"
        if self.in_index:  # index arithmetic is neither rounded nor checked: beyond any array anyway
            return code, ("i" if lk == rk == "i" else "n")
        fits = cannot_overflow(op, node.left, node.right, self.scope.shared.bounded, self.scope.bounds, self.sizes)
        if self.cold and not self.numbers.single and not fits:
            return (f"_ck({left} {op} {right})" if code[0] == "(" else f"_ck({code})"), "n"  # numbers.checked
        if scales(op, node.left, node.right):
            return self.numbers.scaled(code, fits), "n"
        return self.numbers.result(code, fits, whole(node, self.scope.whole, self.wholes),
                                   self.numbers.single and whole(node, self.scope.proven, self.proofs)), "n"

    def remainder(self, node: n.Binary) -> str | None:
        """X-ENT(X/M)*M as Python's X % M, where X and M are whole numbers of at most 2^51 (double) or 2^23 (single)
        in size, M any in double: each fact not proved (holdings.whole_variables, magnitudes) is tested first, and
        the general way computes any other. None where the node is no such remainder of two numbers' names.

        Decision: for such X and M, X/M rounds to no other whole part (in single as in double), the product and
        the difference are exact: the remainder with the sign of M, as % gives it (a zero's sign aside, which
        nothing shows); by 0 both fail with DIVISION PAR ZERO at the same point. Its five operations and two
        overflow tests were most of an Euclid's time (gcdref 0.77 of it). A whole number is told by the rounding
        of x + 3*2^51 - 3*2^51, as numbers.whole_quotient's. (The float remainder's fmod takes a time that grows
        with the quotient: 26 ns at 2^4, 63 at 2^16, 72 at 2^20, against 65 for the general way with its tests,
        measured; keeping % to small quotients by a test of size gave the gains back, tried in session 21.)
        """
        parts = remainder_parts(node)
        if parts is None:
            return None
        dividend, divisor, ent = parts
        kept = self.reused.get(id(ent))  # its quotient kept for a later statement, or taken from an earlier one
        # (an element of the dividend read again: the first keeps it, the copy in the quotient takes it, and
        # this form reads the first only)
        own = {id(item) for item in walk(dividend)} | {id(item) for item in walk(ent) if item is not ent}
        if any(id(item) in self.reused for item in walk(node) if item is not ent and id(item) not in own):
            return None
        found = self.whole_operands(dividend, divisor, self.numbers.single)
        if found is None:
            return None
        (number, modulus), tests, wholes, bounded = found
        if wholes and bounded and not self.numbers.single:
            return None  # (the general way has no overflow test then: as fast as the tests of wholeness, measured)
        tests += wholes
        if kept is None:
            code = f"({number} % {modulus})"
        else:  # (reuse.py: the same quotient, kept or taken; its product and the difference exact as the remainder)
            quotient = kept[1] if kept[0] == "take" else f"({kept[1]} := {number} // {modulus})"
            code = f"({number} - {quotient} * {modulus})"
        return code if not tests else f"({code} if {' and '.join(tests)} else {self.binary(node)[0]})"

    def whole_operands(self, dividend: object, divisor: object, single: bool) -> tuple | None:
        """The names of a dividend and a divisor (a variable each, or a whole constant divisor), the tests that they
        are within the size that keeps their floor division exact and that they are whole (see remainder), those
        not proved, and whether the dividend's size is known; None where they are not numbers' names."""
        if type(divisor) not in (n.Var, n.Num):
            return None
        (number, number_kind), (modulus, modulus_kind) = self.sub(dividend), self.sub(divisor)
        if number_kind != "n" or modulus_kind != "n" or type(dividend) is n.Var and not number.isidentifier() or (
                not modulus.isidentifier() and not (type(divisor) is n.Num and float(divisor.value).is_integer())):
            return None  # (each read twice: a name, or a value kept in a temporary; a variable's a name only)
        limit = REMAINDER_SINGLE if single else REMAINDER_DOUBLE
        tests, wholes = [], []
        if not number.isidentifier():  # (an element, arithmetic: worked out once, first)
            value, number = number, f"_rm{self.depth}"
            tests.append(f"({number} := {value}) is not None")
        size = magnitude(dividend, self.scope.bounds.get, self.scope.shared.bounded, known=self.sizes)
        if size is None or size > limit:
            tests.append(f"-{limit!r} <= {number} <= {limit!r}")
        if not whole(dividend, self.scope.proven, self.proofs):
            wholes.append(f"({number} + {ROUNDER!r}) - {ROUNDER!r} == {number}")
        if type(divisor) is n.Var:
            if single:
                tests.append(f"-{limit!r} <= {modulus} <= {limit!r}")
            if not whole(divisor, self.scope.proven, self.proofs):
                wholes.append(f"({modulus} + {ROUNDER!r}) - {ROUNDER!r} == {modulus}")
        elif abs(float(divisor.value)) > limit:
            return None
        return (number, modulus), tests, wholes, size is not None

    def counted_side(self, node: n.Binary) -> int | None:
        """Which operand (0, 1) of + - * in a fast path's index is a counted loop's variable that its int can
        stand for, beside an operand that does not read it: the int meets a float there, and makes the
        same float (exact: within 2^24); where the int is NaN (no whole number) the index names no
        element and the statement reruns the general way, from the float.

        Decision: the float made from the int at every pass costs more than the step (pyloops.ints_suffice).
        """
        loop = self.scope.loops.counting
        if loop is None or node.op not in CHAIN:
            return None
        var = loop.node.var
        for side, (operand, other) in enumerate(((node.left, node.right), (node.right, node.left))):
            if type(operand) is n.Var and operand.name == var and not any(
                    type(item) is n.Var and item.name == var for item in walk(other)):
                return side
        return None

    def as_float(self, node: object, code: str, kind: str) -> tuple[str, str]:
        """An operand written as an int (kind 'i') written again as a float."""
        if kind != "i":
            return code, kind
        if type(node) is n.Num:
            return self.numbers.constant(float(node.value)), "n"
        if type(node) is n.Var:
            return self.scope.read(node.name), "n"
        self.floats += 1  # ints come of variables, constants, + - * only: written again, with the floats
        try:
            return self.sub(node)
        finally:
            self.floats -= 1

    def ex_Compare(self, node: n.Compare) -> tuple[str, str]:
        if node.op in ("=", "#") and not self.cold and not self.in_index and (code := self.multiple(node)) is not None:
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

    def chain(self, node: n.Binary, link: bool) -> tuple[str, str]:
        """+ - * in a fast path (double): only the top of a chain of them is tested for overflow.

        Decision: an infinity or a NaN in a link stays one through + - * up to the top, whose test
        fails; a fast path is then run again the general way (pystmt.evaluated), where each operation
        is tested in order: the same error, at the same point, as if every link had been tested.
        """
        parts = []
        for child in (node.left, node.right):
            self.link = type(child) is n.Binary and child.op in CHAIN
            try:
                parts.append(self.sub(child))
            finally:
                self.link = False
        (left, lk), (right, rk) = parts
        code = f"({left} {node.op} {right})" if (node.op != "+" or lk == rk == "n") else f"_add({left}, {right})"
        if link:
            return code, "n"
        links = any(type(child) is n.Binary and child.op in CHAIN for child in (node.left, node.right))
        bounded, bounds = self.scope.shared.bounded, self.scope.bounds
        fits = cannot_overflow(node.op, node.left, node.right, bounded, bounds, self.sizes) and not links or (
            magnitude(node, bounds.get, bounded, known=self.sizes) is not None)  # (every link bounded: none can)
        return self.numbers.result(code, fits), "n"

    def unfailing_after_first(self, node: n.Binary) -> bool:
        """True if a chain of + - * of numbers cannot fail once its first operation is done: every operand
        after that one is a constant or a parameter by value (always set), so only its top needs testing.

        An operand evaluated before may fail as it would anyway: no infinity can have arisen yet.
        """
        operands, numbers, _, later_unfailing = self.chain_facts(node)
        return operands >= 3 and numbers and later_unfailing

    def chain_facts(self, node: n.Binary) -> tuple[int, bool, bool, bool]:
        """(how many operands, all numbers, all unfailing, all unfailing after the first operation's) of a chain
        of + - * (see unfailing_after_first).

        Decision: worked out for every link of the chain in one pass, kept by node id: a tall expression asks
        at each of its links, and a walk of the whole chain at each would take time in its square.
        """
        known = self.chains.get(id(node))
        if known is not None:
            return known
        stack = [(node, False)]
        while stack:
            item, ready = stack.pop()
            if id(item) in self.chains:
                continue
            links = [kid for kid in (item.left, item.right) if type(kid) is n.Binary and kid.op in CHAIN]
            if not ready and links:
                stack.append((item, True))
                stack.extend((kid, False) for kid in links)
                continue
            left, right = (self.chains[id(kid)] if type(kid) is n.Binary and kid.op in CHAIN else (
                1, self.number_kind(kid), self.overflows_only(kid), True) for kid in (item.left, item.right))
            if type(item.left) is n.Binary and item.left.op in CHAIN:  # the first operation is in the left
                after = left[3] and right[2]
            else:  # in the right, or this one: what runs after it is the right's
                after = right[3]
            self.chains[id(item)] = (left[0] + right[0], left[1] and right[1], left[2] and right[2], after)
        return self.chains[id(node)]

    def unfailing(self, node: object) -> bool:
        """True if an operand cannot fail: a constant the number model holds (1E300 is DEPASSEMENT DE CAPACITE in
        single), or a variable set on every way here (a parameter by value, or one assigned before: surely_set)."""
        return literal(node, self.numbers) if type(node) is n.Num else (
            type(node) is n.Var and self.scope.surely_set(node.name))

    def overflows_only(self, node: object) -> bool:
        """True if an operand of a chain can fail with nothing but DEPASSEMENT DE CAPACITE, the error an infinity
        met before it gives at the chain's top: unfailing, or numbers of such operands by + - *, a division by a
        constant other than 0, ENT, ABS, a sign (each tested as it would be alone: any test it fails is an
        overflow; an infinity it makes is the top's).

        Decision: `19*A+B-D-G+15` of variables set before was tested at each of its four operations; now at its top.
        """
        kind = type(node)
        if kind is n.Var:
            return self.scope.surely_set(node.name) and self.scope.kind(node.name) == "n"
        if kind is n.Unary:
            return self.overflows_only(node.operand)
        if kind is n.Binary:
            if node.op == "/":
                return (type(node.right) is n.Num and node.right.value != 0 and literal(node.right, self.numbers)
                        and self.overflows_only(node.left))
            return node.op in CHAIN and self.overflows_only(node.left) and self.overflows_only(node.right)
        if kind is n.BuiltinCall:
            return node.name in ("ENT", "ABS") and node.position_out is None and len(node.args) == 1 and (
                self.overflows_only(node.args[0]))
        return self.unfailing(node)

    def number_kind(self, node: object) -> bool:
        """True if an operand is sure to give a number (or to fail before the chain's first operation)."""
        kind = type(node)
        if kind is n.Var:
            return self.scope.kind(node.name) == "n"
        if kind is n.Unary:
            return self.number_kind(node.operand)
        return kind in (n.Num, n.Index) or (kind is n.Binary and node.op in "/^") or (
            kind is n.BuiltinCall and node.name in NUMERIC_BUILTINS)

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

    def int_start(self, node: object) -> str | None:
        """The int of a FAIRE variable (NaN where it is no whole number) or a CHAINE's length that a string built-in's
        start names, plus or minus a whole constant: the start is then that int, with no float made (pystrings).
        An int is one within 2^24, so the sum is the float's, or past any string. In double, any + - * of such ints
        and whole constants that the floats work out exactly (`SCH(S,(J-1)*6+1,6)`: see int_of)."""
        whole, (node, offset) = node, offset_of(node)
        if self.cold or self.floats:
            return None
        if type(node) is not n.Var and not (type(node) is n.BuiltinCall and node.name == "LGR"):
            return self.int_of(whole)
        if type(node) is n.BuiltinCall and node.name == "LGR" and type(text := node.args[0]) is n.Var and (
                self.scope.kind(text.name) == "s" and self.scope.storage(text.name) in ("global", "string", "held")):
            start = f"_len({self.scope.pyname(text.name)})"  # a CHAINE's length: within the memory's cells
        elif type(node) is not n.Var:
            return None
        elif (loops := self.scope.loops).counting is not None and node.name == loops.counting.node.var:
            start = self.scope.counter(node.name)
        else:
            start = self.scope.live_counter(node.name)
        if start is None or not offset:
            return start
        return f"({start} {'+' if offset > 0 else '-'} {abs(offset)})"

    def int_of(self, node: object) -> str | None:
        """The ints' code of + - * of counters' ints and whole constants (ints: NaN fails the tests `> 0`, `<= _len`).

        Decision: a position computed from a loop's variable (a string of names of six letters read by
        SCH(S,(J-1)*6+1,6)) was made a float, then tested for a whole number from 1 and floored: ~40 ns a read, and
        the float kept the loop from its Python `for` (pyloops.ints_suffice)."""
        return self.ints(node, self.int_counter)

    def int_counter(self, name: str) -> str | None:
        """The int of a counter where it is set: the counted loop's own, or one live here."""
        loops = self.scope.loops
        if loops.counting is not None and name == loops.counting.node.var:
            return self.scope.counter(name)
        return self.scope.live_counter(name)

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
        parts.append("0" if self.scope.is_main else "depth + 1")  # its depth (see UnitCode.function)
        return f"{python_name('p', node.name.lstrip('&'))}({', '.join(parts)})"

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

