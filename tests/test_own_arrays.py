"""A procedure's own TABLEAU, made at each call (Runtime.own_arrays; of constant sizes, a copy of one kept, written
out: pydeclare.tableau): its sizes, its cells in the memory, declared again; every mode agrees with the reference."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    "whole, fractional, zero and negative sizes": (
        "10 FAIRE 20 POUR K←1 JUSQUA 4\n20 &P(SI K=1 ALORS 3 SINON SI K=2 ALORS 2.5 SINON SI K=3 ALORS 0 SINON -1)\n"
        "30 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W\n50 TABLEAU W[N];W[1]←N;AFFICHER W[1]\n60 RETOUR\n"),
    "the memory filled by a recursion that declares at each call": (
        "10 &P(1)\n20 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W\n50 TABLEAU W[5000*N];AFFICHER N\n60 &P(N+1)\n"),
    "an array declared twice in one call": (
        "10 &P(3)\n20 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W\n50 TABLEAU W[N];W[1]←7;TABLEAU W[N+1];AFFICHER W[1],N\n"
        "60 RETOUR\n"),
    "an array declared again and again in one call, its cells given back each time": (
        "10 &P;TABLEAU T[12000];AFFICHER 'T'\n20 TERMINER\n40 PROCEDURE &P LOCAL W,I\n"
        "50 FAIRE 60 POUR I←1 JUSQUA 200\n60 TABLEAU W[3000]\n"
        "70 AFFICHER I\n80 RETOUR\n"),
    "a matrix of its own, whole and fractional sizes": (
        "10 &P(2,3);&P(2.5,3)\n20 TERMINER\n40 PROCEDURE &P(N,M) LOCAL N,M,W\n50 TABLEAU W[N,M];W[N,M]←N*M\n"
        "60 AFFICHER W[N,M]\n70 RETOUR\n"),
    "a size past any memory, and one past 1E15": (
        "10 &P(1E9);&P(1E16)\n20 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W\n50 TABLEAU W[N]\n60 RETOUR\n"),
    "a size past 1E15 as the first": (
        "10 &P(1E16)\n20 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W\n50 TABLEAU W[N]\n60 RETOUR\n"),
    "a size given as a string": "10 &P\n20 TERMINER\n40 PROCEDURE &P LOCAL W\n50 TABLEAU W['A']\n60 RETOUR\n",
    "an element read before the array is declared, in a call that skips its TABLEAU": (
        "10 &P(0);&P(1)\n20 TERMINER\n30 PROCEDURE &P(K) LOCAL C,I,J\n40 SI K=1 ALORS ALLER EN 60\n"
        "50 TABLEAU C[3];FAIRE 55 POUR I←1 JUSQUA 3\n55 C[I]←I*K+1\n60 FAIRE 66 POUR I←1 JUSQUA 2\n"
        "65 FAIRE 65 POUR J←1 JUSQUA C[I];AFFICHER J\n66 *\n70 RETOUR\n"),
    "an array of constant size changed at each call, found zeros again at the next": (
        "10 FAIRE 20 POUR K←1 JUSQUA 3\n20 AFFICHER &P(K)\n30 TERMINER\n40 PROCEDURE &P(K) LOCAL W,I,S\n"
        "50 TABLEAU W[4];S←0;FAIRE 60 POUR I←1 JUSQUA 4\n60 S←S+W[I];W[I]←K*I\n70 RESULTAT S+W[4]\n"),
    "a recursion whose calls each have their own array of constant size, lent to another procedure": (
        "10 AFFICHER &P(5)\n20 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W,R\n50 TABLEAU W[3,2];W[1,1]←N;&Q(W,N)\n"
        "60 R←0;SI N>1 ALORS R←&P(N-1)\n70 RESULTAT R+W[1,1]*100+W[3,2]\n"
        "80 PROCEDURE &Q(A,N)\n90 A[3,2]←A[3,2]+N;RETOUR\n"),
    "an array of constant size declared again in one call, its cells given back, then past the memory": (
        "10 &P(2);TABLEAU T[16000];&P(1)\n20 TERMINER\n40 PROCEDURE &P(M) LOCAL W,I\n"
        "50 FAIRE 60 POUR I←1 JUSQUA 3\n60 TABLEAU W[200];W[I]←I;AFFICHER W[I]+W[1]\n"
        "70 SI M>1 ALORS RETOUR\n80 TABLEAU W[400]\n"),
    "an array of constant size in a procedure called in a loop, over many slices": (
        "10 S←0;FAIRE 20 POUR K←1 JUSQUA 3000\n20 S←S+&P(K)\n30 AFFICHER S;TERMINER\n40 PROCEDURE &P(K) LOCAL W,Q\n"
        "50 TABLEAU W[10];Q←K\n60 W[Q-ENT(Q/10)*10+1]←W[Q-ENT(Q/10)*10+1]+1;Q←ENT(Q/10);SI Q>0 ALORS ALLER EN 60\n"
        "70 RESULTAT W[1]+W[2]*3\n"),
    "a vector of a computed size at each call of a recursive sort, over many slices": (
        "10 TABLEAU T[300];FAIRE 20 POUR I←1 JUSQUA 300\n20 T[I]←I*37-ENT(I*37/101)*101\n30 &TRI(T,1,300)\n"
        "40 E←0;FAIRE 50 POUR I←2 JUSQUA 300\n50 SI T[I-1]>T[I] ALORS E←E+1\n60 AFFICHER E,T[1],T[300];TERMINER\n"
        "100 PROCEDURE &TRI(A,G,D) LOCAL G,D,W,P,I,B,F,V\n110 SI D-G<1 ALORS RETOUR\n120 TABLEAU W[D-G+1]\n"
        "130 P←A[G];B←0;F←D-G+2;FAIRE 150 POUR I←G JUSQUA D\n"
        "140 V←A[I];SI V<P ALORS DEBUT B←B+1;W[B]←V;ALLER EN 150 FIN;SI V>P ALORS DEBUT F←F-1;W[F]←V FIN\n"
        "150 *\n160 FAIRE 160 POUR I←B+1 JUSQUA F-1;W[I]←P\n170 FAIRE 170 POUR I←1 JUSQUA D-G+1;A[G+I-1]←W[I]\n"
        "180 &TRI(A,G,G+B-1);&TRI(A,G+F-1,D)\n"),
    "computed sizes in a loop: fractional, from a function counting its calls, past 4096, then the memory": (
        "10 C←0;FAIRE 20 POUR K←1 JUSQUA 12\n20 AFFICHER &P(K),C\n30 TERMINER\n"
        "40 PROCEDURE &P(K) LOCAL K,W,S\n50 S←SI K=3 ALORS 2.5 SINON SI K<6 ALORS K SINON 2000*K\n"
        "60 TABLEAU W[&N(S)];W[1]←K;RESULTAT W[1]+LGR('X')\n70 PROCEDURE &N(X) LOCAL X\n80 C←C+1;RESULTAT X\n"),
    "matrices of computed sizes, small, past 4096 cells, then past the memory": (
        "10 FAIRE 20 POUR K←1 JUSQUA 6\n20 AFFICHER &P(K)\n30 TERMINER\n40 PROCEDURE &P(K) LOCAL K,W,R,C\n"
        "50 R←SI K=1 ALORS 3 SINON SI K=2 ALORS 70 SINON SI K=6 ALORS 9000 SINON 1000*K-2000\n"
        "60 C←SI K=2 ALORS 70 SINON 4\n70 TABLEAU W[R,C];W[R,C]←K;W[1,1]←W[1,1]+R;RESULTAT W[R,C]+W[1,1]\n"),
    "a matrix of a zero size, then of a string's": (
        "10 CHAINE S;S←'AB';&P(2,3,S);&P(0,3,S)\n20 TERMINER\n40 PROCEDURE &P(R,C,S) LOCAL R,C,W\n"
        "50 SI R=2 ALORS DEBUT TABLEAU W[R,C];AFFICHER W[R,C];RETOUR FIN\n60 TABLEAU W[C,R]\n"),
    "a matrix of a string's size": (
        "10 CHAINE S;S←'AB';&P(S)\n20 TERMINER\n40 PROCEDURE &P(S) LOCAL W\n50 TABLEAU W[2,S]\n60 RETOUR\n"),
    "a matrix of computed sizes at each call of a recursive determinant": (
        "10 TABLEAU M[5,5];X←1;FAIRE 20 POUR I←1 JUSQUA 5\n20 FAIRE 20 POUR J←1 JUSQUA 5;X←X*137+187;"
        "X←X-ENT(X/10007)*10007;M[I,J]←X-ENT(X/9)*9-4\n30 AFFICHER &DET(M,5);TERMINER\n"
        "40 PROCEDURE &DET(A,N) LOCAL N,B,C,I,J,L,D,SG\n50 SI N=2 ALORS RESULTAT A[1,1]*A[2,2]-A[1,2]*A[2,1]\n"
        "60 TABLEAU B[N-1,N-1];D←0;SG←1\n70 FAIRE 110 POUR C←1 JUSQUA N\n80 FAIRE 100 POUR I←2 JUSQUA N\n"
        "90 L←0;FAIRE 100 POUR J←1 JUSQUA N\n100 SI J#C ALORS DEBUT L←L+1;B[I-1,L]←A[I,J] FIN\n"
        "110 D←D+SG*A[1,C]*&DET(B,N-1);SG←-SG\n120 RESULTAT D\n"),
    "a computed size that is a string, then one below 1": (
        "10 CHAINE S;S←'AB';FAIRE 20 POUR K←1 JUSQUA 2\n20 &P(K,S)\n30 TERMINER\n"
        "40 PROCEDURE &P(K,S) LOCAL K,W\n50 SI K=2 ALORS ALLER EN 70\n60 TABLEAU W[S];RETOUR\n70 TABLEAU W[K-2]\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_procedure_s_own_arrays(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_an_own_array_is_indexed_with_no_test_that_it_is_a_list() -> None:
    # Only its TABLEAU stores into it (no LIBERER, no store to the whole name, not read in): unset, or a list.
    code = listing(PROGRAMS["an element read before the array is declared, in a call that skips its TABLEAU"])
    assert "v_C[" in code and "_type(v_C)" not in code


def test_an_own_array_of_constant_sizes_is_a_copy_of_one_kept_and_paid_inline() -> None:
    lent = PROGRAMS["a recursion whose calls each have their own array of constant size, lent to another procedure"]
    code = listing(lent)
    assert "if (_mo := 6 - n_W) <= 0 or _MM.used + _mo <= _MM.limit:" in code
    assert "_MM.used += _mo; cyc += 60.0; v_W = _K[0].copy(); n_W = 6" in code  # 6 cells of element_init (10)
    assert "v_W, n_W = _own('W', (3.0, 2.0, ), n_W)" in code  # what the memory refuses: the call, which fails
    assert "_K[" not in listing(lent, profile=True)  # a profiled run counts element_init


def test_an_own_array_of_sizes_not_constant_or_too_large_is_made_by_the_runtime() -> None:
    code = listing("10 &P(3)\n20 TERMINER\n40 PROCEDURE &P(N) LOCAL N,W,V\n50 TABLEAU W[N],V[5000];W[1]←1;V[1]←1\n")
    assert "v_W, n_W = _own('W', (v_N, ), n_W)" in code and "_K[" not in code


def test_an_own_vector_of_a_computed_size_is_made_inline_where_it_is_whole_and_up_to_4096() -> None:
    code = listing(PROGRAMS["a vector of a computed size at each call of a recursive sort, over many slices"])
    assert "if 1.0 <= _ts <= 4096.0 and (_tc := _floor(_ts)) == _ts and (" in code
    assert "v_W = [0.0] * (_tc + 1); v_W[0] = _dsc('W', (_tc,)); n_W = _tc" in code
    assert "v_W, n_W = _own('W', (_ts, ), n_W)" in code  # anything else, with the size computed once



def test_an_own_matrix_of_computed_sizes_is_made_inline_where_they_are_whole_and_its_cells_up_to_4096() -> None:
    code = listing(PROGRAMS["a matrix of computed sizes at each call of a recursive determinant"])
    assert ("if 1.0 <= _ts <= 4096.0 and (_tc := _floor(_ts)) == _ts and 1.0 <= _tu <= 4096.0 and "
            "(_td := _floor(_tu)) == _tu and _tc * _td <= 4096 and (") in code
    assert "v_B = [0.0] * (_tc * _td + 1); v_B[0] = _dsc('B', (_tc, _td,)); n_B = (_tc * _td)" in code
    assert "v_B, n_B = _own('B', (_ts, _tu, ), n_B)" in code  # anything else, with the sizes computed once
