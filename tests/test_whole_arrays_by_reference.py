"""An array given whole to a procedure by reference keeps the wholeness of its elements (kinds.whole_names), and so
does a procedure's own array (kinds.own_arrays).

The parameter holds what each call gives it, and what the procedure stores through it is counted for the array
given: where every such store is whole, single precision rounds the sums of its elements by their size alone.
Every mode agrees with the reference on each case, both profiles; a fraction given at the prompt to such an array
while the procedure runs makes the run refuse to go on.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.numbers import whole_test
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

WHOLE_TESTED = whole_test("")  # what console80's code tests a number whole by (".is_integer()")

SUM = lines("10 TABLEAU P[8];FAIRE 20 POUR I←1 JUSQUA 8", "20 P[I]←I*I", "30 AFFICHER &S(P,8)", "40 TERMINER",
            "100 PROCEDURE &S(A,N) LOCAL N,I,V", "110 V←0;FAIRE 120 POUR I←1 JUSQUA N", "120 V←V+A[I]*I",
            "130 RESULTAT V")
SPLIT = "(_c := (_x := (h_A[i_I] * v_I)) * 536870913.0)"


def test_the_elements_of_an_array_given_by_reference_are_summed_as_whole_numbers() -> None:
    assert "(_t := (h_A[i_I] * v_I)) <= 16777216.0" in listing(SUM, machine="console80")


def test_a_fraction_stored_through_the_reference_makes_the_array_no_whole_one() -> None:
    code = listing(SUM.replace("130 RESULTAT V", "130 A[1]←0.5;RESULTAT V"), machine="console80")
    assert SPLIT in code


def test_an_array_a_procedure_reads_a_number_into_is_tested_for_a_whole_sum_first() -> None:
    code = listing(SUM.replace("130 RESULTAT V", "130 LIRE A[2];RESULTAT V"), machine="console80")
    assert "(_t := (h_A[i_I] * v_I)) <= 16777216.0 and _t >= -16777216.0 and _t.is_integer()" in code


OWN = lines("10 LIRE N;S←0;FAIRE 20 POUR K←1 JUSQUA 3", "20 S←S+&M(N*K)", "30 AFFICHER S", "40 TERMINER",
            "100 PROCEDURE &M(N) LOCAL N,W,I,V", "110 TABLEAU W[N];FAIRE 120 POUR J←1 JUSQUA N", "120 W[J]←J*3",
            "130 V←0;FAIRE 140 POUR I←N-2 JUSQUA N", "140 V←V+W[I]*2", "150 RESULTAT V")


def sums(code: str) -> list[str]:
    """The lines of a listing that add to V an element of W."""
    return [line for line in code.splitlines() if line.strip().startswith("v_V = (") and "v_W[" in line]


def test_the_elements_of_a_procedure_s_own_array_are_summed_as_whole_numbers() -> None:
    summed = sums(listing(OWN, machine="console80"))  # tested for their size alone: no rounder, no splitting
    assert summed and not any(WHOLE_TESTED in line or "(_x := (v_V +" in line for line in summed)


def test_a_fraction_stored_into_a_procedure_s_own_array_makes_it_no_whole_one() -> None:
    summed = sums(listing(OWN.replace("W[J]←J*3", "W[J]←J/3"), machine="console80"))
    assert summed and all("(_x := (v_V +" in line for line in summed)


def test_a_procedure_s_loop_from_a_size_read_in_is_stepped_as_a_whole_number_tested_first() -> None:
    assert "(_t := v_I + _st" in listing(OWN, machine="console80")
    assert "(_t := v_I + _st" not in listing(OWN.replace("LIRE N;", "LIRE N;N←N/2;"), machine="console80")
    assert "_v = v_I + _st" in listing(OWN)  # (in double, a step is never tested)


CASES = {
    "a procedure's own array": OWN,
    "a procedure's own array of fractions": OWN.replace("W[J]←J*3", "W[J]←J/3"),
    "an own array given by reference to a procedure that halves it": lines(
        "10 AFFICHER &M(5)", "20 TERMINER", "100 PROCEDURE &M(N) LOCAL N,W,I,V",
        "110 TABLEAU W[N];FAIRE 120 POUR I←1 JUSQUA N", "120 W[I]←I*2^22", "125 &H(W)",
        "130 V←0;FAIRE 140 POUR I←1 JUSQUA N", "140 V←V+W[I]*3", "150 RESULTAT V", "200 PROCEDURE &H(A) LOCAL I",
        "210 FAIRE 220 POUR I←1 JUSQUA 5", "220 A[I]←A[I]/3", "230 RETOUR"),
    "a sum of elements": SUM,
    "a fraction stored through the reference": SUM.replace("130 RESULTAT V", "130 A[1]←0.5;RESULTAT V"),
    "the array given to two procedures": lines(
        "10 TABLEAU P[5],Q[5];FAIRE 20 POUR I←1 JUSQUA 5", "20 P[I]←I;Q[I]←2^24-I", "30 &D(Q);AFFICHER &S(P),&S(Q)",
        "40 TERMINER", "100 PROCEDURE &S(A) LOCAL I,V", "110 V←0;FAIRE 120 POUR I←1 JUSQUA 5",
        "120 V←V+A[I]*3+1", "130 RESULTAT V", "200 PROCEDURE &D(B) LOCAL I", "210 FAIRE 220 POUR I←1 JUSQUA 5",
        "220 B[I]←B[I]/3", "230 RETOUR"),
    "a whole number stored into the whole parameter": lines(
        "10 TABLEAU P[3];P[1]←7;&Z(P);AFFICHER P+1", "20 TERMINER", "100 PROCEDURE &Z(A)", "110 A←A[1]*3",
        "120 RETOUR"),
    "the array declared again by the procedure": lines(
        "10 TABLEAU P[3];P[2]←5;&R(P);P[3]←P[3]+2^24+1;AFFICHER P[3]", "20 TERMINER", "100 PROCEDURE &R(A)",
        "110 TABLEAU A[4];A[3]←A[3]+3;RETOUR"),
    "sums past 2^24": lines(
        "10 TABLEAU P[4];FAIRE 20 POUR I←1 JUSQUA 4", "20 P[I]←2^23+I", "30 AFFICHER &S(P),&S(P)*3", "40 TERMINER",
        "100 PROCEDURE &S(A) LOCAL I,V", "110 V←0;FAIRE 120 POUR I←1 JUSQUA 4", "120 V←V+A[I]*A[I]",
        "130 RESULTAT V"),
    "a recursion passing its array on": lines(
        "10 TABLEAU P[6];FAIRE 20 POUR I←1 JUSQUA 6", "20 P[I]←7-I", "30 &T(P,1);AFFICHER P[1],P[6],C", "40 TERMINER",
        "100 PROCEDURE &T(A,K) LOCAL K,I,X", "110 SI K>5 ALORS DEBUT C←C+A[1]*A[2]-A[3];RETOUR FIN",
        "120 FAIRE 140 POUR I←K JUSQUA 6", "130 X←A[K];A[K]←A[I];A[I]←X;&T(A,K+1)",
        "140 X←A[K];A[K]←A[I];A[I]←X", "150 RETOUR"),
}


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_an_array_given_by_reference(name: str, profile: str) -> None:
    assert_agrees(CASES[name], ["4"] if "LIRE" in CASES[name] else [], profile=profile)


@pytest.mark.parametrize("typed", ["1", "2.5", "300000"])
def test_a_size_read_whole_or_not_gives_the_reference_s_sums(typed: str) -> None:
    assert_agrees(OWN, [typed], profile="console80")


SPIN = ("10 TABLEAU P[3];P[1]←3;K←0", "20 &F(P);K←K+1;SI K<20000 ALORS ALLER EN 20", "30 AFFICHER P[2]",
        "40 TERMINER", "100 PROCEDURE &F(A)", "110 A[2]←A[2]+A[1];RETOUR")


def test_a_fraction_given_at_the_prompt_to_such_an_array_makes_the_run_refuse_to_go_on() -> None:
    session = Session(None, "console80")  # (single precision counts on it: double only where it has a remainder)
    interrupted(session, *SPIN)
    session.type("P[3]←0.5")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_whole_number_given_at_the_prompt_to_such_an_array_lets_the_run_go_on() -> None:
    session = Session(None, "console80")  # (single precision counts on it: double only where it has a remainder)
    interrupted(session, *SPIN)
    session.type("P[3]←4")
    assert "60000" in session.type("CO")
