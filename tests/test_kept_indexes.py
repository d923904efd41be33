"""An element indexed by a number variable whose float a loop does not change is indexed by the int worked
out from that float once, tested again by identity (UnitCode.kept_index): every mode agrees with the
reference wherever the variable changes, however it changes.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

pytestmark = pytest.mark.usefixtures("every_loop_long")  # (their loops are short: see pybounds.short)


def around(start: str, *after: str) -> str:
    """A loop over J whose pass reads and stores X[K] and never stores K, started by `start`, then `after`."""
    return lines(f"10 TABLEAU X[6];{start};S←0", "20 J←1", "30 S←S+X[K]*J;X[K]←X[K]+J",
                 "40 J←J+1;SI J<4 ALORS ALLER EN 30", *after)


# Each program has a loop whose pass never stores K but indexes by it, entered again after K changes.
CHANGES = {
    "K changed between two runs of the loop": around("K←1", "50 K←K+1;SI K<7 ALORS ALLER EN 20",
                                                     "60 AFFICHER S,X;TERMINER"),
    "K changed, then the loop's first index tests it": lines(  # the loop's code written before any copy of it
        "10 TABLEAU X[6];K←1;S←0;ALLER EN 50", "20 S←S+X[K]*J;X[K]←X[K]+1;J←J+1;SI J<4 ALORS ALLER EN 20",
        "30 ALLER EN 60", "40 AFFICHER S,X;TERMINER", "50 J←1;ALLER EN 20", "60 K←K+1;SI K<7 ALORS ALLER EN 50",
        "70 SI K<9 ALORS ALLER EN 60", "80 ALLER EN 40"),
    "K fractional: the element of its whole part": around("K←1.5", "50 K←K+0.75;SI K<7 ALORS ALLER EN 20",
                                                          "60 AFFICHER S,X;TERMINER"),
    "K falls below 1: no element": around("K←3", "50 K←K-0.75;ALLER EN 20"),
    "K beyond the array": around("K←4", "50 K←K+1;ALLER EN 20"),
    "K unset when first read": around("J←0", "50 TERMINER"),
    "K freed, then given again": around("K←2;N←0", "50 N←N+1;LIBERER K;SI N<3 ALORS DEBUT K←N+3;ALLER EN 20 FIN",
                                        "60 AFFICHER S,X;J←X[K]"),
    "K given the same number again": around("K←2;N←0", "50 N←N+1;K←K+0;SI N<3 ALORS ALLER EN 20",
                                            "60 AFFICHER S,X;TERMINER"),
    "K changed by a procedure the loop calls": lines(
        "10 TABLEAU X[6];K←1;S←0", "20 J←1", "30 S←S+X[K]*J;X[K]←X[K]+J;SI J=2 ALORS &P",
        "40 J←J+1;SI J<4 ALORS ALLER EN 30", "50 SI K<6 ALORS ALLER EN 20", "60 AFFICHER S,X;TERMINER",
        "70 PROCEDURE &P", "80 K←K+1;RETOUR"),
    "K a procedure's own variable": lines(
        "10 TABLEAU X[6];&P(1);&P(4);AFFICHER X;TERMINER", "20 PROCEDURE &P(K) LOCAL K,J",
        "30 J←1", "40 X[K]←X[K]+J*K;J←J+1;SI J<4 ALORS ALLER EN 40", "50 K←K+1;SI K<4 ALORS ALLER EN 30",
        "60 RETOUR"),
    "K a procedure's own, its pass calling a procedure": lines(
        "10 TABLEAU M[3,4];M[1,2]←5;M[3,3]←7;S←0;&P(1);&P(3);AFFICHER S;TERMINER", "20 PROCEDURE &P(K) LOCAL K,J",
        "30 FAIRE 40 POUR J←1 JUSQUA 4", "40 S←S+M[K,J];&Q;S←S+M[K,J]*2", "50 RETOUR",
        "60 PROCEDURE &Q", "70 K←K+1;RETOUR"),
    "K a procedure's own, given by reference to a procedure its pass calls": lines(
        "10 TABLEAU M[4,4];&P(1);AFFICHER M;TERMINER", "20 PROCEDURE &P(K) LOCAL K,J",
        "30 FAIRE 40 POUR J←1 JUSQUA 3", "40 M[K,J]←M[K,J]+J;&Q(K);M[K,J]←M[K,J]+10*J", "50 RETOUR",
        "60 PROCEDURE &Q(Z)", "70 Z←Z+1;RETOUR"),
    "K read by a matrix's row": lines(
        "10 TABLEAU M[4,3];K←1;S←0", "20 J←1", "30 M[K,J]←M[K,J]+K*J;S←S+M[K,J]", "40 J←J+1;SI J<4 ALORS ALLER EN 30",
        "50 K←K+1;SI K<5 ALORS ALLER EN 20", "60 AFFICHER S,M;TERMINER"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", CHANGES)
def test_an_index_kept_from_a_float_agrees_with_the_reference_however_the_variable_changes(name, profile):
    assert_agrees(CHANGES[name], profile=profile)


def test_a_loop_that_never_stores_its_index_keeps_the_int_and_tests_the_float_by_identity():
    # (K stepped by a fraction: a whole step would make it a counter with an int of its own, tested below)
    code = listing(CHANGES["K changed, then the loop's first index tests it"].replace("K←K+1", "K←K+0.5*2"))
    first = next(line for line in code.splitlines() if "v_X[" in line)
    # (its position kept for the store after it: reuse.py's placed)
    assert "v_X[(_p0 := (e_K if v_K is f_K else (e_K := _floor(f_K) if (f_K := v_K) >= 1.0 else _NAN)))]" in first


def test_a_call_leaves_a_procedures_own_index_kept_but_not_the_programs():
    # (K given by an assignment: a parameter never stored into works its int out at the entry, see below)
    code = listing(CHANGES["K a procedure's own, its pass calling a procedure"].replace(
        "PROCEDURE &P(K) LOCAL K,J", "PROCEDURE &P(KK) LOCAL KK,K,J;K←KK"))
    assert code.count("v_K is f_K") >= 2, code  # its own K: no call can store into it (its &Q stores the program's)
    code = listing(CHANGES["K changed by a procedure the loop calls"])
    after = code.split("p_P(")[1]
    assert "v_K is f_K" not in after.split("_caught")[0], code  # the program's K, which the call may store


def test_an_index_changed_at_every_pass_is_not_kept():
    code = listing(lines("10 TABLEAU X[9];K←1;D←1", "20 X[K]←K;K←K+D;SI K<10 ALORS ALLER EN 20", "30 AFFICHER X"))
    assert "e_K" not in code and "_floor(v_K)" in code


def test_an_index_stepped_by_a_whole_constant_is_a_counter_with_an_int_of_its_own():
    code = listing(lines("10 TABLEAU X[9];K←1", "20 X[K]←K;K←K+1;SI K<10 ALORS ALLER EN 20", "30 AFFICHER X"))
    assert "e_K" not in code and "v_X[i_K if i_K > 0 else None]" in code and "i_K += 1" in code


# fact's digit loop, J freed at the end, so no counted loop (no int of its own): its pass, a Python `while`, reads
# D[J] twice and its FAIRE steps J at the pass's end
STEPPED = lines("10 TABLEAU D[9];C←7;L←5", "20 FAIRE 30 POUR J←1 JUSQUA L", "25 Q←D[J]*2+C;C←ENT(Q/10)",
                "30 D[J]←Q-C*10", "35 FAIRE 36 POUR J←J TANT QUE C>0", "36 C←C-1", "40 AFFICHER D,C;LIBERER J")


def test_a_faire_variable_is_stepped_at_every_pass_so_its_first_index_in_the_pass_is_worked_out():
    code = listing(STEPPED)
    first, second = [line.strip() for line in code.splitlines() if "v_D[" in line][:2]
    assert first.startswith("v_Q = ") and "v_J is f_J" not in first, code  # a new float each pass: no test
    assert second.startswith("v_D[_p0] = "), code  # the same element stored: the read's position kept (reuse.py)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_the_stepped_variables_loop_agrees_with_the_reference(profile: str) -> None:
    assert_agrees(STEPPED, profile=profile)


def offset(start: str, index: str, *after: str) -> str:
    """A counted loop over I copying W[I] to A[index], G set by `start` and never stored in the loop."""
    return lines("10 TABLEAU A[9],W[4];FAIRE 15 POUR I←1 JUSQUA 4", "15 W[I]←I*10", f"20 {start}",
                 "30 FAIRE 40 POUR I←1 JUSQUA 4", f"40 A[{index}]←W[I]", "50 AFFICHER A", *after)


# An index V + I - c in a counted loop's pass, V never stored there: V's floor taken before the `for`
# (pyindex.floored), the index written in ints.
OFFSETS = {
    "a whole offset": offset("G←3", "G+I-1"),
    "an offset on the right of the loop's variable": offset("G←2", "I+G"),
    "a fractional offset: the whole part of the sum": offset("G←2.75", "G+I-1"),
    "a negative fractional offset": offset("G←-0.5", "G+I+1"),
    "an offset that puts the first index below 1": offset("G←-1", "G+I"),
    "an offset that puts the last index past the array": offset("G←7", "G+I-1"),
    "a huge offset": offset("G←1E300", "G+I"),
    "an offset never set": offset("H←1", "G+I"),
    "the loop's variable subtracted from an offset": offset("G←6.5", "G-I+1"),
    "an offset subtracted: not floored": offset("G←1.5", "10-G+I-4"),
    "an offset twice: not floored": offset("G←1.5", "G+G+I-1"),
    "an offset doubled: not floored": offset("G←1.5", "2*G+I-1"),
    "an offset stored through a reference in the pass": lines(
        "10 TABLEAU A[9];G←2;&P(G)", "20 AFFICHER A;TERMINER", "30 PROCEDURE &P(E) LOCAL I",
        "40 FAIRE 50 POUR I←1 JUSQUA 4", "50 A[G+I]←I;E←E+1", "60 RETOUR"),
    "an offset of a procedure, called with fractions": lines(
        "10 TABLEAU A[12];&P(A,1);&P(A,3.5);&P(A,0.25);AFFICHER A;TERMINER", "20 PROCEDURE &P(T,G) LOCAL G,I",
        "30 FAIRE 40 POUR I←1 JUSQUA 3", "40 T[G+I-1]←T[G+I-1]+I", "50 RETOUR"),
}


@pytest.mark.parametrize("name", sorted(OFFSETS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_an_offset_index_in_a_counted_loop_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(OFFSETS[name], profile=profile)


@pytest.mark.parametrize(("name", "floored"), [
    ("a whole offset", True), ("an offset on the right of the loop's variable", True),
    ("the loop's variable subtracted from an offset", True),
    ("an offset subtracted: not floored", False), ("an offset twice: not floored", False),
    ("an offset doubled: not floored", False), ("an offset stored through a reference in the pass", False),
])
def test_an_offset_added_once_is_floored_before_the_loop_and_nothing_else_is(name: str, floored: bool) -> None:
    assert ("= (_floor(v_G) if v_G % 1.0 == 0.0 else None)" in listing(OFFSETS[name])) is floored


ENTRY_INTS = {
    "a parameter that indexes three elements, whole, fractional, below 1 and past the end": (
        "10 TABLEAU A[5],B[5];FAIRE 20 POUR I←1 JUSQUA 5\n20 A[I]←I;B[I]←10*I\n"
        "30 FAIRE 35 POUR J←1 JUSQUA 3;AFFICHER &F(J+0.7),&F(5)\n35 *\n40 AFFICHER &F(0.5)\n50 TERMINER\n"
        "60 PROCEDURE &F(K) LOCAL K\n70 RESULTAT A[K]+B[K]*A[K]\n", "10 TABLEAU A[5],B[5]"),
    "a parameter handed on by value, to the procedure itself and to another that changes its own": (
        "10 TABLEAU A[5],B[5];FAIRE 20 POUR I←1 JUSQUA 5\n20 A[I]←I;B[I]←10*I\n30 AFFICHER &F(4,3),&F(2.5,1)\n"
        "40 TERMINER\n60 PROCEDURE &F(K,N) LOCAL K,N\n70 SI N=0 ALORS RESULTAT A[K]\n"
        "80 RESULTAT B[K]+&F(K,N-1)+&G(K)*A[K]\n90 PROCEDURE &G(J) LOCAL J\n100 J←J+1;RESULTAT J\n", None),
    "one that the procedure changes": (
        "10 TABLEAU A[5],B[5];FAIRE 20 POUR I←1 JUSQUA 5\n20 A[I]←I;B[I]←10*I\n30 AFFICHER &F(2)\n40 TERMINER\n"
        "60 PROCEDURE &F(K) LOCAL K\n70 X←A[K];K←K+1;RESULTAT X+B[K]\n", None),
    "one handed to another procedure": (
        "10 TABLEAU A[5],B[5];FAIRE 20 POUR I←1 JUSQUA 5\n20 A[I]←I;B[I]←10*I\n30 AFFICHER &F(2)\n40 TERMINER\n"
        "60 PROCEDURE &F(K) LOCAL K\n70 &G(K);RESULTAT A[K]+B[K]\n80 PROCEDURE &G(J)\n90 J←J+1;RETOUR\n", None),
    "one that indexes once": (
        "10 TABLEAU A[5];A[2]←7;AFFICHER &F(2)\n40 TERMINER\n60 PROCEDURE &F(K) LOCAL K\n70 RESULTAT A[K]\n", None),
}


@pytest.mark.parametrize("name", sorted(ENTRY_INTS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_where_a_parameter_indexes(name: str, profile: str) -> None:
    assert_agrees(ENTRY_INTS[name][0], [], profile=profile)


@pytest.mark.parametrize("name", sorted(ENTRY_INTS))
def test_a_parameter_the_procedure_never_changes_works_out_its_int_once_at_the_entry(name: str) -> None:
    source, _ = ENTRY_INTS[name]
    code = listing(source)
    once = "e_K = _floor(v_K) if v_K >= 1.0 else _NAN" in code
    assert once == name.startswith("a parameter"), code
    if once:
        assert "v_A[e_K]" in code and "v_B[e_K]" in code and "_floor(v_K)" not in code.replace(
            "e_K = _floor(v_K)", "")


def test_no_parameter_works_out_its_int_at_the_entry_where_a_pause_lets_the_monitor_set_it() -> None:
    source = ENTRY_INTS["a parameter that indexes three elements, whole, fractional, below 1 and past the end"][0]
    assert "e_K = " not in listing(source.replace("70 RESULTAT", "65 PAUSE\n70 RESULTAT"))


# queens_abs's test: X[J] read twice in the pass, the second read taking the first's value (reuse.py)
# (stepped by D: a whole constant step would make J and K counters with ints of their own, analyses.py)
TAKEN = lines("10 TABLEAU X[8];N←8;S←0;K←2;D←1", "20 X[K]←K*3-N;J←1", "30 SI X[J]=X[K] ALORS ALLER EN 60",
              "40 SI ABS(X[J]-X[K])=K-J ALORS ALLER EN 60", "50 J←J+D;SI J<K ALORS ALLER EN 30",
              "60 S←S+J;K←K+D;SI K<=N ALORS ALLER EN 20", "70 AFFICHER S,X")

# a merge: I, J and K each change between two indexes by them, so no index reads a kept int back
MERGED = lines("10 TABLEAU A[8],W[8];FAIRE 20 POUR I←1 JUSQUA 8", "20 A[I]←(I*5)-ENT(I*5/8)*8",
               "30 I←1;J←5;K←0;D←1", "40 SI I>4 OU J>8 ALORS ALLER EN 70",
               "50 K←K+D;SI A[J]<A[I] ALORS DEBUT W[K]←A[J];J←J+D FIN SINON DEBUT W[K]←A[I];I←I+D FIN",
               "60 ALLER EN 40", "70 AFFICHER K,W")


def test_an_element_read_again_from_its_first_read_does_not_count_as_a_second_index():
    code = listing(TAKEN)
    assert "e_J" not in code and "f_J" not in code, code  # ABS(X[J]-X[K]) takes X[J]: one index by J
    assert "v_K is f_K" in code, code  # K indexes twice and the pass never stores it: kept


def test_a_unit_whose_kept_ints_no_index_reads_back_is_written_without_them():
    code = listing(MERGED)
    assert "f_I" not in code and "f_J" not in code and "f_K" not in code, code
    assert "_floor(v_K)" in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("program", [TAKEN, MERGED], ids=["taken", "merged"])
def test_the_programs_written_without_kept_ints_agree_with_the_reference(program: str, profile: str) -> None:
    assert_agrees(program, profile=profile)


def taken(value: str) -> str:
    """A FAIRE variable I given an element's value (J[1] is `value`), then indexing by it, stepped, again."""
    return lines("10 TABLEAU J[6],A[9];FAIRE 15 POUR I←1 JUSQUA 9", "15 A[I]←I*I", "20 FAIRE 25 POUR I←1 JUSQUA 6",
                 f"25 J[I]←7-I;J[1]←{value}", "30 S←0;FAIRE 40 POUR K←1 JUSQUA 6;I←K",
                 "35 I←J[I];S←S+A[I+1]*I;I←I+1;S←S+A[I]", "40 *", "50 AFFICHER S,I;TERMINER")


# What an element gives a FAIRE variable that indexes next (a Brainfuck interpreter's I←J[I]), its int taken at
# the store: whole, not whole, below 1, huge, whole past 2^24
TAKEN_VALUES = {"whole": "3", "a fraction": "2.5", "below 1": "0.5", "zero": "0", "negative": "-2",
                "a negative fraction": "-0.5", "huge": "1E300", "whole past 2^24": "16777217"}


@pytest.mark.parametrize("name", sorted(TAKEN_VALUES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_faire_variable_given_an_element_then_indexing_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(taken(TAKEN_VALUES[name]), profile=profile)


def test_a_faire_variable_given_an_element_takes_its_int_at_the_store_and_indexes_by_it() -> None:
    code = listing(taken("3"))
    store = code.split("v_I = v_J[")[1].split("# 40")[0]
    # (NaN below the FAIRE's least start, 1: an index by it then needs no test from below)
    assert "i_I = _k if 1.0 <= v_I <= 16777216.0 and (_k := _floor(v_I)) == v_I else _NAN" in store, code
    after = store.split("else _NAN\n", 1)[1]
    assert "i_I = _k if (_k := i_I + 1) <= 16777216 else _NAN" in after, code  # (within 2^24: products in ints)
    assert "v_A[i_I]" in after and "_floor(v_I)" not in after, code


def test_a_faire_variable_given_an_element_that_no_index_follows_keeps_no_int() -> None:
    code = listing(taken("3").replace("I←J[I];S←S+A[I+1]*I", "I←J[I];S←S+I;I←K"))
    assert "i_I = _k" not in code.split("v_I = v_J[")[1], code  # (the int only paid for: NaN, as before)
