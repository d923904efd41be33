"""The element indexes a unit keeps as ints beside their floats; imports analyses, ir, nodes, parser, pyexpr's names.

A part of the one code generator (pygen.UnitCode asks); never the runtime.

Decision: a float is never changed in place, so the same object is the same number. An index by a
number variable K can keep the int it names, `e_K`, beside the float `f_K` it was worked out from,
and use it again where `v_K is f_K` (queens_abs's X[K], which its loop does not change), whatever
changed K in between (a procedure, the monitor during a pause: another object). The int is NaN below
1 (no element: the general functions take the float). Which form an index takes (worked out with no
test, or tested by identity) is a guess, made from what the code before it stores: never a result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from machine.lse import analyses, ir
from machine.lse import nodes as n
from machine.lse.layout import Unit, given_by_reference
from machine.lse.parser import walk
from machine.lse.pyexpr import python_name


class KeptIndexes:
    """One unit's kept indexes: which variables are worth it, and which are likely kept where code is written."""

    def __init__(self, program: ir.ProgramIR, blocks: list[int], entries: set[int],
                 own: frozenset[str] = frozenset(), taken: frozenset[int] = frozenset()) -> None:
        self.program = program
        self.taken = taken  # the elements whose read takes an earlier one's value (reuse.py): no index written
        self.blocks = set(blocks)
        self.entries = entries
        self.own = own  # the unit's variables that are Python locals: a call stores into one only if given it
        self.names: set[str] = set()  # the variables some index keeps (their floats start as None)
        self.tested = False  # some index reads a kept int (tested by identity): else keeping them only cost
        self.worth: set[str] | None = None  # the variables whose index is worth keeping (see choose)
        self.recent: set[str] = set()  # of them, those likely kept for the same float where code is being written
        self.now: set[str] = set()  # of them, those the statement being written works out (see settle)
        self.by_statement: dict[int, set[str]] = {}  # `now` of each statement written (copies write it again)
        self.passes: dict[int, tuple[set[str], set[str]]] = {}  # in_pass's answers (choose, then each pass)
        self.stepped: dict[int, set[str]] = {}  # the variables of the FAIRE loops whose pass starts at a block
        for block_id in self.blocks:
            if type(exit_ := program.blocks[block_id].exit) is ir.OpenLoop:
                self.stepped.setdefault(exit_.body, set()).add(exit_.node.var)

    def choose(self, loops: list[int]) -> None:
        """The variables that index elements in a loop's code and that it never stores, or index twice there."""
        self.worth = set()
        for entry in loops:
            self.worth.update(*self.in_pass(entry))

    def code(self, name: str, value: str) -> str:
        """The int that the variable read by `value` indexes by: worked out, or the kept one if the float is
        the same object."""
        self.names.add(name)
        kept, seen = python_name("e", name), python_name("f", name)
        work_out = f"({kept} := _floor({seen}) if ({seen} := {value}) >= 1.0 else _NAN)"
        if name not in self.recent:  # likely another float since the last index: worked out, with no test
            self.now.add(name)
            return work_out
        self.tested = True
        return f"({kept} if {value} is {seen} else {work_out})"

    def first_line(self) -> list[str]:
        """The unit's first line: no float seen yet, so the first index works its int out."""
        return [" = ".join(python_name("f", name) for name in sorted(self.names)) + " = None"] if self.names else []

    def in_pass(self, start: int) -> tuple[set[str], set[str]]:
        """The variables that index elements in a case's code (up to other entries) and that it never stores;
        and those that index two elements or more there (J in queens_abs's X[J]=X[K], then ABS(X[J]-X[K]))."""
        known = self.passes.get(start)
        if known is None:
            known = self.passes[start] = self._in_pass(start)
        return known

    def _in_pass(self, start: int) -> tuple[set[str], set[str]]:
        program = self.program
        seen, work, nodes = {start}, [start], []
        while work:
            block_id = work.pop()
            nodes.extend(analyses.block_nodes(program, block_id))
            for target in analyses.successors(program, program.blocks[block_id]):
                if target not in seen and target not in self.entries and target in self.blocks:
                    seen.add(target)
                    work.append(target)
        indexing = analyses.index_names(nodes)
        # (and the variable of a FAIRE whose pass this is: its step, at the pass's end, is no statement)
        stored = self.stored(nodes, indexing) | self.stepped.get(start, set())
        uses = Counter(index.name for node in nodes if type(node) is n.Index and id(node) not in self.taken
                       for index in node.indices if type(index) is n.Var)
        # (a pass that calls a procedure: not twice-indexed names, which a call may have changed in between)
        twice = set() if any(type(node) is n.Call for node in nodes) else {
            name for name, count in uses.items() if count >= 2}
        return indexing - stored, twice

    def stored(self, nodes: list, names: set[str]) -> set[str]:
        """Which of `names` these nodes may store into (a guess: see the module's note). A call may store into
        any variable but the unit's own Python locals, and into those only where it is given them by name."""
        nodes = list(nodes)
        calls = [node for node in nodes if type(node) is n.Call]
        found = analyses.stored_names([node for node in nodes if type(node) is not n.Call] if calls else nodes)
        if found is None:  # (CHARGER)
            return set(names)
        if calls:
            found |= {arg.name for call in calls for arg in call.args if type(arg) is n.Var} | (names - self.own)
        return found & names

    def pass_starts(self, start: int | None) -> None:
        """A case's code starts: at the top of a loop's pass (start), what the pass never stores is likely kept."""
        self.recent = set(self.in_pass(start)[0]) if start is not None and self.worth != set() else set()

    def joined(self, before: set[str], ends: list[tuple[int, set[str]]], meets: Callable[[int], bool]) -> None:
        """After a SI's arms (each its first block and what it kept at its end): what the code at the join
        likely keeps is what every arm that `meets` the join kept, or what was kept before if none does."""
        if not before and not any(kept for _, kept in ends):  # nothing kept either way: no arm to follow
            self.recent = set()
            return
        met = [kept for first, kept in ends if meets(first)]
        self.recent = set.intersection(*met) if met else before

    def written(self, key: int | None, node: object, again: bool) -> None:
        """After a statement (written `again` from its copy, or first, under `key`): settle what it keeps."""
        if again:
            self.now.update(self.by_statement.get(key, ()))
        elif key is not None:
            self.by_statement[key] = set(self.now)
        self.after(node)

    def after(self, node: object) -> None:
        """After a statement or a condition: what it worked out is kept for what follows, less what it stores.

        Decision: a statement's indexes all take one form, chosen from what was kept before it (its parts
        may be written more than once, and not in the order they run)."""
        if not (self.recent or self.now):
            return
        kept = self.recent | self.now
        self.recent = kept - self.stored(walk(node), kept)
        self.now = set()


def entry_indexes(nodes: list, candidates: Iterable[str], units: dict[str, Unit]) -> set[str]:
    """Of `candidates` (a procedure's parameters by value held as Python locals, numbers), those that index two
    elements or more among the unit's nodes and that nothing there stores into, frees, declares or hands over to
    a parameter by reference: each index by one reads its int, worked out once at the entry (e_NAME; NaN below 1,
    as a kept index).

    Decision: a variable given to a parameter by value is handed over as its value, which the callee cannot
    change for the caller: a memoised recursion `&P(N,K-1)+&P(N-K,K)` keeps N's int (partitions: 0.94 of the
    instructions of its run)."""
    uses = Counter(index.name for node in nodes if type(node) is n.Index
                   for index in node.indices if type(index) is n.Var)
    calls = [node for node in nodes if type(node) is n.Call]
    changed = analyses.stored_names([node for node in nodes if type(node) is not n.Call])
    if changed is None:  # (CHARGER: it may store into any)
        return set()
    changed.update(name for call in calls for name in given_by_reference(call, units))
    for node in nodes:
        if type(node) is n.Chaine:
            changed.update(node.names)
        elif type(node) is n.Tableau:
            changed.update(name for name, _ in node.decls)
    return {name for name in candidates if uses[name] >= 2} - changed
