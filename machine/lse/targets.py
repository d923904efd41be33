"""The lines a computed ALLER EN may go to: the values its expression can take, found from every store of the
variables and arrays it reads (a loop's variable: the values its constant bounds give; a procedure's parameter
by value: what its calls give it). Imports nodes, ir, layout, analyses (which lines a unit runs) and holdings
(which names are the program's); never the runtime.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import foreign_lines, return_roots
from machine.lse.holdings import array_variables, own_names
from machine.lse.layout import MAIN, Layout, Unit
from machine.record import record

SPREAD = 16  # the most values followed for a name or an expression: with more, it may be anything
# Decision: only whole values below 2^24 are followed: their sums and products are exact in either precision,
# so the value the run computes is the one found here, to the bit.
WHOLE_BELOW = float(1 << 24)

Key = tuple[str, str]  # (the unit whose own name it is, or MAIN; the name)


@record(slots=True)
class Targets:
    """What the analysis found: the lines of each computed jump it knows, and what the names it counts on hold."""

    lines: dict[int, tuple[int, ...]]  # by the jump exit's id: the program's lines among its values, in order
    values: dict[str, frozenset[float]]  # the program's variables and arrays (their elements) those come from
    # the procedures' own names they come from, by (procedure, name): what a host's call may give a parameter
    params: dict[Key, frozenset[float]]


def jump_targets(program: ir.ProgramIR, layout: Layout, held: dict, roots: list[int] | None = None) -> Targets:
    """The lines each computed ALLER EN of `program` may go to, where its expression can only take a few whole
    values: constants, the places POS finds in a constant string, and the variables and array elements that only
    ever get such values.

    `held`: the program's variables as the run starts (kept from the prompt), counted as stores; `roots`: where
    the run starts (the first line's block if None). A value that is no line of the program fails the jump as
    before; the monitor giving a name another value at a pause stops the run (linker.targets_kept), and a host
    giving a parameter another value is refused (runtime.call_from_host).

    Decision: a procedure's own names (its parameters by value, its locals) are followed apart from the
    program's where no line is run by a unit other than its own (a line so run reads and stores the names of
    the unit that runs it: a procedure's `L←200` run by the main program stores the program's `L`): found so
    first, then checked; where some are, only the program's names are followed, and none that a procedure has
    as its own (a calculator's `ALLER EN 1000+100*OP` in `&OPER(OP)`).
    """
    jumps = [block.exit for block in program.blocks if type(block.exit) is ir.Jump and block.exit.line is None]
    if not jumps:
        return Targets({}, {}, {})
    found = _found(program, layout, held, jumps, keyed=True)
    if found.lines and _runs_foreign_lines(program, layout, jumps, found, roots):
        found = _found(program, layout, held, jumps, keyed=False)
    return found


def _runs_foreign_lines(program: ir.ProgramIR, layout: Layout, jumps: list[ir.Jump], found: Targets,
                        roots: list[int] | None) -> bool:
    """True if, with the jumps going to the lines found, some unit runs a line another unit's lines hold."""
    if roots is None:
        lines = program.program.lines
        roots = [program.line_block[lines[0].number]] if lines else [program.off_end]
    before = [jump.found_lines for jump in jumps]
    for jump in jumps:
        jump.found_lines = found.lines.get(id(jump))
    try:
        returns = return_roots(program, layout)
        units = [(unit, [*roots, *returns] if name == MAIN else [program.proc_entry[name], *returns])
                 for name, unit in layout.units.items()]
        return bool(foreign_lines(program, layout, units))
    finally:
        for jump, lines in zip(jumps, before):
            jump.found_lines = lines


def _found(program: ir.ProgramIR, layout: Layout, held: dict, jumps: list[ir.Jump], keyed: bool) -> Targets:
    """The lines of the jumps, a procedure's own names followed apart (`keyed`) or none of them."""
    arrays = _arrays(layout)
    resolve = _resolver(keyed)
    values, stores = _followed(layout, arrays, resolve, keyed)
    for name, kept in held.items():
        key = (MAIN, name)
        if key not in values:
            continue
        now = (kept[1:] if type(kept) is list else None) if name in arrays else [kept] if type(kept) is float else None
        if now is None or not all(_whole(value) for value in now) or len(merged := values[key] | set(now)) > SPREAD:
            del values[key]
        else:
            values[key] = merged
    changed = True
    while changed:  # a value found may be another's: to a fixpoint, a name dropped when it may be anything
        changed = False
        for key, expr, unit in stores:
            if key not in values:
                continue
            found = _values(expr, values, arrays, unit, resolve)
            if found is None or len(merged := values[key] | found) > SPREAD:
                del values[key]
                changed = True
            elif merged != values[key]:
                values[key] = merged
                changed = True
    owners = {line: unit for unit in layout.units.values() for line in unit.own_lines}
    lines: dict[int, tuple[int, ...]] = {}
    needed: set[Key] = set()
    for jump in jumps:
        unit = owners.get(jump.at, layout.units[MAIN])
        found = _values(jump.expr, values, arrays, unit, resolve)
        if found is not None:
            lines[id(jump)] = tuple(sorted(int(value) for value in found if value in program.line_block))
            needed |= _names(jump.expr, unit, resolve)
    kept = {key: values[key] for key in _closure(needed, stores, resolve)}
    return Targets(lines, {name: found for (owner, name), found in kept.items() if owner == MAIN},
                   {key: found for key, found in kept.items() if key[0] != MAIN})


def _resolver(keyed: bool):
    """What a name read or stored in a unit is: a procedure's own name apart (`keyed`), else the program's."""
    def resolve(unit: Unit, name: str) -> Key:
        return unit.key(name) if keyed else (MAIN, name)
    return resolve


def _arrays(layout: Layout) -> set[str]:
    """The program's arrays whose elements may be followed: held whenever set, nothing hands an element out."""
    return array_variables(layout) - layout.parameters


def _followed(layout: Layout, arrays: set[str], resolve, keyed: bool) -> tuple[dict[Key, frozenset[float]], list]:
    """The names whose every value comes from a store written in the program (with what they start with: an
    array's zeros), and those stores (key, expression, the unit whose lines hold it). Not one read in (LIRE,
    CHARGER), a loop's variable but of constant bounds, a position, CHARGER's status, nor one given to a
    procedure by reference (it may store into it), nor a parameter by reference; a procedure's own name only
    where they are followed apart (`keyed`), a parameter by value from what each call gives it; `arrays`: the
    arrays that may be followed (_arrays)."""
    units = layout.units
    excluded = {(MAIN, name) for name in layout.loaded_names}
    if not keyed:  # (keyed, a procedure's parameter is its own name: one by reference is left out below)
        excluded |= {(MAIN, name) for name in own_names(layout) | layout.parameters}
    excluded |= {(unit.name, name) for unit in units.values() for name in unit.by_reference}
    excluded |= {(unit.name, name) for unit in units.values() for name in unit.locals if name in layout.loaded_names}
    stores: list[tuple[Key, object, Unit]] = []
    stepped: dict[Key, frozenset[float]] = {}  # the variables of loops of constant bounds: the values they pass
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Assign:
            stores.append((resolve(unit, node.target.name), node.expr, unit))
        elif kind is n.Lire:
            excluded.update(resolve(unit, target.name) for target in node.targets)
        elif kind is n.Charger:  # (its status too: a number it gives, a variable or an element)
            excluded.update(resolve(unit, target.name) for target in (node.var, node.status) if target is not None)
        elif kind is n.Faire:
            passes = _passed(node)
            if passes is None:
                excluded.add(resolve(unit, node.var))
            else:
                key = resolve(unit, node.var)
                stepped[key] = stepped.get(key, frozenset()) | passes
        elif kind is n.BuiltinCall and node.position_out is not None:
            excluded.add(resolve(unit, node.position_out.name))
        elif kind is n.Call:
            callee = units.get(node.name)
            for index, arg in enumerate(node.args):
                param = callee.params[index] if callee is not None and index < len(callee.params) else None
                if param is None or param in callee.by_reference:
                    if type(arg) in (n.Var, n.Index):
                        excluded.add(resolve(unit, arg.name))
                elif keyed:  # (given by value: a store into the procedure's own name)
                    stores.append(((callee.name, param), arg, unit))
    keys = {key for key, _, _ in stores} | set(stepped) | {(MAIN, name) for name in arrays}
    values = {key: frozenset((0.0,)) if key[0] == MAIN and key[1] in arrays else stepped.get(key, frozenset())
              for key in keys - excluded if key[0] == MAIN and key[1] in arrays or layout.is_pure_number(key[1])}
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


def _values(node: object, values: dict[Key, frozenset[float]], arrays: set[str], unit: Unit,
            resolve) -> frozenset[float] | None:
    """The values an expression read in `unit` can take, or None if it may take others (or too many to follow);
    `values`: of the names and `arrays` followed."""
    kind = type(node)
    if kind is n.Num:
        return frozenset((node.value,)) if _whole(node.value) else None
    if kind is n.Var or kind is n.Index:  # (an element of an array that `values` follows: its elements' values)
        return values.get(resolve(unit, node.name)) if (kind is n.Index) is (node.name in arrays) else None
    if kind is n.Unary:
        found = _values(node.operand, values, arrays, unit, resolve)
        return found if found is None or node.op == "+" else frozenset(-value for value in found)
    if kind is n.Conditional:
        then = _values(node.then, values, arrays, unit, resolve)
        other = _values(node.other, values, arrays, unit, resolve)
        return None if then is None or other is None or len(then | other) > SPREAD else then | other
    if kind is n.BuiltinCall and node.name == "POS" and node.position_out is None and type(node.args[0]) is n.Str:
        return _positions(len(node.args[0].value))  # (a place in a constant string, or 0: a code chosen by a word)
    if kind is n.Binary and node.op in "+-*":
        left = _values(node.left, values, arrays, unit, resolve)
        right = _values(node.right, values, arrays, unit, resolve)
        if left is None or right is None or len(left) * len(right) > SPREAD * SPREAD:
            return None
        found = frozenset(a + b if node.op == "+" else a - b if node.op == "-" else a * b
                          for a in left for b in right)
        return found if len(found) <= SPREAD and all(_whole(value) for value in found) else None
    return None


def _positions(length: int) -> frozenset[float] | None:
    """What POS gives in a constant string of `length` characters: 0, or a place from 1 to one past its end (an
    empty string is found there)."""
    return frozenset(float(place) for place in range(length + 2)) if length + 2 <= SPREAD else None


def _names(node: object, unit: Unit, resolve) -> set[Key]:
    """The names whose values an expression read in `unit` is made of (not an element's index)."""
    kind = type(node)
    if kind is n.Var or kind is n.Index:
        return {resolve(unit, node.name)}
    if kind is n.Unary:
        return _names(node.operand, unit, resolve)
    if kind is n.Conditional:
        return _names(node.then, unit, resolve) | _names(node.other, unit, resolve)
    if kind is n.Binary:
        return _names(node.left, unit, resolve) | _names(node.right, unit, resolve)
    return set()


def _closure(keys: set[Key], stores: list, resolve) -> set[Key]:
    """`keys` and every name that a store into one of them reads the value of, and so on."""
    found, work = set(), list(keys)
    while work:
        key = work.pop()
        if key not in found:
            found.add(key)
            work.extend(part for target, expr, unit in stores if target == key for part in _names(expr, unit, resolve))
    return found
