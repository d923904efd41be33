"""Long and deeply nested expressions compile and run in every mode (issue 17's shapes): the generator
computes an expression taller than pyexpr.TALL one node a step, so no legal line reaches Python's limits."""

from __future__ import annotations

import pytest

from tests.lse_harness import run_lse

SHAPES = {
    "a sum of 10 000 ones": ("10 X←" + "+".join(["1"] * 10000) + "\n20 AFFICHER X;TERMINER\n", "10000"),
    "a sum of 68 variables": ("10 X←1;Y←" + "+".join(["X"] * 68) + "\n20 AFFICHER Y;TERMINER\n", "68"),
    "67 products added": ("10 X←1;Y←" + "+".join(["X*X"] * 67) + "\n20 AFFICHER Y;TERMINER\n", "67"),
    "201 strings joined": ("10 CHAINE S;S←" + "!".join(["'A'"] * 201) + "\n20 AFFICHER LGR(S);TERMINER\n", "201"),
    "201 conditions joined by ET": ("10 SI " + " ET ".join(["1=1"] * 201) + " ALORS AFFICHER 7\n20 TERMINER\n", "7"),
    "202 powers": ("10 X←" + "^".join(["1"] * 202) + "\n20 AFFICHER X;TERMINER\n", "1"),
    "60 signs": ("10 X←" + "-" * 60 + "1\n20 AFFICHER X;TERMINER\n", "1"),
    "60 nested calls": ("10 AFFICHER " + "&F(" * 60 + "1" + ")" * 60 + "\n20 TERMINER\n30 PROCEDURE &F(A)\n"
                        "40 RESULTAT A+1\n", "61"),
    "60 nested conditional expressions": ("10 X←" + "SI 1=1 ALORS " * 60 + "1" + " SINON 2" * 60 +
                                          "\n20 AFFICHER X;TERMINER\n", "1"),
    "a tall index of a stored element": ("10 TABLEAU T[5];T[" + "+".join(["1"] * 300) + "-296]←3;AFFICHER T[4]"
                                         "\n20 TERMINER\n", "3"),
    "a tall index of a read element": ("10 TABLEAU T[5];T[4]←3;AFFICHER T[" + "+".join(["1"] * 300) + "-296]"
                                       "\n20 TERMINER\n", "3"),
    "a tall limit of a FAIRE": ("10 FAIRE 20 POUR I←1 JUSQUA " + "+".join(["1"] * 300) + "\n20 X←I\n"
                                "30 AFFICHER X;TERMINER\n", "300"),
}


@pytest.mark.parametrize("source, printed", SHAPES.values(), ids=SHAPES.keys())
def test_a_tall_expression_runs_and_every_mode_agrees_to_the_cycle(source, printed):
    plain = run_lse(source)
    profiled = run_lse(source, profiling=True)
    assert plain.error is None and plain.output.split() == [printed]
    assert (profiled.output, profiled.error, profiled.cycles) == (plain.output, plain.error, plain.cycles)


def test_an_overflow_in_a_tall_sum_is_reported_at_its_line():
    source = "10 X←1E300\n20 Y←" + "+".join(["X*X"] + ["1"] * 500) + "\n30 TERMINER\n"
    assert run_lse(source).error == run_lse(source, profiling=True).error == "DEPASSEMENT DE CAPACITE EN LIGNE 20"
