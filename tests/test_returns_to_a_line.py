"""A call statement, or an assignment of a function's result (to a variable or an element), whose procedure may
end by RETOUR EN goes on at that line's block through the dispatch (`_came_back`), with no exception raised for
caught() to find it; the cycles paid ahead for what follows the call are given back as caught() gives them. Each
program runs in every mode of the Micro against the reference (output, error and line, cycles), on both machines.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

SEARCH = ("10 TABLEAU A[20];FAIRE 20 POUR I←1 JUSQUA 20\n20 A[I]←3*I\n30 NT←0;NR←0;FAIRE 60 POUR K←1 JUSQUA 30\n"
          "40 &CHERCHE(K*2);NR←NR+1;ALLER EN 60\n50 TROUVE: NT←NT+P\n60 *\n70 AFFICHER NT,NR;TERMINER\n"
          "200 PROCEDURE &CHERCHE(V) LOCAL V,G,D\n210 G←1;D←20\n220 SI G>D ALORS RETOUR\n230 P←ENT((G+D)/2)\n"
          "240 SI A[P]=V ALORS RETOUR EN TROUVE\n250 SI A[P]<V ALORS G←P+1 SINON D←P-1\n260 ALLER EN 220\n")
DEEP = ("10 N←0;FAIRE 40 POUR K←1 JUSQUA 12\n20 X←&SQ(K,4,1);N←N+100;ALLER EN 40\n30 N←N+L\n40 *\n"
        "50 AFFICHER N;TERMINER\n200 PROCEDURE &SQ(R,J,D) LOCAL R,J,D,I\n210 SI R=0 ALORS DEBUT L←D;RETOUR EN 270 FIN\n"
        "220 FAIRE 240 POUR I←J-1 PAS -1 JUSQUA 1\n230 SI I*I<=R ALORS X←&SQ(R-I*I,I,D+1)\n240 *\n250 RESULTAT 0\n"
        "270 SI D>1 ALORS RETOUR EN 270\n280 RETOUR EN 30\n")

PROGRAMS = {
    "a binary search that leaves by RETOUR EN to the caller's label": SEARCH,
    "a recursive function left by RETOUR EN level by level, into an assignment": DEEP,
    "a RETOUR EN to a line the program lacks": (
        "10 FAIRE 20 POUR K←1 JUSQUA 3\n20 &P(K);AFFICHER K\n30 TERMINER\n"
        "100 PROCEDURE &P(N) LOCAL N\n110 SI N=2 ALORS RETOUR EN 10*N+5\n120 RETOUR\n"),
    "a RESULTAT that ends a call statement": (
        "10 FAIRE 20 POUR K←1 JUSQUA 3\n20 &P(K);AFFICHER K\n30 TERMINER\n"
        "100 PROCEDURE &P(N) LOCAL N\n110 SI N=3 ALORS RESULTAT 1\n115 SI N=9 ALORS RETOUR EN 20\n120 RETOUR\n"),
    "a function that ends by RETOUR: its assignment fails": (
        "10 FAIRE 20 POUR K←1 JUSQUA 3\n20 X←&F(K);AFFICHER X\n30 TERMINER\n"
        "100 PROCEDURE &F(N) LOCAL N\n110 SI N=2 ALORS RETOUR\n115 SI N=9 ALORS RETOUR EN 20\n120 RESULTAT N*2\n"),
    "a function's result stored into an element, or abandoned by RETOUR EN": (
        "10 TABLEAU T[5],M[2,3];N←0;FAIRE 40 POUR K←1 JUSQUA 8\n20 T[1+K-5*ENT(K/5)]←&F(K)\n"
        "25 M[1+K-2*ENT(K/2),K-3*ENT(K/3)+1]←&F(K+1);N←N+1;ALLER EN 40\n30 N←N+100\n40 *\n"
        "50 AFFICHER N,T,M;TERMINER\n100 PROCEDURE &F(J) LOCAL J\n110 SI J-3*ENT(J/3)=0 ALORS RETOUR EN 30\n"
        "120 RESULTAT J*J\n"),
    "an element out of range, then RETOUR EN before its store": (
        "10 TABLEAU T[5];I←7\n20 T[I]←&F(-1)\n30 AFFICHER T;TERMINER\n50 AFFICHER 'REVENU';T[I]←&F(1)\n"
        "100 PROCEDURE &F(K) LOCAL K\n110 AFFICHER 'F';SI K<0 ALORS RETOUR EN 50\n120 RESULTAT K\n"),
    # (found by the oracle: a procedure written straight, with no dispatch to go on by, calls one that may come
    # back to a line through the program's computed jump: its call keeps the exception)
    "a straight procedure's call of one that may come back by a computed jump's line": (
        "40 U←CCA(((SI B>5 ALORS (100*C) SINON &F1(2, 1.5E-3, S, S))/B))\n60 ALLER EN JV\n"
        "110 PROCEDURE &P0(D, PN0, PN1, PS2) LOCAL D, PN1, I, J, K, LS\n190 RETOUR\n"
        "200 PROCEDURE &F1(D, PN0, PS1, PS2) LOCAL D, PS1, I, J, K\n"
        "230 &P0(3, T[4], LGN(ABS(((SI 7=9 ALORS 7 SINON B)*(C*PN0)))+1), PS2)\n"
        "330 SI ((-D/2)*T[1])>=ETL(N,((D+N)/-C)) ALORS RETOUR EN 40\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_return_to_a_line(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


@pytest.mark.parametrize("name", ["a binary search that leaves by RETOUR EN to the caller's label",
                                  "a recursive function left by RETOUR EN level by level, into an assignment",
                                  "a function's result stored into an element, or abandoned by RETOUR EN"])
def test_a_return_to_a_line_goes_on_by_the_dispatch_with_no_exception(name: str) -> None:
    code = listing(PROGRAMS[name])
    assert "_came_back(_r, lp)" in code and "_subroutine(" not in code
