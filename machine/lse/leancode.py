"""What UnitCompiler adds for lean procedures: straight functions, inline references; imports charges, compiler, emit.

Decision: a lean procedure without ALLER EN or FAIRE, in a program without RETOUR EN or
computed jumps, runs its lines once from its entry and leaves: its function is its entry
block, without the dispatch loop on pc. Its charges go straight to M.cyc (no local
counter to hand over at each way out), at the same places, so totals are the same and an
error still takes back what was paid ahead of it (see charges). When the entry block would
go on to another block (more lines than a block runs on into), the general form is used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from machine.lse import nodes as n
from machine.lse.charges import ANY_MARK
from machine.lse.compiler import NUMBER, SIMPLE
from machine.lse.emit import Cost, Emitter

CHARGE = re.compile(r"^(\s*)c \+= (-?\d+)(; ln = -?\d+)?$")
FLUSH = "M.cyc += c; c = 0"
COUNTER = re.compile(r"\bc\b")
INITIAL_MARK = "    ln = 0"
MARKS_FIRST = re.compile(r"^\s*(M\.cyc \+= -?\d+; )?ln = -?\d+$")
TEMP = re.compile(r"\b_o[ab](\d+)\b")  # operand temps: _oa/_ob, apart from Emitter.fresh's _a/_k
ORDER_PY = {"<": "{a} < {b}", ">": "{a} > {b}", "<=": "not ({a} > {b})", ">=": "not ({a} < {b})"}


class LeanCode:
    """Generation that only lean procedures use (mixed into UnitCompiler)."""

    def straight_source(self, name: str, sets_depth: bool) -> str | None:
        """The procedure as a function without a dispatch loop, or None if its entry block goes on elsewhere."""
        out = Emitter()
        out.emit("if _dp > _MAXD: M.too_deep()")
        if sets_depth:
            out.emit("_depth = M.depth; M.depth = _dp")
        out.emit("c = 0; ln = 0")
        self.in_straight, self.onward = True, 0
        self.emit_reload(out)  # the globals it keeps in locals
        out.emit("try:")
        out.depth += 1
        if not self.never_loops:  # it calls: recursion can run long, so the slice is checked at each entry
            entry_line = self.layout.segments[self.unit.entry_pc].line
            out.emit("if M.cyc >= M.budget:")
            out.emit(f"    M.current_line = {entry_line}; M._slice_end()")
        try:
            self.block(out, self.unit.entry_pc)
        finally:
            self.in_straight = False
        if self.onward:
            return None
        out.depth = 1
        out.emit("except _BaseException as _e:")
        out.depth += 1
        self.emit_flush(out)
        out.emit("M.stray_jump(M.unit_error(_e, ln, _NM, _PT))")  # no RETOUR EN: nothing to jump to
        if sets_depth:
            out.depth = 1
            out.emit("finally:")
            out.emit("    M.depth = _depth")
        lines, points = self.finished(out.lines)
        self.code_constants["_PT"] = tuple(points)
        params = "".join(", " + self.cache[param] for param in self.unit.params)
        return f"def {name}(M, G, _dp{params}):\n" + "\n".join(without_dead_marks(charged_directly(lines))) + "\n"

    def element_reference(self, node: n.Index) -> tuple[str, Cost]:
        """A reference to an array element: element_ref's common case (an index found as it is) inline.

        The array (a local) is looked at before the index is computed, and the index
        computed once, as element_ref's own call does, so errors come in the same order.
        """
        index = self.key(node.indices, Cost().add("array_read"))
        array, key, name = self.read_array(node.name), index.code, repr(node.name)
        if not SIMPLE.match(array) or NUMBER.match(array):
            return f"_elref({array}, {key}, {name})", index.cost
        # A cached plain array holds an array whenever it holds anything (see UnitCompiler):
        # it is only looked at first, for the error of an unset array before an unset index.
        is_array = f"{array} is not None" if node.name in self.cached_arrays else f"_type({array}) is _Array"
        numbered = NUMBER.match(key) or (len(node.indices) == 1 and isinstance(node.indices[0], n.Var)
                                          and self.var_kind(node.indices[0].name) == "n")
        if SIMPLE.match(key):
            not_meta = "" if numbered else f" and {key} is not None"  # a number is never the META key
            return (f"(({array}, {key}) if {is_array} and {key} in {array}{not_meta} "
                    f"else _elref({array}, {key}, {name}))"), index.cost
        return (f"(({array}, _ki) if {is_array} and (_ki := {key}) in {array} and _ki is not None "
                f"else _elref({array}, _ki if {is_array} else {key}, {name}))"), index.cost

    def add_code(self, left: str, right: str) -> str:
        """+ of operands of unknown kinds: two numbers added here, anything else checked by ops.add."""
        if not self.lean:
            return super().add_code(left, right)
        a, b, both_numbers = number_pair(left, right)
        return f"(({a} + {b}) if {both_numbers} else _add({a}, {b}))"

    def order_code(self, left: str, right: str, op: str) -> str:
        """< > <= >= of operands of unknown kinds: two numbers compared here, anything else by ops.order.

        ops.order gives 0 for unordered numbers, so <= is `not >` and >= is `not <`, as there.
        """
        if not self.lean:
            return super().order_code(left, right, op)
        a, b, both_numbers = number_pair(left, right)
        return f"(({ORDER_PY[op].format(a=a, b=b)}) if {both_numbers} else (_order({a}, {b}) {op} 0))"


def procedure_globals(lean: Iterable[str]) -> dict[str, str]:
    """The global by which generated code calls each lean procedure: _P and its rank among them (no program text)."""
    return {name: f"_P{rank}" for rank, name in enumerate(sorted(lean))}


def number_pair(left: str, right: str) -> tuple[str, str, str]:
    """The operands' values, each computed once and in order, and the test that both are numbers.

    An operand's code is its value when it is a number or a local that nothing computed after
    it can change; else a fresh local (one no operand's own code uses: operands nest) takes it.
    """
    number = max((int(found) for found in TEMP.findall(left + right)), default=-1) + 1
    tests, values = [], []
    for code, temp, kept in ((left, f"_oa{number}", SIMPLE.match(right)), (right, f"_ob{number}", True)):
        if NUMBER.match(code):
            values.append(code)
        elif SIMPLE.match(code) and kept:
            values.append(code)
            tests.append(f"_type({code})")
        else:
            values.append(temp)
            tests.append(f"_type({temp} := {code})")
    return values[0], values[1], " is ".join([*tests, "_float"])


def without_dead_marks(lines: list[str]) -> list[str]:
    """The lines without the marks of a line made just before leaving (nothing after them can fail).

    The first mark (`ln = 0`) goes too when the first thing the `try` does is to make its own.
    """
    out = []
    for index, line in enumerate(lines):
        if ANY_MARK.match(line):
            following = next((other for other in lines[index + 1:] if other.strip() != "pass"), "")
            if following.startswith(line[:len(line) - len(line.lstrip())] + "return "):
                continue
        out.append(line)
    if INITIAL_MARK in out and out.index(INITIAL_MARK) + 1 < len(out):
        body = out[out.index("    try:") + 1] if "    try:" in out else ""
        if MARKS_FIRST.match(body):
            out.remove(INITIAL_MARK)
    return out


def charged_directly(lines: list[str]) -> list[str]:
    """The lines with each `c += N` made on M.cyc, and no counter handed over; as they are if c has other uses."""
    out = []
    for line in lines:
        charge = CHARGE.match(line)
        if charge:
            out.append(f"{charge.group(1)}M.cyc += {charge.group(2)}{charge.group(3) or ''}")
        elif line.strip() == FLUSH:
            out.append(line[:len(line) - len(line.lstrip())] + "pass")
        elif line.strip() == "c = 0; ln = 0":
            out.append(line.replace("c = 0; ", ""))
        elif COUNTER.search(line):
            return lines
        else:
            out.append(line)
    return out
