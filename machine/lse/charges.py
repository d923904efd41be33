"""Merge the cycle charges of straight-line generated code into one add, refunding on errors; imports re.

Decision: in a run of simple statements at one indentation (a group of
one-lookup reads counts as one), with nothing that reads the cycle counter in
between, every `c += N` is made at the first charge point. Where a later
charge stood, `ln` takes a point number (negative) that names the line and
how many cycles were paid in advance there; an error or a RETOUR EN landing at
that point refunds them, so totals stay those of charging each statement where
it starts.
"""

from __future__ import annotations

import re

CHARGE = re.compile(r"^(\s*)c \+= (-?\d+)$")
LINE_MARK = re.compile(r"^(\s*)ln = (\d+)$")
ANY_MARK = re.compile(r"^(\s*)ln = -?\d+$")  # a line or a point
CHARGE_MARKED = re.compile(r"^(\s*)c \+= (-?\d+); ln = -?\d+$")
READS_COUNTER = re.compile(r"\bc\b")
# The frame of a group of one-lookup reads (see exact.py): straight code, one statement or the other runs.
GROUP_FRAME = re.compile(r"^(try:|except _Exception:)$")
GROUP_INNER = re.compile(r"^if _sn <= \d+:$")
GROUP_START = re.compile(r"^\s*_sn = \d+$")
TRANSFERS = re.compile(r"\b(continue|break|return|pass)\b")
IF_LINE = re.compile(r"^(\s*)if (.+):$")
POISON = re.compile(r"^(\s*)((?:_rk\d+ = )+)_NOKEY$")  # keys made NOKEY (see exact.Carried)
LEAVES = re.compile(r"^(continue|break|return\b.*|pc = -?\d+; (break|continue))$")  # never falls through


# Decision: each test looks for its fixed text before running its pattern: merging reads every
# generated line several times, and a pattern costs more than a substring test (start-up time).
def _charge(line: str) -> re.Match | None:
    return CHARGE.match(line) if "c += " in line else None


def _charge_marked(line: str) -> re.Match | None:
    return CHARGE_MARKED.match(line) if "c += " in line else None


def _line_mark(line: str) -> re.Match | None:
    return LINE_MARK.match(line) if "ln = " in line else None


def _any_mark(line: str) -> re.Match | None:
    return ANY_MARK.match(line) if "ln = " in line else None


def _if_line(line: str) -> re.Match | None:
    return IF_LINE.match(line) if "if " in line else None


def merge_charges(lines: list[str]) -> tuple[list[str], list[tuple[int, int]]]:
    """Return the lines with charges merged, and the points: (line number, cycles paid in advance)."""
    merger = _Merger(list(lines))
    merger.run()
    return _marks_into_handlers(_drop_dead_marks(merger.out)), merger.points


def _marks_into_handlers(lines: list[str]) -> list[str]:
    """Move the mark made just before a group's `try` into its `except`, the only way out that reads it.

    Decision: the one-lookup copy in the `try` sends every failure to the `except`, where the
    general path runs; where the code after the group makes a mark of its own before anything
    that can fail, nothing else reads this one, so it is made there, on the rare path, or not at
    all where the `except` makes its own.
    """
    out = list(lines)
    index = 0
    while index < len(out) - 1:
        mark = _any_mark(out[index]) or _charge_marked(out[index])
        indent = mark.group(1) if mark else ""
        start = index + 1
        while start < len(out) and _charge(out[start]) and _charge(out[start]).group(1) == indent:
            start += 1  # charges cannot fail: the mark may pass them
        start += start < len(out) and out[start].startswith(indent) and bool(GROUP_START.match(out[start]))
        if not (mark and start < len(out) and out[start] == f"{indent}try:"):
            index += 1
            continue
        handler = start + 1
        while handler < len(out) and out[handler].startswith(indent + " "):
            handler += 1
        after = handler + 1
        while after < len(out) and out[after].startswith(indent + " "):
            after += 1
        while after < len(out) and _charge(out[after]) and _charge(out[after]).group(1) == indent:
            after += 1
        marked_after = after < len(out) and (_any_mark(out[after]) or _charge_marked(out[after]))
        if (handler >= len(out) or out[handler] != f"{indent}except _Exception:" or not marked_after
                or marked_after.group(1) != indent):
            index += 1  # the code after the group runs on this mark: it stays
            continue
        text, _, number = out[index].rpartition("ln = ")
        if not _any_mark(out[handler + 1]):
            out.insert(handler + 1, f"{indent}    ln = {number}")
        if _charge_marked(out[index]):
            out[index] = text.removesuffix("; ")
        else:
            del out[index]
            index -= 1
        index += 2
    return out


def _drop_dead_marks(lines: list[str]) -> list[str]:
    """Remove a line mark that a later one overwrites with only charges between (nothing that can fail)."""
    kept: list[str] = []
    for text in lines:
        mark = _any_mark(text) or _charge_marked(text)
        if mark:
            _drop_mark_before(kept, mark.group(1))
        kept.append(text)
    return kept


def _drop_mark_before(kept: list[str], indent: str) -> None:
    """Drop the mark made just before, at this indentation, if only charges follow it."""
    for back in range(len(kept) - 1, -1, -1):
        line = kept[back]
        marked, charged = _any_mark(line), _charge_marked(line)
        if marked and marked.group(1) == indent:
            del kept[back]
            return
        if charged and charged.group(1) == indent:
            kept[back] = f"{indent}c += {charged.group(2)}"
            return
        plain = _charge(line)
        if not (plain and plain.group(1) == indent):
            return


class _Merger:
    """One pass over generated lines, keeping the open run of mergeable charges."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines  # the input, which _pay_branch_ahead rewrites just ahead of the pass
        self.out: list[str] = []
        self.points: list[tuple[int, int]] = []
        self.line = 0
        self.indent: str | None = None  # of the open run
        self.anchor = -1  # index in out of the run's first charge
        self.pending: list[tuple[int, int, int]] = []  # (index in out, line, cycles charged there)
        self.first = 0
        self.anchor_line = 0
        self.exits: list[tuple[int, int, int]] = []  # side exits of the open run (see _side_exit)
        self.suspended: list[tuple] = []  # runs open around the side exit being read

    def run(self) -> None:
        index = 0
        while index < len(self.lines):
            self._pay_branch_ahead(index)
            text = self.lines[index]
            indent = len(text) - len(text.lstrip())
            while self.suspended and indent <= len(self.suspended[-1][0]):
                self.close()
                self.indent, self.anchor, self.pending, self.first, self.anchor_line, self.exits = (
                    self.suspended.pop())
            if not self._side_exit(index):
                self.take(text)
            index += 1
        self.close()
        while self.suspended:
            self.indent, self.anchor, self.pending, self.first, self.anchor_line, self.exits = self.suspended.pop()
            self.close()

    def _side_exit(self, index: int) -> bool:
        """At `if X:` whose block starts with a charge and never falls through, keep the run open past it.

        Decision: the run goes on after the block, so the way past it makes one add fewer; the
        block pays for what the run charged after the `if` by taking it back in its own first
        charge (one add, as before), and marks its line again.
        """
        found = _if_line(self.lines[index])
        if found is None or self.indent != found.group(1) or READS_COUNTER.search(found.group(2)):
            return False
        block = self._leaving_block(index + 1, self.indent + "    ")
        after = self.lines[block[0]] if block is not None and block[0] < len(self.lines) else ""
        if block is None or not after.startswith(self.indent) or after[len(self.indent)] == " " or (
                after.strip().startswith(("else:", "elif "))):
            return False
        self.out.append(self.lines[index])
        sofar = self.first + sum(cycles for _, _, cycles in self.pending)
        self.exits.append((len(self.out), sofar, self.line))
        self.suspended.append((self.indent, self.anchor, self.pending, self.first, self.anchor_line, self.exits))
        self.indent, self.pending, self.exits = None, [], []
        return True

    def _leaving_block(self, start: int, inner: str) -> tuple[int, int] | None:
        """(end, cycles) of the block from start at `inner` if it starts with a charge and never falls through."""
        end = start
        while end < len(self.lines) and self.lines[end].startswith(inner):
            end += 1
        first = _charge(self.lines[start]) if start < end else None
        last = [line for line in self.lines[start:end] if line.startswith(inner) and line.strip() != "pass"]
        if (first is None or first.group(1) != inner or int(first.group(2)) <= 0
                or not last or last[-1][:len(inner)] != inner or not LEAVES.match(last[-1][len(inner):])):
            return None
        return end, int(first.group(2))

    def _resumes(self, index: int, indent: str) -> int | None:
        """The index of the charge that the way past a block starts with (after its marks), if any."""
        while index < len(self.lines) and _line_mark(self.lines[index]) and self.lines[index].startswith(indent):
            index += 1
        resumes = _charge(self.lines[index]) if index < len(self.lines) else None
        return index if resumes is not None and resumes.group(1) == indent else None

    def _pay_fused_branch_ahead(self, index: int) -> None:
        """The same as _pay_branch_ahead, for a SI fused into its `try` (see exact.fused_if).

        The condition is worked out after the charge here: a failure of the one-lookup copy is
        caught, and the general copy runs at a point that refunds the charge.
        """
        indent = self.indent
        inner, deeper = indent + "    ", indent + "        "
        if self.lines[index] != f"{indent}try:" or not _if_line(self.lines[index + 1]):
            return
        first = self._leaving_block(index + 2, deeper)
        if first is None or self.lines[first[0]] != f"{indent}except _Exception:":
            return
        handler = first[0]
        cond = handler + 1 + bool(POISON.match(self.lines[handler + 1]))  # the keys made NOKEY first
        second = self._leaving_block(cond + 1, deeper) if _if_line(self.lines[cond]) else None
        past = self._resumes(second[0], indent) if second is not None else None
        if past is None or self.lines[index + 2:first[0]] != self.lines[cond + 1:second[0]]:
            return
        cycles = first[1]
        self.lines.insert(past + 1, f"{indent}c += {-cycles}")
        del self.lines[cond + 1]
        self.lines.insert(handler + 1, f"{inner}ln = {self._point(self.line, cycles)}")
        del self.lines[index + 2]
        self.lines.insert(index, f"{indent}c += {cycles}")

    def _pay_branch_ahead(self, index: int) -> None:
        """At `if _cd:` whose block starts with a charge and never falls through, pay that charge in the run.

        Decision: the run before the `if` pays the block's first charge too (the condition was
        worked out before, into _cd, so an error in it refunds that like any charge paid ahead),
        and the way past the block takes it back in the run that starts there: the taken branch
        makes one add fewer, the other as many as before.
        """
        if self.indent is None:
            return
        self._pay_fused_branch_ahead(index)
        found = _if_line(self.lines[index])
        if found is None or self.indent != found.group(1) or found.group(2) != "_cd":
            return  # a condition in the `if` itself stays there: CPython fuses a compare with its jump
        indent = found.group(1)
        block = self._leaving_block(index + 1, indent + "    ")
        past = self._resumes(block[0], indent) if block is not None else None
        if past is None:
            return
        cycles = block[1]
        self.lines.insert(past + 1, f"{indent}c += {-cycles}")
        del self.lines[index + 1]
        self.lines.insert(index, f"{indent}c += {cycles}")

    def take(self, text: str) -> None:
        charge, mark = _charge(text), _line_mark(text)
        indent = text[:len(text) - len(text.lstrip())]
        if mark:
            self.line = int(mark.group(2))
        if self.indent is not None and not (charge or mark) and self._inside_group(indent, text.strip()):
            self.out.append(text)
            return
        if self.indent is not None and indent == self.indent and (charge or mark or not self._boundary(text)):
            if charge or mark:
                self.pending.append((len(self.out), self.line, int(charge.group(2)) if charge else 0))
                self.out.append(indent)  # filled in when the run closes
            else:
                self.out.append(text)
            return
        self.close()
        if charge:
            self.indent, self.anchor, self.first = indent, len(self.out), int(charge.group(2))
            self.anchor_line = self.line
        self.out.append(text)

    def _inside_group(self, indent: str, body: str) -> bool:
        """A line of a group of one-lookup reads, which a run of charges may span."""
        if indent == self.indent:
            return bool(GROUP_FRAME.match(body))
        return len(indent) > len(self.indent) and (bool(GROUP_INNER.match(body)) or not self._boundary(body))

    @staticmethod
    def _boundary(text: str) -> bool:
        body = text.strip()
        return body.endswith(":") or bool(TRANSFERS.search(body)) or bool(READS_COUNTER.search(body))

    def close(self) -> None:
        if self.indent is None:
            return
        total = self.first + sum(cycles for _, _, cycles in self.pending)
        self.out[self.anchor] = f"{self.indent}c += {total}"
        ahead = total - self.first
        self.out[self.anchor] += f"; ln = {self._point(self.anchor_line, ahead)}" if ahead else ""
        for index, line, cycles in self.pending:
            ahead -= cycles
            self.out[index] = f"{self.indent}ln = {self._point(line, ahead)}"
        for index, sofar, line in self.exits:
            taken_back = total - sofar
            charge = _charge(self.out[index]) or _charge_marked(self.out[index])
            mark = self.out[index].partition("; ln = ")[2] or str(line)
            self.out[index] = f"{charge.group(1)}c += {int(charge.group(2)) - taken_back}; ln = {mark}"
        self.indent, self.pending, self.exits = None, [], []

    def _point(self, line: int, ahead: int) -> int:
        if not ahead:
            return line
        self.points.append((line, ahead))
        return -len(self.points)
