"""FAIRE variables that carry an int beside their float agree with the reference, and are chosen as they should be.

A variable that only one unit's FAIRE sets carries a Python int (ops.make_whole_pass) that fast
paths index elements by, and a name that can only be a vector is read without its upper test; each
program here tests one edge of that in every mode of the Micro (output, error and line, cycles), in
both number models.
"""

from __future__ import annotations

import math
import re

import pytest

from machine.disk import Disk
from machine.lse.holdings import shapes, vectors
from machine.lse.layout import layout as build_layout
from machine.lse.listing import listing
from machine.lse.numbers import WHOLE_EXACT
from machine.lse.ops import make_counted, make_whole_pass
from machine.lse.parser import parse
from machine.lse.pybounds import shadow
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

# A procedure's own K stepped by a TANT QUE, in its lines or on a line the program jumps to.
OWN_TANT_QUE = ("10 TABLEAU T[6];S←0\n20 FAIRE 30 POUR K←1 JUSQUA 3\n30 T[K]←K;&P\n40 AFFICHER S,T;TERMINER\n"
                "100 PROCEDURE &P LOCAL K\n110 K←1;FAIRE 120 POUR K←K TANT QUE K<3\n120 S←S+K\n130 RETOUR\n")
OWN_TANT_QUE_RUN = ("10 TABLEAU T[6];S←0\n20 FAIRE 30 POUR K←1 JUSQUA 3\n30 T[K]←K\n40 ALLER EN 110\n"
                    "50 AFFICHER S,K,T;TERMINER\n100 PROCEDURE &P LOCAL K\n110 FAIRE 120 POUR K←K TANT QUE K<6\n"
                    "120 T[K]←T[K]+10\n130 ALLER EN 50\n")

PROGRAMS = {
    "a whole counter up to a variable limit past 2^24, where single precision rounds its steps": """\
10 N←50000000;S←0
20 FAIRE 30 POUR I←8388607 PAS 8388608 JUSQUA N
30 S←S+I
40 AFFICHER I,S
""",
    "a counted loop indexes an array by its pass and leaves its variable at the last value": """\
10 TABLEAU T[6]
20 FAIRE 30 POUR I←1 JUSQUA 6
30 T[I]←I*I;T[7-I]←T[7-I]+1
40 AFFICHER T[1],T[6],I
""",
    "a loop from a fractional start by a fractional step indexes by truncation": """\
10 TABLEAU T[5]
20 FAIRE 30 POUR I←0.5 PAS 1.5 JUSQUA 5.2
30 T[I+1]←I;AFFICHER I
40 AFFICHER T[1],T[2],T[3],T[5],I
""",
    "a loop down to a fractional limit by a negative step": """\
10 TABLEAU T[9]
20 FAIRE 30 POUR K←9 PAS -2 JUSQUA 2.5
30 T[K]←K;T[K-1]←-K
40 AFFICHER T[1],T[2],T[3],T[8],T[9],K
""",
    "a loop from minus zero keeps the zero's sign as the general code does": """\
10 FAIRE 20 POUR I←-0 JUSQUA 1
20 AFFICHER I,1/(I+1)
30 AFFICHER I
""",
    "a loop past 2 to the 24th steps as the number model rounds": """\
10 FAIRE 20 POUR I←16777210 PAS 2 JUSQUA 16777222
20 AFFICHER I
""",
    "a loop that does not run leaves its variable at the start": """\
10 TABLEAU T[3]
20 FAIRE 30 POUR I←5 JUSQUA 2
30 T[I]←1
40 AFFICHER I
""",
    "an index out of range inside a loop fails at its line with the cycles paid so far": """\
10 TABLEAU T[5]
20 FAIRE 30 POUR I←1 JUSQUA 10
30 T[I]←I
40 AFFICHER T[5]
""",
    "an index of zero or below inside a loop never reaches the array's own slot": """\
10 TABLEAU T[3]
20 FAIRE 30 POUR I←1 PAS -1 JUSQUA -2
30 AFFICHER T[I+1];T[I]←I
""",
    "nested loops ending on one line walk a grid by neighbours": """\
10 TABLEAU G[4,5],H[4,5]
20 FAIRE 30 POUR I←1 JUSQUA 4;FAIRE 30 POUR J←1 JUSQUA 5
30 G[I,J]←I*10+J
40 FAIRE 60 POUR I←2 JUSQUA 3
50 FAIRE 60 POUR J←2 JUSQUA 4
60 H[I,J]←G[I-1,J]+G[I+1,J]+G[I,J-1]+G[I,J+1]
70 AFFICHER H[2,2],H[3,4],G[4,5],I,J
""",
    "a 2-D index past a row's end does not land in the next row": """\
10 TABLEAU G[3,3]
20 FAIRE 30 POUR J←1 JUSQUA 4
30 G[1,J]←J
""",
    "changing the limit and the step inside the body changes nothing": """\
10 L←4;P←1;S←0
20 FAIRE 30 POUR I←1 PAS P JUSQUA L
30 L←L+1;P←P+1;S←S+I
40 AFFICHER S,I,L,P
""",
    "a loop in a procedure over its own array, its counter a local": """\
10 AFFICHER &SOMME(5),&SOMME(0)
20 TERMINER
30 PROCEDURE &SOMME(N) LOCAL T,I,S
40 TABLEAU T[5];S←0
50 FAIRE 60 POUR I←1 JUSQUA N
60 T[I]←I;S←S+T[I]
70 RESULTAT S
""",
    "a loop reads its input and runs long enough to be sliced": """\
10 LIRE N;TABLEAU T[N];S←0
20 FAIRE 40 POUR I←1 JUSQUA N
30 T[I]←I
40 SI T[I]>N/2 ALORS S←S+T[I] SINON S←S-1
50 AFFICHER S,I
""",
    "an index of an unknown kind beside a pass index is added as floats": """\
10 TABLEAU T[6];LIRE X
20 FAIRE 30 POUR I←1 JUSQUA 3
30 T[I+X]←I;AFFICHER T[X+I]
""",
    "an overflow inside a loop is found at its line": """\
10 X←1E300
20 FAIRE 30 POUR I←1 JUSQUA 3
30 X←X*1E5;AFFICHER I
""",
    "a loop variable set again by an inner FAIRE of another kind keeps the float's way": """\
10 TABLEAU T[9]
20 FAIRE 50 POUR I←1 JUSQUA 3
30 FAIRE 40 POUR I←I PAS 0.5 JUSQUA I+1
40 T[I]←T[I]+1
50 T[I+1]←I
60 AFFICHER T[1],T[2],T[3],T[4],T[5],I
""",
    "a loop variable stepped by a TANT QUE inside a counted loop": """\
10 TABLEAU T[9]
20 FAIRE 50 POUR I←1 JUSQUA 2
30 FAIRE 40 POUR I←I TANT QUE I<4
40 T[I]←I
50 T[I]←-I
60 AFFICHER T[1],T[2],T[3],T[4],I
""",
    "a procedure's own counter in a recursion keeps each call's int": """\
10 TABLEAU T[9];&P(3);AFFICHER T[1],T[2],T[3],T[4]
20 TERMINER
30 PROCEDURE &P(N) LOCAL I
40 FAIRE 50 POUR I←1 JUSQUA N
50 SI N>1 ALORS &P(N-1) SINON T[I]←T[I]+1;T[I+N]←T[I+N]+I
60 RETOUR
""",
    "a counter given by value to a procedure, and its element by reference": """\
10 TABLEAU T[4]
20 FAIRE 30 POUR I←1 JUSQUA 4
30 &P(T[I],I);&P(T[5-I],I)
40 AFFICHER T[1],T[2],T[3],T[4];&P(T[I+1],I)
50 TERMINER
60 PROCEDURE &P(E,V) LOCAL V
70 E←E*10+V;V←0;RETOUR
""",
    "a vector read and stored past its end, at 0, below, fractional, and as a number": """\
10 TABLEAU T[3];T[3]←7;X←3.5;AFFICHER T[X],T[X-3.4]
20 FAIRE 30 POUR I←2 JUSQUA 4
30 T[I]←T[I-1]+I
40 AFFICHER T[1],T[3]
50 LIBERER T;T←5;AFFICHER T[1]
""",
    "a name that is a vector in one unit and a matrix in another is tested fully": """\
10 TABLEAU T[4];T[2]←5;&P;AFFICHER T[2]
20 TERMINER
30 PROCEDURE &P LOCAL T
40 TABLEAU T[2,2];T[1,2]←3;AFFICHER T[2];RETOUR
""",
    "a loop variable counted on by assignments indexes by its floats: whole, fractional, past the array": """\
10 TABLEAU T[5];FAIRE 15 POUR K←5 PAS -1 JUSQUA 1
15 T[K]←-K
20 T[K]←K;K←K+1;SI K<=5 ALORS ALLER EN 20
30 K←K-0.5;AFFICHER T[K];K←K+0.5;AFFICHER T[K],T[-K+6]
40 K←K*K*K*K*K*K*K*K*K*K*K*K*K*K*K*K;AFFICHER K;T[K]←1
""",
    "a count past 2 to the 24th names the element its rounded float names": """\
10 TABLEAU T[5];T[3]←3;T[4]←4;T[5]←5;FAIRE 15 POUR K←1 JUSQUA 2
15 T[K]←K
20 K←16777214;K←K+1;K←K+1;K←K+1;AFFICHER K,T[K-16777213],T[-16777213+K]
""",
    "a variable set from an element, a quotient or a built-in indexes by its whole values": """\
10 TABLEAU T[6];FAIRE 20 POUR I←1 JUSQUA 6
20 T[I]←7-I
30 I←T[2];AFFICHER T[I];I←I/2;AFFICHER T[I];I←ENT(I*3);AFFICHER T[I];I←-T[6];AFFICHER T[I+3];I←-I;AFFICHER T[I]
""",
    "a loop variable LIBERER frees is unset again, whatever its loop indexed by it": """\
10 TABLEAU T[3];FAIRE 10 POUR K←1 JUSQUA 2;T[K]←5;AFFICHER T[K]
20 LIBERER K
30 AFFICHER T[K]
""",
    "a procedure's own loop variable counted on by assignments in a recursion": """\
10 TABLEAU T[9];&P(3);AFFICHER T[1],T[2],T[3],T[4],T[5]
20 TERMINER
30 PROCEDURE &P(N) LOCAL K
40 FAIRE 45 POUR K←1 JUSQUA 2
45 T[K]←T[K]+N;K←K+1
50 T[K+N]←T[K+N]+K;SI N>1 ALORS &P(N-1)
60 K←K+1;SI K<=N ALORS ALLER EN 50
70 RETOUR
""",
    "an index whose ints' products pass 2 to the 53rd is computed as the floats round it": """\
10 TABLEAU T[3];T[1]←7;T[2]←8
20 FAIRE 30 POUR I←1048577 JUSQUA 1048577
30 AFFICHER T[I*I+1-I*I],T[I*I*I-(I*I*I-1)]
""",
    "a loop variable its unit sets to constants and counts by jumps, as the sieve does": """\
10 TABLEAU T[6];FAIRE 15 POUR I←1 JUSQUA 6
15 T[I]←I
20 I←2
30 AFFICHER T[I];SI T[I]=0 ALORS ALLER EN 50
40 T[I*2]←0
50 I←I+2;SI I<=3 ALORS ALLER EN 30
60 FAIRE 70 POUR I←-1+2 JUSQUA 6
70 AFFICHER T[I];SI I=2 ALORS I←5
80 I←2.5;AFFICHER T[I];I←-3;AFFICHER T[-I];I←16777216;AFFICHER I;I←0;AFFICHER T[I]
""",
    "a counter from 1 indexes a vector and a matrix past their ends by its int": """\
10 TABLEAU T[3],G[2,3];FAIRE 20 POUR I←1 JUSQUA 3
20 T[I]←I;G[1,I]←I*I;G[2,I]←T[I]+G[1,I]
30 FAIRE 40 POUR I←1 JUSQUA 3
40 AFFICHER T[I]+G[1,I]+G[2,I],G[1,I+0],T[I+0];SI I=3 ALORS AFFICHER G[I,1]
""",
    "a counter from 1 reads one past a vector's end": """\
10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3
20 T[I]←I;AFFICHER T[I+1]
""",
    "a counter from 1 set to 1, then counted from 0 elsewhere, indexes from below with its test": """\
10 TABLEAU T[4];FAIRE 20 POUR I←1 JUSQUA 3
20 T[I+1]←I
30 I←1;AFFICHER T[I];FAIRE 40 POUR I←0 JUSQUA 2
40 AFFICHER T[I+1],T[I]
""",
    "counters from 0 and from 2 index by their ints plus and minus constants, down to 0": """\
10 TABLEAU T[4],G[3,4];FAIRE 20 POUR I←0 JUSQUA 3
20 T[I+1]←I;G[1,I+1]←I*I
30 FAIRE 40 POUR J←2 JUSQUA 4
40 AFFICHER T[J-1]+G[J-1,J]+G[1,J-1],T[J+0];SI J=4 ALORS AFFICHER G[J-2,J-3],T[J-4]
""",
    "a whole counter given to a parameter by value keeps its unrounded steps in single precision": """\
10 FAIRE 30 POUR I←8388601 JUSQUA 8388612
20 &P(I)
30 AFFICHER I
40 TERMINER
50 PROCEDURE &P(X) LOCAL X
60 X←X+0.5;AFFICHER X;RETOUR
""",
    "a counter made fractional through a parameter by reference is rounded at its step in single precision": """\
10 FAIRE 30 POUR I←8388601 JUSQUA 8388612
20 &P(I)
30 AFFICHER I
40 TERMINER
50 PROCEDURE &P(X)
60 X←X+0.5;RETOUR
""",
    "a counter read after its loop and before any loop": """\
10 TABLEAU T[5];SI 1=0 ALORS FAIRE 20 POUR I←1 JUSQUA 2
20 AFFICHER T[I]
""",
    "a counter that a procedure's own TANT QUE of the name steps on a line the program jumps to": OWN_TANT_QUE_RUN,
    "a counter beside a procedure's own TANT QUE of the name": OWN_TANT_QUE,
    "a counter read in, then an index": "10 TABLEAU T[5];FAIRE 20 POUR K←1 JUSQUA 2\n20 T[K]←K\n"
                                        "30 LIRE K;T[K]←9;AFFICHER T,K\n",
    "a counter read in as a fraction, then an index": "10 TABLEAU T[5];FAIRE 20 POUR K←1 JUSQUA 2\n20 T[K]←K\n"
                                                      "30 LIRE K;T[K]←9;AFFICHER T,K\n",
    "a counter read in by a procedure": (
        "10 TABLEAU T[5];FAIRE 20 POUR K←1 JUSQUA 2\n20 T[K]←K\n30 &P;T[K]←9;AFFICHER T,K\n40 TERMINER\n"
        "100 PROCEDURE &P\n110 LIRE K\n120 RETOUR\n"),
    "a counter read in on a line of the program that a procedure runs": (
        "10 TABLEAU T[5];FAIRE 20 POUR K←1 JUSQUA 2\n20 T[K]←K\n30 &P\n40 T[K]←9;AFFICHER T,K\n45 TERMINER\n"
        "50 LIRE K;ALLER EN 120\n100 PROCEDURE &P\n110 ALLER EN 50\n120 RETOUR\n"),
    "a counter a TANT QUE steps, set in its pass, then an index": (
        "10 TABLEAU T[9];FAIRE 20 POUR J←1 JUSQUA 3\n20 T[J]←J\n30 FAIRE 40 POUR J←J TANT QUE J<6\n"
        "40 T[J]←10*J;J←6\n50 T[J-2]←T[J-2]+1;AFFICHER T,J\n"),
    "a counted loop after a TANT QUE of its variable": (
        "10 TABLEAU D[20];D[1]←1;L←1\n20 FAIRE 60 POUR K←2 JUSQUA 12;C←0\n30 FAIRE 40 POUR J←1 JUSQUA L\n"
        "40 Q←D[J]*K+C;C←ENT(Q/10);D[J]←Q-C*10\n50 FAIRE 60 POUR J←J TANT QUE C>0\n"
        "60 L←L+1;D[L]←C-ENT(C/10)*10;C←ENT(C/10)\n70 AFFICHER L,J,D\n"),
    # A step computed (pybounds.shadow writes whole_pass's tests out): whole, fractional, past 2^24, a huge limit.
    "a counter stepped down by a computed step, an index": (
        "10 TABLEAU T[20];G←3;S←0\n20 FAIRE 30 POUR J←19 PAS -G JUSQUA 1\n30 T[J]←J;S←S+T[J]\n40 AFFICHER S,J,T\n"),
    "a counter stepped by a computed fraction, an index": (
        "10 TABLEAU T[20];G←1.5;S←0\n20 FAIRE 30 POUR J←1 PAS G JUSQUA 19\n30 T[J]←J;S←S+T[J]\n40 AFFICHER S,J,T\n"),
    "a counter from a fraction by a computed step, an index": (
        "10 TABLEAU T[20];G←2;S←0;A←1.5\n20 FAIRE 30 POUR J←A PAS G JUSQUA 19\n30 S←S+T[J];T[J]←J\n"
        "40 AFFICHER S,J,T\n"),
    "a counter by a computed step past 2^24, an index": (
        "10 TABLEAU T[20];G←16777215;S←0\n20 FAIRE 30 POUR J←1 PAS G JUSQUA 5E7\n30 S←S+J;T[1]←T[1]+1\n"
        "40 AFFICHER S,J,T[1]\n"),
    "a counter by a computed step to a huge limit, an index": (
        "10 TABLEAU T[20];G←4;S←0\n20 FAIRE 30 POUR J←1 PAS G JUSQUA 1E300\n30 T[J]←J;S←S+J\n40 AFFICHER S,J,T\n"),
    "a procedure's own counter from 2 beside the program's counted down to 0": (
        "10 TABLEAU T[4];FAIRE 20 POUR I←3 PAS -1 JUSQUA 0\n20 T[I+1]←I;&P\n30 AFFICHER T;TERMINER\n"
        "40 PROCEDURE &P LOCAL I\n50 FAIRE 60 POUR I←2 JUSQUA 4\n60 T[I-1]←T[I-1]+I\n70 RETOUR\n"),
}

INPUTS = {"a counter read in as a fraction, then an index": ["2.5"]}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_counter_edge(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], INPUTS.get(name, ["3000" if "sliced" in name else "2"]), profile=profile)


WHOLE_COUNTERS = [
    ("a counter given to a parameter by value stays one", "10 FAIRE 20 POUR I←1 JUSQUA 3\n20 &P(I)\n"
     "30 TERMINER\n40 PROCEDURE &P(V) LOCAL V\n50 RETOUR\n", {"I"}),
    ("a counter given to a parameter by reference is none", "10 FAIRE 20 POUR I←1 JUSQUA 3\n20 &P(I)\n"
     "30 TERMINER\n40 PROCEDURE &P(V)\n50 RETOUR\n", set()),
    ("a counter given beside by value and by reference to one procedure is none", "10 FAIRE 20 POUR I←1 JUSQUA 3\n"
     "20 &P(I,I)\n30 TERMINER\n40 PROCEDURE &P(V,W) LOCAL V\n50 RETOUR\n", set()),
]


@pytest.mark.parametrize(("name", "source", "expected"), WHOLE_COUNTERS, ids=[case[0] for case in WHOLE_COUNTERS])
def test_a_whole_counter_is_one_only_faire_sets_from_and_by_whole_constants(name: str, source: str,
                                                                            expected: set) -> None:
    assert build_layout(parse(source)).whole_counters == expected


CHOSEN = [
    ("a counted loop over an array has an int", "10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←I\n", {"I"}),
    ("a loop whose variable indexes nothing has none", "10 FAIRE 20 POUR I←1 JUSQUA 3\n20 X←I\n", set()),
    ("a loop whose variable its unit also assigns has one",
     "5 I←0;TABLEAU T[3]\n10 FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I\n", {"I"}),
    ("a variable only assignments set (an ALLER EN's counter) has one",
     "10 TABLEAU T[3];K←1\n20 T[K]←K;K←K+1;SI K<4 ALORS ALLER EN 20\n", {"K"}),
    ("an ALLER EN's counter also given an element has one",
     "10 TABLEAU T[3],C[3];C[1]←2;K←1\n20 T[K]←K;K←K+1;SI K=2 ALORS K←C[1]\n30 SI K<4 ALORS ALLER EN 20\n", {"K"}),
    ("an ALLER EN's counter also given a position has none",
     "5 CHAINE S;S←'A,B,C'\n10 TABLEAU T[9];K←1\n20 T[K]←K;K←K+1;K←POS(S,K,',');SI K>0 ALORS ALLER EN 20\n",
     set()),
    ("an ALLER EN's counter also given a parameter's double has none",
     "10 TABLEAU T[9];&P(1);TERMINER\n20 PROCEDURE &P(I) LOCAL I,C\n30 C←2*I;SI C>9 ALORS RETOUR\n"
     "40 T[C]←1;C←C+1;T[C]←2;I←I+2;ALLER EN 30\n", set()),
    ("an ALLER EN's counter that a procedure also stores into has none",
     "10 TABLEAU T[3];K←1\n20 T[K]←K;&P;SI K<4 ALORS ALLER EN 20\n30 TERMINER\n40 PROCEDURE &P\n50 K←K+1;RETOUR\n",
     set()),
    ("an ALLER EN's counter given by reference has none",
     "10 TABLEAU T[3];K←1\n20 T[K]←K;&P(K);SI K<4 ALORS ALLER EN 20\n30 TERMINER\n40 PROCEDURE &P(X)\n"
     "50 X←X+1;RETOUR\n", set()),
    ("a variable LIRE sets has one", "10 TABLEAU T[3];LIRE K\n20 FAIRE 20 POUR K←1 JUSQUA 3;T[K]←1\n", {"K"}),
    ("a program's variable that a procedure reads in has none", "10 TABLEAU T[3];FAIRE 10 POUR K←1 JUSQUA 3;T[K]←1\n"
     "20 &P\n30 TERMINER\n40 PROCEDURE &P\n50 LIRE K;RETOUR\n", set()),
    ("a variable the program's TANT QUE steps has one", "10 TABLEAU T[3];FAIRE 10 POUR K←1 JUSQUA 3;T[K]←1\n"
     "20 FAIRE 20 POUR K←K TANT QUE K<5\n", {"K"}),
    ("a variable LIBERER frees has none", "10 TABLEAU T[3];FAIRE 10 POUR K←1 JUSQUA 3;T[K]←1\n20 LIBERER K\n",
     set()),
    ("a variable a position is given to has none",
     "10 TABLEAU T[3];CHAINE S;S←'AB';FAIRE 10 POUR K←1 JUSQUA 3;T[K]←1\n20 S←SCH(S,1,'B',K)\n", set()),
    ("a program's variable that a procedure's FAIRE also sets has none",
     "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I;&P\n30 TERMINER\n40 PROCEDURE &P\n"
     "50 FAIRE 50 POUR I←1 JUSQUA 2\n60 RETOUR\n", set()),
    ("a program's variable that a procedure assigns has none",
     "10 TABLEAU T[3];K←1;T[K]←1;&P\n20 TERMINER\n30 PROCEDURE &P\n40 K←2;RETOUR\n", set()),
    ("a procedure's own loop variable has one in its procedure",
     "10 TABLEAU T[3];&P\n20 TERMINER\n30 PROCEDURE &P LOCAL K\n40 FAIRE 40 POUR K←2 JUSQUA 3;T[K]←1\n"
     "50 RETOUR\n", {"K"}),
    ("a variable given to a parameter by value keeps its int",
     "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I;&P(I)\n30 TERMINER\n40 PROCEDURE &P(V) LOCAL V\n"
     "50 RETOUR\n", {"I"}),
    ("a variable given to a parameter by reference has none",
     "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I;&P(I)\n30 TERMINER\n40 PROCEDURE &P(V)\n"
     "50 V←V+0;RETOUR\n", set()),
    ("a variable given as a value to a parameter by reference only read keeps its int (passing.py)",
     "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I;&P(I)\n30 TERMINER\n40 PROCEDURE &P(V)\n"
     "50 RETOUR\n", {"I"}),
    ("a variable CHARGER gives a status to has none",
     "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I\n30 CHARGER X,1,'F',I\n", set()),
    ("a program with a PAUSE has none", "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I\n30 PAUSE\n", set()),
    # (name-wide: keyed by owner, the program's K had an int, but its counted `for` over a few passes, bases's
    # K up to LGR(S), cost more than the int saved)
    ("a procedure's own variable that its TANT QUE steps takes the program's int", OWN_TANT_QUE, set()),
    ("a procedure's own TANT QUE on a line the program runs takes the program's int", OWN_TANT_QUE_RUN, set()),
    ("nested loops over a grid have one each", "10 TABLEAU G[3,3];FAIRE 20 POUR I←1 JUSQUA 3\n"
     "15 FAIRE 20 POUR J←1 JUSQUA 3\n20 G[I,J]←I+J\n", {"I", "J"}),
]


@pytest.mark.parametrize(("name", "source", "expected"), CHOSEN, ids=[case[0] for case in CHOSEN])
def test_the_variables_with_an_int_are_those_only_one_units_faire_sets(name: str, source: str, expected: set) -> None:
    assert set(re.findall(r"\bi_([A-Z0-9]+)\b", listing(source))) == expected


def test_an_assignment_sets_a_counters_int_to_a_whole_constant_or_to_none() -> None:
    code = listing("10 TABLEAU T[3]\n15 FAIRE 16 POUR I←1 JUSQUA 2\n16 T[I]←I\n20 I←3;T[I]←0;I←I-1;T[I]←0\n")
    assert "i_I = 3" in code and "i_I = _NAN" in code


def test_an_index_reads_a_counters_int_only_where_every_way_there_sets_it() -> None:
    code = listing("10 TABLEAU T[3]\n15 FAIRE 16 POUR I←1 JUSQUA 2\n16 T[I]←I\n"
                   "20 I←I-1;T[I]←0;SI I>1 ALORS ALLER EN 20\n")
    # Line 20 indexes from I's float: math.floor of it, or the int kept from it (UnitCode.kept_index).
    assert "v_T[i_I] = " in code and "v_T[i_I] = 0.0" not in code
    assert "v_T[_floor(v_I) if v_I >= 1.0 else None] = 0.0" in code or \
        "v_T[(e_I := _floor(f_I) if (f_I := v_I) >= 1.0 else _NAN)] = 0.0" in code


@pytest.mark.parametrize(("source", "expected"), [
    ("10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←I;T[I+1]←I\n", ["v_T[i_I] =", "v_T[(i_I + 1)] ="]),
    ("10 TABLEAU T[3]\n20 FAIRE 30 POUR I←0 JUSQUA 2\n30 T[I+1]←I;T[I]←I\n",
     ["v_T[(i_I + 1)] =", "v_T[i_I if i_I > 0 else None] ="]),
    ("10 TABLEAU G[3,3]\n20 FAIRE 30 POUR I←2 JUSQUA 3\n30 G[I-1,I-1]←I;G[I-2,1]←I\n",
     ["v_G[((i_I - 1) - 1) * 3 + _k", "(_k := (i_I - 2)) > 0"]),
    ("10 TABLEAU T[3];I←0\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←I\n", ["v_T[i_I if i_I > 0 else None] ="]),
    ("10 TABLEAU T[3]\n20 FAIRE 30 POUR I←3 PAS -1 JUSQUA 1\n30 T[I]←I\n", ["v_T[i_I if i_I > 0 else None] ="]),
], ids=["counting up from 1: no test", "from 0: plus 1 untested, alone tested",
        "from 2: minus 1 untested, minus 2 tested", "assigned 0: tested", "counting down: tested"])
def test_an_index_by_a_counters_int_is_tested_from_below_unless_it_is_never_below_1(
        source: str, expected: list[str]) -> None:
    code = listing(source)
    assert all(text in code for text in expected), code


def test_a_procedure_s_own_counter_has_its_own_floor_whatever_the_program_s_of_its_name() -> None:
    # (floors were by name: the program's I counted from 1 made a minor's B[I-1,L], its procedure's own I from 2,
    # test I-1 > 0 at each store; now by variable, where no line runs in a frame not its own)
    code = listing(PROGRAMS["a procedure's own counter from 2 beside the program's counted down to 0"])
    main, procedure = code.split("def p_P(")
    assert "v_T[(_at := (i_I - 1))]" in procedure and "(i_I - 1)) > 0" not in procedure
    assert "(_k := (i_I + 1)) > 0" in main  # (the program's I counts down: tested)


def test_a_variable_a_tant_que_steps_has_no_int_in_that_loop_nor_after_a_read() -> None:
    code = listing("10 TABLEAU T[3]\n15 FAIRE 16 POUR I←1 JUSQUA 2\n16 T[I]←I\n20 FAIRE 30 POUR I←1 TANT QUE I<3\n"
                   "30 T[I]←I\n40 LIRE I\n")
    tant_que = code[code.index("# 20:"):code.index("# 40:")]
    assert tant_que.count("i_I = _NAN") == 2  # at its start and at its step
    assert "[i_I" not in tant_que and "i_I]" not in tant_que  # its pass indexes by the float
    assert "i_I = _NAN" in code[code.index("# 40:"):]


NAN = float("nan")
PASSES = [
    ((1.0, 1.0, 5.0), (1, 1)), ((9.0, -2.0, 2.5), (9, -2)), ((-0.0, 1.0, 2.0), (0, 1)),
    ((0.5, 1.0, 5.0), None), ((1.0, 0.5, 5.0), None), ((1.0, 1.0, NAN), None),
    ((1.0, 1.0, WHOLE_EXACT - 1), (1, 1)), ((1.0, 1.0, WHOLE_EXACT), None), ((WHOLE_EXACT + 2, -1.0, 1.0), None),
    ((1.0, 1.0, float("inf")), None), ((5.0, -1.0, -WHOLE_EXACT + 1), (5, -1)),
]


@pytest.mark.parametrize(("bounds", "expected"), PASSES)
def test_a_loop_has_an_int_when_its_values_and_the_step_past_its_limit_are_exact(bounds: tuple, expected) -> None:
    got = make_whole_pass(WHOLE_EXACT)(*bounds)
    if expected is None:
        assert all(math.isnan(part) for part in got)
    else:
        assert got == expected and all(type(part) is int for part in got)


@pytest.mark.parametrize("first", ["A", "1", "0", "-3", "16777216", "-16777216", "16777217"])
@pytest.mark.parametrize("step", [1, 3, -1, -2])
@pytest.mark.parametrize("counted", [False, True], ids=["whole pass", "counted"])
def test_the_int_shadow_tested_inline_for_a_constant_step_is_what_the_run_time_function_gives(
        step: int, counted: bool, first: str) -> None:
    node = parse(f"10 FAIRE 20 POUR I←{first} PAS {step} JUSQUA B\n20 *\n").lines[0].statements[0]
    code = compile(shadow(node, counted), "<shadow>", "eval")
    given = (make_counted if counted else make_whole_pass)(WHOLE_EXACT)
    values = [0.0, 1.0, -3.0, 2.5, -0.5, 16777215.0, 16777216.0, -16777216.0, 16777217.0, 1e300, math.inf, -math.inf,
              math.nan, 16777214.0, -16777214.0, 16777213.0]
    for start in values if first == "A" else [float(first)]:
        for limit in values:
            namespace = {"_s": start, "_lim": limit, "_int": int, "_floor": math.floor, "_NAN": math.nan}
            assert repr(eval(code, namespace)) == repr(given(start, float(step), limit)), (start, limit)


VECTORS = [
    ("every TABLEAU of a name with one size makes it a vector", "10 TABLEAU T[3],M[2,2];T[1]←M[1,1]\n", {"T"}),
    ("a name declared with one size and with two is not", "10 TABLEAU T[3]\n20 LIBERER T;TABLEAU T[2,2]\n", set()),
    ("a parameter by value is not", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(T) LOCAL T\n40 RETOUR\n",
     set()),
    ("a name that is also a CHAINE is not", "10 TABLEAU T[3]\n20 LIBERER T;CHAINE T\n", set()),
    ("no name is in a program with a PAUSE", "10 TABLEAU T[3];PAUSE\n", set()),
]


@pytest.mark.parametrize(("name", "source", "expected"), VECTORS, ids=[case[0] for case in VECTORS])
def test_a_name_is_a_vector_when_nothing_can_make_it_another_array(name: str, source: str, expected: set) -> None:
    assert vectors(build_layout(parse(source))) == expected


SHAPES = [
    ("every TABLEAU of a name with the same constant sizes gives them",
     "10 TABLEAU T[3],M[2,4];T[1]←M[1,1]\n20 &P\n30 TERMINER\n40 PROCEDURE &P LOCAL M;TABLEAU M[2,4]\n",
     {"T": (3,), "M": (2, 4)}),
    ("a name declared with two sizes has none", "10 TABLEAU T[3]\n20 LIBERER T;TABLEAU T[4]\n", {}),
    ("sizes computed at run time are none", "10 N←3;TABLEAU T[N],U[3+0]\n", {}),
    ("a size that is no whole number from 1 is none", "10 TABLEAU T[0],U[2.5],V[-1]\n", {}),
    ("a name handed to a procedure has none (its TABLEAU of the parameter sizes it again)",
     "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(A)\n40 LIBERER A;TABLEAU A[5];RETOUR\n", {}),
    ("a name that is also a CHAINE has none", "10 TABLEAU T[3]\n20 LIBERER T;CHAINE T\n", {}),
    ("a name given by CHARGER has none", "10 TABLEAU T[3];CHARGER T,1,'F'\n", {}),
    ("no name has any in a program with a PAUSE", "10 TABLEAU T[3];PAUSE\n", {}),
]


@pytest.mark.parametrize(("name", "source", "expected"), SHAPES, ids=[case[0] for case in SHAPES])
def test_an_array_has_sizes_known_before_the_run_when_nothing_can_size_it_otherwise(
        name: str, source: str, expected: dict) -> None:
    assert shapes(build_layout(parse(source))) == expected


def interrupted(session: Session, *lines: str) -> None:
    """Type a program, run it for a slice and interrupt it there."""
    session.type(*lines)
    session.monitor.submit("EX")
    session.monitor.tick(100_000)
    session.monitor.interrupt()
    session.monitor.tick(100_000)
    assert "INTERROMPU EN LIGNE" in "".join(session.chunks)


@pytest.mark.parametrize(("start", "index", "below", "procedure"), [
    (1, "I", 0, ()), (2, "I-1", 1, ()),
    (2, "I-1", 1, ("50 PROCEDURE &P LOCAL I", "55 FAIRE 56 POUR I←0 JUSQUA 1", "56 T[I+1]←I", "60 RETOUR")),
], ids=["from 1", "from 2", "from 2, a procedure's own I from 0"])
def test_a_faire_variable_set_below_its_start_at_the_prompt_names_no_element_when_the_run_goes_on(
        tmp_path, start: int, index: str, below: int, procedure: tuple) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU T[3000]", f"20 FAIRE 30 POUR I←{start} JUSQUA 2999", f"30 T[{index}]←I",
                "40 TERMINER", *procedure)
    session.type(f"I←{below}")
    assert "INDICE HORS LIMITES" in session.type("CO")


@pytest.mark.parametrize("fraction", [0.0, 0.5], ids=["whole", "fractional"])
def test_a_faire_variable_set_at_the_prompt_indexes_the_element_it_names_when_the_run_goes_on(
        tmp_path, fraction: float) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU T[3000]", "20 FAIRE 30 POUR I←1 JUSQUA 2999", "30 T[I]←I", "40 TERMINER")
    where = int(float(session.type("? I").split()[0]))
    assert where < 2000
    session.type(f"I←{where + 100 + fraction}")
    assert "TERMINE" in session.type("CO")
    assert float(session.type(f"? T[{where + 50}]").split()[0]) == 0.0  # skipped, as I was set
    for passed in (100, 101):  # a fraction names the element of its floor
        assert float(session.type(f"? T[{where + passed}]").split()[0]) == where + passed + fraction


def test_a_program_run_with_a_matrix_from_the_prompt_does_not_read_it_as_its_vector() -> None:
    # REPRENDRE keeps the prompt's variables: the program's T[3] is not declared yet at line 20.
    session = Session(None)
    session.type("TABLEAU T[2,2]", "T[2,2]←7", "10 TABLEAU T[3]", "20 FAIRE 30 POUR I←1 JUSQUA 2", "30 X←T[4]")
    assert "INDICE HORS LIMITES T[4] EN LIGNE 30" in session.type("RE 20")


def test_a_run_whose_vector_became_a_matrix_at_the_prompt_cannot_go_on(tmp_path) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU T[3000]", "20 FAIRE 30 POUR I←1 JUSQUA 3000", "30 T[I]←T[I]+1", "40 TERMINER")
    session.type("LIBERER T", "TABLEAU T[2,2]")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_program_run_with_a_matrix_of_other_sizes_from_the_prompt_reads_it_by_its_own_sizes() -> None:
    # REPRENDRE keeps the prompt's variables: the program's M[3,3] is not declared yet at line 20.
    session = Session(None)
    session.type("TABLEAU M[2,5]", "M[2,1]←7", "10 TABLEAU M[3,3]", "20 FAIRE 30 POUR I←1 JUSQUA 2",
                 "30 AFFICHER M[I,6]")
    assert "INDICE HORS LIMITES M[1,6] EN LIGNE 30" in session.type("RE 20")
    session.type("30 AFFICHER M[I+1,I]")
    assert session.type("RE 20").split()[0] == "7"


def test_a_run_whose_matrix_was_declared_again_with_other_sizes_at_the_prompt_cannot_go_on(tmp_path) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU M[3,1000]", "20 FAIRE 30 POUR I←1 JUSQUA 1000", "30 M[2,I]←M[2,I]+1",
                "40 TERMINER")
    session.type("LIBERER M", "TABLEAU M[1000,3]")
    assert "RIEN A CONTINUER" in session.type("CO")


@pytest.mark.parametrize("limit", ["5", "N"], ids=["a constant limit", "a variable limit"])
@pytest.mark.parametrize("profiling", [False, True], ids=["plain", "profile"])
def test_a_whole_counter_given_a_fraction_at_the_prompt_stops_a_single_precision_run(
        limit: str, profiling: bool) -> None:
    # Its step is not rounded (pyloops.step_sum): 0.1 + 1 would not be the float32 nearest to 1.1.
    session = Session(None, "console80", profiling)
    session.type("5 N←5", f"10 FAIRE 30 POUR I←1 JUSQUA {limit}", "20 PAUSE", "30 AFFICHER I")
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("I←0.1")
    assert "RIEN A CONTINUER" in session.type("CO")
    session.type("I←3")  # a whole number: the run goes on from it
    assert session.type("CO").split()[0] == "3"
    assert session.type("CO").split()[0] == "4"


def test_a_whole_counter_given_a_fraction_at_the_prompt_goes_on_in_double_precision() -> None:
    session = Session(None, "micro40")
    session.type("10 FAIRE 30 POUR I←1 JUSQUA 5", "20 PAUSE", "30 AFFICHER I-1")
    session.type("EX", "I←0.1", "CO")
    assert session.type("CO").split()[0] == "0.1"
