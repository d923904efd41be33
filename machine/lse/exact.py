"""One-lookup array reads in plain runs, a statement run again if any fails; imports compiler, charges, emit, nodes.

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

An element read in one statement is not read again by the next ones: its value
stays in a local until anything stores into an array or changes a variable of
its key. A SI whose ALORS only jumps hands what its condition read to the
statements after it; if its condition went the general way, the keys it read
are not known to be there as they are (a fractional index), so their locals
get a value that no dict takes (NOKEY) and a store through them fails into the
general path.
"""

from __future__ import annotations

import re
from collections import Counter

from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS
from machine.lse.charges import ANY_MARK, CHARGE, POISON
from machine.lse.compiler import SIMPLE
from machine.lse.emit import Cost, Emitter, Ex
from machine.lse.parser import walk
from machine.record import record

CHAIN = ("+", "-", "*")  # operations that keep an infinity (or make NaN of it): none can hide an overflow
PURE_KEY = re.compile(r"^[\w.() +\-*,]+$")  # locals, numbers and arithmetic: no call, no table
CALL = re.compile(r"\w\(")
LOCAL = re.compile(r"\b_v\d+\b")
ONLY_FLOW = re.compile(r"^(c \+= -?\d+|ln = -?\d+|pc = -?\d+(; (break|continue))?|break|continue|pass"
                       r"|if c < lim: continue)$")  # generated lines that cannot raise
# A value or key kept for later statements is bound as `(KEPT name := code)` until unbind_unused has
# seen whether any statement takes it up. repr() writes a control character of a string as an escape,
# so no text of the program can look like KEPT.
KEPT = "\x01"
BOUND = re.compile(r"\(\x01(_r[vk]\d+) := ")
NAMED = re.compile(r"_r[vk]\d+")


class NoKey:
    """The key of an element that may not be there as it is: no dict takes it."""

    __hash__ = None  # type: ignore[assignment]


NOKEY = NoKey()


@record
class Carried:
    """What a SI's condition read, handed to the statements that follow its `if` (see ExactReads)."""

    out: Emitter
    at: int  # len(out.lines) after the `if`: only marks and charges may come between
    depth: int
    values: dict
    key_names: dict


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
    # (array, key) -> (local, statement): an element's value, and a key there as it is, kept in
    # locals by an earlier statement of the group (or by the SI before it: see Carried)
    values: dict[tuple[str, str], tuple[str, int]]
    key_names: dict[tuple[str, str], tuple[str, int]]
    serial: int  # the statement being compiled
    carried: Carried | None  # left by the last SI whose ALORS only jumps
    carry_in: Carried | None  # handed to the straight run being compiled
    binding: dict[tuple[str, str], str] | None  # the general copy of a SI condition binds these
    reused: int  # locals made so far for values and keys
    rerun_nodes: dict[int, bool]  # see reruns (the program outlives the compiler: ids stay)

    def exact_candidate(self, statement: object) -> bool:
        return isinstance(statement, n.Assign) and self.synced is None and self.reruns(statement)

    def reruns(self, node: object) -> bool:
        """reruns_alike(node), found once per node (a statement is asked about in each block it is in)."""
        known = self.rerun_nodes.get(id(node))
        if known is None:
            known = self.rerun_nodes[id(node)] = reruns_alike(node)
        return known

    def _flush_run(self, out: Emitter, run: list) -> None:
        if not run:
            return
        carried, self.carried = self.carried, None
        if (carried is not None and carried.out is out and carried.depth == out.depth
                and all(ANY_MARK.match(line) or CHARGE.match(line) for line in out.lines[carried.at:])):
            self.carry_in = carried  # nothing ran between the SI's `if` and this run
        try:
            super()._flush_run(out, run)
        finally:
            self.carry_in = None

    def straight_run(self, out: Emitter, run: list) -> Cost:
        cost, group, carry = Cost(), [], self.carry_in
        self.carry_in = None
        for statement in [*run, None]:
            if statement is not None and self.exact_candidate(statement):
                group.append(statement)
                continue
            readers = [number for number, item in enumerate(group) if reads_an_element(item)]
            start = 0 if carry is not None else readers[0] if readers else len(group)
            for item in group[:start]:  # before any element read: plain
                cost.merge(self.uncharged(out, item))
            if start < len(group):
                cost.merge(self.exact_group(out, group[start:], carry))
            group, carry = [], None
            if statement is not None:
                cost.merge(self.uncharged(out, statement))
        return cost

    def exact_group(self, out: Emitter, group: list, carry: Carried | None = None) -> Cost:
        """Emit assignments, the first of which reads an element, as one `try` of one-lookup reads.

        The general path is in its `except`; `_sn` says which statement failed, and it runs
        from that one on (any of them can fail: an unset variable, an overflow).
        """
        cost = Cost()
        fast = Emitter()
        fast.depth, fast.temp = out.depth + 1, out.temp
        self.exact, self.known = True, set()
        self.values, self.key_names = (dict(carry.values), dict(carry.key_names)) if carry else ({}, {})
        try:
            for number, statement in enumerate(group):
                if number:
                    fast.emit(f"_sn = {number}")
                self.serial += 1
                cost.merge(self.uncharged(fast, statement))
        finally:
            self.exact, self.known, self.values, self.key_names = False, set(), {}, {}
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
        if not (self.reruns(node.cond) and reads_an_element(node.cond)):
            super().st_If(out, node)
            return
        self.exact, self.known, self.values, self.key_names = True, set(), {}, {}
        self.serial += 1
        self.in_condition = True
        try:
            fast = self.value(node.cond)
        finally:
            self.exact, self.in_condition, self.known = False, False, set()
        values, key_names = self.values, self.key_names
        self.values, self.key_names = {}, {}
        self.binding = {element: local for element, (local, _) in values.items()}
        try:
            general = self.value(node.cond)
        finally:
            self.binding = None
        self.charge(out, fast.cost)
        if node.other is None:
            poison = [local for local, _ in key_names.values()]
            if self.fused_if(out, node, fast.code, general.code, poison):
                self.carried = Carried(out, len(out.lines), out.depth, values, key_names)
                return
        out.emit("try:")
        out.emit(f"    _cd = {fast.code}")
        out.emit("except _Exception:")
        out.emit(f"    _cd = {general.code}")
        out.emit("if _cd:")
        self.branches(out, node)

    def fused_if(self, out: Emitter, node: n.If, fast: str, general: str, poison: list[str]) -> bool:
        """A SI whose ALORS only jumps: the `if` itself in the `try`, its branch written twice.

        Decision: CPython fuses a comparison with the jump that follows it; kept in the `try`,
        the condition needs no _cd. The branch (charges, marks, jumps) cannot raise, so the
        `except` sees the condition's failures only. There, the keys that the condition kept
        for the statements after the SI are first made NOKEY.
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
            if condition is fast:
                out.emit("try:")
            else:
                out.emit("except _Exception:")
                if poison:
                    out.emit(f"    {' = '.join(poison)} = _NOKEY")
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
            code = super().element(array, key)
            local = self.binding.get((array, key)) if self.binding else None
            return f"({KEPT}{local} := {code})" if local else code
        if not (SIMPLE.match(array) and PURE_KEY.match(key) and not CALL.search(key)):
            return f"{array}[{key}]"
        element = (array, key)
        value = self.values.get(element)
        if value is not None and value[1] < self.serial:
            return value[0]  # read by an earlier statement, and nothing can have changed it since
        self.known.add(element)
        named = self._key_name(element)
        if named is not None:
            lookup = f"{array}[{named}]"
        elif self.in_condition or not SIMPLE.match(key):  # see Carried: a SI's keys need a local
            local = self._fresh("rk")
            self.key_names[element] = (local, self.serial)
            lookup = f"{array}[({KEPT}{local} := {key})]"
        else:
            lookup = f"{array}[{key}]"
        local = value[0] if value is not None else self._fresh("rv")
        self.values[element] = (local, self.serial)
        return f"({KEPT}{local} := {lookup})"

    def _key_name(self, element: tuple[str, str]) -> str | None:
        """The local of a key that an earlier statement found there as it is."""
        named = self.key_names.get(element)
        return named[0] if named is not None and named[1] < self.serial else None

    def _fresh(self, stem: str) -> str:
        self.reused += 1
        return f"_{stem}{self.reused}"

    def store_element(self, out: Emitter, array: str, key: str, number: str) -> None:
        named = self._key_name((array, key)) if self.exact else None
        if named is not None:
            out.emit(f"{array}[{named}] = {number}")
        elif self.exact and (array, key) in self.known:
            out.emit(f"{array}[{key}] = {number}")
        else:
            super().store_element(out, array, key, number)
        self.values = {}  # any element may be this one (an array may have two names)

    def stored_local(self, local: str) -> None:
        """A local changed: keys that use it are no longer known to be there, nor their values."""
        def unchanged(element: tuple[str, str]) -> bool:
            array, key = element
            return local != array and local not in LOCAL.findall(key)
        self.known = {element for element in self.known if unchanged(element)}
        self.values = {element: value for element, value in self.values.items() if unchanged(element)}
        self.key_names = {element: named for element, named in self.key_names.items() if unchanged(element)}


def unbind_unused(lines: list[str]) -> list[str]:
    """Keep the locals of values and keys that a later statement takes up; drop the others (see KEPT)."""
    text = "\n".join(lines)
    if KEPT not in text:
        return lines
    bindings = Counter(BOUND.findall(text))
    poisoned = {number: POISON.match(line) for number, line in enumerate(lines) if line.endswith("_NOKEY")}
    for found in poisoned.values():
        bindings.update(found.group(2).split(" = ")[:-1])
    uses = Counter(NAMED.findall(text))  # a string of the program may add uses: those are kept
    unused = {name for name, count in bindings.items() if uses[name] == count}
    kept = []
    for number, line in enumerate(lines):
        if number in poisoned:
            found = poisoned[number]
            names = [name for name in found.group(2).split(" = ")[:-1] if name not in unused]
            if names:
                kept.append(f"{found.group(1)}{' = '.join(names)} = _NOKEY")
            continue
        kept.append(_unwrap(line, unused) if KEPT in line else line)
    return kept


def _unwrap(line: str, unused: set[str]) -> str:
    """Replace each `(KEPT name := code)` by `code` if name is unused, else by `(name := code)`.

    The code is an element read or a key: no string is inside it (see PURE_KEY).
    """
    while True:
        found = BOUND.search(line)
        if found is None:
            return line
        if found.group(1) not in unused:
            line = line[:found.start() + 1] + line[found.start() + 2:]
            continue
        depth, end = 1, found.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(line[end], 0)
            end += 1
        line = line[:found.start()] + line[found.end():end - 1] + line[end:]
