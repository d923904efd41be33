"""CHAINE variables kept in Python locals by the unit code, and jumps that test the innermost loop inline.

Each program runs plain (the unit code) and profiled (the segment path): output, status,
error message and cycles must agree, and the error is the one the table names.
"""

from __future__ import annotations

import pytest

from machine.errors import LseError
from machine.lse.runtime import Status
from machine.lse.strops import make_own_store
from machine.lse.values import Memory, Vars, cells_of
from machine.micro import Micro
from tests.lse_harness import lines, run_lse

FULL = 16384 - 10  # an array that leaves 10 cells of micro40's memory for strings

# name: (program, typed lines, the error it ends with, or None and what it prints)
PROGRAMS = {
    "a number stored into a CHAINE is refused": (
        lines("10 CHAINE S;S←'AB';S←3", "20 TERMINER"), (), "TYPES INCOMPATIBLES S EN LIGNE 10"),
    "a number from a function stored into a CHAINE is refused": (
        lines("10 CHAINE S;S←'AB';S←&F(1)", "20 TERMINER", "30 PROCEDURE &F(A) LOCAL A", "40 RESULTAT A"),
        (), "TYPES INCOMPATIBLES S EN LIGNE 10"),
    "a string from a function is stored into a CHAINE": (
        lines("10 CHAINE S;S←'AB';S←&F('XYZ');AFFICHER S,LGR(S)", "20 TERMINER",
              "30 PROCEDURE &F(A) LOCAL A", "40 RESULTAT A"), (), None),
    "a string stored before its CHAINE is refused": (
        lines("10 S←'AB';CHAINE S", "20 TERMINER"), (), "TYPES INCOMPATIBLES S EN LIGNE 10"),
    "a number stored before its CHAINE makes the CHAINE fail": (
        lines("10 S←3;AFFICHER S;CHAINE S", "20 TERMINER"), (), "S DEJA DECLAREE AUTREMENT EN LIGNE 10"),
    "a string longer than the memory left is refused": (
        lines(f"10 TABLEAU A[{FULL}];CHAINE S;S←'ABCDEFGH';S←S!'IJ';AFFICHER S", "20 S←S!'K'", "30 TERMINER"),
        (), "MEMOIRE PLEINE CHAINE S EN LIGNE 20"),
    "a shorter string gives memory back to another CHAINE": (
        lines(f"10 TABLEAU A[{FULL}];CHAINE S,T;S←'ABCDEFGHIJ';S←'AB'", "20 T←'CDEFGHIJ';AFFICHER S!T",
              "30 T←T!'K'", "40 TERMINER"), (), "MEMOIRE PLEINE CHAINE T EN LIGNE 30"),
    "a string too long for any CHAINE": (
        lines("10 CHAINE S;S←'X'", "20 S←S!S;ALLER EN 20"), (), "MEMOIRE PLEINE CHAINE DE 4096 CARACTERES"),
    "an unset CHAINE read": (
        lines("10 CHAINE S,T;T←'A'", "20 T←T!S", "30 TERMINER"), (), "VARIABLE S NON AFFECTEE EN LIGNE 20"),
    "an unset CHAINE read by a built-in in a loop": (
        lines("10 CHAINE S,W;S←'1,2,'", "20 FAIRE 40 POUR I←1 JUSQUA 3", "30 SI I=3 ALORS W←SCH(Z,1,',')",
              "40 W←SCH(S,I,',')", "50 TERMINER"), (), "VARIABLE Z NON AFFECTEE EN LIGNE 30"),
    "POS with a start of zero": (
        lines("10 CHAINE S,T;S←'ABC';T←'B'", "20 P←POS(S,0,T)", "30 TERMINER"), (),
        "ARGUMENT INVALIDE POUR POS EN LIGNE 20"),
    "POS of a number": (
        lines("10 CHAINE S,T;S←'ABC';T←'B'", "20 P←POS(3,1,T)", "30 TERMINER"), (),
        "TYPES INCOMPATIBLES POS EN LIGNE 20"),
    "SCH from a fractional start": (
        lines("10 CHAINE S,W;S←'ABC'", "20 W←SCH(S,1.5,'B')", "30 TERMINER"), (),
        "ARGUMENT INVALIDE POUR SCH EN LIGNE 20"),
    "SCH with a negative length": (
        lines("10 CHAINE S,W;S←'ABC'", "20 W←SCH(S,1,-1)", "30 TERMINER"), (),
        "ARGUMENT INVALIDE POUR SCH EN LIGNE 20"),
    "a CHAINE given as the position output of SCH": (
        lines("10 CHAINE S,W,Q;S←'AB,C';Q←'X'", "20 W←SCH(S,1,',',Q)", "30 TERMINER"), (),
        "TYPES INCOMPATIBLES Q EN LIGNE 20"),
    "a CHAINE as a FAIRE variable": (
        lines("10 CHAINE S,K;S←'AB'", "20 FAIRE 30 POUR K←1 JUSQUA 2", "30 S←S!'C'", "40 TERMINER"), (),
        "TYPES INCOMPATIBLES K EN LIGNE 20"),
    "LIBERER a CHAINE, then a number in it": (
        lines("10 CHAINE S;S←'AB';LIBERER S;S←3;AFFICHER S", "20 TERMINER"), (), None),
    "LIRE into a CHAINE kept in a local": (
        lines("10 CHAINE S;LIRE S;S←S!'!';AFFICHER S", "20 TERMINER"), ("BONJOUR",), None),
    "a procedure changes a CHAINE that the caller keeps in a local": (
        lines("10 CHAINE S;S←'A';FAIRE 20 POUR I←1 JUSQUA 3", "20 &P;S←S!'-'", "30 AFFICHER S;TERMINER",
              "40 PROCEDURE &P", "50 S←S!'B';RETOUR"), (), None),
    "a CHAINE passed by reference": (
        lines("10 CHAINE S;S←'A';&P(S);AFFICHER S;&Q(S)", "20 TERMINER",
              "30 PROCEDURE &P(E)", "40 E←E!'XY';RETOUR", "50 PROCEDURE &Q(E)", "60 E←1;RETOUR"),
        (), "TYPES INCOMPATIBLES S EN LIGNE 60"),
    "a procedure's own CHAINE": (
        lines("10 &P;&P;TERMINER", "20 PROCEDURE &P LOCAL S", "30 CHAINE S;S←'AB';S←S!S;AFFICHER S;RETOUR"), (), None),
    "a jump inside a loop back to the loop's line, the search of strings.lse": (
        lines("10 CHAINE S,T,W;S←'1,21,13,1,';N←0;L←0", "20 FAIRE 60 POUR J←1 JUSQUA 3", "30 T←CCA(J);P←1",
              "40 P←POS(S,P,T);SI P=0 ALORS ALLER EN 60", "50 W←SCH(S,P,',');N←N+1;L←L+LGR(W);P←P+1;ALLER EN 40",
              "60 *", "70 AFFICHER N,' ',L,' ',W;TERMINER"), (), None),
    "a jump out of an inner loop into its outer loop": (
        lines("10 N←0;FAIRE 50 POUR I←1 JUSQUA 3", "20 FAIRE 40 POUR J←1 JUSQUA 3", "30 SI J=2 ALORS ALLER EN 45",
              "40 N←N+1", "45 N←N+10", "50 *", "60 AFFICHER N,' ',I,' ',J;TERMINER"), (), None),
    "a jump out of two loops from a jump-back block, then a loop": (
        lines("10 K←0;FAIRE 50 POUR I←1 JUSQUA 3", "20 FAIRE 40 POUR J←1 JUSQUA 3",
              "30 K←K+1;SI K<20 ALORS ALLER EN 30", "35 ALLER EN 60", "40 *", "50 *",
              "60 FAIRE 70 POUR M←1 JUSQUA 2", "70 AFFICHER K,' ',M", "80 TERMINER"), (), None),
}


@pytest.mark.parametrize(("source", "typed", "error"), PROGRAMS.values(), ids=PROGRAMS.keys())
def test_plain_and_profiled_runs_agree_and_fail_with_the_error_named(source, typed, error):
    fast = run_lse(source, typed)
    general = run_lse(source, typed, profiling=True)
    assert (fast.status, fast.error, fast.output) == (general.status, general.error, general.output)
    assert fast.cycles == general.cycles > 0
    if error is None:
        assert fast.status is Status.ENDED
    else:
        assert fast.status is Status.FAILED and error in fast.error


@pytest.mark.parametrize(("name", "shown"), [
    ("a string from a function is stored into a CHAINE", "XYZ3"),
    ("LIBERER a CHAINE, then a number in it", "3"),
    ("LIRE into a CHAINE kept in a local", "BONJOUR!"),
    ("a procedure changes a CHAINE that the caller keeps in a local", "AB-B-B-"),
    ("a procedure's own CHAINE", "ABAB\nABAB"),
    ("a shorter string gives memory back to another CHAINE", "ABCDEFGHIJ"),
    ("a CHAINE passed by reference", "AXY"),
    ("a jump inside a loop back to the loop's line, the search of strings.lse", "6  8  3"),
    ("a jump out of an inner loop into its outer loop", "33  3  2"),
    ("a jump out of two loops from a jump-back block, then a loop", "20  1 \n20  2"),
])
def test_the_programs_print_what_the_algorithm_gives(name, shown):
    assert run_lse(PROGRAMS[name][0], PROGRAMS[name][1]).output.strip() == shown


def test_the_memory_strings_hold_is_counted_as_the_table_would():
    micro = Micro()
    micro.load_text(lines("10 CHAINE S,T;S←'ABCDEF';T←S!S;S←'A'", "20 FAIRE 30 POUR I←1 JUSQUA 5",
                          "30 S←S!CCA(I)", "40 T←'';TERMINER"))
    assert micro.run_until_blocked() is Status.ENDED
    runtime = micro.runtime
    assert (runtime.G["S"], runtime.G["T"]) == ("A12345", "")
    assert runtime.memory.used == runtime.G.held() == 6


@pytest.mark.parametrize("slice_cycles", [1, 777, 10**9])
def test_a_cached_chaine_survives_slices_of_any_size(slice_cycles):
    source = PROGRAMS["a jump inside a loop back to the loop's line, the search of strings.lse"][0]
    micro = Micro()
    micro.load_text(source)
    assert micro.run_until_blocked(slice_cycles) is Status.ENDED
    assert micro.cycles == run_lse(source).cycles
    assert micro.screen.text().split()[:3] == ["6", "8", "3"]


def test_a_paused_run_sees_and_keeps_a_chaine_changed_by_the_monitor():
    micro = Micro()
    micro.load_text(lines("10 CHAINE S;S←'AB';S←S!'C'", "20 PAUSE", "30 S←S!'D';AFFICHER S;TERMINER"))
    assert micro.run_until_blocked() is Status.PAUSED
    assert micro.runtime.G["S"] == "ABC"
    micro.runtime.G.assign("S", "XYZW")
    micro.runtime.resume()
    assert micro.run_until_blocked() is Status.ENDED
    assert "XYZWD" in micro.screen.text()
    assert micro.runtime.memory.used == 5


def test_a_paused_run_refuses_a_chaine_grown_past_the_memory_by_the_monitor():
    micro = Micro()
    micro.load_text(lines(f"10 TABLEAU A[{FULL}];CHAINE S;S←'AB'", "20 PAUSE", "30 S←S!'C';AFFICHER S;TERMINER"))
    assert micro.run_until_blocked() is Status.PAUSED
    micro.runtime.G.assign("S", "ABCDEFGHIJ")
    micro.runtime.resume()
    assert micro.run_until_blocked() is Status.FAILED
    assert micro.error_text() == "MEMOIRE PLEINE CHAINE S EN LIGNE 30"


def test_between_slices_the_table_holds_the_string_being_built():
    micro = Micro()
    micro.load_text(lines("10 CHAINE S;S←''", "20 FAIRE 30 POUR I←1 JUSQUA 500", "30 S←S!CCA(I)!','", "40 TERMINER"))
    seen = set()
    while micro.run(20_000) is Status.RUNNING:
        text = micro.runtime.G["S"]
        count = text.count(",")
        assert text == "".join(f"{k}," for k in range(1, count + 1))
        assert micro.runtime.memory.used == len(text)
        seen.add(count)
    assert len(seen) > 3 and micro.runtime.G["S"].count(",") == 500


def assigned(declared: bool, current: object, value: object, used: int) -> tuple:
    """Vars.assign on a table of 10 cells: (error code and text, or the value kept), cells used, the entry."""
    names = Vars(Memory(10))
    if current is not None:
        names["S"] = current
        names.memory.used = cells_of(current)
    if declared:
        names.strings.add("S")
    names.memory.used += used
    try:
        names.assign("S", value)
        outcome: object = (value, cells_of(value))
    except LseError as error:
        outcome = (error.code, error.text)
    return outcome, names.memory.used, names.get("S")


def held(current: object, value: object, used: int) -> tuple:
    """strops.make_own_store, the store of a procedure's own CHAINE (a Python local), on a memory of 10 cells."""
    memory = Memory(10)
    memory.used = cells_of(current) + used
    try:
        kept = make_own_store(memory)(value, cells_of(current), "S")
        outcome: object = (kept, cells_of(kept))
    except LseError as error:
        outcome = (error.code, error.text)
        kept = current
    return outcome, memory.used, kept


# A CHAINE never holds a number (CHAINE refuses a name that does): no such case.
STORES = [(declared, current, value, used) for declared in (True, False) for current in (None, "ABCD", 3.0)
          for value in ("", "AB", "ABCDEFGH", "ABCDEFGHIJK", 2.0) for used in (0, 4)
          if not (declared and type(current) is float)]


@pytest.mark.parametrize(("declared", "current", "value", "used"), [case for case in STORES if case[0]])
def test_a_store_into_a_procedures_own_chaine_keeps_or_refuses_as_assign_does(declared, current, value, used):
    assert held(current, value, used) == assigned(declared, current, value, used)
