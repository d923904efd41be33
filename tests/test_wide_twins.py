"""A procedure that a RETOUR EN may come back into is written straight, with a wide twin (pyprogram.twin_of): the
straight one runs until a call comes back elsewhere, then hands its locals and the line to go on at to the twin,
the dispatch as it was. Every mode agrees with the reference (output, error and line, cycles) on both machines;
the listing has the twin only where it may be written so.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

# The towers of Hanoi with a RETOUR EN that never runs: the straight procedure and its twin.
HANOI = (
    "10 LIRE N\n20 M←0;H←0\n30 &HANOI(N,1,3,2)\n40 AFFICHER M,H\n50 TERMINER\n"
    "60 AFFICHER 'FIN PAR RETOUR EN',M;TERMINER\n"
    "80 PROCEDURE &HANOI(N,A,B,C) LOCAL N,A,B,C\n90 SI N=0 ALORS RETOUR;SI N<0 ALORS RETOUR EN 60\n"
    "100 &HANOI(N-1,A,C,B)\n110 M←M+1;H←H+10*A+B\n120 &HANOI(N-1,C,B,A)\n130 RETOUR\n"
)

PROGRAMS = {
    "a recursion whose RETOUR EN never runs": (HANOI, ["6"]),
    "a recursion left from deep down by a RETOUR EN to the program's line": (
        "10 LIRE N;K←0\n20 &CHERCHE(1,N)\n30 AFFICHER 'PAS TROUVE';TERMINER\n40 AFFICHER 'TROUVE',K;K←0\n"
        "45 SI N>3 ALORS DEBUT N←N-1;ALLER EN 20 FIN\n50 TERMINER\n"
        "100 PROCEDURE &CHERCHE(P,N) LOCAL P,N,I\n110 K←K+1;SI P*P>N*7 ALORS RETOUR EN 40\n"
        "120 FAIRE 130 POUR I←1 JUSQUA 2\n130 &CHERCHE(P+I,N)\n140 RETOUR\n", ["6"]),
    "a call come back to a line of the program that reads the procedure's locals": (
        "10 X←1;&P(5);AFFICHER 'APRES',X;TERMINER\n50 AFFICHER 'EN 50',X,Y;RETOUR\n"
        "100 PROCEDURE &P(N) LOCAL N,X,Y\n110 X←N*3;Y←N+1;&Q(N)\n120 AFFICHER 'JAMAIS';RETOUR\n"
        "200 PROCEDURE &Q(M) LOCAL M\n210 SI M>2 ALORS RETOUR EN 50\n220 RETOUR\n", []),
    "a call come back to a line that reads a local never set": (
        "10 &P(5);TERMINER\n50 AFFICHER 'EN 50',Y;RETOUR\n100 PROCEDURE &P(N) LOCAL N,Y\n110 &Q(N)\n120 RETOUR\n"
        "200 PROCEDURE &Q(M) LOCAL M\n210 RETOUR EN 50\n", []),
    "a function come back elsewhere": (
        "10 S←0;&P(3);AFFICHER S;TERMINER\n50 S←S+100;RETOUR\n100 PROCEDURE &P(N) LOCAL N,R\n"
        "110 R←&F(N)+&F(N-1);S←R;RETOUR\n200 PROCEDURE &F(M) LOCAL M\n210 SI M=2 ALORS RETOUR EN 50\n"
        "220 RESULTAT M*10\n", []),
    "a call come back inside the procedure's loop, to a long loop of the program run by the procedure": (
        "10 S←0;&P(4);AFFICHER S;TERMINER\n50 FAIRE 60 POUR J←1 JUSQUA 30000\n60 S←S+1\n70 RETOUR\n"
        "100 PROCEDURE &P(N) LOCAL N,I\n110 FAIRE 130 POUR I←1 JUSQUA N\n120 S←S+I*1000\n130 &Q(I)\n140 RETOUR\n"
        "200 PROCEDURE &Q(M) LOCAL M\n210 SI M=3 ALORS RETOUR EN 50\n220 RETOUR\n", []),
    "an error after a call came back": (
        "10 &P(2);TERMINER\n50 AFFICHER 'EN 50';Z←1/(N-2);RETOUR\n100 PROCEDURE &P(N) LOCAL N\n110 &Q;RETOUR\n"
        "200 PROCEDURE &Q\n210 RETOUR EN 50\n", []),
    "a function whose parameter indexes, come back to a line that indexes by it and gives its result": (
        "10 TABLEAU A[5],B[5];FAIRE 20 POUR I←1 JUSQUA 5\n20 A[I]←I;B[I]←10*I\n30 AFFICHER &F(2),&F(3);TERMINER\n"
        "50 AFFICHER 'EN 50',A[K]+B[K];RESULTAT A[K]*B[K]\n60 PROCEDURE &F(K) LOCAL K\n"
        "70 &Q(K);RESULTAT A[K]+B[K]*A[K]\n80 PROCEDURE &Q(J) LOCAL J\n90 SI J=2 ALORS RETOUR EN 50\n95 RETOUR\n", []),
    "RESULTAT where a call came back, in a procedure called as a statement": (
        "10 &P(2);TERMINER\n50 RESULTAT 7\n100 PROCEDURE &P(N) LOCAL N\n110 &Q;RETOUR\n"
        "200 PROCEDURE &Q\n210 RETOUR EN 50\n", []),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_procedures_a_retour_en_may_come_back_into(
        name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert "def w_" in listing(source)  # a twin
    assert_agrees(source, inputs, profile=profile)


def test_the_straight_procedure_hands_its_locals_and_the_line_over_to_its_twin() -> None:
    code = listing(HANOI)
    straight = code[code.index("def p_HANOI("):]
    assert "pc = " not in straight and "lp = []" not in straight  # no dispatch
    assert "return w_HANOI(_locals(), _caught(e, _TABLE_p_HANOI, []), depth)" in straight
    assert "if (_r := p_HANOI((v_N - 1.0), v_A, v_C, v_B, depth + 1)) is not _RET: _subroutine(_r)" in straight
    twin = code[code.index("def w_HANOI("):code.index("def p_HANOI(")]
    assert "if 'v_N' in _loc: v_N = _loc['v_N']" in twin and "_too_deep" not in twin and "while True:" in twin


@pytest.mark.parametrize(("source", "twin", "why"), [
    ("10 &P(3);TERMINER\n100 PROCEDURE &P(N) LOCAL N,I\n110 FAIRE 130 POUR I←1 JUSQUA N\n120 AFFICHER I;&Q(I)\n"
     "130 *\n140 RETOUR\n200 PROCEDURE &Q(M) LOCAL M\n210 SI M=2 ALORS RETOUR EN 130\n220 RETOUR\n", "w_P",
     "a line a RETOUR EN goes on at is its own (its loop's last, the loop going on)"),
    ("10 &P(X)\n20 TERMINER\n30 AFFICHER 'T';TERMINER\n100 PROCEDURE &P(X)\n110 &Q\n120 RETOUR\n"
     "200 PROCEDURE &Q\n210 RETOUR EN 30\n", "w_P", "a parameter by reference"),
    ("10 &P\n20 TERMINER\n30 AFFICHER 'T';TERMINER\n100 PROCEDURE &P LOCAL S\n105 CHAINE S;S←'AB'\n110 &Q\n"
     "120 RETOUR\n200 PROCEDURE &Q\n210 RETOUR EN 30\n", "w_P", "a string of its own, whose memory it gives back"),
], ids=["own line", "by reference", "own string"])
def test_no_twin_where_the_dispatch_is_kept(source: str, twin: str, why: str) -> None:
    assert f"def {twin}(" not in listing(source), why
    assert_agrees(source, [])


def test_no_twin_when_profiled() -> None:
    assert "def w_" not in listing(HANOI, profile=True)
