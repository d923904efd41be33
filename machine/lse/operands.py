"""What operands tell of an operation: it cannot overflow, it is exact, it is whole, its bounds, it changes
a variable; and an expression's sub-expressions, height and whether it is written out; imports nodes and
checks.walk."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from machine.lse import nodes as n
from machine.lse.checks import walk

CHAIN = ("+", "-", "*")  # the operations that keep an infinity or a NaN one
NUMERIC_BUILTINS = frozenset({"ABS", "ENT", "RAC", "EXP", "LGN", "SIN", "COS", "ATG", "LGR"})  # give a number


# The built-ins whose result is never larger than this: a position in a string, a length or a
# character's code (a string is far shorter than 2^63), a sine, an arctangent, a random number.
SMALL_RESULTS = {"LGR": 2.0 ** 63, "POS": 2.0 ** 63, "SKP": 2.0 ** 63, "PTR": 2.0 ** 63, "EQN": 2.0 ** 63,
                 "SIN": 1.0, "COS": 1.0, "ATG": 2.0, "ALE": 1.0}

# The built-ins whose result is always a whole number: ENT, a length, a position in a string, a character's code,
# the bitwise and, or and exclusive or of two truncated numbers.
WHOLE_RESULTS = frozenset({"ENT", "LGR", "POS", "SKP", "PTR", "EQN", "ETL", "OUL", "OUX"})

# The built-ins whose result, rounded to float32, is 0 or a normal float32, never beyond its range, for every float32
# argument they take: a square root (of 0, or from 2^-74.5 to 2^64), a logarithm (0 at 1 only; else from about 2^-24,
# at 1 - 2^-24, to 104 in size), a draw of ALE ((k + 1/2) / 2^52: from 2^-53 to 1). Single precision rounds
# them by Veltkamp's split alone (numbers.NumberModel.builtin).
NORMAL_RESULTS = frozenset({"RAC", "LGN", "ALE"})

# The built-ins whose result is known on one side: (never below 0, at most 2 in size) for every argument: a sine, a
# cosine, an arctangent (below pi/2), an exponential (never negative; it may pass float32's range, or be subnormal).
RANGED_RESULTS = {"SIN": (False, True), "COS": (False, True), "ATG": (False, True), "EXP": (True, False)}

FITS = 1e300  # the largest result that needs no overflow test (the double range ends near 1.8e308)
# An expression nested deeper has no bound, and the analyses' other recursive questions of it give their cautious
# answer (not pure, not affine, no int shape, any value): no recursion limit is ever met. Decision: the parser
# bounds parentheses, not chains: a chain of thousands of operations (X←X*1*1...*1) is a tree as deep.
DEEPEST = 60
WHOLE_QUOTIENTS = 2.0 ** 52  # below it, a remainder's rounded quotient and product are off by less than 1


def magnitude(node: object, variable: Callable[[str], float | None],
              bounded: dict[str, tuple[int, int]] | None = None, depth: int = 0,
              known: dict[int, float | None] | None = None) -> float | None:
    """A bound on the size of an expression's value, from those of its variables (`variable`: None if it has
    none) and of the elements of the bounded arrays (holdings.bounded_arrays); None if none is known.
    `known` keeps the answers by node id, for a caller that asks again about the parents (a long sum)."""
    return _magnitude(node, variable, bounded, depth, {} if known is None else known)


def _magnitude(node: object, variable: Callable[[str], float | None], bounded: dict[str, tuple[int, int]] | None,
               depth: int, known: dict[int, float | None]) -> float | None:
    if id(node) in known:
        return known[id(node)]
    size = _size(node, variable, bounded, depth, known)
    if size is not None or depth == 0:  # (an answer cut short by the depth is not kept: asked again, from 0)
        known[id(node)] = size
    return size


def _size(node: object, variable: Callable[[str], float | None], bounded: dict[str, tuple[int, int]] | None,
          depth: int, known: dict[int, float | None]) -> float | None:
    if depth > DEEPEST:
        return None
    kind = type(node)
    if kind is n.Num:
        return abs(float(node.value))
    if kind is n.Var:
        return variable(node.name)
    if kind is n.Unary:
        return _magnitude(node.operand, variable, bounded, depth + 1, known)
    if kind is n.Index:  # an element: of a bounded array, or of an array with a bound (magnitudes.py)
        return float(max(abs(bound) for bound in bounded[node.name])) if bounded and node.name in bounded else (
            variable(node.name))
    if kind is n.Conditional:
        sizes = [_magnitude(part, variable, bounded, depth + 1, known) for part in (node.then, node.other)]
        return None if None in sizes else max(sizes)
    if kind is n.BuiltinCall:
        return _builtin(node, variable, bounded, depth, known)
    if kind is not n.Binary or node.op not in "+-*/":
        return None
    if (power := power_remainder(node.op, node.left, node.right)) is not None:
        return power  # (X-ENT(X/2)*2, whatever X)
    left = _magnitude(node.left, variable, bounded, depth + 1, known)
    if (divisor := remainder_divisor(node)) is not None and left is not None and left <= WHOLE_QUOTIENTS:
        # X-ENT(X/M)*M: the floor of the rounded quotient is at most one from that of the exact one (in [0, M)),
        # the product and the difference round by less than 1 where X is below 2^52
        return 2.0 * divisor + 2.0
    if node.op == "/":  # only by a constant of at least 1: smaller by it (rounding adds at most an ulp)
        right = node.right
        size = abs(float(right.value)) if type(right) is n.Num else 0.0
        return left / size * (1.0 + 2.0 ** -52) if left is not None and size >= 1.0 else None
    if node.op == "*" and (product := quotient_product(node.left, node.right, variable, bounded, depth, known)):
        return product
    right = _magnitude(node.right, variable, bounded, depth + 1, known)
    if left is None or right is None:
        return None
    size = left + right if node.op in "+-" else left * right
    return size if size <= FITS else None


def quotient_product(left: object, right: object, variable: Callable[[str], float | None],
                     bounded: dict[str, tuple[int, int]] | None, depth: int,
                     known: dict[int, float | None]) -> float | None:
    """A bound on ENT(X/Y)*Y (or Y*ENT(X/Y)), Y a variable, LSE's remainder by a variable's second half: |X|+|Y|
    with room for rounding, from the bounds of X and Y; else None (0.0 is never given: a bound of 0 is None).

    |ENT(q)| is at most |q|+1, so the product at most |X|+|Y| where the quotient is finite (an infinite or
    undefined one stopped the run before); the quotient and the product each round by a part in 2^24 at most.
    """
    for whole, divisor in ((left, right), (right, left)):
        if type(divisor) is n.Var and type(whole) is n.BuiltinCall and whole.name == "ENT" and (
                len(whole.args) == 1 and type(quotient := whole.args[0]) is n.Binary and quotient.op == "/" and
                type(quotient.right) is n.Var and quotient.right.name == divisor.name):
            dividend = _magnitude(quotient.left, variable, bounded, depth + 1, known)
            size = variable(divisor.name)
            if dividend is not None and size is not None and (bound := (dividend + size) * (1.0 + 2.0 ** -20)) <= FITS:
                return bound or None
    return None


def remainder_divisor(node: n.Binary) -> float | None:
    """|M| where a node is the remainder X-ENT(X/M)*M (or X-M*ENT(X/M)) of X (a variable, or one expression
    node read twice) by a constant M of at least 1 in size, LSE's way of writing X mod M; else None."""
    return _remainder(node.op, node.left, node.right)


def power_remainder(op: str, left: object, right: object) -> float | None:
    """M where left - right is the remainder of X by a power of two M up to 2^52: at most M in size whatever X,
    so it never overflows (X/M and the product are exact, the product within M of X); else None."""
    divisor = _remainder(op, left, right)
    return divisor if divisor is not None and divisor <= 2.0 ** 52 and power_of_two(divisor) else None


def _remainder(op: str, dividend: object, product: object) -> float | None:
    shape = remainder_shape(op, dividend, product)
    if shape is None or type(divisor := shape[0]) is not n.Num or abs(float(divisor.value)) < 1.0:
        return None
    return abs(float(divisor.value))


def remainder_parts(node: n.Binary) -> tuple[object, object, n.BuiltinCall] | None:
    """(X, M, the ENT) where a node is X-ENT(X/M)*M or X-M*ENT(X/M), X a variable, an element or arithmetic of them
    and constants (no call: nothing it reads changes between its two readings), M a constant or a variable, each
    written twice: LSE's way of writing X mod M (see pyoperators.remainder); else None."""
    if pure_key(node.left) is None or (shape := remainder_shape(node.op, node.left, node.right)) is None:
        return None
    return node.left, *shape


def offset_remainder(node: n.Binary) -> tuple[float, object, object, n.BuiltinCall] | None:
    """(C, X, M, the ENT) where a node is C+X-ENT(X/M)*M, X+C-ENT(X/M)*M or X-C-ENT(X/M)*M (-C then; read
    (C+X)-ENT(X/M)*M), C and M whole constants of at most 2^23 in size and X-ENT(X/M)*M a remainder as
    remainder_parts finds them: a die's `1+X-ENT(X/6)*6`; else None (see pyoperators.remainder).

    Decision: M a constant that small, for the remainder is then exact and so is its sum with C, as the original's
    (C+X)-ENT(X/M)*M is; by a larger M (a variable may be any) the remainder may round, and adding C after it round
    again where the original rounds once (C=2, X=-1, M=2^53+2)."""
    if node.op != "-" or type(total := node.left) is not n.Binary or total.op not in "+-":
        return None
    pairs = ((total.left, total.right), (total.right, total.left)) if total.op == "+" else ((total.right, total.left),)
    for constant, dividend in pairs:
        offset = whole_constant(constant)
        if offset is not None and abs(offset) <= OFFSET_LIMIT and pure_key(dividend) is not None and (
                shape := remainder_shape("-", dividend, node.right)) is not None and (
                divisor := whole_constant(shape[0])) is not None and 0 < abs(divisor) <= OFFSET_LIMIT:
            return float(offset if total.op == "+" else -offset), dividend, *shape
    return None


def is_remainder(node: object) -> bool:
    """True if a node is a remainder, plain (remainder_parts) or offset by a constant (offset_remainder)."""
    return type(node) is n.Binary and node.op == "-" and (
        remainder_parts(node) is not None or offset_remainder(node) is not None)


# The most a remainder's constant offset and divisor may be (offset_remainder): with a dividend of at most 2^23 in
# single precision (2^51 in double) their sum is exact, as is the remainder's sum with it.
OFFSET_LIMIT = 2 ** 23


def pure_key(node: object, deep: int = 0) -> tuple | None:
    """The same key for two writings of one value made of numbers, variables, elements and + - * / of them (the
    variables and elements as they hold now); None for anything else (a call, a built-in, a string), or deeper
    than DEEPEST."""
    kind = type(node)
    if kind is n.Num:
        return ("#", float(node.value))
    if kind is n.Var:
        return ("$", node.name)
    if deep > DEEPEST:
        return None
    if kind is n.Unary:
        return None if (operand := pure_key(node.operand, deep + 1)) is None else (node.op, operand)
    if kind is n.Binary and node.op in "+-*/":
        left, right = pure_key(node.left, deep + 1), pure_key(node.right, deep + 1)
        return None if left is None or right is None else (node.op, left, right)
    if kind is n.Index:
        parts = tuple(pure_key(index, deep + 1) for index in node.indices)
        return None if None in parts else ("[", node.name, parts)
    return None


def remainder_shape(op: str, dividend: object, product: object) -> tuple[object, n.BuiltinCall] | None:
    """(M, the ENT) where dividend - product is X-ENT(X/M)*M or X-M*ENT(X/M): X one expression node read twice or
    a variable written twice, M a constant or a variable written twice; else None."""
    if op != "-" or type(product) is not n.Binary or product.op != "*":
        return None
    for ent, divisor in ((product.left, product.right), (product.right, product.left)):
        quotient = ent_quotient(ent)
        if quotient is not None and same_operand(quotient.right, divisor) and (quotient.left is dividend or (
                key := pure_key(dividend)) is not None and pure_key(quotient.left) == key):
            return divisor, ent
    return None


def same_operand(one: object, other: object) -> bool:
    """True for two variables of one name, or two constants of one value."""
    kind = type(one)
    if kind is not type(other):
        return False
    return one.name == other.name if kind is n.Var else kind is n.Num and float(one.value) == float(other.value)


def ent_quotient(node: object) -> n.Binary | None:
    """The quotient x/y where a node is ENT(x/y); else None."""
    if type(node) is n.BuiltinCall and node.name == "ENT" and len(node.args) == 1 and type(
            quotient := node.args[0]) is n.Binary and quotient.op == "/":
        return quotient
    return None


def whole_quotient_by(node: object, constant: n.Num) -> n.Binary | None:
    """The quotient x/c where a node is ENT(x/c) and c a constant equal to `constant`; else None."""
    quotient = ent_quotient(node)
    return quotient if quotient is not None and same_operand(quotient.right, constant) else None


def power_of_two(value: float) -> bool:
    """True for a nonzero number whose mantissa is 1: its products and quotients are exact but at the ends."""
    return value != 0 and abs(math.frexp(value)[0]) == 0.5


def _builtin(node: n.BuiltinCall, variable: Callable[[str], float | None],
             bounded: dict[str, tuple[int, int]] | None, depth: int, known: dict[int, float | None]) -> float | None:
    if node.name in SMALL_RESULTS:
        return SMALL_RESULTS[node.name]
    if node.name == "LGN":  # the logarithm of a positive double: between -745.2 and 709.8
        return 746.0
    if node.name not in ("ENT", "ABS", "RAC") or not node.args:
        return None
    size = _magnitude(node.args[0], variable, bounded, depth + 1, known)
    if size is None:
        return None
    return size + 1.0 if node.name == "ENT" else size if node.name == "ABS" else math.sqrt(size)


def cannot_overflow(op: str, left: object, right: object, bounded: dict[str, tuple[int, int]] | None = None,
                    variables: dict[str, float] | None = None, known: dict[int, float | None] | None = None) -> bool:
    """True if an operation can never leave the double range, from the bounds of its operands (magnitude: of
    constants, small built-ins' results, elements of bounded arrays, `variables` with a bound).

    Adding less than half the spacing of doubles near the largest one (2^970) rounds back,
    multiplying by at most 1 or dividing by a constant of at least 1 only shrinks.
    """
    size_of = (variables or {}).get
    a, b = magnitude(left, size_of, bounded, known=known), magnitude(right, size_of, bounded, known=known)
    if op in "+-":
        return any(c is not None and c < 1e291 for c in (a, b)) or power_remainder(op, left, right) is not None
    if op == "*":
        return (any(c is not None and c <= 1.0 for c in (a, b)) or (a is not None and b is not None and a * b <= FITS)
                or quotient_product(left, right, size_of, bounded, 0, {} if known is None else known) is not None
                or halved_back(left, right) or halved_back(right, left))
    return op == "/" and isinstance(right, n.Num) and abs(float(right.value)) >= 1.0


def near_sum(op: str, left: object, right: object, bounded: dict[str, tuple[int, int]] | None,
             counted: Callable[[str], float | None] | None = None) -> bool:
    """True for a sum or difference one of whose operands is below 2^99 in size whatever the run: from constants,
    small built-ins' results, elements of bounded arrays and the whole counters `counted` says (counted_size) alone
    (magnitude, asked of no other variable's bound). The other being a float32, the exact result is less than
    2^103 past float32's largest number, from which alone float32's rounding overflows (numbers.NumberModel.result's
    `near`)."""
    size_of = counted or (lambda _: None)
    return op in "+-" and any((size := magnitude(side, size_of, bounded)) is not None and size < 2.0 ** 99
                              for side in (left, right))


def counted_size(name: str, counters: set[str] | frozenset[str], bounds: Mapping[str, float]) -> float | None:
    """A bound on a whole counter's size in single precision (layout.whole_counters): twice its bound as
    magnitudes.variable_bounds works it out in double, where that is below 2^98; else None.

    Decision: proof that it holds. A whole counter is set only by its FAIRE, from and by whole constants of at most
    2^23, by what a run starts with (REPRENDRE) and by the monitor (linker.bounds_kept: not past its bound); the bound
    is the largest of those plus PASSES times the step's size, PASSES being more stores than any run makes. A step
    rounded by float32 gives the float32 nearest X + s, no farther from it than X is (a float32 |s| away): so each
    step adds at most 2|s| to the size, and the size stays below twice the bound."""
    bound = bounds.get(name) if name in counters else None
    return 2.0 * bound if bound is not None and bound < 2.0 ** 98 else None


def single_sure(op: str, left: object, right: object) -> bool:
    """True if an operation on two float32s cannot leave float32's range, rounded: a quotient by a constant of at
    least 1 or a product by one of at most 1 (smaller than its other operand, and rounding is monotonic), a power
    of two times the whole part of a quotient by it (halved_back: at most |X| plus the power, below 2^53, where
    float32's rounding overflows only from 2^103 past its largest number), the remainder by such a power
    (power_remainder: at most the power in size). A constant is the float32 it rounds to, on the same side of 1."""
    def constant(node: object) -> float | None:
        return abs(float(node.value)) if type(node) is n.Num else None
    if op == "/" and (divisor := constant(right)) is not None:
        return divisor >= 1.0
    if op == "*" and any((factor := constant(side)) is not None and factor <= 1.0 for side in (left, right)):
        return True
    return (op == "*" and (halved_back(left, right) or halved_back(right, left))) or (
        power_remainder(op, left, right) is not None)


def halved_back(factor: object, other: object) -> bool:
    """True if `other` is ENT(x/factor) and `factor` a constant power of two from 1 (Arsac's parity test
    X=2*ENT(X/2)) of at most 2^52: x/factor is exact, and so is the product, which is x itself where the
    quotient is whole (past 2^52), and at most |x| + factor, below 2^105, where it is not. (Not for any other
    constant: 3*ENT(x/3) overflows for the largest x, the quotient rounded up; nor 2^973.)"""
    return (type(factor) is n.Num and 1.0 <= factor.value <= 2.0 ** 52 and power_of_two(factor.value) and
            whole_quotient_by(other, factor) is not None)


def scales(op: str, left: object, right: object) -> bool:
    """True if an operation multiplies or divides by a constant power of two (exact in any model)."""
    def power(node: object) -> bool:
        return isinstance(node, n.Num) and power_of_two(node.value)
    return (op == "*" and (power(left) or power(right))) or (op == "/" and power(right))


def whole24(node: object) -> bool:
    """A constant whole number of at most 23 bits and a sign."""
    if isinstance(node, n.Unary):
        node = node.operand  # -2 is the negation of the constant 2
    return isinstance(node, n.Num) and float(node.value).is_integer() and abs(node.value) <= 2 ** 23


def whole_constant(node: object) -> int | None:
    """The int a constant whole number of at most 24 bits is (the same number in a float32 and a double)."""
    sign = 1
    if type(node) is n.Unary:
        sign, node = (-1 if node.op == "-" else 1), node.operand
    if type(node) is n.Num and float(node.value).is_integer() and abs(node.value) <= 2 ** 24:
        return sign * int(node.value)
    return None


def whole_choice(expr: object, depth: int = 0) -> list[int] | None:
    """The whole constants a SI between whole constants (`DI←SI D=1 ALORS 1 SINON SI D=2 ALORS -1 SINON 0`) may
    give, arm by arm; None for any other value (a lone constant too). Its store sets the int of each arm
    (pystmt.chosen_by_arms, counters._counting): a flood fill's steps DI, DJ index `G[J+DJ,I+DI]` by ints."""
    if type(expr) is not n.Conditional or depth >= 16:
        return None
    found = []
    for arm in (expr.then, expr.other):
        value = whole_constant(arm)
        inner = [value] if value is not None else whole_choice(arm, depth + 1)
        if inner is None:
            return None
        found.extend(inner)
    return found


def constant_passes(node: n.Faire) -> int | None:
    """The passes of a FAIRE whose start, limit and step are whole constants, else None."""
    start, step = whole_constant(node.start), 1 if node.step is None else whole_constant(node.step)
    limit = whole_constant(node.limit) if node.limit is not None else None
    if None in (start, limit, step) or step == 0 or node.cond is not None:
        return None
    return max(0, (limit - start) // step + 1)


def fractional(node: n.Faire) -> bool:
    """True if a FAIRE's start or step is a constant with no exact int: no whole number (`PAS 0.5`), or past 2^24."""
    return any(type(part) is n.Num and whole_constant(part) is None for part in (node.start, node.step))


def signed_terms(node: object) -> list[tuple[int, object]]:
    """The terms a sum and difference adds up, each with its sign (1 or -1): [(1, G), (1, I), (-1, 1)] for
    G+I-1; a node that is no + or - is its own one term."""
    terms: list[tuple[int, object]] = []
    work = [(1, node)]
    while work:
        sign, item = work.pop()
        if type(item) is n.Binary and item.op in "+-":
            work += [(sign, item.left), (sign if item.op == "+" else -sign, item.right)]
        else:
            terms.append((sign, item))
    return terms


def offset_of(node: object) -> tuple[object, int]:
    """A node as what it adds a whole constant to, and that constant: (V, 2) for V+2, (V, -1) for V-1, (node, 0)
    for anything else."""
    if type(node) is n.Binary and node.op in "+-" and (offset := whole_constant(node.right)) is not None:
        return node.left, (offset if node.op == "+" else -offset)
    return node, 0


def counter_step(name: str, node: object) -> int | None:
    """c where an expression is name±c (or name), c a whole constant of at most 24 bits (X←X+1), else None."""
    base, offset = offset_of(node)
    return offset if type(base) is n.Var and base.name == name else None


def whole(node: object, names: set[str], known: dict[int, bool] | None = None) -> bool:
    """True if an expression can only give a whole number, its variables (arrays, functions) being those of `names`.

    A sum, difference or product of whole numbers, a whole constant, ENT, a length, a position or a code
    (WHOLE_RESULTS), ABS or a negation of one.
    Without recursion (an expression may be thousands of terms tall); `known` keeps the answers
    for the nodes seen, by id, for a caller that asks again about their parents.
    """
    def kids_of(item: object) -> tuple:
        kind = type(item)
        return (item.left, item.right) if kind is n.Binary and item.op in CHAIN else (
            (item.operand,) if kind is n.Unary else (item.then, item.other) if kind is n.Conditional else
            (item.args[0],) if kind is n.BuiltinCall and item.name == "ABS" else ())

    def value_of(item: object, kids: tuple) -> bool:
        kind = type(item)
        if kind is n.Num:
            return float(item.value).is_integer()
        if kind is n.Var or kind is n.Index or kind is n.Call:  # (an array's name is never a number's, and a
            return item.name in names  # procedure's starts with &)
        return (kind is n.BuiltinCall and item.name in WHOLE_RESULTS) or (
            bool(kids) and all(known[id(kid)] for kid in kids))

    known = {} if known is None else known
    return bottom_up(node, kids_of, value_of, known)


def changes_variables(node: object) -> bool:
    """True if evaluating an expression may change a variable: a procedure's call, a position given back."""
    return any(type(item) is n.Call or (type(item) is n.BuiltinCall and item.position_out is not None)
               for item in walk(node))


def bounds(node: object, bounded: dict[str, tuple[int, int]], known: dict[int, tuple | None]) -> tuple | None:
    """The least and greatest whole number an expression of + - * gives, its operands being whole
    constants and elements of arrays whose bounds are known (holdings.bounded_arrays); else None.

    Without recursion (an expression may be thousands of terms tall); `known` keeps the answers for
    the nodes seen, by id, for a caller that asks again about their parents.
    """
    def kids_of(item: object) -> tuple:
        kind = type(item)
        return (item.left, item.right) if kind is n.Binary and item.op in CHAIN else (
            (item.operand,) if kind is n.Unary else ())

    def value_of(item: object, kids: tuple) -> tuple | None:
        kind = type(item)
        if kind is n.Num:
            value = whole_constant(item)
            return None if value is None else (value, value)
        if kind is n.Index:
            return bounded.get(item.name)
        if kind is n.Unary:
            inner = known[id(item.operand)]
            return inner if inner is None or item.op == "+" else (-inner[1], -inner[0])
        if not kids:
            return None
        left, right = known[id(item.left)], known[id(item.right)]
        if left is None or right is None:
            return None
        if item.op == "+":
            return left[0] + right[0], left[1] + right[1]
        if item.op == "-":
            return left[0] - right[1], left[1] - right[0]
        products = [a * b for a in left for b in right]
        return min(products), max(products)

    return bottom_up(node, kids_of, value_of, known)


def exact(node: n.Binary, bounded: dict[str, tuple[int, int]], known: dict[int, tuple | None]) -> bool:
    """True if + - * of elements of bounded arrays and whole constants can only give whole numbers within
    2^24 (each of its operations too: their operands are within its bounds' reach)."""
    if not bounded:
        return False
    found = bounds(node, bounded, known)
    return found is not None and -2 ** 24 <= found[0] and found[1] <= 2 ** 24


def bottom_up(node: object, kids_of: Callable, value_of: Callable, known: dict) -> object:
    """value_of(item, its kids) for a node and every node below it, kids first, without recursion (an
    expression may be thousands of terms tall); `known` keeps the answers by node id."""
    stack = [(node, False)]
    while stack:
        item, ready = stack.pop()
        if id(item) in known:
            continue
        kids = kids_of(item)
        if kids and not ready:
            stack.append((item, True))
            stack.extend((kid, False) for kid in kids)
            continue
        known[id(item)] = value_of(item, kids)
    return known[id(node)]


def children(node: object) -> tuple:
    """The sub-expressions of an expression node, in the order they are evaluated."""
    kind = type(node)
    if kind in (n.Binary, n.Compare, n.Logic):
        return (node.left, node.right)
    if kind in (n.Unary, n.Not):
        return (node.operand,)
    if kind is n.Index:
        return node.indices
    if kind in (n.BuiltinCall, n.Call):
        return node.args
    if kind is n.Conditional:
        return (node.cond, node.then, node.other)
    return ()


def literal(node: object, numbers: object) -> bool:
    """True for a string written out, or a number (negated or not) that the number model holds: its code
    cannot fail (a number beyond float32 is DEPASSEMENT DE CAPACITE in single)."""
    if type(node) is n.Unary:
        node = node.operand
        if type(node) is not n.Num:
            return False
    if type(node) is n.Num:
        return numbers.held(float(node.value)) is not None
    return type(node) is n.Str


def height_at_most(node: object, limit: int) -> bool:
    """True if an expression is no taller than limit (stops looking past it)."""
    stack = [(node, 1)]
    while stack:
        item, level = stack.pop()
        if level > limit:
            return False
        stack.extend((kid, level + 1) for kid in children(item))
    return True


def appended(node: object, name: str) -> tuple[int, tuple[str, ...]] | None:
    """What a store of `node` into the string variable `name` adds, where `node` joins that variable's value (read
    once) with strings written out, characters of a code (EQC, one each) and other variables (S←S!' ',
    S←'0'!S!'.', S←S!EQC(X), S←S!C): the length of the texts and characters, and the names of the variables (each
    a string, as the join went through), if any; else None."""
    parts, stack = [], [node]
    while stack:
        part = stack.pop()
        if type(part) is n.Binary and part.op == "!":
            stack += (part.right, part.left)
        else:
            parts.append(part)
    own = [part for part in parts if type(part) is n.Var and part.name == name]
    others = [part for part in parts if part is not own[0]] if len(own) == 1 else []
    if not others or not all(type(part) in (n.Str, n.Var) or type(part) is n.BuiltinCall and part.name == "EQC"
                             for part in others):
        return None
    texts = sum(len(part.value) if type(part) is n.Str else 1 for part in others if type(part) is not n.Var)
    names = tuple(part.name for part in others if type(part) is n.Var)
    return (texts, names) if texts or names else None
