"""The stores of a variable that reach a block: the assignments whose value it may hold there, found by walking
the blocks back from it (targets.py asks it for a computed jump's variables). Imports nodes, ir and analyses (a
block's successors and nodes); never the runtime.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import block_nodes, goes_anywhere, successors

START = None  # in a list of stores: the name may hold what it held when the run started (at a root)
WALK_MOST = 200  # the most blocks a walk back visits: past them it gives up (a bound on the compile's work;
# the walks of the probes and of 1 000 programs written for them told as much with 100)
ANY_LINE = -1  # among a line's first block's predecessors: the blocks whose jump may go to any line (listed once)


def predecessors(program: ir.ProgramIR) -> dict[int, list[int]]:
    """The blocks each block may be entered from (by its successors, the jumps' lines as they are set); the
    jumps that may go to any line are listed once, under ANY_LINE, not at each line (their number times the
    lines')."""
    found: dict[int, list[int]] = {}
    for block in program.blocks:
        if goes_anywhere(block.exit):
            found.setdefault(ANY_LINE, []).append(block.id)
            continue
        for successor in successors(program, block):
            found.setdefault(successor, []).append(block.id)
    if ANY_LINE in found:
        for start in program.line_block.values():
            found.setdefault(start, []).append(ANY_LINE)
    return found


def reaching_stores(program: ir.ProgramIR, before: dict[int, list[int]], at: tuple[int, int], name: str,
                    lines: frozenset[int], roots: frozenset[int], closed: frozenset[int]) -> list | None:
    """The assignments `name←expr` whose value `name` may hold at `at` (a block, and how many of its operations
    have run), each as (assignment, its block, its place among the block's operations), START among them where
    it may still hold the run's first value; None if anything else may have given it its value.

    `before`: predecessors(); `lines`: the lines of the unit the block's line belongs to; `roots`: where runs
    start; `closed`: blocks entered other than by their predecessors (a procedure's entry, where a RETOUR EN
    makes a caller go on). Decision: the walk gives up rather than reason about what it passes: a block with a
    call (a procedure may store the name), one that reads, loads, frees, declares or positions the name, a
    FAIRE or a line's end that steps a loop of it, a line of another unit (run there, it stores that unit's
    names), a closed block; or past WALK_MOST blocks.
    """
    found: list = []
    seen: set[tuple[int, int]] = set()
    work = [at]
    while work:
        current, run = work.pop()
        if (current, run) in seen:
            continue
        seen.add((current, run))
        if len(seen) > WALK_MOST:
            return None
        block = program.blocks[current]
        if block.line not in lines or current in closed or _unknowable(program, block, name):
            return None
        place = _last_store(block, name, run)
        if place is not None:
            found.append((block.ops[place].node, current, place))
            continue
        if current in roots:
            found.append(START)
        for previous in before.get(current, ()):
            if previous == ANY_LINE:  # (the jumps that may go to any line, this line's first block among them)
                work.extend((jump, len(program.blocks[jump].ops)) for jump in before[ANY_LINE])
            else:
                work.append((previous, len(program.blocks[previous].ops)))
    return found


def _last_store(block: ir.Block, name: str, run: int) -> int | None:
    """The place of the last assignment to the variable `name` among the block's first `run` operations."""
    for place in range(run - 1, -1, -1):
        op = block.ops[place]
        node = op.node if type(op) is ir.Do else None
        if type(node) is n.Assign and type(node.target) is n.Var and node.target.name == name:
            return place
    return None


def _unknowable(program: ir.ProgramIR, block: ir.Block, name: str) -> bool:
    """True if the block calls a procedure, or gives `name` a value otherwise than by an assignment."""
    exit_ = block.exit
    if type(exit_) is ir.LineEnd and any(_steps(program, body, name) for body in program.bodies.get(exit_.line, ())):
        return True
    for node in block_nodes(program, block.id):
        kind = type(node)
        if kind is n.Call:
            return True
        if kind is n.Faire and node.var == name:
            return True
        if kind is n.BuiltinCall and node.position_out is not None and node.position_out.name == name:
            return True
        if kind is n.Lire and any(target.name == name for target in node.targets):
            return True
        if kind is n.Charger and any(target is not None and target.name == name
                                     for target in (node.var, node.status)):
            return True
        if kind in (n.Liberer, n.Chaine) and name in node.names:
            return True
        if kind is n.Tableau and any(declared == name for declared, _ in node.decls):
            return True
    return False


def _steps(program: ir.ProgramIR, body: int, name: str) -> bool:
    """True if the FAIRE whose body starts at block `body` steps the variable `name` (any FAIRE, when unsure)."""
    for block in program.blocks:
        if type(block.exit) is ir.OpenLoop and block.exit.body == body:
            return block.exit.node.var == name
    return True
