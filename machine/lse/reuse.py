"""Elements a unit reads again, and whole quotients ENT(X/B) it computes again, with nothing changed in between:
the later reads take the first one's value.

An analysis of the IR for the one code generator (pyexpr writes what it finds); imports ir, nodes,
analyses, checks, operands (children) and pyexpr (its TALL), never the runtime. SI T[J]<V ALORS T[J+1]←T[J]
reads T[J] once: the condition keeps the value in a temporary (`_wN`), which the arm reads.

Decision: a value is kept from one statement (or condition) to the statements after it in its block,
and into the block after it where that block has no other way in (an arm of a SI, the rest of a line),
never into a block control may enter from elsewhere (a loop's head, a line jumped to, a point where a
paused run is taken up again). Within a statement, a read takes from an earlier one only in the same
short expression, whose parts the generator writes in the order they run (A[I]*A[I]; not an element's
index stored into, nor one expression of AFFICHER from another). A read is kept only where it surely
runs (not in an arm of a conditional value). What may change an element or an index ends what is
kept: a statement with a call, any statement but an assignment or AFFICHER, and a variable or an
element of an array stored, with every name that may be it (a parameter by reference may name a
variable or an array of the program, or another parameter).
"""

from __future__ import annotations

from collections import Counter

from machine.lse import analyses, ir
from machine.lse import nodes as n
from machine.lse.checks import nodes_below
from machine.lse.layout import Unit
from machine.lse.operands import DEEPEST, children
from machine.lse.pyexpr import TALL

KEEPS = (n.Assign, n.Afficher)  # the statements after which what is kept stays kept (but what they store)
PLACE = "@"  # the tag of an element's position kept in `kept` beside the values: (PLACE, key) -> the read's id


def reused_elements(program: ir.ProgramIR, blocks: list[int], entries: set[int], unit: Unit,
                    placed: dict[int, str] | None = None) -> dict[int, tuple]:
    """By the id of each element read that is written as another: ('keep', temp) for the first read, whose
    value the temporary keeps, ('take', temp) for a read that takes it. And in `placed`, by the id of an element
    read and of a later store into that element (its index's variables unchanged), the temporary that keeps the
    position the read worked out for the store (`SI G[I,J]=0 ALORS G[I,J]←K`, a swap's `T[J]←T[J+1]`)."""
    placed = {} if placed is None else placed
    reading = {block_id for block_id in blocks if any(type(item) is n.Index or _quotient(item) for item in
                                                      analyses.block_nodes(program, block_id))}
    if not reading:
        return {}
    inside = set(blocks)
    ways_in = Counter(target for block_id in blocks for target in set(analyses.successors(
        program, program.blocks[block_id])) if target in inside)
    found: dict[int, tuple] = {}
    for root in blocks:
        if ways_in[root] == 1 and root not in entries and not _self_loop(program, root):
            continue  # reached from its one way in, with what is kept there
        work = [(root, {})]
        while work:
            block_id, kept = work.pop()
            block = program.blocks[block_id]
            if not kept and block_id not in reading:  # nothing kept, nothing to keep: on to what follows
                work.extend((target, {}) for target in _one_way(program, block, ways_in, entries, inside))
                continue
            for op in block.ops:
                if type(op) is ir.Do:
                    _statement(op.node, kept, found, unit, placed)
                elif type(op) is not ir.Charge:  # a FAIRE's set-up
                    kept.clear()
            exit_ = block.exit
            if type(exit_) is ir.Branch:
                _expression(exit_.cond, kept, found, unit)
            elif type(exit_) in (ir.Leave, ir.Jump) and exit_.expr is not None:
                _expression(exit_.expr, kept, found, unit, keep=False)
            work.extend((target, dict(kept)) for target in _one_way(program, block, ways_in, entries, inside))
    return found


def _one_way(program: ir.ProgramIR, block: ir.Block, ways_in: Counter, entries: set[int], inside: set[int]) -> list:
    """The blocks a block's exit goes on to that control enters only from it (a SI's arms, the rest of a line)."""
    exit_ = block.exit
    after = [exit_.yes, exit_.no] if type(exit_) is ir.Branch else [exit_.block] if type(exit_) is ir.Goto else []
    return [target for target in dict.fromkeys(after) if ways_in[target] == 1 and target not in entries
            and target != block.id and target in inside]


def _self_loop(program: ir.ProgramIR, block_id: int) -> bool:
    return block_id in analyses.successors(program, program.blocks[block_id])


def _statement(node: object, kept: dict, found: dict, unit: Unit, placed: dict[int, str]) -> None:
    """Take and keep the reads of a statement, then forget what it may change."""
    if type(node) not in KEEPS:
        kept.clear()
        return
    target = node.target if type(node) is n.Assign else None
    key = element_key(target) if type(target) is n.Index else None
    first = None if key is None else kept.get((PLACE, key))  # (read by an earlier statement)
    _expression(node, kept, found, unit)
    unchanged = key is not None and not _changing(node)  # (its index's variables as they were when it stored)
    if first is not None and unchanged and kept.get((PLACE, key)) == first:
        placed[id(target)] = placed.setdefault(first, f"_p{len(placed)}")
    if target is not None:  # a variable, or an element: its array's (and whatever array may be it)
        _forget(target.name, kept, unit, element=key is not None)
    if unchanged:  # what it stored is what a read of it gives next (the store keeps it: ('keep', temp))
        kept[key] = (id(target), None)


def _changing(node: object) -> bool:
    """True if a statement calls a procedure or gives a built-in's position back: either may change a variable
    that an element's index reads after the element is chosen."""
    return any(type(item) is n.Call or type(item) is n.BuiltinCall and item.position_out for item in nodes_below(node))


def _expression(node: object, kept: dict, found: dict, unit: Unit, keep: bool = True) -> None:
    """Take and keep the reads of an expression (or of a statement's expressions), which stores at most the
    positions of built-ins (forgotten before: a read after one in the expression must not take; and after)."""
    below = nodes_below(node)
    reads, positions = False, []
    for item in below:
        kind = type(item)
        if kind is n.Call:
            kept.clear()
            return
        if kind is n.Index or _quotient(item):
            reads = True
        elif kind is n.BuiltinCall and item.position_out:
            positions.append(item.position_out.name)
    for name in positions:
        _forget(name, kept, unit)
    if reads:
        _read(node, kept, found, keep, len(below) <= TALL)
    for name in positions:
        _forget(name, kept, unit)


def _read(node: object, kept: dict, found: dict, keep: bool, short: bool) -> None:
    """The element reads of a statement or an expression: those kept before it take the kept value, as do
    those after the first that surely runs of the same element in one short expression; those that surely
    run are kept after it (`keep`), each element by its first."""
    fresh: dict[tuple, int] = {}
    for piece, within in _pieces(node, short):
        here: dict[tuple, int] = {}  # the element reads of this expression, by their key: the first that runs
        for item, sure in element_reads(piece):
            key = element_key(item)
            if key is None:
                continue
            held = kept.get(key)
            first = held[0] if held is not None else here.get(key)
            if first is not None and first != id(item):
                temp = found[first][1] if first in found else f"_w{len(found)}"  # (kept on another way: one)
                found[first] = ("keep", temp)
                if held is not None:
                    kept[key] = (first, temp)
                found[id(item)] = ("take", temp)
                continue
            if sure and within:
                here.setdefault(key, id(item))
            if sure and keep:
                fresh.setdefault(key, id(item))
    kept.update((key, (first, None)) for key, first in fresh.items() if key not in kept)
    kept.update(((PLACE, key), first) for key, first in fresh.items() if key[0] != "&ENT" and (PLACE, key) not in kept)


def _pieces(node: object, short: bool) -> list[tuple[object, bool]]:
    """The expressions of a statement (or an expression alone) in the order they run, each with whether a read
    in it may take from a read before it in it: a short expression (written in one piece, its parts in their
    order: pyexpr.TALL), not an element's index stored into (Python evaluates `a[i] = v` from v). Each
    expression of a `short` statement is short."""
    kind = type(node)
    if kind is n.Assign:
        target = node.target
        indices = [(index, False) for index in (target.indices if type(target) is n.Index else ())]
        return [*indices, (node.expr, short or _short(node.expr))]
    if kind is n.Afficher:
        return [(item, short or _short(item)) for item in node.items]
    return [(node, short)]


def _short(node: object) -> bool:
    return len(nodes_below(node)) <= TALL


def element_reads(node: object) -> list[tuple[object, bool]]:
    """The element reads and the quotients (_quotient) below an expression in the order they run (an element after
    its index), each with whether it surely runs when the expression's code runs to its end: not in an arm of a
    conditional value. Both sides of ET and OU run (a side the generator may leave unevaluated reads no element:
    pysure), but a quotient there may go unevaluated (kept by none); a quotient in an index is no number's."""
    found = []
    # (node, sure, ready, in a side of ET or OU, in an index)
    work: list[tuple[object, bool, bool, bool, bool]] = [(node, True, False, False, False)]
    while work:
        item, sure, ready, either, indexed = work.pop()
        if ready:
            found.append((item, sure and not (either and type(item) is n.BuiltinCall)))
            continue
        kind = type(item)
        if kind is n.Index or (not indexed and _quotient(item)):
            work.append((item, sure, True, either, indexed))
        if kind is n.Conditional:
            parts = [(item.cond, sure), (item.then, False), (item.other, False)]
        else:
            parts = [(child, sure) for child in children(item)]
        either, indexed = either or kind is n.Logic, indexed or kind is n.Index
        work.extend((child, child_sure, False, either, indexed) for child, child_sure in reversed(parts))
    return found


def _quotient(node: object) -> bool:
    """ENT(x/y) of variables and constants (LSE's whole quotient: Q←X-ENT(X/B)*B;X←ENT(X/B) computes it twice)."""
    return type(node) is n.BuiltinCall and node.name == "ENT" and len(node.args) == 1 and type(
        quotient := node.args[0]) is n.Binary and quotient.op == "/" and _pure(quotient) is not None


def element_key(node: n.Index | n.BuiltinCall) -> tuple | None:
    """The same key for the same element of the same array, as its index's variables hold now; None if an index
    is not made of numbers, variables and arithmetic only. A quotient's, under a name no array has."""
    if type(node) is n.BuiltinCall:
        return ("&ENT", (_pure(node.args[0]),))
    parts = []
    for index in node.indices:
        part = _pure(index)
        if part is None:
            return None
        parts.append(part)
    return (node.name, tuple(parts))


def _pure(node: object, deep: int = 0) -> tuple | None:
    """An index part as a key (constants, names and operations on them), else None (or past operands.DEEPEST)."""
    kind = type(node)
    if kind is n.Num:
        return ("#", node.value)
    if kind is n.Var:
        return ("$", node.name)
    if deep > DEEPEST:
        return None
    if kind is n.Unary:
        operand = _pure(node.operand, deep + 1)
        return None if operand is None else (node.op, operand)
    if kind is n.Binary:
        left, right = _pure(node.left, deep + 1), _pure(node.right, deep + 1)
        return None if left is None or right is None else (node.op, left, right)
    return None


def _names(key: tuple) -> set[str]:
    """The array and the variables an element's key reads."""
    names, work = {key[0]}, list(key[1])
    while work:
        part = work.pop()
        if part[0] == "$":
            names.add(part[1])
        elif part[0] != "#":
            work.extend(part[1:])
    return names


def _forget(name: str, kept: dict, unit: Unit, element: bool = False) -> None:
    """Forget the elements whose key reads a variable stored into, or one that may be it; the positions of
    elements whose index reads it (an `element` stored into changes no variable, and no array's size)."""
    by_reference, own = unit.by_reference, unit.locals
    for key in list(kept):
        placing = key[0] == PLACE
        if placing and element:
            continue
        names = _names(key[1] if placing else key)
        if name in names or (name in by_reference and (names & by_reference or names - own)) or (
                name not in own and names & by_reference):
            del kept[key]
