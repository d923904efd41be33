"""A call of a procedure that leaves every name as it was: its caller's arrays by reference are not read anew.

analyses.still_procedures finds them; pygen writes no reading again after their calls (nor after a CHAINE or
TABLEAU of the unit's own names); a run stopped inside one cannot go on if the monitor made a name another array
(linker.CompiledProgram.lists_kept).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines, run_lse
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

REREAD = "h_A = c_A.get(k_A)"

PERMUTATIONS = lines(
    "10 TABLEAU P[4];FAIRE 10 POUR I←1 JUSQUA 4;P[I]←I", "20 S←0;&PERM(P,1,4)", "30 AFFICHER S", "40 TERMINER",
    "100 PROCEDURE &PERM(A,K,N) LOCAL K,N,I,T", "110 SI K=N ALORS DEBUT S←S+A[1]*1000+A[2]*100+A[3]*10+A[4];RETOUR FIN",
    "120 I←K", "130 T←A[K];A[K]←A[I];A[I]←T;&PERM(A,K+1,N);T←A[K];A[K]←A[I];A[I]←T",
    "140 I←I+1;SI I<=N ALORS ALLER EN 130", "150 RETOUR")


def caller_rereads(source: str) -> int:
    """How many times the listing reads parameter A's array anew, not counting its entry and its slices' ends."""
    return sum(REREAD in line and "slice_end" not in line for line in listing(source).splitlines()) - 1


# What a called procedure does, and whether its caller reads its parameter's array again after the call.
CALLEES = {
    "a recursion that only swaps elements": (PERMUTATIONS, False),
    "a callee that prints": (lines(
        "10 TABLEAU T[2];&P(T);AFFICHER T[1]", "20 TERMINER", "100 PROCEDURE &P(A)", "110 A[1]←1;&Q;A[2]←A[1]",
        "120 RETOUR", "200 PROCEDURE &Q", "210 AFFICHER 'Q';RETOUR"), True),
    "a callee that declares the program's array again": (lines(
        "10 TABLEAU T[2];&P(T);AFFICHER T[1]", "20 TERMINER", "100 PROCEDURE &P(A)", "110 A[1]←1;&Q;A[2]←A[1]",
        "120 RETOUR", "200 PROCEDURE &Q", "210 TABLEAU T[3];T[1]←9;RETOUR"), True),
    "a callee whose own callee reads a number": (lines(
        "10 TABLEAU T[2];&P(T);AFFICHER T[1]", "20 TERMINER", "100 PROCEDURE &P(A)", "110 A[1]←1;&Q;A[2]←A[1]",
        "120 RETOUR", "200 PROCEDURE &Q", "210 &R;RETOUR", "300 PROCEDURE &R", "310 LIRE X;RETOUR"), True),
    "a callee declaring its own array": (lines(
        "10 TABLEAU T[2];&P(T);AFFICHER T[1]", "20 TERMINER", "100 PROCEDURE &P(A)", "110 A[1]←1;&Q;A[2]←A[1]",
        "120 RETOUR", "200 PROCEDURE &Q LOCAL W", "210 TABLEAU W[3];W[1]←9;RETOUR"), False),
}


@pytest.mark.parametrize("name", list(CALLEES))
def test_a_caller_reads_its_array_again_only_after_a_call_that_may_change_what_it_names(name: str) -> None:
    source, again = CALLEES[name]
    assert (caller_rereads(source) > 0) is again


@pytest.mark.parametrize("name", list(CALLEES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_after_a_call(name: str, profile: str) -> None:
    assert_agrees(CALLEES[name][0], ["7"], profile=profile)


def test_the_permutations_sum_is_every_digit_six_times_in_each_place() -> None:
    assert run_lse(PERMUTATIONS).output.split() == [str(6 * 1111 * (1 + 2 + 3 + 4))]


# Programs that keep their arrays settled across what the analysis now lets them: every mode against the reference.
SETTLED = {
    "a recursive sort with a local array": lines(
        "10 TABLEAU T[9];FAIRE 10 POUR I←1 JUSQUA 9;T[I]←10-I", "20 &TRI(T,1,9)", "30 AFFICHER T[1],T[5],T[9]",
        "40 TERMINER", "100 PROCEDURE &TRI(A,G,D) LOCAL G,D,W,I,K,L", "110 SI D<=G ALORS RETOUR",
        "120 TABLEAU W[D-G+1];K←0", "130 FAIRE 140 POUR I←G+1 JUSQUA D",
        "140 SI A[I]<A[G] ALORS DEBUT K←K+1;W[K]←A[I] FIN", "150 L←K;K←K+1;W[K]←A[G]",
        "160 FAIRE 170 POUR I←G+1 JUSQUA D", "170 SI A[I]>=A[G] ALORS DEBUT K←K+1;W[K]←A[I] FIN",
        "180 FAIRE 190 POUR I←1 JUSQUA K", "190 A[G+I-1]←W[I]", "200 &TRI(A,G,G+L-1);&TRI(A,G+L+1,D);RETOUR"),
    "a still function in a test": lines(
        "10 TABLEAU T[5];FAIRE 10 POUR I←1 JUSQUA 5;T[I]←I*I", "20 &P(T)", "30 AFFICHER T[1],T[5]", "40 TERMINER",
        "100 PROCEDURE &P(A) LOCAL I", "110 I←1", "120 SI &F(A,I)>4 ALORS A[I]←0",
        "130 I←I+1;SI I<=5 ALORS ALLER EN 120", "140 RETOUR", "200 PROCEDURE &F(B,J) LOCAL J", "210 RESULTAT B[J]+1"),
    "a caller's own array given on": lines(
        "10 &P", "20 TERMINER", "100 PROCEDURE &P LOCAL H,I", "110 TABLEAU H[3];FAIRE 110 POUR I←1 JUSQUA 3;H[I]←I",
        "120 &Q(H);&Q(H)", "130 AFFICHER H[1],H[2],H[3];RETOUR", "200 PROCEDURE &Q(A) LOCAL I",
        "210 FAIRE 210 POUR I←1 JUSQUA 3;A[I]←A[I]*2", "220 RETOUR"),
    "an element past the end after a still call": lines(
        "10 TABLEAU T[3];&P(T)", "20 TERMINER", "100 PROCEDURE &P(A) LOCAL I", "110 I←1",
        "120 A[I]←&Z(A);I←I+1;SI I<=4 ALORS ALLER EN 120", "130 RETOUR", "200 PROCEDURE &Z(B)", "210 RESULTAT B[1]+1"),
}


@pytest.mark.parametrize("name", list(SETTLED))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_settled_array_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(SETTLED[name], profile=profile)


SPIN = ("10 TABLEAU T[3];&P(T)", "20 AFFICHER T[1],T[2]", "30 TERMINER", "100 PROCEDURE &P(A)", "110 A[1]←5;&Q(A)",
        "120 A[1]←A[1]+1;RETOUR", "200 PROCEDURE &Q(B) LOCAL Z", "210 Z←0",
        "220 Z←Z+1;SI Z<100000000 ALORS ALLER EN 220", "230 B[2]←1;RETOUR")


def stopped_in_still_callee() -> Session:
    """Run SPIN and interrupt it inside &Q, which its caller &P calls holding its array."""
    session = Session(None)
    interrupted(session, *SPIN)
    assert "INTERROMPU EN LIGNE 220" in "".join(session.chunks)
    return session


def test_an_element_changed_at_the_prompt_is_seen_when_the_run_goes_on() -> None:
    session = stopped_in_still_callee()
    session.type("T[1]←7")
    assert session.type("CO").split()[:2] == ["8", "1"]


@pytest.mark.parametrize("command", ["TABLEAU T[5]", "LIBERER T"])
def test_an_array_made_another_at_the_prompt_inside_a_still_call_makes_the_run_refuse_to_go_on(command: str) -> None:
    session = stopped_in_still_callee()
    session.type(command)
    assert "RIEN A CONTINUER" in session.type("CO")
