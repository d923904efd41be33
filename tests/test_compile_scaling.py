"""The compiler's work grows with the program, not with its square: counted, never timed.

A program twice as long (lines in a straight run, terms of one sum) makes each of the compiler's
walks that once took time in the square of its length (pycharges.ChargePlan.paid_ahead walked the
run from each of its blocks; pyoperators.OperatorCode.unfailing_after_first walked the chain from each
of its links, and the walks of a program of jumps asked from each of its SI) do at most about twice the work.
bench/compile_scaling.py prints the times.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from bench.compile_scaling import jumps_at_random, menu
from machine.lse import analyses, pycharges, pyoperators
from machine.lse.parser import parse
from machine.micro import Micro
from tests.lse_harness import run_lse
from tests.oracle.differential import compare, report


def straight_lines(count: int) -> str:
    return "10 X←0\n" + "".join(f"{20 + at} X←X+1\n" for at in range(count)) + f"{20 + count} AFFICHER X;TERMINER\n"


def one_sum(count: int) -> str:
    return "10 X←1;Y←" + "+".join(["X"] * count) + "\n20 AFFICHER Y;TERMINER\n"


def counting_calls(monkeypatch: pytest.MonkeyPatch, targets: list[tuple[object, str]],
                   weight: Callable[[object], int] = lambda found: 1) -> list[int]:
    """From now until monkeypatch.undo(), count the calls of each (owner, name) of `targets`, each by the `weight`
    of what it gives: the count is the one item of the list returned."""
    total = [0]

    def counting(function: Callable) -> Callable:
        def count(*args: object) -> object:
            found = function(*args)
            total[0] += weight(found)
            return found
        return count
    for owner, name in targets:
        monkeypatch.setattr(owner, name, counting(getattr(owner, name)))
    return total


def counted(monkeypatch: pytest.MonkeyPatch, owner: object, method: str, source: str, printed: str,
            weight: Callable[[object], int] = lambda found: 1) -> int:
    """How many times compiling and running source calls owner.method, each call counted by the `weight` of
    what it gives (and that the last thing it printed is what it should)."""
    total = counting_calls(monkeypatch, [(owner, method)], weight)
    result = run_lse(source)
    monkeypatch.undo()
    assert result.error is None and result.output.split()[-1] == printed
    return total[0]


@pytest.mark.parametrize("owner, method, make", [
    (pycharges.ChargePlan, "price_of", straight_lines),
    (pyoperators.OperatorCode, "number_kind", one_sum),
], ids=["a block's price in a straight run of lines", "an operand's kind in one sum"])
def test_twice_the_program_asks_at_most_about_twice_as_often(monkeypatch, owner, method, make):
    small = counted(monkeypatch, owner, method, make(400), "400")
    large = counted(monkeypatch, owner, method, make(800), "800")
    assert 0 < small and large <= 2.2 * small


def walked_blocks(monkeypatch: pytest.MonkeyPatch, source: str) -> int:
    """How many blocks the walks of a unit's code passed in all, compiling and running source (a walk asked
    again gives the same answer, which is counted once)."""
    answers: dict[int, tuple] = {}  # (held, so that no id is reused)

    def blocks_of(found: tuple) -> int:
        new = id(found) not in answers
        answers[id(found)] = found
        return len(found[0]) if new else 0
    return counted(monkeypatch, pycharges.ChargePlan, "walk", source, "401", blocks_of)


def test_twice_as_many_lines_that_jump_at_random_walk_at_most_about_twice_as_far(monkeypatch):
    small = walked_blocks(monkeypatch, jumps_at_random(300))
    large = walked_blocks(monkeypatch, jumps_at_random(600))
    assert 0 < small and large <= 2.2 * small


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_program_of_1000_lines_that_jump_at_random_compiles_and_agrees_with_the_reference(profile):
    # (the structured writer followed control from block to block, a dozen Python frames each: past 500 such
    # lines, a RecursionError; now the dispatch past 32 blocks written one inside another: pystructure.NESTED_CASES)
    result = compare(jumps_at_random(1000, seed=7), profile=profile)
    assert not any(result.values()), report(result)


def test_a_menu_of_twice_as_many_choices_walks_its_flow_at_most_about_twice_as_far(monkeypatch):
    # (each case walked the whole menu: pyflow.leads_to, pystructure.ways_on, and pykept looked at every block)
    small = counted(monkeypatch, analyses, "loop_successors", menu(400), "51")
    large = counted(monkeypatch, analyses, "loop_successors", menu(800), "51")
    assert 0 < small and large <= 2.2 * small


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_menu_of_800_choices_compiles_and_agrees_with_the_reference(profile):
    # (once its SI have no hot arm, the walks' budget spent, a SI's discount asks the next SI's: without
    # pycharges.DISCOUNTED_WITHIN, a RecursionError past 250 choices; before the budget, 2.8 s for 800 choices)
    result = compare(menu(800), profile=profile)
    assert not any(result.values()), report(result)


def compiled_within(source: str, frames: int) -> None:
    """Parse, load and compile every unit of source with Python's recursion limit `frames` above this call.

    Decision: a run raises the process's limit for the program's calls (runtime._run_program), and it stays
    raised; a first compile in a fresh process (the command line) has the default 1 000 frames, less what is
    below it: the limit is set here, so that the test does not depend on what ran before it.
    """
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        micro = Micro()
        micro.load(parse(source))
        micro.runtime.compile_all()
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.parametrize("source", [jumps_at_random(1000), menu(1000)], ids=["1000 lines that jump at random",
                                                                             "a menu of 1000 choices"])
def test_a_long_program_of_jumps_compiles_within_500_python_frames(source):
    # (the program of jumps went past 1 000: the structured writer followed control a dozen frames a block; and
    # a SI's discount may ask the next SI's: pystructure.NESTED_CASES and pycharges.DISCOUNTED_WITHIN bound them)
    compiled_within(source, 500)
