"""A procedure's call of itself as its RESULTAT, written as a jump back to its entry: `&PGCD(B,A-ENT(A/B)*B)`.

A part of the one code generator (pygen.UnitCode and pystmt.StatementCode ask); imports the generator's names
only; never the runtime.

Decision: the call is the last thing its frame does, so the caller's frame does nothing after it but give back
its result: the callee may run in the caller's Python frame, its parameters rebound to the arguments and its code
run again from the entry (`while True` round the procedure's code). It is exact where nothing else tells the two
frames apart:
- the procedure is straight (no loop, no jump back, one entry, not written structured): its code holds no Python
  loop of its own, so the `continue` goes back to its entry;
- every parameter is a Python local given by value (or a reference given its value, passing.given_as_values) and
  it has no other variable (none left set from the pass before, where the call would have it unset), no table,
  no memory held, nothing given back in a `finally`, no int worked out from a parameter at the entry
  (pygen.entry_indexes), no array read at the entry (analyses.settled_arrays), no copied reference;
- a `RETOUR EN` nowhere in the program (no handler goes on at a line), a plain run (the profile and the debugger
  count each call's frame);
- the arguments are worked out, in their order, before any parameter is rebound (one tuple), as the call does;
  then what the callee's entry does: the depth one more and tested (where its entry tests it), the budget
  tested (where its entry tests it), on the same Python line's table entry as the call: an error there (too
  deep, a slice's end that raises) is found at the call's line, with its refund, as the caller's handler found
  it; the refund of that line must be nothing (checked when written), since each frame of the calls made so
  refunded its call's line again when an error passed through it;
- the arguments' kinds are those of the call: a number, a string, a truth value as it is, anything else through
  `_byval`.
Euclid's `&PGCD` and Ackermann's `&AK` run so: no Python frame made for each call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from machine.lse import ir
from machine.lse import nodes as n

if TYPE_CHECKING:
    from machine.lse.pygen import UnitCode


def may_loop(code: UnitCode, entry: int) -> bool:
    """True if a procedure's calls of itself as its RESULTAT may jump back to its entry (see the module)."""
    shared, unit = code.shared, code.unit
    if code.is_main or code.structured or code.wide or code.tail is not None or shared.profile or shared.debug:
        return False
    if any("return_to" in kinds for kinds in shared.leaves.values()) or not code.straight(entry):
        return False
    held = code.own_strings or code.own_arrays or code.table or code.copied or code.held or code.param_strings
    if held or code.own or code.aliased or code.entry_ints or code.settled or code.counters:
        return False
    if not all(code.storage(param) == "local" and param not in unit.by_reference for param in unit.params):
        return False
    program = shared.ir
    return any(type(exit_ := program.blocks[block].exit) is ir.Leave and exit_.kind == "result" and type(
        exit_.expr) is n.Call and exit_.expr.name == unit.name for block in code.block_ids)


def tail_call(code: UnitCode, expr: object) -> bool:
    """True if `RESULTAT expr` is the procedure's call of itself and may jump back to its entry (see the module)."""
    return code.tail_loop and type(expr) is n.Call and expr.name == code.unit.name and len(expr.args) == len(
        code.unit.params) and code.out.where[1] == 0 and (
        code.fused is None and code.loops.counting is None)


def jump_back(code: UnitCode, parts: list[tuple[str, str]]) -> list[str]:
    """The lines of such a call, given the code and kind of each argument: the parameters rebound, what the
    callee's entry tests, and back to the entry."""
    values = [value if kind in "nsb" else f"_byval({value})" for value, kind in parts]
    lines = [f"{', '.join(map(code.pyname, code.unit.params))} = {', '.join(values)}"] if values else []
    lines.append("depth += 1")
    if code.nested:  # (as its entry: pyframe.function)
        lines.append("if depth >= _MAXD: _too_deep()")
    if code.reentered:
        program = code.shared.ir
        lines.append(code.budget_test(program.blocks[program.proc_entry[code.unit.name]].line))
    code.tail_looped = True
    return [*lines, "continue"]
