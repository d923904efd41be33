"""A procedure's call of itself as its RESULTAT jumps back to its entry (pytail): the same output, errors, lines
and cycles in every mode as the reference, and no Python call made for it."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

EUCLID = """10 S←0
20 FAIRE 30 POUR A←1 JUSQUA 12
30 FAIRE 30 POUR B←1 JUSQUA 12;S←S+&PGCD(A,B)
40 AFFICHER S
50 TERMINER
100 PROCEDURE &PGCD(A,B)
110 SI B=0 ALORS RESULTAT A
120 RESULTAT &PGCD(B,A-ENT(A/B)*B)
"""

PROGRAMS = {
    "euclid by references given their values": (EUCLID, []),
    "ackermann, a call of itself inside its own tail call": (
        "10 AFFICHER &AK(2,3)\n20 TERMINER\n100 PROCEDURE &AK(M,N) LOCAL M,N\n110 SI M=0 ALORS RESULTAT N+1\n"
        "120 SI N=0 ALORS RESULTAT &AK(M-1,1)\n130 RESULTAT &AK(M-1,&AK(M,N-1))\n", []),
    "a count down too deep for the machine fails at the call's line": (
        "10 AFFICHER &F(100000,0)\n20 TERMINER\n100 PROCEDURE &F(N,S) LOCAL N,S\n110 SI N=0 ALORS RESULTAT S\n"
        "120 RESULTAT &F(N-1,S+N)\n", []),
    "a count down within the depth sums its numbers": (
        "10 AFFICHER &F(60,0)\n20 TERMINER\n100 PROCEDURE &F(N,S) LOCAL N,S\n110 SI N=0 ALORS RESULTAT S\n"
        "120 RESULTAT &F(N-1,S+N)\n", []),
    "an argument that fails deep down fails at the call's line": (
        "10 AFFICHER &F(5)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n110 RESULTAT &F(N-1+0/(N-2))\n", []),
    "arguments read the parameters before any is rebound": (
        "10 AFFICHER &G(1,2,5)\n20 TERMINER\n100 PROCEDURE &G(A,B,K) LOCAL A,B,K\n110 SI K=0 ALORS RESULTAT A*10+B\n"
        "120 RESULTAT &G(B,A+B,K-1)\n", []),
    "a procedure with no parameter calls itself as its result": (
        "10 N←5\n20 AFFICHER &F\n30 TERMINER\n100 PROCEDURE &F\n110 N←N-1\n120 SI N=0 ALORS RESULTAT 7\n"
        "130 RESULTAT &F\n", []),
    "an own variable keeps the call a Python call: unset at each call": (
        "10 AFFICHER &F(3)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N,X\n110 SI N=3 ALORS X←1\n"
        "120 SI N=0 ALORS RESULTAT X\n130 RESULTAT &F(N-1)\n", []),
    "a string parameter keeps the call a Python call": (
        "10 AFFICHER &F('ABC',3)\n20 TERMINER\n100 PROCEDURE &F(S,N) LOCAL S,N\n110 SI N=0 ALORS RESULTAT S\n"
        "120 RESULTAT &F(S!'D',N-1)\n", []),
    "a long tail recursion runs over many slices": (
        "10 S←0\n20 FAIRE 30 POUR I←1 JUSQUA 300\n30 S←S+&F(40,0)\n40 AFFICHER S\n50 TERMINER\n"
        "100 PROCEDURE &F(N,S) LOCAL N,S\n110 SI N=0 ALORS RESULTAT S\n120 RESULTAT &F(N-1,S+N*N)\n", []),
    "a number read in steers the tail calls": (
        "10 LIRE K\n20 AFFICHER &F(K)\n30 TERMINER\n100 PROCEDURE &F(N) LOCAL N\n110 SI N<1 ALORS RESULTAT N\n"
        "120 RESULTAT &F(N/2)\n", ["37"]),
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_call_of_itself_as_its_result_agrees_with_the_reference(name):
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed)


@pytest.mark.parametrize("name, function", [
    ("euclid by references given their values", "p_PGCD"),
    ("a count down within the depth sums its numbers", "p_F"),
    ("arguments read the parameters before any is rebound", "p_G"),
    ("a procedure with no parameter calls itself as its result", "p_F"),
])
def test_a_call_of_itself_as_its_result_makes_no_python_call(name, function):
    code = listing(PROGRAMS[name][0])
    body = code[code.index(f"def {function}("):]
    assert f"{function}(" not in body[len(f"def {function}("):]
