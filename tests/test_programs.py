"""Golden programs: tests/programs/<name>.lse runs to the text in <name>.out (stdout, then the error).

An optional <name>.in holds the lines typed for LIRE. `pytest --update-golden` rewrites the .out
files from the current behaviour; read the diff before committing it.
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path

import pytest

from tests.lse_harness import run_lse

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "programs"
ROOT = HERE.parent
PROGRAMS = sorted(GOLDEN.glob("*.lse"))


def run_golden(path: Path, profiling: bool = False):
    inputs = path.with_suffix(".in")
    typed = inputs.read_text(encoding="utf-8").splitlines() if inputs.exists() else ()
    return run_lse(path.read_text(encoding="utf-8"), typed, profiling=profiling)


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_golden_program_prints_its_expected_transcript(path, update_golden):
    result = run_golden(path)
    expected_file = path.with_suffix(".out")
    if update_golden:
        expected_file.write_text(result.transcript, encoding="utf-8")
    assert expected_file.exists(), f"no {expected_file.name}: run pytest --update-golden"
    assert result.transcript == expected_file.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_golden_program_runs_the_same_on_the_general_path(path):
    """profiling=True turns off the fast loops: output, error and cycles must not change."""
    fast, general = run_golden(path), run_golden(path, profiling=True)
    assert (general.transcript, general.cycles) == (fast.transcript, fast.cycles)


def test_there_are_enough_golden_programs():
    assert len(PROGRAMS) >= 8
    assert all(p.with_suffix(".out").exists() for p in PROGRAMS)


def queens_solutions(text: str) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in line.split()) for line in text.splitlines() if len(line.split()) == 8]


def is_peaceful(columns: tuple[int, ...]) -> bool:
    """No two queens (row k in column columns[k]) share a column or a diagonal."""
    pairs = [(i, j) for i in range(8) for j in range(i + 1, 8)]
    return all(columns[i] != columns[j] and abs(columns[i] - columns[j]) != j - i for i, j in pairs)


def test_arsacs_queens_prints_the_92_solutions_in_order():
    result = run_lse((ROOT / "programs" / "queens.lse").read_text(encoding="utf-8"))
    assert result.error is None
    solutions = queens_solutions(result.output)
    expected = [p for p in permutations(range(1, 9)) if is_peaceful(p)]  # lexicographic, like the automaton
    assert len(expected) == 92
    assert solutions == expected
    assert solutions[0] == (1, 5, 8, 6, 3, 7, 2, 4)
    assert solutions[-1] == (8, 4, 1, 3, 6, 2, 7, 5)
    assert result.output.rstrip().endswith("92  SOLUTIONS")
