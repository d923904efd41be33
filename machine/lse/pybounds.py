"""What a FAIRE's bounds say before it runs: which way it counts, whether it is short, its whole start, and the
code of its int shadow (first int, step, range stop) that the loop's start works out.

A part of the one code generator (pyloops.LoopCode asks); imports nodes, numbers, operands and ops (the shadows
worked out at compile time); never the runtime.
"""

from __future__ import annotations

from machine.lse import nodes as n
from machine.lse.numbers import WHOLE_EXACT
from machine.lse.operands import constant_passes, offset_of, whole_constant
from machine.lse.ops import make_counted, make_whole_pass

counted_shadow, whole_shadow = make_counted(WHOLE_EXACT), make_whole_pass(WHOLE_EXACT)

# Decision: a `for`'s start (its range, the slice's room, the float set from the int when it is left, the step
# that finds the loop done) costs about what 8 passes of the `while` save (measured: 500 ns against 120 for
# one pass, 650 against 530 for 8); a loop whose whole constant bounds give fewer passes is no `for`.
SHORT_PASSES = 8


def counts_up(step: object) -> bool | None:
    """Whether a FAIRE's step, written as a constant (or none: 1), counts up (0 does, as the run-time test
    `_st >= 0` says) or down (`PAS -1`, a minus before a constant); None where it is computed."""
    if step is None:
        return True
    if type(step) is n.Unary and step.op == "-" and type(step.operand) is n.Num:
        return step.operand.value <= 0
    return step.value >= 0 if type(step) is n.Num else None


def rising(name: str, noted: list) -> bool:
    """True if every FAIRE of a name counts up (Layout.noted holds them all): a whole counter so named
    (layout.whole_counters: started and stepped by whole constants of at most 2^23) is never below -2^23 in a loop,
    or -2^24 where the monitor set it (linker.counters_kept), so its step is tested above 2^24 alone
    (numbers.NumberModel.whole_step)."""
    return all(counts_up(node.step) for _, node in noted if type(node) is n.Faire and node.var == name)


def short(node: n.Faire, around: tuple = ()) -> bool:
    """True if a FAIRE's bounds and step are whole constants that give it fewer than SHORT_PASSES passes; or its
    start is the variable of a loop `around` it (plus a constant), a loop that counts up from a whole constant, and
    it counts up by 1 to a whole constant: `FAIRE 860 POUR J←I+1 JUSQUA 6` inside `FAIRE 880 POUR I←1 JUSQUA 5`.
    (A guess, not a proof: the outer variable may be set in its pass; either way the loop runs the same.)"""
    passes = constant_passes(node)
    if passes is not None:
        return passes < SHORT_PASSES
    limit = whole_constant(node.limit) if node.limit is not None else None
    if limit is None or node.step is not None and whole_constant(node.step) != 1 or node.cond is not None:
        return False
    first, offset = offset_of(node.start)  # (its start is no constant: constant_passes would have counted it)
    outer = [loop.node for loop in around if type(first) is n.Var and loop.node.var == first.name]
    if outer and outer[-1].cond is None and counts_up(outer[-1].step) and (
            lowest := whole_constant(outer[-1].start)) is not None:
        return limit - (lowest + offset) + 1 < SHORT_PASSES
    return False


def whole_start(node: n.Faire) -> int | None:
    """A FAIRE's start where it is a whole constant within 2^24 (its int is that start), else None."""
    start = whole_constant(node.start)
    return start if start is not None and abs(start) <= WHOLE_EXACT else None


def fixed_bounds(node: n.Faire, decided: bool) -> tuple[str, str, str] | None:
    """The codes of a FAIRE's start and step where both are whole constants within 2^24 (the step not 0), it has
    no TANT QUE and the program decides its loops, and the test of its first pass (`<=` for a step above 0, `PAS +2`
    too, as `_st >= 0` chose; `>=` below); else None. Its set-up then works out only its limit (`_lim`), stores the
    start as written, and tests `start <= _lim` where `_go` was tested: the same values compared, in the same order
    (a constant fails nowhere), with no `_s`, `_st` nor `_go` stored and read again, and only the rest of its int
    shadow worked out where it runs (see fixed_shadow). (No -0.0: only the test reads the start so, and the step
    is no zero.)"""
    start = whole_start(node)
    step = 1 if node.step is None else whole_constant(node.step)
    if not decided or node.cond is not None or start is None or not step or node.limit is None:
        return None
    return repr(float(start)), repr(float(step)), "<=" if step > 0 else ">="


def fixed_shadow(node: n.Faire, counter: str, body: int, counted: bool) -> list[str]:
    """A loop's int shadow where fixed_bounds holds and the limit is computed, its int already its start: the
    limit's test, then the int step (and the range's stop) or NaNs, as shadow's tuple gives them, with no tuple
    made and taken apart (Josephus's `FAIRE 250 POUR I←1 JUSQUA K-1` starts 125 000 times)."""
    step = 1 if node.step is None else whole_constant(node.step)
    room = repr(WHOLE_EXACT - abs(step))
    stop = ("_floor(_lim) + 1" if step > 0 else "-_floor(-_lim) - 1") if counted else None
    ints = f"_ist{body} = {step}" + (f"; _stop{body} = {stop}" if counted else "")
    nans = f"{counter} = _ist{body} = _NAN" + (f"; _stop{body} = None" if counted else "")
    return [f"if -{room} <= _lim <= {room}: {ints}", f"else: {nans}"]


def shadow(node: n.Faire, counted: bool) -> str:
    """The code of a loop's int shadow: (first int, int step[, range stop]) as ops.make_counted and
    make_whole_pass give them: worked out here where the bounds are whole constants (the same in
    either model); tested inline where they are computed (no call at each start of the loop: Shell's sort
    starts its `PAS -G` loop 400 000 times); given by them at run time from `_s, _st, _lim` only for a
    step of 0."""
    bounds = [whole_constant(part) for part in (node.start, node.step or n.Num(1.0, node.line), node.limit)]
    step = bounds[1]
    if None not in bounds:
        values = (counted_shadow if counted else whole_shadow)(*(float(bound) for bound in bounds))
        return ", ".join("_NAN" if value != value else repr(value) for value in values)
    if step == 0 or node.limit is None:
        return "_counted(_s, _st, _lim)" if counted else "_whole_pass(_s, _st, _lim)"
    exact = repr(WHOLE_EXACT)
    if step is None:  # a step computed: whole_pass's tests written out (the limit's and step's first: no infinity)
        test = (f"-{exact} <= _s <= {exact} and _abs(_lim) + _abs(_st) <= {exact} and (_sk := _floor(_s)) == _s "
                f"and (_tk := _floor(_st)) == _st")
        if not counted:
            return f"(_sk, _tk) if {test} else (_NAN, _NAN)"
        stop = "(_floor(_lim) + 1 if _tk > 0 else -_floor(-_lim) - 1) if _tk else None"
        return f"(_sk, _tk, {stop}) if {test} else (_NAN, _NAN, None)"
    # whole_pass's test: a whole start within 2^24, a limit whose distance to 2^24 holds one step
    room = repr(WHOLE_EXACT - abs(step))
    start = whole_start(node)
    limit = bounds[2]
    if start is None and limit is not None and abs(limit) <= WHOLE_EXACT - abs(step):
        # A whole constant limit within 2^24 less a step (`FAIRE 535 POUR J←I+1 JUSQUA 9`): its test holds and the
        # range's stop is a constant; only the start is tested (the 8-puzzle's rank: 0.97 of its instructions).
        test = f"-{WHOLE_EXACT!r} <= _s <= {WHOLE_EXACT!r} and (_sk := _floor(_s)) == _s"
        stop = limit + 1 if step > 0 else limit - 1
        return f"(_sk, {step}, {stop}) if {test} else (_NAN, _NAN, None)" if counted else (
            f"(_sk, {step}) if {test} else (_NAN, _NAN)")
    if start is not None:  # a whole start within 2^24: only the limit tested
        first, test = repr(start), f"-{room} <= _lim <= {room}"
    else:
        first = "_sk"
        test = f"-{WHOLE_EXACT!r} <= _s <= {WHOLE_EXACT!r} and (_sk := _floor(_s)) == _s and -{room} <= _lim <= {room}"
    if not counted:
        return f"({first}, {step}) if {test} else (_NAN, _NAN)"
    stop = "_floor(_lim) + 1" if step > 0 else "-_floor(-_lim) - 1"  # past the last int the loop takes
    return f"({first}, {step}, {stop}) if {test} else (_NAN, _NAN, None)"
