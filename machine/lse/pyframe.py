"""A unit's Python function around its code: header, entry (depth, budget, frame, strings held), exit (`finally`),
and the lines first run; imports errors, ir and the generator's names (pyexpr, pyshared, pystmt); never the runtime.

A part of the one code generator: pyprogram.program_source asks it for each unit, whose code (pygen.UnitCode) it
writes into.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from machine.errors import Err
from machine.lse import ir
from machine.lse.pydeclare import held_name
from machine.lse.pyexpr import python_name
from machine.lse.pyshared import INDENT, SEGMENT_ENDS

if TYPE_CHECKING:
    from machine.lse.pygen import UnitCode


def function(code: UnitCode) -> list[str]:
    """The unit's Python function: its lines, with its table of LSE lines in code.out."""
    out = code.out
    unit = code.unit
    program = code.shared.ir
    if code.is_main:
        # (a main program keeping its loops at run time may start with some open, where a guess was left:
        # speculation.py, Runtime._run_program)
        header = "def u_main(pc, open_loops=()):" if code.states is None else "def u_main(pc):"
    else:
        params = [f"a_{i}" if code.storage(p) == "table" else python_name("r", p) if p in code.copied else
                  code.pyname(p) for i, p in enumerate(unit.params) if p not in code.aliased]
        # Decision: a call's depth is its last argument (the caller's plus one; 0 from the main program),
        # not a cell counted up and down around each call: nothing to undo when the call ends.
        # (a wide twin is given its locals by the straight one, and the block it goes on at: see pyprogram.twin_of)
        header = f"def {code.tag()}({', '.join(['_loc', 'pc', 'depth'] if code.wide else [*params, 'depth'])}):"
    out.depth = 1
    code.loops.keep_cheap()
    # A procedure's own names are locals of its function even where it never assigns them: never the
    # program's cells of the same names (an `if 0:` assignment makes them local and is compiled away).
    own = sorted(python_name("v", name) for name in code.own if code.storage(name) in ("local", "string", "array"))
    if own:
        out.emit(f"if 0: {' = '.join(own)} = None  # its own names, unset until set: not the program's")
    named = sorted({code.pyname(param) for param in unit.params} | set(own)) if code.wide else []
    if code.counters:  # no element until a FAIRE sets them (the general way sees their floats)
        out.emit(" = ".join(python_name("i", name) for name in sorted(code.counters)) + " = _NAN")
    straight = code.structured or not code.is_main and code.straight(program.proc_entry[unit.name])
    code.dispatched = not straight  # its code is the cases of a dispatch on pc (pydispatch)
    if not code.is_main:
        entry = program.proc_entry[unit.name]
        code.where(program.blocks[entry].line, 0)
        if code.nested and not code.wide:  # (called from the main program only, or by the host: at depth 0)
            out.emit("if depth >= _MAXD: _too_deep()")
        if straight and code.reentered:  # elsewhere the dispatch, or the caller's loop, tests the budget
            out.emit(code.budget_test(program.blocks[entry].line))
        # --profile: the caller's segment stops counting (its line kept), none runs (line 0); not where every line of
        # the procedure is counted by its points (costs.paid_ahead_lines), which leaves the segment running alone
        marked = code.shared.profile and any(program.blocks[block].line not in code.shared.unmarked
                                             for block in code.block_ids)
        if marked:
            out.emit(f"_caller = sl; {SEGMENT_ENDS}; sl = 0; sm = cyc")
        # A table of numbers only (its own variables given by reference, none a parameter): no cells to count.
        numbers_only = all(map(code.table_number, code.table))
        if code.table:
            pairs = "".join(f"({p!r}, a_{i}), " for i, p in enumerate(unit.params) if code.storage(p) == "table")
            out.emit("L = _Vars(_MM)" if numbers_only else f"L = _frame(({pairs}), {unit.name!r})")
        own = sorted(code.own_strings | code.own_arrays)  # their cells are given back when the call ends
        if own:
            out.emit(" = ".join(held_name(name) for name in own) + " = 0")
        taken = sorted((code.held | code.param_strings) - code.valued)  # (a reference given a value holds none)
        if taken:
            take_held(code, taken)
            own = taken + own
        finish = own or code.table and not numbers_only or marked or code.copied  # to undo
        if finish:
            out.emit("try:")
            out.depth += 1
        if straight:
            code.straight_body(entry)
        else:
            first = program.blocks[entry]  # (an entry block that only goes on to its first line's: start there)
            if type(first.exit) is ir.Goto and not first.ops and first.exit.block in code.entries:
                entry = first.exit.block
            if not code.wide:  # (a wide twin is given where it goes on)
                out.emit(f"pc = {entry}")
    if code.is_main and straight:  # (the runtime starts it at its one root: see linker.CompiledProgram)
        root = code.roots[0]
        code.where(program.blocks[root].line, 0)
        out.emit(f"if pc != {root}: _unentered()")
        code.straight_body(root)
    elif not straight:
        code.dispatch.body()
    if not code.is_main and finish:
        out.depth = 1
        out.emit("finally:")
        if own:
            out.emit(f"    _MM.used -= {' + '.join(held_name(name) for name in own)}")
        if code.table and not numbers_only:
            out.emit(f"    _release(L, {unit.name!r})")
        if marked:  # its last segment counted, the caller's goes on
            out.emit(f"    {SEGMENT_ENDS}; sl = _caller; sm = cyc")
        for line in code.given_back():
            out.emit(f"    {line}")
    if code.kept.names:
        out.insert(0, code.kept.first_line(), 1)
    if code.entry_used:  # (where a fast path or hot code read them: not in code run rarely)
        out.insert(0, [f"{python_name('e', name)} = _floor({code.pyname(name)}) if {code.pyname(name)} >= 1.0 "
                       "else _NAN" for name in sorted(code.entry_used)], 1)
    if code.settled:
        out.insert(0, [code.settling()], 1)
    if code.copied:
        out.insert(0, code.taken_in(), 1)
    # A reference is a (container, key) pair, never rebound.
    for name in sorted(code.referred_params | code.settled | code.copied):
        out.insert(0, [f"{python_name('c', name)}, {python_name('k', name)} = {python_name('r', name)}"], 1)
    if code.wide:  # the straight twin's locals, those it had set: first, as what is worked out at the entry reads them
        out.insert(0, [f"if {name!r} in _loc: {name} = _loc[{name!r}]" for name in named], 1)
    declared = sorted(python_name("v", name) for name in code.assigned)
    if code.is_main:  # the program's ints are cells: the runtime forgets them when a run goes on
        declared += code.counter_cells()
    if code.shared.profile:
        declared += ["sl", "sm", "cs"]
    return [header, f"{INDENT}nonlocal cyc{''.join(', ' + d for d in declared)}"] + out.lines


def take_held(code: UnitCode, names: list[str]) -> None:
    """The memory the strings and arrays given to parameters held in Python locals take, at the call: all
    of it or none (MEMOIRE PLEINE), as a table of them took it (linker's _frame)."""
    out = code.out
    strings = code.shared.string_params.get(code.unit.name, ())  # (every call gives a string, a host's too)
    for name in names:
        value = code.pyname(name)
        kinds = "" if name in strings else f" if _type({value}) is _str else _cells_of({value})"
        out.emit(f"{held_name(name)} = _len({value}){kinds}")
    total = " + ".join(held_name(name) for name in names)
    out.emit(f"if {total} and _MM.used + {total} > _MM.limit: M.fail({int(Err.MEMORY_FULL)}, {code.unit.name!r})")
    out.emit(f"_MM.used += {total}")
