"""A procedure whose loops are known is written without the dispatch (pystructure): its loops are
Python loops where control goes to them, nested where one is in another, left by `break`; a procedure whose
shape does not allow it keeps the dispatch. Every mode agrees with the reference either way.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

KNIGHT = ("10 TABLEAU B[3,4],DX[8],DY[8]\n20 FAIRE 30 POUR K←1 JUSQUA 8\n30 DX[K]←ENT(K/2)-2;DY[K]←K-4\n"
          "40 T←0;V←0;B[1,1]←1;&ESSAI(1,1,2)\n50 AFFICHER T,V\n60 TERMINER\n"
          "200 PROCEDURE &ESSAI(X,Y,C) LOCAL X,Y,C,K,U,W\n210 V←V+1\n220 SI C>7 ALORS DEBUT T←T+1;RETOUR FIN\n"
          "230 FAIRE 270 POUR K←1 JUSQUA 8\n240 U←X+DX[K];W←Y+DY[K]\n"
          "250 SI U<1 OU U>3 OU W<1 OU W>4 ALORS ALLER EN 270\n"
          "260 SI B[U,W]=0 ALORS DEBUT B[U,W]←C;&ESSAI(U,W,C+1);B[U,W]←0 FIN\n270 *\n280 RETOUR\n")
SEQUENCE = ("10 TABLEAU A[6]\n20 FAIRE 20 POUR I←1 JUSQUA 6;A[I]←7-I\n30 &S(A,3)\n40 AFFICHER A[1],A[6],N\n"
            "50 TERMINER\n100 PROCEDURE &S(A,M) LOCAL M,I,J,W\n110 FAIRE 120 POUR I←1 JUSQUA M\n"
            "120 N←N+A[I]\n130 FAIRE 155 POUR I←1 JUSQUA 5\n140 FAIRE 150 POUR J←1 JUSQUA 6-I\n"
            "150 SI A[J]>A[J+1] ALORS DEBUT W←A[J];A[J]←A[J+1];A[J+1]←W FIN\n155 N←N+1\n"
            "160 FAIRE 170 POUR I←M JUSQUA 1\n170 N←N+1\n180 RETOUR\n")
# Two loops that end on one line: the inner one is left for two places, the outer loop and what follows it
# (a `break` leaves one loop only); the inner loop, short, is written again where the outer loop's next pass
# goes to it (pygen.LOOP_COPIES).
SAME_END = SEQUENCE.replace("FAIRE 155", "FAIRE 150")
# A loop of jumps entered at two lines (110 falls into 120, jumps to 140), each too long to copy: the procedure
# keeps the dispatch.
_ADDS = ";".join(f"{name}←{name}+K" for name in "ABCDEFGHPQRST")
TWO_LONG_ENTRIES = ("10 AFFICHER &T(3),&T(1)\n20 TERMINER\n100 PROCEDURE &T(N) LOCAL N,K,A,B,C,D,E,F,G,H,P,Q,R,S,T\n"
                    "110 K←0;A←0;B←0;C←0;D←0;E←0;F←0;G←0;H←0;P←0;Q←0;R←0;S←0;T←0;SI N>2 ALORS ALLER EN 140\n"
                    f"120 K←K+1;{_ADDS}\n130 SI K>N ALORS RESULTAT A+T\n140 {_ADDS};K←K+1\n"
                    "150 SI K<9 ALORS ALLER EN 120\n160 RESULTAT -K\n")
LEFT_TWICE = ("10 AFFICHER &F(5),&F(0),&F(12)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N,K,S\n110 S←0;K←0\n"
              "120 K←K+1;SI K>N ALORS ALLER EN 160\n130 S←S+K;SI S>20 ALORS ALLER EN 170\n140 ALLER EN 120\n"
              "160 RESULTAT S\n170 RESULTAT -S\n")
ENDLESS = "10 &P\n20 TERMINER\n100 PROCEDURE &P LOCAL I\n110 I←0\n120 I←I+1;ALLER EN 120\n"
NIM = ("10 &C(3,5,7)\n20 TERMINER\n100 PROCEDURE &C(A,B,C) LOCAL A,B,C,J,I,Q,T\n110 TABLEAU T[3]\n"
       "120 T[1]←A;T[2]←B;T[3]←C\n130 FAIRE 170 POUR J←1 JUSQUA 3\n140 Q←0\n150 FAIRE 160 POUR I←1 JUSQUA 3\n"
       "160 SI T[I]>=J ALORS Q←Q+1\n170 AFFICHER J,Q\n180 RETOUR\n")
KEPT = ("10 &P(3)\n20 TERMINER\n100 PROCEDURE &P(N) LOCAL N,I,J\n110 FAIRE 150 POUR I←1 JUSQUA N\n"
        "120 J←0\n130 J←J+1;SI J<I ALORS ALLER EN 130\n140 AFFICHER I,J\n150 *\n160 SI N>1 ALORS DEBUT N←N-1;"
        "ALLER EN 110 FIN\n170 RETOUR\n")

# A line after a loop in a loop, then a loop of jumps: the middle loop is left from the line that ends the inner
# one's pass (written where the inner loop is left), for the line after it (a wrong step once lost that way out:
# the loop of jumps never ran).
NESTED = ("10 CHAINE B,RG;NM←0;&G(2,2,3)\n20 AFFICHER NM,B\n30 TERMINER\n"
          "100 PROCEDURE &G(NR,H,W) LOCAL NR,H,W,T,I,J,P\n110 FAIRE 320 POUR T←1 JUSQUA NR\n"
          "120 B←'';RG←'';FAIRE 130 POUR I←1 JUSQUA W\n130 RG←RG!'#'\n140 FAIRE 180 POUR J←1 JUSQUA H\n"
          "150 FAIRE 170 POUR I←1 JUSQUA W\n170 SI I=2 ALORS B←B!'*' SINON B←B!'.'\n180 B←B!'#'\n"
          "190 B←B!RG;P←POS(B,1,'*')\n210 SI P>0 ALORS DEBUT NM←NM+1;P←POS(B,P+1,'*');ALLER EN 210 FIN\n"
          "320 *\n330 RETOUR\n")

TWO_WAYS_IN = ("10 AFFICHER &P(3),&P(1)\n20 TERMINER\n100 PROCEDURE &P(N) LOCAL N,I\n"
               "110 I←0;SI N>1 ALORS ALLER EN 140\n120 I←I+1\n130 SI I>5 ALORS RESULTAT I\n140 I←I+2;ALLER EN 120\n")

STRUCTURED = {"a loop entered again after another loop": (KEPT, "&P"),
              "a loop of jumps entered at two lines (its short lines copied)": (TWO_WAYS_IN, "&P"),
              "loops in loops, then a loop of jumps": (NESTED, "&G"),
              "a recursive search, its moves a FAIRE": (KNIGHT, "&ESSAI"),
              "loops one after the other, and nested": (SEQUENCE, "&S"),
              "a loop of jumps left for two places": (LEFT_TWICE, "&F"),
              "a loop that never ends": (ENDLESS, "&P"),
              "a FAIRE inside a FAIRE, each with a line of its own": (NIM, "&C"),
              "two loops that end on one line, after others": (SAME_END, "&S")}
DISPATCHED = {"a loop of long lines entered at two of them": (TWO_LONG_ENTRIES, "&T")}
CASES = {**STRUCTURED, **DISPATCHED}


def function_of(source: str, procedure: str) -> str:
    code = listing(source)
    start = code.index(f"    def p_{procedure.lstrip('&')}(")
    end = code.find("\n    def ", start + 1)
    return code[start:end if end >= 0 else len(code)]


@pytest.mark.parametrize("name", list(STRUCTURED))
def test_a_procedure_whose_loops_are_known_is_written_without_the_dispatch(name: str) -> None:
    code = function_of(*STRUCTURED[name])
    assert "_LINES[pc]" not in code and "lp = []" not in code and "while True:" in code, code


def test_the_knights_procedure_reads_as_its_program() -> None:
    code = function_of(*STRUCTURED["a recursive search, its moves a FAIRE"])
    body = [line.strip() for line in code.splitlines()]
    assert body.count("while True:") == 1 and body.count("# 280: RETOUR") == 1, code  # its RETOUR written once


@pytest.mark.parametrize("name", list(DISPATCHED))
def test_a_procedure_whose_shape_does_not_allow_it_keeps_the_dispatch(name: str) -> None:
    code = function_of(*DISPATCHED[name])
    assert "lp = []" in code and "_LINES[pc]" in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", [name for name in CASES if name != "a loop that never ends"])
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(CASES[name][0], (), profile=profile)


def test_a_loop_that_never_ends_tests_the_budget_at_each_pass() -> None:
    code = function_of(*STRUCTURED["a loop that never ends"])
    loop = code[code.index("while True:"):]
    assert loop.splitlines()[1].strip().startswith("if cyc >= bud: M.slice_end(120)"), code
