"""A call of a procedure whose first line may leave it at once takes that exit at the call (pyleaf): the same output,
errors, lines and cycles in every mode as the reference, and no Python call made where the exit is taken."""

from __future__ import annotations

import sys

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import SLICE, assert_agrees, run_micro

FIB = "10 LIRE N\n20 AFFICHER &FIB(N)\n30 TERMINER\n100 PROCEDURE &FIB(N) LOCAL N\n110 SI N<2 ALORS RESULTAT N\n" \
      "120 RESULTAT &FIB(N-1)+&FIB(N-2)\n"
HANOI = "10 M←0\n20 &H(N,1,3,2)\n30 AFFICHER M\n40 TERMINER\n100 PROCEDURE &H(N,A,B,C) LOCAL N,A,B,C\n" \
        "110 SI N=0 ALORS RETOUR\n120 &H(N-1,A,C,B);M←M+10*A+B;&H(N-1,C,B,A)\n130 RETOUR\n"
DEEP = "10 AFFICHER &D(K)\n20 TERMINER\n100 PROCEDURE &D(N) LOCAL N\n110 SI N=0 ALORS RESULTAT 0\n" \
       "120 RESULTAT &D(0)+1+&D(N-1)\n"
TAKE = "10 AFFICHER &T(9,6,3)\n20 TERMINER\n100 PROCEDURE &T(X,Y,Z) LOCAL X,Y,Z\n110 SI Y>=X ALORS RESULTAT Z\n"

PROGRAMS = {
    "fibonacci's base case": (FIB, ["15"]),
    "the towers of hanoi's RETOUR, a call as a statement": (HANOI.replace("(N,", "(6,", 1), []),
    "takeuchi's": (TAKE + "120 RESULTAT &T(&T(X-1,Y,Z),&T(Y-1,Z,X),&T(Z-1,X,Y))\n", []),
    "an argument worked out first, read second by the test": (
        TAKE + "120 RESULTAT &T(&P(X),Y,Z)+&T(Y-1,Z,&P(X))\n200 PROCEDURE &P(V) LOCAL V\n210 RESULTAT V-1\n", []),
    "an argument worked out first, read only by the result": (
        "10 AFFICHER &F(1,5)\n20 TERMINER\n100 PROCEDURE &F(X,Y) LOCAL X,Y\n110 SI Y<1 ALORS RESULTAT X\n"
        "120 RESULTAT &F(&P(X),Y-1)+&F(X,Y-1)\n200 PROCEDURE &P(V) LOCAL V\n210 RESULTAT V+1\n", []),
    "two functions calling each other, constant results": (
        "10 S←0\n20 FAIRE 30 POUR I←0 JUSQUA 12\n30 S←S+&F(I)*100+&M(I)\n40 AFFICHER S\n50 TERMINER\n"
        "100 PROCEDURE &F(N) LOCAL N\n110 SI N=0 ALORS RESULTAT 1\n120 RESULTAT N-&M(&F(N-1))\n"
        "200 PROCEDURE &M(N) LOCAL N\n210 SI N=0 ALORS RESULTAT 0\n220 RESULTAT N-&F(&M(N-1))\n", []),
    "a base case reached just within the depth": (DEEP, ["198"]),
    "a base case reached at the depth's limit fails there": (DEEP, ["199"]),
    "a base case past the depth's limit fails at its entry": (DEEP, ["200"]),
    "a test of ET, OU and NON": (
        "10 S←0\n20 FAIRE 30 POUR I←-3 JUSQUA 16\n30 S←S+&F(I,2)\n40 AFFICHER S\n50 TERMINER\n"
        "100 PROCEDURE &F(N,K) LOCAL N,K\n110 SI NON (N>=K ET N<=20) OU N=K ALORS RESULTAT K\n"
        "120 RESULTAT N+&F(N-3,K)+&F(N-4,K)\n", []),
    "the exit in the SINON arm": (
        "10 AFFICHER &F(12)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n"
        "110 SI N>=2 ALORS RESULTAT &F(N-1)+&F(N-2) SINON RESULTAT N\n", []),
    "comment lines before the test are paid with it": (
        "10 AFFICHER &F(10)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n105 * UNE REMARQUE\n106 * UNE AUTRE\n"
        "110 SI N<=1 ALORS RESULTAT 1\n120 RESULTAT N+&F(N-1)*&F(N-2)\n", []),
    "a string result": (
        "10 AFFICHER &F(5)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n110 SI N<=0 ALORS RESULTAT 'FIN'\n"
        "120 RESULTAT &F(N-2)!'A'!&F(N-1)\n", []),
    "a RETOUR taken in an expression fails at the caller's line": (
        "10 AFFICHER &F(2)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n110 SI N=0 ALORS RETOUR\n"
        "120 RESULTAT 1+&F(N-1)+&F(N-1)\n", []),
    "a RESULTAT taken by a call as a statement fails at the caller's line": (
        "10 &F(2)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n110 SI N=0 ALORS RESULTAT 5\n120 &F(N-1);&F(N-1)\n"
        "130 RETOUR\n", []),
    "an argument never assigned fails at the call's line": (
        "10 AFFICHER &F(3)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n110 SI N=0 ALORS RESULTAT 5\n"
        "120 RESULTAT &F(N-1)+&F(U)\n", []),
    "an argument that overflows fails at the call's line": (
        "10 X←1E30\n20 AFFICHER &F(3)\n30 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n110 SI N<=0 ALORS RESULTAT 5\n"
        "120 RESULTAT &F(N-1)+&F(N*X*X*X*X*X*X*X*X*X*X*X)\n", []),
    "an argument that calls a procedure changing a variable, then one reading it": (
        "10 G←3\n20 AFFICHER &F(5,1),G\n30 TERMINER\n100 PROCEDURE &F(A,B) LOCAL A,B\n110 SI A<=B ALORS RESULTAT A\n"
        "120 RESULTAT &F(&SET(A-1),A-2)+&F(G,&SET(B+1))\n200 PROCEDURE &SET(V) LOCAL V\n210 G←V\n220 RESULTAT V\n",
        []),
    "a long recursion over many slices": (HANOI.replace("(N,", "(11,", 1), []),
    "a number read in steers the calls": (FIB, ["-2"]),
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("machine", ["micro40", "console80"])
def test_a_call_taking_its_exit_at_the_call_agrees_with_the_reference(name, machine):
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed, machine)


@pytest.mark.parametrize("name", PROGRAMS)
def test_each_program_of_the_table_takes_an_exit_at_a_call(name):
    assert " and cyc < bud and (cyc := cyc + " in listing(PROGRAMS[name][0])


def python_calls(source: str, typed: list[str], function: str) -> tuple[int, int]:
    """How many times a run of the program enters the Python function of one of its procedures, and its cycles."""
    entered = []

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call" and frame.f_code.co_name == function:
            entered.append(1)
    sys.setprofile(count)
    try:
        cycles = run_micro(source, typed).cycles
    finally:
        sys.setprofile(None)
    return len(entered), cycles


@pytest.mark.parametrize("name, function, calls", [
    # fib(15): 1 973 calls, 987 of them reach N<2 at once; the main program's one call as well (N=15)
    ("fibonacci's base case", "p_FIB", 1973 - 987),
    # hanoi(6): 127 calls, the 64 of N=0 end at their first line
    ("the towers of hanoi's RETOUR, a call as a statement", "p_H", 127 - 64),
])
def test_a_call_whose_exit_is_taken_at_the_call_makes_no_python_call(name, function, calls):
    source, typed = PROGRAMS[name]
    entered, cycles = python_calls(source, typed, function)
    assert calls <= entered <= calls + cycles // SLICE  # (and a call where a slice ends: the callee ends it)


@pytest.mark.parametrize("source", [
    # a chain of calls: one call a call, the exit taken once at its end (each call's test would fail)
    "10 AFFICHER &F(12)\n20 TERMINER\n100 PROCEDURE &F(K) LOCAL K\n110 SI K<=1 ALORS RESULTAT 1\n"
    "120 RESULTAT K*&F(K-1)\n",
    # a call of a procedure on no cycle of calls
    "10 AFFICHER &F(0)+&F(3)\n20 TERMINER\n100 PROCEDURE &F(K) LOCAL K\n110 SI K=0 ALORS RESULTAT 1\n"
    "120 RESULTAT K*2\n",
])
def test_a_call_off_a_branching_recursion_stays_a_python_call(source):
    assert " and cyc < bud and (cyc := cyc + " not in listing(source)
