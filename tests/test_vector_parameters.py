"""A parameter by reference given only vectors is read as one (holdings.vector_parameters): its elements without
the test of the upper bound, a position past the end being an IndexError that the general way turns into the error.
Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.holdings import vectors
from machine.lse.layout import layout as build_layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees

SIFT = ("10 TABLEAU T[9];FAIRE 20 POUR I←1 JUSQUA 9\n20 T[I]←I*7-ENT(I*7/10)*10\n"
        "30 FAIRE 30 POUR I←4 PAS -1 JUSQUA 1;&TAMISER(T,I,9)\n40 AFFICHER T[1],T[2],T[9];TERMINER\n"
        "200 PROCEDURE &TAMISER(A,I,N) LOCAL I,N,C,V\n210 V←A[I]\n220 C←2*I;SI C>N ALORS ALLER EN 260\n"
        "230 SI C<N ALORS SI A[C+1]>A[C] ALORS C←C+1\n240 SI A[C]<=V ALORS ALLER EN 260\n"
        "250 A[I]←A[C];I←C;ALLER EN 220\n260 A[I]←V;RETOUR\n")

CASES = [
    ("a parameter by reference given only vectors is one",
     "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 RETOUR\n", {"T", "A"}),
    ("a parameter by reference given a matrix once is not",
     "10 TABLEAU T[3],M[2,2];&P(T);&P(M)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 RETOUR\n", {"T"}),
    ("a parameter by value is not", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(A) LOCAL A\n40 RETOUR\n",
     {"T"}),
    ("a recursion that gives its parameter on to itself keeps it one",
     "10 TABLEAU T[3];&P(T,2)\n20 TERMINER\n30 PROCEDURE &P(A,K) LOCAL K\n40 SI K>0 ALORS &P(A,K-1)\n50 RETOUR\n",
     {"T", "A"}),
    ("a parameter given on to one given a matrix elsewhere stays one; that one is not",
     "10 TABLEAU T[3],M[2,2];&P(T);&Q(M)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 &Q(A);RETOUR\n"
     "50 PROCEDURE &Q(B)\n60 RETOUR\n", {"T", "A"}),
    ("a parameter given a parameter given a matrix is not",
     "10 TABLEAU M[2,2];&P(M)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 &Q(A);RETOUR\n50 PROCEDURE &Q(B)\n60 RETOUR\n",
     set()),
    ("a parameter whose procedure declares it again with two sizes is not",
     "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 LIBERER A;TABLEAU A[2,2];RETOUR\n", {"T"}),
    ("a parameter given an element is not", "10 TABLEAU T[3];&P(T[2])\n20 TERMINER\n30 PROCEDURE &P(A)\n40 RETOUR\n",
     {"T"}),
    ("a parameter by value of the same name elsewhere is not",
     "10 TABLEAU T[3];&P(T);&Q(T)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 RETOUR\n50 PROCEDURE &Q(A) LOCAL A\n"
     "60 RETOUR\n", {"T"}),
]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[case[0] for case in CASES])
def test_a_parameter_is_a_vector_when_every_name_given_to_it_is(name: str, source: str, expected: set) -> None:
    assert vectors(build_layout(parse(source))) == expected


PROGRAMS = {
    "a heap's sift given the array by reference": SIFT,
    "an element past the end of a vector given by reference": SIFT.replace("&TAMISER(T,I,9)", "&TAMISER(T,I,10)"),
    "an element before the start": SIFT.replace("210 V←A[I]", "210 V←A[I-4]"),
    "a fraction of an index": SIFT.replace("210 V←A[I]", "210 V←A[I+0.5]"),
    "a procedure's own TABLEAU given on by reference": (
        "10 AFFICHER &F(5);TERMINER\n100 PROCEDURE &F(N) LOCAL N,W,S\n110 TABLEAU W[N];&REMPLIR(W,N);S←0\n"
        "120 FAIRE 120 POUR I←1 JUSQUA N;S←S+W[I]\n130 RESULTAT S+&LIRE(W,N+1)\n"
        "200 PROCEDURE &REMPLIR(A,K) LOCAL K,J\n210 FAIRE 210 POUR J←1 JUSQUA K;A[J]←J*J\n220 RETOUR\n"
        "300 PROCEDURE &LIRE(A,K) LOCAL K\n310 RESULTAT A[K]\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_vector_given_by_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_a_vector_given_by_reference_is_read_without_the_test_of_its_size() -> None:
    code = listing(SIFT)
    sift = code[code.index("def p_TAMISER"):]
    assert "h_A[_floor(v_C) if v_C >= 1.0 else None]" in sift and "h_A[0][0]" not in sift
