"""A parameter by reference is the caller's variable: CHARGER loads into it, TABLEAU cannot redeclare it."""

from __future__ import annotations

import pytest

from machine.disk import Disk
from tests.lse_harness import lines, run_lse

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
