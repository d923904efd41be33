"""Which FAIRE loops are short (fewer than 8 passes by their constant bounds, or by an outer loop's first value):
those go round their `while`, the others are a Python `for` (pybounds.short); and loops counting down by a
constant step, whose direction is known before they run (pybounds.counts_up). Each program agrees with the
reference in every mode.
"""

from __future__ import annotations

import pytest

from machine.lse import pybounds
from machine.lse.listing import listing
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees

SHORT_PASSES = pybounds.SHORT_PASSES  # the compiler's own (every_loop_long sets another for each test)
pytestmark = pytest.mark.usefixtures("every_loop_long")

SHORT = [
    ("whole constant bounds giving 4 passes", "FAIRE 20 POUR I←1 JUSQUA 4", True),
    ("7 passes", "FAIRE 20 POUR I←3 JUSQUA 9", True),
    ("8 passes", "FAIRE 20 POUR I←1 JUSQUA 8", False),
    ("a step of 2 giving 5 passes", "FAIRE 20 POUR I←1 PAS 2 JUSQUA 9", True),
    ("counting down 3 passes", "FAIRE 20 POUR I←3 PAS -1 JUSQUA 1", True),
    ("a limit below the start: no pass", "FAIRE 20 POUR I←5 JUSQUA 1", True),
    ("a variable limit", "FAIRE 20 POUR I←1 JUSQUA N", False),
    ("a step of 0 (it never ends)", "FAIRE 20 POUR I←1 PAS 0 JUSQUA 3", False),
    ("a TANT QUE", "FAIRE 20 POUR I←1 TANT QUE I<3", False),
]


@pytest.mark.parametrize(("name", "faire", "expected"), SHORT, ids=[case[0] for case in SHORT])
def test_a_loop_is_short_when_its_constant_bounds_give_fewer_than_8_passes(
        monkeypatch: pytest.MonkeyPatch, name: str, faire: str, expected: bool) -> None:
    monkeypatch.setattr(pybounds, "SHORT_PASSES", SHORT_PASSES)
    assert pybounds.short(parse(f"10 {faire}\n20 *\n").lines[0].statements[0]) is expected


# The inner loop of a triangle (J from I+1, I from a whole constant up): its passes are at most those from the
# outer loop's first value. A guess only: the outer variable is not proven never to go below it.
INNER = [
    ("from the outer variable plus 1, to 6, the outer from 1: 5 passes", "J←I+1 JUSQUA 6", "I←1 JUSQUA 5", True),
    ("from the outer variable, to 9, the outer from 1: 9 passes", "J←I JUSQUA 9", "I←1 JUSQUA 5", False),
    ("from the outer variable, to 9, the outer from 3: 7 passes", "J←I JUSQUA 9", "I←3 JUSQUA 5", True),
    ("the outer from a variable", "J←I+1 JUSQUA 6", "I←N JUSQUA 5", False),
    ("the outer counting down", "J←I+1 JUSQUA 6", "I←5 PAS -1 JUSQUA 1", False),
    ("from another variable", "J←K+1 JUSQUA 6", "I←1 JUSQUA 5", False),
    ("a step of 2", "J←I+1 PAS 2 JUSQUA 9", "I←1 JUSQUA 5", False),
]


@pytest.mark.parametrize(("name", "inner", "outer", "expected"), INNER, ids=[case[0] for case in INNER])
def test_a_loop_from_an_outer_loops_variable_is_short_when_its_first_value_gives_fewer_than_8_passes(
        monkeypatch: pytest.MonkeyPatch, name: str, inner: str, outer: str, expected: bool) -> None:
    monkeypatch.setattr(pybounds, "SHORT_PASSES", SHORT_PASSES)
    source = f"5 N←1;K←1;S←0;TABLEAU T[9];T[4]←3\n10 FAIRE 40 POUR {outer}\n20 FAIRE 30 POUR {inner}\n" \
             "30 SI T[J]<T[I] ALORS S←S+1\n40 S←S+10\n50 AFFICHER S\n"
    assert ("for i_J in" not in listing(source)) is expected
    assert_agrees(source, [])


@pytest.mark.parametrize(("limit", "counted"), [("4", False), ("8", True), ("N", True)])
def test_a_short_loop_goes_round_its_while_and_a_longer_one_is_a_for(
        monkeypatch: pytest.MonkeyPatch, limit: str, counted: bool) -> None:
    monkeypatch.setattr(pybounds, "SHORT_PASSES", SHORT_PASSES)
    source = f"5 N←4;TABLEAU T[9]\n10 FAIRE 20 POUR I←1 JUSQUA {limit}\n20 T[I]←T[I]+7\n30 AFFICHER T\n"
    assert ("for i_I in" in listing(source)) is counted
    assert_agrees(source, [])


COUNTING_DOWN = "10 S←0;FAIRE 30 POUR I←9 PAS -2 JUSQUA 1\n20 FAIRE 30 POUR J←I PAS -0.5 JUSQUA I-1\n30 S←S+I*J\n" \
                "40 FAIRE 50 POUR K←2 PAS -0 JUSQUA 1\n50 S←S+1000\n60 AFFICHER S,I,J,K\n70 TERMINER\n"


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_loops_counting_down_by_constants(profile: str) -> None:
    assert_agrees(COUNTING_DOWN, [], profile=profile)


@pytest.mark.parametrize(("step", "up"), [(None, True), ("1", True), ("0", True), ("-0", True), ("-1", False),
                                          ("-0.5", False), ("G", None), ("-G", None), ("+1", None)])
def test_a_steps_direction_is_known_when_it_is_written_as_a_constant(step: str | None, up: bool | None) -> None:
    head = "FAIRE 20 POUR I←1 JUSQUA 3" if step is None else f"FAIRE 20 POUR I←1 PAS {step} JUSQUA 3"
    faire = parse(f"10 G←1;{head}\n20 TERMINER\n").lines[0].statements[1]
    assert pybounds.counts_up(faire.step) is up


def test_a_loop_counting_down_by_a_constant_tests_its_limit_without_the_steps_sign() -> None:
    code = listing(COUNTING_DOWN)
    assert "_go = _s >= _lim" in code and "if _st >= 0" not in code
