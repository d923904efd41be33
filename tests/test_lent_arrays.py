"""A procedure's own TABLEAU given by reference to a parameter that its procedure only indexes stays a Python local
of the caller, lent in a table of its own (ownership.indexed_references, linker's `_lend`), or in one kept for the
program where no call the caller makes can enter it again (`_LT`, pyshared.ProgramCode.lent_table); where the
callee, or one it gives the array to, does more with it (declares, frees, reads it whole) or the array may be given
before its TABLEAU, the caller keeps it in its table of variables. Every mode agrees with the reference either way.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

MAXI = ("200 PROCEDURE &MAXI(A,M) LOCAL M,B,K", "210 B←1;FAIRE 220 POUR K←2 JUSQUA M",
        "220 SI A[K]>A[B] ALORS B←K", "230 RESULTAT B-1")
HISTOGRAM = lines(
    "10 S←0;FAIRE 20 POUR I←1 JUSQUA 30", "20 S←S+&HISTO(I*I*7)", "30 AFFICHER S", "40 TERMINER",
    "100 PROCEDURE &HISTO(X) LOCAL X,H,Q", "110 TABLEAU H[10]",
    "120 Q←ENT(X/10);H[X-Q*10+1]←H[X-Q*10+1]+1;X←Q;SI X>0 ALORS ALLER EN 120", "130 RESULTAT &MAXI(H,10)", *MAXI)
# The callee stores into the elements, and gives the array on to a third procedure that reads them.
WRITTEN_THROUGH = lines(
    "10 AFFICHER &F(4)", "20 TERMINER", "100 PROCEDURE &F(N) LOCAL N,W", "110 TABLEAU W[5]",
    "120 &FILL(W,N);RESULTAT W[1]+W[2]*10+W[N]*100+&MAXI(W,5)",
    "150 PROCEDURE &FILL(A,N) LOCAL N,I", "160 FAIRE 170 POUR I←1 JUSQUA N", "170 A[I]←I*I", "180 RETOUR", *MAXI)
# A recursive procedure lends its own array to itself one level down.
RECURSIVE = lines(
    "10 AFFICHER &R(3,0)", "20 TERMINER", "100 PROCEDURE &R(D,A) LOCAL D,H", "110 TABLEAU H[3]",
    "120 H[1]←D;SI D=3 ALORS RESULTAT D+&R(D-1,H)", "130 A[2]←D*10;SI D=0 ALORS RESULTAT A[1]",
    "140 RESULTAT D+&R(D-1,H)+A[2]")
FREED = lines(
    "10 AFFICHER &F(2)", "20 TERMINER", "100 PROCEDURE &F(N) LOCAL N,W", "110 TABLEAU W[3];W[1]←N",
    "120 &G(W);RESULTAT W[1]", "150 PROCEDURE &G(A)", "160 LIBERER A", "170 RETOUR")
DECLARED = lines(
    "10 AFFICHER &F(2)", "20 TERMINER", "100 PROCEDURE &F(N) LOCAL N,W", "110 TABLEAU W[3];W[1]←N",
    "120 &G(W);RESULTAT W[4]", "150 PROCEDURE &G(A)", "160 TABLEAU A[6];A[4]←9", "170 RETOUR")
READ_WHOLE = lines(
    "10 AFFICHER &F(2)", "20 TERMINER", "100 PROCEDURE &F(N) LOCAL N,W", "110 TABLEAU W[3];W[1]←N",
    "120 RESULTAT &G(W)", "150 PROCEDURE &G(A) LOCAL B", "160 B←A", "170 RESULTAT B")
# Given on to a procedure that frees it: neither parameter only indexes it.
GIVEN_ON_TO_FREE = lines(
    "10 AFFICHER &F(2)", "20 TERMINER", "100 PROCEDURE &F(N) LOCAL N,W", "110 TABLEAU W[3];W[1]←N",
    "120 &G(W);RESULTAT W[1]", "150 PROCEDURE &G(A)", "160 A[2]←1;&K(A)", "170 RETOUR",
    "200 PROCEDURE &K(B)", "210 LIBERER B", "220 RETOUR")
# Given before its TABLEAU on one way: the error is the callee's, at its line.
GIVEN_UNDECLARED = lines(
    "10 AFFICHER &F(0)", "20 TERMINER", "100 PROCEDURE &F(N) LOCAL N,W", "110 SI N=0 ALORS ALLER EN 130",
    "120 TABLEAU W[3];W[1]←N", "130 RESULTAT &MAXI(W,3)", *MAXI)
# Its TABLEAU after a SI that may end the call (a determinant's shape): every way declares it first.
AFTER_A_RESULT = lines(
    "10 AFFICHER &D(3)", "20 TERMINER", "100 PROCEDURE &D(N) LOCAL N,B,K", "110 SI N=1 ALORS RESULTAT 1",
    "120 TABLEAU B[3];FAIRE 130 POUR K←1 JUSQUA 3", "130 B[K]←K*N", "140 RESULTAT &MAXI(B,3)+&D(N-1)", *MAXI)
# Given before its TABLEAU in the SI's condition, on the way that skips the TABLEAU.
GIVEN_IN_THE_CONDITION = lines(
    "10 AFFICHER &D(1)", "20 TERMINER", "100 PROCEDURE &D(N) LOCAL N,B", "110 SI N=1 ET &MAXI(B,3)=0 ALORS RESULTAT 1",
    "120 TABLEAU B[3];RESULTAT &MAXI(B,3)", *MAXI)

# Two arrays lent in one call by a procedure no call enters again, given on, then an index out of range.
TWO_KEPT_TABLES = (
    "10 S←0;FAIRE 20 POUR K←1 JUSQUA 40\n20 S←S+&H(K*37)\n30 AFFICHER S;AFFICHER &H(-1)\n40 TERMINER\n"
    "100 PROCEDURE &H(X) LOCAL X,C,D,Q\n110 TABLEAU C[10],D[10]\n"
    "120 Q←ENT(X/10);C[X-Q*10+1]←C[X-Q*10+1]+1;D[Q-ENT(Q/10)*10+1]←1;X←Q;SI X>0 ALORS ALLER EN 120\n"
    "130 RESULTAT &M(C,D,10)\n200 PROCEDURE &M(A,B,N) LOCAL N,I,R\n"
    "210 R←0;FAIRE 220 POUR I←1 JUSQUA N\n220 R←R+A[I]*B[I]+&G(A,I)\n230 RESULTAT R\n"
    "300 PROCEDURE &G(T,J) LOCAL J\n310 RESULTAT T[J]*T[J]\n")
# Lent to a procedure that enters the lender again before it reads the array: each call its own table.
ENTERED_AGAIN = (
    "10 AFFICHER &P(4)\n20 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W\n50 TABLEAU W[3];W[1]←N\n60 RESULTAT &Q(W,N)\n"
    "80 PROCEDURE &Q(A,N) LOCAL N,R\n90 R←0;SI N>1 ALORS R←&P(N-1)\n100 RESULTAT R*10+A[1]\n")

LENT = {"a histogram of digits, its maximum found by another procedure": HISTOGRAM,
        "elements stored by the callee, the array given on": WRITTEN_THROUGH,
        "a recursive procedure lending its array one level down": RECURSIVE,
        "declared after a SI that may end the call": AFTER_A_RESULT,
        "two arrays lent in one call by a procedure no call enters again": TWO_KEPT_TABLES,
        "lent to a procedure that enters the lender again before reading it": ENTERED_AGAIN}
KEPT = {"the callee frees it": FREED, "the callee declares it again": DECLARED, "the callee reads it whole": READ_WHOLE,
        "the callee gives it on to one that frees it": GIVEN_ON_TO_FREE,
        "it may be given before its TABLEAU": GIVEN_UNDECLARED,
        "it is given in a SI's condition before its TABLEAU": GIVEN_IN_THE_CONDITION}


@pytest.mark.parametrize("name", list(LENT))
def test_an_own_array_given_to_a_parameter_that_only_indexes_it_stays_a_python_local(name: str) -> None:
    code = listing(LENT[name])
    assert ("_lend(v_" in code or "_LT[" in code) and "_frame((" not in code, code


@pytest.mark.parametrize("name", list(KEPT))
def test_an_array_given_to_a_parameter_that_does_more_stays_in_its_table(name: str) -> None:
    code = listing(KEPT[name])
    assert "_lend(" not in code and "_LT[" not in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(LENT) + list(KEPT))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees({**LENT, **KEPT}[name], (), profile=profile)


def test_a_procedure_no_call_enters_again_lends_through_one_table_kept_for_the_program() -> None:
    assert "_dset(_LT[0], 'H', v_H) or _LT[0]" in listing(HISTOGRAM)
    assert "_dset(_LT[1], 'D', v_D) or _LT[1]" in listing(TWO_KEPT_TABLES)
    for entered in (RECURSIVE, ENTERED_AGAIN):  # (a call that may enter the lender again: a table a call)
        assert "_lend(v_" in listing(entered) and "_LT[" not in listing(entered)
