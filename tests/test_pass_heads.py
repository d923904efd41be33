"""A counted loop's pass whose ways cost differently pays its first add with the passes, after the `for`
(pyloops.LoopCode.count): the cycles of passes ended by the budget, by an error or by the loop's end are
those the reference counts, in every mode of the Micro (the resumed one stops every 733 cycles)."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

pytestmark = pytest.mark.usefixtures("every_loop_long")  # (their loops are short: see pybounds.short)

FILL = "10 TABLEAU T[6000];S←0;Y←0\n15 FAIRE 15 POUR I←1 JUSQUA 6000;T[I]←I\n"  # (a loop of its own)
PROGRAMS = {
    "a SI in a pass, many slices long": (
        FILL + "20 FAIRE 30 POUR I←1 JUSQUA 6000\n30 SI T[I]>4000 ALORS S←S+1\n40 AFFICHER S\n"),
    "an error in the first statement of a pass, after passes of both ways": (
        FILL + "20 FAIRE 30 POUR I←1 JUSQUA 5\n30 X←1/(4-T[I]);SI X>0.4 ALORS Y←Y+1\n40 AFFICHER Y\n"),
    "an error in the arm of a SI, after passes that did not take it": (
        FILL + "20 FAIRE 30 POUR I←1 JUSQUA 9\n30 SI T[I]>3 ALORS X←1/(T[I]-5)\n40 AFFICHER X\n"),
    "a SI in a pass that scans characters": (
        "10 CHAINE T,V,C;T←'LE RENARD ET LES POULES';V←'AEIOUY';S←0\n20 FAIRE 30 POUR I←1 JUSQUA 23\n"
        "30 C←SCH(T,I,1);SI POS(V,1,C)>0 ALORS S←S+I\n40 AFFICHER S\n"),
    "a jump to the end of the pass, and a pass that sorts": (
        "10 TABLEAU T[40];X←1\n20 FAIRE 30 POUR I←1 JUSQUA 40\n30 X←X*137+187;X←X-ENT(X/101)*101;T[I]←X\n"
        "40 FAIRE 70 POUR K←39 PAS -1 JUSQUA 1\n50 FAIRE 70 POUR J←1 JUSQUA K\n60 SI T[J]<=T[J+1] ALORS ALLER EN 70\n"
        "65 W←T[J];T[J]←T[J+1];T[J+1]←W\n70 *\n80 AFFICHER T[1],T[20],T[40]\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_pass_paying_its_first_add_after_the_for_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], (), profile=profile)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_each_program_has_a_pass_that_pays_its_first_add_after_the_for(name: str) -> None:
    # The passes of a `for` run to its end paid after it; the slice given room for the dearest way each pass may
    # take where it is known (pyflow.pass_bound), else the passes the budget ends paid where it ends them.
    lines = [line.strip() for line in listing(PROGRAMS[name]).splitlines()]
    heads = [float(line.split()[3]) for line in lines if line.startswith("else: cyc += ") and line.endswith(
        ".0 * _len(_it)")]
    rooms = [float(line.split()[3]) for line in lines if line.startswith("if cyc + ") and "* _len(_it) > bud" in line]
    tested = any(line.startswith("if cyc >= bud: cyc += ") and ".0 * (_it.index(i_" in line and line.endswith(
        ") + 1); break") for line in lines)
    assert heads and (tested or any(room > head for room in rooms for head in heads))


def test_the_first_add_of_a_pass_with_a_si_is_paid_after_the_passes_run() -> None:
    code = listing(PROGRAMS["a jump to the end of the pass, and a pass that sorts"])
    loop = code[code.index("for i_J in _it:"):]
    first = next(line.strip() for line in loop.splitlines()[1:] if not line.strip().startswith("#"))
    assert not first.startswith("cyc +=")  # the pass starts with its first statement
    # its other adds are where they are; the slice has room for the charges of every block of the pass, its step
    # included (at least its dearest way: 1540 + 2190 + 1280): no budget test a pass
    assert "if cyc + 5460.0 * _len(_it) > bud" in code and "if cyc >= bud" not in loop.split("else: cyc")[0]
    # all, where the `for` ran to its end: the test's 1540 and line 70's 1280, which each way to it pays ahead
    # (pycharges.written_on): no add where the test goes to line 70, one where line 65 runs
    assert "else: cyc += 2820.0 * _len(_it)\n" in loop
    assert loop.split("else: cyc")[0].count("cyc += ") == 1


def test_a_pass_that_scans_characters_tests_the_budget_after_each_pass_it_runs() -> None:
    loop = listing(PROGRAMS["a SI in a pass that scans characters"]).split("for i_I in _it:")[-1]
    assert "if cyc >= bud: cyc += " in loop and ".0 * (_it.index(i_I) + 1); break\n" in loop
