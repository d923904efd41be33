"""Lean procedure calls: elements by reference, depth of calls, RESULTAT after calls; exact errors and cycles."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.runtime import Status
from machine.micro import Micro
from tests.lse_harness import lines, run_lse
from tests.oracle.differential import assert_agrees

PROC = ("40 PROCEDURE &P(E)", "50 E←E+1;RETOUR")

# name: (program, its output, its error message, the cycles it spends), recorded before the call path was reworked.
CALLS = {
    "an array element passed by reference is added to in a loop": (lines(
        "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3", "20 &ADD(T[I],I);&ADD(T[I],1)",
        "30 AFFICHER T[1],' ',T[2],' ',T[3];TERMINER", "40 PROCEDURE &ADD(E,V) LOCAL V", "50 E←E+V;RETOUR"),
        '\n2  3  4 ', None, 26460),
    "an element out of range passed by reference names the caller's line": (lines(
        "10 TABLEAU T[3]", "20 &P(T[4])", "30 TERMINER", *PROC),
        '', 'INDICE HORS LIMITES T[4] EN LIGNE 20', 2290),
    "a computed index out of range passed by reference names the caller's line": (lines(
        "10 TABLEAU T[3];I←3", "20 &P(T[I+1])", "30 TERMINER", *PROC),
        '', 'INDICE HORS LIMITES T[4] EN LIGNE 20', 2880),
    "a variable index out of range passed by reference": (lines(
        "10 TABLEAU T[3];I←0", "20 &P(T[I])", "30 TERMINER", *PROC),
        '', 'INDICE HORS LIMITES T[0] EN LIGNE 20', 2730),
    "a fractional index passed by reference names the element below it": (lines(
        "10 TABLEAU T[3];I←1;X←2.5", "20 &P(T[I+0.5]);&P(T[X]);&P(T[2.9])",
        "30 AFFICHER T[1],' ',T[2];TERMINER", *PROC),
        '\n1  2 ', None, 12440),
    "a string index passed by reference": (lines(
        "10 TABLEAU T[3]", "20 &P(T['A'])", "30 TERMINER", *PROC),
        '', 'TYPES INCOMPATIBLES T EN LIGNE 20', 2290),
    "a string variable as index passed by reference": (lines(
        "10 TABLEAU T[3];CHAINE C;C←'A'", "20 &P(T[C])", "30 TERMINER", *PROC),
        '', 'TYPES INCOMPATIBLES T EN LIGNE 20', 3230),
    "an element of a number passed by reference": (lines(
        "10 X←1", "20 &P(X[1])", "30 TERMINER", *PROC),
        '', "X N'EST PAS UN TABLEAU EN LIGNE 20", 2140),
    "an element of a number by a variable index passed by reference": (lines(
        "10 X←1;I←1", "20 &P(X[I])", "30 TERMINER", *PROC),
        '', "X N'EST PAS UN TABLEAU EN LIGNE 20", 2580),
    "an element of a number by a computed index passed by reference": (lines(
        "10 X←1;I←1", "20 &P(X[I+1])", "30 TERMINER", *PROC),
        '', "X N'EST PAS UN TABLEAU EN LIGNE 20", 2730),
    "an index computed by a function is computed once when it is fractional": (lines(
        "10 TABLEAU T[3];X←0", "20 &P(T[&F(1)+0.5]);AFFICHER X,' ',T[1]", "30 TERMINER", *PROC,
        "60 PROCEDURE &F(N) LOCAL N", "70 X←X+1;RESULTAT N"),
        '\n1  1 ', None, 8310),
    "an index computed by a function is computed once when it is out of range": (lines(
        "10 TABLEAU T[3];X←0", "20 &P(T[&F(4)])", "30 TERMINER", *PROC,
        "60 PROCEDURE &F(N) LOCAL N", "70 X←X+1;RESULTAT N"),
        '', 'INDICE HORS LIMITES T[4] EN LIGNE 20', 5250),
    "an element of a number that a later TABLEAU names, passed by reference": (lines(
        "10 X←1;I←1", "20 &P(X[I])", "30 TERMINER", *PROC, "60 TABLEAU X[2]"),
        '', "X N'EST PAS UN TABLEAU EN LIGNE 20", 2580),
    "an element of a parameter that holds a number, passed by reference": (lines(
        "10 &Q(1,1)", "20 TERMINER", "30 PROCEDURE &Q(A,I) LOCAL A,I", "35 &P(A[I]);RETOUR", *PROC),
        '', "A N'EST PAS UN TABLEAU EN LIGNE 35", 3320),
    "an element of an unassigned array passed by reference": (lines(
        "10 I←1", "20 &P(T[I])", "30 TERMINER", *PROC),
        '', 'VARIABLE T NON AFFECTEE EN LIGNE 20', 2170),
    "an element with an unassigned index passed by reference": (lines(
        "10 TABLEAU T[3]", "20 &P(T[I])", "30 TERMINER", *PROC),
        '', 'VARIABLE I NON AFFECTEE EN LIGNE 20', 2320),
    "an element of a matrix passed by reference": (lines(
        "10 TABLEAU M[2,2];I←2", "20 &P(M[I,1]);&P(M[1,I])", "30 AFFICHER M[2,1]+M[1,2];TERMINER", *PROC),
        '\n2 ', None, 8810),
    "an element of a matrix out of range passed by reference": (lines(
        "10 TABLEAU M[2,2];I←2", "20 &P(M[I+1,1])", "30 TERMINER", *PROC),
        '', 'INDICE HORS LIMITES M[3,1] EN LIGNE 20', 2950),
    "a string stored into an array element by reference": (lines(
        "10 TABLEAU T[3]", "20 &P(T[2])", "30 TERMINER", "40 PROCEDURE &P(E)", "50 E←'X';RETOUR"),
        '', 'TYPES INCOMPATIBLES T EN LIGNE 50', 2700),
    "a number added to a string variable passed by reference": (lines(
        "10 CHAINE S;S←'AB'", "20 &P(S)", "30 TERMINER", *PROC),
        '', 'TYPES INCOMPATIBLES + EN LIGNE 50', 3060),
    "a number stored into a string variable passed by reference": (lines(
        "10 CHAINE S;S←'AB'", "20 &P(S)", "30 TERMINER", "40 PROCEDURE &P(E)", "50 E←1;RETOUR"),
        '', 'TYPES INCOMPATIBLES S EN LIGNE 50', 2880),
    "a string stored into a string variable passed by reference": (lines(
        "10 CHAINE S;S←'AB'", "20 &P(S);AFFICHER S", "30 TERMINER", "40 PROCEDURE &P(E)", "50 E←E!'C';RETOUR"),
        '\nABC', None, 5010),
    "a number variable passed by reference": (lines(
        "10 X←1", "20 &P(X);&P(X);AFFICHER X", "30 TERMINER", *PROC),
        '\n3 ', None, 7170),
    "an expression passed by reference": (lines(
        "10 X←1", "20 &P(X+1);AFFICHER X", "30 TERMINER", *PROC),
        '\n1 ', None, 4470),
    "a string stored into an expression passed by reference": (lines(
        "10 X←1", "20 &P(X+1)", "30 TERMINER", "40 PROCEDURE &P(E)", "50 E←'A';RETOUR"),
        '', 'TYPES INCOMPATIBLES EN LIGNE 50', 2530),
    "an overflow stored by reference names the procedure's line": (lines(
        "10 TABLEAU T[3];T[1]←1E300", "20 &P(T[1])", "30 TERMINER", "40 PROCEDURE &P(E)", "50 E←E*1E300;RETOUR"),
        '', 'DEPASSEMENT DE CAPACITE EN LIGNE 50', 3950),
    "an error on the second line of a procedure names that line": (lines(
        "10 TABLEAU T[3]", "20 &P(T[1],0)", "30 TERMINER", "40 PROCEDURE &P(E,V) LOCAL V", "50 V←V+1",
        "60 E←E+1/(V-1);RETOUR"),
        '', 'DIVISION PAR ZERO EN LIGNE 60', 5210),
    "a procedure falls through its lines to RETOUR": (lines(
        "10 TABLEAU T[3]", "20 &P(T[1],2);AFFICHER T[1]", "30 TERMINER", "40 PROCEDURE &P(E,V) LOCAL V",
        "50 V←V+1", "60 E←E+V", "70 E←E*V", "80 E←E+1", "90 E←E+1", "95 RETOUR"),
        '\n11 ', None, 7740),
    "two hundred nested calls of a lean procedure": (lines(
        "10 &P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<200 ALORS &P(N+1)",
        "50 RETOUR"),
        '\nFINI', None, 585050),
    "two hundred and one nested calls of a lean procedure": (lines(
        "10 &P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<201 ALORS &P(N+1)",
        "50 RETOUR"),
        '', "TROP D'APPELS DE PROCEDURE EMBOITES EN LIGNE 40", 445530),
    "two hundred nested calls of a lean function": (lines(
        "10 AFFICHER &F(1)", "20 TERMINER", "30 PROCEDURE &F(N) LOCAL N", "40 SI N=200 ALORS RESULTAT N",
        "50 RESULTAT &F(N+1)"),
        '\n200 ', None, 525080),
    "two hundred and one nested calls of a lean function": (lines(
        "10 AFFICHER &F(1)", "20 TERMINER", "30 PROCEDURE &F(N) LOCAL N", "40 SI N=201 ALORS RESULTAT N",
        "50 RESULTAT &F(N+1)"),
        '', "TROP D'APPELS DE PROCEDURE EMBOITES EN LIGNE 50", 525530),
    "two hundred nested calls, lean and not in turn": (lines(
        "10 &P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<200 ALORS &Q(N+1)",
        "50 RETOUR", "60 PROCEDURE &Q(N) LOCAL N,S", "70 CHAINE S;SI N<200 ALORS &P(N+1)", "80 RETOUR"),
        '\nFINI', None, 635050),
    "two hundred and one nested calls, lean and not in turn": (lines(
        "10 &P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<201 ALORS &Q(N+1)",
        "50 RETOUR", "60 PROCEDURE &Q(N) LOCAL N,S", "70 CHAINE S;SI N<201 ALORS &P(N+1)", "80 RETOUR"),
        '', "TROP D'APPELS DE PROCEDURE EMBOITES EN LIGNE 70", 495530),
    "two hundred and one nested calls, not lean first": (lines(
        "10 &Q(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<201 ALORS &Q(N+1)",
        "50 RETOUR", "60 PROCEDURE &Q(N) LOCAL N,S", "70 CHAINE S;SI N<201 ALORS &P(N+1)", "80 RETOUR"),
        '', "TROP D'APPELS DE PROCEDURE EMBOITES EN LIGNE 40", 495530),
    "a lean procedure calls one that is not, then recurses": (lines(
        "10 &P(1);&P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N",
        "40 &Q(N);SI N<199 ALORS &P(N+1)",
        "50 RETOUR", "60 PROCEDURE &Q(N) LOCAL N,S", "70 CHAINE S;RETOUR"),
        '\nFINI', None, 2261510),
    "a lean procedure calls one that is not, then recurses once too deep": (lines(
        "10 &P(1);&P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<200 ALORS &P(N+1)",
        "50 &Q(N);RETOUR", "60 PROCEDURE &Q(N) LOCAL N,S", "70 CHAINE S;RETOUR"),
        '', "TROP D'APPELS DE PROCEDURE EMBOITES EN LIGNE 50", 445380),
    "a function's RESULTAT after a call that changes a global it reads": (lines(
        "10 X←1;Y←&F(3);AFFICHER X,' ',Y;TERMINER", "20 PROCEDURE &F(N) LOCAL N", "30 X←X+1;RESULTAT &G(N)+X",
        "40 PROCEDURE &G(N) LOCAL N", "50 X←X*10;RESULTAT N"),
        '\n20  23 ', None, 8130),
    "a RETOUR after a condition's call that changes a global": (lines(
        "10 X←1;&F(3);AFFICHER X;TERMINER", "20 PROCEDURE &F(N) LOCAL N", "30 X←X+1;SI &G(N)>0 ALORS RETOUR",
        "35 AFFICHER 'NON';RETOUR", "40 PROCEDURE &G(N) LOCAL N", "50 X←X*10;RESULTAT N"),
        '\n20 ', None, 7830),
    "a function's RESULTAT in a loop after calls": (lines(
        "10 S←0;FAIRE 20 POUR I←1 JUSQUA 3", "20 S←S+&F(I)", "30 AFFICHER S,' ',X;TERMINER",
        "40 PROCEDURE &F(N) LOCAL N", "50 X←N;SI N>1 ALORS RESULTAT &F(N-1)*N+X", "60 RESULTAT 1"),
        '\n14  1 ', None, 28660),
    "a subroutine ended by RESULTAT after a call is an error": (lines(
        "10 &F(2);TERMINER", "20 PROCEDURE &F(N) LOCAL N", "30 RESULTAT &G(N)", "40 PROCEDURE &G(N) LOCAL N",
        "50 RESULTAT N"),
        '', 'RESULTAT DANS UNE PROCEDURE APPELEE COMME INSTRUCTION EN LIGNE 10', 4250),
    "a function ended by RETOUR after a call is an error": (lines(
        "10 X←&F(2);TERMINER", "20 PROCEDURE &F(N) LOCAL N", "30 &G(N);RETOUR", "40 PROCEDURE &G(N) LOCAL N",
        "50 RETOUR"),
        '', 'RETOUR SANS RESULTAT DANS UNE FONCTION EN LIGNE 10', 4570),
    "parameters compared in a lean function, each way": (lines(
        "10 AFFICHER &C(1,2),&C(2,1),&C(2,2);TERMINER", "20 PROCEDURE &C(A,B) LOCAL A,B",
        "30 R←0;SI A<B ALORS R←R+1", "40 SI A>B ALORS R←R+10", "50 SI A<=B ALORS R←R+100",
        "60 SI A>=B ALORS R←R+1000", "70 RESULTAT R"),
        '\n101 1010 1100 ', None, 19510),
    "strings compared in a lean function": (lines(
        "10 AFFICHER &C('A','B'),&C('B','A');TERMINER", "20 PROCEDURE &C(A,B) LOCAL A,B",
        "30 R←0;SI A<B ALORS R←R+1", "40 SI A>=B ALORS R←R+10", "50 RESULTAT R"),
        '\n1 10 ', None, 9500),
    "a string compared with a number in a lean function": (lines(
        "10 AFFICHER &C('A',1);TERMINER", "20 PROCEDURE &C(A,B) LOCAL A,B", "30 SI A<=B ALORS RESULTAT 1",
        "40 RESULTAT 0"),
        '', 'TYPES INCOMPATIBLES < EN LIGNE 30', 2100),
    "a string added to a number in a lean function": (lines(
        "10 AFFICHER &S(1,'A');TERMINER", "20 PROCEDURE &S(A,B) LOCAL A,B", "30 RESULTAT A+B"),
        '', 'TYPES INCOMPATIBLES + EN LIGNE 30', 2500),
    "sums of parameters nested both ways in a lean function": (lines(
        "10 AFFICHER &S(1,2,4);TERMINER", "20 PROCEDURE &S(A,B,C) LOCAL A,B,C",
        "30 SI A+(B+C)<(A+B)+C+1 ALORS RESULTAT (A+B)+(C+A)+&S2(B+C,A)", "40 RESULTAT 0",
        "50 PROCEDURE &S2(A,B) LOCAL A,B", "60 RESULTAT A+B+B"),
        '\n16 ', None, 7840),
    "an overflow in a sum of parameters": (lines(
        "10 AFFICHER &S(1E300,1E300,1E300);TERMINER", "20 PROCEDURE &S(A,B,C) LOCAL A,B,C",
        "30 RESULTAT (A+B)+C*C"),
        '', 'DEPASSEMENT DE CAPACITE EN LIGNE 30', 3270),
    "an unassigned local in a sum in a lean function": (lines(
        "10 AFFICHER &S(1);TERMINER", "20 PROCEDURE &S(A) LOCAL A,Z", "30 RESULTAT A+Z"),
        '', 'VARIABLE Z NON AFFECTEE EN LIGNE 30', 2470),
    "sums of calls nested in a lean function": (lines(
        "10 AFFICHER &S(1,2,4);TERMINER", "20 PROCEDURE &S(A,B,C) LOCAL A,B,C", "30 RESULTAT &G(A)+(&G(B)+&G(C))",
        "40 PROCEDURE &G(A) LOCAL A", "50 RESULTAT A*10"),
        '\n70 ', None, 10980),
    "a local read before a built-in stores a position into it": (lines(
        "10 AFFICHER &F(0);TERMINER", "20 PROCEDURE &F(A) LOCAL A,P", "30 P←10;RESULTAT P+CNB('12X',1,P)+A"),
        '\n22 ', None, 5480),
    "an unset array and an unset index passed by reference: the array is named": (lines(
        "10 X←0", "20 &P(T[I])", "30 TERMINER", *PROC, "60 TABLEAU T[3]"),
        '', 'VARIABLE T NON AFFECTEE EN LIGNE 20', 2170),
    "an unset array and an unset computed index passed by reference: the array is named": (lines(
        "10 X←0", "20 &P(T[I+1])", "30 TERMINER", *PROC, "60 TABLEAU T[3]"),
        '', 'VARIABLE T NON AFFECTEE EN LIGNE 20', 2320),
    "a computed index by reference beside a formatted AFFICHER": (lines(
        "10 TABLEAU T[3];I←1", "20 AFFICHER[U] 1;&P(T[I+1]);AFFICHER[U] T[2]", "30 TERMINER", *PROC),
        '1 1 ', None, 5730),
    "a lean procedure that prints a c keeps its counter": (lines(
        "10 TABLEAU T[2];&P(T[1],2);&P(T[1],3);AFFICHER T[1]", "20 TERMINER", "40 PROCEDURE &P(E,V) LOCAL V",
        "50 E←E+V;AFFICHER 'c = c';SI V>2 ALORS V←V/0", "60 RETOUR"),
        '\nc = c\nc = c', 'DIVISION PAR ZERO EN LIGNE 50', 11060),
}


@pytest.mark.parametrize(("source", "output", "error", "cycles"), CALLS.values(), ids=CALLS.keys())
def test_a_call_gives_the_recorded_output_error_and_cycles_plain_and_profiled(source, output, error, cycles):
    for profiling in (False, True):
        result = run_lse(source, profiling=profiling)
        assert (result.output, result.error, result.cycles) == (output, error, cycles)


def test_a_recursive_function_gives_up_the_machine_at_the_end_of_a_slice():
    source = lines("10 AFFICHER &FIB(16);TERMINER", "20 PROCEDURE &FIB(N) LOCAL N", "30 SI N<2 ALORS RESULTAT N",
                   "40 RESULTAT &FIB(N-1)+&FIB(N-2)")
    micro = Micro(seed=0)
    micro.load_text(source)
    assert micro.run(100_000) is Status.RUNNING
    assert 100_000 <= micro.cycles < 110_000  # the slice ends at the next call, not after the whole recursion
    while micro.run(1_000_000) is Status.RUNNING:
        pass
    assert micro.cycles == run_lse(source).cycles
    assert run_lse(source).output.split() == ["987"]


def test_a_global_changed_before_an_error_in_a_lean_procedure_keeps_its_new_value():
    source = lines("10 &P;TERMINER", "20 PROCEDURE &P", "30 X←5;Y←1/0;RETOUR")
    for profiling in (False, True):
        result = run_lse(source, profiling=profiling)
        assert (result.error, result.cycles) == ("DIVISION PAR ZERO EN LIGNE 30", 3850)
        assert result.micro.runtime.G["X"] == 5.0


@pytest.mark.parametrize("source", [program for program, *_ in CALLS.values()], ids=CALLS.keys())
def test_no_local_of_generated_code_hides_one_of_its_globals(source):
    runtime = run_lse(source).micro.runtime
    functions = list(runtime.compiled.units.values())
    assert functions
    for function in functions:
        assert not set(function.__code__.co_varnames) & set(function.__globals__)


LEAVES = {
    "a procedure that calls none, called at the deepest level allowed": lines(
        "10 &P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<199 ALORS &P(N+1)",
        "50 &F(N);RETOUR", "60 PROCEDURE &F(A) LOCAL A", "70 X←A;RETOUR"),
    "a procedure that calls none, called one level too deep": lines(
        "10 &P(1);AFFICHER 'FINI'", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 SI N<200 ALORS &P(N+1)",
        "50 &F(N);RETOUR", "60 PROCEDURE &F(A) LOCAL A", "70 X←A;RETOUR"),
    "calls that need no depth between calls that do, then recursion as deep as allowed": lines(
        "10 FAIRE 20 POUR I←1 JUSQUA 300", "20 &F(I);Y←&G(I)", "30 &P(1);AFFICHER X,Y,'FINI'", "40 TERMINER",
        "50 PROCEDURE &P(N) LOCAL N", "60 &F(N);SI N<199 ALORS &P(N+1)", "70 RETOUR",
        "80 PROCEDURE &F(A) LOCAL A", "90 X←A;RETOUR", "100 PROCEDURE &G(A) LOCAL A", "110 RESULTAT A*2"),
    "an error in a procedure that calls none": lines(
        "10 &P(3)", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 &F(N-3);RETOUR",
        "60 PROCEDURE &F(A) LOCAL A", "70 X←1/A;RETOUR"),
}


@pytest.mark.parametrize("name", sorted(LEAVES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_procedure_that_calls_none_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(LEAVES[name], [], profile=profile)


def test_a_call_gives_its_depth_as_an_argument_and_nothing_is_undone_when_it_ends() -> None:
    code = listing(LEAVES["a procedure that calls none, called at the deepest level allowed"])
    main, procedures = code.split("def p_P(")
    caller, callee = procedures.split("def p_F(")
    assert "p_P(1.0, 0)" in main  # the program calls at depth 0
    assert caller.startswith("v_N, depth):")
    assert "p_P((v_N + 1.0), depth + 1)" in caller and "p_F(v_N, depth + 1)" in caller
    for procedure in (caller, callee):
        assert "if depth >= _MAXD: _too_deep()" in procedure
        assert "depth += 1" not in procedure and "depth -= 1" not in procedure and "finally" not in procedure
    assert "nonlocal cyc, depth" not in code


def test_only_a_procedure_that_some_procedure_calls_tests_the_depth_at_its_entry() -> None:
    code = listing(LEAVES["calls that need no depth between calls that do, then recursion as deep as allowed"])
    functions = dict(part.split("(", 1) for part in code.split("def p_")[1:])
    assert "_MAXD" in functions["P"] and "_MAXD" in functions["F"]  # called by P: as deep as P goes
    assert "_MAXD" not in functions["G"]  # called by the program only: at depth 0
