"""Python code for LSE's operators on two operands (+ - * / ^ and the join !), a sign, and the ints they are worked in.

Only the top of a chain of + - * is tested for overflow; a remainder X-ENT(X/M)*M of whole numbers is Python's %;
ints stand for whole values where double works them out exactly. Imports nodes, checks, holdings, numbers,
operands, pyindex and pystrings; never the runtime. A part of the one code generator: pyexpr.ExpressionCode is an
OperatorCode, and its constructor sets the state these methods read.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from machine.lse import nodes as n
from machine.lse import pystrings
from machine.lse.checks import walk
from machine.lse.holdings import gives_string
from machine.lse.numbers import ROUNDER, WHOLE_EXACT, whole_test, within
from machine.lse.operands import (
    CHAIN,
    DEEPEST,
    NUMERIC_BUILTINS,
    cannot_overflow,
    changes_variables,
    counted_size,
    exact,
    is_remainder,
    literal,
    magnitude,
    near_sum,
    offset_of,
    offset_remainder,
    power_of_two,
    remainder_parts,
    scales,
    whole,
    whole24,
)
from machine.lse.pyindex import IndexCode

# A chain of whole + - * tested at its top alone has at most this many links (see whole_chain).
CHAIN_LINKS = 12
# Whole X and M up to these sizes have X-ENT(X/M)*M exact (see remainder): M of any size in double.
REMAINDER_DOUBLE, REMAINDER_SINGLE = 2.0 ** 51, 2.0 ** 23


def _exponent(power: float) -> int:
    """k where a constant power of two is 2^k."""
    return math.frexp(power)[1] - 1


class OperatorCode(IndexCode):
    """The operators of one unit's expressions (see pyexpr.ExpressionCode, whose state they read)."""

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

    def binary(self, node: n.Binary) -> tuple[str, str]:
        """A binary operation's code, the general way (see ex_Binary)."""
        link, self.link = self.link, False  # a link of a chain of + - * (see chain), as its parent said
        if node.op in CHAIN and not self.in_index and exact(node, self.scope.shared.bounded, self.bounds):
            (left, _), (right, _) = self.sub(node.left), self.sub(node.right)
            return f"({left} {node.op} {right})", "n"  # whole, within 2^24: exact in any model, never beyond
        if (node.op in CHAIN and self.numbers.single and not self.in_index and not self.cold and not self.unchained
                and self.done is None and (code := self.whole_chain(node)) is not None):
            return code, "n"
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
        if self.ent_quotient == id(node) and numbers:
            return code, "n"  # (an infinity made here fails as the floor around it takes it: see builtin_call)
        fits = cannot_overflow(op, node.left, node.right, self.scope.shared.bounded, self.scope.bounds, self.sizes)
        if self.cold and not self.numbers.single and not fits:
            return (f"_ck({left} {op} {right})" if code[0] == "(" else f"_ck({code})"), "n"  # numbers.checked
        single = self.numbers.single
        if scales(op, node.left, node.right):
            upward, exactly = self.scaling(node) if single else (False, False)
            return self.numbers.scaled(code, fits, upward, exactly, downward=single and not upward), "n"
        if self.raw == id(node) and single and not whole(node, self.scope.proven, self.proofs):
            return code, "r"  # (unrounded, for a comparison with a constant: see pyexpr.ExpressionCode.unrounded)
        return self.numbers.result(code, fits, whole(node, self.scope.whole, self.wholes),
                                   single and whole(node, self.scope.proven, self.proofs),
                                   single and self.exact_below(node),
                                   single and near_sum(op, node.left, node.right, self.scope.shared.bounded,
                                                       self.counted),
                                   single and self.whole_scaled(node),
                                   single and op == "*" and self.squared(node)), "n"

    def squared(self, node: n.Binary) -> bool:
        """True for a product of a variable by itself, never below 0 (numbers.NumberModel.result's `positive`): a
        name read twice in one operation holds one value (an element's index may change between its reads)."""
        return type(node.left) is n.Var and type(node.right) is n.Var and node.left.name == node.right.name

    def counted(self, name: str) -> float | None:
        """A bound on a whole counter's size in single precision (operands.counted_size), for near_sum."""
        return counted_size(name, self.scope.shared.layout.whole_counters, self.scope.bounds)

    def whole_scaled(self, node: n.Binary) -> bool:
        """True for a number proved whole divided by a constant from 1 to 2^126 in size, or times one from 2^-126 to 1
        (numbers.NumberModel.result's `normal`, single).

        Decision: proof that Veltkamp's split alone is round32 there. The constant is the float32 c it rounds to. A
        whole X is 0 (a zero quotient or product, of the sign IEEE gives it, which the split keeps) or at least 1 in
        size, so |X/c| and |X*c| lie from 2^-126 to |X|, at most the largest float32; their double does too (the
        ends are doubles, rounding is monotonic), where the split rounds to 24 bits as round32 does, with no
        overflow (the largest float32 is one), and rounding to double first moves no result to another float32
        (53 >= 2*24 + 2 bits). numeric's I/37 (an index by it would be another expression, never rounded).
        """
        constant = node.right if node.op == "/" else next(
            (side for side in (node.left, node.right) if type(side) is n.Num), None)
        if node.op not in "*/" or type(constant) is not n.Num:
            return False
        held = self.numbers.held(float(constant.value))
        other = node.left if constant is node.right else node.right
        size = abs(held) if held is not None else 0.0
        within_range = 1.0 <= size <= 2.0 ** 126 if node.op == "/" else 2.0 ** -126 <= size <= 1.0
        return within_range and whole(other, self.scope.proven, self.proofs)

    def chain_link(self, node: object) -> bool:
        """True if a node is a link of a chain of whole + - * that whole_chain tests at its top: proved whole,
        neither exact by bounds nor a remainder (each written its own way)."""
        return (type(node) is n.Binary and node.op in CHAIN and whole(node, self.scope.proven, self.proofs)
                and not exact(node, self.scope.shared.bounded, self.bounds) and not is_remainder(node))

    def chain_cap(self, node: n.Binary, links: list) -> float | None:
        """The greatest size of a chain's top from which, its value being at most that, each of its links is at
        most 2^24 (see whole_chain); the links are appended to `links` in evaluation order; None where no size
        tells (two links under one operation, a product of a link by anything but a whole constant other than 0,
        a sum of a link and an operand of no known size, more than CHAIN_LINKS links)."""
        if len(links) >= CHAIN_LINKS:
            return None
        cap = WHOLE_EXACT
        kids = [kid for kid in (node.left, node.right) if self.chain_link(kid)]
        if len(kids) > 1:
            return None
        for kid in kids:
            other = node.right if kid is node.left else node.left
            below = self.chain_cap(kid, links)
            if below is None:
                return None
            if node.op == "*":
                factor = self.numbers.held(float(other.value)) if type(other) is n.Num else None
                if factor is None or factor == 0.0 or not factor.is_integer():
                    return None
                cap = min(cap, below * abs(factor))
            else:
                held = self.numbers.held(float(other.value)) if type(other) is n.Num else None
                size = abs(held) if held is not None else magnitude(
                    other, self.scope.bounds.get, self.scope.shared.bounded, known=self.sizes)
                if size is None or size >= WHOLE_EXACT:
                    return None
                cap = min(cap, below - math.ceil(size))
        links.append(node)
        return cap

    def chain_leaves(self, node: n.Binary, leaves: list, done: bool = False) -> None:
        """Append the operands of a chain that are no links to `leaves` in evaluation order, each with whether an
        operation of the chain is done before it is read (`done`: one is, before this node's first operand)."""
        for kid in (node.left, node.right):
            if self.chain_link(kid):
                self.chain_leaves(kid, leaves, done)
                done = True  # (the link's own operation)
            else:
                leaves.append((kid, done))

    def whole_chain(self, node: n.Binary) -> str | None:
        """A chain of + - * of whole numbers (single) tested at its top alone: where the top is at most its cap in
        size (chain_cap), every link was at most 2^24, so exact as float32 rounds it; else each link is rounded
        (the long way, as binary writes it), or in a fast path the statement reruns the general way. None where
        the chain has fewer than two links, or its long way would read an operand twice that is no constant nor
        variable, or one read after an operation may fail (an overflow of that operation comes first).

        Decision: proof that the test tells, on the doubles d the chain computes (whole, as every float32 past
        2^24 is): where a link C below L = C op O is past its cap c, |d_C| >= c + 1, so |C + O| >= c + 1 - |O|
        and |C * k| >= (c + 1)|k|, past L's cap, and so is L's double (rounding is monotonic, the cap + 1 a
        double); an infinity or a NaN fails every test above it. Within the caps, each link's exact value is a
        whole number below 2^53, which the double gives exactly, and at most 2^24: a float32, round32's too.
        """
        if not self.chain_link(node):
            return None
        links: list = []
        cap = self.chain_cap(node, links)
        if cap is None or len(links) < 2 or cap < 1.0:
            return None
        leaves: list = []
        self.chain_leaves(node, leaves)
        if any(type(leaf) is n.Call or changes_variables(leaf) for leaf, _ in leaves):
            return None
        if not self.fast and not all(
                type(base := leaf.operand if type(leaf) is n.Unary else leaf) in (n.Num, n.Var) and (
                    not after or self.unfailing(base)) for leaf, after in leaves):
            return None
        top = within(self.plain_chain(node), float(cap))
        if self.fast:
            return f"(_t if {top} else _overflow())"
        self.unchained = True
        try:
            general = self.binary(node)[0]
        finally:
            self.unchained = False
        return f"(_t if {top} else {general})"

    def plain_chain(self, node: object) -> str:
        """A chain's links as plain double arithmetic of its operands' code (see whole_chain)."""
        if not self.chain_link(node):
            return self.sub(node)[0]
        left, right = self.plain_chain(node.left), self.plain_chain(node.right)
        return f"({left} {node.op} {right})"

    def exact_below(self, node: n.Binary) -> bool:
        """True if the exact result of + - * of two float32s is a multiple of 2^-149 (numbers.result's
        `multiple`): a sum or difference, or a product by a whole number (a constant, or proved whole)."""
        return node.op in "+-" or node.op == "*" and any(
            whole(side, self.scope.proven, self.proofs) for side in (node.left, node.right))

    def scaling(self, node: n.Binary) -> tuple[bool, bool]:
        """(upward, exact) for numbers.scaled in single: a product or quotient by 2^k, k >= 0 (upward), or a whole
        number (a constant, or proved whole) times 2^k with -126 <= k <= 0 (exact)."""
        if node.op == "/":
            shift, other = -_exponent(node.right.value), node.left
        else:
            power_left = type(node.left) is n.Num and power_of_two(node.left.value)
            constant, other = (node.left, node.right) if power_left else (node.right, node.left)
            shift = _exponent(constant.value)
        return shift >= 0, -126 <= shift <= 0 and whole(other, self.scope.proven, self.proofs)

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
        offset = None
        if parts is None:  # C+X-ENT(X/M)*M: C + X % M (operands.offset_remainder)
            if (parts := offset_remainder(node)) is None:
                return None
            offset, *parts = parts
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
        if offset is not None:
            code = f"({offset!r} + {code})"
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
        # (in single, the float's is_integer(): numbers.whole_test; in double, as before)
        wholes_test = whole_test if single else (lambda name: f"({name} + {ROUNDER!r}) - {ROUNDER!r} == {name}")
        if not whole(dividend, self.scope.proven, self.proofs):
            wholes.append(wholes_test(number))
        if type(divisor) is n.Var:
            if single:
                tests.append(f"-{limit!r} <= {modulus} <= {limit!r}")
            if not whole(divisor, self.scope.proven, self.proofs):
                wholes.append(wholes_test(modulus))
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
