"""A procedure's array given by reference is read by its fast paths from a local (h_NAME), taken at its entry,
after each slice and after each statement that may make the name another array, which reads it itself
(analyses.settled_arrays, pygen)."""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.lse import analyses
from machine.lse.ir import lower
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

READ = "h_A = c_A.get(k_A) if _type(c_A) is _Vars else None"  # what the reference names, read anew

HEAP = (
    "10 LIRE N\n20 TABLEAU T[N]\n30 X←1\n40 FAIRE 50 POUR I←1 JUSQUA N\n50 X←X*137+187;X←X-ENT(X/10007)*10007;T[I]←X\n"
    "60 FAIRE 60 POUR I←ENT(N/2) PAS -1 JUSQUA 1;&TAMISER(T,I,N)\n"
    "70 FAIRE 80 POUR M←N PAS -1 JUSQUA 2\n80 V←T[1];T[1]←T[M];T[M]←V;&TAMISER(T,1,M-1)\n"
    "90 E←0;FAIRE 100 POUR I←2 JUSQUA N\n100 SI T[I-1]>T[I] ALORS E←E+1\n110 AFFICHER E,T[1],T[N]\n120 TERMINER\n"
    "200 PROCEDURE &TAMISER(A,I,N) LOCAL I,N,C,V\n210 V←A[I]\n220 C←2*I;SI C>N ALORS ALLER EN 260\n"
    "230 SI C<N ALORS SI A[C+1]>A[C] ALORS C←C+1\n240 SI A[C]<=V ALORS ALLER EN 260\n"
    "250 A[I]←A[C];I←C;ALLER EN 220\n260 A[I]←V;RETOUR\n")

SUM = "300 PROCEDURE &S(A,N) LOCAL N,K,T\n310 T←0;K←1\n320 T←T+A[K];K←K+1;SI K<=N ALORS ALLER EN 320\n330 RESULTAT T\n"

LOOP = "10 TABLEAU B[3]\n20 FAIRE 30 POUR R←1 JUSQUA 3\n"  # a procedure called once is written short, without h_

PROGRAMS = {
    "a heap sort, its sift given the array by reference": (HEAP, ["40"]),
    "an array summed by a loop of jumps, long enough to cross many slices": (
        "10 TABLEAU B[300]\n20 FAIRE 20 POUR I←1 JUSQUA 300;B[I]←I\n30 AFFICHER &S(B,300)\n40 TERMINER\n" + SUM, []),
    "a name that is no array yet": "10 AFFICHER &S(B,3)\n20 TERMINER\n" + SUM,
    "a number given where the array is read": "10 B←4\n20 AFFICHER &S(B,3)\n30 TERMINER\n" + SUM,
    "an element given where the array is read": (
        "10 TABLEAU B[3]\n20 AFFICHER &S(B[2],3)\n30 TERMINER\n" + SUM),
    "a matrix given where a vector is read": (
        "10 TABLEAU B[2,2]\n20 AFFICHER &S(B,3)\n30 TERMINER\n" + SUM),
    "an index past the end": "10 TABLEAU B[3]\n20 AFFICHER &S(B,4)\n30 TERMINER\n" + SUM,
    "one array given under two names, stored through each": (
        "10 TABLEAU B[3]\n20 &P(B,B)\n30 AFFICHER B[1],B[2]\n40 TERMINER\n"
        "50 PROCEDURE &P(A,C)\n60 A[1]←5;C[1]←C[1]+1;A[2]←C[1]*A[1];RETOUR\n"),
    "a callee that declares again the array its caller reads after the call": (
        LOOP + "25 B[1]←7*R;&P(B)\n30 AFFICHER B[1],B[2]\n40 TERMINER\n"
        "50 PROCEDURE &P(A)\n60 X←A[1];&Q;Y←A[1];A[2]←X+Y;RETOUR\n"
        "70 PROCEDURE &Q\n80 LIBERER B;TABLEAU B[2];B[1]←40;RETOUR\n"),
    "a function that declares the array again between two reads of one statement": (
        LOOP + "25 B[1]←7*R;&P(B)\n30 AFFICHER B[1],X\n40 TERMINER\n"
        "50 PROCEDURE &P(A)\n60 X←A[1]+&F+A[1]*10;RETOUR\n"
        "70 PROCEDURE &F\n80 LIBERER B;TABLEAU B[2];B[1]←40;RESULTAT 0\n"),
    "a callee that declares the array again and comes back by RETOUR EN": (
        LOOP + "25 B[1]←7*R;&P(B)\n30 AFFICHER B[1],X\n40 TERMINER\n"
        "50 PROCEDURE &P(A)\n60 X←A[1];&Q\n70 X←X+A[1];RETOUR\n"
        "80 PROCEDURE &Q\n90 LIBERER B;TABLEAU B[2];B[1]←40;RETOUR EN 70\n"),
    "a recursive permutation, the array given on at each level": (
        "10 TABLEAU P[5]\n20 FAIRE 20 POUR I←1 JUSQUA 5;P[I]←I\n30 S←0;&PERM(P,1,5)\n40 AFFICHER S,P[1],P[5]\n"
        "50 TERMINER\n100 PROCEDURE &PERM(A,K,N) LOCAL K,N,I,T\n110 SI K<N ALORS ALLER EN 130\n"
        "120 S←S+A[1]*10+A[N];RETOUR\n130 I←K\n140 T←A[K];A[K]←A[I];A[I]←T;&PERM(A,K+1,N)\n"
        "150 T←A[K];A[K]←A[I];A[I]←T;I←I+1;SI I<=N ALORS ALLER EN 140\n160 RETOUR\n"),
    "a procedure that declares again, by its own name, the array it is given": (
        LOOP + "25 B[1]←7*R;&P(B)\n30 AFFICHER B[1],X,Y\n40 TERMINER\n"
        "50 PROCEDURE &P(A)\n60 X←A[1];LIBERER B;TABLEAU B[2];B[1]←X+1;Y←A[1];RETOUR\n"),
}


def program(item: str | tuple[str, list[str]]) -> tuple[str, list[str]]:
    return item if type(item) is tuple else (item, [])


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_an_array_given_by_reference(name: str, profile: str) -> None:
    source, inputs = program(PROGRAMS[name])
    assert_agrees(source, inputs, profile=profile)


def settled(source: str, procedure: str) -> set[str]:
    tree = parse(source)
    shape, ir = layout(tree), lower(tree)
    return analyses.settled_arrays(ir, shape.units[procedure], analyses.reachable(ir, [ir.proc_entry[procedure]]))


P = "10 TERMINER\n20 PROCEDURE &P(A)\n"
F = "50 PROCEDURE &F\n60 RESULTAT 1\n"
CASES = [
    ("the heap's sift, which only reads and stores elements", HEAP, "&TAMISER", {"A"}),
    ("a procedure that calls another (read anew after the call)", P + "30 X←A[1];&Q\n40 RETOUR\n"
     "50 PROCEDURE &Q\n60 RETOUR\n", "&P", {"A"}),
    ("one that calls a function in an assignment (written reading it anew)", P + "30 X←A[1]+&F+A[2]\n40 RETOUR\n" + F,
     "&P", {"A"}),
    ("one that prints, reads in, pauses, declares", P + "30 AFFICHER A[1];LIRE X;PAUSE;TABLEAU W[2];Y←A[X]\n"
     "40 RETOUR\n", "&P", {"A"}),
    ("one whose SI's condition calls a function", P + "30 SI &F>0 ALORS Y←A[1]\n40 RETOUR\n" + F, "&P", set()),
    ("one whose RESULTAT calls a function", P + "30 RESULTAT A[1]+&F\n" + F, "&P", set()),
    ("one whose FAIRE's limit calls a function", P + "30 FAIRE 30 POUR I←1 JUSQUA &F;Y←A[I]\n40 RETOUR\n" + F,
     "&P", set()),
    ("one whose jump is computed by a function", P + "30 Y←A[1];ALLER EN &F*30\n40 RETOUR\n" + F, "&P", set()),
    ("one that stores into its parameter whole", P + "30 Y←A[1];A←2\n40 RETOUR\n", "&P", set()),
    ("one that reads into its parameter", P + "30 Y←A[1];LIRE A\n40 RETOUR\n", "&P", set()),
    ("a parameter by value", "10 TERMINER\n20 PROCEDURE &P(A) LOCAL A\n30 Y←A[1]\n40 RETOUR\n", "&P", set()),
    ("a parameter by reference never indexed", P + "30 Y←A\n40 RETOUR\n", "&P", set()),
]


@pytest.mark.parametrize(("case", "source", "procedure", "expected"), CASES, ids=[case[0] for case in CASES])
def test_only_a_procedure_that_cannot_change_what_its_reference_names_settles_it(
        case: str, source: str, procedure: str, expected: set[str]) -> None:
    assert settled(source, procedure) == expected


def test_the_sift_reads_its_array_from_a_local_taken_at_its_entry_and_after_each_slice() -> None:
    code = listing(HEAP)
    sift = code[code.index("def p_TAMISER("):]
    assert sift.splitlines()[2:4] == ["        c_A, k_A = r_A", "        " + READ]
    assert "h_A[" in sift and sift.count("M.slice_end(") == sift.count("); " + READ)
    assert "_put(c_A[k_A]," in sift  # the general way reads it anew


def test_a_recursive_procedure_that_only_swaps_elements_keeps_its_array_across_its_calls() -> None:
    code = listing(PROGRAMS["a recursive permutation, the array given on at each level"])
    lines = [line.strip() for line in code[code.index("def p_PERM("):].splitlines()]
    calls = [at for at, line in enumerate(lines) if line.startswith("p_PERM(")]
    assert calls and not any(lines[at + 1] == READ for at in calls)  # (its calls change no name: test_still_calls)
    # written without the dispatch (pystructure), nothing comes back in after an error: RETOUR EN, which
    # would, is not among its ways
    assert "_caught(e, _TABLE_p_PERM, None)" in lines and "pc = _caught(e, _TABLE_p_PERM, lp)" not in lines


def test_a_procedure_that_a_retour_en_comes_back_into_reads_its_array_anew_after_it() -> None:
    code = listing(P + "30 &Q;Y←A[1]\n40 RETOUR\n50 Y←A[2];RETOUR\n60 PROCEDURE &Q\n70 RETOUR EN 50\n")
    lines = [line.strip() for line in code[code.index("def p_P("):code.index("def p_Q(")].splitlines()]
    assert lines[lines.index("pc = _caught(e, _TABLE_p_P, lp)") + 1] == READ


def test_an_array_declared_again_while_the_run_is_stopped_is_the_one_the_procedure_reads_when_it_goes_on(
        tmp_path) -> None:
    session = Session(Disk(tmp_path))
    session.type("10 TABLEAU T[3]", "20 T[1]←1", "30 &P(T)", "40 TERMINER", "50 PROCEDURE &P(A)",
                 "60 X←A[1];ALLER EN 60")
    for _ in range(2):  # the first time the program runs; the second, it goes on
        session.monitor.submit("EX" if _ == 0 else "CO")
        session.monitor.tick(100_000)
        session.monitor.interrupt()
        session.monitor.tick(100_000)
        assert "INTERROMPU EN LIGNE 60" in "".join(session.chunks[-3:])
        if _ == 0:
            assert session.type("? X") == "\n1 \nPRET\n"
            session.type("LIBERER T", "TABLEAU T[3]", "T[1]←42")
    assert session.type("? X") == "\n42 \nPRET\n"
