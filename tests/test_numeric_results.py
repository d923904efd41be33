"""A function whose RESULTAT is a parameter given its own results (Takeuchi's &TAK, Ackermann's) is proven to give
a number, and its parameters (by value and by reference) to hold numbers: the greatest fixpoint of the three
(kinds.numbers_given), not the least, which proved nothing where each waits for the other. A function given a
string anywhere stays unproven; a parameter by reference that only reads numbers is given them as values
(passing.read_only_references), a function's result among them.
Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

TAK = ("10 AFFICHER &TAK(8,4,2),&TAK(6.5,3,1);TERMINER\n"
       "200 PROCEDURE &TAK(X,Y,Z) LOCAL X,Y,Z\n210 SI Y>=X ALORS RESULTAT Z\n"
       "220 RESULTAT &TAK(&TAK(X-1,Y,Z),&TAK(Y-1,Z,X),&TAK(Z-1,X,Y))\n")
ACKERMANN = ("10 AFFICHER &A(2,3);TERMINER\n100 PROCEDURE &A(M,N) LOCAL M,N\n110 SI M=0 ALORS RESULTAT N+1\n"
             "120 SI N=0 ALORS RESULTAT &A(M-1,1)\n130 RESULTAT &A(M-1,&A(M,N-1))\n")
GIVEN_A_STRING = ("10 AFFICHER &F(3,2),&F('AB',1);TERMINER\n100 PROCEDURE &F(X,D) LOCAL X,D\n"
                  "110 SI D<=0 ALORS RESULTAT X\n120 RESULTAT &F(&F(X,D-1),D-1)\n")
A_STRING_THROUGH_ANOTHER = ("10 CHAINE S;S←'AB';AFFICHER &F(2,&G(S));TERMINER\n100 PROCEDURE &F(X,Y) LOCAL X,Y\n"
                            "110 SI X<=0 ALORS RESULTAT Y\n120 RESULTAT &F(X-1,&F(0,Y))\n"
                            "200 PROCEDURE &G(T) LOCAL T\n210 RESULTAT T\n")

# The same with Z by reference (no LOCAL: LSE's default): given the procedure's own X and Y and its own results.
TAK_BY_REFERENCE = TAK.replace("LOCAL X,Y,Z", "LOCAL X,Y")
EUCLID_BY_REFERENCE = ("10 S←0;FAIRE 20 POUR I←1 JUSQUA 9\n20 S←S+&PGCD(&RESTE(7*I+3,12),12)+&PPCM(I,6)\n"
                       "30 AFFICHER S;TERMINER\n200 PROCEDURE &RESTE(A,B) LOCAL A,B\n210 RESULTAT A-ENT(A/B)*B\n"
                       "300 PROCEDURE &PGCD(A,B) LOCAL A\n310 SI B=0 ALORS RESULTAT A\n"
                       "320 RESULTAT &PGCD(B,&RESTE(A,B))\n400 PROCEDURE &PPCM(A,B) LOCAL A,B\n"
                       "410 RESULTAT A/&PGCD(A,B)*B\n")
# A parameter by reference that stores: the caller's variable changes, given a call's result or its own local.
STORED_BY_REFERENCE = ("10 AFFICHER &F(3);TERMINER\n100 PROCEDURE &F(N) LOCAL N,K\n110 K←N;&INC(K);&INC(&G(K))\n"
                       "120 RESULTAT K\n200 PROCEDURE &INC(X)\n210 X←X+1;RETOUR\n"
                       "300 PROCEDURE &G(Y) LOCAL Y\n310 RESULTAT Y*2\n")

# A function's RESULTAT is its own T, a number, while another procedure has a CHAINE T of its own.
NAMED_AS_ANOTHERS_STRING = ("10 X←0;FAIRE 20 POUR I←1 JUSQUA 4\n20 X←X+&POIDS(I)+LGR(&MOT(I))\n"
                            "30 AFFICHER X;TERMINER\n100 PROCEDURE &POIDS(N) LOCAL N,T\n110 T←N*2;RESULTAT T\n"
                            "200 PROCEDURE &MOT(N) LOCAL N,T\n210 CHAINE T;T←CCA(N)!'X';RESULTAT T\n")

# A procedure's own Q (named as another's own CHAINE) given by reference to a parameter that doubles it.
GIVEN_OWN_NUMBER = ("10 AFFICHER &F(3),&G(2);TERMINER\n100 PROCEDURE &F(N) LOCAL N,Q\n110 Q←N;&DOUBLE(Q);RESULTAT Q\n"
                    "200 PROCEDURE &DOUBLE(X)\n210 X←X+X;RETOUR\n300 PROCEDURE &G(N) LOCAL N,Q\n"
                    "310 CHAINE Q;Q←CCA(N);RESULTAT LGR(Q)\n")

PROGRAMS = {
    "a procedure's own number by reference, named as another's own CHAINE": GIVEN_OWN_NUMBER,
    "a function giving its own number named as another's own CHAINE": NAMED_AS_ANOTHERS_STRING,
    "Takeuchi's function with its third parameter by reference": TAK_BY_REFERENCE,
    "Euclid's recursion with its second parameter by reference": EUCLID_BY_REFERENCE,
    "a parameter by reference that stores, given a local and a function's result": STORED_BY_REFERENCE,
    "Takeuchi's function, its RESULTAT a parameter given its own results": TAK,
    "Ackermann's function": ACKERMANN,
    "a function of the same shape given a string once": GIVEN_A_STRING,
    "a function given another's string result": A_STRING_THROUGH_ANOTHER,
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_functions_given_their_own_results(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


@pytest.mark.parametrize("name, proven", [
    ("Takeuchi's function, its RESULTAT a parameter given its own results", True),
    ("Ackermann's function", True),
    ("a function of the same shape given a string once", False),
    ("a function given another's string result", False),
])
def test_a_function_is_proven_to_give_numbers_only_where_no_call_gives_it_anything_else(
        name: str, proven: bool) -> None:
    code = listing(PROGRAMS[name])
    function = code[code.index("    def p_"):]
    assert ("_byval" not in function and "_cells_of" not in function) is proven


def test_a_functions_own_number_is_its_number_whatever_another_procedure_calls_so() -> None:
    code = listing(NAMED_AS_ANOTHERS_STRING)
    assert "_number(" not in code and "_add(" not in code


def test_a_parameter_by_reference_given_a_procedures_own_number_stores_a_number_without_a_test() -> None:
    code = listing(GIVEN_OWN_NUMBER)
    assert "c_X[k_X] = _ck(c_X[k_X] + c_X[k_X])" in code


@pytest.mark.parametrize("name", ["Takeuchi's function with its third parameter by reference",
                                  "Euclid's recursion with its second parameter by reference"])
def test_a_parameter_by_reference_that_only_reads_numbers_is_given_them_as_values(name: str) -> None:
    code = listing(PROGRAMS[name])
    assert "_frame(" not in code and "_byval" not in code and "{0: " not in code and "c_Z" not in code


def test_a_parameter_by_reference_that_stores_stays_a_reference() -> None:
    code = listing(STORED_BY_REFERENCE)
    assert "def p_INC(r_X" in code
