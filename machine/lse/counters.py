"""Which number variables carry an int beside their float (i_NAME, to index by), and where it is sure to be set.

The FAIRE variables of one unit, the program's stepped by several where no call can store into them, and the
counters an ALLER EN loop steps by X←X±c (pystmt.counter_given); their least values (counter_floors); the ints
set at each block's start. Imports nodes, ir, layout, operands and analyses (the flow); never the runtime.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import called_units, position_names
from machine.lse.checks import walk
from machine.lse.layout import MAIN, Layout, Unit, given_by_reference
from machine.lse.operands import counter_step, signed_terms, whole_choice, whole_constant

Key = tuple[str, str]  # (the unit whose own name it is, or the program's; the name)


def shadowed_counters(layout: Layout, foreign: set[int] | None = None) -> dict[str, set[str]]:
    """Each unit's FAIRE variables that may carry an int beside their float (pygen: i_NAME) to index by.

    A variable that the FAIRE of one unit alone step and that only that unit's assignments and LIRE store into
    (each then sets the int aside: pystmt.st_Assign, st_Lire; the program's FAIRE ... TANT QUE sets it NaN at its
    start and each step). A variable of the program that several units step or store into, in each unit that
    steps it where no call the unit makes (at any depth) may store into it, when no line runs in a frame not its
    own (`foreign`, empty): the int is a Python local of that unit, NaN at its start, and nothing else can store
    into the variable while the unit runs but the monitor, which then stops the run (linker.shadows_kept).
    Never one that LIBERER, CHARGER or a reference stores into, nor any where a PAUSE lets the monitor set a
    variable; nor a FAIRE's that a position stores into. (Ints kept by assignments were tried: they saved ~8 ns
    where they index and cost 15-40 ns where an assignment keeps them, no gain on bench/.) And a variable that
    no FAIRE steps, that only its own unit's assignments, LIRE and positions store into, stepped by X←X±c
    (_counting), where no line runs in a frame not its own: each store sets its int (pystmt.counter_given:
    Arsac's queens step I and K by ALLER EN; a position of SCH, CNB or GRL, pystrings.told_setting: a text
    read word by word by `SCH(T,P,' ',P)`). (A parameter by value stepped so, its int worked out at the entry,
    was tried: heap's sift 1.02, no gain.)
    """
    owners: dict[tuple[str, str], set[str]] = {}
    assigned: set[str] = set()  # names given a value other than by a FAIRE, an assignment, LIRE or a position
    positioned: set[Key] = set()  # variables given a position (SCH, CNB, GRL): a counter no FAIRE steps may be one
    lent: set[Key] = set()  # the variables given to a parameter by reference, by (unit, name) of the caller
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Liberer:
            assigned.update(node.names)
        elif kind is n.Faire and node.cond is not None and node.var in unit.locals:
            # (a procedure's own variable that its TANT QUE steps: none of the name has one, the program's
            # neither, whose counted `for` over a few passes cost more than the int saved, on a probe)
            assigned.add(node.var)
        elif kind is n.Charger:
            assigned.update(target.name for target in (node.var, node.status) if type(target) is n.Var)
        elif kind is n.BuiltinCall and node.position_out is not None:
            positioned.add(unit.key(node.position_out.name))
        elif kind is n.Call:
            lent.update(unit.key(name) for name in given_by_reference(node, layout.units))
    if layout.paused:
        return {name: set() for name in layout.units}
    stored_by: dict[tuple[str, str], set[str]] = {}  # the units whose assignments, LIRE and positions store into it
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Faire:
            owners.setdefault(unit.key(node.var), set()).add(unit.name)
        elif kind is n.Assign and type(node.target) is n.Var or kind is n.Lire:
            targets = [node.target] if kind is n.Assign else node.targets
            for name in (target.name for target in targets if type(target) is n.Var):
                stored_by.setdefault(unit.key(name), set()).add(unit.name)
        elif kind is n.BuiltinCall and node.position_out is not None:  # (each sets the int: pystrings.told_setting)
            stored_by.setdefault(unit.key(node.position_out.name), set()).add(unit.name)
    found: dict[str, set[str]] = {name: set() for name in layout.units}
    reach = called_units(layout) if foreign is not None and not foreign else None
    # (a name given by reference, where no line runs in a frame not its own: only the caller's variable of the name)
    lent_names = {name for _, name in lent}
    for (owner, name), units in owners.items():  # a procedure's own only: a recursive call has its own int
        # (a name that is some procedure's parameter: only the owner's counts, where no line runs in a frame not
        # its own; a parameter J of &CHEMIN took the ints of every other procedure's FAIRE J: Dijkstra's 1.9 times)
        # (and a CHAINE or TABLEAU of the name: only one its unit's lines may run, as is_own_number says)
        unit = layout.units[owner]
        # (given a position: by name where a line may run in another unit's frame, else that variable only)
        if reach is None:
            params, number, given = layout.parameters, layout.is_pure_number(name), name in lent_names
            told = any(held == name for _, held in positioned)
        else:
            params, number, given = unit.params, layout.is_own_number(name, unit, foreign), (owner, name) in lent
            told = (owner, name) in positioned
        if name in assigned or told or name in params or given or not number:
            continue
        if units == {owner} and stored_by.get((owner, name), units) == units:
            found[owner].add(name)
        elif owner == MAIN and reach is not None:
            # The program's variable that several units step or store into: each unit that steps it keeps an int
            # of its own where no call it makes can store into it (no line runs in a frame not its own).
            writers = units | stored_by.get((owner, name), set())
            found.update({unit: found[unit] | {name} for unit in units if not reach[unit] & writers})
    # (_counting leaves out the variables a FAIRE steps, by whose they are: another unit's own of the name may be
    # one; the names stored otherwise; a parameter by value, its procedure's own variable given at each call, as
    # that variable only, and one by reference, which names another unit's, by name. A store of a FAIRE variable
    # that has an int makes a counter's: `K←N` in the queens of a probe, N the board's size)
    stepped = {unit: set(names) for unit, names in found.items()}
    by_value = {(unit.name, param) for unit in layout.units.values() for param in unit.params
                if param not in unit.by_reference}
    by_name = {param for unit in layout.units.values() for param in unit.by_reference}
    counting = _counting(layout, assigned | by_name, lent | set(owners) | by_value, stepped)
    for (owner, name), units in stored_by.items() if reach is not None else ():
        # A variable no FAIRE steps that only its own unit's assignments and LIRE store into, one at least X←X±c
        # or LIRE (an ALLER EN's counter, a size read in): each sets its int (pystmt.counter_given), where no line
        # runs in another's frame. (Any other is read as pykept.py keeps its index.)
        if units == {owner} and (owner, name) in counting and layout.is_own_number(name, layout.units[owner], foreign):
            found[owner].add(name)
    return found


def _counting(layout: Layout, excluded: set[str], excluded_keys: set[Key] = frozenset(),
              stepped: dict[str, set[str]] | None = None) -> set[Key]:
    """The variables (owner, name) that an assignment X←X±c, a SI between whole constants (whole_choice) or a LIRE
    stores into, whose every other assignment
    is a whole constant, an element (a column kept in a TABLEAU, as the queens' C[K]) or + - * of constants, such
    variables and the unit's FAIRE variables that have an int (`stepped`): their ints make its own (pystmt.int_made);
    a greatest fixpoint, from none of the `excluded` names nor the `excluded_keys` variables. (A position computed,
    `P←POS(S,P,T)`, a product of a parameter: a store that takes the int from the float cost more than the indexes
    saved, heap 1.06; a position that SCH, CNB or GRL give back sets the int it has worked out: see
    shadowed_counters.)"""
    stores: dict[tuple[str, str], list[tuple[Unit, object]]] = {}
    found: set[tuple[str, str]] = set()
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Assign and type(node.target) is n.Var:
            if counter_step(node.target.name, node.expr) is not None or whole_choice(node.expr) is not None:
                found.add(unit.key(node.target.name))
            elif whole_constant(node.expr) is None and type(node.expr) is not n.Index:
                stores.setdefault(unit.key(node.target.name), []).append((unit, node.expr))
        elif kind is n.Lire:
            found.update(unit.key(target.name) for target in node.targets if type(target) is n.Var)

    stepped = stepped or {}

    def made(unit: Unit, expr: object, depth: int = 0) -> bool:  # (a tall expression is none: no recursion limit)
        kind = type(expr)
        return depth < 16 and (kind is n.Num or kind is n.Var and (
            unit.key(expr.name) in found or expr.name in stepped.get(unit.name, ())) or
                               kind is n.Unary and made(unit, expr.operand, depth + 1) or
                               kind is n.Binary and expr.op in "+-*" and made(unit, expr.left, depth + 1) and
                               made(unit, expr.right, depth + 1))

    found = {variable for variable in found if variable[1] not in excluded and variable not in excluded_keys}
    changed = True
    while changed:
        changed = False
        for variable in list(found):
            if not all(made(unit, expr) for unit, expr in stores.get(variable, ())):
                found.discard(variable)
                changed = True
    return found


def faire_variables(layout: Layout) -> set[Key]:
    """The variables some FAIRE steps, by (unit, name) as Unit.key gives them (the other counters' ints every
    assignment sets: pystmt.counter_given)."""
    return {unit.key(node.var) for unit, node in layout.noted if type(node) is n.Faire}


def counter_floors(layout: Layout, by_key: bool = False) -> dict:
    """The FAIRE variables whose int, where it is not NaN, is never below a whole number, with that number.

    Every FAIRE of the name counts up (a step from 0) from a whole constant, and every whole constant
    assigned to it counts too (any other assignment gives NaN): the floor is the least of them. An
    index part made of such an int and constants needs no test from below when it cannot go under 1.
    `by_key`: by the variable (Unit.key), where no line runs in a frame not its own: a procedure's own `FAIRE I←2`
    has its floor though the program counts its I from 1 (a determinant's minor, `B[I-1,L]`, tested I-1 > 0).
    """
    floors: dict = {}
    unknown: set = set()
    stepped: set = set()  # the FAIRE variables (no other: X←X-1 sets an int)
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Faire:
            var = unit.key(node.var) if by_key else node.var
            stepped.add(var)
            start = whole_constant(node.start)
            step = 1 if node.step is None else whole_constant(node.step)
            if node.cond is not None or start is None or step is None or step < 0:
                unknown.add(var)
            else:
                floors[var] = min(floors.get(var, start), start)
        elif kind is n.Assign and type(node.target) is n.Var:
            var = unit.key(node.target.name) if by_key else node.target.name
            value = whole_constant(node.expr)
            values = [value] if value is not None else whole_choice(node.expr) or []  # (each sets the int)
            for value in values:
                floors[var] = min(floors.get(var, value), value)
    return {var: floor for var, floor in floors.items() if var not in unknown and var in stepped}


def live_counters(program: ir.ProgramIR, after: dict[int, list[int]], roots: list[int], counters: set[str],
                  assigned: set[str] = frozenset(), positioned: set[str] = frozenset()) -> dict[int, set[str]]:
    """The FAIRE variables whose int is sure to be set at the start of each block (`after`: where each goes on to,
    loops decided, pycharges.ChargePlan.ways_on): a hint, for the int is NaN, and the float is used, wherever it
    is not set.

    A FAIRE sets it (whether the loop runs or not), its steps keep it, an assignment of a whole
    constant sets it and any other assignment unsets it; a unit starts with none. Of the `assigned` counters
    (no FAIRE steps them), every assignment and LIRE sets it, but X←X±c, which keeps what it was.
    """
    if not counters:
        return {}
    into: dict[int, list[int]] = {block_id: [] for block_id in after}
    for block_id, targets in after.items():
        for target in targets:
            into[target].append(block_id)
    start = {block_id: set() if block_id in roots else set(counters) for block_id in after}
    out: dict[int, set[str]] = {}
    work = list(after)
    while work:
        block_id = work.pop()
        block = program.blocks[block_id]
        if into[block_id] and block_id not in roots:
            start[block_id] = set(counters).intersection(*(out.get(p, counters) for p in into[block_id]))
        live = set(start[block_id])
        for op in block.ops:
            counter_after(op, live, counters, assigned, positioned)
        if type(block.exit) is ir.OpenLoop and block.exit.node.var in counters:
            if block.exit.node.cond is None:
                live.add(block.exit.node.var)
            else:  # a TANT QUE's variable has no int (pyloops.open_loop, step)
                live.discard(block.exit.node.var)
        if out.get(block_id) != live:
            out[block_id] = live
            work.extend(after[block_id])
    return start


def counter_after(op: object, live: set[str], counters: set[str], assigned: set[str] = frozenset(),
                  positioned: set[str] = frozenset()) -> None:
    """Update the counters whose int is set after an operation: an assignment of a whole constant sets
    its variable's, any other assignment and LIRE unset it (the code: pystmt.st_Assign, st_Lire); of the
    `assigned` counters, every one sets it but X←X±c, which keeps it (a hint: a fraction gives NaN), and so does
    a position given to one of them (`positioned`: the int, or NaN where the built-in's general way gives it)."""
    node = getattr(op, "node", None)
    if positioned and node is not None:
        live.update(item.position_out.name for item in walk(node) if type(item) is n.BuiltinCall and
                    item.position_out is not None and item.position_out.name in positioned)
    if type(node) is n.Assign and type(node.target) is n.Var and node.target.name in counters:
        name = node.target.name
        if whole_constant(node.expr) is not None or name in assigned and counter_step(name, node.expr) is None:
            live.add(name)
        elif name not in assigned:
            live.discard(name)
    elif type(node) is n.Lire:  # a number read in: NaN (pystmt.st_Lire), its int for an assigned counter
        names = {target.name for target in node.targets if type(target) is n.Var}
        live.difference_update(names - assigned)
        live.update(names & assigned & counters)


def kept_at_stores(program: ir.ProgramIR, after: dict[int, list[int]], names: set[str], counters: set[str]) -> set[str]:
    """Of FAIRE variables `names`, those whose int every store is worth working out: each store of any other value
    than a whole constant or X±c reaches, in the unit's blocks (`after`: where each goes on to, loops decided,
    pycharges.ChargePlan.ways_on), an index or a position
    that the ints write (a sum of X and other `counters` and whole constants) before a store of X.

    Decision: such a store set the int NaN and each later index floored the float again (a Brainfuck
    interpreter's `I←J[I]`, then `I←I+1` and `SCH(P,I,1)` at each step); taken at the store (the test an index
    makes), X±c then moves it (pystmt.counter_given, as an ALLER EN's counter). A store that no index follows
    would only pay the test: one such keeps the variable out. Some path, not the hot one, is what is decided."""
    found = set()
    for name in names:
        stores = [(block_id, at) for block_id in after for at, op in enumerate(program.blocks[block_id].ops)
                  if _sets_from_value(op, name)]
        if stores and all(_used_before_stored(program, after, name, counters, block_id, at + 1)
                          for block_id, at in stores):
            found.add(name)
    return found


def _sets_from_value(op: object, name: str) -> bool:
    """True if an operation stores into `name` a value that is neither a whole constant nor name±c."""
    node = getattr(op, "node", None)
    return (type(node) is n.Assign and type(node.target) is n.Var and node.target.name == name
            and whole_constant(node.expr) is None and counter_step(name, node.expr) is None)


def _by_ints(nodes: list, name: str, counters: set[str]) -> bool:
    """True if some index part or position among these nodes is a sum of `name`, other counters and whole constants
    (pyindex writes it with their ints; a product of such a counter is left to the floats: pynames.growing)."""
    for node in nodes:
        if type(node) is n.Index:
            for part in node.indices:
                terms = [term for _, term in signed_terms(part)]
                if any(type(term) is n.Var and term.name == name for term in terms) and all(
                        type(term) is n.Var and term.name in counters or whole_constant(term) is not None
                        for term in terms):
                    return True
    return name in position_names(nodes)


def _used_before_stored(program: ir.ProgramIR, after: dict[int, list[int]], name: str, counters: set[str],
                        start: int, at: int) -> bool:
    """True if from the operation `at` of block `start` some path indexes or positions by `name` before storing it
    (a store of name±c moves the int: the path goes on)."""
    seen, work = set(), [(start, at)]
    while work:
        block_id, first = work.pop()
        block = program.blocks[block_id]
        stored = False
        for op in block.ops[first:]:
            node = getattr(op, "node", None)
            if node is None:
                continue
            nodes = list(walk(node))
            if _by_ints(nodes, name, counters):
                return True
            if (type(node) is n.Faire and node.var == name or type(node) is n.Lire and any(
                    type(target) is n.Var and target.name == name for target in node.targets) or
                    type(node) is n.Assign and type(node.target) is n.Var and node.target.name == name
                    and counter_step(name, node.expr) is None):
                stored = True
                break
        if stored:
            continue
        exit_ = block.exit
        parts = [item for part in ("cond", "expr", "target") if (value := getattr(exit_, part, None)) is not None
                 for item in walk(value)]
        if _by_ints(parts, name, counters):
            return True
        for target in after[block_id]:
            if target in after and target not in seen:
                seen.add(target)
                work.append((target, 0))
    return False
