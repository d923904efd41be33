"""A call of a procedure whose first line may leave it at once (`SI N<2 ALORS RESULTAT N`), that exit written at the
call: the test and the result in the caller's expression, the Python call only where the exit is not taken.

A part of the one code generator: pyprogram.program_source finds each procedure's exit (`leaf_exits`), and
pyexpr.ExpressionCode.call writes a call of such a procedure (`leaf_call`); imports analyses, ir, pyflow, nodes,
numbers and operands; never the runtime.

Decision: a recursion whose calls are a tree (a unit of the cycle may call into it twice in one call: two calls on
one way, or one in a loop) ends in its base case at half of its calls or more (fib 62 %, hanoi 50 %, tak most), each
a Python frame made, a depth and a budget tested, one comparison, one add, a return. Written at the call, the exit
costs the comparison, the two tests and the add, with no frame; where it is not taken (or the depth or the budget
would stop the call), the call runs as before, its entry testing what it tests. Only the calls made on the cycle: a
call from outside starts a recursion, seldom at its base case, and a chain of calls (factorial, Euclid) takes the exit
once at its end, where each call would pay a test that fails (gcdref's main program, 1.016 of its instructions
before this rule). It is exact where the exit can neither fail nor change anything, so that taking it at the call is
running the callee's entry:
- the procedure's entry runs on (its PROCEDURE line, comments) into a `SI`, nothing but charge points before, and
  the arm taken (either) ends it (`RESULTAT` of a parameter or a constant, `RETOUR`), charge points
  only: what the exit pays is the sum of those blocks' points, paid in one add as the callee's own arm pays it;
- the condition compares parameters by value that every call gives a number (kinds.numbers_given) and constants,
  joined by ET, OU, NON: it can neither fail nor change anything;
- every parameter is a plain Python local by value (no table, no memory taken at the call, no reference): the
  callee's entry does nothing else that can be seen, and its `finally`, if any, gives back nothing;
- the arguments are worked out once, in their order, before anything the callee does: each that can neither fail
  nor change anything (a constant, a variable surely set, pysure) is read where the exit reads it; one other at most,
  kept in a temporary where it is worked out first; one that changes variables only where those before it are
  constants; no argument whose value a later read takes (reuse.py);
- the callee's entry tests its depth (where it does: pyprogram's `nested`, against the limit less one, as the caller's
  depth is one less) and the budget (always: a slice's end is the callee's to make, in the call);
- a plain run of a program with no `RETOUR EN` (the profile counts each frame's segment, the debugger stops at lines).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from machine.lse import analyses, ir, pyflow
from machine.lse import nodes as n
from machine.lse.checks import walk
from machine.lse.numbers import COMPARE_PY, FLIPPED
from machine.lse.operands import changes_variables
from machine.record import record

if TYPE_CHECKING:
    from machine.lse.pygen import UnitCode



@record(frozen=True, slots=True)
class LeafExit:
    """A procedure's exit at its entry: taken where `cond` holds, giving `result` (None: RETOUR),
    paying `price`; `nested`: its entry tests the depth; `callers`: the units whose calls of it take it at the call."""

    cond: object
    result: object | None
    price: int
    nested: bool
    callers: frozenset[str]


def leaf_exits(shared: object, codes: list[UnitCode]) -> dict[str, LeafExit]:
    """The exit at the entry of each procedure whose calls may take it at the call (see the module)."""
    if shared.profile or shared.debug or shared.max_depth <= 1 or any(
            "return_to" in kinds for kinds in shared.leaves.values()):
        return {}
    found = {}
    cycles = branching_cycles(shared.ir, {code.unit.name: code.block_ids for code in codes})
    for code in codes:
        if code.unit.name in cycles and plain_frame(code):
            exit_ = entry_exit(shared, code, cycles[code.unit.name])
            if exit_ is not None:
                found[code.unit.name] = exit_
    return found


def branching_cycles(program: ir.ProgramIR, blocks_of: dict[str, list[int]]) -> dict[str, frozenset[str]]:
    """The units on each cycle of calls that may call into it more than once a call (two calls on one way, or one
    in a loop: its calls are a tree, whose leaves are half of them or more), each with the units of its cycle."""
    sites = pyflow.call_sites(program, blocks_of)
    calls: dict[str, set[str]] = {name: set() for name in blocks_of}
    for caller, _, callee in sites:
        if callee in calls:
            calls[caller].add(callee)
    reach = {name: reached(calls, name) for name in calls}
    found = {}
    for name in calls:
        mates = frozenset(other for other in reach[name] if name in reach[other])
        if name in mates and name not in found and branches(program, blocks_of, sites, mates):
            found.update(dict.fromkeys(mates, mates))
    return found


def reached(calls: dict[str, set[str]], start: str) -> set[str]:
    """The units a call made in `start` may enter, at any depth."""
    found, work = set(), list(calls[start])
    while work:
        name = work.pop()
        if name not in found:
            found.add(name)
            work.extend(calls[name])
    return found


def branches(program: ir.ProgramIR, blocks_of: dict[str, list[int]], sites: list[tuple[str, int, str]],
             mates: frozenset[str]) -> bool:
    """True if a unit of a cycle may make two calls into it in one call: two in one block, or a block of such a call
    that leads on to another (or round to itself)."""
    for unit in mates:
        inside = set(blocks_of[unit])
        blocks = [block for caller, block, callee in sites if caller == unit and callee in mates]
        if len(set(blocks)) < len(blocks):
            return True
        for start in set(blocks):
            seen, work = set(), list(analyses.successors(program, program.blocks[start]))
            while work:
                block = work.pop()
                if block in seen or block not in inside:
                    continue
                if block in blocks:
                    return True
                seen.add(block)
                work.extend(analyses.successors(program, program.blocks[block]))
    return False


def plain_frame(code: UnitCode) -> bool:
    """True if a procedure's entry does nothing that can be seen but test its depth and the budget."""
    unit = code.unit
    if unit.by_reference or code.aliased or code.copied or code.settled or code.table:
        return False
    if (code.held | code.param_strings) - code.valued:
        return False
    return all(code.storage(param) == "local" for param in unit.params)


def entry_exit(shared: object, code: UnitCode, callers: frozenset[str]) -> LeafExit | None:
    """The exit a procedure's entry runs on into, if it is one (see the module). (Its entry runs on into a SI: one
    that ran on into its end would call nothing, and be on no cycle of calls.)"""
    program = shared.ir
    entry = run_on(program, program.proc_entry[code.unit.name])
    if entry is None or type(entry[-1].exit) is not ir.Branch:
        return None
    branch = entry[-1].exit
    arms = [(arm, ending) for arm in (branch.yes, branch.no) if (ending := run_on(program, arm)) is not None and leaf(
        ending[-1].exit, code.unit.params, shared.numbers)]
    if not arms:
        return None
    arm, ending = arms[0]  # (the SINON arm: taken where the condition does not hold)
    cond = branch.cond if arm == branch.yes else n.Not(branch.cond, branch.line)
    if not sure_condition(cond, shared.number_params.get(code.unit.name, set()), shared.numbers):
        return None
    price = sum(shared.block_price(block) for block in entry + ending)
    exit_ = ending[-1].exit
    return LeafExit(cond, exit_.expr if exit_.kind == "result" else None, price, code.nested, callers)


def leaf(exit_: object, params: tuple, model: object) -> bool:
    """True for a RETOUR, or a RESULTAT the exit gives as it is (given_back)."""
    return type(exit_) is ir.Leave and (exit_.kind == "return" or exit_.kind == "result" and given_back(
        exit_.expr, params, model))


def run_on(program: ir.ProgramIR, start: int) -> list[ir.Block] | None:
    """The blocks from `start` on by Goto, each of charge points only, up to one that ends otherwise; None where a
    block does anything else or the way comes round."""
    blocks, seen = [], set()
    block = program.blocks[start]
    while True:
        if block.id in seen or any(type(op) is not ir.Charge for op in block.ops):
            return None
        seen.add(block.id)
        blocks.append(block)
        if type(block.exit) is not ir.Goto:
            return blocks
        block = program.blocks[block.exit.block]


def sure_condition(node: object, numbers: set[str], model: object) -> bool:
    """True for comparisons of number parameters and constants the model holds, joined by ET, OU and NON."""
    kind = type(node)
    if kind is n.Logic:
        return sure_condition(node.left, numbers, model) and sure_condition(node.right, numbers, model)
    if kind is n.Not:
        return sure_condition(node.operand, numbers, model)
    if kind is n.Compare:
        return all(operand(side, numbers, model) for side in (node.left, node.right))
    return False


def operand(node: object, numbers: set[str], model: object) -> bool:
    return type(node) is n.Var and node.name in numbers or type(node) is n.Num and model.representable(node.value)


def given_back(node: object, params: tuple, model: object) -> bool:
    """True for a RESULTAT the exit gives as it is: a parameter, a string or a number the model holds."""
    return (type(node) is n.Var and node.name in params or type(node) is n.Str or
            type(node) is n.Num and model.representable(node.value))


def leaf_call(exprs: object, node: n.Call, exit_: LeafExit, parts: list[str], function: str, depth: str) -> str | None:
    """A call of a procedure with an exit at its entry, given its arguments' code, its function and the depth it is
    called at (see the module): the exit written at the call, the call where it is not taken; None where it must be
    a call."""
    scope = exprs.scope
    if scope.unit.name not in exit_.callers:
        return None
    params = scope.shared.layout.units[node.name].params
    unsure = [at for at, arg in enumerate(node.args) if exprs.sureness.sure_kind(arg) not in ("n", "s")]
    if len(unsure) > 1 or len(parts) != len(params) or len(node.args) != len(params):
        return None
    if any(id(item) in exprs.reused or id(item) in exprs.placed for arg in node.args for item in walk(arg)):
        return None
    kept = None
    if unsure:
        at = unsure[0]
        if changes_variables(node.args[at]) and not all(type(arg) in (n.Num, n.Str) for arg in node.args[:at]):
            return None
        kept = params[at]
    writer = LeafWriter(exprs, dict(zip(params, parts)), kept)
    tests = [writer.condition(mirrored(exit_.cond, kept))]
    if kept is not None and not writer.first_kept:  # (worked out first, whatever the exit reads)
        tests.insert(0, f"({writer.temps[kept]} := {writer.given[kept]}) is {writer.temps[kept]}")
    if exit_.nested and depth != "0":  # (the callee's depth is one more than its caller's)
        tests.append(f"depth < {scope.shared.max_depth - 1}")
    tests.append("cyc < bud")
    if exit_.price:  # (cyc is never negative: the add is true)
        tests.append(f"(cyc := cyc + {float(exit_.price)!r})")
    value = "_RET" if exit_.result is None else writer.operand(exit_.result)
    args = [writer.temps.get(param, part) for param, part in zip(params, parts)]
    return f"({value} if {' and '.join(tests)} else {function}({', '.join([*args, depth])}))"


def mirrored(cond: object, kept: str | None) -> object:
    """The condition with its comparison's sides swapped where that reads the kept parameter first."""
    if type(cond) is n.Compare and kept is not None and type(cond.right) is n.Var and cond.right.name == kept and not (
            type(cond.left) is n.Var and cond.left.name == kept):
        return n.Compare(FLIPPED[cond.op], cond.right, cond.left, cond.line)
    return cond


class LeafWriter:
    """The exit's condition and result with the call's arguments for its parameters.

    The argument read by the condition's first operand, always worked out and first, is kept in a temporary there
    (unless a name or a constant); so is the one argument that may fail or change anything (`kept`), there or
    before the condition. Any other is written where it is read: it can neither fail nor change anything.
    """

    def __init__(self, exprs: object, given: dict[str, str], kept: str | None) -> None:
        self.exprs = exprs
        self.given = given  # parameter -> the argument's code
        self.temps: dict[str, str] = {}  # parameter -> the temporary its argument is kept in
        self.fresh = True  # no operand written yet: the next is worked out first
        self.first_kept = False  # the kept argument is the first operand's
        if kept is not None:
            self.temps[kept] = self.temp()
        self.kept = kept

    def temp(self) -> str:
        return self.exprs.step_temp()  # (numbered through the unit, as a tall value's steps)

    def condition(self, node: object) -> str:
        """The code of a sure condition (sure_condition)."""
        kind = type(node)
        if kind is n.Logic:
            left = self.condition(node.left)
            return f"({left} {'and' if node.op == 'ET' else 'or'} {self.condition(node.right)})"
        if kind is n.Not:
            return f"(not {self.condition(node.operand)})"
        left = self.operand(node.left)
        return f"({left} {COMPARE_PY[node.op]} {self.operand(node.right)})"

    def operand(self, node: object) -> str:
        first, self.fresh = self.fresh, False
        if type(node) is n.Num:
            return self.exprs.numbers.constant(float(node.value))
        if type(node) is n.Str:
            return repr(node.value)
        code = self.given[node.name]
        if not first:
            return self.temps.get(node.name, code)
        if node.name == self.kept:
            self.first_kept = True
        elif code.isidentifier() or node.name in self.temps:
            return code
        else:
            self.temps[node.name] = self.temp()
        return f"({self.temps[node.name]} := {code})"
