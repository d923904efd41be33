"""Which of a procedure's names can be Python locals of its function rather than entries of a table of
variables: its own CHAINE and TABLEAU, and its parameters by value that nothing stores into.

Imports ir, nodes, layout, analyses (whole_stores) and the parser's walk; never the runtime or the code generator.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import whole_stores
from machine.lse.layout import MAIN, Unit, given_by_reference
from machine.lse.parser import walk


def own_strings_and_arrays(program: ir.ProgramIR, unit: Unit, nodes: list) -> tuple[set[str], set[str]]:
    """A procedure's own CHAINE and TABLEAU that can be Python locals: declared, never handed over by name.

    A string qualifies when its CHAINE runs before anything else that names it (so it is a CHAINE
    whenever it holds a value) and nothing but an assignment stores into it; an array when only its
    TABLEAU gives it a value. Neither may be a parameter, given by reference, read by LIRE or
    CHARGER, freed by LIBERER, or given a position by SCH, GRL or CNB.
    """
    if unit.name == MAIN:
        return set(), set()
    declared_strings, declared_arrays, assigned, other = set(), set(), set(), set()
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
            other.update(arg.name for arg in node.args if type(arg) is n.Var)  # by reference or not: kept simple
    own = set(unit.locals) - set(unit.params) - other
    strings = {name for name in own & declared_strings - declared_arrays if declared_first(program, unit, name)}
    arrays = own & declared_arrays - declared_strings - assigned
    return strings, arrays


def declared_first(program: ir.ProgramIR, unit: Unit, name: str) -> bool:
    """True if, running on from the procedure's entry, the first statement naming `name` is its CHAINE."""
    block_id = program.proc_entry[unit.name]
    seen = set()
    while block_id not in seen:
        seen.add(block_id)
        block = program.blocks[block_id]
        for op in block.ops:
            if type(op) is ir.Charge:
                continue
            if type(op.node) is n.Chaine and name in op.node.names:
                return True
            if any(type(item) in (n.Var, n.Index) and item.name == name for item in walk(op.node)):
                return False
        if type(block.exit) is not ir.Goto:
            return False
        block_id = block.exit.block
    return False


def held_params(unit: Unit, nodes: list, candidates: set[str], units: dict[str, Unit]) -> set[str]:
    """The parameters by value among `candidates` that the procedure only reads (a CHAINE may name them):
    never stored into, read in, loaded, freed, declared an array, indexed, handed over by reference or
    given a position. Such a parameter holds what the call gave it until the call ends: a Python local.
    """
    if not candidates:  # (the main program, a procedure without parameters by value)
        return set()
    stored: set[str] = set()
    for node in nodes:
        kind = type(node)
        stored.update(whole_stores(node))  # an element stored into, read in or loaded is an Index below
        if kind is n.Charger:
            stored.add(node.var.name)
        elif kind is n.Liberer:
            stored.update(node.names)
        elif kind is n.Tableau:
            stored.update(name for name, _ in node.decls)
        elif kind is n.Index:
            stored.add(node.name)
        elif kind is n.Call:
            stored.update(given_by_reference(node, units))
    return candidates - stored
