"""Copies of the blocks that control reaches with different FAIRE loops open, so that each unit's loops are
decided by its shape (analyses.loop_states); imports ir and analyses, never the generator or the runtime.

Arsac's programs leave a pass early by an `ALLER EN` to the loops' last line from outside the inner loop
(`180 SI DK=Z ALORS ALLER EN 220` before `190 FAIRE 220 POUR J`): the last line is then reached with the
inner loop open (its body ran on) and closed (the jump), and a unit with one such line kept every loop on
a run-time stack, found through a dispatch on every jump. Each further way of reaching a block gets a copy
of it (the same line, operations and exit, its nodes copied so that no fact of one copy is taken for the
other's), and the ways that bring that state are sent to the copy: a copy runs what the block runs, so
any way may go to any copy, and what a unit's analyses then find holds whichever it reaches. The same for
a FAIRE's line jumped to from inside its loop (a gnome sort's step back), which starts the loop again, and
for the ways a RETOUR EN takes back into a caller (analyses.comes_back), which go to the line's block itself.
"""

from __future__ import annotations

from collections import Counter

from machine.lse import analyses, ir

COPIES = 4  # copies of one block at most: a block reached with more states keeps the run-time stack
FOUND = 4000  # (block, loops) pairs looked at in one unit at most


def split_by_loops(program: ir.ProgramIR, roots: list[int], comes_back: dict[str, set[int]] | None = None) -> None:
    """Give each block that `roots` reach with another set of open loops a copy for it, where the ways that
    bring those loops can be sent there; else leave the program as it is (its loops are kept at run time)."""
    if analyses.loop_states(program, [], roots, comes_back) is not None:
        return  # (decided as it is: the common case, found by the cheaper walk)
    if any(type(block.exit) is ir.Jump and block.exit.line is None for block in program.blocks):
        return  # a computed jump may go to any line with any loops: the run-time stack is needed (and where a
        # RETOUR EN computes its line, the linker gives no comes_back and splits nothing)
    found = _states(program, roots, comes_back or {})
    if found is None:
        return
    ways, states, pinned = found  # (states named by their loops' bodies: see _named)
    split = {block_id: seen for block_id, seen in states.items() if len(seen) > 1}
    if not split:
        return
    ids = _kept(program, split, pinned)
    if ids is None:
        return
    for block_id, seen in split.items():
        for state in seen:
            if (block_id, state) not in ids:
                ids[(block_id, state)] = copy_block(program, block_id)
    for (block_id, state), goes in ways.items():
        exit_ = program.blocks[ids.get((block_id, state), block_id)].exit
        for slot, target, target_state in goes:
            if slot is not None:
                _send(program, exit_, slot, ids.get((target, target_state), target))
        if type(exit_) is ir.Branch and exit_.join is not None:  # where its arms meet, with the same loops
            exit_.join = ids.get((exit_.join, state), exit_.join)


def _states(program: ir.ProgramIR, roots: list[int], comes_back: dict[str, set[int]]) -> tuple[dict, dict, dict] | None:
    """Each (block, open loops) that control reaches, with its ways on; the states of each block in the order
    found; the states each block is reached with by a way that cannot go to a copy. None: not decidable."""
    ways: dict[tuple[int, tuple], list] = {}
    states: dict[int, list[tuple]] = {}
    pinned: dict[int, set[tuple]] = {root: {()} for root in roots}
    work = [(root, ()) for root in roots]
    while work:
        block_id, state = work.pop()
        if len(state) > analyses.DECIDED_LOOPS:  # (kept at run time, copies or not: each state named cost its depth,
            return None  # and each loop's end as many states, 300 loops sharing their last line took 5 s)
        key = (block_id, _named(state))
        if key in ways:
            continue
        goes = _ways(program, program.blocks[block_id].exit, state)
        if goes is None or len(ways) >= FOUND:
            return None
        goes += [(None, program.line_block[line], analyses.left_for(state, line))  # (analyses.loop_states)
                 for line in analyses.returned_to(program, block_id, comes_back) if line in program.line_block]
        ways[key] = [(slot, target, _named(target_state)) for slot, target, target_state in goes]
        seen = states.setdefault(block_id, [])
        seen.append(key[1])
        if len(seen) > COPIES + 1:
            return None
        for slot, target, target_state in goes:
            if slot is None:
                pinned.setdefault(target, set()).add(_named(target_state))
            work.append((target, target_state))
    return ways, states, pinned


def _named(state: tuple) -> tuple[int, ...]:
    """Open loops as their bodies' blocks (a loop is its body: analyses.reopened)."""
    return tuple(loop.body for loop in state)


def _ways(program: ir.ProgramIR, exit_: object, state: tuple) -> list[tuple[str | None, int, tuple]] | None:
    """Where an exit goes and with which loops open, each with the field that names the block (None: the
    way is found from a line or a loop, and goes to the block itself)."""
    kind = type(exit_)
    if kind is ir.Goto:
        return [("block", exit_.block, state)]
    if kind is ir.Branch:
        return [("yes", exit_.yes, state), ("no", exit_.no, state)]
    if kind is ir.Jump and exit_.line is not None:
        target = program.jump_target(exit_)
        return [] if target is None else [("to_copy", target, analyses.left_for(state, exit_.line))]
    found = analyses.loop_successors(program, exit_, state)
    return None if found is None else [(None, target, target_state) for target, target_state in found]


def _kept(program: ir.ProgramIR, split: dict[int, list[tuple]], pinned: dict[int, set[tuple]]) -> dict | None:
    """For each block to split, the state it keeps (the one its fixed ways bring, else the first found), as
    {(block, state): block}; None where a block cannot be copied (a loop's body, a procedure's entry, or fixed
    ways bringing two states). A FAIRE's block may be: its copy opens the same loop (its body), and the loop's
    old pass, if open, is abandoned either way (analyses.reopened)."""
    bodies = {block.exit.body for block in program.blocks if type(block.exit) is ir.OpenLoop}  # (copies' too)
    entries = set(program.proc_entry.values())
    ids: dict[tuple[int, tuple], int] = {}
    for block_id, seen in split.items():
        fixed = pinned.get(block_id, set())
        if len(fixed) > 1 or block_id in bodies or block_id in entries:
            return None
        ids[(block_id, next(iter(fixed)) if fixed else seen[0])] = block_id
    return ids


def _send(program: ir.ProgramIR, exit_: object, slot: str, target: int) -> None:
    """Make an exit's way go to `target` (an ALLER EN names a copy only when it is not the line's block)."""
    if type(exit_) is ir.Jump:
        exit_.to_copy = None if target == program.line_block.get(exit_.line) else target
    else:
        setattr(exit_, slot, target)


def copy_block(program: ir.ProgramIR, block_id: int) -> int:
    """A new block that runs what `block_id` runs; its number."""
    block = program.blocks[block_id]
    copied_from, memo = program.copied_from, {}
    copy = ir.Block(len(program.blocks), block.line, [_copied(op, copied_from, memo) for op in block.ops],
                    _copied(block.exit, copied_from, memo), block.line_start, block.segment_start)
    program.blocks.append(copy)
    return copy.id


def _copied(value: object, copied_from: dict[int, object], memo: dict[int, object]) -> object:
    """A copy of an operation, exit or node, down to its names and numbers (records are copied field by field:
    nodes are frozen), each copied node noted with the program's node it copies; what the block shares (a
    FAIRE's node, its set-up's and its exit's) its copy shares (`memo`)."""
    kind = type(value)
    if kind is tuple or kind is list:
        return kind(_copied(item, copied_from, memo) for item in value)
    if kind is Counter:
        return Counter(value)
    fields = getattr(kind, "_fields", None)
    if fields is None:
        return value
    copy = memo.get(id(value))
    if copy is None:
        copy = memo[id(value)] = kind(*(_copied(getattr(value, name), copied_from, memo) for name in fields))
        copied_from[id(copy)] = copied_from.get(id(value), value)
    return copy
