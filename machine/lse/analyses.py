"""Facts about a program's IR that the code generator uses: reachable blocks, loops, where variables live.

(What the variables hold, numbers and whole numbers, is kinds.py.) Imports nodes, ir, layout (the units and
name kinds) and operands; never the runtime.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.layout import MAIN, Layout, Unit, given_by_reference
from machine.lse.operands import DEEPEST, is_remainder, offset_of, whole_constant
from machine.lse.parser import walk
from machine.lse.reach import NameBits, closing_parts, reached  # noqa: F401  (the analyses. too)

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
            return (list(program.line_block.values()) if lines is None
                    else [program.line_target(exit_, line) for line in lines])
        target = program.jump_target(exit_)
        return [] if target is None else [target]
    if kind is ir.OpenLoop:
        found = [exit_.body]
        if exit_.end in program.line_block:
            found += [after_line(program, exit_.end, exit_.copies), *loop_bodies(program, exit_.end, exit_.copies)]
        return found
    if kind is ir.LineEnd:
        return [exit_.next, *loop_bodies(program, exit_.line, exit_.copies)]
    return []


# A line that ends more FAIRE loops than this is reached, in the flow the analyses walk (Flow), through one node
# of its own that goes to their bodies: each of n loops ending there goes to the n bodies (a loop that makes no
# pass too), and 2 400 such loops were 5.8 million ways walked by each analysis (3.4 s), now 7 200.
HUB_BODIES = 8


class Flow:
    """The flow among a program's blocks as successors has it, but that the ways to the bodies of the many loops
    that end on one line (HUB_BODIES) pass a node of their own, a negative id that goes to them: the same paths,
    in ways that grow with the loops, not their square. A hub does nothing; `after` of a block or a hub."""

    def __init__(self, program: ir.ProgramIR) -> None:
        self.program = program
        self.hubs: dict[tuple[int, int], int] = {}
        self.hub_targets: dict[int, list[int]] = {}
        self.hub_sets: dict[int, frozenset[int]] = {}

    def after(self, node: int) -> list[int]:
        """Where control may go after a block (a hub: the bodies it goes to)."""
        if node < 0:
            return self.hub_targets[node]
        program = self.program
        block = program.blocks[node]
        exit_ = block.exit
        kind = type(exit_)
        if kind is ir.OpenLoop:
            if len(program.bodies.get(exit_.end, ())) > HUB_BODIES and exit_.end in program.line_block:
                return [exit_.body, after_line(program, exit_.end, exit_.copies), self._hub(exit_.end, exit_.copies)]
        elif kind is ir.LineEnd and len(program.bodies.get(exit_.line, ())) > HUB_BODIES:
            return [exit_.next, self._hub(exit_.line, exit_.copies)]
        return successors(program, block)

    def _hub(self, line: int, copies: dict[int, int] | None) -> int:
        """The node that goes to the bodies of the loops ending on a line (`copies`: a copied exit's)."""
        key = (line, id(copies))
        hub = self.hubs.get(key)
        if hub is None:
            hub = self.hubs[key] = -1 - len(self.hubs)
            self.hub_targets[hub] = loop_bodies(self.program, line, copies)
        return hub

    def hub_reaches(self, hub: int, block_id: int) -> bool:
        """True if a hub goes to a block."""
        found = self.hub_sets.get(hub)
        if found is None:
            found = self.hub_sets[hub] = frozenset(self.hub_targets[hub])
        return block_id in found


def goes_anywhere(exit_: object) -> bool:
    """True if a block's exit is a computed jump whose lines are not known: it may go to any line."""
    return type(exit_) is ir.Jump and exit_.line is None and exit_.found_lines is None


def loop_bodies(program: ir.ProgramIR, line: int, copies: dict[int, int] | None = None) -> list[int]:
    """The body blocks of the FAIRE loops that end on a line (`copies`: a copied exit's, those of its region)."""
    bodies = program.bodies.get(line, [])
    return bodies if copies is None else [copies.get(body, body) for body in bodies]


def after_line(program: ir.ProgramIR, line: int, copies: dict[int, int] | None = None) -> int:
    """The block a loop's last line goes on at when it is done (`copies`: a copied exit's, its region's)."""
    block = next_line_block(program, line)
    return block if copies is None else copies.get(block, block)


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
    flow = Flow(program)
    seen: set[int] = set()
    work = list(roots)
    while work:
        block_id = work.pop()
        if block_id in seen:
            continue
        seen.add(block_id)
        work.extend(flow.after(block_id))
    return sorted(block_id for block_id in seen if block_id >= 0)


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
    flow = Flow(program)
    found = set(roots)
    for block_id in blocks:
        if type(program.blocks[block_id].exit) not in (ir.Goto, ir.Branch):
            found.update(flow.after(block_id))
    for hub in flow.hub_targets:
        found.update(flow.after(hub))
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


# Decision: loops open at once past this many are kept at run time, as undecided ones are. Each loop's way out
# repeats the steps of the loops around it, so decided code grows with the cube of the depth: 60 loops ending on
# one line made 132 MB of Python (564 MB, 2 s), 150 took 7.9 GB. No program known nests more than 8.
DECIDED_LOOPS = 16


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
        if len(state) > DECIDED_LOOPS:
            return None
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
            return [(program.line_target(exit_, line), left_for(state, line)) for line in lines]
        target = program.jump_target(exit_)
        return [] if target is None else [(target, left_for(state, exit_.line))]
    if kind is ir.LineEnd:
        return line_end_states(exit_.line, state, exit_.next)
    if kind is ir.OpenLoop:
        if exit_.end not in program.line_block:
            return []
        opened = reopened(state, exit_)
        if opened is None:
            return None
        return [(exit_.body, opened + (exit_,)),
                *line_end_states(exit_.end, opened, after_line(program, exit_.end, exit_.copies))]
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


def line_end_states(line: int, state: tuple, after: int) -> list[tuple[int, tuple]]:
    """The end of a line: each loop ending there may go round again; then `after` (the next line's block)."""
    found = []
    while state and state[-1].end == line:
        found.append((state[-1].body, state))
        state = state[:-1]
    found.append((after, state))
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


def referenced_globals(layout: Layout, aliased: dict[str, frozenset[str]] | None = None,
                       foreign: set[int] | None = None) -> set[str]:
    """Names given whole to a by-reference parameter somewhere: the program's variable of that name
    lives in a table (`_R`), so that the callee reads it with one lookup (a cell cannot be referenced); not
    to one of the `aliased` (passing.aliased_references), which is that variable in its procedure; nor a
    procedure's own name (`foreign`: see given_whole); but a procedure's aliased parameter given on whole to
    another parameter is the program's variable given so (`&MULT(R,P,R)` in `&PUISS(A,E,R)`: a cell was then
    referenced through `Globals`, where every fast path fails)."""
    aliased = aliased or {}
    return {name for (procedure, param), names in given_whole(layout, foreign, aliased).items()
            if param not in aliased.get(procedure, ()) for name in names}


def given_whole(layout: Layout, foreign: set[int] | None = None,
                kept: dict[str, frozenset[str]] | None = None) -> dict[tuple[str, str], set[str]]:
    """Each (procedure, parameter by reference) with the program's names some call gives it whole: not a
    procedure's own name (a local, a parameter), on a line no other unit runs (`foreign`; None: not known, every
    name counts), but those `kept` by the procedure (its aliased parameters: the program's variable itself).
    (A parameter by reference given on holds what its callers gave: holdings._given_on.)"""
    given: dict[tuple[str, str], set[str]] = {}
    for owner, node in layout.noted:
        callee = layout.units.get(node.name) if type(node) is n.Call else None
        if callee is None:
            continue
        own = owner.locals - (kept or {}).get(owner.name, frozenset()) if (
            foreign is not None and node.line not in foreign) else frozenset()  # (the main's: none)
        for param, arg in zip(callee.params, node.args):
            if type(arg) is n.Var and param in callee.by_reference and arg.name not in own:
                given.setdefault((node.name, param), set()).add(arg.name)
    return given


def called_units(layout: Layout) -> dict[str, NameBits]:
    """The procedures each unit's calls may run, at any depth (a recursive one among its own)."""
    return reached(unit_calls(layout))


def unit_calls(layout: Layout) -> dict[str, set[str]]:
    """The procedures each unit calls itself."""
    calls: dict[str, set[str]] = {name: set() for name in layout.units}
    for unit, node in layout.noted:
        if type(node) is n.Call and node.name in layout.units:
            calls[unit.name].add(node.name)
    return calls


# What may make a name another array (or none), or stop the run where the monitor may: a call, input and
# output, a pause, a declaration, a freeing, the disk.
UNSETTLING = (n.Call, n.CallStatement, n.Lire, n.Afficher, n.Pause, n.Chaine, n.Tableau, n.Liberer, n.Garer,
              n.Charger, n.Supprimer, n.Executer)


def unsettling(node: object, still: frozenset[str] = frozenset(), own: frozenset[str] = frozenset()) -> bool:
    """True if running a statement or an expression may make a name another array (see UNSETTLING): not a call
    of a procedure that cannot (`still`, still_procedures), nor a CHAINE or TABLEAU of the unit's own names
    (`own`: not its parameters), which a reference taken before the unit's frame was made cannot name."""
    return any(unsettles(item, still, own) for item in walk(node))


def unsettles(item: object, still: frozenset[str], own: frozenset[str]) -> bool:
    """True if one node (not those below it) may make a name another array (see unsettling)."""
    return type(item) in UNSETTLING and not _settling(item, still, own)


def _settling(item: object, still: frozenset[str], own: frozenset[str]) -> bool:
    """True if an UNSETTLING node leaves every name an earlier reference names as it was (see unsettling)."""
    kind = type(item)
    if kind is n.CallStatement:  # (its Call is walked too)
        return True
    if kind is n.Call:
        return item.name in still
    if kind is n.Tableau:
        return all(name in own for name, _ in item.decls)
    return kind is n.Chaine and all(name in own for name in item.names)


def remainders(program: ir.ProgramIR) -> bool:
    """True if some expression of the program is a remainder X-ENT(X/M)*M (operands.is_remainder)."""
    return any(is_remainder(node) for block_id in range(len(program.blocks)) for node in block_nodes(program, block_id))


def calls_any(nodes: list, names: frozenset[str]) -> bool:
    """True if one of these nodes calls one of the procedures `names`."""
    return any(type(node) is n.Call and node.name in names for node in nodes)


def own_names(unit: Unit) -> frozenset[str]:
    """A procedure's own variables that are not its parameters: made with its frame (none for the program)."""
    return frozenset(unit.locals - set(unit.params)) if unit.name != MAIN else frozenset()


def still_procedures(program: ir.ProgramIR, layout: Layout, roots: dict[str, list[int]]) -> frozenset[str]:
    """The procedures whose run, with every call it makes, leaves what each name of the caller names as it was:
    no LIRE, AFFICHER or PAUSE (where the monitor may change it), no declaration nor freeing of a name but of
    their own, no disk (the greatest fixpoint: a recursion is still where nothing else unsettles it).

    Decision: a caller's parameter by reference read from a local (settled_arrays) was read anew after every
    call: 0.95 of a recursive permutation's time without it. The monitor may still act where a slice ends
    inside such a call; a run stopped there cannot go on if it made a name another array
    (linker.CompiledProgram.lists_kept).
    """
    nodes = {name: unit_nodes(program, reachable(program, unit_roots)) for name, unit_roots in roots.items()
             if name != MAIN}
    # (those that unsettle but by their calls, then every caller of one that is not still, back along the calls:
    # each round made a set of those still for each procedure, 4 000 procedures 16 million names)
    callers: dict[str, set[str]] = {}
    work = []
    for name, items in nodes.items():
        own = own_names(layout.units[name])
        for item in items:
            if type(item) is n.Call:
                callers.setdefault(item.name, set()).add(name)
                if item.name not in nodes:
                    work.append(name)
            elif unsettles(item, frozenset(), own):
                work.append(name)
    still = set(nodes)
    while work:
        name = work.pop()
        if name in still:
            still.discard(name)
            work.extend(callers.get(name, ()))
    return frozenset(still)


def settled_arrays(program: ir.ProgramIR, unit: Unit, blocks: list[int], nodes: list | None = None,
                   still: frozenset[str] = frozenset()) -> set[str]:
    """A procedure's parameters by reference that its code indexes and whose array its fast paths may read
    from a local, taken at its entry, after each slice and after each statement that may change what they
    name (unsettling: pygen reads them anew there, and such a statement reads them itself).

    None where such a change could happen between two reads that no statement apart: in a SI's condition,
    a computed jump, a RESULTAT, a FAIRE's bounds or condition; nor any the procedure stores into whole.
    Decision: a stored number or string never replaces an array (the store fails: DEJA DECLARE), and a fast
    path that finds no array there runs again the general way, which reads it anew. (`nodes`: the blocks'
    naming_nodes, or None to find them; `still`: the procedures whose calls unsettle nothing, see unsettling.)
    """
    if unit.name == MAIN:
        return set()
    if nodes is None:
        nodes = naming_nodes(unit_nodes(program, blocks))
    indexed = {node.name for node in nodes if type(node) is n.Index} & set(unit.by_reference)
    if not indexed:  # (most procedures: nothing to settle, the statements need not be walked)
        return set()
    own = own_names(unit)
    for block_id in blocks:
        exit_ = program.blocks[block_id].exit
        parts = (getattr(exit_, name, None) for name in ("cond", "expr", "node"))
        if any(unsettling(part, still, own) for part in parts if part is not None):
            return set()
    if any(type(node) is n.Faire and unsettling(node, still, own) for node in nodes):
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


def position_names(nodes: list, candidates: set[str] | None = None) -> set[str]:
    """The variables that are the start of some SCH or EQN, or the count of some SCH, among these nodes, alone
    or plus or minus a whole constant (pystrings reads them as ints: pyoperators.int_start); with `candidates` (the
    names that may carry an int: double precision), those of + - * of candidates and whole constants too."""
    names = set()
    for node in nodes:
        if type(node) is n.BuiltinCall and node.name in ("SCH", "EQN"):
            for arg in node.args[1:3]:
                start = offset_of(arg)[0]
                if type(start) is n.Var:
                    names.add(start.name)
                elif candidates and int_shape(start) and (used := {item.name for item in walk(start)
                                                                   if type(item) is n.Var}) <= candidates:
                    names |= used
    return names


def int_shape(node: object, deep: int = 0) -> bool:
    """True if an expression is + - * of names and whole constants (pyoperators.int_of may write it with ints), at
    most operands.DEEPEST operations deep."""
    kind = type(node)
    if deep > DEEPEST:
        return False
    if kind is n.Binary:
        return node.op in "+-*" and int_shape(node.left, deep + 1) and int_shape(node.right, deep + 1)
    if kind is n.Unary:
        return node.op == "-" and int_shape(node.operand, deep + 1)
    return kind is n.Var or whole_constant(node) is not None


def position_outs(nodes: list) -> set[str]:
    """The variables some SCH, CNB or GRL among these nodes gives a position back into."""
    return {node.position_out.name for node in nodes if type(node) is n.BuiltinCall and node.position_out is not None}


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
