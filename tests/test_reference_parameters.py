"""A parameter by reference is the caller's variable: CHARGER loads into it, TABLEAU cannot redeclare it; one that
every call gives a number is read as one (kinds.number_references)."""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.lse.listing import listing
from machine.lse.pyshared import ProgramCode
from machine.micro import Micro
from tests.lse_harness import lines, run_lse
from tests.oracle.differential import assert_agrees
from tests.oracle.reference import run_reference

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


# name: (program, whether E is sure to hold a number, the reference's error or None)
NUMBERS = {
    "a variable of the program that only holds numbers": (
        ("10 X←1;&P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(E)", "30 SI E=1 ALORS E←E+2;RETOUR"), True, None),
    "an expression, an element and a variable": (
        ("10 TABLEAU T[2];X←1;&P(X);&P(T[1]);&P(X*2);AFFICHER X,T;TERMINER", "20 PROCEDURE &P(E)",
         "30 E←E+1;AFFICHER E;RETOUR"), True, None),
    "a by-value number handed on by reference": (
        ("10 &P(4);TERMINER", "20 PROCEDURE &P(A) LOCAL A", "30 &Q(A);AFFICHER A;RETOUR", "40 PROCEDURE &Q(E)",
         "50 E←E*E;RETOUR"), True, None),
    "a reference handed on by reference": (
        ("10 X←3;&P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(B)", "30 &Q(B);RETOUR", "40 PROCEDURE &Q(E)",
         "50 E←E+E;RETOUR"), True, None),
    "a function of numbers by reference, recursive": (
        ("10 S←0;FAIRE 20 POUR A←1 JUSQUA 9;FAIRE 20 POUR B←1 JUSQUA 9", "20 S←S+&G(A,B)", "30 AFFICHER S;TERMINER",
         "40 PROCEDURE &G(E,F)", "50 SI F=0 ALORS RESULTAT E", "60 RESULTAT &G(F,E-ENT(E/F)*F)"), True, None),
    "a CHAINE one call, a number the next": (
        ("10 CHAINE S;S←'AB';X←2;&P(X);&P(S);AFFICHER S,X;TERMINER", "20 PROCEDURE &P(E)", "30 E←E!E;RETOUR"),
        False, "TYPES INCOMPATIBLES"),
    "a string stored into a variable that only holds numbers": (
        ("10 X←2;&P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(E)", "30 E←'AB';RETOUR"), True, "TYPES INCOMPATIBLES"),
    "a variable of the program read before it is set": (
        ("10 &P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(E)", "30 E←E+1;RETOUR"), True, "NON AFFECTEE"),
    "a string given on by a by-value parameter": (
        ("10 &P('AB');TERMINER", "20 PROCEDURE &P(A) LOCAL A", "30 &Q(A);RETOUR", "40 PROCEDURE &Q(E)",
         "50 AFFICHER E;RETOUR"), False, None),
}


@pytest.mark.parametrize("name", sorted(NUMBERS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_reference_every_call_gives_a_number_agrees_with_the_reference(name, profile):
    assert_agrees(lines(*NUMBERS[name][0]), profile=profile)


@pytest.mark.parametrize("name", sorted(NUMBERS))
def test_a_reference_every_call_gives_a_number_is_read_as_one_and_ends_as_the_table_says(name):
    source, numbers, error = NUMBERS[name]
    result = run_reference(lines(*source))
    assert (result.error is None) if error is None else (result.error is not None and error in result.error[1])
    micro = Micro()
    micro.load_text(lines(*source))
    shared = ProgramCode(micro.runtime.ir, micro.runtime.layout, micro.runtime.costs, micro.runtime.numbers,
                         False, False)
    units = micro.runtime.layout.units
    assert any("E" in refs for name, refs in shared.number_refs.items() if "E" in units[name].by_reference) is numbers


def test_a_function_of_references_that_only_hold_numbers_is_added_with_no_test_of_its_kind():
    code = listing(lines(*NUMBERS["a function of numbers by reference, recursive"][0]))
    assert "(v_S + p_G(" in code and "_add(" not in code
