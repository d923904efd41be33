"""Variables proved to hold whole numbers (holdings.whole_variables) let single precision round a sum,
difference or product of them by its size alone; what could give one a fraction (LIRE, a jump into a
procedure's lines, a call, the prompt, a call from the host) keeps the full rounding.

2048.5 * 2048.5 = 4196352.25 lies halfway between two float32 numbers: rounded, the product is
4196352 and `Y-4196352` prints 0; taken as whole, it would print 0.25.
"""

from __future__ import annotations

import pytest

from machine.errors import LseError
from machine.lse.analyses import procedure_exits
from machine.lse.holdings import whole_variables
from machine.lse.ir import lower
from machine.lse.layout import MAIN, layout
from machine.lse.listing import listing
from machine.lse.numbers import whole_test
from machine.lse.parser import parse
from machine.micro import Micro
from machine.profile import load_profile
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

WHOLE_TESTED = whole_test("")  # what console80's code tests a number whole by (".is_integer()")

FOUND = [
    ("a counter from a whole number by whole steps", "10 I←0\n20 I←I+1\n", MAIN, {"I"}),
    ("a remainder made with ENT", "10 X←7;X←X-ENT(X/3)*3\n", MAIN, {"X"}),
    ("a FAIRE from 1 by 2", "10 FAIRE 20 POUR I←1 PAS 2 JUSQUA 9\n20 *\n", MAIN, {"I"}),
    ("a FAIRE by a half", "10 FAIRE 20 POUR I←1 PAS 0.5 JUSQUA 9\n20 *\n", MAIN, set()),
    ("a quotient", "10 X←1;Y←X/2\n", MAIN, {"X"}),
    ("what LIRE reads", "10 LIRE X;Y←X+1\n", MAIN, set()),
    ("a position given back", "10 CHAINE S;S←SCH('A,B',1,',',P)\n", MAIN, {"P"}),
    ("a variable given by reference", "10 X←1;&P(X)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 A←0.5\n50 RETOUR\n",
     MAIN, set()),
    ("a parameter by value that every call gives a whole number",
     "10 &P(3)\n20 TERMINER\n30 PROCEDURE &P(N) LOCAL N\n40 SI N>0 ALORS &P(N-1)\n50 RETOUR\n", "&P", {"N"}),
    ("a parameter by value that one call gives a fraction",
     "10 &P(3);&P(0.5)\n20 TERMINER\n30 PROCEDURE &P(N) LOCAL N\n40 RETOUR\n", "&P", set()),
    ("a parameter by value given what LIRE reads",
     "10 LIRE N;&P(N)\n20 TERMINER\n30 PROCEDURE &P(N) LOCAL N\n40 RETOUR\n", "&P", set()),
    ("a variable loaded from the disk", "10 X←1;CHARGER X,1,'F'\n", MAIN, set()),
    ("an array whose every element store is whole", "10 TABLEAU T[3];T[1]←2;T[2]←T[1]*3-T[3]\n", MAIN, {"T"}),
    ("a sum of elements of such an array", "10 TABLEAU T[3];T[1]←2;S←T[1]+T[2]\n", MAIN, {"T", "S"}),
    ("an array given a fraction", "10 TABLEAU T[3];T[1]←2;T[2]←T[1]/4\n", MAIN, set()),
    ("an array whose element LIRE reads", "10 TABLEAU T[3];LIRE T[1]\n", MAIN, set()),
    ("an array whose element is given by reference to a procedure that stores a fraction into it",
     "10 TABLEAU T[3];&P(T[1])\n20 TERMINER\n30 PROCEDURE &P(A)\n40 A←0.25\n50 RETOUR\n", MAIN, set()),
    ("an array given to a procedure",
     "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(A) LOCAL A\n40 RETOUR\n", MAIN, set()),
    ("a variable given by reference to a procedure that stores whole numbers into it",
     "10 X←1;&P(X)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 A←A*2+1\n50 RETOUR\n", "&P", {"A", "X"}),
    ("a parameter by reference that one call gives a fraction", "10 X←1;Y←0.5;&P(X);&P(Y)\n20 TERMINER\n"
     "30 PROCEDURE &P(A)\n40 A←A*2\n50 RETOUR\n", MAIN, set()),
    ("a variable handed on by reference to a procedure that stores a fraction into it",
     "10 X←1;&P(X)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 &Q(A)\n50 RETOUR\n60 PROCEDURE &Q(B)\n70 B←B/2\n"
     "80 RETOUR\n", MAIN, set()),
    ("an element given by reference to a procedure that adds whole numbers to it",
     "10 TABLEAU T[3];&P(T[2],2)\n20 TERMINER\n30 PROCEDURE &P(E,V) LOCAL V\n40 E←E+V\n50 RETOUR\n", MAIN,
     {"T"}),
    ("a procedure's own array", "10 &P\n20 TERMINER\n30 PROCEDURE &P LOCAL T\n40 TABLEAU T[2];T[1]←1\n50 RETOUR\n",
     "&P", {"T"}),
    ("a procedure's own array given a fraction", "10 &P\n20 TERMINER\n30 PROCEDURE &P LOCAL T\n"
     "40 TABLEAU T[2];T[1]←0.5\n50 RETOUR\n", "&P", set()),
    # (Arsac's short names: a procedure's own numbers of the names of the program's arrays are its own)
    ("a procedure's own numbers named as the program's arrays", "10 TABLEAU M[3],H[2];M[1]←&R(7)\n20 TERMINER\n"
     "30 PROCEDURE &R(M) LOCAL M,H\n40 H←M*3;RESULTAT H-ENT(H/M)*M\n", "&R", {"M", "H"}),
    ("the program's arrays beside a procedure's own numbers of their names", "10 TABLEAU M[3],H[2];M[1]←7;H[2]←M[1]\n"
     "15 X←&R(0.5)\n20 TERMINER\n30 PROCEDURE &R(M) LOCAL M,H\n40 H←M/3;RESULTAT H\n", MAIN, {"M", "H"}),
    ("a procedure's own numbers named as arrays, given fractions", "10 TABLEAU M[3],H[2];M[1]←7;X←&R(0.5)\n"
     "20 TERMINER\n30 PROCEDURE &R(M) LOCAL M,H\n40 H←M/3;RESULTAT H\n", "&R", set()),
    # (a parameter by reference is the caller's variable, not the procedure's own: handed on to a parameter named as
    # another of the program's arrays, it leaves the program's array given it counted)
    ("the program's array handed on by a parameter to one named as another array", "10 TABLEAU A[2],R[2];A[1]←3;&P(R)\n"
     "20 TERMINER\n30 PROCEDURE &P(R)\n40 R[1]←2;&Q(R)\n50 RETOUR\n60 PROCEDURE &Q(A)\n70 A[2]←A[1]*5\n80 RETOUR\n",
     MAIN, {"A", "R"}),
    ("the program's array handed on so, given a fraction", "10 TABLEAU A[2],R[2];A[1]←3;&P(R)\n"
     "20 TERMINER\n30 PROCEDURE &P(R)\n40 R[1]←2;&Q(R)\n50 RETOUR\n60 PROCEDURE &Q(A)\n70 A[2]←A[1]/5\n80 RETOUR\n",
     MAIN, {"A"}),
]


@pytest.mark.parametrize(("name", "source", "unit", "expected"), FOUND, ids=[case[0] for case in FOUND])
def test_a_variable_is_proved_whole_when_every_store_to_it_is_whole(name, source, unit, expected) -> None:
    assert whole_variables(layout(parse(source)), set(), set())[unit] == expected


FUNCTIONS = [
    ("a recursive function of whole numbers", "10 X←&C(5,2)\n20 TERMINER\n30 PROCEDURE &C(N,K) LOCAL N,K\n"
     "40 SI K=0 OU K=N ALORS RESULTAT 1\n50 RESULTAT &C(N-1,K-1)+&C(N-1,K)\n", {"&C", "X"}),
    ("a function that halves on one way", "10 X←&H(5)\n20 TERMINER\n30 PROCEDURE &H(N) LOCAL N\n"
     "40 SI N>4 ALORS RESULTAT N/2\n50 RESULTAT N\n", set()),
    ("a function of what LIRE reads", "10 LIRE A;X←&F(A)\n20 TERMINER\n30 PROCEDURE &F(N) LOCAL N\n40 RESULTAT N+1\n",
     set()),
    ("a function given its own result", "10 X←&A(2,3)\n20 TERMINER\n30 PROCEDURE &A(M,N) LOCAL M,N\n"
     "40 SI M=0 ALORS RESULTAT N+1\n50 SI N=0 ALORS RESULTAT &A(M-1,1)\n60 RESULTAT &A(M-1,&A(M,N-1))\n",
     {"&A", "X"}),
]


@pytest.mark.parametrize(("name", "source", "expected"), FUNCTIONS, ids=[case[0] for case in FUNCTIONS])
def test_a_function_is_proved_whole_when_every_resultat_it_runs_is_whole(name, source, expected) -> None:
    tree = layout(parse(source))
    program = lower(parse(source))
    assert whole_variables(tree, set(), set(), procedure_exits(program))[MAIN] == expected


def test_a_store_on_a_line_that_another_unit_runs_proves_nothing() -> None:
    source = "10 X←2\n20 TERMINER\n30 PROCEDURE &P LOCAL X\n40 X←0.5\n50 RETOUR\n"
    assert whole_variables(layout(parse(source)), set(), set())[MAIN] == {"X"}
    assert whole_variables(layout(parse(source)), {40}, set())[MAIN] == set()


FRACTIONS = {
    "a fraction read in": ("10 LIRE X\n20 Y←X*X;AFFICHER Y-4196352;TERMINER\n", ["2048.5"]),
    "a fraction stored on a procedure's line that the program jumps into": (
        "10 X←2;ALLER EN 40\n20 TERMINER\n30 PROCEDURE &P LOCAL X\n40 X←2048.5\n"
        "50 Y←X*X;AFFICHER Y-4196352;TERMINER\n", []),
    "a fraction given to a parameter by value": (
        "10 &P(2048.5);&P(3)\n20 TERMINER\n30 PROCEDURE &P(N) LOCAL N\n40 Y←N*N;AFFICHER Y-4196352;RETOUR\n", []),
    "whole numbers past 2^24, rounded": (
        "10 X←4097;Y←X*X*3+X;Z←Y-X*X*3;AFFICHER Y,Z;X←X*X*X*X*X*X*X*X*X*X;AFFICHER X\n", []),
    "whole numbers of either sign": ("10 X←-5000;FAIRE 20 POUR I←1 JUSQUA 4\n20 X←X*X-X*7;AFFICHER X\n", []),
    "2048.5 read into an element": ("10 TABLEAU T[2];LIRE T[1]\n20 Y←T[1]*T[1];AFFICHER Y-4196352\n", ["2048.5"]),
    "elements of an array proved whole past 2^24, rounded": (
        "10 TABLEAU T[3];T[1]←4097;T[2]←T[1]*T[1]*3+T[1];T[3]←T[2]-T[1]*T[1]*3;AFFICHER T[2],T[3]\n", []),
    "a fraction stored into an array by the procedure it is given to": (
        "10 TABLEAU T[2];&P(T);Y←T[1]*T[1];AFFICHER Y-4196352\n20 TERMINER\n30 PROCEDURE &P(A)\n"
        "40 A[1]←2048.5\n50 RETOUR\n", []),
    "a fraction stored into an element on a procedure's line that the program jumps into": (
        "10 TABLEAU T[2];X←2048.5;ALLER EN 40\n20 TERMINER\n30 PROCEDURE &P LOCAL X\n35 X←2\n40 T[1]←X*1\n"
        "50 Y←T[1]*T[1];AFFICHER Y-4196352;TERMINER\n", []),
    "a function proved whole whose results pass 2^24, rounded": (
        "10 AFFICHER &F(4097),&F(3)-9\n20 TERMINER\n30 PROCEDURE &F(N) LOCAL N\n40 SI N<10 ALORS RESULTAT N*N\n"
        "50 RESULTAT &F(N-4096)*N*N+&F(N-4096)\n", []),
    "a function that gives a fraction on one way, its product rounded": (
        "10 Y←&F(4097)*&F(4097);AFFICHER Y-4196352\n20 TERMINER\n30 PROCEDURE &F(N) LOCAL N\n"
        "40 SI N>4096 ALORS RESULTAT N/2\n50 RESULTAT N\n", []),
    "a function that jumps into another's RESULTAT line, which gives its own fraction": (
        "10 X←&G(1)*&G(1);AFFICHER X-4196352,&F(3)*&F(3)\n20 TERMINER\n30 PROCEDURE &F(N) LOCAL N,W\n35 W←N\n"
        "40 RESULTAT W*1\n50 PROCEDURE &G(N) LOCAL N,W\n55 W←2048.5;ALLER EN 40\n", []),
    "a fraction stored by a procedure into the element it is given by reference": (
        "10 TABLEAU T[2];T[1]←2048;&P(T[1]);Y←T[1]*T[1];AFFICHER Y-4196352\n20 TERMINER\n30 PROCEDURE &P(E)\n"
        "40 E←E+0.5\n50 RETOUR\n", []),
    "a fraction given by reference that the callee multiplies": (
        "10 X←2048.5;&P(X);&P(X)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 Y←A*A;AFFICHER Y-4196352;A←A*1\n"
        "50 RETOUR\n", []),
    "a fraction stored through a reference handed on": (
        "10 X←2048;&P(X);Y←X*X;AFFICHER Y-4196352\n20 TERMINER\n30 PROCEDURE &P(A)\n40 &Q(A)\n50 RETOUR\n"
        "60 PROCEDURE &Q(B)\n70 B←B+0.5\n80 RETOUR\n", []),
    "whole numbers added through references past 2^24, rounded": (
        "10 TABLEAU T[2];T[1]←16777215;FAIRE 20 POUR K←1 JUSQUA 3\n20 &P(T[1],K)\n30 AFFICHER T[1]\n40 TERMINER\n"
        "50 PROCEDURE &P(E,V) LOCAL V\n60 E←E+V\n70 RETOUR\n", []),
    "a variable given by reference on a procedure's line that the program jumps into": (
        "10 X←2;ALLER EN 70\n20 TERMINER\n30 PROCEDURE &Q LOCAL X\n40 X←1\n"
        "70 &P(X);Y←X*X;AFFICHER Y-4196352;TERMINER\n90 PROCEDURE &P(A)\n100 A←A+2046.5;RETOUR\n", []),
    "a remainder made with ENT, as the automaton makes it": (
        "10 X←1;FAIRE 20 POUR I←1 JUSQUA 50\n20 X←X*75+74;X←X-ENT(X/65537)*65537\n30 AFFICHER X\n", []),
    "a fraction stored into an array handed on to a parameter named as another array": (
        "10 TABLEAU A[2],R[2];R[1]←3;&P(R);Y←R[1]*R[1];AFFICHER Y-4196352\n20 TERMINER\n30 PROCEDURE &P(R)\n"
        "40 &Q(R)\n50 RETOUR\n60 PROCEDURE &Q(A)\n70 A[1]←2048.5\n80 RETOUR\n", []),
    "a fraction stored into an array a parameter by reference declares": (
        "10 TABLEAU R[2];R[1]←3;&P(R);Y←R[1]*R[1];AFFICHER Y-4196352\n20 TERMINER\n30 PROCEDURE &P(R)\n"
        "40 TABLEAU R[3];R[1]←2048.5\n50 RETOUR\n", []),
}


@pytest.mark.parametrize("profile", ["console80", "micro40"])
@pytest.mark.parametrize("name", FRACTIONS)
def test_every_mode_agrees_with_the_reference_on_what_may_be_a_fraction(name: str, profile: str) -> None:
    source, typed = FRACTIONS[name]
    assert_agrees(source, typed, profile=profile)


def test_a_sum_of_variables_proved_whole_is_rounded_by_its_size_alone_in_single_precision() -> None:
    source = "10 X←1;FAIRE 20 POUR I←1 JUSQUA 50\n20 X←X*75+74\n30 LIRE Y;Y←Y*75+74\n"
    single = listing(source, machine="console80")
    proven = single.split("# 20: X←X*75+74")[1].split("# 30")[0]
    tested = single.split("# 30: LIRE Y;Y←Y*75+74")[1]
    assert "16777216.0" in proven and WHOLE_TESTED not in proven and WHOLE_TESTED in tested


@pytest.mark.parametrize(("start", "square", "name"), [
    ("10 X←2048", "30 Y←X*X;AFFICHER Y-4196352", "X"),
    ("10 X←2048;TABLEAU T[2];T[1]←X", "30 Y←T[1]*T[1];AFFICHER Y-4196352", "T[1]"),
], ids=["a variable", "an array's element"])
def test_what_is_proved_whole_given_a_fraction_at_the_prompt_stops_the_run(start: str, square: str, name: str) -> None:
    session = Session(None, "console80")
    session.type(start, "20 PAUSE", square)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type(f"{name}←2048.5")
    assert "RIEN A CONTINUER" in session.type("CO")
    session.type(f"{name}←2")
    assert session.type("CO").split()[0] == "-4.196348E+06"


def test_a_run_that_keeps_an_array_holding_a_fraction_from_the_prompt_rounds_its_elements() -> None:
    session = Session(None, "console80")
    session.type("TABLEAU T[2]", "T[1]←2048.5", "10 TABLEAU T[2];T[2]←1",
                 "20 Y←T[1]*T[1];AFFICHER Y-4196352;TERMINER")
    assert session.type("RE 20").split()[0] == "0"


def test_a_product_of_elements_proved_whole_is_rounded_by_its_size_alone_in_single_precision() -> None:
    source = "10 TABLEAU A[3],B[3],C[3];A[1]←7;B[2]←A[1]*2\n20 S←A[1]*B[2]\n30 LIRE C[1];R←A[1]*C[1]\n"
    single = listing(source, machine="console80")
    proven, tested = single.split("# 20: S←A[1]*B[2]")[1].split("# 30")
    assert "16777216.0" in proven and "536870913.0" not in proven.split("else")[0] and "536870913.0" in tested


def test_a_run_that_keeps_a_fraction_from_the_prompt_rounds_it() -> None:
    session = Session(None, "console80")
    session.type("X←2048.5", "10 X←X*1", "20 Y←X*X;AFFICHER Y-4196352;TERMINER")
    assert session.type("RE 20").split()[0] == "0"


def test_a_call_from_the_host_refuses_a_fraction_where_the_programs_calls_give_whole_numbers() -> None:
    micro = Micro(load_profile("console80"))
    micro.load_text("10 &P(3)\n20 TERMINER\n30 PROCEDURE &P(N) LOCAL N\n40 RESULTAT N*N\n")
    assert micro.call("&P", 4)[0] == 16.0
    with pytest.raises(LseError):
        micro.call("&P", 2048.5)



def test_a_product_of_elements_expected_whole_is_tested_whole_first_in_single_precision() -> None:
    # A's elements are given whole numbers and what LIRE reads: expected whole (kinds.whole_names counts the
    # program's arrays), not proved, so tested whole first; F's are given a half: rounded at once.
    source = ("10 LIRE N;TABLEAU A[N],F[N];A[1]←N;F[1]←0.5\n20 FAIRE 30 POUR J←2 JUSQUA N\n"
              "30 A[J]←A[J-1]*10+J;F[J]←F[J-1]*10\n")
    code = listing(source, machine="console80")
    element_a = next(line for line in code.splitlines() if line.strip().startswith("v_A[i_J] = "))
    element_f = next(line for line in code.splitlines() if line.strip().startswith("v_F[i_J] = "))
    assert WHOLE_TESTED in element_a and WHOLE_TESTED not in element_f
