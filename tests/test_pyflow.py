"""The generator's flow facts: which blocks of the main program run once (their code is written short)."""

from __future__ import annotations

import pytest

from machine.lse import analyses, ir
from machine.lse.listing import listing
from machine.lse.parser import parse
from machine.lse.pyflow import call_sites, once_blocks, rarely_run, recursive

CASES = [
    ("lines that run on to the end run once", "10 A←1\n20 B←2\n30 TERMINER\n", {10, 20, 30}),
    ("a FAIRE's line runs once, its body's lines again and again",
     "10 TABLEAU T[3];FAIRE 30 POUR I←1 JUSQUA 3\n20 T[I]←I\n30 AFFICHER T[I]\n40 TERMINER\n", {40}),
    ("lines a jump goes back to run again, those before and after once",
     "10 I←0\n20 I←I+1\n30 SI I<3 ALORS ALLER EN 20\n40 TERMINER\n", {10, 40}),
    ("a loop that pauses at each pass runs at its player's pace, one inside it that waits for nothing not",
     "10 AFFICHER 'ENCORE';PAUSE\n20 I←0\n30 I←I+1;SI I<A ALORS ALLER EN 30\n40 SI A>0 ALORS ALLER EN 10\n"
     "50 TERMINER\n", {10, 20, 40, 50}),
    ("a loop that asks and reads at each pass reads what may be piped in, as fast as it comes: its code is hot",
     "10 AFFICHER 'COMBIEN';LIRE A\n20 I←0\n30 I←I+1;SI I<A ALORS ALLER EN 30\n40 SI A>0 ALORS ALLER EN 10\n"
     "50 TERMINER\n", {50}),
    ("a loop that calls a procedure, which may print, and reads, is hot too",
     "10 &P;LIRE A\n20 SI A>0 ALORS ALLER EN 10\n30 TERMINER\n40 PROCEDURE &P\n50 RETOUR\n", {30}),
    ("a loop that reads without asking reads data as fast as it comes: its code runs again and again",
     "10 LIRE A\n20 I←0\n30 I←I+1;SI I<A ALORS ALLER EN 30\n40 SI A>0 ALORS ALLER EN 10\n50 TERMINER\n",
     {50}),
    ("a computed jump may go to any line: only the line that ends the program runs once",
     "10 L←20\n20 ALLER EN L+10\n30 TERMINER\n", {30}),
]


def once_lines(source: str) -> set[int]:
    program = ir.lower(parse(source))
    blocks = analyses.reachable(program, [program.line_block[min(program.line_block)]])
    once = once_blocks(program, blocks)
    # A line runs once when each of its blocks does.
    return {line for line, first in program.line_block.items()
            if all(block.id in once for block in program.blocks if block.line == line and block.id in blocks)
            and first in blocks}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[case[0] for case in CASES])
def test_the_blocks_on_no_cycle_are_those_that_run_once(name: str, source: str, expected: set[int]) -> None:
    assert once_lines(source) == expected


CALLS = """\
10 &INIT;FAIRE 20 POUR I←1 JUSQUA 3
20 &PAS(I)
30 TERMINER
40 PROCEDURE &INIT;A←0;FAIRE 50 POUR J←1 JUSQUA 2
50 A←A+J
60 RETOUR
70 PROCEDURE &PAS(K);B←K;RETOUR
"""


def test_a_procedure_called_only_from_code_that_runs_once_runs_its_own_blocks_on_no_cycle_rarely() -> None:
    program = ir.lower(parse(CALLS))
    entries = {name: program.proc_entry[name] for name in ("&INIT", "&PAS")}
    blocks_of = {name: analyses.reachable(program, [entry]) for name, entry in entries.items()}
    blocks_of["&"] = analyses.reachable(program, [program.line_block[10]])
    sites = call_sites(program, blocks_of)
    rare = rarely_run(program, blocks_of, set(blocks_of), "&", sites)
    lines = {name: {program.blocks[block].line for block in blocks} for name, blocks in rare.items()}
    assert 60 in lines["&INIT"] and 50 not in lines["&INIT"]  # its set-up and its end, not its loop
    assert "&PAS" not in rare  # called in a loop
    assert rarely_run(program, blocks_of, set(blocks_of) - {"&"}, "&", sites) == {}  # a RETOUR EN comes back


READS = """\
10 &TOUR;SI A>0 ALORS ALLER EN 10
20 TERMINER
30 PROCEDURE &TOUR;SI B>0 ALORS PAUSE SINON PAUSE
40 A←C;RETOUR
"""


def test_a_loop_that_calls_a_procedure_pausing_on_every_way_runs_at_its_players_pace() -> None:
    program = ir.lower(parse(READS))
    blocks_of = {"&TOUR": analyses.reachable(program, [program.proc_entry["&TOUR"]]),
                 "&": analyses.reachable(program, [program.line_block[10]])}
    assert main_lines_run_rarely(program, blocks_of) == {10, 20}
    one_way = READS.replace("SINON PAUSE", "")  # a way through &TOUR that waits for nothing: the loop is hot
    program = ir.lower(parse(one_way))
    blocks_of = {"&TOUR": analyses.reachable(program, [program.proc_entry["&TOUR"]]),
                 "&": analyses.reachable(program, [program.line_block[10]])}
    assert main_lines_run_rarely(program, blocks_of) == {20}


def main_lines_run_rarely(program: ir.ProgramIR, blocks_of: dict) -> set[int]:
    """The main program's lines whose every block runs rarely."""
    rare = rarely_run(program, blocks_of, set(blocks_of), "&", call_sites(program, blocks_of))["&"]
    hot = {program.blocks[block].line for block in blocks_of["&"] if block not in rare}
    return {program.blocks[block].line for block in blocks_of["&"]} - hot


CYCLE_OF_CALLS = """\
10 &A(3);&C
20 TERMINER
30 PROCEDURE &A(N) LOCAL N;SI N>0 ALORS &B(N-1)
40 RETOUR
50 PROCEDURE &B(N) LOCAL N;&A(N);RETOUR
60 PROCEDURE &C;&D;RETOUR
70 PROCEDURE &D;X←1;RETOUR
"""


def test_the_procedures_on_a_cycle_of_calls_are_those_a_call_may_enter_again() -> None:
    program = ir.lower(parse(CYCLE_OF_CALLS))
    blocks_of = {name: analyses.reachable(program, [entry]) for name, entry in program.proc_entry.items()}
    blocks_of["&"] = analyses.reachable(program, [program.line_block[10]])
    assert recursive(blocks_of, call_sites(program, blocks_of)) == {"&A", "&B"}


CALL_GRAPHS = {  # who calls whom -> the units a call made in them may enter again
    "no call": ({"&": []}, set()),
    "a unit that calls itself": ({"&": ["&F"], "&F": ["&F"]}, {"&F"}),
    "two units that call each other": ({"&": ["&A"], "&A": ["&B"], "&B": ["&A"]}, {"&A", "&B"}),
    "a chain with no cycle": ({"&": ["&A"], "&A": ["&B"], "&B": []}, set()),
    "a cycle of three and a tail": ({"&": ["&A"], "&A": ["&B"], "&B": ["&C", "&D"], "&C": ["&A"], "&D": []},
                                    {"&A", "&B", "&C"}),
    "a call of a procedure the program lacks": ({"&": ["&X"], "&A": ["&A", "&X"]}, {"&A"}),
    "the main program called back": ({"&": ["&A"], "&A": ["&"]}, {"&", "&A"}),
}


@pytest.mark.parametrize("name", CALL_GRAPHS)
def test_the_units_on_a_cycle_of_calls_are_found_in_any_graph(name) -> None:
    calls, expected = CALL_GRAPHS[name]
    sites = [(caller, 0, callee) for caller, callees in calls.items() for callee in callees]
    assert recursive({unit: [] for unit in calls}, sites) == expected


def test_a_chain_of_calls_as_long_as_a_program_ends_in_a_cycle_found_without_recursion() -> None:
    units = [f"&P{at}" for at in range(5000)]
    sites = [(caller, 0, callee) for caller, callee in zip(units, units[1:])] + [(units[-1], 0, units[-2])]
    assert recursive({unit: [] for unit in units}, sites) == {units[-1], units[-2]}


def test_a_procedure_no_call_enters_again_tests_no_budget_at_its_entry() -> None:
    code = listing(CYCLE_OF_CALLS)
    assert "M.slice_end(30)" in code and "M.slice_end(50)" in code  # a cycle of calls needs a budget test
    assert "M.slice_end(60)" not in code and "M.slice_end(70)" not in code


COMMANDS = """\
10 TABLEAU T[100]
20 LIRE C;SI C=0 ALORS TERMINER
30 &METS(C);AFFICHER 'FAIT ',C;ALLER EN 20
40 PROCEDURE &METS(K) LOCAL K
50 T[K]←K;RETOUR
"""


def test_a_procedure_called_from_a_loop_that_reads_commands_and_prints_stores_its_elements_on_the_fast_path() -> None:
    code = listing(COMMANDS)
    assert "_put(v_T" in code  # (the general way, after a fast path's failure)
    assert "v_T[" in code.split("def p_METS")[1]  # a command loop fed from a file runs as fast as it can
