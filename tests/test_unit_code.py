"""The one-function-per-unit code of plain runs behaves, and costs, exactly as the segment path of --profile."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machine.lse.runtime import Status
from machine.micro import Micro
from tests.lse_harness import lines, run_lse

# Each program is run both ways; output, status, error message and cycles must agree.
PROGRAMS = {
    "a lean function that recurses": lines(
        "10 AFFICHER &FIB(12)", "20 TERMINER",
        "30 PROCEDURE &FIB(N) LOCAL N", "40 SI N<2 ALORS RESULTAT N", "50 RESULTAT &FIB(N-1)+&FIB(N-2)"),
    "a lean procedure changes a global that the caller keeps in a local": lines(
        "10 X←1;FAIRE 20 POUR I←1 JUSQUA 3", "20 &BUMP;X←X*2", "30 AFFICHER X;TERMINER",
        "40 PROCEDURE &BUMP", "50 X←X+10;RETOUR"),
    "a global changed inside a function read after the call in the same expression": lines(
        "10 X←1;Y←&F(0)+X", "20 AFFICHER X,' ',Y;TERMINER",
        "30 PROCEDURE &F(A) LOCAL A", "40 X←100;RESULTAT A"),
    "a by-reference argument is written back": lines(
        "10 X←5;&DOUBLE(X);AFFICHER X;TERMINER", "20 PROCEDURE &DOUBLE(V)", "30 V←V*2;RETOUR"),
    "an array element by reference in a loop": lines(
        "10 TABLEAU T[5];FAIRE 20 POUR I←1 JUSQUA 5", "20 &SET(T[I],I*I)",
        "30 AFFICHER T[1]+T[2]+T[3]+T[4]+T[5];TERMINER",
        "40 PROCEDURE &SET(E,V) LOCAL V", "50 E←V;RETOUR"),
    "a local is unassigned at each call": lines(
        "10 &P;&P;TERMINER", "20 PROCEDURE &P LOCAL Z", "30 SI Z=1 ALORS AFFICHER 'VU'", "40 Z←1;RETOUR"),
    "a parameter keeps its kind": lines(
        "10 CHAINE S;S←'AB';&P(S);TERMINER", "20 PROCEDURE &P(A) LOCAL A", "30 A←3;RETOUR"),
    "RETOUR EN from a lean procedure jumps in the caller": lines(
        "10 &P", "20 AFFICHER 'NON';TERMINER", "30 AFFICHER 'OUI';TERMINER",
        "40 PROCEDURE &P", "50 RETOUR EN 30"),
    "a loop inside a procedure inside a loop": lines(
        "10 S←0;FAIRE 20 POUR I←1 JUSQUA 4", "20 S←S+&SUM(I)", "30 AFFICHER S;TERMINER",
        "40 PROCEDURE &SUM(N) LOCAL N,K,T", "50 T←0;FAIRE 60 POUR K←1 JUSQUA N", "60 T←T+K", "70 RESULTAT T"),
    "a function ended by RETOUR is an error": lines(
        "10 X←&F(1);TERMINER", "20 PROCEDURE &F(A) LOCAL A", "30 RETOUR"),
    "a subroutine ended by RESULTAT is an error": lines(
        "10 &F(1);TERMINER", "20 PROCEDURE &F(A) LOCAL A", "30 RESULTAT A"),
    "an error inside a lean procedure names its line": lines(
        "10 X←&F(0);TERMINER", "20 PROCEDURE &F(A) LOCAL A", "30 B←1", "40 RESULTAT B/A"),
    "an unassigned variable inside a procedure": lines(
        "10 X←&F(0);TERMINER", "20 PROCEDURE &F(A) LOCAL A,Q", "30 RESULTAT Q+A"),
    "too deep a recursion": lines(
        "10 X←&F(1);TERMINER", "20 PROCEDURE &F(A) LOCAL A", "30 RESULTAT &F(A+1)"),
    "a computed jump": lines(
        "10 L←40;ALLER EN L", "20 AFFICHER 'NON'", "30 TERMINER", "40 AFFICHER 'OUI';ALLER EN L-10"),
    "loops ending on one line, run zero times, and a jump out": lines(
        "10 FAIRE 30 POUR I←1 JUSQUA 3", "20 FAIRE 30 POUR J←5 JUSQUA 1", "30 S←S+1",
        "40 FAIRE 60 POUR K←1 JUSQUA 10", "50 SI K=4 ALORS ALLER EN 70", "60 *",
        "70 AFFICHER I,' ',K;TERMINER"),
    "TANT QUE with a condition": lines(
        "10 X←1;FAIRE 20 POUR I←1 TANT QUE X<100", "20 X←X*3", "30 AFFICHER X,' ',I;TERMINER"),
    "a procedure that reads input": lines(
        "10 &ASK;AFFICHER N*2;TERMINER", "20 PROCEDURE &ASK", "30 LIRE N;RETOUR"),
    "falling off the end": lines("10 X←1", "20 Y←2"),
    "a by-reference parameter that aliases a global the procedure also reads": lines(
        "10 X←1;&P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(E)", "30 E←E+1;Y←X*10;AFFICHER Y;RETOUR"),
    "a lean procedure with a by-reference parameter in a loop": lines(
        "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3", "20 &ADD(T[I],I*2)", "30 AFFICHER T[1]+T[2]+T[3];TERMINER",
        "40 PROCEDURE &ADD(E,V) LOCAL V", "50 E←E+V;RETOUR"),
    "an error in the middle of a run of statements": lines(
        "10 X←1;Y←2", "20 SI X=1 ALORS Z←3", "30 W←4;V←X/0;U←5", "40 T←6", "50 TERMINER"),
    "RETOUR EN in the middle of a run of statements": lines(
        "10 A←1;&P;B←2;C←3", "20 TERMINER", "30 AFFICHER A;TERMINER", "40 PROCEDURE &P", "50 RETOUR EN 30"),
    "TERMINER in the middle of a line": lines("10 X←1;TERMINER;X←2", "20 Y←3"),
    "an array index out of range after a jump back": lines(
        "10 TABLEAU T[3];I←0", "20 I←I+1;T[I]←I;ALLER EN 20"),
    "a jump to a loop's empty last line, then an error on the other path": lines(
        "10 TABLEAU T[4];FAIRE 40 POUR I←1 JUSQUA 9", "20 SI I<3 ALORS ALLER EN 40",
        "30 T[I]←T[I-1]+1", "40 *", "50 TERMINER"),
    "a jump to a loop's empty last line, run to the end": lines(
        "10 S←0;FAIRE 40 POUR I←1 JUSQUA 9", "20 SI I<3 ALORS ALLER EN 40",
        "30 S←S+I", "40 *", "50 AFFICHER S;TERMINER"),
    "a fractional index read in a group of assignments": lines(
        "10 TABLEAU T[3];T[1]←5;T[2]←7;X←1.5", "20 A←T[X];T[X+1]←A+T[2];B←T[X]+1",
        "30 AFFICHER A,' ',B,' ',T[2];TERMINER"),
    "a miss in the second statement of a group runs the first only once": lines(
        "10 TABLEAU T[3];T[1]←1;T[2]←10;S←0;X←2.5", "20 S←S+T[1];S←S+T[X];S←S+100",
        "30 AFFICHER S;TERMINER"),
    "an index out of range in a swap": lines(
        "10 TABLEAU T[3];I←3", "20 W←T[I];T[I]←T[I+1];T[I+1]←W", "30 TERMINER"),
    "a fractional index in a SI condition": lines(
        "10 TABLEAU T[3];T[2]←4;X←2.7", "20 SI T[X]=4 ALORS AFFICHER 'OUI' SINON AFFICHER 'NON'", "30 TERMINER"),
    "a key read before is not trusted after its variable changes": lines(
        "10 TABLEAU T[3];I←1", "20 W←T[I];I←I+0.5;T[I]←9", "30 AFFICHER T[1],' ',W;TERMINER"),
    "an overflow in a chain of a group, then an index out of range": lines(
        "10 TABLEAU T[2];A←1E200", "20 X←T[1]+A*A+T[3]", "30 TERMINER"),
    "two overflows that make NaN in a chain of a group": lines(
        "10 TABLEAU T[2];A←1E200", "20 X←T[1]+A*A-A*A", "30 AFFICHER X;TERMINER"),
    "a SI at the head of a fast loop fails on a later pass": lines(
        "10 TABLEAU T[3];FAIRE 30 POUR I←1 JUSQUA 5", "20 SI T[I]>0 ALORS ALLER EN 30", "25 S←I", "30 *",
        "40 TERMINER"),
    "a SI at the head of a fast loop, run to its end": lines(
        "10 S←0;FAIRE 30 POUR I←1 JUSQUA 50", "20 SI I>25 ALORS ALLER EN 30", "25 S←S+I", "30 *",
        "40 AFFICHER S,' ',I;TERMINER"),
    "an unset variable before the first element read of a group": lines(
        "10 X←X;X←X;X←T[X]", "20 TERMINER"),
    "an unset variable after an element read of a group": lines(
        "10 TABLEAU T[2];T[1]←4;S←0", "20 S←S+T[1];Y←Z+1;T[2]←S", "30 TERMINER"),
    "an overflow in a chain that ends by adding a constant": lines(
        "10 TABLEAU T[3];A←1E200;X←0;I←1", "20 X←T[I]+X;X←A*A+1", "30 AFFICHER X;TERMINER"),
    "a SI that jumps back fails on a later pass": lines(
        "10 TABLEAU T[3];I←0", "20 I←I+1", "30 SI T[I]=0 ALORS ALLER EN 20", "40 TERMINER"),
    "a SI that jumps back, with a fractional index, then falls through": lines(
        "10 TABLEAU T[3];T[3]←1;I←0.5", "20 I←I+1", "30 SI T[I]=0 ALORS ALLER EN 20", "40 AFFICHER I;TERMINER"),
    "fractional indices of a matrix": lines(
        "10 TABLEAU M[2,2];M[1,2]←3;M[2,1]←4;X←1.5", "20 Y←M[X,2]+M[2,X];M[X,X]←Y",
        "30 AFFICHER Y,' ',M[1,1];TERMINER"),
    "a SI's condition read with a fractional index, then a swap of what it read": lines(
        "10 TABLEAU T[3];T[1]←5;T[2]←3;J←1.5", "20 SI T[J]<T[J+1] ALORS ALLER EN 40",
        "30 W←T[J];T[J]←T[J+1];T[J+1]←W", "40 AFFICHER T[1],' ',T[2],' ',T[3];TERMINER"),
    "a value read before, read again after a store to an element of the same index": lines(
        "10 TABLEAU T[3];T[2]←1;I←2;J←2", "20 X←T[I];T[J]←7;Y←T[I]", "30 AFFICHER X,' ',Y;TERMINER"),
    "a value read before, read again after its index changes": lines(
        "10 TABLEAU T[3];T[1]←4;T[2]←6;I←1", "20 X←T[I];I←I+1;Y←T[I]", "30 AFFICHER X,' ',Y;TERMINER"),
    "a SI's condition reads a key, then its variable changes before a store": lines(
        "10 TABLEAU T[4];T[1]←1;T[2]←2;I←1", "20 SI T[I]>5 ALORS ALLER EN 40", "30 I←I+1;T[I]←9",
        "40 AFFICHER T[1],' ',T[2];TERMINER"),
    "a bubble sort pass from a fractional index": lines(
        "10 TABLEAU T[4];T[1]←4;T[2]←3;T[3]←2;T[4]←1", "20 FAIRE 40 POUR J←1.5 JUSQUA 3.5",
        "30 SI T[J]<=T[J+1] ALORS ALLER EN 40", "35 W←T[J];T[J]←T[J+1];T[J+1]←W", "40 *",
        "50 AFFICHER T[1],T[2],T[3],T[4];TERMINER"),
    "a jump out of a fast loop from its last line": lines(
        "10 TABLEAU T[5];T[3]←1", "20 FAIRE 30 POUR I←1 JUSQUA 5", "30 SI T[I]=1 ALORS ALLER EN 50",
        "40 AFFICHER 'NON';TERMINER", "50 AFFICHER I;TERMINER"),
    "a FAIRE entered at each pass of a GOTO loop and left by a jump": lines(
        "10 K←0", "20 K←K+1;SI K>4 ALORS ALLER EN 60", "30 FAIRE 40 POUR I←K JUSQUA 6",
        "40 SI I=5 ALORS ALLER EN 20", "50 AFFICHER 'X'", "60 AFFICHER K,' ',I;TERMINER"),
    "an error in a fast loop that can jump out": lines(
        "10 FAIRE 20 POUR I←1 JUSQUA 5", "20 SI 1/(I-3)>0 ALORS ALLER EN 40", "30 TERMINER", "40 TERMINER"),
    "a FAIRE entered again with another limit": lines(
        "10 K←1;S←0", "20 FAIRE 30 POUR I←1 JUSQUA K", "30 S←S+I", "40 K←K+1;SI K<5 ALORS ALLER EN 20",
        "50 AFFICHER S;TERMINER"),
    "jumps out of one loop and out of two": lines(
        "10 S←0;FAIRE 40 POUR I←1 JUSQUA 3", "20 FAIRE 30 POUR J←1 JUSQUA 3", "30 S←S+1;SI I*J=4 ALORS ALLER EN 60",
        "35 SI J=3 ALORS ALLER EN 40", "40 *", "50 TERMINER", "60 FAIRE 70 POUR K←1 JUSQUA 2",
        "70 SI K=2 ALORS ALLER EN 90", "80 TERMINER", "90 AFFICHER S,' ',I,' ',J,' ',K;FAIRE 95 POUR L←1 JUSQUA 2",
        "95 S←S+1", "99 AFFICHER S;TERMINER"),
}
TYPED = ["21"]


@pytest.mark.parametrize("source", PROGRAMS.values(), ids=PROGRAMS.keys())
def test_plain_runs_and_profiled_runs_agree_to_the_cycle(source):
    fast = run_lse(source, TYPED)
    general = run_lse(source, TYPED, profiling=True)
    assert (fast.status, fast.error, fast.output) == (general.status, general.error, general.output)
    assert fast.cycles == general.cycles > 0


def test_a_recursive_function_gives_the_right_value():
    result = run_lse(PROGRAMS["a lean function that recurses"])
    assert result.output.split() == ["144"]


def test_a_global_changed_by_a_procedure_is_seen_by_the_caller():
    assert run_lse(PROGRAMS["a lean procedure changes a global that the caller keeps in a local"]).output.split() \
        == [str(((((1 + 10) * 2 + 10) * 2) + 10) * 2)]


def test_errors_inside_procedures_name_the_procedure_line():
    assert run_lse(PROGRAMS["an error inside a lean procedure names its line"]).error == "DIVISION PAR ZERO EN LIGNE 40"
    assert run_lse(PROGRAMS["an unassigned variable inside a procedure"]).error.endswith("EN LIGNE 30")
    assert run_lse(PROGRAMS["a parameter keeps its kind"]).error == "TYPES INCOMPATIBLES A EN LIGNE 30"


def test_variables_are_in_the_table_after_an_error_and_after_the_end():
    micro = Micro()
    micro.load_text(lines("10 X←7;Y←X/0", "20 TERMINER"))
    assert micro.run_until_blocked() is Status.FAILED
    assert micro.runtime.G["X"] == 7.0
    micro.load_text(lines("10 FAIRE 20 POUR I←1 JUSQUA 3", "20 X←I*I", "30 TERMINER"))
    assert micro.run_until_blocked() is Status.ENDED
    assert (micro.runtime.G["X"], micro.runtime.G["I"]) == (9.0, 3.0)


@pytest.mark.parametrize("source, kept", [
    (lines("10 X←1;&P", "20 TERMINER", "30 PROCEDURE &P", "40 X←5;Y←1/0"), 5.0),
    (lines("10 X←1;Z←&F(2)+X", "20 TERMINER", "30 PROCEDURE &F(A) LOCAL A", "40 X←A*3;RESULTAT A/0"), 6.0),
    (lines("10 X←1;FAIRE 20 POUR I←1 JUSQUA 3", "20 &P", "30 TERMINER", "40 PROCEDURE &P",
           "50 X←X+1;Y←1/(3-X);RETOUR"), 3.0),
])
def test_a_global_changed_by_a_procedure_that_then_fails_keeps_the_procedure_s_value(source, kept):
    for profiling in (False, True):
        result = run_lse(source, [], profiling=profiling)
        assert result.error.startswith("DIVISION PAR ZERO EN LIGNE")
        assert result.micro.runtime.G["X"] == kept


@pytest.mark.parametrize("slice_cycles", [1, 333, 5_000, 10**9])
@pytest.mark.parametrize("name, shown", [("a lean function that recurses", "144"),
                                         ("a SI at the head of a fast loop, run to its end", "325")])
def test_slices_of_any_size_give_the_same_run(slice_cycles, name, shown):
    source = PROGRAMS[name]
    micro = Micro()
    micro.load_text(source)
    assert micro.run_until_blocked(slice_cycles) is Status.ENDED
    assert micro.cycles == run_lse(source).cycles
    assert micro.screen.text().split()[0] == shown


def test_a_paused_run_sees_variables_changed_by_the_monitor():
    micro = Micro()
    micro.load_text(lines("10 X←1", "20 PAUSE", "30 AFFICHER X+1;TERMINER"))
    assert micro.run_until_blocked() is Status.PAUSED
    micro.runtime.G["X"] = 41.0
    micro.runtime.resume()
    assert micro.run_until_blocked() is Status.ENDED
    assert "42" in micro.screen.text()


INTERRUPTED = {
    "a recursion": (lines("10 AFFICHER &FIB(16);TERMINER", "20 PROCEDURE &FIB(N) LOCAL N",
                          "30 SI N<2 ALORS RESULTAT N", "40 RESULTAT &FIB(N-1)+&FIB(N-2)"), "987"),
    "a long run of calls to a procedure that never loops": (
        lines("10 S←0;FAIRE 20 POUR I←1 JUSQUA 5000", "20 &ADD(I)", "30 AFFICHER S;TERMINER",
              "40 PROCEDURE &ADD(V) LOCAL V", "50 S←S+V;RETOUR"), "1.25025E+07"),
}


@pytest.mark.parametrize("source, shown", INTERRUPTED.values(), ids=INTERRUPTED.keys())
def test_an_interrupted_run_can_be_continued(source, shown):
    micro = Micro()
    micro.load_text(source)
    assert micro.run(100_000) is Status.RUNNING
    micro.interrupt()
    assert micro.run(100_000) is Status.FAILED
    assert micro.error_text().startswith("INTERROMPU EN LIGNE")
    assert micro.runtime.resume()
    assert micro.run_until_blocked() is Status.ENDED
    assert shown in micro.screen.text()
    assert micro.cycles == run_lse(source).cycles


EXACT_READS = [
    ("a fractional index read in a group of assignments", "5 6 12"),
    ("a miss in the second statement of a group runs the first only once", "111"),
    ("a fractional index in a SI condition", "OUI"),
    ("a key read before is not trusted after its variable changes", "9 0"),
    ("fractional indices of a matrix", "7 7"),
    ("a SI's condition read with a fractional index, then a swap of what it read", "3 5 0"),
    ("a value read before, read again after a store to an element of the same index", "1 7"),
    ("a value read before, read again after its index changes", "4 6"),
    ("a SI's condition reads a key, then its variable changes before a store", "1 9"),
    ("a bubble sort pass from a fractional index", "3 2 1 4"),
    ("a FAIRE entered again with another limit", "20"),
    ("jumps out of one loop and out of two", "7"),
]


@pytest.mark.parametrize("name, shown", EXACT_READS, ids=[name for name, _ in EXACT_READS])
def test_an_element_read_in_one_lookup_or_by_the_general_path_gives_the_same_value(name, shown):
    result = run_lse(PROGRAMS[name], TYPED)
    assert result.error is None
    assert result.output.strip().split("\n")[-1].split() == shown.split()


@pytest.mark.parametrize("name", ["an overflow in a chain of a group, then an index out of range",
                                  "two overflows that make NaN in a chain of a group",
                                  "an overflow in a chain that ends by adding a constant"])
def test_an_overflow_checked_once_at_the_end_of_a_chain_is_reported_as_the_first_error(name):
    assert run_lse(PROGRAMS[name], TYPED).error == "DEPASSEMENT DE CAPACITE EN LIGNE 20"


@pytest.mark.parametrize("name, error", [
    ("an unset variable before the first element read of a group", "VARIABLE X NON AFFECTEE EN LIGNE 10"),
    ("an unset variable after an element read of a group", "VARIABLE Z NON AFFECTEE EN LIGNE 20")])
def test_a_statement_of_a_group_that_fails_is_the_one_reported(name, error):
    result = run_lse(PROGRAMS[name], TYPED)
    assert result.error == error
    assert result.micro.runtime.G.get("S", 4.0) == 4.0  # the read before the failure ran once


def test_an_index_out_of_range_in_a_swap_names_the_element_and_the_line():
    result = run_lse(PROGRAMS["an index out of range in a swap"], TYPED)
    assert result.error == "INDICE HORS LIMITES T[4] EN LIGNE 20"


def test_a_string_stored_through_a_reference_to_an_array_element_is_refused():
    source = lines("10 TABLEAU T[2];&P(T[1]);TERMINER", "20 PROCEDURE &P(E)", "30 E←'A';RETOUR")
    for profiling in (False, True):
        result = run_lse(source, TYPED, profiling=profiling)
        assert result.error == "TYPES INCOMPATIBLES T EN LIGNE 30"


KEYS = ["I", "I+1", "J", "1.5", "3", "4", "K"]
TERMS = ["T[{k}]", "A*A", "X", "1", "I", "M[{k},2]", "M[2,{k}]"]
GROUP_STATEMENTS = ["X←{t}+{t}", "Y←{t}-{t}*{t}", "T[{k}]←{t}", "M[{k},{k}]←{t}", "SI {t}>{t} ALORS Z←{t}",
                    "K←{t}", "I←I+0.5", "SI {t}>{t} ALORS ALLER EN 30"]


def group_program(data) -> str:
    def fill(template: str) -> str:
        while "{" in template:
            hole = template.index("{")
            pool = KEYS if template[hole + 1] == "k" else TERMS
            template = template[:hole] + fill(data.draw(st.sampled_from(pool))) + template[hole + 3:]
        return template
    start = data.draw(st.sampled_from(["I←1;J←2", "I←1.5;J←3", "I←3;J←0.5", "J←1"]))
    body, more = (";".join(fill(data.draw(st.sampled_from(GROUP_STATEMENTS))) for _ in range(data.draw(st.integers(
        least, 5)))) for least in (1, 0))
    big = data.draw(st.sampled_from(["1E200", "2"]))
    return lines(f"10 TABLEAU T[3],M[2,2];A←{big};X←0;{start}", f"20 {body}", f"25 {more or '*'}",
                 "30 AFFICHER T[1],T[2],T[3],M[1,1],M[1,2],M[2,1],M[2,2],X", "40 TERMINER")


@settings(max_examples=int(os.environ.get("LSE_FUZZ_EXAMPLES", "150")))
@given(st.data())
def test_assignments_with_any_index_run_alike_in_one_lookup_and_by_the_general_path(data):
    source = group_program(data)
    fast = run_lse(source, [])
    general = run_lse(source, [], profiling=True)
    assert (fast.status, fast.transcript, fast.cycles) == (general.status, general.transcript, general.cycles)
