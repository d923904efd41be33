"""The lines a computed ALLER EN may go to: the values its expression can take, found from every store of the
variables and arrays it reads. Imports nodes, ir, layout and holdings (which names are the program's); never
the runtime.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.holdings import array_variables, own_names
from machine.lse.layout import Layout
from machine.record import record

SPREAD = 16  # the most values followed for a name or an expression: with more, it may be anything
# Decision: only whole values below 2^24 are followed: their sums and products are exact in either precision,
# so the value the run computes is the one found here, to the bit.
WHOLE_BELOW = float(1 << 24)


@record(slots=True)
class Targets:
    """What the analysis found: the lines of each computed jump it knows, and what the names it counts on hold."""

    lines: dict[int, tuple[int, ...]]  # by the jump exit's id: the program's lines among its values, in order
    values: dict[str, frozenset[float]]  # the variables and arrays (their elements) those values come from


def jump_targets(program: ir.ProgramIR, layout: Layout, held: dict) -> Targets:
    """The lines each computed ALLER EN of `program` may go to, where its expression can only take a few whole
    values: constants, and the program's variables and array elements that only ever get such values.

    `held`: the program's variables as the run starts (kept from the prompt), counted as stores. A value that is
    no line of the program fails the jump as before; the monitor giving a name another value at a pause stops
    the run (linker.targets_kept).
    """
    jumps = [block.exit for block in program.blocks if type(block.exit) is ir.Jump and block.exit.line is None]
    if not jumps:
        return Targets({}, {})
    arrays = _arrays(layout)
    values, stores = _followed(layout, arrays)
    for name in list(values):
        kept = held.get(name)
        if kept is None:
            continue
        now = (kept[1:] if type(kept) is list else None) if name in arrays else [kept] if type(kept) is float else None
        if now is None or not all(_whole(value) for value in now) or len(merged := values[name] | set(now)) > SPREAD:
            del values[name]
        else:
            values[name] = merged
    changed = True
    while changed:  # a value found may be another's: to a fixpoint, a name dropped when it may be anything
        changed = False
        for name, expr in stores:
            if name not in values:
                continue
            found = _values(expr, values, arrays)
            if found is None or len(merged := values[name] | found) > SPREAD:
                del values[name]
                changed = True
            elif merged != values[name]:
                values[name] = merged
                changed = True
    lines: dict[int, tuple[int, ...]] = {}
    needed: set[str] = set()
    for jump in jumps:
        found = _values(jump.expr, values, arrays)
        if found is not None:
            lines[id(jump)] = tuple(sorted(int(value) for value in found if value in program.line_block))
            needed |= _names(jump.expr)
    return Targets(lines, {name: values[name] for name in _closure(needed, stores)})


def _arrays(layout: Layout) -> set[str]:
    """The program's arrays whose elements may be followed: held whenever set, nothing hands an element out."""
    return array_variables(layout) - layout.parameters


def _followed(layout: Layout, arrays: set[str]) -> tuple[dict[str, frozenset[float]], list[tuple[str, object]]]:
    """The names whose every value comes from a store written in the program (with what they start with: an
    array's zeros), and those stores. Not a procedure's own name, not one read in (LIRE, CHARGER), a loop's
    variable, a position, CHARGER's status, nor one given to a procedure (by reference, it may store into it);
    `arrays`: the arrays that may be followed (_arrays)."""
    excluded = own_names(layout) | layout.parameters | layout.loaded_names
    stores: list[tuple[str, object]] = []
    stepped: dict[str, frozenset[float]] = {}  # the variables of loops of constant bounds: the values they pass
    for _, node in layout.noted:
        kind = type(node)
        if kind is n.Assign:
            stores.append((node.target.name, node.expr))
        elif kind is n.Lire:
            excluded.update(target.name for target in node.targets)
        elif kind is n.Charger:  # (its status too: a number it gives, a variable or an element)
            excluded.update(target.name for target in (node.var, node.status) if target is not None)
        elif kind is n.Faire:
            passes = _passed(node)
            if passes is None:
                excluded.add(node.var)
            else:
                stepped[node.var] = stepped.get(node.var, frozenset()) | passes
        elif kind is n.BuiltinCall and node.position_out is not None:
            excluded.add(node.position_out.name)
        elif kind is n.Call:
            excluded.update(arg.name for arg in node.args if type(arg) in (n.Var, n.Index))
    names = {name for name in [name for name, _ in stores] + list(stepped) if layout.is_pure_number(name)} | arrays
    values = {name: frozenset((0.0,)) if name in arrays else stepped.get(name, frozenset())
              for name in names - excluded}
    return values, stores


def _passed(node: n.Faire) -> frozenset[float] | None:
    """The values a FAIRE gives its variable, where its start, step and limit are whole constants and it has no
    TANT QUE: its start, and each step's while it is within the limit (the variable stays at the last); None
    where they are not so, or more than SPREAD."""
    if node.cond is not None or node.limit is None:
        return None
    start, step, limit = (_constant(part) for part in (node.start, node.step or n.Num(1.0, node.line), node.limit))
    if start is None or step is None or limit is None:
        return None
    found, value = {start}, start + step
    while step and (value <= limit if step > 0 else value >= limit) and len(found) <= SPREAD:
        found.add(value)
        value += step
    return frozenset(found) if len(found) <= SPREAD else None


def _constant(node: object) -> float | None:
    """A whole constant's value (a minus before one too), else None."""
    if type(node) is n.Unary and node.op == "-":
        value = _constant(node.operand)
        return None if value is None else -value
    return node.value if type(node) is n.Num and _whole(node.value) else None


def _whole(value: object) -> bool:
    return type(value) is float and value.is_integer() and -WHOLE_BELOW < value < WHOLE_BELOW


def _values(node: object, values: dict[str, frozenset[float]], arrays: set[str]) -> frozenset[float] | None:
    """The values an expression can take, or None if it may take others (or too many to follow); `values`: of
    the variables and `arrays` followed."""
    kind = type(node)
    if kind is n.Num:
        return frozenset((node.value,)) if _whole(node.value) else None
    if kind is n.Var or kind is n.Index:  # (an element of an array that `values` follows: its elements' values)
        return values.get(node.name) if (kind is n.Index) is (node.name in arrays) else None
    if kind is n.Unary:
        found = _values(node.operand, values, arrays)
        return found if found is None or node.op == "+" else frozenset(-value for value in found)
    if kind is n.Conditional:
        then, other = _values(node.then, values, arrays), _values(node.other, values, arrays)
        return None if then is None or other is None or len(then | other) > SPREAD else then | other
    if kind is n.Binary and node.op in "+-*":
        left, right = _values(node.left, values, arrays), _values(node.right, values, arrays)
        if left is None or right is None or len(left) * len(right) > SPREAD * SPREAD:
            return None
        found = frozenset(a + b if node.op == "+" else a - b if node.op == "-" else a * b
                          for a in left for b in right)
        return found if len(found) <= SPREAD and all(_whole(value) for value in found) else None
    return None


def _names(node: object) -> set[str]:
    """The variables and arrays whose values an expression's value is made of (not an element's index)."""
    kind = type(node)
    if kind is n.Var or kind is n.Index:
        return {node.name}
    if kind is n.Unary:
        return _names(node.operand)
    if kind is n.Conditional:
        return _names(node.then) | _names(node.other)
    if kind is n.Binary:
        return _names(node.left) | _names(node.right)
    return set()


def _closure(names: set[str], stores: list[tuple[str, object]]) -> set[str]:
    """`names` and every name that a store into one of them reads the value of, and so on."""
    found, work = set(), list(names)
    while work:
        name = work.pop()
        if name not in found:
            found.add(name)
            work.extend(part for target, expr in stores if target == name for part in _names(expr))
    return found
