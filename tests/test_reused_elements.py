"""An element read again with nothing changed in between takes the first read's value (machine/lse/reuse.py):
the maximum's `SI A[I]>M ALORS M←A[I]` reads A[I] once. Wherever something may have changed the element or its
index in between, it is read again: every program here agrees with the reference in every mode, on both
machines, and those that may not take are shown not to."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.micro import Micro
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

TAKES = {
    "a maximum": lines(
        "10 TABLEAU A[5];M←0", "20 FAIRE 30 POUR I←1 JUSQUA 5", "30 A[I]←(I*7)-ENT(I*7/5)*5",
        "40 FAIRE 50 POUR I←1 JUSQUA 5", "50 SI A[I]>M ALORS M←A[I]", "60 AFFICHER M", "70 TERMINER"),
    "a shift of an insertion": lines(
        "10 TABLEAU T[4];T[1]←1;T[2]←5;T[3]←3;T[4]←2", "20 FAIRE 60 POUR I←2 JUSQUA 4", "30 V←T[I];J←I",
        "40 SI J>1 ALORS SI T[J-1]>V ALORS DEBUT T[J]←T[J-1];J←J-1;ALLER EN 40 FIN", "50 T[J]←V",
        "60 *", "70 AFFICHER T[1],T[2],T[3],T[4]", "80 TERMINER"),
    "past a store into another array": lines(
        "10 TABLEAU A[2],B[2];A[1]←4", "20 SI A[1]>0 ALORS DEBUT B[2]←1;Y←A[1]+B[2] FIN", "30 AFFICHER Y",
        "40 TERMINER"),
    "a function's result": lines(
        "10 TABLEAU W[3];W[2]←4", "20 AFFICHER &F(1),&F(0)", "30 TERMINER",
        "100 PROCEDURE &F(C) LOCAL C", "110 SI W[C+1]>0 ALORS RESULTAT 2*W[C+1]", "120 RESULTAT 0"),
    "the other arm": lines(
        "10 TABLEAU A[2];A[1]←3", "20 SI A[1]>5 ALORS X←0 SINON X←A[1]*2", "30 AFFICHER X", "40 TERMINER"),
}
# Programs where a read must not take: what runs between may change the element or its index.
READS_AGAIN = {
    "the index's variable stored": lines(
        "10 TABLEAU A[3];A[1]←1;A[2]←2;I←1", "20 SI A[I]>0 ALORS DEBUT I←I+1;Y←A[I] FIN", "30 AFFICHER Y",
        "40 TERMINER"),
    "an element stored": lines(
        "10 TABLEAU A[3];A[1]←1", "20 SI A[1]>0 ALORS DEBUT A[1]←7;Y←A[1] FIN", "30 AFFICHER Y", "40 TERMINER"),
    "a call in the condition": lines(
        "10 TABLEAU A[2];A[1]←5", "20 SI A[1]>&F(0) ALORS Y←A[1] SINON Y←-A[1]", "30 AFFICHER Y", "40 TERMINER",
        "100 PROCEDURE &F(Z) LOCAL Z", "110 A[1]←-9", "120 RESULTAT Z"),
    "a call between": lines(
        "10 TABLEAU A[2];A[1]←5", "20 SI A[1]>0 ALORS DEBUT &G;Y←A[1] FIN", "30 AFFICHER Y", "40 TERMINER",
        "100 PROCEDURE &G", "110 A[1]←8", "120 RETOUR"),
    "a read on the right of OU": lines(
        "10 TABLEAU A[3];I←5", "20 SI I>3 OU A[I]>0 ALORS Y←A[I]", "30 AFFICHER Y", "40 TERMINER"),
    "a read in an arm of a value": lines(
        "10 TABLEAU A[3];I←5", "20 X←(SI I>3 ALORS 0 SINON A[I]);Y←A[I]", "30 AFFICHER X,Y", "40 TERMINER"),
    "a line jumped to": lines(
        "10 TABLEAU A[2];A[1]←1;K←0", "20 SI A[1]>0 ALORS ALLER EN 40", "30 A[1]←6", "40 Y←A[1];K←K+1",
        "50 SI K<2 ALORS DEBUT A[1]←-1;ALLER EN 20 FIN", "60 AFFICHER Y", "70 TERMINER"),
    "the rest of a line after a SI that stores": lines(
        "10 TABLEAU A[2];A[1]←1", "20 SI A[1]>0 ALORS A[1]←5;Y←A[1]", "30 AFFICHER Y", "40 TERMINER"),
    "an element of another array stored": lines(
        "10 TABLEAU A[2],B[2];A[1]←1;B[1]←1", "20 SI A[1]>0 ALORS DEBUT B[1]←3;A[1]←B[1]+2;Y←A[1] FIN",
        "30 AFFICHER Y", "40 TERMINER"),
    "a position stored by CNB": lines(
        "10 TABLEAU A[9];CHAINE L;L←'3 4';P←1;A[1]←10;A[3]←30", "20 SI A[P]>0 ALORS X←CNB(L,P,P)+A[P]",
        "30 AFFICHER X,P", "40 TERMINER"),
    "an element read in": lines(
        "10 TABLEAU A[2];A[1]←1", "20 SI A[1]>0 ALORS DEBUT LIRE A[1];Y←A[1] FIN", "30 AFFICHER Y", "40 TERMINER"),
    "the array declared again": lines(
        "10 TABLEAU A[2];A[1]←1", "20 SI A[1]>0 ALORS DEBUT TABLEAU A[3];Y←A[1] FIN", "30 AFFICHER Y",
        "40 TERMINER"),
    "a parameter by reference that is the index's variable": lines(
        "10 TABLEAU T[3];T[1]←1;T[2]←2;X←1;&P(X)", "20 TERMINER", "100 PROCEDURE &P(Z)",
        "110 SI T[X]>0 ALORS DEBUT Z←2;Y←T[X] FIN", "120 AFFICHER Y", "130 RETOUR"),
    "the program's variable a parameter by reference names": lines(
        "10 TABLEAU T[3];T[1]←1;T[2]←2;X←1;&P(X)", "20 TERMINER", "100 PROCEDURE &P(Z)",
        "110 SI T[Z]>0 ALORS DEBUT X←2;Y←T[Z] FIN", "120 AFFICHER Y", "130 RETOUR"),
    "two parameters by reference naming one variable": lines(
        "10 TABLEAU T[3];T[1]←1;T[2]←2;X←1;&P(X,X)", "20 TERMINER", "100 PROCEDURE &P(Z,W) LOCAL Y",
        "110 SI T[Z]>0 ALORS DEBUT W←2;Y←T[Z] FIN", "120 AFFICHER Y", "130 RETOUR"),
    "an array by reference that is the program's": lines(
        "10 TABLEAU T[3];T[1]←1;&P(T)", "20 TERMINER", "100 PROCEDURE &P(A)",
        "110 SI A[1]>0 ALORS DEBUT T[1]←4;Y←A[1] FIN", "120 AFFICHER Y", "130 RETOUR"),
}
INPUTS = {"an element read in": ["9"]}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(TAKES) + list(READS_AGAIN))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees({**TAKES, **READS_AGAIN}[name], INPUTS.get(name, ()), profile=profile)


@pytest.mark.parametrize("name", list(TAKES))
def test_an_element_read_again_with_nothing_changed_takes_the_first_value(name: str) -> None:
    code = listing(TAKES[name])
    assert ":= " in code and any(f"_w{at}" in code.replace(f"(_w{at} :=", "") for at in range(40)), code


@pytest.mark.parametrize("name", [name for name in READS_AGAIN if "OU" not in name and "arm of" not in name])
def test_an_element_that_may_have_changed_is_read_again(name: str) -> None:
    code = listing(READS_AGAIN[name])
    assert "_w" not in code.replace("_whole", ""), code


def test_the_debugger_reads_every_element_again() -> None:
    micro = Micro()
    micro.load_text(TAKES["a maximum"])
    micro.runtime.debugging = True  # (as the monitor's PAS A PAS and points d'arret set it)
    micro.runtime.compile_all()
    assert "_w" not in micro.runtime.compiled.source.replace("_whole", "")


def test_an_element_whose_index_changed_at_a_pause_is_read_again() -> None:
    session = Session(None)
    session.type("10 TABLEAU A[2];A[1]←1;A[2]←21;I←1", "20 SI A[I]>0 ALORS DEBUT PAUSE;AFFICHER A[I]*2 FIN",
                 "30 TERMINER")
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("I←2")
    assert session.type("CO").split()[0] == "42"
