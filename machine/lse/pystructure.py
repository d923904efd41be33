"""Python code for a unit written without the dispatch: its entry blocks where control goes to them, as nested loops.

A part of the one code generator (pygen.UnitCode gives it the unit's blocks, flow and output): a relooper's
simplest form. Where it cannot write a unit so, it raises NotStructured and the unit is written again with the
dispatch (pydispatch). Imports analyses, pyflow and pyshared (the indent); never the runtime.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from machine.lse import ir, pyflow
from machine.lse.pyshared import INDENT

# How many loops a unit's code may write a second time (a short loop entered from two ways round the loop around
# it: node splitting). Decision: two make queens2's automaton structured; with no bound, copies of copies
# made compte's and queens1's code 2-2.4 times as long for no fewer dispatched units beside two.
LOOP_COPIES = 2
COPIED_ON = 2  # how many short blocks on from a copied one may be copied with it (see copyable)
JOINS_LOOKED = 8  # the entry blocks past a case's own looked at for the one its ways meet at (entries_beyond)
# How many entry blocks may be written one inside the other (each where control first goes to it). Decision:
# the writer follows control into each, a dozen Python frames deep each time; a program of 500 lines that jump
# from one to the next went past Python's recursion limit (the most of the corpus is 14): deeper, the dispatch.
NESTED_CASES = 32
# How many blocks ways_on may pass before it leaves the ways undecided. Decision: the ways from each case of a menu
# of 800 `SI C=k ALORS ALLER EN n` lines went through the whole menu (n^2); the corpus passes 119 at most.
WAYS_WALKED = 1024


class NotStructured(Exception):
    """A unit's code needs the dispatch after all (see StructuredCode.write_at)."""


class StructuredCode:
    """The nested loops of one unit (see pygen.UnitCode)."""

    def __init__(self, unit: object) -> None:
        self.unit = unit
        self.placed: set[int] = set()  # the entry blocks written (each once, but the copies below)
        self.loop_copies = 0  # the loops written a second time (see write_at)
        self.writing: set[int] = set()  # the entry blocks whose code is being written
        self.exits: list[tuple[int, int, int]] = []  # the ways out of the loop being written: (block, line, depth)

    def write_at(self, block_id: int, defer: bool = False) -> list[tuple[int, int, int]] | None:
        """Write an entry block's case where control goes to it; a loop is followed by the blocks that it is left
        for (see leave_loop), unless `defer`: then its ways out are returned.

        Decision: the dispatch costs each call of a procedure with a loop (its entry, the `pc` tests, a
        second budget test) and each pass of a loop that holds another, where the cases can be written where
        control goes to them, as Python loops, nested where one is entered from another. A loop is left by
        `break`, after `pc` is set where it is left for more than one block; a block that can come back to the
        loop being written is written inside it, any other after it (left for in turn by the loops around it).
        Each block is written once, but a short one that is no loop (pyflow.short: a RETOUR after a loop and
        after the test that skips it), which is copied, and a short loop reached again (at most LOOP_COPIES of
        them). Where a long block or one loop too many would be written twice, or a block entered again while
        it is written, the unit is written again with the dispatch (NotStructured).
        """
        unit = self.unit
        loop = unit.is_loop(block_id)
        if block_id in self.writing or len(self.writing) >= NESTED_CASES or block_id in self.placed and (
                not pyflow.short(unit.shared.ir, block_id, unit.entries)):
            raise NotStructured(block_id)
        if loop and block_id in self.placed:
            self.loop_copies += 1
            if self.loop_copies > LOOP_COPIES:
                raise NotStructured(block_id)
        self.placed.add(block_id)
        self.writing.add(block_id)
        owed, exits, fused = unit.owed, self.exits, unit.fused
        unit.owed = 0  # (as a case of the dispatch starts)
        if loop:  # (a block that is no loop is part of the loop around it: what it leaves that loop for, it keeps)
            self.exits = []
        unit.case(block_id)
        ways_out, self.exits = (self.exits, exits) if loop else ([], exits)
        unit.fused = fused
        self.writing.discard(block_id)
        if not defer:
            self.leave_loop(ways_out)
        unit.owed = owed
        return ways_out if defer else None

    def leave_loop(self, ways_out: list[tuple[int, int, int]], falls: int | None = None) -> None:
        """The code after a loop: the blocks its ways out (block, line, depth) go to, by `pc` if more than one;
        but `falls`, which the code after it runs into (see LoopCode.open_loop)."""
        out = self.unit.out
        targets = list(dict.fromkeys(target for target, _, _ in ways_out))
        if len(targets) == 1:  # one way out: a plain `break` (the lines it was written on)
            for _, at, depth in ways_out:
                out.lines[at] = INDENT * depth + "break"
        if len(targets) == 2 and falls is None:
            for first, join in (targets, targets[::-1]):
                if self.goes_on_to(first, join):
                    self.first_then(first, join)
                    return
        rest = [target for target in targets if target != falls]
        for position, target in enumerate(rest):
            if len(targets) > 1:
                out.emit("else:" if position == len(rest) - 1 and falls is None else
                         f"{'if' if position == 0 else 'elif'} pc == {target}:")
                out.depth += 1
            self.go_on(target)
            if len(targets) > 1:
                out.depth -= 1

    def goes_on_to(self, first: int, join: int) -> bool:
        """True if, of two blocks a loop is left for, every way on from the first goes to the other (or leaves the
        unit), the other never back to the first, neither yet written, and both part of the loop around (or of
        none): the first is then written in a loop run once, left by `break` for the other (see first_then).

        Decision: Arsac's floyd asks for a choice in a loop, left for its parameters' loop or past it to the
        start, which the parameters' loop runs into."""
        unit = self.unit
        fused = unit.fused
        if first in self.placed or join in self.placed or fused in (first, join) or fused is not None and not (
                self.comes_back(first, fused) and self.comes_back(join, fused)):
            return False
        return self.ways_to(first, join, round_it=True) is not None and not self.reaches(join, first)

    def reaches(self, start: int, goal: int, around: set[int] | frozenset[int] = frozenset()) -> bool:
        """True if control can go from one block to another in the unit (not through the blocks `around`)."""
        charges = self.unit.charges
        if charges.walked_out():  # (the unit is written with the dispatch: see pycharges.WALKED_PER_BLOCK)
            raise NotStructured(start)
        return charges.comes_to(start, around, goal)

    def first_then(self, first: int, join: int) -> None:
        """The blocks after a loop left for two (goes_on_to): the first, in a loop run once, then the other."""
        out = self.unit.out
        with self.run_once(join):
            out.emit(f"if pc == {first}:")
            out.depth += 1
            self.go_on(first)
            out.depth -= 1
            out.emit("break")
        self.go_on(join)

    @contextmanager
    def run_once(self, join: int, rounds: bool = False) -> Iterator[None]:
        """A loop run once, left by `break` for `join`, whose code is written inside the `with` (the unit's once_join,
        once_fused and once_rounds say so meanwhile; `rounds`: ways in it go round the loop being written)."""
        unit, out = self.unit, self.unit.out
        out.emit("while True:  # run once: a `break` goes on below")
        out.depth += 1
        before = unit.once_join, unit.once_fused, unit.once_rounds
        unit.once_join, unit.once_fused, unit.once_rounds = join, unit.fused, rounds
        yield
        unit.once_join, unit.once_fused, unit.once_rounds = before
        out.depth -= 1

    def round_loop(self) -> str:
        """Code that goes round the loop being written: `continue`, but from a loop run once inside it, which
        sets `pc` to the loop's block for the test after it (once_around)."""
        unit = self.unit
        if unit.once_rounds and unit.fused == unit.once_fused:
            return f"pc = {unit.fused}; break"
        return "continue"

    def go_on(self, target: int) -> None:
        """Go on after a loop (see write_at): round the loop it is in, to a block written here if it belongs to
        that loop (it can come back to it) or is in none, else out of that loop too. (No cycles are owed there:
        as at a case of the dispatch.)"""
        unit = self.unit
        owed, unit.owed = unit.owed, 0
        if target == unit.fused:
            unit.out.emit(self.round_loop())
        elif target == unit.once_join and unit.fused == unit.once_fused:
            unit.out.emit("break")  # (out of the loop run once that first_then or case_chain opened)
        elif target in self.placed or unit.fused is not None and not self.comes_back(target, unit.fused):
            unit.go(target)
        else:
            self.write_at(target)
        unit.owed = owed

    def copied(self, target: int) -> bool:
        """True if a block already written in the loop being written is written again where a second way in
        goes to it: a short one that comes back to the loop (a join of two ways round it, as the queens' СБ
        is of a FAIRE that ends and of a solution written). Left by `break` instead, it could not be reached
        again where it was written."""
        unit = self.unit
        return (target in self.placed and target not in self.writing and unit.fused is not None
                and pyflow.short(unit.shared.ir, target, unit.entries)
                and self.comes_back(target, unit.fused))

    def comes_back(self, start: int, head: int) -> bool:
        """True if control can go from a block to a loop's head other than through the loops around it."""
        return self.reaches(start, head, self.writing - {head})

    def case_chain(self, block_id: int) -> None:
        """A case's chain (UnitCode.chain); written without the dispatch, where every way out of it goes to one
        entry block that it meets twice or more (joined_after), inside a loop run once, left by `break` for that
        block, which is written after it."""
        unit = self.unit
        joined = self.joined_after(block_id) if unit.structured else None
        if joined is None:
            unit.chain(block_id)
            return
        self.once_around(*joined, lambda: unit.chain(block_id))

    def once_around(self, join: int, rounds: bool, write: Callable[[], None]) -> None:
        """What `write` writes, every way out of it going to `join` or, where `rounds` (joined_after says), round
        the loop being written, inside a loop run once, then `join`: a way round sets `pc` to the loop's block
        and leaves the loop run once, the test after it goes round."""
        unit = self.unit
        out = unit.out
        if rounds:
            out.emit("pc = -1")  # (no way round yet: `pc` may hold the loop's block from an earlier pass)
        with self.run_once(join, rounds):
            write()
        if rounds:
            out.emit(f"if pc == {unit.fused}: continue")
        unit.go(join)

    def joined_after(self, start: int) -> tuple[int, bool] | None:
        """The entry block that every way out of a case's own blocks (up to the entries) goes to, from two ways or
        more, where writing it at the first would leave the others no way to it (see case_chain): one
        too long to copy, not yet written, and part of the loop being written (or of none); else None. With it,
        whether ways round the loop being written are beside those that go to it (see once_around).

        Decision: the shape of a jump to a loop's last line from inside it (`SI A=0 ALORS DEBUT ...;ALLER EN
        140 FIN` beside the line that runs into 140). Its ways out must all go there (a RESULTAT or RETOUR
        aside): a `continue` or a `break` written inside the loop run once would leave that loop instead; but
        where no block is so met, ways that jump round the loop being written may be beside them, each setting
        `pc` for the test after the loop run once (an adventure's directions go on to the line that moves, its
        other verbs back to the loop that reads the next: once_around).
        """
        unit = self.unit
        found = self.entry_ways(start)
        if found is None:
            return None
        targets, ways = set(found), sum(found.values())
        rounds = False  # (a join found only with ways round the loop: then some way goes round, as the others fail)
        if len(targets) == 1 and ways >= 2:
            (join,) = targets
        else:  # (loops on the way: the one that every way, through them, goes to; else a switch's cases, each an
            # entry block, that all go on to one; else those that go to one or round the loop being written)
            join = next((target for target in sorted(targets) if self.closed(start, target)), None)
            if join is None:
                beyond = self.entries_beyond(start, set(targets))
                join = next((target for target in beyond if self.closed(start, target)), None)
                if join is None and self.may_round():
                    join = next((target for target in [*sorted(targets), *beyond]
                                 if self.closed(start, target, rounds=True)), None)
                    rounds = join is not None
            if join is None:
                return None
        if join == start or join == unit.fused or join in self.placed or join in self.writing or self.copyable(join):
            return None
        fused = unit.fused
        if fused is not None and not (self.comes_back(join, fused) or unit.is_loop(join)):
            return None
        return join, rounds

    def entries_beyond(self, start: int, first: set[int]) -> list[int]:
        """The entry blocks that the ways on from the entry blocks `first` (a case's own, two or more) meet, level
        after level (those met next, then those they meet), nearest first (JOINS_LOOKED at most): where the ways
        out of a computed jump's cases may all meet (see joined_after; a magic squares probe's cases, each a FAIRE
        or a subroutine's copy, meet three entries on, at the check they all go to).

        Decision: the figures of a LOGO reader, chosen by `ALLER EN 140+10*NF`, each go on to the line that draws
        them; found only among the cases themselves, that line was written once per case, the third time failing
        the structured code (LOOP_COPIES)."""
        if len(first) < 2 or self.unit.once_join in first:
            return []  # (no switch, or one whose ways already meet at the join of the loop run once around)
        found: list[int] = []
        level = sorted(first)
        while level and len(found) < JOINS_LOOKED:
            after = []
            for target in level:
                ways = self.entry_ways(target) if target not in self.placed and self.nested_here(target) else None
                for beyond in sorted(ways or ()):
                    if beyond not in first and beyond not in found and beyond != start and beyond != self.unit.fused:
                        found.append(beyond)
                        after.append(beyond)
            level = after
        return found[:JOINS_LOOKED]

    def closed(self, start: int, join: int, rounds: bool = False) -> bool:
        """True if every way on from a case's block, through the loops on the way, goes to `join` (or leaves the
        unit, or with `rounds` goes round the loop being written by a jump: see once_around), from two ways or
        more."""
        ways = self.ways_to(start, join, round_it=False, rounds=rounds)
        return ways is not None and ways.get(join, 0) >= 2

    def may_round(self) -> bool:
        """True if a loop run once written here may hold ways round the loop being written (its test after it
        goes round by `continue`: not inside another loop run once in that loop, whose loop it would go round)."""
        unit = self.unit
        return unit.fused is not None and not (unit.once_join is not None and unit.once_fused == unit.fused)

    def ways_to(self, start: int, join: int, round_it: bool, rounds: bool = False) -> dict[int, int] | None:
        """The ways to `join` if every way on from `start` goes there (or leaves the unit), never back to the
        loop being written (unless `rounds`, by a jump: the way round that the line end of a FAIRE makes is its
        `continue`), nor to a block already written, nor to one left for by `pc` (nested_here), nor back to
        `start` unless `round_it` (a loop left for, whose pass comes back to it); else None."""
        fused = self.unit.fused

        def refused(target: int) -> bool:
            return target in (fused, start) or target in self.placed or not self.nested_here(target)

        def stops(target: int) -> bool:
            return target == join or round_it and target == start or rounds and target == fused

        return self.ways_on(start, stops, refused, fused if rounds else None)

    def nested_here(self, block_id: int) -> bool:
        """True if a block met on the way to a join is written where it is met, inside the loop run once: no
        entry block, or one that comes back to the loop being written, or a small one that leaves the unit
        (another is left for by `pc` and `break`, which would leave the loop run once instead)."""
        fused = self.unit.fused
        return block_id not in self.unit.entries or fused is None or self.comes_back(block_id, fused) or (
            self.leaves_here(block_id))

    def leaves_here(self, block_id: int) -> bool:
        """True if an entry block is small and leaves the unit (a TERMINER, a RESULTAT): written wherever a way
        goes to it inside a loop run once (UnitCode.go), as a case of a switch that ends the run."""
        program = self.unit.shared.ir
        return type(program.blocks[block_id].exit) is ir.Leave and pyflow.small(program, block_id)

    def copied_back(self, block_id: int) -> bool:
        """True if a copy of a loop's head being written, where a jump inside a loop within it goes to it, goes
        on only round the loop being written or to blocks not yet written (a queens' AVANCE copied into its TEST
        loop); one that goes to a loop already written would leave every loop up to it (see UnitCode.go)."""
        fused, found = self.unit.fused, self.entry_ways(block_id)
        return found is not None and all(target == fused or target not in self.placed for target in found)

    def copyable(self, block_id: int, depth: int = COPIED_ON) -> bool:
        """True if the code a jump to an entry block writes can be written once for each way to it: short
        (pyflow.short), and going on to no loop not yet written (whose copies could not all be loops), nor to a
        block not yet written that comes back to the loop being written (each copy would write it there) unless
        it is copyable in turn (up to `depth` more).

        Decision: a subroutine's copy (subroutines.py) after a short line joined from four ways (`260 SI B>F
        ALORS B←F`, then `270 R←280;ALLER EN 2000`) made the short line's copies each write the long copy."""
        unit = self.unit
        found = self.entry_ways(block_id)
        if found is None or not pyflow.short(unit.shared.ir, block_id, unit.entries):
            return False
        fused = unit.fused
        for target in found:
            if target == block_id or target in self.placed or target == fused:
                continue
            if unit.is_loop(target) or fused is not None and self.comes_back(target, fused) and not (
                    depth and self.copyable(target, depth - 1)):
                return False
        return True

    def entry_ways(self, block_id: int) -> dict[int, int] | None:
        """The entry blocks that the code written from a block goes on to (its blocks up to them), each with the
        count of ways to it; None where a way is not decided."""
        entries = self.unit.entries
        return self.ways_on(block_id, entries.__contains__, lambda target: False)

    def ways_on(self, start: int, stops: Callable[[int], bool], refused: Callable[[int], bool],
                jumped_to: int | None = None) -> dict[int, int] | None:
        """The blocks where the ways on from `start` stop (`stops`), each with the count of ways to it; None where
        a way is not decided or meets a block `refused` before it stops, or goes to `jumped_to` by a FAIRE's
        or a line end's way (not a jump)."""
        # (each block's ways on are the unit's one table, worked out once: ChargePlan.ways_on)
        following_of, blocks = self.unit.charges.ways_on(), self.unit.shared.ir.blocks
        seen, work, found = {start}, [start], {}
        while work:
            if len(seen) > WAYS_WALKED:
                return None
            at = work.pop()
            following = following_of.get(at)
            if following is None:
                return None
            stepped = type(blocks[at].exit) in (ir.OpenLoop, ir.LineEnd)
            for target in following:
                if target == jumped_to and stepped:
                    return None
                if stops(target):
                    found[target] = found.get(target, 0) + 1
                elif refused(target):
                    return None
                elif target not in seen:
                    seen.add(target)
                    work.append(target)
        return found

    def go_out(self, target: int) -> None:
        """Leave the loop being written for a block written after it (see leave_loop): `pc` set, then `break`
        (a plain `break` where the loop is left for one block only)."""
        out = self.unit.out
        self.exits.append((target, len(out.lines), out.depth))
        out.emit(f"pc = {target}; break")
