"""The whole program's closure: each unit's function written (structured where it may be, else its dispatch), a
procedure that a RETOUR EN may come back into with its wide twin, and the closure around them. Imports pygen (a
unit's writer), pyflow, pyframe and pyshared; never the runtime.
"""

from __future__ import annotations

from machine.lse import pyflow, pyleaf
from machine.lse.layout import MAIN, Unit
from machine.lse.pyexpr import python_name
from machine.lse.pyframe import function
from machine.lse.pygen import UnitCode
from machine.lse.pyshared import INDENT, ProgramCode
from machine.lse.pystructure import NotStructured


def written(code: UnitCode) -> tuple[UnitCode, list[str]]:
    """A unit's function: its lines, and the writer that wrote them (another where the first gave up).

    Decision: a loop's head is written as a Python loop where control first goes to it; where that fails, the
    dispatch. (A second try that wrote a loop's head as a copy where a jump goes to it, for a game of life whose
    loops share their last line with the loop around them, wrote none of the 119 programs of the corpus and the
    probes otherwise than the dispatch once the first try learnt that game: it cost a unit's writing for each
    unit that needs the dispatch, 8-11 ms of an adventure's, a bank's, a BASIC interpreter's.)
    """
    if code.may_structure():
        try:
            code.structured = True
            return code, function(code)
        except NotStructured:
            code = code.written_again()
    return code, function(code)


def written_lean(code: UnitCode) -> tuple[UnitCode, list[str]]:
    """written(), and again without the kept ints if no index reads them back.

    Decision: ints kept beside floats that no index reads back (each one worked out again, as in a merge sort
    whose I, J and K change between their indexes) only cost their stores: written again without them (a merge
    sort 0.93 of its time; 24 units of 314 programs, 0-2 % more compile time in all).
    """
    code, lines = written(code)
    if code.kept.names and not code.kept.tested:
        again = code.written_again()
        again.kept.worth = set()
        code, lines = written(again)
    return code, lines


def twin_of(code: UnitCode) -> tuple[UnitCode, list[str]] | None:
    """A procedure that a RETOUR EN may come back into, written straight from its entry alone, with its lines;
    None where it cannot be so (then its dispatch is written as before).

    Decision: a RETOUR EN anywhere makes every procedure that calls another a dispatch, as the call may come back at
    a line of another unit (the towers of Hanoi with one that never runs took 1.29 of their time). The straight one
    hands itself over to its wide twin, the dispatch as before, only when a call comes back
    (UnitCode.straight_body): the twin is given its locals and the block of the line it goes on at, with no loop
    open (no line a RETOUR EN goes on at is its own, so the loops of its own are left). Only for a procedure whose
    own names are plain Python locals and that holds no memory to give back (no `finally`), given no parameter by
    reference.
    """
    shared, unit = code.shared, code.unit
    if code.is_main or code.alone or shared.profile or shared.debug or unit.by_reference:
        return None
    program = shared.ir
    entry = program.proc_entry[unit.name]
    if {program.blocks[root].line for root in code.roots if root != entry} & set(unit.own_lines):
        return None
    straight = UnitCode(shared, unit, [entry])
    straight.once, straight.reentered, straight.nested = code.once, code.reentered, code.nested
    straight.tail = python_name("w", unit.name.lstrip("&"))
    if any(one.storage(name) != "local" for one in (straight, code) for name in unit.locals):
        return None
    straight, lines = written_lean(straight)
    holds = straight.own_strings or straight.own_arrays or straight.table or straight.copied or (
        (straight.held | straight.param_strings) - straight.valued)
    return None if straight.dispatched or holds else (straight, lines)


def program_source(shared: ProgramCode, units: list[tuple[Unit, list[int]]]) -> tuple[str, dict]:
    """The source of the whole program's closure, and the tables its units' errors are found in."""
    functions: list[str] = []
    tables: dict[str, list] = {}
    header = 4  # the lines before the first unit (see below)
    line_no = header
    codes = [UnitCode(shared, unit, roots) for unit, roots in units]
    blocks_of = {code.unit.name: code.block_ids for code in codes}
    sites = pyflow.call_sites(shared.ir, blocks_of)
    rare = pyflow.rarely_run(shared.ir, blocks_of, {code.unit.name for code in codes if code.alone}, MAIN, sites)
    again = pyflow.recursive(blocks_of, sites)
    # Decision: a procedure that no procedure calls runs at depth 0 (the main program's calls, the host's),
    # and max_call_depth is positive (roms/, profile.py): its entry need not test the depth; nor need one that
    # only procedures called no deeper than the limit less one call, and none on a cycle of calls.
    depths = pyflow.call_depths(sites, again)
    nested = {name for name, depth in depths.items() if depth is None or depth >= shared.max_depth}
    for code in codes:
        code.once = rare.get(code.unit.name, set())
        code.reentered = code.unit.name in again
        code.nested = code.unit.name in nested
    shared.leaf_exits = pyleaf.leaf_exits(shared, codes)
    for at, code in enumerate(codes):
        straight = twin_of(code)
        if straight is not None:  # its wide twin first, then itself (see twin_of)
            code.wide = True
        code, lines = written_lean(code)
        codes[at] = code if straight is None else straight[0]
        if code.is_main:
            shared.counter_cells.extend(code.counter_cells())
            shared.main_loop_ends = None if code.states is not None else code.loops.ends_reached()
        for one, its_lines in [(code, lines)] + ([straight] if straight is not None else []):
            table = [(0, 0), (0, 0)] + one.out.table
            tables[f"_TABLE_{one.tag()}"] = (line_no, table)
            functions.extend(its_lines)
            line_no += len(its_lines)
    names = sorted(shared.globals) + shared.counter_cells
    bind = "".join(f"{name} = " for name in names)
    # --profile: the line whose segment runs and the cycles when it began, cells the runtime reads (pygen.block),
    # and the characters scanned by the string built-ins written inline (pystrings.scan_charge)
    segment = "; sl = 0; sm = 0.0; cs = 0" if shared.profile else ""
    prelude = [
        "def _program(M, G):",
        f"    cyc = bud = 0.0{segment}{'; ' + bind + '0.0; del ' + ', '.join(names) if names else ''}",
        f"    def _cells(): return (cyc, bud{', sl, sm, cs' if segment else ''}{''.join(', ' + n for n in names)})",
        "    pass",
    ]
    assert len(prelude) == header
    units_out = ", ".join(f"{code.unit.name!r}: {code.tag()}" for code in codes)
    body = [INDENT + line for line in functions]
    source = "\n".join(prelude + body + [f"    return _cells, {{{units_out}}}"]) + "\n"
    return source, tables
