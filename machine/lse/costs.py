"""What each expression and statement pays at its charge point, as counts of the profile's cost keys.

Imports nodes, builtins and checks only.

Decision: a cost is data (a Counter of cost keys), priced by the profile's [costs] table where it
is paid. What is paid while running (characters scanned or printed, array elements zeroed, the
branch a conditional expression takes, a procedure's own statements) is not in these counts.
"""

from __future__ import annotations

from collections import Counter

from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS
from machine.lse.checks import nodes_below

# The cost key of each operator, beside the operator it prices.
BINARY_COST = {"+": "add", "-": "sub", "*": "mul", "/": "div", "^": "pow", "!": "concat"}


def counted(counts: dict) -> Counter:
    """A Counter of counts, made without Counter's Python-level __init__ and update (same keys, same order)."""
    made = _new_counter(Counter)
    _fill(made, counts)
    return made


_new_counter = dict.__new__
_fill = dict.update


def expression_cost(node: object) -> Counter:
    """What evaluating an expression pays up front (without recursion: expressions may be long)."""
    return counted(add_expression_cost(node, {}))


def add_expression_cost(node: object, total: dict) -> dict:
    """Add to total what evaluating an expression pays up front; return total.

    Decision: the counts are made in a plain dict (a Counter's missing keys cost a call each;
    lowering renard.lse counts some 15 000 of them), keys in the order they are first met.
    """
    get = total.get
    stack = [node]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is n.Num or kind is n.Str:
            total["constant"] = get("constant", 0) + 1
        elif kind is n.Var:
            total["variable"] = get("variable", 0) + 1
        elif kind is n.Index:
            total["array_read"] = get("array_read", 0) + 1
            stack.extend(item.indices)
        elif kind is n.Unary:
            if item.op == "-":
                total["neg"] = get("neg", 0) + 1
            stack.append(item.operand)
        elif kind is n.Binary:
            key = BINARY_COST[item.op]
            total[key] = get(key, 0) + 1
            stack += (item.left, item.right)
        elif kind is n.Compare:
            total["compare"] = get("compare", 0) + 1
            stack += (item.left, item.right)
        elif kind is n.Logic:
            total["logic"] = get("logic", 0) + 1
            stack += (item.left, item.right)
        elif kind is n.Not:
            total["logic"] = get("logic", 0) + 1
            stack.append(item.operand)
        elif kind is n.Conditional:  # the branch taken is paid when it is taken
            total["conditional"] = get("conditional", 0) + 1
            stack.append(item.cond)
        elif kind is n.BuiltinCall:
            spec = BUILTINS[item.name]
            total[spec.cost] = get(spec.cost, 0) + 1
            if spec.returns_position and item.position_out is not None:
                total["assign"] = get("assign", 0) + 1
            stack.extend(item.args)
        elif kind is n.Call:
            total["call"] = get("call", 0) + 1
            stack.extend(item.args)
    return total


def statement_cost(node: object) -> Counter:
    """What a statement pays at its charge point (a SI's or a FAIRE's parts are the lowering's)."""
    return counted(add_statement_cost(node, {}))


def add_statement_cost(node: object, total: dict) -> dict:
    """Add to total what a statement pays at its charge point; return total."""
    total["statement"] = total.get("statement", 0) + 1
    kind = type(node)
    if kind is n.Assign:
        add_expression_cost(node.expr, total)
        total["assign"] = total.get("assign", 0) + 1
        if type(node.target) is n.Index:
            total["array_write"] = total.get("array_write", 0) + 1
            for index in node.target.indices:
                add_expression_cost(index, total)
    elif kind is n.Afficher:
        for item in node.items:
            add_expression_cost(item, total)
    elif kind is n.Chaine or kind is n.Liberer:
        total["declare"] = total.get("declare", 0) + len(node.names)
    elif kind is n.Tableau:
        for _, dims in node.decls:
            total["declare"] = total.get("declare", 0) + 1
            for dim in dims:
                add_expression_cost(dim, total)
    elif kind is n.Goto:
        total["jump"] = total.get("jump", 0) + 1
    elif kind is n.CallStatement:
        add_expression_cost(node.call, total)
    elif kind is n.Retour:
        total["return"] = total.get("return", 0) + 1
    elif kind is n.Resultat:
        add_expression_cost(node.expr, total)
        total["return"] = total.get("return", 0) + 1
    elif kind in (n.Garer, n.Charger, n.Supprimer, n.Executer):
        total["disk"] = total.get("disk", 0) + 1
    return total


# The nodes that pay nothing while running in their line's segment (see paid_ahead_lines): a call's procedure pays
# in its own segments, a conditional value's branch at a charge point; a `!`, a built-in that scans and any other
# node (AFFICHER, LIRE, TABLEAU, PAUSE, the disk) pay as they run.
_PAID_AHEAD = frozenset({n.Num, n.Str, n.Var, n.Index, n.Unary, n.Compare, n.Logic, n.Not, n.Conditional,
                         n.Call, n.Target, n.Assign, n.Goto, n.If, n.Block, n.Faire, n.Terminer, n.Procedure,
                         n.CallStatement, n.Retour, n.Resultat})


def _paid_ahead(node: object) -> bool:
    kind = type(node)
    if kind is n.Binary:
        return node.op != "!"
    if kind is n.BuiltinCall:
        return BUILTINS[node.name].scan is None
    return kind in _PAID_AHEAD


def paid_ahead_lines(program: n.Program, crowded: int) -> frozenset[int]:
    """The lines whose every cycle is paid at their charge points: --profile counts theirs by the runs of the points,
    with no mark at each line (pyshared.SEGMENT_ENDS).

    A FAIRE's pass and TANT QUE are paid where its last line ends, in the segment of the line that got there (its
    own, or the FAIRE's where it runs no pass): a TANT QUE that pays as it runs makes its last line not one. None
    in a program with a line that `crowded` loops or more end (pyloops.crowded_ends: stepped at the top of the
    dispatch, in no line's segment that the code knows).
    """
    lines, ends, unpaid_ends = set(), {}, set()
    for line in program.lines:
        below = nodes_below(line.statements)
        if all(map(_paid_ahead, below)):
            lines.add(line.number)
        for node in below:
            if type(node) is n.Faire:
                end = node.end.number if node.end.number is not None else program.labels.get(node.end.label)
                ends[end] = ends.get(end, 0) + 1
                if node.cond is not None and not all(map(_paid_ahead, nodes_below(node.cond))):
                    unpaid_ends.add(end)
    return frozenset(lines - unpaid_ends) if max(ends.values(), default=0) < crowded else frozenset()
