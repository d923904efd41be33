"""An element read again with nothing changed in between takes the first read's value (machine/lse/reuse.py):
the maximum's `SI A[I]>M ALORS M←A[I]` reads A[I] once. Wherever something may have changed the element or its
index in between, it is read again: every program here agrees with the reference in every mode, on both
machines, and those that may not take are shown not to."""

from __future__ import annotations

import random

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
    "a read on the right of OU": lines(
        "10 TABLEAU A[3];I←2;A[2]←4", "20 SI I>3 OU A[I]>0 ALORS Y←A[I]", "30 AFFICHER Y", "40 TERMINER"),
    "a square": lines("10 TABLEAU A[3];A[2]←3;I←2", "20 AFFICHER A[I]*A[I]+A[I+1]*A[I+1]", "30 TERMINER"),
    "both sides of ET": lines(
        "10 TABLEAU A[3];A[2]←3;I←2", "20 SI A[I]>0 ET A[I]<9 ALORS AFFICHER 'DANS'", "30 TERMINER"),
    "a key of characters": lines(
        "10 TABLEAU P[3];CHAINE T;T←'ABCDEFGH';P[1]←3", "20 AFFICHER SCH(T,P[1],P[1]+1)!SCH(T,1,P[1])",
        "30 TERMINER"),
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
    "a read whose index runs past the array in both sides of OU": lines(
        "10 TABLEAU A[3];I←5", "20 SI I>3 OU A[I]>0 ALORS Y←A[I]", "30 AFFICHER Y", "40 TERMINER"),
    "an element's index stored into": lines(
        "10 TABLEAU A[3];A[1]←2", "20 A[A[1]]←A[1]+5", "30 AFFICHER A[1],A[2]", "40 TERMINER"),
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


@pytest.mark.parametrize("name", [name for name in READS_AGAIN if "OU" not in name and "arm of" not in name
                                  and "index stored" not in name and "element stored" not in name
                                  and "another array stored" not in name])
def test_an_element_that_may_have_changed_is_read_again(name: str) -> None:
    code = listing(READS_AGAIN[name])
    # (the first read may take what line 10 stored: tests/test_placed_elements.py; the read after the change not)
    variable = "v_X" if "CNB" in name else "v_Y"  # (the variable the read after the change is stored into)
    read = [line for line in code.splitlines() if f"{variable} = " in line]
    assert read and not any("_w" in line for line in read), code


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


ELEMENT = ["A[I]", "A[J]", "A[I+1]", "A[J-I+1]", "B[I,J]", "B[J,I]", "A[A[I]]", "R[1]"]
VALUE = ["{e}", "{e}*{e}", "{e}-{f}", "(SI I<J ALORS {e} SINON {f})+{e}", "ABS({e}-{f})", "ENT({e}/2)+{f}"]
STATEMENTS = [
    "X←{v}", "Y←{v}+X", "SI {e}>{f} ALORS X←{e} SINON X←{f}", "SI {e}>0 ET {f}<9 ALORS Y←{e}+{f}",
    "SI {e}=0 OU {f}>2 ALORS DEBUT Y←{f};X←{e} FIN", "A[I]←{v}", "A[J]←{e}+1", "B[I,J]←{f}", "I←{e}",
    "J←ENT({f}/2)+1", "AFFICHER {e},{v}", "A[A[I]]←{e}", "&CHANGE(I)", "&CHANGE(J)", "&GARDE(R)",
    "X←{e}+&LU(I)+{e}", "SI {e}>&LU(J) ALORS Y←{e}",
]


def element_program(rng) -> str:
    """A short program that reads the same elements again and again, changing them or their index now and then
    (indices that stay from 1 to 4 but may leave: the error must be the same too)."""
    body = []
    for _ in range(rng.randint(4, 9)):
        e, f = rng.choice(ELEMENT), rng.choice(ELEMENT)
        statement = rng.choice(STATEMENTS).format(v=rng.choice(VALUE).format(e=e, f=f), e=e, f=f)
        body.append(statement if rng.random() < 0.6 or not body else body.pop() + ";" + statement)
    start = f"TABLEAU A[6],B[4,4],R[2];I←{rng.randint(1, 3)};J←{rng.randint(1, 3)};X←0;Y←0"
    fill = "FAIRE 30 POUR K←1 JUSQUA 6;A[K]←K-ENT(K/4)*3"
    numbered = [f"{10 * at} {text}" for at, text in enumerate([start, fill, "B[2,2]←5;R[1]←1", *body], 1)]
    ending = len(numbered) * 10 + 10
    return lines(*numbered, f"{ending} AFFICHER X,Y,I,J,A[1],A[2],A[3],A[4],B[2,2],R[1]", f"{ending + 10} TERMINER",
                 "900 PROCEDURE &CHANGE(Z)", "910 Z←Z-ENT(Z/3)*2;A[Z]←A[Z]+1", "920 RETOUR",
                 "930 PROCEDURE &GARDE(T)", "940 T[1]←T[1]+A[1];A[1]←T[1]", "950 RETOUR",
                 "960 PROCEDURE &LU(Z) LOCAL Z", "970 A[2]←A[2]+Z", "980 RESULTAT A[Z]")


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("seed", range(60))
def test_programs_that_read_elements_again_agree_with_the_reference(seed: int, profile: str) -> None:
    assert_agrees(element_program(random.Random(seed)), profile=profile)


def test_most_such_programs_take_some_element() -> None:
    taking = sum("_w" in listing(element_program(random.Random(seed))).replace("_whole", "") for seed in range(60))
    assert taking >= 40
