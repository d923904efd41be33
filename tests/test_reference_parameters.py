"""A parameter by reference is the caller's variable: CHARGER loads into it, TABLEAU cannot redeclare it."""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.lse.listing import listing
from tests.lse_harness import lines, run_lse
from tests.oracle.differential import assert_agrees

LOADED = lines("10 TABLEAU T[3];T[2]←5;GARER T,1,'F';&P(U);AFFICHER U[2];TERMINER",
               "30 PROCEDURE &P(X)", "40 CHARGER X,1,'F';RETOUR")
REDECLARED = lines("10 TABLEAU T[3];&Q(T);TERMINER", "50 PROCEDURE &Q(Y)", "60 TABLEAU Y[4];RETOUR")


@pytest.mark.parametrize("profiling", [False, True])
def test_charger_into_a_parameter_by_reference_loads_the_callers_variable(tmp_path, profiling):
    result = run_lse(LOADED, disk=Disk(tmp_path), profiling=profiling)
    assert (result.error, result.output.split()) == (None, ["5"])


@pytest.mark.parametrize("profiling", [False, True])
def test_tableau_of_a_parameter_by_reference_is_refused_at_its_line(tmp_path, profiling):
    result = run_lse(REDECLARED, disk=Disk(tmp_path), profiling=profiling)
    assert result.error == "Y DEJA DECLAREE AUTREMENT EN LIGNE 60"
    assert "G" not in result.micro.runtime.G and "Y" not in result.micro.runtime.G  # no global made


REFERRED = {
    "an element, read and stored": ("10 TABLEAU T[3];T[2]←5;&P(T[2]);AFFICHER T;TERMINER",
                                    "20 PROCEDURE &P(E)", "30 E←E*2+E;RETOUR"),
    "an element, then its array declared again": ("10 TABLEAU T[3];&P(T[2]);AFFICHER T;TERMINER",
                                                  "20 PROCEDURE &P(E)", "30 E←4;TABLEAU T[2];E←E+1;AFFICHER T;RETOUR"),
    "a variable of the program": ("10 X←1;&P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(E)",
                                  "30 E←E+X;X←7;E←E+1;RETOUR"),
    "an expression's value": ("10 &P(2+3);TERMINER", "20 PROCEDURE &P(E)", "30 E←E+1;AFFICHER E;RETOUR"),
    "a CHAINE": ("10 CHAINE S;S←'AB';&P(S);AFFICHER S;TERMINER", "20 PROCEDURE &P(E)", "30 E←E!SCH(E,1,1);RETOUR"),
    "given on to a call": ("10 TABLEAU T[2];&P(T[1]);AFFICHER T;TERMINER", "20 PROCEDURE &P(E)",
                           "30 E←E+1;&Q(E);E←E*3;RETOUR", "40 PROCEDURE &Q(F)", "50 F←F+10;RETOUR"),
}


@pytest.mark.parametrize("name", REFERRED)
def test_a_parameter_by_reference_taken_apart_once_a_call_names_what_the_caller_gave(name):
    source = lines(*REFERRED[name])
    assert_agrees(source)
    code = listing(source)
    assert "c_E, k_E = r_E" in code and "r_E[0][r_E[1]]" not in code
