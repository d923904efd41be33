"""Which parameters by reference can be given their arguments' values (a number or a string, not where it is
kept); imports nodes, ir, analyses, kinds, holdings (a must-analysis), operands and layout; never the runtime.

A procedure whose run, calls and all, stores nothing but globals and its own locals by value (it is
quiet) sees the caller's variable unchanged from the call to its return, where it is not one of those
globals: what it reads of a parameter by reference
is what the variable held at the call (the monitor, which may change one while the run is stopped,
stops the run instead: linker.values_kept). So such a parameter can be a plain Python argument, read as
a local, where each call gives it a value that is surely set: an expression (its temporary cell held it
anyway), a variable that every way to the call assigns, reads in or loops over, a
parameter by value given only numbers, or a parameter that the calling procedure was itself given so;
and no argument after it can change it. Anything else is as it was: a variable that may be unset there
fails only where the procedure reads it, naming the caller's variable.

Decision: what an expression gives (a number, a string, a function's array) or a variable that can be no array
(a number, a CHAINE of the caller); never a variable that may be an array nor an element, which stay references
(the monitor changes an element in place, which a value given would not see and nothing could compare).
A string given so is held by no memory, as the reference's cell held none: it is no parameter by value, whose
strings the call counts (pygen: `valued`, left out of pyframe.take_held).
"""

from __future__ import annotations

import copy

from machine.lse import analyses, holdings, ir, kinds
from machine.lse import nodes as n
from machine.lse.layout import MAIN, Layout, Unit
from machine.lse.operands import changes_variables
from machine.lse.parser import walk
from machine.lse.reach import NameBits


def read_only_references(layout: Layout, program: ir.ProgramIR, roots: dict[str, list[int]],
                         foreign: set[int], quiet: dict[str, NameBits],
                         exits: dict[str, list[ir.Leave]]) -> dict[str, frozenset[str]]:
    """For each procedure, its parameters by reference that every call can give a number or a string that is
    surely set (`roots`: where each unit is entered; `quiet`: quiet_procedures; `exits`:
    analyses.procedure_exits)."""
    if foreign or not quiet:  # (a line another unit runs: who calls from it is not the line's owner)
        return {}
    freed = holdings.undeclarable(layout)  # what LIBERER may free (or CHARGER load: no pure number anyway)
    candidates = {name: set(layout.units[name].by_reference) for name in quiet}
    calls = [(unit, node) for unit, node in layout.noted if type(node) is n.Call and node.name in quiet]
    surely_set: dict[int, frozenset[str]] = {}
    for name in {unit.name for unit, _ in calls}:
        surely_set.update(_set_at_calls(program, roots[name]))
    numbers = kinds.numbers_given(layout, foreign, exits)[0]
    changed = True
    while changed:  # the greatest set that every call keeps: a parameter given on loses what it was given
        changed = False
        for caller, call in calls:
            wanted = candidates.get(call.name)
            if not wanted:
                continue
            known = (surely_set, numbers, quiet[call.name])
            for at, param in enumerate(layout.units[call.name].params):
                if param in wanted and not _given_so(call, at, caller, candidates, known, freed, layout):
                    wanted.discard(param)
                    changed = True
    return {name: frozenset(params) for name, params in candidates.items() if params}


def quiet_procedures(layout: Layout) -> dict[str, NameBits]:
    """The quiet procedures, each with the globals its run, calls and all, may store: they store nothing
    else but their own locals by value (no parameter by reference), and read nothing in, free nothing, load
    nothing, pause nowhere, run no other program (so they stop only where a slice ends)."""
    loud: set[str] = {MAIN}
    stores: dict[str, set[str]] = {name: set() for name in layout.units}
    for unit, node in layout.noted:
        if type(node) is n.Call:
            continue
        stored = _stored(node)
        if stored is None or stored & unit.by_reference:
            loud.add(unit.name)
        else:
            stores[unit.name].update(stored - unit.locals)
    loud.update(owner for owner, node in layout.statements if type(node) is n.Executer)  # (another program)
    # A procedure is quiet if all it calls, at any depth, is; it stores what they store.
    calls = analyses.unit_calls(layout)
    reach, stored = analyses.reached(calls), analyses.reached(calls, stores)
    return {name: stored[name] for name in layout.units if name not in loud and not reach[name] & loud}


def _stored(node: object) -> set[str] | None:
    """The names a statement noted by the layout stores into or declares; None for one that may touch any."""
    kind = type(node)
    if kind is n.Assign:
        return {node.target.name}  # a variable, or the array of an element
    if kind is n.Faire:
        return {node.var}
    if kind is n.BuiltinCall:
        return set() if node.position_out is None else {node.position_out.name}
    if kind is n.Chaine:
        return set(node.names)
    if kind is n.Tableau:
        return {name for name, _ in node.decls}
    return None  # LIRE, CHARGER, LIBERER, PAUSE: a wait, or what may touch any name


def _set_at_calls(program: ir.ProgramIR, roots: list[int]) -> dict[int, frozenset[str]]:
    """The variables surely set where each call of a unit is made, by the call's id: those every way there
    from the unit's entry assigns, reads in or loops over, and the variables of the FAIRE loops open there
    (none of them where more than one root or a computed jump leaves the ways unknown); of them, only those the
    call gives as arguments (_given_so asks of no other: a set of all at each call was their number times the
    calls')."""
    if len(set(roots)) != 1:
        return {}
    blocks = analyses.reachable(program, roots)
    states = analyses.loop_states(program, blocks, roots[:1])
    if states is None:
        return {}
    before = holdings.surely_done(program, blocks, roots[:1], holdings.assigned)
    found: dict[int, frozenset[str]] = {}
    for block_id, state in states.items():
        looping = frozenset(loop.node.var for loop in state)
        block = program.blocks[block_id]
        exit_ = block.exit
        parts = [(op, op.node) for op in block.ops if type(op) is not ir.Charge]
        parts += [(exit_, getattr(exit_, name)) for name in ("cond", "expr", "node", "target") if hasattr(exit_, name)]
        for part, node in parts:  # (a FAIRE's bounds are its set-up's, before its variable is set: not its exit's)
            for call in walk(node):
                if type(call) is n.Call:  # (a call of a copied block counts for the program's call it copies)
                    done = before.get(id(part), frozenset())  # (of them, only its arguments are asked about)
                    key, here = id(program.original(call)), frozenset(
                        arg.name for arg in call.args
                        if type(arg) is n.Var and (arg.name in looping or arg.name in done))
                    found[key] = found[key] & here if key in found else here
    return found


def _given_so(call: n.Call, at: int, caller: Unit, candidates: dict[str, set[str]],
              known: tuple[dict[int, frozenset[str]], dict[str, set[str]], NameBits], freed: set[str],
              layout: Layout) -> bool:
    """True if a call's argument `at` can be given as a value: an expression (a call too), worked out at the
    call as its temporary cell was; or a variable that is no array, surely set where the call is made
    (`known`: the variables surely set at each call, each procedure's parameters by value given only
    numbers, and the globals the call may store, which it would not see change); a variable is read at the
    call, not where the procedure reads it, so no argument after it may change it (a call may, a position
    given back may)."""
    arg = call.args[at]
    surely_set, numbers, stored = known
    if type(arg) is n.Index:  # (an element stays a reference: the monitor may change it in place)
        return False
    if type(arg) is not n.Var:  # worked out at the call, as its temporary cell was
        return True
    name = arg.name
    if name in freed or layout.may_be_array(name) or any(map(changes_variables, call.args[at + 1:])):
        return False
    if caller.name == MAIN or name not in caller.locals:  # the program's variable (a FAIRE's, in a procedure)
        return name in surely_set.get(id(call), ()) and name not in stored
    if name in caller.by_reference:
        return name in candidates.get(caller.name, ())
    if name in caller.params:  # by value: set at the entry
        return name in numbers.get(caller.name, ())
    return name in surely_set.get(id(call), ())


def given_as_values(layout: Layout, passed: dict[str, frozenset[str]]) -> Layout:
    """The layout with those parameters given as values: no longer by reference in their procedures' units
    (what the layout found of the calls' arguments, stored into through them, is kept: it only asks more)."""
    if not passed:
        return layout
    shadow = copy.copy(layout)
    shadow.units = {name: unit if name not in passed else Unit(
        unit.name, unit.params, unit.locals, unit.by_reference - passed[name], unit.entry_pc, unit.decl_line,
        unit.own_lines)
        for name, unit in layout.units.items()}
    shadow.noted = [(shadow.units[unit.name], node) for unit, node in layout.noted]
    return shadow


def aliased_references(layout: Layout, foreign: set[int] | None) -> dict[str, frozenset[str]]:
    """For each procedure, its parameters by reference that every call gives the program's variable of the same
    name (`&PAS(M,D,A)` of `PROCEDURE &PAS(M,D,A)`): in the procedure, the parameter is that variable, read and
    stored as the program's (pynames: no reference built at the call, no `_R` for the program's variable).

    The argument is a name the calling unit does not have as its own (the main program's are the program's),
    or the caller's own parameter of this kind (a recursion, to a fixpoint). Not a procedure the program never
    calls (the host's: runtime.call_from_host gives the value to the program's variable), nor where a line may
    run in another unit (`foreign`), nor a parameter the procedure declares, frees, loads or saves (which the
    reference refuses or does through it)."""
    if foreign is None or foreign:
        return {}
    units = layout.units
    found = {name: set(unit.by_reference) for name, unit in units.items() if name != MAIN}
    for unit, node in layout.noted:
        if unit.name != MAIN and type(node) in (n.Chaine, n.Tableau, n.Liberer, n.Charger):
            named = [name for name, _ in node.decls] if type(node) is n.Tableau else (
                [node.var.name] if type(node) is n.Charger else node.names)
            found[unit.name].difference_update(named)
    calls = [(unit, node) for unit, node in layout.noted if type(node) is n.Call and node.name in found]
    called = {node.name for _, node in calls}
    for name in found.keys() - called:
        found[name] = set()
    changed = True
    while changed:
        changed = False
        for caller, call in calls:
            for param, arg in zip(units[call.name].params, call.args):
                if param not in found[call.name]:
                    continue
                own = arg.name in caller.locals if type(arg) is n.Var else True
                if type(arg) is not n.Var or arg.name != param or own and arg.name not in found.get(caller.name, ()):
                    found[call.name].discard(param)
                    changed = True
    return {name: frozenset(params) for name, params in found.items() if params}


def argument_names(layout: Layout, passed: dict[str, frozenset[str]]) -> frozenset[str]:
    """The program's variables that calls give as values to such parameters, from the main program or from a
    procedure with no variable of the name (what the monitor may change while the run is stopped:
    linker.values_kept)."""
    return frozenset(arg.name for unit, call in layout.noted if type(call) is n.Call
                     for param, arg in zip(layout.units[call.name].params, call.args)
                     if type(arg) is n.Var and param in passed.get(call.name, ()) and arg.name not in unit.locals)


def quiet_lines(layout: Layout, quiet: dict[str, NameBits] | dict[str, frozenset[str]]) -> frozenset[int]:
    """The lines of the quiet procedures: where a run stops that may be inside a call given values (the
    others call none, and a value given is a number taken at the call)."""
    found, owner = set(), MAIN
    for line in layout.program.lines:
        first = line.statements[0] if line.statements else None
        if type(first) is n.Procedure:
            owner = first.name
        if owner in quiet:
            found.add(line.number)
    return frozenset(found)


# What a procedure whose parameters by reference are copied may not hold: a call (which could reach the
# caller's variable by another way), a wait (where the monitor may look at or free it), a name handed over
# (a CHAINE may declare only its own local strings: copied_references).
UNCOPIED = frozenset({n.Call, n.CallStatement, n.Lire, n.Pause, n.Tableau, n.Liberer, n.Garer, n.Charger,
                      n.Supprimer, n.Executer})


def copied_references(layout: Layout, foreign: set[int]) -> dict[str, frozenset[str]]:
    """For each procedure that loops, calls none and waits for nothing, its parameters by reference that no
    index reads (numbers and strings) that it may keep in Python locals: read from the caller's variable at
    the entry, given back at the end (and around each slice's end, where the monitor may look). What may be
    no number is stored through the reference, and read back (pynames.store): the local is what it names.

    Decision: only where no call can make two of its names one variable: every call gives each parameter
    by reference a variable of its own (no element, no parameter of the caller, none twice; an expression is
    given a cell of its own), and none of the program's variables that the procedure reads or stores by its
    own name; and no line of the program is run by another unit than its own (`foreign`). Its FAIRE variables
    and positions given back stay references (the runtime stores those by name)."""
    if foreign:
        return {}
    nodes_of: dict[str, list] = {}
    for owner, node in layout.statements:
        nodes_of.setdefault(owner, []).append(node)
    found: dict[str, frozenset[str]] = {}
    for name, unit in layout.units.items():
        nodes = nodes_of.get(name, [])
        indexed = {node.name for node in nodes if type(node) is n.Index}
        wanted = set(unit.by_reference) - indexed  # (an array is never copied: a number, or a string)
        own = unit.locals - set(unit.params)
        if name == MAIN or not wanted or not any(type(node) in (n.Faire, n.Goto) for node in nodes) or any(
                type(node) in UNCOPIED or type(node) is n.Chaine and not own.issuperset(node.names)
                for node in nodes):
            continue
        named = {node.name for node in nodes if type(node) in (n.Var, n.Index)}
        counted = {node.var for node in nodes if type(node) is n.Faire}
        given = {node.position_out.name for node in nodes if type(node) is n.BuiltinCall and node.position_out}
        wanted -= counted | given
        touched = (named | counted) - unit.locals - set(unit.params)  # the program's variables, by their names
        calls = [(caller, call) for caller, call in layout.noted if type(call) is n.Call and call.name == name]
        if wanted and all(_apart(call, caller, unit, touched) for caller, call in calls):
            found[name] = frozenset(wanted)
    return found


def _apart(call: n.Call, caller: Unit, callee: Unit, touched: set[str]) -> bool:
    """True if a call gives each of the callee's parameters by reference a variable of its own that none of
    its other names reaches (see copied_references)."""
    given = [arg for param, arg in zip(callee.params, call.args) if param in callee.by_reference]
    if any(type(arg) is n.Index or type(arg) is n.Var and arg.name in caller.params for arg in given):
        return False  # (a parameter by value of the caller: in a table; an expression: a cell of its own)
    names = [arg.name for arg in given if type(arg) is n.Var]
    programs = {name for name in names if caller.name == MAIN or name not in caller.locals}
    return len(set(names)) == len(names) and not programs & touched
