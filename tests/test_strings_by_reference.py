"""A CHAINE of the program given whole to a parameter by reference holds what the procedure stores there too
(holdings.string_kinds): it is known to hold a string when every such store gives one, and not otherwise (a
number stored through the reference, the parameter read in, stepped by a FAIRE, given on to another procedure
by reference, declared an array). Each program runs in every mode against the reference, on both machines.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

CALLER = ("10 CHAINE W;W←'AB';&P(W);AFFICHER W", "20 AFFICHER &L(W);TERMINER",
          "30 PROCEDURE &L(S) LOCAL S", "40 RESULTAT LGR(S)")
PROGRAMS = {
    "strings stored through the reference": (*CALLER, "50 PROCEDURE &P(A)", "60 A←A!'C';RETOUR"),
    "a number stored through the reference": (*CALLER, "50 PROCEDURE &P(A)", "60 A←5;RETOUR"),
    "a number stored before the name is a CHAINE": (
        "10 &P(W);AFFICHER W;CHAINE W;W←'AB'", "20 AFFICHER &L(W);TERMINER", "30 PROCEDURE &L(S) LOCAL S",
        "40 RESULTAT LGR(S)", "50 PROCEDURE &P(A)", "60 A←5;RETOUR"),
    "a number stored through the reference, the CHAINE never run": (
        "10 &P(W);X←W+1;AFFICHER X;TERMINER", "20 CHAINE W;W←'AB'", "30 AFFICHER &L(W)",
        "40 PROCEDURE &L(S) LOCAL S", "45 RESULTAT LGR(S)", "50 PROCEDURE &P(A)", "60 A←5;RETOUR"),
    "a number stored through the reference, then given by value, the CHAINE never run": (
        "10 &P(W);AFFICHER &L(W);TERMINER", "20 CHAINE W;W←'AB'", "40 PROCEDURE &L(S) LOCAL S",
        "45 RESULTAT S+1", "50 PROCEDURE &P(A)", "60 A←5;RETOUR"),
    "strings stored through the reference, the CHAINE never run": (
        "10 &P(W);X←LGR(W);AFFICHER X,&L(W);TERMINER", "20 CHAINE W;W←'AB'",
        "40 PROCEDURE &L(S) LOCAL S", "45 RESULTAT LGR(S)", "50 PROCEDURE &P(A)", "60 A←'XYZ';RETOUR"),
    "the parameter read in": (*CALLER, "50 PROCEDURE &P(A)", "60 LIRE A;RETOUR"),
    "the parameter stepped by a FAIRE": (*CALLER, "50 PROCEDURE &P(A)", "60 FAIRE 60 POUR A←1 JUSQUA 2", "70 RETOUR"),
    "the parameter given on by reference": (*CALLER, "50 PROCEDURE &P(A)", "60 &Q(A);RETOUR",
                                            "70 PROCEDURE &Q(B)", "80 B←7;RETOUR"),
    "the parameter given on, strings stored": (*CALLER, "50 PROCEDURE &P(A)", "60 &Q(A);RETOUR",
                                               "70 PROCEDURE &Q(B)", "80 B←B!'Q';RETOUR"),
    "the parameter declared an array": (*CALLER, "50 PROCEDURE &P(A)", "60 TABLEAU A[2];RETOUR"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_every_mode_agrees_with_the_reference_on_a_chaine_given_by_reference(name: str, profile: str) -> None:
    assert_agrees(lines(*PROGRAMS[name]), ["3"], profile=profile)


def test_a_chaine_that_a_procedure_stores_strings_into_by_reference_is_given_by_value_as_a_string():
    # (every name given by reference was left out of the strings: its value given to &L went through _byval, and a
    # parameter by value given it was no string of its own: a table entry; a probe's sort of words, renard's &PRISE)
    code = listing(lines(*PROGRAMS["strings stored through the reference"]))
    assert "_byval(" not in code and "p_L(_R['W'], 0)" in code


def test_a_chaine_that_a_procedure_stores_a_number_into_by_reference_is_no_string():
    code = listing(lines(*PROGRAMS["a number stored through the reference"]))
    assert "_byval(_R['W'])" in code
