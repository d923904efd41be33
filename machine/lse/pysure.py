"""Which conditions of a unit can neither fail nor change anything, so that ET and OU may skip them.

A part of the one code generator (pyexpr.ExpressionCode asks it; pynames.surely_set says which variables
are set where the statement being written runs). Imports nodes and operands; never the runtime.
"""

from __future__ import annotations

from machine.lse import nodes as n
from machine.lse.operands import cannot_overflow, single_sure

SURE_BUILTINS = {"LGR": "s", "ABS": "n", "ENT": "n"}  # built-ins that cannot fail given an operand of that kind


def sure_parts(node: object) -> tuple:
    """The parts of a node that SureConditions.sure_kind's answer for it rests on."""
    kind = type(node)
    if kind in (n.Logic, n.Compare) or (kind is n.Binary and node.op in "+-*/"):
        return (node.left, node.right)
    if kind in (n.Not, n.Unary):
        return (node.operand,)
    if kind is n.BuiltinCall and node.name in SURE_BUILTINS:
        return node.args
    return ()


class SureConditions:
    """The sure conditions and operands of one unit (see ExpressionCode.ex_Logic)."""

    def __init__(self, scope: object, numbers: object, sizes: dict[int, float | None]) -> None:
        self.scope = scope  # where each name lives, and which are surely set (pygen.UnitCode)
        self.sizes = sizes  # operands.magnitude's answers, by node id (the expression writer's)
        self.numbers = numbers
        self.answers: dict[tuple[int, int], str | None] = {}  # sure_kind's answers, by node id and facts' id

    def sure(self, node: object) -> bool:
        """True if a condition can neither fail nor change anything: comparisons of constants and variables
        surely set (see pynames.surely_set), both of one known kind, joined by ET, OU and NON."""
        return self.sure_kind(node) == "b"

    def sure_kind(self, node: object) -> str | None:
        """'b' for a sure condition; the kind of an operand that cannot fail: a constant the model holds, a
        variable surely set, a negation, an arithmetic that cannot overflow, a length, an absolute value or a
        whole part of such operands; else None. Worked out once per node where its statement is written (the
        facts' id), without recursion: a condition may join thousands of comparisons."""
        facts = id(self.scope.set_here)
        known = self.answers.get((id(node), facts), self)
        if known is not self:
            return known
        order, waiting = [], [node]
        while waiting:  # each node before the parts its answer rests on
            item = waiting.pop()
            if (id(item), facts) not in self.answers:
                order.append(item)
                waiting.extend(sure_parts(item))
        for item in reversed(order):  # the parts first
            self.answers[(id(item), facts)] = self.sure_of(item, facts)
        return self.answers[(id(node), facts)]

    def sure_of(self, node: object, facts: int) -> str | None:
        """sure_kind of a node whose parts' answers are known."""
        def part(item: object) -> str | None:
            return self.answers[(id(item), facts)]
        kind = type(node)
        if kind is n.Logic:
            return "b" if part(node.left) == part(node.right) == "b" else None
        if kind is n.Not:
            return "b" if part(node.operand) == "b" else None
        if kind is n.Compare:
            return "b" if part(node.left) == part(node.right) in ("n", "s") else None
        if kind is n.Binary:  # (single precision rounds a result, which may pass float32's range: only single_sure)
            sure = single_sure(node.op, node.left, node.right) if self.numbers.single else (
                node.op in "+-*/" and cannot_overflow(node.op, node.left, node.right, self.scope.shared.bounded,
                                                      self.scope.bounds, self.sizes))
            return "n" if sure and part(node.left) == part(node.right) == "n" else None
        if kind is n.BuiltinCall:  # (none of them charges as it goes: their cycles are the block's)
            wanted = SURE_BUILTINS.get(node.name)
            return "n" if wanted and len(node.args) == 1 and part(node.args[0]) == wanted else None
        if kind is n.Num:
            return "n" if self.numbers.representable(node.value) else None
        if kind is n.Str:
            return "s"
        if kind is n.Unary:
            return "n" if node.op == "-" and part(node.operand) == "n" else None
        if kind is n.Var and self.scope.surely_set(node.name):
            return self.scope.kind(node.name)
        return None
