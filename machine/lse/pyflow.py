"""Facts about one unit's flow of control that shape its code: copies, loops back, counted loops, blocks run once.

A part of the one code generator (pygen.UnitCode asks); imports ir, nodes, operands, analyses and layout's MAIN
only; never the runtime.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from machine.lse import analyses, ir
from machine.lse import nodes as n
from machine.lse.layout import MAIN
from machine.lse.operands import NUMERIC_BUILTINS, changes_variables, whole_constant

# The most statements a case copies from one jump: beyond it, the round through the dispatch costs
# little beside the code it runs; copies of long chains made renard's Python 12 % longer (bench/: none).
COPY_LIMIT = 12
# A computed jump tested against more lines than this is no small block to copy: each copy writes a test and an arm
# a line, and each arm may copy a block that ends in such a jump (100 lines each jumping to any of them, guessed:
# code in the cube of the lines, 20 MB of Python for 40 of them, past 20 GB of memory for 300).
FEW_LINES = 4


def small(program: ir.ProgramIR, block_id: int) -> bool:
    """A block worth copying where a jump goes to it (the end of a loop that its body jumps to)."""
    block = program.blocks[block_id]
    statements = [op for op in block.ops if type(op) is not ir.Charge]
    return len(statements) <= 2 and type(block.exit) in (ir.LineEnd, ir.Goto, ir.Jump, ir.Leave) and (
        _tests(block.exit) <= FEW_LINES)


def _tests(exit_: object) -> int:
    """How many lines a block's way out tests (a computed jump's, for the lines it may go to; none: 0)."""
    if type(exit_) is not ir.Jump or exit_.expr is None:
        return 0
    return len(exit_.found_lines) if exit_.found_lines is not None else 0


def short(program: ir.ProgramIR, block_id: int, entries: set[int]) -> bool:
    """True if the code a jump to an entry block writes, up to the next entries, has at most COPY_LIMIT
    statements."""
    seen, work, count = {block_id}, [block_id], 0
    while work:
        block = program.blocks[work.pop()]
        count += 1 + sum(type(op) is not ir.Charge for op in block.ops) + _tests(block.exit)
        if count > COPY_LIMIT:
            return False
        for target in analyses.successors(program, block):
            if target not in seen and target not in entries:
                seen.add(target)
                work.append(target)
    return True


def arms_meet(program: ir.ProgramIR, entries: set[int], exit_: ir.Branch) -> bool:
    """True if both arms of a SI run on into its join by Goto and inner SI's only (no jump, exit or entry)."""
    join = exit_.join
    if join is None:
        return False
    for block_id in (exit_.yes, exit_.no):
        while block_id != join:
            if block_id in entries:
                return False
            inner = program.blocks[block_id].exit
            if type(inner) is ir.Goto:
                block_id = inner.block
            elif type(inner) is ir.Branch and inner.join is not None and arms_meet(program, entries, inner):
                block_id = inner.join
            else:
                return False
    return True


def runs_into(program: ir.ProgramIR, entries: set[int], start: int, goal: int) -> bool:
    """True if running on from start (by Goto and SI arms, no jump and no entry) can reach goal."""
    seen, work = {start}, [start]
    while work:
        block_id = work.pop()
        if block_id == goal:
            return True
        exit_ = program.blocks[block_id].exit
        following = (exit_.block,) if type(exit_) is ir.Goto else (
            (exit_.yes, exit_.no) if type(exit_) is ir.Branch else ())
        for target in following:
            if target not in seen and (target == goal or target not in entries):
                seen.add(target)
                work.append(target)
    return False


def leads_to(program: ir.ProgramIR, states: dict, entries: set[int], start: int, goal: int, depth: int,
             undecided: bool, limit: int) -> tuple[bool, int]:
    """Whether control can go from start to goal crossing at most `depth` other entry blocks (loops known), and
    how many blocks the walk passed; `undecided` where it would pass more than `limit`."""
    seen: set[tuple[int, int]] = set()
    work = [(start, depth)]
    while work:
        block_id, left = work.pop()
        if (block_id, left) in seen:
            continue
        if len(seen) >= limit:
            return undecided, len(seen)
        seen.add((block_id, left))
        for target, _ in analyses.loop_successors(program, program.blocks[block_id].exit, states[block_id]) or ():
            if target == goal:
                return True, len(seen)
            if target not in entries:
                work.append((target, left))
            elif left > 0:
                work.append((target, left - 1))
    return False, len(seen)


def paced(program: ir.ProgramIR, blocks: list[int], waiting: set[str] = frozenset()) -> set[int]:
    """The blocks that wait for a person: a PAUSE (the monitor), or a call of a procedure that waits.

    Decision: a LIRE does not: what it reads may be piped, a tape, or typed ahead, as fast as it comes. A loop
    that printed and read at each pass was taken for a game's turn, its code written short (its arrays through
    the general functions), where a program reading commands or records from a file ran at half its speed (a
    sparse-matrix probe's command loop 0.57 of its time once hot, seven other probes 0.87-0.97); the programs
    of the tree and of the probes compile in the same time, within the noise.
    """
    return {block_id for block_id in blocks if any(
        type(node) is n.Pause or type(node) is n.CallStatement and node.call.name in waiting
        for node in (op.node for op in program.blocks[block_id].ops if type(op) is ir.Do))}


def waiting_procedures(program: ir.ProgramIR, blocks_of: dict[str, list[int]], main: str) -> set[str]:
    """The procedures that wait (paced) on every way from their entry to their end."""
    waiting: set[str] = set()
    grown = True
    while grown:
        grown = False
        for name, blocks in blocks_of.items():
            if name == main or name in waiting:
                continue
            waits = paced(program, blocks, waiting)
            seen, work = set(), [program.proc_entry[name]]
            while work:  # the blocks reached without waiting
                block_id = work.pop()
                if block_id not in seen and block_id not in waits:
                    seen.add(block_id)
                    work.extend(analyses.successors(program, program.blocks[block_id]))
            if not any(type(program.blocks[block_id].exit) is ir.Leave for block_id in seen):
                waiting.add(name)
                grown = True
    return waiting


def once_blocks(program: ir.ProgramIR, blocks: list[int], waiting: set[str] = frozenset()) -> set[int]:
    """The blocks on no cycle of the flow among `blocks` (analyses.successors: a computed jump goes
    anywhere) but through a block that waits for a person (paced): entered from one root, each runs
    at most once a run, or once a PAUSE.

    Decision: a loop that pauses at each pass runs at the pace of its player: its code is cold, as is code
    run once; a loop inside it that waits for nothing is not.
    """
    waits = paced(program, blocks, waiting)
    return set(blocks) - set(_cycles(program, blocks, set(blocks) - waits))


def _cycles(program: ir.ProgramIR, blocks: list[int], inside: set[int]) -> dict[int, int]:
    """The blocks of `inside` on a cycle of the flow among them, each with its cycle's number (its strongly
    connected component's). Tarjan's way, without recursion, over analyses.Flow (its hubs found on the way, and
    left out of what it gives): a block is on a cycle if its component has more than one node or it goes to
    itself."""
    flow = analyses.Flow(program)
    after = {block_id: [target for target in flow.after(block_id) if target in inside or target < 0]
             for block_id in inside}
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    cyclic: dict[int, int] = {}
    for root in blocks:
        if root in index or root not in inside:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, 0)]
        while work:
            block_id, at = work[-1]
            targets = after[block_id]
            if at < len(targets):
                work[-1] = (block_id, at + 1)
                target = targets[at]
                if target < 0 and target not in after:
                    after[target] = [body for body in flow.after(target) if body in inside]
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, 0))
                elif target in on_stack:
                    low[block_id] = min(low[block_id], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[block_id])
            if low[block_id] == index[block_id]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == block_id:
                        break
                if len(component) > 1 or block_id in targets:
                    number = max(component)  # (a block's id, were the component's first node a hub)
                    cyclic.update((node, number) for node in component if node >= 0)
    return cyclic


def call_sites(program: ir.ProgramIR, blocks_of: dict[str, list[int]]) -> list[tuple[str, int, str]]:
    """Each call of a procedure in the units' blocks: (calling unit, its block, the procedure called)."""
    return [(name, block_id, node.name) for name, blocks in blocks_of.items() for block_id in blocks
            for node in analyses.block_nodes(program, block_id) if type(node) is n.Call]


def recursive(blocks_of: dict[str, list[int]], sites: list[tuple[str, int, str]]) -> set[str]:
    """The units that a call made in them may enter again (on a cycle of calls); `sites`: call_sites'.

    Decision: the units on a cycle are those of a strongly connected part of the graph of calls with more
    than one unit, or one that calls itself (Tarjan's way, without recursion: a chain of calls may be as
    long as the program), so the time grows with the calls, not with the units times the calls.
    """
    calls: dict[str, list[str]] = {name: [] for name in blocks_of}
    for caller, _, callee in sites:
        if callee in calls:
            calls[caller].append(callee)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[str] = set()
    for start in calls:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            name, at = work.pop()
            if at == 0:
                index[name] = low[name] = len(index)
                stack.append(name)
                on_stack.add(name)
            callees = calls[name]
            if at < len(callees):
                work.append((name, at + 1))
                callee = callees[at]
                if callee not in index:
                    work.append((callee, 0))
                elif callee in on_stack:
                    low[name] = min(low[name], index[callee])
                continue
            if work:  # back in the caller: what this unit reaches, the caller reaches
                caller = work[-1][0]
                low[caller] = min(low[caller], low[name])
            if low[name] == index[name]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == name:
                        break
                if len(part) > 1 or name in calls[name]:
                    found.update(part)
    return found


def call_depths(sites: list[tuple[str, int, str]], again: set[str]) -> dict[str, int | None]:
    """The greatest depth each called procedure runs at (a call's depth is its caller's plus one, 0 from the main
    program): None where a procedure on a cycle of calls (`again`, see recursive) may call it, directly or not."""
    callers: dict[str, set[str]] = {}
    for caller, _, callee in sites:
        callers.setdefault(callee, set()).add(caller)
    found: dict[str, int | None] = {}
    for start in callers:
        work = [start]
        while work:  # depth first, without recursion: a chain of calls may be as long as the program
            name = work[-1]
            if name in found:
                work.pop()
                continue
            if name in again:
                found[name] = None
                continue
            waiting = [caller for caller in callers.get(name, ()) if caller != MAIN and caller not in found]
            if waiting:
                work.extend(waiting)
                continue
            work.pop()
            depths = [found[caller] for caller in callers.get(name, ()) if caller != MAIN]
            found[name] = None if None in depths else max((depth + 1 for depth in depths), default=0)
    return found


def rarely_run(program: ir.ProgramIR, blocks_of: dict[str, list[int]], alone: set[str],
               main: str, sites: list[tuple[str, int, str]]) -> dict[str, set[int]]:
    """Each unit's blocks that run rarely: the main program's once_blocks, and those of a procedure whose
    every call is made from blocks that run rarely (a unit not `alone`, that a RETOUR EN comes back
    into, has none: its blocks may run again and again); `sites`: call_sites'.

    Decision: a procedure called only from code that runs once (a set-up, a game's turn) runs its own
    blocks on no cycle once a call: they are written short too.
    """
    callers: dict[str, list[tuple[str, int]]] = {}  # each procedure's calls: (calling unit, its block)
    for caller, block_id, callee in sites:
        callers.setdefault(callee, []).append((caller, block_id))
    waiting = waiting_procedures(program, blocks_of, main)
    rare = {main: once_blocks(program, blocks_of[main], waiting)} if main in alone else {}
    grown = bool(rare)
    while grown:
        grown = False
        for name, blocks in blocks_of.items():
            if name not in rare and name in alone and all(
                    block_id in rare.get(caller, ()) for caller, block_id in callers.get(name, ())):
                rare[name] = once_blocks(program, blocks, waiting)
                grown = True
    return rare


def counted_loop(program: ir.ProgramIR, states: dict, entries: set[int], body: int) -> ir.OpenLoop | None:
    """The FAIRE ... JUSQUA whose passes can run as a Python `for` from its body block, if there is one.

    From its body, every way (Goto, SI, ALLER EN a line) runs forward, with the same loops open, to the
    end of its last line, and each block on the way only assigns: no procedure is called, no position
    given back, the loop's variable never set, nothing read nor waited for (see pyloops.count). A SI's
    join is written once, an entry block once per way into it (pygen.go copies it in the `for`): at most
    3 * COPY_LIMIT blocks and statements in all.
    """
    state = states.get(body)
    if not state or state[-1].body != body or state[-1].node.cond is not None:
        return None
    loop = state[-1]
    written = 0
    done: set[int] = set()
    work = [(body, True)]  # depth first: (block, on the way in) then (block, on the way out)
    on_way: set[int] = set()
    while work:
        block_id, going_in = work.pop()
        if not going_in:
            on_way.discard(block_id)
            done.add(block_id)
            continue
        block = program.blocks[block_id]
        if block_id in on_way:  # a way that comes back into the pass
            return None
        if block_id in done:
            written += (1 + len(block.ops)) if block_id in entries else 0
        elif states.get(block_id) != state or not all(
                type(op) is ir.Charge or (type(op) is ir.Do and assigns_only(op.node, loop.node.var))
                for op in block.ops):
            return None
        else:
            written += 1 + len(block.ops)
            on_way.add(block_id)
            work.append((block_id, False))
            exit_ = block.exit
            following = within_pass(program, exit_)
            if following is not None and not (type(exit_) is ir.Branch and changes_variables(exit_.cond)):
                work += [(target, True) for target in following]
            elif not (type(exit_) is ir.LineEnd and exit_.line == loop.end):
                return None
        if written > 3 * COPY_LIMIT:
            return None
    return loop


def within_pass(program: ir.ProgramIR, exit_: object) -> list[int] | None:
    """Where an exit goes on in the same pass of a loop (Goto, SI, ALLER EN a line); None for any other."""
    kind = type(exit_)
    if kind is ir.Goto:
        return [exit_.block]
    if kind is ir.Branch:
        return [exit_.yes, exit_.no]
    if kind is ir.Jump and exit_.line is not None and (target := program.jump_target(exit_)) is not None:
        return [target]
    return None


def assigns_only(node: object, var: str) -> bool:
    """An assignment that neither sets `var` nor changes a variable while it is evaluated."""
    return type(node) is n.Assign and not (type(node.target) is n.Var and node.target.name == var) and \
        not changes_variables(node)


def loop_region(program: ir.ProgramIR, body: int) -> set[int]:
    """The blocks a counted loop's pass runs (see counted_loop): from its body to the end of its last line."""
    seen, work = set(), [body]
    while work:
        block_id = work.pop()
        if block_id in seen:
            continue
        seen.add(block_id)
        work += within_pass(program, program.blocks[block_id].exit) or ()
    return seen


PRICED = NUMERIC_BUILTINS - {"LGR"}  # the numeric built-ins priced at their point (LGR reads a string)


# The nodes whose price is known before they run (nothing paid by the characters or the branch they find): of numbers
# only (constant_pass), and with strings stored or compared (pass_bound).
NUMBER_NODES = frozenset((n.Assign, n.Num, n.Var, n.Index, n.Unary))
FIXED_PRICE = NUMBER_NODES | {n.Str, n.Compare, n.Logic, n.Not}
STEADY_BUILTINS = PRICED | {"LGR", "EQN", "EQC", "ETL", "OUL", "OUX"}  # and those of strings and bits scanning nothing
SCANNED_MOST = 16  # a substring of a constant count up to this is priced at its most (pass_bound)


def priced_before(node: object, kinds: frozenset = FIXED_PRICE, builtins: frozenset = STEADY_BUILTINS) -> bool:
    """True if a node's price is known before it runs: one of `kinds`, + - * / ^, or a call of one of `builtins`
    that gives back no position."""
    kind = type(node)
    return kind in kinds or (kind is n.Binary and node.op in "+-*/^") or (
        kind is n.BuiltinCall and node.position_out is None and node.name in builtins)


def pass_bound(program: ir.ProgramIR, body: int, price: Callable[[Counter], int]) -> int | None:
    """The most cycles one pass of a counted loop can cost: the charges of every block it may run, each once
    (counted_loop's ways only go forward, and no call is made), and its step; None where a node pays by what it
    finds (characters, the arm of a conditional value), or a built-in of strings is called."""
    region = sorted(loop_region(program, body))
    scanned = 0  # the most characters its substrings copy
    for node in analyses.unit_nodes(program, region):
        if priced_before(node):
            continue
        substring = type(node) is n.BuiltinCall and node.name == "SCH" and node.position_out is None
        count = whole_constant(node.args[2]) if substring and len(node.args) == 3 else None
        if count is None or not 0 <= count <= SCANNED_MOST:
            return None
        scanned += count
    blocks = program.blocks
    return price(ir.PASS_COST) + price(Counter({"char_scan": scanned})) + sum(
        max(0, price(op.kinds)) for block_id in region for op in blocks[block_id].ops if type(op) is ir.Charge)


def constant_pass(program: ir.ProgramIR, body: int) -> bool:
    """True if every pass of a counted loop costs the same: one way through it (no SI), and only numbers
    computed (no string, no conditional value: nothing adds to the cycles by what it finds)."""
    region = loop_region(program, body)
    if any(type(program.blocks[block_id].exit) is ir.Branch for block_id in region):
        return False
    return all(priced_before(node, NUMBER_NODES, PRICED) for node in analyses.unit_nodes(program, sorted(region)))
