"""Facts about a program's IR that the code generator uses: reachable blocks, loops, where variables live.

(What the variables hold, numbers and whole numbers, is kinds.py.) Imports nodes, ir, layout (the units and
name kinds) and operands; never the runtime.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.layout import MAIN, Layout, Unit, given_by_reference
from machine.lse.operands import counter_step, offset_of, whole_constant
from machine.lse.parser import walk

# Statements that hand a variable of the unit to the runtime by name: such a local lives in a table.
BY_NAME = (n.Lire, n.Charger, n.Chaine, n.Tableau, n.Liberer)


def successors(program: ir.ProgramIR, block: ir.Block) -> list[int]:
    """Where control may go after a block (a computed jump: any line, or the lines its values may be)."""
    exit_ = block.exit
    kind = type(exit_)
    if kind is ir.Goto:
        return [exit_.block]
    if kind is ir.Branch:
        return [exit_.yes, exit_.no]
    if kind is ir.Jump:
        if exit_.line is None:
            lines = exit_.found_lines
            return list(program.line_block.values()) if lines is None else [program.line_block[line] for line in lines]
        target = program.jump_target(exit_)
        return [] if target is None else [target]
    if kind is ir.OpenLoop:
        found = [exit_.body]
        if exit_.end in program.line_block:
            found += line_end_successors(program, exit_.end)
        return found
    if kind is ir.LineEnd:
        return [exit_.next, *loop_bodies(program, exit_.line)]
    return []


def loop_bodies(program: ir.ProgramIR, line: int) -> list[int]:
    """The body blocks of the FAIRE loops that end on a line."""
    return program.bodies.get(line, [])


def line_end_successors(program: ir.ProgramIR, line: int) -> list[int]:
    """Where the end of a line goes: a loop's body, or the next line's block."""
    return [next_line_block(program, line), *loop_bodies(program, line)]


def next_line_block(program: ir.ProgramIR, line: int) -> int:
    """The first block of the line after `line` (the block past the end after the last line)."""
    lines = program.program.lines
    index = program.line_index[line]
    return program.line_block[lines[index + 1].number] if index + 1 < len(lines) else program.off_end


def computed(program: ir.ProgramIR, layout: Layout) -> bool:
    """True if some RETOUR EN computes its line (then a caller may go on at any line; a computed ALLER EN goes
    to any line of its own unit: see loop_successors). A RETOUR EN to a label keeps the name's expression (for
    a variable of that name, were there no such label): resolved, it is static."""
    return program.computed and any(type(block.exit) is ir.Leave and block.exit.kind == "return_to" and
                                    layout.resolve(block.exit.target) is None for block in program.blocks)


def return_targets(program: ir.ProgramIR, layout: Layout) -> list[int]:
    """The blocks a RETOUR EN (static) makes a caller go on at."""
    found = []
    for block in program.blocks:
        exit_ = block.exit
        if type(exit_) is ir.Leave and exit_.kind == "return_to":
            line = layout.resolve(exit_.target)
            if line in program.line_block:
                found.append(program.line_block[line])
    return found


def comes_back(program: ir.ProgramIR, layout: Layout) -> dict[str, set[int]] | None:
    """For each procedure, the lines a RETOUR EN of it makes its caller go on at (the caller's loops left for
    the line: frames.leave_loops); None if one computes its line, or a TANT QUE's condition calls one (it is
    tested at a line's end, where no block runs the call). A procedure runs what its entry leads to, and what a
    RETOUR EN of a procedure it calls brings it back to: so to a fixpoint."""
    found: dict[str, set[int]] = {name: set() for name in program.proc_entry}
    changed = True
    while changed:
        changed = False
        for name, entry in program.proc_entry.items():
            lines: set[int] = set()
            seen, work = set(), [entry]
            while work:
                block_id = work.pop()
                if block_id in seen:
                    continue
                seen.add(block_id)
                block = program.blocks[block_id]
                if type(block.exit) is ir.Leave and block.exit.kind == "return_to":
                    line = layout.resolve(block.exit.target)
                    if line is None:
                        return None
                    lines.add(line)
                work.extend(successors(program, block))
                work.extend(program.line_block[line] for line in returned_to(program, block_id, found)
                            if line in program.line_block)
            if lines != found[name]:
                found[name], changed = lines, True
    found = {name: lines for name, lines in found.items() if lines}
    for block in program.blocks:
        if type(block.exit) is ir.OpenLoop and block.exit.node.cond is not None and any(
                type(node) is n.Call and node.name in found for node in walk(block.exit.node.cond)):
            return None
    return found


def returned_to(program: ir.ProgramIR, block_id: int, comes_back: dict[str, set[int]]) -> set[int]:
    """The lines a call made in a block may make its unit go on at (comes_back)."""
    return {line for node in block_nodes(program, block_id) if type(node) is n.Call
            for line in comes_back.get(node.name, ())}


def reachable(program: ir.ProgramIR, roots: list[int]) -> list[int]:
    """The blocks control can reach from roots, in order."""
    seen: set[int] = set()
    work = list(roots)
    while work:
        block_id = work.pop()
        if block_id in seen:
            continue
        seen.add(block_id)
        work.extend(successors(program, program.blocks[block_id]))
    return sorted(seen)


class ForeignLines(frozenset):
    """The lines that some unit runs though another unit's lines hold them; `runs`: by unit, those it runs."""

    runs: dict[str, frozenset[int]]


def foreign_lines(program: ir.ProgramIR, layout: Layout, units: list[tuple[Unit, list[int]]]) -> ForeignLines:
    """The lines that some unit runs, from its roots, though another unit's lines hold them."""
    owners = {line: owner for owner, node in layout.statements if (line := getattr(node, "line", None))}
    runs = {unit.name: frozenset(line for block in reachable(program, roots)
                                 if owners.get(line := program.blocks[block].line, unit.name) != unit.name)
            for unit, roots in units}
    found = ForeignLines(line for lines in runs.values() for line in lines)
    found.runs = runs
    return found


def entries(program: ir.ProgramIR, blocks: list[int], roots: list[int]) -> set[int]:
    """The blocks control can arrive at other than by running on from the block before (need a dispatch):
    every successor of an exit but a Goto's or a SI's."""
    found = set(roots)
    for block_id in blocks:
        block = program.blocks[block_id]
        if type(block.exit) not in (ir.Goto, ir.Branch):
            found.update(successors(program, block))
    return found & set(blocks)


def unit_nodes(program: ir.ProgramIR, blocks: list[int]) -> list:
    """Every statement and expression node that a unit's blocks run."""
    found: list = []
    for block_id in blocks:
        found.extend(block_nodes(program, block_id))
    return found


def block_nodes(program: ir.ProgramIR, block_id: int) -> list:
    """Every statement and expression node a block runs (found once per program)."""
    cached = program.nodes.get(block_id)
    if cached is not None:
        return cached
    block = program.blocks[block_id]
    found: list = []
    for op in block.ops:
        if type(op) is not ir.Charge:
            found.extend(walk(op.node))
    exit_ = block.exit
    for part in ("cond", "expr", "node", "target"):
        value = getattr(exit_, part, None)
        if value is not None:
            found.extend(walk(value))
    program.nodes[block_id] = found
    return found


# The kinds of node that the analyses of a unit's names read (table_locals, settled_arrays, index_names,
# position_names, ownership's): statements that store, declare or hand over names, calls, elements.
NAMING = frozenset({n.Assign, n.Faire, n.Lire, n.Charger, n.Chaine, n.Tableau, n.Liberer, n.BuiltinCall, n.Call,
                    n.Index})


def naming_nodes(nodes: list) -> list:
    """Of a unit's nodes (unit_nodes), those of the kinds NAMING, in order.

    Decision: most nodes of a unit are variables, numbers and operators, which none of the analyses of its
    names reads; they read this list, some four times shorter, at each compile.
    """
    return [node for node in nodes if type(node) in NAMING]


def table_locals(unit: Unit, nodes: list, layout: Layout) -> set[str]:
    """The unit's own names that must live in a table: given to the runtime by name, or by reference (not
    one that LIRE reads and that can only hold a number: a store of what M.read_number gives, see pystmt; nor
    one that SCH, GRL or CNB give a position: a number, stored into its Python local, see UnitNames.position)."""
    if not unit.locals:  # (the main program: no name of its own)
        return set()
    names: set[str] = set()
    units = layout.units
    for node in nodes:
        if isinstance(node, BY_NAME):
            if isinstance(node, n.Lire):
                names.update(t.name for t in node.targets if isinstance(t, n.Var) and not layout.is_pure_number(
                    t.name, unit.params))
            elif isinstance(node, n.Charger):
                names.add(node.var.name)
            elif isinstance(node, n.Tableau):
                names.update(name for name, _ in node.decls)
            else:
                names.update(node.names)
        elif isinstance(node, n.Call):
            names.update(given_by_reference(node, units))
    return (names & unit.locals) - unit.by_reference


def loop_states(program: ir.ProgramIR, blocks: list[int], roots: list[int],
                comes_back: dict[str, set[int]] | None = None) -> dict[int, tuple] | None:
    """The FAIRE loops open at the start of each block, innermost last, if the program decides them.

    A loop is named by its OpenLoop exit. A call of a procedure that may RETOUR EN (`comes_back`) may go on
    at that line, with the loops that hold it. None when a block can be reached with two different
    stacks of loops (a computed jump goes to every line, each with the loops its lines contain), or
    a FAIRE would fail its nesting test: then the loops are kept at run time.
    """
    states: dict[int, tuple] = {}
    work = [(root, ()) for root in roots]
    while work:
        block_id, state = work.pop()
        if block_id in states:
            if states[block_id] != state:
                return None
            continue
        states[block_id] = state
        found = loop_successors(program, program.blocks[block_id].exit, state)
        if found is None:
            return None
        work.extend(found)
        if comes_back:  # a call whose RETOUR EN goes on at a line, with the loops that hold it
            work.extend((program.line_block[line], left_for(state, line))
                        for line in returned_to(program, block_id, comes_back) if line in program.line_block)
    return states


def loop_successors(program: ir.ProgramIR, exit_: object, state: tuple) -> list[tuple[int, tuple]] | None:
    """Where an exit goes and which loops are open there (None: not decidable)."""
    kind = type(exit_)
    if kind is ir.Goto:
        return [(exit_.block, state)]
    if kind is ir.Branch:
        return [(exit_.yes, state), (exit_.no, state)]
    if kind is ir.Jump:
        if exit_.line is None:  # computed: any line (or those it may be), with the loops that contain it
            lines = program.line_block if exit_.found_lines is None else exit_.found_lines
            return [(program.line_block[line], left_for(state, line)) for line in lines]
        target = program.jump_target(exit_)
        return [] if target is None else [(target, left_for(state, exit_.line))]
    if kind is ir.LineEnd:
        return line_end_states(program, exit_.line, state)
    if kind is ir.OpenLoop:
        if exit_.end not in program.line_block:
            return []
        opened = reopened(state, exit_)
        if opened is None:
            return None
        return [(exit_.body, opened + (exit_,)), *line_end_states(program, exit_.end, opened)]
    return []


def reopened(state: tuple, loop: ir.OpenLoop) -> tuple | None:
    """The loops open under a FAIRE about to open (the same FAIRE's old pass abandoned); None if it fails."""
    while state and state[-1].body == loop.body:
        state = state[:-1]
    if loop.end < loop.at or (state and state[-1].end < loop.end and state[-1].at <= loop.at):
        return None
    return state


def left_for(state: tuple, line: int) -> tuple:
    """The loops still open after a jump to a line: those whose lines contain it."""
    while state and not (state[-1].at <= line <= state[-1].end):
        state = state[:-1]
    return state


def line_end_states(program: ir.ProgramIR, line: int, state: tuple) -> list[tuple[int, tuple]]:
    """The end of a line: each loop ending there may go round again; then the next line."""
    found = []
    while state and state[-1].end == line:
        found.append((state[-1].body, state))
        state = state[:-1]
    found.append((next_line_block(program, line), state))
    return found


def procedure_exits(program: ir.ProgramIR, returns: list[int] = ()) -> dict[str, list[ir.Leave]]:
    """How each procedure can end: the Leave exits its blocks reach, from its entry and from the blocks a RETOUR
    EN makes a caller go on at (`returns`: return_roots; one of them may be in this procedure)."""
    return {name: [program.blocks[block_id].exit for block_id in reachable(program, [entry, *returns])
                   if type(program.blocks[block_id].exit) is ir.Leave]
            for name, entry in program.proc_entry.items()}


def return_roots(program: ir.ProgramIR, layout: Layout) -> list[int]:
    """The blocks a RETOUR EN makes a caller go on at: static ones, or every line when one is computed."""
    if computed(program, layout):
        return list(program.line_block.values())
    return return_targets(program, layout)


def referenced_globals(layout: Layout, aliased: dict[str, frozenset[str]] | None = None) -> set[str]:
    """Names given whole to a by-reference parameter somewhere: the program's variable of that name
    lives in a table (`_R`), so that the callee reads it with one lookup (a cell cannot be referenced); not
    to one of the `aliased` (passing.aliased_references), which is that variable in its procedure."""
    units, aliased = layout.units, aliased or {}
    return {arg.name for call in layout.calls if call.name in units
            for param, arg in zip(units[call.name].params, call.args)
            if type(arg) is n.Var and param in units[call.name].by_reference and param not in aliased.get(
                call.name, ())}


def shadowed_counters(layout: Layout, foreign: set[int] | None = None) -> dict[str, set[str]]:
    """Each unit's FAIRE variables that may carry an int beside their float (pygen: i_NAME) to index by.

    A variable that the FAIRE of one unit alone step and that only that unit's assignments and LIRE store into
    (each then sets the int aside: pystmt.st_Assign, st_Lire; the program's FAIRE ... TANT QUE sets it NaN at its
    start and each step). A variable of the program that several units step or store into, in each unit that
    steps it where no call the unit makes (at any depth) may store into it, when no line runs in a frame not its
    own (`foreign`, empty): the int is a Python local of that unit, NaN at its start, and nothing else can store
    into the variable while the unit runs but the monitor, which then stops the run (linker.shadows_kept).
    Never one that LIBERER, CHARGER, a position or a reference stores into, nor any where a PAUSE lets the
    monitor set a variable. (Ints kept by assignments were tried: they saved ~8 ns where they index and cost
    15-40 ns where an assignment keeps them, no gain on bench/.) And a variable that no FAIRE steps, that only
    its own unit's assignments and LIRE store into, stepped by X←X±c (_counting), where no line runs in a frame
    not its own: each store sets its int (pystmt.counter_given: Arsac's queens step I and K by ALLER EN). (A
    parameter by value stepped so, its int worked out at the entry, was tried: heap's sift 1.02, no gain.)
    """
    owners: dict[tuple[str, str], set[str]] = {}
    assigned: set[str] = set()  # names given a value other than by a FAIRE, an assignment or LIRE
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
            assigned.add(node.position_out.name)
    for call in layout.calls:  # of the arguments, only those given to a parameter by reference
        assigned.update(given_by_reference(call, layout.units))
    if layout.paused:
        return {name: set() for name in layout.units}
    stored_by: dict[tuple[str, str], set[str]] = {}  # the units whose assignments and LIRE store into a variable
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Faire:
            owners.setdefault(unit.key(node.var), set()).add(unit.name)
        elif kind is n.Assign and type(node.target) is n.Var or kind is n.Lire:
            targets = [node.target] if kind is n.Assign else node.targets
            for name in (target.name for target in targets if type(target) is n.Var):
                stored_by.setdefault(unit.key(name), set()).add(unit.name)
    found: dict[str, set[str]] = {name: set() for name in layout.units}
    reach = called_units(layout) if foreign is not None and not foreign else None
    # (_counting leaves out the names a FAIRE steps, the others stored otherwise and the parameters)
    counting = _counting(layout, {name for _, name in owners} | assigned | layout.parameters)
    for (owner, name), units in stored_by.items() if reach is not None else ():
        # A variable no FAIRE steps that only its own unit's assignments and LIRE store into, one at least X←X±c
        # or LIRE (an ALLER EN's counter, a size read in): each sets its int (pystmt.counter_given), where no line
        # runs in another's frame. (Any other is read as pykept.py keeps its index.)
        if units == {owner} and (owner, name) in counting and layout.is_pure_number(name):
            found[owner].add(name)
    for (owner, name), units in owners.items():  # a procedure's own only: a recursive call has its own int
        if name in assigned or name in layout.parameters or not layout.is_pure_number(name):
            continue
        if units == {owner} and stored_by.get((owner, name), units) == units:
            found[owner].add(name)
        elif owner == MAIN and reach is not None:
            # The program's variable that several units step or store into: each unit that steps it keeps an int
            # of its own where no call it makes can store into it (no line runs in a frame not its own).
            writers = units | stored_by.get((owner, name), set())
            found.update({unit: found[unit] | {name} for unit in units if not reach[unit] & writers})
    return found


def _counting(layout: Layout, excluded: set[str]) -> set[tuple[str, str]]:
    """The variables (owner, name) that an assignment X←X±c or a LIRE stores into, whose every other assignment
    is a whole constant, an element (a column kept in a TABLEAU, as the queens' C[K]) or + - * of constants and
    such variables (their ints make its own: pystmt.int_made); a greatest fixpoint, from none of the `excluded`.
    (A position, a product of a parameter: a store that takes the int from the float cost more than the indexes
    saved, heap 1.06.)"""
    stores: dict[tuple[str, str], list[tuple[Unit, object]]] = {}
    found: set[tuple[str, str]] = set()
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Assign and type(node.target) is n.Var:
            if counter_step(node.target.name, node.expr) is not None:
                found.add(unit.key(node.target.name))
            elif whole_constant(node.expr) is None and type(node.expr) is not n.Index:
                stores.setdefault(unit.key(node.target.name), []).append((unit, node.expr))
        elif kind is n.Lire:
            found.update(unit.key(target.name) for target in node.targets if type(target) is n.Var)

    def made(unit: Unit, expr: object, depth: int = 0) -> bool:  # (a tall expression is none: no recursion limit)
        kind = type(expr)
        return depth < 16 and (kind is n.Num or kind is n.Var and unit.key(expr.name) in found or
                               kind is n.Unary and made(unit, expr.operand, depth + 1) or
                               kind is n.Binary and expr.op in "+-*" and made(unit, expr.left, depth + 1) and
                               made(unit, expr.right, depth + 1))

    found = {variable for variable in found if variable[1] not in excluded}
    changed = True
    while changed:
        changed = False
        for variable in list(found):
            if not all(made(unit, expr) for unit, expr in stores.get(variable, ())):
                found.discard(variable)
                changed = True
    return found


def faire_variables(layout: Layout) -> set[str]:
    """The names some FAIRE steps (the other counters' ints every assignment sets: pystmt.counter_given)."""
    return {node.var for _, node in layout.noted if type(node) is n.Faire}


def called_units(layout: Layout) -> dict[str, set[str]]:
    """The procedures each unit's calls may run, at any depth (a recursive one among its own)."""
    calls: dict[str, set[str]] = {name: set() for name in layout.units}
    for unit, node in layout.noted:
        if type(node) is n.Call and node.name in layout.units:
            calls[unit.name].add(node.name)
    reach: dict[str, set[str]] = {}
    for name in calls:
        seen, work = set(), list(calls[name])
        while work:
            callee = work.pop()
            if callee not in seen:
                seen.add(callee)
                work += calls[callee]
        reach[name] = seen
    return reach


def counter_floors(layout: Layout) -> dict[str, int]:
    """The FAIRE variables whose int, where it is not NaN, is never below a whole number, with that number.

    Every FAIRE of the name counts up (a step from 0) from a whole constant, and every whole constant
    assigned to it counts too (any other assignment gives NaN): the floor is the least of them. An
    index part made of such an int and constants needs no test from below when it cannot go under 1.
    """
    floors: dict[str, int] = {}
    unknown: set[str] = set()
    stepped: set[str] = set()  # the FAIRE variables (no other: X←X-1 sets an int)
    for _, node in layout.noted:
        kind = type(node)
        if kind is n.Faire:
            stepped.add(node.var)
            start = whole_constant(node.start)
            step = 1 if node.step is None else whole_constant(node.step)
            if node.cond is not None or start is None or step is None or step < 0:
                unknown.add(node.var)
            else:
                floors[node.var] = min(floors.get(node.var, start), start)
        elif kind is n.Assign and type(node.target) is n.Var:
            value = whole_constant(node.expr)
            if value is not None:
                floors[node.target.name] = min(floors.get(node.target.name, value), value)
    return {name: floor for name, floor in floors.items() if name not in unknown and name in stepped}


def live_counters(program: ir.ProgramIR, states: dict[int, tuple], roots: list[int],
                  counters: set[str], assigned: set[str] = frozenset()) -> dict[int, set[str]]:
    """The FAIRE variables whose int is sure to be set at the start of each block (loops decided by
    loop_states): a hint, for the int is NaN, and the float is used, wherever it is not set.

    A FAIRE sets it (whether the loop runs or not), its steps keep it, an assignment of a whole
    constant sets it and any other assignment unsets it; a unit starts with none. Of the `assigned` counters
    (no FAIRE steps them), every assignment and LIRE sets it, but X←X±c, which keeps what it was.
    """
    if not counters:
        return {}
    after = {block_id: [target for target, _ in loop_successors(program, program.blocks[block_id].exit, state)]
             for block_id, state in states.items()}
    into: dict[int, list[int]] = {block_id: [] for block_id in states}
    for block_id, targets in after.items():
        for target in targets:
            into[target].append(block_id)
    start = {block_id: set() if block_id in roots else set(counters) for block_id in states}
    out: dict[int, set[str]] = {}
    work = list(states)
    while work:
        block_id = work.pop()
        block = program.blocks[block_id]
        if into[block_id] and block_id not in roots:
            start[block_id] = set(counters).intersection(*(out.get(p, counters) for p in into[block_id]))
        live = set(start[block_id])
        for op in block.ops:
            counter_after(op, live, counters, assigned)
        if type(block.exit) is ir.OpenLoop and block.exit.node.var in counters:
            if block.exit.node.cond is None:
                live.add(block.exit.node.var)
            else:  # a TANT QUE's variable has no int (pyloops.open_loop, step)
                live.discard(block.exit.node.var)
        if out.get(block_id) != live:
            out[block_id] = live
            work.extend(after[block_id])
    return start


def counter_after(op: object, live: set[str], counters: set[str], assigned: set[str] = frozenset()) -> None:
    """Update the counters whose int is set after an operation: an assignment of a whole constant sets
    its variable's, any other assignment and LIRE unset it (the code: pystmt.st_Assign, st_Lire); of the
    `assigned` counters, every one sets it but X←X±c, which keeps it (a hint: a fraction gives NaN)."""
    node = getattr(op, "node", None)
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


# What may make a name another array (or none), or stop the run where the monitor may: a call, input and
# output, a pause, a declaration, a freeing, the disk.
UNSETTLING = (n.Call, n.CallStatement, n.Lire, n.Afficher, n.Pause, n.Chaine, n.Tableau, n.Liberer, n.Garer,
              n.Charger, n.Supprimer, n.Executer)


def unsettling(node: object) -> bool:
    """True if running a statement or an expression may make a name another array (see UNSETTLING)."""
    return any(type(item) in UNSETTLING for item in walk(node))


def settled_arrays(program: ir.ProgramIR, unit: Unit, blocks: list[int], nodes: list | None = None) -> set[str]:
    """A procedure's parameters by reference that its code indexes and whose array its fast paths may read
    from a local, taken at its entry, after each slice and after each statement that may change what they
    name (unsettling: pygen reads them anew there, and such a statement reads them itself).

    None where such a change could happen between two reads that no statement apart: in a SI's condition,
    a computed jump, a RESULTAT, a FAIRE's bounds or condition; nor any the procedure stores into whole.
    Decision: a stored number or string never replaces an array (the store fails: DEJA DECLARE), and a fast
    path that finds no array there runs again the general way, which reads it anew. (`nodes`: the blocks'
    naming_nodes, or None to find them.)
    """
    if unit.name == MAIN:
        return set()
    if nodes is None:
        nodes = naming_nodes(unit_nodes(program, blocks))
    indexed = {node.name for node in nodes if type(node) is n.Index} & set(unit.by_reference)
    if not indexed:  # (most procedures: nothing to settle, the statements need not be walked)
        return set()
    for block_id in blocks:
        exit_ = program.blocks[block_id].exit
        if any(unsettling(part) for part in (getattr(exit_, name, None) for name in ("cond", "expr", "node"))
               if part is not None):
            return set()
    if any(type(node) is n.Faire and unsettling(node) for node in nodes):
        return set()
    whole = {node.target.name for node in nodes if type(node) is n.Assign and type(node.target) is n.Var}
    whole |= {node.var for node in nodes if type(node) is n.Faire}
    whole |= {node.position_out.name for node in nodes if type(node) is n.BuiltinCall and node.position_out}
    whole |= {target.name for node in nodes if type(node) is n.Lire for target in node.targets if type(target) is n.Var}
    return indexed - whole


def index_names(nodes: list) -> set[str]:
    """The variables that some index among these nodes reads."""
    return {item.name for node in nodes if type(node) is n.Index
            for index in node.indices for item in walk(index) if type(item) is n.Var}


def position_names(nodes: list) -> set[str]:
    """The variables that are the start of some SCH or EQN, or the count of some SCH, among these nodes, alone
    or plus or minus a whole constant (pystrings reads them as ints: pyexpr.int_start)."""
    starts = [offset_of(arg)[0] for node in nodes if type(node) is n.BuiltinCall and node.name in ("SCH", "EQN")
              for arg in node.args[1:3]]
    return {start.name for start in starts if type(start) is n.Var}


def whole_stores(node: object) -> list[str]:
    """The names a statement may give a value to as a whole: an assignment's, LIRE's, a loop's, a position,
    CHARGER's status."""
    kind = type(node)
    if kind is n.Assign:
        return [node.target.name] if type(node.target) is n.Var else []
    if kind is n.Lire:
        return [target.name for target in node.targets if type(target) is n.Var]
    if kind is n.Charger:
        return [node.status.name] if type(node.status) is n.Var else []
    if kind is n.BuiltinCall:
        return [node.position_out.name] if node.position_out is not None else []
    return [node.var] if kind is n.Faire else []


def stored_names(nodes: list) -> set[str] | None:
    """The variables these nodes may store into by name; None where a call (or CHARGER's load) may store
    into any (a hint: see pykept.py)."""
    names: set[str] = set()
    for node in nodes:
        kind = type(node)
        if kind is n.Call or kind is n.Charger:
            return None
        names.update(node.names if kind is n.Liberer else whole_stores(node))
    return names
