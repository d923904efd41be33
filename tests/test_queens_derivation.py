"""Arsac's derivation of the eight queens, one program per step (programs/queens1..3): each finds the
92 solutions in the same order as queens.lse, and the README's table of their --profile figures is
what the profiler reports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from machine.lse.runtime import Status
from tests.lse_harness import run_lse
from tests.test_queens import EXPECTED, solution_lines

ROOT = Path(__file__).resolve().parent.parent
STEPS = ["queens1_c8.lse", "queens2_colonnes.lse", "queens3_final.lse"]


@pytest.fixture(scope="module")
def runs():
    return {name: run_lse((ROOT / "programs" / name).read_text(encoding="utf-8"), profiling=True)
            for name in STEPS}


@pytest.fixture(scope="module")
def final_board_program():
    return run_lse((ROOT / "programs" / "queens.lse").read_text(encoding="utf-8"))


def test_the_steps_are_named_in_the_order_of_the_book():
    assert sorted(p.name for p in (ROOT / "programs").glob("queens[0-9]*.lse")) == STEPS


@pytest.mark.parametrize("name", STEPS)
def test_each_step_finds_the_92_solutions_with_the_same_first_and_last_board(runs, final_board_program, name):
    run = runs[name]
    assert run.status is Status.ENDED and run.error is None
    solutions = solution_lines(run.output)
    assert solutions == EXPECTED
    drawn = solution_lines(final_board_program.output)
    first_and_last = ((1, 5, 8, 6, 3, 7, 2, 4), (8, 4, 1, 3, 6, 2, 7, 5))
    assert (solutions[0], solutions[-1]) == (drawn[0], drawn[-1]) == first_and_last
    assert run.output.rstrip().endswith("92  SOLUTIONS")


def test_the_steps_cost_less_and_jump_less_each_time(runs):
    cycles = [runs[name].cycles for name in STEPS]
    jumps = [runs[name].micro.runtime.counts["jump"] for name in STEPS]
    assert cycles[0] > cycles[1] > cycles[2]
    assert jumps[0] > jumps[1] > jumps[2]


def readme_rows() -> dict[str, list[str]]:
    """The rows of the README's table of the derivation, by program file."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        found = re.match(r"\| \d \| `(queens\d_\w+\.lse)` \|(.*)\|$", line)
        if found:
            rows[found[1]] = [cell.strip() for cell in found[2].split("|")]
    return rows


def number(cell: str) -> int:
    return int(cell.replace(" ", "").replace(",", ""))


def test_the_readme_table_of_the_derivation_gives_the_profilers_figures(runs):
    rows = readme_rows()
    assert list(rows) == STEPS
    for name in STEPS:
        counts = runs[name].micro.runtime.counts
        cycles, jumps, passes, reads = (number(cell) for cell in rows[name][-4:])
        assert cycles == runs[name].cycles
        assert (jumps, passes, reads) == (counts["jump"], counts["loop_step"], counts["array_read"])


def test_the_readme_sentences_about_the_steps_say_what_the_profiler_says(runs):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    cycles = [runs[name].cycles for name in STEPS]
    jumps = [runs[name].micro.runtime.counts["jump"] for name in STEPS]
    assert f"Step 2 saves {round(100 * (1 - cycles[1] / cycles[0]))} %" in readme
    assert f"({cycles[0] / 1e6:.1f} s to {cycles[1] / 1e6:.1f} s at 1 MHz)" in readme
    assert 100 * (1 - cycles[2] / cycles[1]) < 1 and "Step 3 saves under 1 % more" in readme
    assert f"{jumps[1] - jumps[2]} jumps" in readme
    drawn = run_lse((ROOT / "programs" / "queens.lse").read_text(encoding="utf-8"))
    assert f"spends {drawn.cycles:,} cycles".replace(",", " ") in readme
