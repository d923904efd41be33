"""A FAIRE whose passes are a Python `for` over its variable's ints agrees with the reference, and is chosen
as it should be (pyflow.counted_loop, pyloops.LoopCode.count).

Each program runs in every mode of the Micro, including runs stopped by Esc at every short slice and
taken up again, in both number models; the monitor's tests look at the loop's variable where a run
stopped inside the `for`.
"""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.lse.listing import listing
from machine.lse.status import Status
from machine.micro import Micro
from machine.profile import load_profile
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

pytestmark = pytest.mark.usefixtures("every_loop_long")

# A procedure whose pass gives a number to the array it reads (DEJA DECLAREE AUTREMENT), by one name or another.
GIVEN_A_NUMBER = """\
10 TABLEAU T[5];S←0
20 FAIRE 20 POUR K←1 JUSQUA 5;T[K]←K-3
30 &P(T);AFFICHER S,T
40 TERMINER
50 PROCEDURE &P({param}) LOCAL I
60 FAIRE 70 POUR I←1 JUSQUA 5
70 {pass_}
80 RETOUR
"""

# A breadth-first search's scan of a row: the pass leaves by ALLER EN its last line unless a node is new; only then
# is V's float read (stored, summed). What follows such a SI is an arm: the float is made where it is read, not at
# every pass (pygen.UnitCode.run_blocks, pyloops.LoopCode.ints_suffice).
READ_PAST_A_SKIP = """\
10 TABLEAU A[12],D[12],F[12];Q←0;S←0
20 FAIRE 20 POUR K←1 JUSQUA 12;A[K]←K-3*ENT(K/3);D[K]←-1
30 FAIRE 60 POUR V←1 JUSQUA 12
40 SI A[V]=0 OU D[V]>=0 ALORS ALLER EN 60
50 D[V]←V;Q←Q+1;F[Q]←V;S←S+V*2
60 *
70 AFFICHER Q,S,F[Q],V
"""

# The convex hull's dedup: C[I-1] is read where I>1, so the range from 1 is refused (its int 0 would index the
# description) and the first pass runs the general way; the others are the `for`'s (pyloops.LoopCode.count).
CUT_FIRST = """\
10 TABLEAU C[40];U←0;FAIRE 20 POUR I←1 JUSQUA 40
20 C[I]←ENT(I/3)
30 FAIRE 50 POUR I←1 JUSQUA 40
40 SI I>1 ALORS DEBUT SI C[I]=C[I-1] ALORS ALLER EN 50 FIN
45 U←U+C[I]
50 *
60 AFFICHER U,I
"""

PROGRAMS = {
    "an index that adds the loop's variable to a number: its int stands for it": """\
10 TABLEAU A[9],W[9];G←3;FAIRE 20 POUR I←1 JUSQUA 9
20 W[I]←I*I
30 FAIRE 40 POUR I←1 JUSQUA 5
40 A[G+I-1]←W[I];A[2*I-1]←A[2*I-1]+G*I
50 AFFICHER A[1],A[3],A[7],A[9],I
""",
    "an index offset by a fraction that adding the loop's variable rounds up to a whole number (double)": """\
10 TABLEAU A[9],W[9];G←0.99999999999999989
15 FAIRE 16 POUR I←1 JUSQUA 9
16 W[I]←I
20 FAIRE 30 POUR I←1 JUSQUA 9
30 A[G+I-1]←W[I];A[G+I-1]←A[G+I-1]+1
40 AFFICHER A[1],A[2],A[9],I
""",
    "the same with a fraction that single precision rounds up": """\
10 TABLEAU A[9],W[9];G←0.99999994
15 FAIRE 16 POUR I←1 JUSQUA 9
16 W[I]←I
20 FAIRE 30 POUR I←1 JUSQUA 9
30 A[G+I-1]←W[I];A[G+I-1]←A[G+I-1]+1
40 AFFICHER A[1],A[2],A[9],I
""",
    "the same from a fractional start: no int, the general way": """\
10 TABLEAU A[9],W[9];G←3;FAIRE 20 POUR I←1 JUSQUA 9
20 W[I]←I*I
30 FAIRE 40 POUR I←0.5 JUSQUA 5
40 A[G+I-1]←W[I+1];A[2*I]←A[2*I]+G*I
50 AFFICHER A[1],A[3],A[7],A[9],I
""",
    "an index whose products of the loop's variable pass 2^53: floats, as the reference": """\
10 TABLEAU A[9]
20 FAIRE 30 POUR I←2047 JUSQUA 2049
30 A[I*I*I*I*I-(I*I*I*I*I-3)]←7
40 AFFICHER A[1],A[2],A[3],A[4],A[5]
""",
    "an index the loop's int takes below 1": """\
10 TABLEAU A[9];G←3
20 FAIRE 30 POUR I←1 JUSQUA 5
30 A[G-I]←1
40 AFFICHER A[1]
""",
    "a name indexed as a vector and as a matrix in one pass, its bounds read before the for": """\
10 TABLEAU T[4],M[2,3]
20 FAIRE 30 POUR I←1 JUSQUA 3
30 T[I]←1;M[2,I]←2;SI T[1]>5 ALORS T[I,1]←0
40 AFFICHER T[4],M[1,3],M[2,1]
""",
    "a loop that stores into an array by its pass": """\
10 TABLEAU T[2000]
20 FAIRE 30 POUR I←1 JUSQUA 2000
30 T[I]←7
40 AFFICHER T[1],T[1999],I
""",
    "a loop whose body is a SI that jumps to its last line": """\
10 TABLEAU T[300];X←1
20 FAIRE 30 POUR I←1 JUSQUA 300
30 X←X*137+187;X←X-ENT(X/10007)*10007;T[I]←X
40 FAIRE 70 POUR K←299 PAS -1 JUSQUA 1
50 FAIRE 70 POUR J←1 JUSQUA K
60 SI T[J]<=T[J+1] ALORS ALLER EN 70 SINON W←T[J];T[J]←T[J+1];T[J+1]←W
70 *
80 AFFICHER T[1],T[150],T[300],J,K
""",
    "a loop whose SI reads the variable's value in an arm only": """\
10 TABLEAU P[500];S←0;C←0
20 FAIRE 30 POUR I←1 JUSQUA 500
30 P[I]←ENT(I/3)*3-I+1
40 FAIRE 50 POUR I←1 JUSQUA 500
50 SI P[I]=1 ALORS DEBUT C←C+1;S←S+I FIN
60 AFFICHER C,S,I
""",
    "an index out of range inside a loop fails at its line with the cycles paid so far": """\
10 TABLEAU T[5];S←0
20 FAIRE 30 POUR I←1 JUSQUA 9
30 S←S+T[I];T[I]←1
40 AFFICHER S
""",
    "a loop counting down by a step that a variable holds": """\
10 TABLEAU T[40];K←-3
20 FAIRE 30 POUR I←40 PAS K JUSQUA 2.5
30 T[I]←1;T[I-1]←T[I-1]+2
40 AFFICHER T[40],T[39],T[4],T[3],T[2],I
""",
    "a loop by a fractional step takes the float's way": """\
10 TABLEAU T[9]
20 FAIRE 30 POUR I←1 PAS 0.75 JUSQUA 8.5
30 T[I]←T[I]+1
40 AFFICHER T[1],T[2],T[8],T[9],I
""",
    "a loop from a fraction whose element is tested the general way": """\
10 TABLEAU T[5];X←3;N←10
20 FAIRE 30 POUR I←0.5 JUSQUA 2.5
30 T[I+1]←(SI 3.75+X=N ALORS X SINON 5)
40 AFFICHER T[1],T[2],T[3],I
""",
    "a loop whose limit is past the exact whole numbers takes the float's way": """\
10 TABLEAU T[9];N←1E30
20 FAIRE 30 POUR I←1 JUSQUA N
30 T[I]←1
40 AFFICHER I
""",
    "a loop that the program enters by a jump into its last line": """\
10 TABLEAU T[9];I←4
20 ALLER EN 50
30 FAIRE 50 POUR I←1 JUSQUA 3
40 T[I+1]←T[I+1]+1
50 T[I]←T[I]+10
60 AFFICHER T[1],T[2],T[4],I
""",
    "nested loops that end on the same line": """\
10 TABLEAU G[30,30];S←0
20 FAIRE 40 POUR I←1 JUSQUA 30
30 FAIRE 40 POUR J←1 JUSQUA 30
40 G[I,J]←G[I,J]+1;S←S+G[J,I]
50 AFFICHER S,G[30,30],I,J
""",
    "a pass that jumps to its last line, paid in two adds, failing before the second": """\
10 TABLEAU T[3];S←0
20 FAIRE 40 POUR I←1 JUSQUA 5
30 S←S+T[I];ALLER EN 40
40 S←S+1
50 AFFICHER S
""",
    "a loop inside a procedure with its own loop variable": """\
10 TABLEAU T[50]
20 AFFICHER &SOMME(50)
30 TERMINER
40 PROCEDURE &SOMME(N) LOCAL K,S
50 S←0;FAIRE 60 POUR K←1 JUSQUA N
60 T[K]←2;S←S+T[K]
70 RESULTAT S
""",
    "a string assigned by pieces in a loop pays each character": """\
10 CHAINE S,A;TABLEAU T[20];S←'';A←'XY'
20 FAIRE 30 POUR I←1 JUSQUA 20
30 S←S!A;T[I]←LGR(S)
40 AFFICHER S,T[20]
""",
    "a matrix whose rows the loop around indexes, read before the for": """\
10 TABLEAU G[6,6],V[6,6]
20 FAIRE 30 POUR I←1 JUSQUA 6
30 FAIRE 30 POUR J←1 JUSQUA 6;G[I,J]←ENT(I*7/(J+1))
40 FAIRE 60 POUR I←2 JUSQUA 5
50 FAIRE 60 POUR J←2 JUSQUA 5
60 V[I,J]←G[I-1,J]+G[I+1,J]+G[I,J-1]+G[I,J+1]
70 AFFICHER V[2,2],V[5,5],V[3,4]
""",
    "a matrix whose column the loop around gives, past the last": """\
10 TABLEAU B[3,3];S←0
20 FAIRE 40 POUR J←1 JUSQUA 4
30 FAIRE 40 POUR K←1 JUSQUA 3
40 B[K,J]←J;S←S+B[K,J]*2
50 AFFICHER S
""",
    "a matrix whose column the loop around gives from 0": """\
10 TABLEAU B[3,3];S←0
20 FAIRE 40 POUR J←1 PAS -1 JUSQUA 0
30 FAIRE 40 POUR K←1 JUSQUA 3
40 S←S+B[K,J]+B[J+1,K]
50 AFFICHER S
""",
    "a vector indexed as a matrix by the loops": """\
10 TABLEAU B[9];S←0
20 FAIRE 40 POUR J←1 JUSQUA 2
30 FAIRE 40 POUR K←1 JUSQUA 3
40 S←S+B[K,J]+B[J,K]
50 AFFICHER S
""",
    "a row below the first that the loop around gives": """\
10 TABLEAU G[3,3];S←0
20 FAIRE 40 POUR I←3 PAS -1 JUSQUA 1
30 FAIRE 40 POUR J←1 JUSQUA 3
40 S←S+G[I-1,J];G[I,J]←1
50 AFFICHER S
""",
    "a row past the last that the loop around gives": """\
10 TABLEAU G[3,3];S←0
20 FAIRE 40 POUR I←1 JUSQUA 3
30 FAIRE 40 POUR J←1 JUSQUA 3
40 S←S+G[I+1,J]+G[I,J]
50 AFFICHER S
""",
    "no array under the name when the loop starts": """\
10 S←0
20 FAIRE 30 POUR J←1 JUSQUA 3
30 S←S+G[1,J]+G[2,J]
40 AFFICHER S
""",
    "a number under the name when the loop starts": """\
10 G←4;S←0
20 FAIRE 30 POUR J←1 JUSQUA 3
30 S←S+G[1,J]+G[2,J]
40 AFFICHER S
""",
    "the matrix declared again, smaller, before each inner loop": """\
10 S←0
20 FAIRE 50 POUR N←4 PAS -1 JUSQUA 1
30 TABLEAU G[N,N]
40 FAIRE 50 POUR J←1 JUSQUA 4
50 G[N,J]←J;S←S+G[1,J]
60 AFFICHER S
""",
    "an array given by reference, the program's variable behind it given a number in the pass":
        GIVEN_A_NUMBER.format(param="A", pass_="S←S+A[I];SI A[I]=0 ALORS T←2"),
    "a program's array read in a pass that gives it a number through a reference":
        GIVEN_A_NUMBER.format(param="B", pass_="S←S+T[I];SI T[I]=0 ALORS B←7"),
    "a sort that reads an array given by reference before its for": """\
10 TABLEAU T[9];X←1
20 FAIRE 30 POUR K←1 JUSQUA 9
30 X←X*137+187;X←X-ENT(X/101)*101;T[K]←X
40 &TRI(T,9);AFFICHER T[1],T[5],T[9]
50 TERMINER
60 PROCEDURE &TRI(A,N) LOCAL I,J,W
70 FAIRE 90 POUR I←N-1 PAS -1 JUSQUA 1
80 FAIRE 90 POUR J←1 JUSQUA I
90 SI A[J]>A[J+1] ALORS DEBUT W←A[J];A[J]←A[J+1];A[J+1]←W FIN
100 RETOUR
""",
    "the array's name given a number inside the pass": """\
10 TABLEAU G[3,3];S←0
20 FAIRE 30 POUR J←1 JUSQUA 3
30 S←S+G[1,J];SI G[2,J]=0 ALORS G←7
40 AFFICHER S,G
""",
    "a pass of SI after SI, each joined, and a jump to the last line (words counted a character at a time)": """\
10 CHAINE T,C;T←'UN  DEUX TROIS   ';W←0;Y←0;D←1
20 FAIRE 60 POUR I←1 JUSQUA LGR(T)+0.5
30 C←SCH(T,I,1);SI C=' ' ALORS DEBUT D←1;ALLER EN 60 FIN
40 SI D=1 ALORS W←W+1
50 D←0;SI POS('AEIOUY',1,C)>0 ALORS Y←Y+1
60 *
70 AFFICHER W,Y,I,C
""",
    # Columns that are the loop's int plus or minus a constant: their upper bound is tested before the `for`.
    "neighbouring columns of a matrix, all within it: no pass tested": """\
10 TABLEAU G[4,6],V[4,6];FAIRE 20 POUR I←1 JUSQUA 4;FAIRE 20 POUR J←1 JUSQUA 6
20 G[I,J]←I*J-ENT(I*J/3)*3
30 FAIRE 50 POUR I←2 JUSQUA 3;FAIRE 50 POUR J←2 JUSQUA 5
50 V[I,J]←G[I,J-1]+G[I,J+1]+G[I-1,J]+G[I+1,J]
60 AFFICHER V[2,2],V[3,5],V[2,5],I,J
""",
    "a column one past the last on the loop's last pass only: the passes before it run, then the error": """\
10 TABLEAU G[3,4];S←0
20 FAIRE 30 POUR J←1 JUSQUA 4
30 G[2,J+1]←7;S←S+1
40 AFFICHER S,J
""",
    "a column past the last read under a SI that never lets it be: no error, every pass counted": """\
10 TABLEAU G[3,4];S←0;FAIRE 20 POUR J←1 JUSQUA 4;G[2,J]←J
20 *
30 FAIRE 50 POUR J←1 JUSQUA 4
40 S←S+G[2,J];SI G[2,J]<4 ALORS S←S+G[2,J+1]
50 *
60 AFFICHER S,J
""",
    "a column past the last in a loop whose limit is far beyond the matrix, read on its first passes only": """\
10 TABLEAU G[2,5];G[1,3]←9;K←0
20 FAIRE 40 POUR J←1 JUSQUA 3000
30 SI K<3 ALORS K←K+1+G[1,J+1]
40 *
50 AFFICHER K,J
""",
    "columns read as the loop's int goes down": """\
10 TABLEAU G[3,5];FAIRE 20 POUR J←1 JUSQUA 5;G[3,J]←J*J
20 *
30 S←0;FAIRE 40 POUR J←5 PAS -1 JUSQUA 2
40 S←S*2+G[3,J]-G[3,J-1]
50 AFFICHER S,J
60 FAIRE 70 POUR J←5 PAS -1 JUSQUA 1
70 S←S+G[3,J+1]
""",
    "a column read from a vector or a number under the matrix's name: the general way's error": """\
10 TABLEAU G[5];S←0
20 FAIRE 30 POUR J←1 JUSQUA 3
30 S←S+G[2,J+1]
40 AFFICHER S
""",
    "a column from a step that is not whole: no int, the general way": """\
10 TABLEAU G[3,8];S←0;FAIRE 20 POUR J←1 JUSQUA 8;G[2,J]←J
20 *
30 FAIRE 40 POUR J←1 PAS 1.5 JUSQUA 7
40 S←S+G[2,J+1]
50 AFFICHER S,J
""",
    # Index parts that are the loop's int plus or minus a constant, from a start the compiler does not know:
    # their test from below is made once, before the `for`.
    "indexes below the loop's int from a start read at run time, all from 1": """\
10 TABLEAU A[9],B[9];K←3;FAIRE 20 POUR J←1 JUSQUA 9;B[J]←J*J
20 *
30 FAIRE 40 POUR J←K JUSQUA 9
40 A[J-2]←B[J]+B[J-1]
50 AFFICHER A[1],A[7],J
""",
    "an index the loop's int takes below 1 on its first pass: the error there": """\
10 TABLEAU T[5];G←1;S←0
20 FAIRE 30 POUR J←G JUSQUA 5
30 T[J-1]←7;S←S+1
40 AFFICHER S,J
""",
    "an index read under a SI as the loop's int goes down past 1, never read there": """\
10 TABLEAU T[5],W[9];S←0;FAIRE 20 POUR J←1 JUSQUA 5;T[J]←J;W[J+3]←1
20 *
30 K←5;FAIRE 40 POUR J←K PAS -1 JUSQUA -2
40 S←S+W[J+3];SI W[J+3]>0 ALORS S←S+T[J]*10
50 AFFICHER S,J
""",
    "an index going down by 2 from a start read at run time, past 0 to -1: the error there": """\
10 TABLEAU T[5];S←0;FAIRE 20 POUR J←1 JUSQUA 5;T[J]←J*J
20 *
30 K←3;FAIRE 40 POUR J←K PAS -2 JUSQUA -3
40 S←S+T[J]
50 AFFICHER S,J
""",
    "an array given by reference read one past its end on the last pass: the error there": """\
10 TABLEAU T[4];FAIRE 20 POUR J←1 JUSQUA 4;T[J]←J
20 *
30 &P(T);AFFICHER 'FIN'
40 TERMINER
50 PROCEDURE &P(A) LOCAL I,S
60 S←0;FAIRE 70 POUR I←1 JUSQUA 4
70 S←S+A[I+1]
80 AFFICHER S;RETOUR
""",
    "a matrix given by reference where a vector is read with the loop's int: the general way's error": """\
10 TABLEAU T[2,3];&P(T);AFFICHER 'FIN'
20 TERMINER
30 PROCEDURE &P(A) LOCAL I,S
40 S←0;FAIRE 50 POUR I←1 JUSQUA 2
50 S←S+A[I]
60 AFFICHER S;RETOUR
""",
    "an array given by reference read within its bounds, by ints going up and down": """\
10 TABLEAU T[6];FAIRE 20 POUR J←1 JUSQUA 6;T[J]←J*J
20 *
30 &P(T,2);&P(T,-1)
40 TERMINER
50 PROCEDURE &P(A,D) LOCAL D,I,S
60 S←0;FAIRE 70 POUR I←4+D PAS D JUSQUA 3-D
70 S←S*3+A[I-1]+A[I+1]
80 AFFICHER S,I;RETOUR
""",
    "a matrix row the loop's int gives less one, from a start read at run time": """\
10 TABLEAU M[3,4];K←1;S←0
20 FAIRE 30 POUR I←K JUSQUA 3
30 M[I-1,2]←7;S←S+1
40 AFFICHER S,I
""",
    "an element before the loop's int, read only past its first pass: the int taken again after that pass": CUT_FIRST,
    "a variable's float read only past a SI that leaves the pass (a search's new node)": READ_PAST_A_SKIP,
    "an element past the end read at the last pass: the int cut there, the error the general way's": """\
10 TABLEAU C[6];S←0
20 FAIRE 20 POUR I←1 JUSQUA 6;C[I]←I*I
30 FAIRE 40 POUR I←1 JUSQUA 6
40 S←S+C[I+1]
50 AFFICHER S
""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_counted_loop(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


CHOSEN = [
    ("a loop that only assigns elements is a for", "10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←1\n",
     True),
    ("a loop whose SI jumps to its last line is a for",
     "10 TABLEAU T[3]\n20 FAIRE 40 POUR I←1 JUSQUA 2\n30 SI T[I]>0 ALORS ALLER EN 40\n35 T[I]←1\n40 *\n", True),
    ("a loop of three passes that makes its variable's float at every pass is not (tests/test_dual_loops.py)",
     "10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←I\n", False),
    ("a loop whose pass has three SI one after the other and a jump to its last line is a for",
     "10 TABLEAU T[3];D←0;W←0;Y←0\n20 FAIRE 60 POUR I←1 JUSQUA 3\n30 SI T[I]=1 ALORS DEBUT D←1;ALLER EN 60 FIN\n"
     "40 SI D=1 ALORS W←W+1\n50 D←0;SI T[I]>0 ALORS Y←Y+1\n60 *\n", True),
    ("a loop whose pass jumps back into itself is not",
     "10 TABLEAU T[3]\n20 FAIRE 40 POUR I←1 JUSQUA 3\n25 T[I]←T[I]+1\n30 SI T[I]<3 ALORS ALLER EN 25\n40 *\n", False),
    ("a loop that calls a procedure is not",
     "10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←&F\n40 TERMINER\n50 PROCEDURE &F\n60 RESULTAT 1\n",
     False),
    ("a loop that prints is not", "10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←1;AFFICHER T[I]\n",
     False),
    ("a loop that jumps out is not",
     "10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 SI T[I]>0 ALORS ALLER EN 50;T[I]←1\n40 TERMINER\n"
     "50 AFFICHER 1\n", False),
    ("a loop that gives a position back is not",
     "10 TABLEAU T[3];CHAINE S;S←'AB'\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←1;S←SCH(S,1,'B',P)\n", False),
    ("a loop TANT QUE is not", "10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 TANT QUE I<3\n30 T[I]←1\n", False),
    ("a loop whose body holds a loop is not, its inner loop is",
     "10 TABLEAU G[3,3]\n20 FAIRE 40 POUR I←1 JUSQUA 3\n30 FAIRE 40 POUR J←1 JUSQUA 3\n40 G[I,J]←1\n", True),
]


@pytest.mark.parametrize(("name", "source", "expected"), CHOSEN, ids=[case[0] for case in CHOSEN])
def test_the_loops_whose_passes_are_a_for_are_those_that_only_assign(name: str, source: str, expected: bool) -> None:
    code = listing(source)
    assert ("for i_I in" in code or "for i_J in" in code) == expected, code
    assert "for i_I in" not in code or "for i_J in" not in code  # only the innermost of two


def test_a_counted_loop_makes_its_variables_float_only_past_a_si_that_leaves_the_pass() -> None:
    code = listing(READ_PAST_A_SKIP)
    pass_ = code[code.index("for i_V in"):code.index("# 60: *")]
    assert "v_V = v_V if i_V != i_V" not in pass_, pass_
    assert "(v_V if i_V != i_V else i_V + 0.0)" in code[code.index("# 50:"):]


def test_a_counted_loop_reads_its_descriptions_and_row_offsets_before_its_for() -> None:
    code = listing(PROGRAMS["a matrix whose rows the loop around indexes, read before the for"])
    at = code.rindex("for i_J in")
    before, pass_ = "\n".join(code[:at].splitlines()[-5:]), code[at:].split("except BaseException")[0]
    assert "_H0 = v_G[0]; _H0s = _H0[3]" in before and "= ((i_I - 1) - 1) * _H0s" in before
    assert "v_G[0]" not in pass_ and "i_I" not in pass_.split("except _Exception")[0]


def test_a_counted_loop_tests_a_matrix_column_that_the_loop_around_gives_before_its_for() -> None:
    code = listing(PROGRAMS["a matrix whose column the loop around gives, past the last"])
    at = code.rindex("for i_K in")
    before, pass_ = "\n".join(code[:at].splitlines()[-5:]), code[at:].split("except _Exception")[0]
    assert "= i_J if _H0[4] > i_J else None" in before
    assert "* _H0s + _C" in pass_ and "> i_J" not in pass_


def test_a_counted_loop_tests_the_columns_its_own_int_gives_once_before_its_for() -> None:
    code = listing(PROGRAMS["neighbouring columns of a matrix, all within it: no pass tested"])
    at = code.rindex("for i_J in")
    before, pass_ = "\n".join(code[:at].splitlines()[-5:]), code[at:].split("except _Exception")[0]
    assert "_T9 = _min(_H1c - 1, _H0c - 2)" in before and "_T9 + 1 else _T9 + 1" in before
    assert "v_G[_R9 + (i_J + 1)]" in pass_ and "c >" not in pass_


def test_a_run_stopped_inside_a_counted_loop_shows_the_pass_it_stopped_at(tmp_path) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU T[3000]", "20 FAIRE 30 POUR I←1 JUSQUA 3000", "30 T[I]←7", "40 TERMINER")
    where = int(float(session.type("? I").split()[0]))
    assert 1 < where < 3000
    assert float(session.type(f"? T[{where - 1}]").split()[0]) == 7.0  # the passes before it ran
    assert float(session.type(f"? T[{where + 1}]").split()[0]) == 0.0  # not those after it


@pytest.mark.parametrize("fraction", [0.0, 0.5], ids=["whole", "fractional"])
def test_a_counted_loops_variable_set_at_the_prompt_goes_on_from_there(tmp_path, fraction: float) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU T[3000]", "20 FAIRE 30 POUR I←1 JUSQUA 2999", "30 T[I]←T[I]+1",
                "40 TERMINER")
    where = int(float(session.type("? I").split()[0]))
    assert where < 2000
    session.type(f"I←{where + 100 + fraction}")
    assert "TERMINE" in session.type("CO")
    assert float(session.type(f"? T[{where + 50}]").split()[0]) == 0.0  # skipped, as I was set
    assert float(session.type(f"? T[{where + 100}]").split()[0]) == 1.0
    assert float(session.type("? I").split()[0]) == 2999 - (1 - fraction if fraction else 0)


def test_an_error_inside_a_counted_loop_leaves_its_variable_at_the_failing_pass(tmp_path) -> None:
    session = Session(Disk(tmp_path))
    session.type("10 TABLEAU T[5]", "20 FAIRE 30 POUR I←1 JUSQUA 9", "30 T[I]←1", "40 TERMINER")
    assert "EN LIGNE 30" in session.type("EX")
    assert float(session.type("? I").split()[0]) == 6.0


def slice_ends(source: str, profiling: bool, cycles: int) -> list[int]:
    """The cycle count at the end of each slice of a run in slices of `cycles`, till it ends."""
    micro = Micro(load_profile("micro40"), profiling=profiling)
    micro.load_text(source)
    ends = []
    while micro.run(cycles) is Status.RUNNING:
        ends.append(micro.cycles)
    return ends + [micro.cycles]


@pytest.mark.parametrize("cycles", [733, 2000, 4001, 65536])
def test_a_pass_paid_in_bulk_ends_each_slice_where_one_paid_at_a_time_does(cycles: int) -> None:
    source = PROGRAMS["a loop that stores into an array by its pass"]
    assert "cyc += 2" not in listing(source).split("for i_I in")[1].split("except")[0]  # paid in bulk
    assert slice_ends(source, False, cycles) == slice_ends(source, True, cycles)  # (--profile pays each point)


# Passes with ways of different prices (pyflow.pass_bound): the dearest way known, or not (characters scanned).
BOUNDED = {
    "a SI adding to two sums": PROGRAMS["a loop whose SI reads the variable's value in an arm only"],
    "SI jumping to the loop's end, ET and OU, a string compared": """\
10 TABLEAU P[900];CHAINE A,B;A←'M';S←0;C←0
20 FAIRE 60 POUR I←1 JUSQUA 900
30 P[I]←I-ENT(I/7)*7;SI P[I]=3 OU P[I]=5 ALORS ALLER EN 60
40 SI P[I]>1 ET A<'N' ALORS DEBUT S←S+I*P[I];B←'Z';ALLER EN 60 FIN
50 C←C+1;SI NON (C<20) ALORS DEBUT S←S-1;A←'Q' FIN
60 *
70 AFFICHER S,C,A,B
""",
    "characters read by SCH of a constant count, EQN and EQC": """\
10 CHAINE T,U,C;T←'LE RENARD ET LES POULES';U←'';N←0;K←0
20 FAIRE 50 POUR I←1 JUSQUA 23
30 C←SCH(T,I,2);SI SCH(C,1,1)=' ' ALORS ALLER EN 50
40 N←N+EQN(C)+LGR(C);SI EQN(T,I)>77 ALORS K←K+EQN(EQC(EQN(T,I)))
50 *
60 AFFICHER N,K,C
""",
    "a SI in a pass refunded where it leaves early": """\
10 TABLEAU T[700];S←0
20 FAIRE 40 POUR I←1 JUSQUA 700
30 SI I>350 ALORS ALLER EN 40;T[I]←I*I;S←S+T[I]/2+ABS(T[I]-9)
40 *
50 AFFICHER S
""",
}


def test_a_pass_with_a_si_of_numbers_is_given_the_room_of_its_dearest_way_and_tests_no_budget() -> None:
    code = listing(BOUNDED["a SI adding to two sums"])
    loop = code[code.rindex("_it = _rg"):].split("except BaseException")[0]
    pass_ = loop[loop.index("for i_I in"):]
    assert "if cyc >= bud" not in pass_
    assert "if cyc + 3500.0 * _len(_it) > bud" in loop  # 1990 each pass, 1510 more for the SI's way
    assert "else: cyc += 1990.0 * _len(_it)" in pass_


def test_a_pass_reading_characters_by_substrings_of_a_constant_count_tests_no_budget() -> None:
    code = listing(BOUNDED["characters read by SCH of a constant count, EQN and EQC"])
    assert "if cyc >= bud: cyc += " not in code[code.rindex("for i_I in"):].split("except BaseException")[0]


def test_a_pass_that_scans_characters_tests_the_budget_after_each_pass() -> None:
    code = listing("10 CHAINE T,C;T←'ABRACADABRA';N←0\n20 FAIRE 30 POUR I←1 JUSQUA 11\n"
                   "30 C←SCH(T,I,1);SI POS('AEIOU',1,C)>0 ALORS N←N+1\n40 AFFICHER N\n")
    pass_ = code[code.rindex("for i_I in"):].split("except BaseException")[0]
    assert "if cyc >= bud: cyc += " in pass_


@pytest.mark.parametrize("name", BOUNDED)
def test_a_pass_of_several_prices_runs_as_the_reference(name: str) -> None:
    assert_agrees(BOUNDED[name])


@pytest.mark.parametrize("cycles", [733, 2000, 4001, 9999, 65536])
@pytest.mark.parametrize("name", BOUNDED)
def test_a_pass_given_its_dearest_ways_room_ends_each_slice_where_one_testing_each_pass_does(
        name: str, cycles: int) -> None:
    assert slice_ends(BOUNDED[name], False, cycles) == slice_ends(BOUNDED[name], True, cycles)


def test_a_loop_whose_first_pass_runs_the_general_way_takes_its_int_again_after_it() -> None:
    code = listing(CUT_FIRST)
    assert "if i_I != i_I: i_I = _k if " in code and "(_NAN,)" in code


# A start computed, a limit a whole constant: the limit's test is decided when the code is written (pybounds.shadow).
FIXED_LIMITS = {
    "a triangle's inner loop": lines("5 TABLEAU T[9];FAIRE 7 POUR K←1 JUSQUA 9", "7 T[K]←K*K",
                                     "10 S←0;FAIRE 30 POUR I←1 JUSQUA 8", "20 FAIRE 30 POUR J←I+1 JUSQUA 9",
                                     "30 S←S+T[J]*I", "40 AFFICHER S,I,J"),
    "a start read, fractional, huge or past the limit": lines("5 TABLEAU T[12];FAIRE 7 POUR K←1 JUSQUA 12",
                                                              "7 T[K]←K*K", "10 LIRE A;S←0;N←0",
                                                              "20 FAIRE 30 POUR J←A JUSQUA 12",
                                                              "30 S←S+J+T[J];N←N+1", "40 AFFICHER S,N,J"),
    "stepping down to a constant": lines("5 TABLEAU T[12];FAIRE 7 POUR K←1 JUSQUA 12", "7 T[K]←K*K",
                                         "10 LIRE A;S←0", "20 FAIRE 30 POUR J←A PAS -2 JUSQUA 1", "30 S←S+T[J]",
                                         "40 AFFICHER S,J"),
}


def test_a_loop_of_a_computed_start_and_a_constant_limit_tests_only_its_start() -> None:
    code = listing(FIXED_LIMITS["a triangle's inner loop"])
    assert "(_sk, 1, 10) if -16777216.0 <= _s <= 16777216.0 and (_sk := _floor(_s)) == _s else" in code
    assert "_floor(_lim)" not in code


@pytest.mark.parametrize("typed", ["3", "2.5", "-1E20", "1E20", "13", "16777217", "-4"])
@pytest.mark.parametrize("name", sorted(FIXED_LIMITS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_loop_of_a_constant_limit_agrees_with_the_reference_whatever_its_start(name: str, typed: str,
                                                                                 profile: str) -> None:
    assert_agrees(FIXED_LIMITS[name], [typed], profile=profile)
