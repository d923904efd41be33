"""Array reads of one lookup in plain runs, with the statement run again if anything fails; imports compiler, nodes.

Decision: an array is a plain dict (see values.new_array); an element whose key
is in it as it is costs one lookup that CPython specialises. A fractional index
(to be truncated) or one out of range is not there, and raises KeyError. A
statement whose evaluation has no effect before its final store (no procedure
call, no built-in that draws, scans or stores a position, no `!`, no inline
SI) can then simply be run again by the general path (ops.read, ops.put, every
overflow check), which gives the element, or the first error, exactly as
before. So the one-lookup copy may also fail differently (it checks a chain of
+ - * once, at its end); any exception sends it to the general path.
Consecutive such assignments, from one that reads an element on, form a group
in one `try`; `_sn` says which one failed, and the general path runs from that
one on. A key read in the group (by
a lookup that cannot have truncated it) is known to be in the array until a
variable of the key changes: a later store to it needs no membership test.
"""

from __future__ import annotations

import re

from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS
from machine.lse.compiler import SIMPLE, Cost, Emitter, Ex
from machine.lse.parser import walk

CHAIN = ("+", "-", "*")  # operations that keep an infinity (or make NaN of it): none can hide an overflow
PURE_KEY = re.compile(r"^[\w.() +\-*,]+$")  # locals, numbers and arithmetic: no call, no table
CALL = re.compile(r"\w\(")
LOCAL = re.compile(r"\b_v\d+\b")
ONLY_FLOW = re.compile(r"^(c \+= -?\d+|ln = -?\d+|pc = -?\d+(; (break|continue))?|break|continue|pass"
                       r"|if c < lim: continue)$")  # generated lines that cannot raise


def reruns_alike(node: object) -> bool:
    """True if evaluating node twice has the effects of once (it reads, computes, and may fail)."""
    for part in walk(node):
        if isinstance(part, (n.Call, n.Conditional)):
            return False
        if isinstance(part, n.Binary) and part.op == "!":
            return False
        if isinstance(part, n.BuiltinCall):
            spec = BUILTINS[part.name]
            if spec.fn is None or spec.scan is not None or part.position_out is not None:
                return False
    return True


def reads_an_element(node: object) -> bool:
    """True if node reads an array element (a store's own target does not count)."""
    if isinstance(node, n.Assign):
        target = node.target
        indices = target.indices if isinstance(target, n.Index) else ()
        return reads_an_element(node.expr) or any(reads_an_element(index) for index in indices)
    return any(isinstance(part, n.Index) for part in walk(node))


class ExactReads:
    """What UnitCompiler adds for exact reads: groups of assignments, SI conditions, known keys."""

    exact: bool  # compiling the one-lookup copy of a group (set by the compiler's constructor)
    known: set[tuple[str, str]]  # (array, key) codes read in this group so far
    pass_lines: list[int]  # see FastLoops
    in_chain: bool  # the operand being compiled is a + - * inside another (one-lookup copy only)

    def exact_candidate(self, statement: object) -> bool:
        return isinstance(statement, n.Assign) and self.synced is None and reruns_alike(statement)

    def straight_run(self, out: Emitter, run: list) -> Cost:
        cost, group = Cost(), []
        for statement in [*run, None]:
            if statement is not None and self.exact_candidate(statement):
                group.append(statement)
                continue
            readers = [number for number, item in enumerate(group) if reads_an_element(item)]
            for item in group[:readers[0] if readers else len(group)]:  # before any element read: plain
                cost.merge(self.uncharged(out, item))
            if readers:
                cost.merge(self.exact_group(out, group[readers[0]:]))
            group = []
            if statement is not None:
                cost.merge(self.uncharged(out, statement))
        return cost

    def exact_group(self, out: Emitter, group: list) -> Cost:
        """Emit assignments, the first of which reads an element, as one `try` of one-lookup reads.

        The general path is in its `except`; `_sn` says which statement failed, and it runs
        from that one on (any of them can fail: an unset variable, an overflow).
        """
        cost = Cost()
        fast = Emitter()
        fast.depth, fast.temp = out.depth + 1, out.temp
        self.exact, self.known = True, set()
        try:
            for number, statement in enumerate(group):
                if number:
                    fast.emit(f"_sn = {number}")
                cost.merge(self.uncharged(fast, statement))
        finally:
            self.exact, self.known = False, set()
        general = Emitter()
        general.depth, general.temp = out.depth + 1, fast.temp
        for number, statement in enumerate(group):
            if len(group) > 1:
                general.emit(f"if _sn <= {number}:")
                general.depth += 1
            self.uncharged(general, statement)  # paid once, by the copy above
            general.depth = out.depth + 1
        out.temp = general.temp
        if len(group) > 1:
            out.emit("_sn = 0")
        out.emit("try:")
        out.lines.extend(fast.lines)
        out.emit("except _Exception:")
        out.lines.extend(general.lines)
        return cost

    def st_If(self, out: Emitter, node: n.If) -> None:
        if not (reruns_alike(node.cond) and reads_an_element(node.cond)):
            super().st_If(out, node)
            return
        self.exact, self.known = True, set()
        try:
            fast = self.value(node.cond)
        finally:
            self.exact, self.known = False, set()
        general = self.value(node.cond)
        self.charge(out, fast.cost)
        if node.other is None and self.fused_if(out, node, fast.code, general.code):
            return
        out.emit("try:")
        out.emit(f"    _cd = {fast.code}")
        out.emit("except _Exception:")
        out.emit(f"    _cd = {general.code}")
        out.emit("if _cd:")
        self.branches(out, node)

    def fused_if(self, out: Emitter, node: n.If, fast: str, general: str) -> bool:
        """A SI whose ALORS only jumps: the `if` itself in the `try`, its branch written twice.

        Decision: CPython fuses a comparison with the jump that follows it; kept in the `try`,
        the condition needs no _cd. The branch (charges, marks, jumps) cannot raise, so the
        `except` sees the condition's failures only.
        """
        then = Emitter()
        then.depth, then.temp = out.depth + 2, out.temp
        recorded = len(self.pass_lines)
        self.statements(then, (node.then,))
        own = self.pass_lines[recorded:]
        del self.pass_lines[recorded:]
        if not then.lines or not all(ONLY_FLOW.match(line.strip()) for line in then.lines):
            return False
        out.temp = then.temp
        for condition in (fast, general):
            out.emit("try:" if condition is fast else "except _Exception:")
            out.emit(f"    if {condition}:")
            self.pass_lines += [len(out.lines) + line for line in own]  # see FastLoops.rotate
            out.lines.extend(then.lines)
        return True

    def operand(self, parent: n.Binary, child: object) -> Ex:
        # In the one-lookup copy, a + - * whose result feeds another + - * is not checked for
        # overflow: an infinity (or the NaN it makes) reaches the outer check, which raises, and
        # the general path then runs the statement again and reports the first error exactly.
        self.in_chain = self.exact and parent.op in CHAIN and isinstance(child, n.Binary) and child.op in CHAIN
        return super().operand(parent, child)

    def unchecked_result(self) -> bool:
        unchecked, self.in_chain = self.in_chain, False
        return unchecked

    def unchecked_operands(self, node: n.Binary) -> bool:
        return self.exact and node.op in CHAIN and any(
            isinstance(child, n.Binary) and child.op in CHAIN for child in (node.left, node.right))

    def element(self, array: str, key: str) -> str:
        if not self.exact:
            return super().element(array, key)
        if SIMPLE.match(array) and PURE_KEY.match(key) and not CALL.search(key):
            self.known.add((array, key))
        return f"{array}[{key}]"

    def store_element(self, out: Emitter, array: str, key: str, number: str) -> None:
        if self.exact and (array, key) in self.known:
            out.emit(f"{array}[{key}] = {number}")
            return
        super().store_element(out, array, key, number)

    def stored_local(self, local: str) -> None:
        """A local changed: keys that use it are no longer known to be there."""
        if self.known:
            self.known = {(array, key) for array, key in self.known
                          if local != array and local not in LOCAL.findall(key)}
