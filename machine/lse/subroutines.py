"""Copies of a subroutine's blocks for each line that sets where it goes back: `R←1120;ALLER EN 2000` ... `ALLER EN
R`, the BASIC way of a subroutine, becomes one copy of the lines from 2000 to the jump per store of R, each copy's
jump told its one line. Imports nodes, ir, analyses, reaching and splitting (a block's copy); never the generator
or the runtime.

Decision: a subroutine so called makes its unit a dispatch (its blocks are entered from two places and go back to
two), whose every jump tests `pc`; each copy is entered from one place and goes back to one, so the unit can be
written as nested Python loops (the hangman whose sorting subroutine is called so: 0.6 of its time). A copy is
entered only from its store's block and from its own blocks, so the variable holds the store's value at its jump
whatever the blocks run: they are those that the walk back from the jump passed (no call, no read of the name,
no loop of it: reaching.reaching_stores). A copied FAIRE opens a loop of its own, whose way round and way out
go to the copy's blocks (the exit's `copies`); at most COPIED_MOST blocks in all.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import successors
from machine.lse.reaching import ANY_LINE, START, predecessors, reaching_stores
from machine.lse.splitting import copy_block

COPIED_MOST = 120  # blocks copied in one program at most (a bound on the code's growth)
STORE_EXITS = (ir.Goto, ir.Branch, ir.Jump)  # the exits of a store's block that _redirect sends to copies
COPIED_EXITS = (*STORE_EXITS, ir.OpenLoop, ir.LineEnd)  # those of a copied block (a loop's: see _loops_apart)


def copy_subroutines(program: ir.ProgramIR, lines: frozenset[int], roots: frozenset[int],
                     closed: frozenset[int]) -> frozenset[str]:
    """Copy the blocks between each store of a jump's variable and the jump, for each store, where every store
    that reaches the jump is a line number written in the program (`lines`: the main program's; `roots`: where
    runs start; `closed`: the blocks entered otherwise than by their predecessors); tell each copy's jump its
    line. The names the copies' jumps read: the monitor changing one at a pause stops the run."""
    jumps = [block for block in program.blocks if _told(block.exit) and block.line in lines]
    before = predecessors(program) if jumps else {}
    budget = COPIED_MOST
    told: set[str] = set()
    for block in jumps:
        exit_ = block.exit
        stores = reaching_stores(program, before, (block.id, len(block.ops)), exit_.expr.name, lines, roots, closed)
        values = _lines(stores, exit_.found_lines)
        if values is None:
            continue
        regions = _regions(program, before, block, stores) if len(stores) > 1 else None
        copied = 0 if regions is None else sum(len(region) for _, region, _ in regions)
        if regions is None or copied > budget:
            if len(values) < len(exit_.found_lines):
                exit_.found_lines = values  # (this build's: the stores that reach it may be others in the next)
                told.add(exit_.expr.name)
                before = predecessors(program)  # (the next jump's stores are those that reach it now)
            continue
        budget -= copied
        for store_block, region, line in regions:
            _copied_for(program, store_block, region, block.id, line)
        before = predecessors(program)
    given = [block.exit for block in program.blocks if type(block.exit) is ir.Jump and block.exit.given is not None]
    for jump in given:
        jump.found_lines = (jump.given,) if jump.given in program.line_block else ()
    return frozenset(told | {jump.expr.name for jump in given})


def _told(exit_: object) -> bool:
    """True if an exit is a computed jump to a variable, told two lines or more (a copy's is told one)."""
    return (type(exit_) is ir.Jump and exit_.line is None and exit_.found_lines is not None
            and len(exit_.found_lines) > 1 and type(exit_.expr) is n.Var and exit_.given is None)


def _lines(stores: list | None, found: tuple[int, ...]) -> tuple[int, ...] | None:
    """The lines among those `found` for a jump that the stores that reach it give it, where each store is a
    whole number written in the program (one that is no line fails the jump as before); else None."""
    if not stores or START in stores:
        return None
    values = {store[0].expr.value if type(store[0].expr) is n.Num else None for store in stores}
    if not all(value is not None and value == int(value) for value in values):
        return None
    return tuple(line for line in found if line in values)


def _regions(program: ir.ProgramIR, before: dict[int, list[int]], jump: ir.Block,
             stores: list) -> list[tuple[int, list[int], int]] | None:
    """For each store (each a line number: _lines): its block, the blocks from it to the jump (in the order
    found), the line it stores; None where a store is in the jump's block, a block between cannot be copied, or
    is the first of a line the jump goes back to (the region would hold its callers' code: a copy of the loop
    the calls are made in, for each call)."""
    walked = _back_from(before, jump.id, {block for _, block, _ in stores})
    if not walked:
        return None
    returns = {program.line_block.get(int(node.expr.value)) for node, _, _ in stores}
    found = []
    for node, store_block, _ in stores:
        value = node.expr.value
        region = _ahead(program, store_block, walked)
        if (store_block == jump.id or type(program.blocks[store_block].exit) not in STORE_EXITS
                or any(type(program.blocks[block].exit) not in COPIED_EXITS or block in returns
                       for block in region)):
            return None
        found.append((store_block, region, int(value)))
    ends = {program.blocks[block].line for _, block, _ in stores} | {line for _, _, line in found}
    if not _loops_apart(program, [block for _, region, _ in found for block in region], ends):
        return None
    return found


def _loops_apart(program: ir.ProgramIR, blocks: list[int], lines: set[int]) -> bool:
    """True if no FAIRE among the blocks spans one of `lines` (the stores' and the lines they give the jump).

    Decision: a copy's loop is its own (its body is the copy's): outside its span it is closed, so only a way
    that stays within the span keeps it open. With no store there, no way goes from a copy's open loop to
    another copy's FAIRE (whose opening would not abandon the other's pass as the same FAIRE's does), and
    none comes back into the copy by its loop but from its own blocks; nor does a copy's jump, its line
    outside, leave it open.
    """
    for block in blocks:
        exit_ = program.blocks[block].exit
        if type(exit_) is ir.OpenLoop and (exit_.end is None or any(exit_.at <= line <= exit_.end for line in lines)):
            return False
    return True


def _back_from(before: dict[int, list[int]], start: int, stop: set[int]) -> set[int]:
    """The blocks from which control reaches `start` without passing through a block of `stop`."""
    seen = {start}
    work = [start]
    while work:
        for previous in before.get(work.pop(), ()):
            if previous == ANY_LINE:
                return set()
            if previous not in seen and previous not in stop:
                seen.add(previous)
                work.append(previous)
    return seen


def _ahead(program: ir.ProgramIR, start: int, within: set[int]) -> list[int]:
    """The blocks of `within` that control reaches from `start`'s successors without leaving `within`."""
    found: list[int] = []
    seen: set[int] = set()
    work = [target for target in successors(program, program.blocks[start]) if target in within]
    while work:
        block = work.pop()
        if block in seen:
            continue
        seen.add(block)
        found.append(block)
        work.extend(target for target in successors(program, program.blocks[block]) if target in within)
    return found


def _copied_for(program: ir.ProgramIR, store_block: int, region: list[int], jump: int, line: int) -> None:
    """Copy the region's blocks, send the store's block and the copies to the copies, tell the jump's copy
    its line."""
    copies = {block: copy_block(program, block) for block in region}
    _redirect(program, program.blocks[store_block].exit, copies)
    for copy in copies.values():
        _redirect(program, program.blocks[copy].exit, copies)
    program.blocks[copies[jump]].exit.given = line


def _redirect(program: ir.ProgramIR, exit_: object, copies: dict[int, int]) -> None:
    """Make an exit's ways into the copied blocks go to their copies."""
    kind = type(exit_)
    if kind is ir.Goto:
        exit_.block = copies.get(exit_.block, exit_.block)
    elif kind is ir.Branch:
        exit_.yes, exit_.no = copies.get(exit_.yes, exit_.yes), copies.get(exit_.no, exit_.no)
        if exit_.join is not None:
            exit_.join = copies.get(exit_.join, exit_.join)
    elif kind is ir.Jump and exit_.line is not None:
        target = program.jump_target(exit_)
        if target in copies:
            exit_.to_copy = copies[target]
    elif kind is ir.Jump and exit_.given is not None:  # (a copy's jump copied again with the line it goes to)
        target = program.line_target(exit_, exit_.given)
        if target in copies:
            exit_.to_copy = copies[target]
    elif kind is ir.OpenLoop:
        exit_.body, exit_.copies = copies.get(exit_.body, exit_.body), _composed(exit_.copies, copies)
    elif kind is ir.LineEnd:
        exit_.next, exit_.copies = copies.get(exit_.next, exit_.next), _composed(exit_.copies, copies)


def _composed(earlier: dict[int, int] | None, copies: dict[int, int]) -> dict[int, int]:
    """The blocks a copied exit goes to instead of the program's own: `copies` after those of the copy it is
    made from (a subroutine's copy inside another's region is copied again with it)."""
    if earlier is None:
        return copies
    return {**copies, **{block: copies.get(instead, instead) for block, instead in earlier.items()}}
