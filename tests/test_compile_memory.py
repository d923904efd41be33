"""A long program of the Micro's limits is compiled in memory in proportion to its size, not its square:
a block of thousands of statements, thousands of procedures beside thousands of variables (each analysis
holds what it found once, shared, not a copy per statement or per procedure)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

from machine.lse.kinds import whole_names
from machine.lse.layout import layout
from machine.lse.magnitudes import variable_bounds
from machine.lse.parser import parse
from machine.micro import Micro
from machine.profile import load_profile

VARIABLES = 2000
PROCEDURES = 300


def straight(count: int = VARIABLES, end: str = "TERMINER") -> str:
    """A program that sets `count` variables, one after the other, on two lines."""
    stores = [f"V{at}←1" for at in range(count)]
    half = count // 2
    return f"10 {';'.join(stores[:half])}\n20 {';'.join(stores[half:])}\n30 {end}\n"


def with_procedures(count: int = PROCEDURES) -> str:
    """The same program with `count` procedures beside it, the first one called."""
    return straight(end="&P1;TERMINER") + "".join(f"{100 + at} PROCEDURE &P{at};RETOUR\n" for at in range(count))


def peak_megabytes(work: Callable[[], object]) -> float:
    """The most memory Python held at once while `work` ran, in MB."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def test_a_block_of_three_thousand_assignments_compiles_in_little_memory() -> None:
    source = straight()

    def compile_it() -> None:
        micro = Micro(load_profile("micro40"), seed=1)
        micro.load(parse(source))
        micro.runtime.build([micro.runtime.first_block()])

    assert peak_megabytes(compile_it) < 50  # (what each statement found set was a set each: 105 MB)



def test_the_names_expected_whole_take_no_copy_of_the_programs_per_procedure() -> None:
    shape = layout(parse(with_procedures()))
    found: dict = {}
    assert peak_megabytes(lambda: found.update(whole_names(shape))) < 8  # (a set per procedure: 300 x 2000 names)
    assert "V7" in found["&P5"] and "V7" in found["&"] and set(found["&P5"]) == set(found["&"])


def test_the_bounds_of_the_programs_variables_take_no_copy_per_procedure() -> None:
    shape = layout(parse(with_procedures()))
    found: dict = {}
    assert peak_megabytes(lambda: found.update(variable_bounds(shape))) < 5  # (a dict per procedure: 16 MB)
    assert found["&P5"]["V7"] == found["&"]["V7"] and dict(found["&P5"]) == dict(found["&"])
