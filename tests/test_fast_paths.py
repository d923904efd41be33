"""The compiler's fast paths agree with the reference interpreter where they are likely to go wrong.

Each case is a program that exercises one inline path (a variable given whole by reference, SCH
and ! written inline, whole arithmetic in console80) at its edges; every mode of the Micro must
print, fail and count cycles as the reference does. Plus the analyses and the number model's
whole-number test, table-driven.
"""

from __future__ import annotations

import pytest

from machine.errors import LseError
from machine.lse.analyses import referenced_globals
from machine.lse.kinds import whole_names
from machine.lse.layout import layout as build_layout
from machine.lse.numbers import NumberModel, round32
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    "an array given by reference is redeclared by the callee through its global name": """\
10 TABLEAU T[3];T[2]←5
20 &P(T);AFFICHER T[1],T[2]
30 TERMINER
40 PROCEDURE &P(A)
50 A[1]←A[2]+1;TABLEAU T[4];A[1]←7;AFFICHER A[1],T[1];RETOUR
""",
    "a string given by reference grows, is read back and released by name": """\
10 CHAINE B;B←'AB'
20 &P(B);AFFICHER B
30 LIBERER B;&P(B)
40 TERMINER
50 PROCEDURE &P(S)
60 S←S!SCH(S,1,1)!'Z';RETOUR
""",
    "a number given by reference unset is set by the callee, which reads it by name too": """\
10 &P(X);AFFICHER X;&P(X);AFFICHER X
20 TERMINER
30 PROCEDURE &P(V)
40 V←1;V←V+X;RETOUR
""",
    "an element reference reaches a fractional index, then a missing one": """\
10 TABLEAU T[3]
20 &P(T[2.7]);AFFICHER T[2];&P(T[4])
30 TERMINER
40 PROCEDURE &P(E)
50 E←E+1;RETOUR
""",
    "SCH inline meets starts that are fractional, zero, past the end and not numbers": """\
10 CHAINE A,B;A←'ABCDEFGH';B←'XY'
20 AFFICHER SCH(A,LGR(SCH(B,2,1))+1,2),SCH(A,8,3),'<',SCH(A,9,1),'>',SCH(A,1,0)
30 AFFICHER SCH(A,3,SCH(B,1,1))
40 AFFICHER SCH(A,2.5,1)
""",
    "SCH inline on a value that is not a string": "10 X←5;AFFICHER SCH(X,1,1)\n",
    "SCH inline with a computed length: zero, fractional, negative, past the end, a string of stops": """\
10 CHAINE A,B;A←'ABCDEFGH';B←'D';N←3
20 AFFICHER SCH(A,2,N),'<',SCH(A,2,N-3),'>',SCH(A,7,N+5),SCH(A,9,N),SCH(A,N,LGR(A)-N)
30 AFFICHER SCH(A,1,B);AFFICHER SCH(A,2,N/2)
40 AFFICHER SCH(A,2,-N)
""",
    "SCH inline with a length of a kind known at run time only": """\
10 CHAINE A;A←'ABCB';&P(2);&P('B');&P(A)
20 TERMINER
30 PROCEDURE &P(N)
40 AFFICHER SCH(A,1,N);RETOUR
""",
    "! inline joins unknown kinds in order and fails on an unset variable": """\
10 CHAINE A,B;A←'AB';B←'C'
20 AFFICHER A!B!A,(A!B)!(B!A)
30 AFFICHER A!X
""",
    "! inline fails on a number": "10 CHAINE A;A←'AB';X←5\n20 AFFICHER X!A\n",
    "! inline refuses a string longer than the machine's": """\
10 CHAINE A;A←'ABCDEFGHIJ'
20 A←A!A;AFFICHER LGR(A);ALLER EN 20
""",
    "numeric built-ins inline meet arguments out of their domain": """\
10 AFFICHER RAC(2),SIN(1E300),COS(-3),ATG(1E30),EXP(-1000),LGN(EXP(1))
20 X←-1;FAIRE 30 POUR I←1 JUSQUA 3
30 AFFICHER RAC(X+I)
40 AFFICHER LGN(X+1)
""",
    "a built-in inside an index meets the infinity of unchecked arithmetic": """\
10 TABLEAU T[3];AFFICHER T[RAC(1E300*1E300)]
""",
    "LGR inline on strings and an unset name": """\
10 CHAINE A,B;A←'ABC';AFFICHER LGR(A),LGR(A!A);B←'';AFFICHER LGR(B)
20 AFFICHER LGR(Z)
""",
    "LGR of a number": "10 X←5;AFFICHER LGR(X)\n",
    "comparisons of kinds known at run time, then of a string with a number": """\
10 CHAINE A,B;A←'ABC';B←'XY';TABLEAU T[3];X←1;Y←2
20 SI A<B ET A#'AB' ET X<=Y ET A>='ABC' ALORS AFFICHER 'OUI'
30 SI (SI A=B ALORS 1 SINON 0)=0 ALORS AFFICHER 'NON'
40 SI A=X ALORS AFFICHER 'JAMAIS'
""",
    "a sum of elements overflows in its first term, then meets an unset variable": """\
10 TABLEAU T[3];T[1]←1E300;T[2]←1E300
20 X←T[1]*T[2]+T[3]*Z
""",
    "a sum of elements overflows, then meets a division by zero": """\
10 TABLEAU T[3];T[1]←1E300;T[2]←-1E300
20 SI T[1]*1E10-T[2]*1E10+T[3]/T[3]>0 ALORS AFFICHER 'JAMAIS'
""",
    "a chain of elements ends in an infinity that a product by zero makes a NaN": """\
10 TABLEAU T[3];T[1]←1E300;T[2]←0
20 X←T[1]*T[1]*T[2]+1;AFFICHER X
""",
    "a CHAINE of the program is stored unset, set, released, made an array and a number": """\
10 CHAINE B;B←'AB';B←B!B;AFFICHER B,LGR(B)
20 LIBERER B;B←5;AFFICHER B;LIBERER B;CHAINE B;B←'C';AFFICHER B
30 LIBERER B;TABLEAU B[2];B←'D'
""",
    "a string stored into a name not yet declared CHAINE": "10 B←'A'\n20 CHAINE B\n",
    "CHAINEs of the program grow until the memory is full": """\
10 CHAINE B,C,D,E,F;B←'ABCDEFGHIJKLMNOPQRSTUVWXYZ';C←'';D←'';E←'';F←''
20 B←B!B;SI LGR(B)<3000 ALORS ALLER EN 20
30 C←B;D←B;E←B;AFFICHER LGR(E);F←B
""",
    "strings by reference reach a CHAINE of the program, a procedure's own and a number": """\
10 CHAINE S;S←'A'
20 &P(S);AFFICHER S
30 X←1;&P(X)
40 TERMINER
50 PROCEDURE &P(A) LOCAL L
60 CHAINE L;L←'Z';&Q(L);AFFICHER L;&Q(A)
70 A←A!'B';RETOUR
80 PROCEDURE &Q(B)
90 B←B!'Y';RETOUR
""",
    "a procedure's own CHAINE is given a number": """\
10 &P
20 PROCEDURE &P LOCAL L
30 CHAINE L;L←'Z';L←L!L;AFFICHER L;L←5
""",
    "a comparison of arrays": "10 TABLEAU T[3];SI T=T ALORS AFFICHER 'JAMAIS'\n",
    "an order between a number and a string": "10 CHAINE A;A←'A';X←1;SI X<A ALORS AFFICHER 'JAMAIS'\n",
    # Code that runs once (a block on no cycle of the main program) and the general way after a fast
    # path's failure are written with one call of each general function (pyexpr.compact).
    "code that runs once truncates fractional indices, joins, cuts and compares by the general functions": """\
10 TABLEAU T[3],M[2,2];T[2.7]←5;M[2,1.5]←T[2]+1;LIRE A
20 CHAINE S,U;U←'PQ';S←'AB'!'CD'!SCH('XYZ',2,1)!SCH(U,2,1);AFFICHER T[2],M[2,1],S,LGR(S)
30 SI U='PQ' ALORS AFFICHER 'OUI';SI U<'Q' ALORS AFFICHER 'MOINS';SI A>0 ALORS AFFICHER A
40 &P(T[2.5]);AFFICHER T[2],M[2,1]+A*2
50 AFFICHER T[4]
60 TERMINER
70 PROCEDURE &P(V)
80 V←V+1;RETOUR
""",
    "code that runs once fails on an overflow where the inline test would": """\
10 X←10^200;Y←X+1;AFFICHER Y;Z←X*X;AFFICHER Z
""",
    "code that runs once fails to join a number where the inline join would": """\
10 CHAINE S;S←'AB';X←3;S←S!'C'!X;AFFICHER S
""",
    "a store past the end in a loop fails by the general way after the fast path": """\
10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 4
20 T[I]←T[I]+I;AFFICHER T[I]
""",
    "a loop of fractional steps indexes by the general way after the fast path": """\
10 TABLEAU T[3],M[3,3];FAIRE 20 POUR I←1 PAS 0.5 JUSQUA 3
20 T[I]←T[I]+I;M[I,I]←M[I,4-I]+T[I];AFFICHER T[I],M[I,I]
""",
    # A SI value read in a fast path pays its arm there; a miss after that runs the statement again, paid once.
    "a SI value of elements stored into an element, from a loop that passes the matrix's last row": """\
10 TABLEAU M[3,4];FAIRE 20 POUR I←1 JUSQUA 3;FAIRE 20 POUR J←1 JUSQUA 4;M[I,J]←I*J-ENT(I*J/5)*5
20 *
30 FAIRE 50 POUR I←1 JUSQUA 3;FAIRE 50 POUR J←1 JUSQUA 3
40 M[I+1,J+1]←SI M[I,J+1]>M[I+1,J] ALORS M[I,J+1] SINON M[I+1,J]+0.5
50 *
60 AFFICHER M[2,2],M[3,4]
""",
    "a SI value whose arm is paid before the element after it names none": """\
10 TABLEAU T[6];FAIRE 20 POUR K←1 JUSQUA 6;T[K]←K*K-ENT(K*K/7)*7
20 *
30 S←0;FAIRE 40 POUR K←1 JUSQUA 5
40 S←S+(SI T[K]>2 ALORS T[K+1] SINON T[K])+T[K+2]
50 AFFICHER S
""",
    "a SI value whose arm is paid before an overflow at the top of the sum": """\
10 TABLEAU T[4];T[1]←1;T[2]←2;T[3]←1E300;T[4]←3;X←1E300;Y←0
20 FAIRE 30 POUR K←1 JUSQUA 3
30 Y←(SI T[K]>T[K+1] ALORS T[K] SINON T[K+1])*1E10+X
40 AFFICHER Y
""",
    "a SI value of elements stored into a smaller matrix: its row past the last is found after the arm": """\
10 TABLEAU M[4,4],V[2,4];FAIRE 20 POUR I←1 JUSQUA 4;FAIRE 20 POUR J←1 JUSQUA 4;M[I,J]←I-J
20 *
30 FAIRE 50 POUR I←1 JUSQUA 3;FAIRE 50 POUR J←1 JUSQUA 3
40 V[I,J+1]←SI M[I,J]>0 ALORS M[I,J] SINON M[J,I]+1
50 *
60 AFFICHER V[2,2]
""",
    "a SI condition and a SI value of elements, nested, in a variable's store": """\
10 TABLEAU T[5];FAIRE 20 POUR K←1 JUSQUA 5;T[K]←6-K
20 *
30 FAIRE 40 POUR K←1 JUSQUA 4
40 X←SI T[K]>T[K+1] ALORS (SI T[K]>3 ALORS T[K] SINON -T[K]) SINON T[K+1]
45 SI (SI X>0 ALORS T[K] SINON 0)>4 ALORS AFFICHER K,X
50 AFFICHER X,T[K+2]
""",
}

CONSOLE80 = {
    "whole arithmetic past 2^24 is rounded to float32": """\
10 X←16777215;FAIRE 20 POUR I←1 JUSQUA 4
20 X←X+1;Y←X*3-1;AFFICHER X,Y
30 Z←ENT(X/7)*7+X;AFFICHER Z
""",
    "whole arithmetic with a fraction read at the keyboard is rounded": """\
10 LIRE A;X←1;X←X+A;Y←X*X;AFFICHER X,Y
""",
    "numeric built-ins inline are rounded to float32": """\
10 AFFICHER RAC(2),SIN(1),EXP(-100),EXP(-200),LGN(3),ATG(7)
20 AFFICHER EXP(100)
""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_a_fast_path_edge(name: str) -> None:
    assert_agrees(PROGRAMS[name], ["0.1"])


@pytest.mark.parametrize("name", sorted(CONSOLE80))
def test_console80_whole_arithmetic_agrees_with_the_reference(name: str) -> None:
    assert_agrees(CONSOLE80[name], ["0.1"], profile="console80")


WHOLE = [
    ("10 X←1;X←X*75+74;X←X-ENT(X/65537)*65537\n", {"X"}),
    ("10 X←1;Y←X/2\n", {"X"}),
    ("10 X←1;Y←X;Y←Y/2\n", {"X"}),
    ("10 LIRE X;Y←X+1\n", {"X", "Y"}),  # what is typed in is expected whole (a hint)
    ("10 LIRE X;X←X/3\n", set()),
    ("10 CHAINE S;S←'ABC';P←1;B←SCH(S,P,'B',Q)\n", {"P", "Q"}),  # a position given back
    ("10 FAIRE 20 POUR I←1 PAS 2 JUSQUA 9\n20 J←I*I\n", {"I", "J"}),
    ("10 FAIRE 20 POUR I←1 PAS 0.5 JUSQUA 9\n20 J←I*I\n", set()),
    ("10 X←1;&P(X)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 RETOUR\n", {"X"}),
    ("10 X←1;&P(X)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 A←A/2;RETOUR\n", set()),
    ("10 CHAINE X;X←'A'\n", set()),
]
HANOI = "10 LIRE N;&H(N-N,1)\n20 TERMINER\n30 PROCEDURE &H(N,A) LOCAL N,A\n40 &H(N-1,A/2);RETOUR\n"
PROCEDURES = [  # (program, unit, its whole variables)
    (HANOI, "&", {"N"}),
    (HANOI, "&H", {"N"}),
    (HANOI.replace("A/2", "A*2").replace("N-N", "1"), "&H", {"N", "A"}),
    ("10 X←1;&P\n20 TERMINER\n30 PROCEDURE &P LOCAL X\n40 X←0.5;Y←X;RETOUR\n", "&", {"X"}),
    ("10 X←1;&P\n20 TERMINER\n30 PROCEDURE &P LOCAL X\n40 X←0.5;Y←X;RETOUR\n", "&P", set()),
]


@pytest.mark.parametrize(("source", "expected"), WHOLE)
def test_the_numbers_expected_whole_are_those_every_store_keeps_whole(source: str, expected: set) -> None:
    assert whole_names(build_layout(parse(source)))["&"] == expected


@pytest.mark.parametrize(("source", "unit", "expected"), PROCEDURES)
def test_a_parameter_is_whole_when_every_call_passes_a_whole_number(source: str, unit: str, expected: set) -> None:
    assert whole_names(build_layout(parse(source)))[unit] == expected


def test_only_variables_given_whole_by_reference_live_in_the_table() -> None:
    source = "10 TABLEAU T[2];&P(T,T[1],X+1,Y)\n20 TERMINER\n30 PROCEDURE &P(A,B,C,D)\n40 RETOUR\n"
    assert referenced_globals(build_layout(parse(source))) == {"T", "Y"}


OWN_GIVEN = """\
10 CHAINE X;X←'MOT';&Q(X);Y←1;&R(Y)
20 TERMINER
30 PROCEDURE &Q(X) LOCAL X;&P(X);RETOUR
40 PROCEDURE &R(Y);&P(Y);RETOUR
50 PROCEDURE &P(A);RETOUR
"""


def test_a_procedures_own_name_given_by_reference_leaves_the_programs_variable_of_that_name_out_of_the_table() -> None:
    layout = build_layout(parse(OWN_GIVEN))
    assert referenced_globals(layout, foreign=set()) == {"Y"}  # (&Q's X and &R's Y are their own names)
    assert referenced_globals(layout) == {"X", "Y"}  # where a line may run in another unit's frame, any may be


VALUES = [1.0, -7.0, 16777216.0, 16777217.0, -16777219.0, 1.1000000014901161, 0.5, 3e38 * 2, 1e300,
          float("inf"), float("nan"), -0.0]


@pytest.mark.parametrize("value", VALUES)
def test_a_result_expected_whole_is_what_round32_makes_of_it(value: float) -> None:
    code = NumberModel("single").result("v", whole=True)
    namespace = {"v": value, **NumberModel.namespace()}
    try:
        expected: object = round32(value)
    except LseError as error:
        expected = error.code
    try:
        got: object = eval(code, namespace)  # noqa: S307 - the model's own code, no program text
    except LseError as error:
        got = error.code
    assert repr(got) == repr(expected)
