"""Computed jumps whose lines no analysis tells, written for the lines they likely go to: `ALLER EN 500+10*K` with K
read in or counted tests 500, 510, ... where those lines are; any other line makes the run go on in code built
without the guess. Imports nodes, ir and analyses; never the generator or the runtime.

Decision: one jump that may go to any line makes its unit a dispatch whose FAIRE loops are kept on a stack at run
time (a LOGO interpreter whose figures are chosen by `ALLER EN 140+10*NF`: 1.4 times as long as with the lines
written out). A jump `a+b*E` of the main program's own lines is told the lines a+b*k that its unit holds in a row
(from the first: _run_of_lines; inside FAIRE loops, within the innermost: _inside_loops); a value that is another
line raises Speculated, and the runtime builds the program again from that line, with the variables as they are
(as a run started at a line from the prompt takes them) and the loops open at the jump that hold the line (their
steps and limits given by the code: pydispatch.DispatchCode.deopt), on the run-time stack of a main program that
keeps its loops so; no procedure is running. Built with the guesses taken on to that line where it is further
along a guessed row and no loop is open (a switch of more cases than guessed: GUESSED_AGAIN times in a run at
most), else without guesses, for the rest of the run. A value that is no line fails as the jump to it does.
"""

from __future__ import annotations

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import goes_anywhere
from machine.lse.operands import DEEPEST, remainder_parts

GUESSED = 10  # the lines of a switch guessed in a row, from the first a jump's base and step reach (ten cases)
# Inside FAIRE loops, the whole row within the innermost loop's lines, up to this many: a line past the guess there
# builds the program again without any guess (the run cannot be taken up again with loops open and guessed).
GUESSED_IN_A_LOOP = 64
# A guessed jump that goes to a line further along its row builds the program again with the row taken on to
# that line, this many times in a run at most; another line, or once more, builds it with no guess.
GUESSED_AGAIN = 4
# A row taken on goes this many lines at most: a jump further along it builds with no guess (each jump of a program
# whose every line jumps to any of them tests its row: code in the square of the row's length).
ROW_MOST = GUESSED_IN_A_LOOP


class Speculated(Exception):  # noqa: N818 (control flow, as Terminate and ReturnTo, not an error)
    """A guessed jump went to a line it was not told: the run goes on there in code built without guesses."""

    def __init__(self, block: int, loops: list | None = None) -> None:
        super().__init__(block)
        self.block = block
        self.loops = loops or []  # the FAIRE loops open there (frames.Loop), outermost first


class NotSpeculated(Exception):  # noqa: N818
    """A guess the code cannot leave safely (loops not decided at the jump, a line another unit runs): build without."""


def guess_lines(program: ir.ProgramIR, lines: frozenset[int], seen: frozenset[int] = frozenset()) -> set[int]:
    """Tell each jump of the main program's own `lines` that may go to any line the lines it likely goes to
    (see the module's decision; a row taken on to the lines a guessed jump was `seen` going to), marking it
    speculative, where every such jump of the program can be; the lines of the jumps so told."""
    guesses = []
    spans, held = loop_spans(program), {}
    for block in program.blocks:
        exit_ = block.exit
        if not goes_anywhere(exit_):
            continue
        affine = _affine(exit_.expr) if block.line in lines else None
        if affine is None or affine[1] == 0:
            return set()  # (a jump left to go anywhere keeps the loops at run time all the same)
        within, looped = _inside_loops(program, block.line, lines, spans, held)
        found = _run_of_lines(*affine, within, seen, GUESSED_IN_A_LOOP if looped else GUESSED)
        if not found:
            return set()
        guesses.append((block, found))
    for block, found in guesses:
        block.exit.found_lines, block.exit.speculative = found, True
    return {block.line for block, _ in guesses}


def on_a_row(program: ir.ProgramIR, lines: frozenset[int], line: int) -> bool:
    """True if a guessed jump of the main program's own `lines` has `line` further along its row of lines (no gap
    before it): the program is built again with that row taken on to it (Runtime._unguessed)."""
    for block in program.blocks:
        exit_ = block.exit
        if type(exit_) is ir.Jump and exit_.speculative and block.line in lines:
            affine = _affine(exit_.expr)
            within, looped = _inside_loops(program, block.line, lines)
            if affine is not None and affine[1] and not looped and line in _run_of_lines(
                    *affine, within, frozenset([line])):
                return True
    return False


def loop_spans(program: ir.ProgramIR) -> list[tuple[int, int]]:
    """The first and last line of each FAIRE loop of the program."""
    return [(exit_.at, exit_.end) for block in program.blocks
            if type(exit_ := block.exit) is ir.OpenLoop and exit_.end is not None]


def _inside_loops(program: ir.ProgramIR, line: int, lines: frozenset[int], spans: list | None = None,
                  held: dict | None = None) -> tuple[frozenset[int], bool]:
    """Those of `lines` that a jump on `line` reaches without leaving the innermost FAIRE whose lines hold it, its
    own line left out (by the lines the loops span; all of them where none does), and whether one does (`spans`:
    loop_spans, and `held`: the lines found for each span, where the caller asks for many jumps).

    Decision: a line past the loop (or the FAIRE's own, which opens it again) is reached with other loops open than
    the same line by the run's own way, which leaves the loops undecided and the guess unmade (magic squares whose
    switch in two loops was guessed ten lines long, four past the loops, and not made: once guessed within them,
    0.93-0.95 of the time, compiled in 0.7).
    A jump there goes on in code built without the guess, with the loops open at the jump on its stack."""
    spans = [(at, end) for at, end in (loop_spans(program) if spans is None else spans) if at <= line <= end]
    if not spans:
        return lines, False
    span = max(spans)  # (the innermost: the latest to start)
    held = {} if held is None else held
    if span not in held:  # (many jumps in one loop: its lines found once, 2 000 jumps took 2.6 s)
        held[span] = frozenset(number for number in lines if span[0] < number <= span[1])
    return held[span], True


def _run_of_lines(base: int, step: int, lines: frozenset[int], seen: frozenset[int] = frozenset(),
                  most: int = GUESSED) -> tuple[int, ...]:
    """The lines base+step*k from the first that `lines` holds (k from 0 to GUESSED-1) to the next it lacks: `most`
    of them at most, or up to the last of them a guessed jump was `seen` going to.

    Decision: a switch's cases are lines in a row; the lines past a gap are often another part of the program
    (a loop's body, which a jump from outside would make undecided), where a wrong guess costs a second build. The
    row is counted from its first line: `ALLER EN 100+10*K` with K from 1 goes to 110 ... 200 (counted from the
    base, the tenth case was left out, and its first pass built the whole program again without a guess)."""
    first = next((k for k in range(GUESSED) if base + step * k in lines), None)
    if first is None:
        return ()
    row: list[int] = []
    line = base + step * first
    # (each one a line of the program; the row taken no further than is kept: 2 000 jumps each among every line of
    # the program took 1.7 s)
    ahead = {number for number in seen if (number - line) % step == 0 and (number - line) * step >= 0}
    while line in lines and (len(row) < most or ahead) and len(row) < ROW_MOST:
        row.append(line)
        ahead.discard(line)
        line += step
    last = max((at for at, line in enumerate(row) if line in seen), default=0)
    return tuple(sorted(row[:max(most, last + 1)]))


def _affine(expr: object, deep: int = 0) -> tuple[int, int] | None:
    """(a, b) where an expression is a+b*E for whole constants a and b and one part E that is no constant (b=0: a
    constant); None where it is not so (or is more than operands.DEEPEST operations deep)."""
    kind = type(expr)
    if kind is n.Num:
        return (int(expr.value), 0) if expr.value == int(expr.value) else None
    if deep > DEEPEST:
        return None
    if kind is n.Unary and expr.op == "-":
        found = _affine(expr.operand, deep + 1)
        return None if found is None else (-found[0], -found[1])
    if kind is n.Binary and expr.op == "-" and remainder_parts(expr) is not None:
        return 0, 1  # (LSE's remainder X-ENT(X/M)*M: one part, as a built-in's value is)
    if kind is n.Binary and expr.op in "+-*":
        left, right = _affine(expr.left, deep + 1), _affine(expr.right, deep + 1)
        if left is None or right is None:
            return None
        if expr.op == "*":
            if left[1] and right[1]:
                return None
            (base, step), factor = (left, right[0]) if right[1] == 0 else (right, left[0])
            return base * factor, step * factor
        if left[1] and right[1]:
            return None
        sign = 1 if expr.op == "+" else -1
        return left[0] + sign * right[0], left[1] + sign * right[1]
    return 0, 1
