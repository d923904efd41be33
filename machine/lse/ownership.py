"""Which of a procedure's names can be Python locals of its function rather than entries of a table of
variables: its own CHAINE and TABLEAU, and its parameters by value that nothing stores into.

Imports ir, nodes, layout, analyses (whole_stores) and the parser's walk; never the runtime or the code generator.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import own_names, whole_stores
from machine.lse.layout import MAIN, Layout, Unit, given_by_reference
from machine.lse.parser import walk


def indexed_references(layout: Layout) -> set[tuple[str, str]]:
    """The parameters by reference, as (procedure, name), that their procedure only indexes: it reads and stores
    elements of what they name, and gives them whole only to parameters by reference of this kind (found
    optimistically, then refuted to a fixpoint); never reads nor stores them whole, declares, frees, loads,
    saves or reads them in, gives them by value or makes them a FAIRE's variable. Decision: such a parameter
    may name a procedure's own array, held in a Python local: the call gives it in a table of its own
    (the linker's `_lend`), which nothing but elements is then read from or stored into."""
    units = layout.units
    found = {(name, param) for name, unit in units.items() if name != MAIN for param in unit.by_reference}
    whole: set[int] = set()  # the ids of the variables given whole to a parameter by reference
    handed: list[tuple[str, str, tuple[str, str] | None]] = []  # (owner, name, callee's parameter or None)
    for owner, node in layout.statements:
        kind = type(node)
        if kind is n.Call:
            callee = units.get(node.name)
            for param, arg in variables_given(node, callee):
                whole.add(id(arg))
                by_reference = param is not None and param in callee.by_reference
                handed.append((owner, arg.name, (callee.name, param) if by_reference else None))
        elif kind is n.Var and id(node) not in whole:
            found.discard((owner, node.name))
        elif kind is n.Faire:
            found.discard((owner, node.var))
        elif kind in (n.Tableau, n.Chaine, n.Liberer):
            named = [name for name, _ in node.decls] if kind is n.Tableau else node.names
            found.difference_update((owner, name) for name in named)
    changed = True
    while changed:
        changed = False
        for owner, name, param in handed:
            if (owner, name) in found and (param is None or param not in found):
                found.discard((owner, name))
                changed = True
    return found


def read_references(layout: Layout) -> set[tuple[str, str]]:
    """The parameters by reference, as (procedure, name), that their procedure only reads whole: never stores
    into, indexes, declares, frees, loads, reads in, gives a position to or makes a FAIRE's variable, and gives
    whole only by value or to parameters by reference of this kind (found optimistically, then refuted to a
    fixpoint). Decision: such a parameter may name a procedure's own CHAINE, held in a Python local: the call
    gives it in a table of its own (the linker's `_lends`), which nothing stores into."""
    units = layout.units
    found = {(name, param) for name, unit in units.items() if name != MAIN for param in unit.by_reference}
    handed: list[tuple[str, str, tuple[str, str]]] = []  # (owner, name, callee's parameter by reference)
    for owner, node in layout.statements:
        kind = type(node)
        if kind is n.Call:
            callee = units.get(node.name)
            for param, arg in variables_given(node, callee):
                if param is None or param in callee.by_reference:
                    handed.append((owner, arg.name, (node.name, param)))
        elif kind is n.Assign:
            found.discard((owner, node.target.name))
        elif kind is n.Index:
            found.discard((owner, node.name))
        elif kind is n.Faire:
            found.discard((owner, node.var))
        elif kind in (n.Tableau, n.Chaine, n.Liberer, n.Lire, n.Charger):
            found.difference_update((owner, name) for name in _named_by(node))
        elif kind is n.BuiltinCall and node.position_out is not None:
            found.discard((owner, node.position_out.name))
    changed = True
    while changed:
        changed = False
        for owner, name, param in handed:
            if (owner, name) in found and param not in found:
                found.discard((owner, name))
                changed = True
    return found


def _named_by(node: object) -> list[str]:
    """The names a declaration, LIBERER, LIRE or CHARGER gives a value to, frees or declares."""
    kind = type(node)
    if kind is n.Tableau:
        return [name for name, _ in node.decls]
    if kind is n.Lire:
        return [target.name for target in node.targets]
    if kind is n.Charger:
        return [target.name for target in (node.var, node.status) if target is not None]
    return list(node.names)


def variables_given(call: n.Call, callee: Unit | None) -> list[tuple[str | None, n.Var]]:
    """The variables a call gives whole, each with the callee's parameter that takes it (None where the program
    lacks the procedure or the parameter: the parser refuses such a call)."""
    params = callee.params if callee is not None else ()
    return [(params[position] if position < len(params) else None, arg)
            for position, arg in enumerate(call.args) if type(arg) is n.Var]


def own_strings_and_arrays(program: ir.ProgramIR, unit: Unit, nodes: list, indexed: set[tuple[str, str]],
                           units: dict[str, Unit],
                           read: set[tuple[str, str]] = frozenset()) -> tuple[set[str], set[str]]:
    """A procedure's own CHAINE and TABLEAU that can be Python locals: declared, never handed over by name.

    A string qualifies when its CHAINE runs before anything else that names it (so it is a CHAINE
    whenever it holds a value) and nothing but an assignment stores into it; an array when only its
    TABLEAU gives it a value. Neither may be a parameter, given by reference, read by LIRE or
    CHARGER, freed by LIBERER, or given a position by SCH, GRL or CNB; either may be given by value (the call
    gives a copy of an array, ops.by_value, which the callee counts); an array may be given by reference to a
    parameter its procedure only indexes (`indexed`, see indexed_references) where its TABLEAU is the first
    statement that names it (the array is then set when it is given); a string to a parameter its procedure
    only reads (`read`, see read_references).
    """
    if unit.name == MAIN:
        return set(), set()
    declared_strings, declared_arrays, assigned, other, lent, read_lent = set(), set(), set(), set(), set(), set()
    for node in nodes:
        kind = type(node)
        if kind is n.Chaine:
            declared_strings.update(node.names)
        elif kind is n.Tableau:
            declared_arrays.update(name for name, _ in node.decls)
        elif kind is n.Assign and type(node.target) is n.Var:
            assigned.add(node.target.name)
        elif kind in (n.Lire, n.Charger, n.Liberer):
            other.update(t.name for t in getattr(node, "targets", ()) if type(t) is n.Var)
            other.update(getattr(node, "names", ()))
            if kind is n.Charger:
                other.add(node.var.name)
        elif kind is n.BuiltinCall and node.position_out is not None:
            other.add(node.position_out.name)
        elif kind is n.Call:
            callee = units.get(node.name)
            for param, arg in variables_given(node, callee):
                if param is not None and param not in callee.by_reference:
                    continue  # given by value: the call gives a copy (ops.by_value), the name stays its own
                (lent if (node.name, param) in indexed else read_lent if (node.name, param) in read else
                 other).add(arg.name)
    own = own_names(unit) - other
    strings = {name for name in own - lent & declared_strings - declared_arrays if declared_first(program, unit, name)}
    arrays = {name for name in own & declared_arrays - declared_strings - assigned - read_lent
              if name not in lent or declared_first(program, unit, name, n.Tableau)}
    return strings, arrays


def declared_first(program: ir.ProgramIR, unit: Unit, name: str, kind: type = n.Chaine) -> bool:
    """True if, on every way on from the procedure's entry, the first statement naming `name` is its CHAINE (or its
    TABLEAU: `kind`), and some way meets it. Decision: the ways followed are those in a line and SI's arms (a
    RESULTAT or RETOUR ends one); a jump or a loop met first answers False, as the shape is then unsure."""
    def names_it(node: object) -> bool:
        return any(type(item) in (n.Var, n.Index) and item.name == name for item in walk(node))

    seen, work, met = set(), [program.proc_entry[unit.name]], False
    while work:
        block_id = work.pop()
        if block_id in seen:
            continue
        seen.add(block_id)
        block = program.blocks[block_id]
        declared = False
        for op in block.ops:
            if type(op) is ir.Charge:
                continue
            if type(op.node) is kind and name in (op.node.names if kind is n.Chaine else
                                                  [declared for declared, _ in op.node.decls]):
                declared = met = True
                break
            if names_it(op.node):
                return False
        if declared:
            continue
        exit_ = block.exit
        if type(exit_) is ir.Goto:
            work.append(exit_.block)
        elif type(exit_) is ir.Branch and not names_it(exit_.cond):
            work.extend((exit_.yes, exit_.no))
        elif type(exit_) is not ir.Leave or exit_.kind == "return_to" or any(
                part is not None and names_it(part) for part in (exit_.expr, exit_.target)):
            return False
    return met


def stored_whole(node: object, units: dict[str, Unit], assignments: bool = True) -> set[str]:
    """The names a statement stores into whole: assigned (unless not `assignments`), read in, loaded, freed,
    declared an array, handed over by reference or given a position (an element stored into, read in or loaded
    is an Index, not a name)."""
    kind = type(node)
    stored = set(whole_stores(node)) if assignments or kind is not n.Assign else set()
    if kind is n.Charger:
        stored.add(node.var.name)
    elif kind is n.Liberer:
        stored.update(node.names)
    elif kind is n.Tableau:
        stored.update(name for name, _ in node.decls)
    elif kind is n.Call:
        stored.update(given_by_reference(node, units))
    return stored


def assigned_string_params(program: ir.ProgramIR, unit: Unit, nodes: list, candidates: set[str],
                           units: dict[str, Unit], given: set[str] = frozenset()) -> set[str]:
    """The parameters by value among `candidates` that a CHAINE declares before anything else names them (or that
    every call `given` a string: holdings.string_params) and that only assignments store into: strings held in
    Python locals, their cells counted as they change (the procedure's own CHAINE are so; the call takes what
    the caller gave, as for held_params)."""
    if not candidates:
        return set()
    stored = set().union(*(stored_whole(node, units, assignments=False) for node in nodes))
    return {name for name in candidates - stored if name in given or declared_first(program, unit, name)}


def held_params(unit: Unit, nodes: list, candidates: set[str], units: dict[str, Unit]) -> set[str]:
    """The parameters by value among `candidates` that the procedure never stores into whole (a CHAINE may
    name them): never assigned, read in, loaded, freed, declared an array, handed over by reference or given a
    position. Such a parameter holds what the call gave it until the call ends: a Python local. Its elements
    may be read and stored (the call gave a copy of an array: ops.by_value; indexing it tests that it is one).
    """
    if not candidates:  # (the main program, a procedure without parameters by value)
        return set()
    return candidates - set().union(*(stored_whole(node, units) for node in nodes))
