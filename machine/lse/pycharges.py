"""What the blocks of one unit pay in a plain run, and what a block pays for those it runs on into.

A part of the one code generator (pygen.UnitCode asks); imports analyses, ir and pyflow only; never the runtime.
Under --profile each point is paid where it is, so nothing is paid ahead.
"""

from __future__ import annotations

from collections.abc import Callable

from machine.lse import analyses, ir, pyflow
from machine.lse.costs import expression_cost

# How many blocks the walks of one unit may pass in all (walk), per block of the unit and more. Decision: a
# question of a SI's arms (hot_arm) or of the structured writer (pystructure.reaches) walks a part of the unit;
# the corpus asks at most 34 blocks' worth a block, a program of 400 lines that jump at random 1 065, in a unit
# of 1 203 blocks (n^2 in all: its compile took 0.75 s). Past the budget, no SI has a hot arm any more (its add is
# paid before the test) and the unit is written with the dispatch: both always right, and linear.
WALKED_PER_BLOCK = 64
WALKED_ANYWAY = 4096
# How many SI may be discounted one within another (discount asks first_add of an arm, which asks paid_ahead, which
# asks the discount of the SI the arm runs on into). Decision: a menu of 250 `SI C=k ALORS ALLER EN n` lines in a
# row went past Python's recursion limit; deeper, a SI's arms pay their own adds (each discount's first answer
# stands, so the SI and its arms agree).
DISCOUNTED_WITHIN = 40


class ChargePlan:
    """The prices of one unit's blocks, and the cycles each block's add pays ahead."""

    def __init__(self, shared: object, block_ids: list[int], entries: set[int], states: dict | None,
                 roots: list[int], counting: Callable[[], bool]) -> None:
        self.shared = shared  # pyshared.ProgramCode: the prices of the charge points
        self.program = shared.ir
        self.profile = shared.profile
        self.block_ids, self.entries, self.states, self.roots = set(block_ids), entries, states, roots
        self.pass_price = shared.price(ir.PASS_COST)
        self.ahead: dict[tuple[int, int | None, bool], int] = {}  # paid_ahead's answers (by `counting` too)
        # True while a counted loop's pass is written (pyloops.LoopCode.passes), where every block is written where it
        # is gone to (pygen.go): a block that runs on into an entry pays it ahead, which is then written with no add.
        self.counting = counting
        self.prices: dict[int, int] = {}  # price_of's answers
        self.walks: dict[tuple, tuple[frozenset[int], bool]] = {}  # walk's answers
        self.comes: dict[tuple, bool] = {}  # comes_to's answers
        self.walk_budget = WALKED_PER_BLOCK * len(self.block_ids) + WALKED_ANYWAY  # (see WALKED_PER_BLOCK)
        self.hot_arms: dict[int, int | None] = {}  # hot_arm's answers (each SI's first answer stands)
        self.discounts: dict[tuple[int, int | None, bool], int] = {}  # discount's answers (the first stands)
        self.discounting = 0  # how many discounts are being worked out, one within another
        self.following: dict[int, list[int]] | None = None  # the blocks each block goes on to (see walk)

    def paid_ahead(self, block: ir.Block, stop: int | None) -> int:
        """What a block's add pays for the blocks after it: those it runs on into by Goto, and over each SI
        whose arms run on into its join, up to `stop`; then what both ways out of the SI ending it pay first.

        Decision: a block that only running on reaches is paid with the block before it, as the points of
        one block are: one add instead of one a line; an error refunds what its block had not reached.
        """
        if self.profile:
            return 0
        counting = self.counting()
        known = self.ahead.get((block.id, stop, counting))
        if known is not None:
            return known
        # Decision: the chain is walked once, and what each of its blocks pays ahead is kept (by block and
        # stop): a straight run of n lines asks at each of its blocks, and a walk from each would take n^2.
        blocks, chain = self.program.blocks, [block]
        while True:
            exit_ = block.exit
            if type(exit_) is ir.Goto and exit_.block != stop and exit_.block not in self.entries:
                block = blocks[exit_.block]
            elif counting and (entry := self.written_on(exit_, stop)) is not None:
                total = self.price_of(blocks[entry]) + self.paid_ahead(blocks[entry], None)
                break
            elif type(exit_) is ir.Branch and self.meets(exit_, stop):
                block = blocks[exit_.join]  # paid before the SI, whichever arm runs
            else:
                total = self.discount(block, exit_, stop) if type(exit_) is ir.Branch else 0
                break
            known = self.ahead.get((block.id, stop, counting))
            if known is not None:
                total = known
                break
            chain.append(block)
        self.ahead[(block.id, stop, counting)] = total
        for earlier in reversed(chain[:-1] if chain[-1] is block else chain):
            total += self.price_of(block)
            block = earlier
            self.ahead[(block.id, stop, counting)] = total
        return total

    def written_on(self, exit_: object, stop: int | None) -> int | None:
        """The entry a block's Goto or ALLER EN goes on to in a counted loop's pass, written there as its own chain
        (pygen.run_blocks, jump): paid ahead by the block (see counting). None for any other exit."""
        kind = type(exit_)
        if kind is ir.Goto:  # (one to `stop` is not gone to: the join is written after the SI)
            target = exit_.block if exit_.block != stop else None
        elif kind is ir.Jump and exit_.line is not None:  # (gone to whatever the stop: pygen.jump)
            target = self.program.jump_target(exit_)
        else:
            return None
        return target if target is not None and target in self.block_ids else None

    def discount(self, block: ir.Block, exit_: ir.Branch, stop: int | None) -> int:
        """What both ways out of a SI pay first, paid before it (see arms_discount); none deeper than
        DISCOUNTED_WITHIN."""
        key = (block.id, stop, self.counting())
        known = self.discounts.get(key)
        if known is None:
            if self.discounting >= DISCOUNTED_WITHIN:
                known = 0
            else:
                self.discounting += 1
                try:
                    known = self.arms_discount(block, exit_, stop)
                finally:
                    self.discounting -= 1
            self.discounts[key] = known
        return known

    def arms_discount(self, block: ir.Block, exit_: ir.Branch, stop: int | None) -> int:
        """What both ways out of a SI pay first, paid before it instead: the way that pays least has no add.

        Decision: only where the SI's own block pays something, so the add it joins is there anyway (the
        common `SI c ALORS ALLER EN n`: the jump's points are paid with the test, the line after pays the
        rest); and not where one arm may run on into the join that the other arm is (it would pay twice less).
        """
        join = exit_.join
        if self.profile or self.meets(exit_, stop) or not self.price_of(block):
            return 0
        arms = (exit_.yes, exit_.no)
        if join in arms and any(arm != join and pyflow.runs_into(self.program, self.entries, arm, join)
                                for arm in arms):
            return 0
        if (hot := self.hot_arm(block, exit_)) is not None:
            return self.first_add(hot, join, stop)
        return min(self.first_add(first, join, stop) for first in arms)

    def hot_arm(self, block: ir.Block, exit_: ir.Branch) -> int | None:
        """The arm of a SI that goes round a loop through the SI's block, where the other does not come back to it:
        its first add is paid with the test, and the way out gives it back (pygen.branch). None if there is none.

        The way round is the arm from which control comes back to the SI's block without passing the other arm
        (where both do, the one whose blocks only the SI's block leads into: from the unit's roots, every way to
        them passes it; the other goes round an enclosing loop; where neither is, the one that comes back in fewer
        blocks); the way out is the other arm (its add less, or a negative one: pygen.block, branch).

        Decision: a GOTO loop's test (`SI J>N ALORS ALLER EN 270`) paid two adds a pass, one before the test and
        one after; now one, and the way out one more, once. Cycle totals are unchanged, and so is the count at each
        test of the budget (the way round pays the same before the next one). First only at the loop's top; then
        (session 20) anywhere in it: a function's loop that tests twice, each test with a RESULTAT for its way out
        (primes: 0.93 of its time).
        """
        known = self.hot_arms.get(block.id, block)
        if known is not block:
            return known
        hot = self.hot_arms[block.id] = None if self.walked_out() else self.way_round(block, exit_)
        return hot

    def way_round(self, block: ir.Block, exit_: ir.Branch) -> int | None:
        """hot_arm's answer, found by walking (not once the walks' budget is spent)."""
        yes, no, join = exit_.yes, exit_.no, exit_.join
        if yes == no:
            return None
        found = []  # (cold, hot, the way round)
        for cold, hot in ((yes, no), (no, yes)):
            body, back = self.walk([hot], {cold, block.id}, block.id)
            if back:
                found.append((cold, hot, body))
        if len(found) == 2:  # both come back: the way round of the innermost loop is the one only the SI leads into
            outside = self.walk([root for root in self.roots if root != block.id], {block.id}, None)[0]
            only = [way for way in found if not way[2] & outside]
            if not only:  # (a test inside its loop: both ways reach its top from outside) the shorter way back
                steps = [self.steps_back(hot, cold, block.id) for cold, hot, _ in found]
                only = [way for way, step in zip(found, steps) if step < max(steps)]
            found = only
        if len(found) != 1 or found[0][0] == join and join in self.entries:  # (an entry's add is its own)
            return None
        return found[0][1]

    def steps_back(self, start: int, around: int, goal: int) -> int:
        """How many blocks the shortest way from `start` back to `goal` passes, not through `around` (a breadth-first
        walk of where each block goes on)."""
        following, seen, level, steps = self.ways_on(), {start, around}, [start], 0
        while level:
            steps += 1
            after = []
            for at in level:
                for target in following.get(at, ()):
                    if target == goal:
                        return steps
                    if target not in seen:
                        seen.add(target)
                        after.append(target)
            level = after
        return steps

    def ways_on(self) -> dict[int, list[int]]:
        """The blocks each block of the unit goes on to (loops decided: none if not), worked out once."""
        if self.following is None:
            self.following = {} if self.states is None else {block_id: [
                target for target, _ in analyses.loop_successors(self.program, self.program.blocks[block_id].exit,
                                                                 state) or () if target in self.block_ids]
                for block_id, state in self.states.items() if block_id in self.block_ids}
        return self.following

    def walk(self, starts: list[int], around: set[int] | frozenset[int],
             goal: int | None) -> tuple[frozenset[int], bool]:
        """The blocks control reaches from `starts` (they included), not through those `around` (loops decided: none
        if not), and whether one of them goes on to `goal` (hot_arm asks both; comes_to, the second alone)."""
        key = (tuple(starts), frozenset(around), goal)
        known = self.walks.get(key)
        if known is not None:
            return known
        following = self.ways_on()
        seen, work, met = set(starts), list(starts), False
        while work and following:
            for target in following.get(work.pop(), ()):
                met = met or target == goal
                if target not in seen and target not in around:
                    seen.add(target)
                    work.append(target)
        known = self.walks[key] = (frozenset(seen), met)
        self.walk_budget -= len(seen)
        return known

    def comes_to(self, start: int, around: set[int] | frozenset[int], goal: int) -> bool:
        """True if control goes from `start` on to `goal`, not through the blocks `around` (loops decided: never if
        not); the walk stops where it meets the goal, and its blocks count against the budget (see walk).

        Decision: the structured writer asks this alone of each way it may write (pystructure.reaches), a part of
        the unit each time; walk() went on through the whole of what it reaches, to keep it for hot_arm, which
        asks the whole (renard's walks: 0.07 of its compile)."""
        key = (start, frozenset(around), goal)
        known = self.comes.get(key)
        if known is not None:
            return known
        following = self.ways_on()
        seen, work, known = {start}, [start], False
        while work and following and not known:
            for target in following.get(work.pop(), ()):
                if target == goal:
                    known = True
                    break
                if target not in seen and target not in around:
                    seen.add(target)
                    work.append(target)
        self.comes[key] = known
        self.walk_budget -= len(seen)
        return known

    def walked_out(self) -> bool:
        """True once the walks of the unit have passed their budget of blocks (see WALKED_PER_BLOCK)."""
        return self.walk_budget < 0

    def first_add(self, first: int, join: int | None, stop: int | None) -> int:
        """The add a way out of a SI starts with: an arm's own, or the join's where the chain runs on into it
        (none where it goes to an entry)."""
        if first == join:
            if join is None or join == stop or join in self.entries or join not in self.block_ids:
                return 0
            return self.price_of(self.program.blocks[join]) + self.paid_ahead(self.program.blocks[join], stop)
        if first in self.entries:
            return 0
        block = self.program.blocks[first]
        return self.price_of(block) + self.paid_ahead(block, join)

    def meets(self, exit_: ir.Branch, stop: int | None) -> bool:
        """True if a SI's join is paid before it (plain runs): both its arms run on into it, in this chain."""
        join = exit_.join
        return (not self.profile and join is not None and join != stop and join not in self.entries
                and self.reaches_join(exit_) and pyflow.arms_meet(self.program, self.entries, exit_))

    def price_of(self, block: ir.Block) -> int:
        """What a block pays in a plain run: its points, and the pass of a loop it is sure to step."""
        price = self.prices.get(block.id)
        if price is None:
            price = self.prices[block.id] = self.shared.block_price(block) + self.merged_pass(block)
        return price

    def merged_pass(self, block: ir.Block) -> int:
        """What a block pays for the pass of a loop it is sure to step: the step, and a TANT QUE's test (0: none).

        Decision: the test is paid with the pass (pyloops.step writes no add for it): a TANT QUE loop of one way
        round had two adds a pass where a counted loop has one (collatz: 0.93 of its time)."""
        if not self.certain_pass(block):
            return 0
        cond = self.states[block.id][-1].node.cond
        return self.pass_price + (0 if cond is None else self.shared.price(expression_cost(cond)))

    def reaches_join(self, exit_: ir.Branch) -> bool:
        return exit_.join in self.block_ids

    def certain_pass(self, block: ir.Block) -> bool:
        """True if a block ends its line and a loop ending there is sure to be stepped (loops known)."""
        if self.states is None or type(block.exit) is not ir.LineEnd:
            return False
        state = self.states[block.id]
        return bool(state) and state[-1].end == block.exit.line
