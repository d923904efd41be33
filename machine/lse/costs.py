"""What each expression and statement pays at its charge point, as counts of the profile's cost keys; imports nodes.

Decision: a cost is data (a Counter of cost keys), priced by the profile's [costs] table where it
is paid. What is paid while running (characters scanned or printed, array elements zeroed, the
branch a conditional expression takes, a procedure's own statements) is not in these counts.
"""

from __future__ import annotations

from collections import Counter

from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS

# The cost key of each operator, beside the operator it prices.
BINARY_COST = {"+": "add", "-": "sub", "*": "mul", "/": "div", "^": "pow", "!": "concat"}


def expression_cost(node: object) -> Counter:
    """What evaluating an expression pays up front (without recursion: expressions may be long)."""
    total: Counter = Counter()
    stack = [node]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is n.Num or kind is n.Str:
            total["constant"] += 1
        elif kind is n.Var:
            total["variable"] += 1
        elif kind is n.Index:
            total["array_read"] += 1
            stack.extend(item.indices)
        elif kind is n.Unary:
            if item.op == "-":
                total["neg"] += 1
            stack.append(item.operand)
        elif kind is n.Binary:
            total[BINARY_COST[item.op]] += 1
            stack += (item.left, item.right)
        elif kind is n.Compare:
            total["compare"] += 1
            stack += (item.left, item.right)
        elif kind is n.Logic:
            total["logic"] += 1
            stack += (item.left, item.right)
        elif kind is n.Not:
            total["logic"] += 1
            stack.append(item.operand)
        elif kind is n.Conditional:  # the branch taken is paid when it is taken
            total["conditional"] += 1
            stack.append(item.cond)
        elif kind is n.BuiltinCall:
            spec = BUILTINS[item.name]
            total[spec.cost] += 1
            if spec.returns_position and item.position_out is not None:
                total["assign"] += 1
            stack.extend(item.args)
        elif kind is n.Call:
            total["call"] += 1
            stack.extend(item.args)
    return total


def statement_cost(node: object) -> Counter:
    """What a statement pays at its charge point (a SI's or a FAIRE's parts are the lowering's)."""
    total = Counter({"statement": 1})
    kind = type(node)
    if kind is n.Assign:
        total.update(expression_cost(node.expr))
        total["assign"] += 1
        if type(node.target) is n.Index:
            total["array_write"] += 1
            for index in node.target.indices:
                total.update(expression_cost(index))
    elif kind is n.Afficher:
        for item in node.items:
            total.update(expression_cost(item))
    elif kind is n.Chaine or kind is n.Liberer:
        total["declare"] += len(node.names)
    elif kind is n.Tableau:
        for _, dims in node.decls:
            total["declare"] += 1
            for dim in dims:
                total.update(expression_cost(dim))
    elif kind is n.Goto:
        total["jump"] += 1
    elif kind is n.CallStatement:
        total.update(expression_cost(node.call))
    elif kind is n.Retour:
        total["return"] += 1
    elif kind is n.Resultat:
        total.update(expression_cost(node.expr))
        total["return"] += 1
    elif kind in (n.Garer, n.Charger, n.Supprimer, n.Executer):
        total["disk"] += 1
    return total
