"""Python code that runs a slice of a counted loop's passes as one list slice assigned, where the pass fills a
vector or a matrix's row or copies one (pyloops.LoopCode.count asks). A part of the one code generator; imports
ir, nodes, operands, pyflow and values (slot numbers); never the runtime.
"""

from __future__ import annotations

from machine.lse import ir, pyflow
from machine.lse import nodes as n
from machine.lse.operands import signed_terms, whole_constant
from machine.lse.values import COLUMNS, INT_BOUND, INT_COLUMN_BOUND, INT_ROW_BOUND

# The fewest passes run as one slice assignment: its tests cost some 0.3 us, the time of about eight passes of a
# store.
BULK_LEAST = 8
ROW_BULK_LEAST = 16  # (for a matrix's row, whose test is twice as long: a row of 12 copied took longer at once)
SLICE_TERM = 2.0 ** 50  # a variable added to a slice's index is below it: its sums are exact


def slice_assignment(unit: object, program: ir.ProgramIR, body: int, loop: ir.OpenLoop) -> tuple[str, str] | None:
    """A test and a statement that run a slice's passes at once (a list's slice assigned), where the pass is
    one statement that fills a vector or a matrix's row, `T[J+a]←V` or `T[R,J+a]←V` (a constant or a number
    variable), or copies one into another or into itself, `T[J+a]←S[J+b]`, `T[R,J+a]←S[Q,J+b]` (either side a
    vector or a row); a, b, R and Q sums of whole constants and number variables that then hold whole numbers
    (below 2^50: every sum of the index is exact). None for any other pass.

    Decision: the test reads only (a failure in it is a pass run the general way: `except` goes on to the
    `for`), and holds where every pass would store a number within the bounds of a vector or of a row: then the
    passes' stores are the slice's. The ranges `chosen` gives already stop within the vectors; the test holds the
    slice to them again, since a slice of another length would resize the list. An array copied into itself
    is read before it is written (a slice copies its right side first), as the passes read it where no pass
    reads what an earlier one wrote: where the loop goes away from the side it writes (a - b and the step of
    opposite signs, counted in the list), or where what it writes is not what it reads (a row into another).
    The passes are paid as the `for`'s (count). Only for BULK_LEAST passes
    or more. Measured: the bench's sieve 0.59 of its time, binins (an insertion's shift) 0.87, quicksort 0.91; a
    board of 12 copied row to row (a probe's awele) 2.6 -> 0.7 us.
    """
    region = sorted(pyflow.loop_region(program, body))
    ops = [op for block_id in region for op in program.blocks[block_id].ops if type(op) is not ir.Charge]
    node = ops[0].node if len(ops) == 1 and type(ops[0]) is ir.Do else None
    if type(node) is not n.Assign or type(node.target) is not n.Index:
        return None
    var, value = loop.node.var, node.expr
    rows = len(node.target.indices) > 1 or type(value) is n.Index and len(value.indices) > 1  # (a matrix's row)
    least = ROW_BULK_LEAST if rows else BULK_LEAST
    test = [f"_len(_it) > {least - 1} and _type(_it) is _range"]
    ints: dict[str, str] = {}  # the variables an index adds, each worked out once: their ints
    target = place(unit, node.target.indices, var, "_a", test, ints)
    if target is None or not at_hand(unit, node.target.name):
        return None
    test.append(f"_type(_T := {unit.settled_array(node.target.name)}) is _list")
    target = within(*target, "_T", "_a", test)
    indexed = type(value) is n.Index and at_hand(unit, value.name)
    source = place(unit, value.indices, var, "_b", test, ints) if indexed else None
    if source is not None:
        test.append(f"_type(_S := {unit.settled_array(value.name)}) is _list")
        source = within(*source, "_S", "_b", test)
        gap = f"({target} - {source})"  # (apart: another array, written going away from what is read, or no overlap)
        apart = f"(_S is not _T or {gap} * _it.step < 0 or _abs({gap}) > _abs(_it[-1] - _it[0]))"
        if target.lstrip("-").isdigit() and source.lstrip("-").isdigit():  # both constants: the sign now
            gap = int(target) - int(source)
            apart = "_S is not _T" if gap == 0 else f"(_S is not _T or _it.step {'<' if gap > 0 else '>'} 0)"
        test.append(apart)
        return " and ".join(test), f"_T{span(target)} = _S{span(source)}"
    if type(value) is n.Num and (held := unit.shared.numbers.held(value.value)) is not None:
        filled = repr(float(held))
    elif type(value) is n.Var and value.name != var and unit.kind(value.name) == "n":
        test.append(f"_type(_V := {unit.read(value.name)}) is _float")
        filled = "_V"
    else:
        return None
    return " and ".join(test), f"_T{span(target)} = [{filled}] * _len(_it)"


def place(unit: object, indices: tuple, var: str, name: str, test: list[str],
          ints: dict[str, str]) -> tuple[str, str | None] | None:
    """What a counted loop's variable `var` adds to in an element's index (offset), and the row it is in, if any:
    (offset, None) for a vector's, (offset, row) for a matrix's whose last index counts with the loop and whose
    row does not; None for any other index (`test` works them out)."""
    if len(indices) == 1:
        found = offset(unit, indices[0], var, name, test, ints)
        return None if found is None else (found, None)
    if len(indices) != 2:
        return None
    row = offset(unit, indices[0], var, f"{name}r", test, ints, counted=False)
    column = offset(unit, indices[1], var, name, test, ints) if row is not None else None
    return None if column is None else (column, row)


def offset(unit: object, index: object, var: str, name: str, test: list[str], ints: dict[str, str] | None = None,
           counted: bool = True) -> str | None:
    """The code of what an index adds to a counted loop's variable `var`, an int named `name` that `test` works
    out (its variables whole, below 2^50), where the index is `var` plus and minus whole constants and number
    variables (not `counted`: such a sum without `var`); None for any other index."""
    terms = signed_terms(index)
    signs = [sign for sign, item in terms if type(item) is n.Var and item.name == var]
    if signs != ([1] if counted else []):  # the loop's variable once, added (or nowhere)
        return None
    constant, parts = 0, []
    for sign, item in terms:
        if type(item) is n.Var and item.name == var:
            continue
        if (whole := whole_constant(item)) is not None:
            constant += sign * whole
        elif type(item) is n.Var and unit.kind(item.name) == "n":
            part = (ints or {}).get(item.name)
            if part is None:
                part = f"{name}{len(parts)}"  # the float compared with its floor, which then stands for it
                test.append(f"_type({part} := {unit.read(item.name)}) is _float and "
                            f"-{SLICE_TERM} < {part} < {SLICE_TERM} and {part} == ({part} := _floor({part}))")
                if ints is not None:
                    ints[item.name] = part
            parts.append(f"{'+' if sign > 0 else '-'} {part}")
        else:
            return None
    if not parts:
        return str(constant)
    test.append(f"({name} := {constant} {' '.join(parts)}) is not None")
    return name


def at_hand(unit: object, name: str) -> bool:
    """True if an array's code in a fast path reads it with no lookup that a pass could make stale."""
    return unit.storage(name) != "ref" or name in unit.settled


def _plus(offset: str) -> str:
    return "" if offset == "0" else f" - {offset[1:]}" if offset.startswith("-") else f" + {offset}"


def within(offset: str, row: str | None, array: str, name: str, test: list[str]) -> str:
    """The test that a slice's ints plus `offset` index elements of the vector `array`, or of its row `row` where
    it is a matrix (see slice_assignment); the offset of those elements in the array's list."""
    bound = INT_BOUND if row is None else INT_COLUMN_BOUND
    test.append(f"(_it[0] if _it.step > 0 else _it[-1]){_plus(offset)} >= 1 and "
                f"{array}[0][{bound}] > (_it[-1] if _it.step > 0 else _it[0]){_plus(offset)}")
    if row is None:
        return offset
    test.append(f"{row} >= 1 and {array}[0][{INT_ROW_BOUND}] > {row} and "
                f"({name}l := ({row} - 1) * {array}[0][{COLUMNS}]{_plus(offset)}) is not None")
    return f"{name}l"


def span(offset: str) -> str:
    """The slice of a vector that a slice's ints plus `offset` index, in their order."""
    return f"[_it[0]{_plus(offset)}:_it[-1]{_plus(offset)} + (1 if _it.step > 0 else -1):_it.step]"
