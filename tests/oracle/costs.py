"""Where the Micro charges cycles: the static price of each node, read from the profile's [costs]; imports nodes only.

The cost semantics (the project's definition, measured on the --profile path):

* Price of a node (static, `price`): a literal `constant`; a variable `variable`; an element
  `array_read` plus its indices; `-x` adds `neg` (`+x` nothing); each binary operator its key
  (`add sub mul div pow concat`); a comparison `compare`; `ET OU NON` `logic`; a conditional
  expression its condition plus `conditional` (its chosen branch is paid when evaluated, after
  it succeeds); a built-in its own key plus its arguments (plus `assign` when it stores a
  position into a variable); a procedure call `call` plus its arguments (an argument by
  reference that is a variable: `variable`; an element: `array_read` plus its indices).
* Statements are paid BEFORE they run. A run of consecutive straight statements (assignment,
  AFFICHER, CHAINE, TABLEAU, LIBERER) in one statement list is paid at once, up front: a run
  stopped by an error has paid for all of it. Each statement pays `statement`, plus:
  assignment: its value plus `assign` (an element: plus `array_write` and its indices);
  AFFICHER: its values; CHAINE, LIBERER: `declare` per name; TABLEAU: `declare` plus the sizes,
  per array; SI: its condition (then its chosen branch, as a statement list of one); DEBUT..FIN:
  nothing more (its statements pay their own); ALLER EN: `jump` (a computed target's
  expression is not paid); RETOUR [EN]: `return` (same); RESULTAT: its value plus `return`;
  a call statement: its arguments plus `call`; LIRE: an element target pays `array_write` plus
  its indices as it is read; FAIRE: start, step, limit and `loop_init` (then its TANT QUE
  condition); TERMINER, PAUSE, a PROCEDURE line reached: nothing more.
* Each FAIRE pass at the end of its last line pays `loop_step variable add compare assign`
  (and the TANT QUE condition again); a loop run zero times goes straight to its last line's
  end, where the loops around it that end there take their pass.
* A procedure's own PROCEDURE statement is not paid when it is called (its body starts after
  it); RETOUR EN n is paid by the RETOUR; the caller goes on at n unpaid. PAUSE pays
  `statement` and goes on (the harness resumes the Micro at once).
* Dynamic charges, as they happen and only when the operation succeeds: `char_scan` per
  character a `!` result holds and per character POS/SCH/GRL/SKP/PTR/CNB scan or CCA writes;
  `print_char` per character printed (the CR LF of AFFICHER and the bell of each LIRE field
  included); `input_char` per character of a field read; `element_init` per element of a new
  TABLEAU (after its memory is granted).
"""

from __future__ import annotations

from collections import Counter

from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS

BINARY_COST = {"+": "add", "-": "sub", "*": "mul", "/": "div", "^": "pow", "!": "concat"}
PASS = Counter({"loop_step": 1, "variable": 1, "add": 1, "compare": 1, "assign": 1})
STRAIGHT = (n.Assign, n.Afficher, n.Chaine, n.Tableau, n.Liberer)


def price(node: object, units: dict) -> Counter:
    """The static operations of an expression (see the module's spec)."""
    kinds: Counter = Counter()
    _add_price(node, kinds, units)
    return kinds


def _add_price(node: object, kinds: Counter, units: dict) -> None:
    kind = type(node)
    if kind in (n.Num, n.Str):
        kinds["constant"] += 1
    elif kind is n.Var:
        kinds["variable"] += 1
    elif kind is n.Index:
        kinds["array_read"] += 1
        for index in node.indices:
            _add_price(index, kinds, units)
    elif kind is n.Unary:
        _add_price(node.operand, kinds, units)
        if node.op == "-":
            kinds["neg"] += 1
    elif kind is n.Binary:
        _add_price(node.left, kinds, units)
        _add_price(node.right, kinds, units)
        kinds[BINARY_COST[node.op]] += 1
    elif kind is n.Compare:
        _add_price(node.left, kinds, units)
        _add_price(node.right, kinds, units)
        kinds["compare"] += 1
    elif kind is n.Logic:
        _add_price(node.left, kinds, units)
        _add_price(node.right, kinds, units)
        kinds["logic"] += 1
    elif kind is n.Not:
        _add_price(node.operand, kinds, units)
        kinds["logic"] += 1
    elif kind is n.Conditional:
        _add_price(node.cond, kinds, units)
        kinds["conditional"] += 1
    elif kind is n.BuiltinCall:
        kinds[BUILTINS[node.name].cost] += 1
        for arg in node.args:
            _add_price(arg, kinds, units)
        if node.position_out is not None:
            kinds["assign"] += 1
    elif kind is n.Call:
        kinds.update(call_price(node, units))
    else:
        raise TypeError(f"no price for {kind.__name__}")


def call_price(call: n.Call, units: dict) -> Counter:
    """What a procedure call pays before it runs: its arguments and `call`."""
    kinds: Counter = Counter({"call": 1})
    params, by_reference = units[call.name]
    for param, arg in zip(params, call.args):
        if param in by_reference and isinstance(arg, n.Var):
            kinds["variable"] += 1
        elif param in by_reference and isinstance(arg, n.Index):
            kinds["array_read"] += 1
            for index in arg.indices:
                _add_price(index, kinds, units)
        else:
            _add_price(arg, kinds, units)
    return kinds


def straight_price(statement: object, units: dict) -> Counter:
    """What one straight statement pays as part of its run (its `statement` included)."""
    kinds: Counter = Counter({"statement": 1})
    if isinstance(statement, n.Assign):
        _add_price(statement.expr, kinds, units)
        kinds["assign"] += 1
        if isinstance(statement.target, n.Index):
            kinds["array_write"] += 1
            for index in statement.target.indices:
                _add_price(index, kinds, units)
    elif isinstance(statement, n.Afficher):
        for item in statement.items:
            _add_price(item, kinds, units)
    elif isinstance(statement, (n.Chaine, n.Liberer)):
        kinds["declare"] += len(statement.names)
    elif isinstance(statement, n.Tableau):
        for _, dims in statement.decls:
            kinds["declare"] += 1
            for dim in dims:
                _add_price(dim, kinds, units)
    return kinds


def cycles(kinds: Counter, costs: dict) -> int:
    """The cycles a set of operations costs in a profile."""
    return sum(costs[key] * count for key, count in kinds.items())
