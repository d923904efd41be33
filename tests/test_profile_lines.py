"""--profile's cycles of each line: the lines that pay only at their charge points are counted by the points' runs,
with no mark at each line, and every line's total is the one the debugger (which marks every line) counts; and the
kinds of operation the profile counts add up to the cycles of the run."""

from __future__ import annotations

import random

import pytest

from machine.lse.listing import listing
from machine.lse.parser import SyntaxErrors
from tests.oracle.differential import run_machine
from tests.oracle.randprog import random_program
from tests.test_oracle import FAST_RUNS, recorded_run

RANDOM_PROGRAMS = 400
CHUNK = 50


def line_cycles(source: str, typed: list[str], seed: int, machine: str, mode: str) -> tuple[object, dict]:
    """A run's outcome and the cycles of each of its lines, after checking that its kinds of operation add up to its
    cycles (every cycle is some operation's, counted where it is paid or as it runs)."""
    outcome, micro = run_machine(source, typed, seed, machine, mode)
    runtime = micro.runtime
    assert sum(count * runtime.costs[kind] for kind, count in runtime.counts.items()) == micro.cycles, mode
    return outcome, dict(runtime.line_cycles)


def differences(source: str, typed: list[str], seed: int, machine: str = "micro40") -> list[str]:
    """How --profile's run differs from the debugger's: its outcome, or a line's cycles (empty: the same)."""
    try:
        profiled, lines = line_cycles(source, typed, seed, machine, "profile")
    except SyntaxErrors:
        return []
    debugged, marked = line_cycles(source, typed, seed, machine, "debug")
    found = [f"outcome {profiled} against {debugged}"] if profiled != debugged else []
    found += [f"line {line}: {lines.get(line)} cycles against {marked.get(line)}"
              for line in sorted(set(lines) | set(marked)) if lines.get(line) != marked.get(line)]
    return found


@pytest.mark.parametrize("name", FAST_RUNS)
def test_profile_counts_each_lines_cycles_as_the_debugger_does_on_a_recorded_run(name):
    source, typed, seed = recorded_run(name)
    assert differences(source, typed, seed) == []


@pytest.mark.parametrize("first", range(0, RANDOM_PROGRAMS, CHUNK))
def test_profile_counts_each_lines_cycles_as_the_debugger_does_on_random_programs(first):
    failures = []
    for seed in range(first, first + CHUNK):
        kind = seed % 4  # plain, shapes of jumps and loops, tall values, the BASIC ways
        source, typed = random_program(random.Random(7_000_000 + seed), (5, 8, 12)[seed % 3], kind == 1, kind == 2,
                                       kind == 3)
        found = differences(source, typed, seed, "console80" if seed % 2 else "micro40")
        if found:
            failures.append(f"seed {seed}: {found[:3]}\n{source}")
    assert not failures, failures[0]


PAID_AHEAD = """10 S←0
20 FAIRE 40 POUR I←1 JUSQUA 30
30 SI ENT(I/2)*2=I ALORS S←S+I*I
40 *
50 CHAINE C;C←'AB'!'CD'
60 AFFICHER S,C
70 TERMINER
"""


@pytest.mark.parametrize("line, marked", [(10, False), (20, False), (30, False), (40, False), (50, True),
                                          (60, True)])
def test_a_line_that_pays_only_at_its_charge_points_is_written_with_no_mark(line, marked):
    code = listing(PAID_AHEAD, profile=True)
    assert (f"sl = {line}; sm = cyc" in code) == marked


def test_a_profile_of_lines_paid_ahead_gives_each_line_its_cycles():
    _, lines = line_cycles(PAID_AHEAD, [], 0, "micro40", "profile")
    _, marked = line_cycles(PAID_AHEAD, [], 0, "micro40", "debug")
    assert lines == marked
    assert set(lines) == {10, 20, 30, 40, 50, 60, 70}
    assert lines[30] > lines[40] > 0
