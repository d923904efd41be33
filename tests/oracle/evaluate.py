"""The reference interpreter's expressions: values, operators, built-ins, variable and element access.

Imports the language's value-level pieces only (values, builtins, numbers, errors), never a compiler
or the runtime. `Expressions` is the half of the interpreter that computes; reference.py runs.
"""

from __future__ import annotations

import math

from machine.errors import Err, LseError
from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS, cnb
from machine.lse.numbers import checked, round32
from machine.lse.source import MAX_LINE_NUMBER
from machine.lse.values import Array, Vars, array_name, copy_array, position, read

from .costs import price
from .decimals import exact_cnb

COMPARE = {
    "=": lambda a, b: a == b, "#": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}
RESULT, RETURN, RETURN_TO = "RESULTAT", "RETOUR", "RETOUR EN"


class Jump(Exception):
    """ALLER EN (or RETOUR EN seen from the caller): go on at an existing line of the running unit."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


class Return(Exception):
    """RETOUR, RETOUR EN n or RESULTAT: leave the running procedure."""

    def __init__(self, how: str, value: object = None) -> None:
        super().__init__(how)
        self.how = how
        self.value = value


def type_mismatch(text: str = "") -> LseError:
    return LseError(Err.TYPE_MISMATCH, text)


def line_number(value: object) -> int:
    """A computed ALLER EN / RETOUR EN value as a line number."""
    if type(value) is not float:
        raise type_mismatch()
    if not value.is_integer() or not 1 <= value <= MAX_LINE_NUMBER:  # no line: the number as CCA shows it
        from machine.lse.formats import line_shown
        raise LseError(Err.UNKNOWN_LINE, line_shown(value))
    return int(value)


class Frame:
    """One running unit: the unit, its own variables (the globals for the main program), its FAIRE loops."""

    def __init__(self, unit: object, local: Vars) -> None:
        self.unit = unit
        self.local = local
        self.loops: list = []


class Expressions:
    """Evaluate expressions for the interpreter (which provides G, units, single, charge, ...)."""

    def price_of(self, node: object) -> int:
        """The static cycles of an expression, worked out once per node."""
        key = id(node)
        cycles = self.prices.get(key)
        if cycles is None:
            kinds = price(node, self.signatures)
            cycles = self.prices[key] = sum(self.costs[k] * c for k, c in kinds.items())
        return cycles

    # ---------------------------------------------------------- variables
    def env(self, frame: Frame, name: str) -> Vars:
        return frame.local if name in frame.unit.locals else self.G

    def read_var(self, frame: Frame, name: str) -> object:
        if name in frame.unit.by_reference:
            container, key = frame.local[name]
            return container[key]
        return self.env(frame, name)[name]

    def store(self, frame: Frame, name: str, value: object) -> None:
        if name in frame.unit.by_reference:
            set_ref(frame.local[name], value)
        else:
            self.env(frame, name).assign(name, value)

    def array_of(self, frame: Frame, name: str) -> object:
        """The value of an indexed name; one that nothing can make an array must be one."""
        value = self.read_var(frame, name)
        if (name not in frame.unit.by_reference and name not in self.array_names
                and name not in frame.unit.params and type(value) is not Array):
            raise LseError(Err.NOT_AN_ARRAY, name)
        return value

    def key(self, frame: Frame, indices: tuple) -> object:
        """An index (or pair): its arithmetic is neither rounded nor checked."""
        parts = [self.value(frame, index, True) for index in indices]
        return parts[0] if len(parts) == 1 else tuple(parts)

    def element(self, frame: Frame, node: n.Index, raw: bool) -> float:
        array = self.array_of(frame, node.name)
        key = self.key(frame, node.indices)
        if type(array) is not Array:
            raise type_mismatch()
        return read(array, key)

    # -------------------------------------------------------- expressions
    def number(self, x: float, raw: bool = False) -> float:
        """An arithmetic result in the profile's number model (an index's arithmetic is left raw)."""
        if raw:
            return x
        return round32(x) if self.single else checked(x)

    def value(self, frame: Frame, node: object, raw: bool = False) -> object:
        kind = type(node)
        if kind is n.Num:
            return self.number(float(node.value))
        if kind is n.Str:
            return node.value
        if kind is n.Var:
            return self.read_var(frame, node.name)
        if kind is n.Index:
            return self.element(frame, node, raw)
        if kind is n.Binary:
            return self.binary(frame, node, raw)
        if kind is n.Compare:
            return self.compare(frame, node, raw)
        if kind is n.Logic:
            left, right = self.value(frame, node.left, raw), self.value(frame, node.right, raw)
            return (left and right) if node.op == "ET" else (left or right)
        if kind is n.Not:
            return not self.value(frame, node.operand, raw)
        if kind is n.Unary:
            operand = self.value(frame, node.operand, raw)
            if type(operand) is not float:
                raise type_mismatch()
            return -operand if node.op == "-" else operand
        if kind is n.Conditional:
            branch = node.then if self.value(frame, node.cond, raw) else node.other
            result = self.value(frame, branch, raw)
            self.cyc += self.price_of(branch)  # a branch is paid once it has been computed
            return result
        if kind is n.BuiltinCall:
            return self.builtin(frame, node, raw)
        if kind is n.Call:
            return self.function(frame, node, raw)
        raise TypeError(f"not an expression: {kind.__name__}")

    def binary(self, frame: Frame, node: n.Binary, raw: bool) -> object:
        left, right = self.value(frame, node.left, raw), self.value(frame, node.right, raw)
        op = node.op
        if op == "!":
            if type(left) is not str or type(right) is not str:
                raise type_mismatch("!")
            size = len(left) + len(right)
            if size > self.limits["max_string"]:
                raise LseError(Err.MEMORY_FULL, f"CHAINE DE {size} CARACTERES")
            self.charge("char_scan", size)
            return left + right
        if op == "^":
            result = power(left, right)
            return round32(result) if self.single else result
        if type(left) is not float or type(right) is not float:
            raise type_mismatch("+" if op == "+" else "")
        if op == "+":
            return self.number(left + right, raw)
        if op == "-":
            return self.number(left - right, raw)
        if op == "*":
            return self.number(left * right, raw)
        if right == 0.0:
            raise LseError(Err.DIVISION_BY_ZERO)
        return self.number(left / right, raw)

    def compare(self, frame: Frame, node: n.Compare, raw: bool) -> bool:
        left, right = self.value(frame, node.left, raw), self.value(frame, node.right, raw)
        if type(left) is not type(right) or type(left) not in (float, str):
            raise type_mismatch("=" if node.op in "=#" else "<")
        return COMPARE[node.op](left, right)

    def builtin(self, frame: Frame, node: n.BuiltinCall, raw: bool) -> object:
        spec = BUILTINS[node.name]
        args = tuple(self.value(frame, arg, raw) for arg in node.args)
        fn = spec.fn if spec.fn is not None else getattr(self.environment, node.name.lower())
        if fn is cnb and self.single:
            fn = exact_cnb  # (its text read to the nearest float32 at once, as a constant and LIRE read theirs)
        result = fn(*args)
        if spec.scan is not None:
            self.charge("char_scan", spec.scan(args, result))
        if spec.returns_position:
            if node.position_out is not None:
                self.store(frame, node.position_out.name, result[1])
            result = result[0]
        if spec.result_kind == "n" and self.single:
            result = round32(result)
        return result

    # -------------------------------------------------------------- calls
    def arguments(self, frame: Frame, call: n.Call) -> tuple:
        """Evaluate a call's arguments, left to right: cells for those by reference, copies of arrays by value."""
        params, by_reference = self.signatures[call.name]
        values = []
        for param, arg in zip(params, call.args):
            if param not in by_reference:
                value = self.value(frame, arg)
                values.append(copy_array(value) if type(value) is Array else value)
            elif isinstance(arg, n.Var):
                if arg.name in frame.unit.by_reference:
                    values.append(frame.local[arg.name])
                else:
                    values.append((self.env(frame, arg.name), arg.name))
            elif isinstance(arg, n.Index):
                array = self.array_of(frame, arg.name)
                key = self.key(frame, arg.indices)
                values.append(element_ref(array, key, arg.name))
            else:
                values.append(({0: self.value(frame, arg)}, 0))  # a cell: never a list (an array)
        return tuple(values)

    def function(self, frame: Frame, call: n.Call, raw: bool) -> object:
        """&F(...) in an expression: its RESULTAT."""
        how, value = self.invoke(call.name, self.arguments(frame, call))
        if how == RETURN:
            raise LseError(Err.RETOUR_IN_FUNCTION)
        if how == RETURN_TO:
            raise Jump(value)
        return value


def power(base: object, exponent: object) -> float:
    """^: a negative base needs a whole exponent; zero to a negative power divides by zero."""
    if type(base) is not float or type(exponent) is not float:
        raise type_mismatch("^")
    if base < 0 and not exponent.is_integer():
        raise LseError(Err.BAD_ARGUMENT, "^")
    if base == 0 and exponent < 0:
        raise LseError(Err.DIVISION_BY_ZERO)
    try:
        result = base ** exponent
    except OverflowError:
        raise LseError(Err.OVERFLOW) from None
    if isinstance(result, complex) or math.isinf(result):
        raise LseError(Err.OVERFLOW)
    return result


def element_ref(array: object, key: object, name: str) -> tuple:
    """A reference to an existing element (a fractional index truncated)."""
    if type(array) is not Array:
        raise LseError(Err.NOT_AN_ARRAY, name)
    return (array, position(array, key))


def set_ref(ref: tuple, value: object) -> None:
    """Store through a reference: a variable (kind-checked), an element (numbers), a temporary (its kind)."""
    container, key = ref
    if type(container) is Array:
        if type(value) is not float:
            raise type_mismatch(array_name(container))
        container[key] = value
    elif type(container) is Vars:
        container.assign(key, value)
    else:
        if type(value) is not type(container[key]):
            raise type_mismatch()
        container[key] = value
