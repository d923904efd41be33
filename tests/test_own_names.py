"""A procedure's own variable (LOCAL) is unset until the procedure sets it, whatever the program's variable of
the same name holds: reading it first is VARIABLE ... NON AFFECTEE, in every mode, as the reference says.

Decision: a procedure's own names are Python locals of its function; one the function never assigns would be
Python's free variable, the program's cell of that name (pygen.UnitCode.function declares them local).
"""

from __future__ import annotations

import pytest

from tests.oracle.differential import assert_agrees, run_micro

MAIN = "10 K←5;CHAINE S;S←'AB';TABLEAU W[3];W[1]←7\n20 AFFICHER &F\n30 TERMINER\n"

# name: (the procedure's lines, the error its run ends with)
CASES = {
    "a number it never assigns": ("40 PROCEDURE &F LOCAL K\n50 RESULTAT K\n", "VARIABLE K NON AFFECTEE EN LIGNE 50"),
    "a number it assigns on a way not taken": (
        "40 PROCEDURE &F LOCAL K\n50 SI 1=2 ALORS K←1\n60 RESULTAT K\n", "VARIABLE K NON AFFECTEE EN LIGNE 60"),
    "a number compared beside a sure side": (
        "40 PROCEDURE &F LOCAL K\n50 SI 1=1 OU K=5 ALORS RESULTAT 1\n60 RESULTAT 0\n",
        "VARIABLE K NON AFFECTEE EN LIGNE 50"),
    "a string it declares and never assigns": (
        "40 PROCEDURE &F LOCAL S\n50 CHAINE S\n60 RESULTAT S\n", "NON AFFECTEE EN LIGNE 60"),
    "a string it never declares": ("40 PROCEDURE &F LOCAL S\n50 RESULTAT S!'C'\n", "EN LIGNE 50"),
    "an array it never declares": ("40 PROCEDURE &F LOCAL W\n50 RESULTAT W[1]\n", "EN LIGNE 50"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(CASES))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(MAIN + CASES[name][0], (), profile=profile)


@pytest.mark.parametrize("name", list(CASES))
def test_the_run_ends_with_the_error_not_the_programs_value(name: str) -> None:
    run = run_micro(MAIN + CASES[name][0], ())
    assert run.error is not None and CASES[name][1] in f"{run.error[1]} EN LIGNE {run.error[2]}", run
    assert "5" not in run.output and "7" not in run.output and "AB" not in run.output, run
