"""A variable set only through a parameter by reference holds what the procedure stores into it, and a parameter by
reference named as some array holds what each call gives it (kinds.whole_names).

Polynomials kept in arrays with their degrees set by the procedure that builds them (`&DIV(...,RR,DR)`): the degree
has no store of its own, and the arrays' parameters are named `A`, `B` as the program's arrays are; neither was
proved whole, so console80 split every product of the Horner step. Every mode agrees with the reference on each case,
both profiles; a fraction given at the prompt to such a variable makes the run refuse to go on.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.numbers import whole_test
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

WHOLE_TESTED = whole_test("")  # what console80's code tests a number whole by (".is_integer()")

OUT = lines("10 TABLEAU P[6];&F(P,D);S←0;FAIRE 20 POUR I←1 JUSQUA D", "20 S←S+D*P[I]", "30 AFFICHER S,D",
            "40 TERMINER", "100 PROCEDURE &F(T,N) LOCAL I", "110 N←5;FAIRE 120 POUR I←1 JUSQUA N", "120 T[I]←I*I",
            "130 RETOUR")


def sums(code: str) -> list[str]:
    """The lines of a listing that add D*P[I] to S."""
    return [line for line in code.splitlines() if line.strip().startswith("v_S = (") and "_R['D'] *" in line]


def checked(line: str) -> bool:
    """True if a sum is tested for a fraction: split (_x) or tested whole first."""
    return "(_x := (_R['D'] *" in line or WHOLE_TESTED in line


def test_a_variable_set_only_through_a_reference_is_summed_as_a_whole_number() -> None:
    summed = sums(listing(OUT, machine="console80"))  # tested for their size alone
    assert summed and not any(checked(line) for line in summed)


@pytest.mark.parametrize("change", [("N←5", "N←5.5"), ("110 N←5;", "110 LIRE N;"),
                                    ("40 TERMINER", "40 TERMINER\n50 CHARGER D,1,'F'")])
def test_a_fraction_stored_read_in_or_loaded_through_the_reference_makes_it_no_whole_one(change: tuple) -> None:
    summed = sums(listing(OUT.replace(*change), machine="console80"))
    assert summed and all(checked(line) for line in summed)


NAMED = lines("10 TABLEAU A[5],B[5];FAIRE 20 POUR I←1 JUSQUA 5", "20 A[I]←I;B[I]←2*I", "30 AFFICHER &H(A,3),&H(B,2)",
              "40 TERMINER", "100 PROCEDURE &H(B,X) LOCAL X,K,V", "110 V←0;FAIRE 120 POUR K←5 PAS -1 JUSQUA 1",
              "120 V←V*X+B[K]", "130 RESULTAT V")
HORNER = "(_t := ((_t if (_t := (v_V * v_X)) <= 16777216.0 and _t >= -16777216.0 else"


def test_the_elements_of_a_parameter_named_as_an_array_are_summed_as_whole_numbers() -> None:
    code = listing(NAMED, machine="console80")
    assert HORNER in code and WHOLE_TESTED not in code


@pytest.mark.parametrize("change", [("B[I]←2*I", "B[I]←I/2"), ("130 RESULTAT V", "130 B[1]←0.5;RESULTAT V"),
                                    ("10 TABLEAU", "5 CHAINE B\n10 TABLEAU")])
def test_a_fraction_or_a_string_in_the_array_given_makes_the_parameter_no_whole_one(change: tuple) -> None:
    assert HORNER not in listing(NAMED.replace(*change), machine="console80")


LOCAL = lines("10 TABLEAU M[3];M[1]←4;AFFICHER &P(5)+M[1]", "20 TERMINER", "100 PROCEDURE &P(N) LOCAL N,M",
              "110 M←N*2;RESULTAT &Q(M)", "200 PROCEDURE &Q(X) LOCAL X,V", "210 V←X*X+X;RESULTAT V")
SQUARE = "(_t if (_t := (v_X * v_X)) <= 16777216.0 and _t >= -16777216.0 else"


def test_a_procedure_s_own_number_named_as_an_array_and_given_by_value_is_a_whole_argument() -> None:
    assert SQUARE in listing(LOCAL, machine="console80")


def test_the_program_s_array_given_by_value_is_still_no_whole_argument() -> None:
    code = listing(LOCAL.replace("110 M←N*2;RESULTAT &Q(M)", "110 RESULTAT &Q(M)").replace("LOCAL N,M", "LOCAL N"),
                   machine="console80")
    assert SQUARE not in code


CASES = {
    "an own number named as an array, given by value": LOCAL,
    "an own number named as an array, given a half": LOCAL.replace("M←N*2", "M←N/2"),
    "an out parameter": OUT,
    "an out parameter given a fraction": OUT.replace("N←5", "N←5.5"),
    "an out parameter read in": OUT.replace("110 N←5;", "110 LIRE N;"),
    "a parameter named as an array": NAMED,
    "a parameter named as an array given halves": NAMED.replace("B[I]←2*I", "B[I]←I/2"),
    "degrees set by the procedure past 2^24": lines(
        "10 &G(D);&G(E);AFFICHER D*E+1,D+E+1,D*3+E", "20 TERMINER", "100 PROCEDURE &G(N)", "110 N←2^23+3;RETOUR"),
    "a recursion handing its out parameter on": lines(
        "10 &C(10,R);AFFICHER R,R*R*R", "20 TERMINER", "100 PROCEDURE &C(K,N) LOCAL K",
        "110 SI K=0 ALORS DEBUT N←1;RETOUR FIN", "120 &C(K-1,N);N←N*3+K;RETOUR"),
    "an out parameter given a fraction by one call of two": lines(
        "10 &G(D,2);&G(E,0.5);AFFICHER D*D+1,E*E+1", "20 TERMINER", "100 PROCEDURE &G(N,V) LOCAL V",
        "110 N←V*2^22+1;RETOUR"),
}


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_value_given_back_by_reference(name: str, profile: str) -> None:
    assert_agrees(CASES[name], ["2.5"] if "LIRE" in CASES[name] else [], profile=profile)


SPIN = ("10 K←0", "20 &F(D);K←K+D;SI K<40000 ALORS ALLER EN 20", "30 AFFICHER K*3+D", "40 TERMINER",
        "100 PROCEDURE &F(N)", "110 N←2;RETOUR")


def test_a_fraction_given_at_the_prompt_to_such_a_variable_makes_the_run_refuse_to_go_on() -> None:
    session = Session(None, "console80")
    interrupted(session, *SPIN)
    session.type("D←0.5")
    assert "RIEN A CONTINUER" in session.type("CO")
