"""A subroutine called the BASIC way (`R←1120;ALLER EN 2000` ... `ALLER EN R`) has its blocks copied once per store
of R that reaches its jump, each copy's jump told its store's line (subroutines.py); where the blocks cannot be
copied, the stores still narrow the lines the jump tests. The unit can then be written as loops.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse import ir
from machine.lse.listing import listing
from machine.lse.subroutines import COPIED_MOST
from machine.micro import Micro
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

# A word guessed letter by letter: the subroutine at 200 counts the letters found, called from two lines.
GUESS = lines(
    "10 CHAINE M,T;M←'RENARD';T←'AEIRNDX';S←0;F←0", "20 FAIRE 60 POUR I←1 JUSQUA LGR(T)", "30 C←SCH(T,I,1)",
    "40 R←50;ALLER EN 200", "50 S←S+N", "55 SI N=0 ALORS DEBUT R←60;ALLER EN 200 FIN", "60 F←F+1",
    "70 AFFICHER S,F;TERMINER", "200 N←0;J←0", "210 J←J+1;SI J>LGR(M) ALORS ALLER EN R",
    "220 SI SCH(M,J,1)=C ALORS N←N+1", "230 ALLER EN 210")
# The same subroutine, its lines copied for each of its two calls in a GOTO loop (no FAIRE around the calls).
LOOPED = lines(
    "10 CHAINE M;M←'ABRACADABRA';K←0;S←0", "20 K←K+1;SI K>3 ALORS ALLER EN 90", "30 C←SCH('ABR',K,1);R←40;ALLER EN 200",
    "40 S←S+N;R←50;ALLER EN 200", "50 S←S*2;ALLER EN 20", "90 AFFICHER S;TERMINER", "200 N←0;J←0",
    "210 J←J+1;SI J>LGR(M) ALORS ALLER EN R", "220 SI SCH(M,J,1)=C ALORS N←N+1", "230 ALLER EN 210")

# A landing's second (a probe's shape): line 60 is joined from four ways and goes on to the copy of the subroutine
# that 70 calls; copied at each way, each copy would write that long copy again (pystructure.copyable).
LANDING = lines(
    "10 K←0;V←0;H←0", "20 K←K+1;SI K>5 ALORS ALLER EN 90", "30 SI K=2 ALORS DEBUT B←1;ALLER EN 60 FIN",
    "40 SI K=3 ALORS DEBUT B←2;ALLER EN 60 FIN", "50 B←0;R←55;ALLER EN 200",
    "55 SI H<0 ALORS DEBUT B←3;ALLER EN 60 FIN", "60 SI B>1 ALORS B←1", "70 R←80;ALLER EN 200",
    "80 SI H>-100 ALORS ALLER EN 20", "90 AFFICHER V,H;TERMINER",
    "200 V←V+B;H←H-K;W←W+1;Z←Z+V;Y←Y+H", "205 Q←Q+V*2;P←P+1;X←X+B;Z←Z-1;Y←Y+1", "207 W←W-1;Q←Q+1;P←P-1;X←X+1",
    "210 ALLER EN R")

# A subroutine whose loop holds a store of its return variable: its copies' loops would be opened from each other.
STORED_IN_LOOP = lines(
    "10 R←20;ALLER EN 100", "20 R←30;ALLER EN 100", "30 AFFICHER S;TERMINER", "100 FAIRE 120 POUR I←1 JUSQUA 3",
    "110 S←S+I;SI S>3 ET S<9 ALORS DEBUT R←30;ALLER EN 100 FIN", "120 S←S+1", "130 ALLER EN R")
# A subroutine with a loop (200), called twice from another with a loop (300), itself called twice: the copies of
# the first are copied again with the second's, their loops going round in the copies of the copies.
NESTED_LOOPS = lines(
    "10 R←20;ALLER EN 300", "20 R←30;ALLER EN 300", "30 AFFICHER S,T;TERMINER",
    "200 FAIRE 210 POUR J←1 JUSQUA 3", "210 T←T+J*S", "220 ALLER EN Q",
    "300 FAIRE 305 POUR I←1 JUSQUA 2", "305 S←S+I", "310 Q←315;ALLER EN 200", "315 Q←320;ALLER EN 200",
    "320 ALLER EN R")

# A jump narrowed to the line of its one store (5050), whose old lines led, through a guessed jump, to another
# jump of the variable (6020): that one's stores are found again once the first is narrowed (a stale walk back
# once found the store of 5000 for it, which the copy's blocks could not reach: an internal error).
NARROWED_FIRST = lines(
    "10 LIRE X;R←0", "20 R←25;ALLER EN 5000", "25 K←ENT(X/50);ALLER EN 5000+1000*K", "50 R←55;ALLER EN 6000",
    "55 AFFICHER 'FIN';TERMINER", "5000 R←9000", "5050 ALLER EN R", "6000 AFFICHER 'S'", "6020 ALLER EN R",
    "9000 AFFICHER 'NEUF';TERMINER")

# name: (program, lines typed in)
PROGRAMS = {
    "a jump narrowed before another of its variable (to its store's line)": (NARROWED_FIRST, ("25",)),
    "a jump narrowed before another of its variable (past the guess)": (NARROWED_FIRST, ("75",)),
    "a line joined from four ways before a call": (LANDING, ()),
    "two calls of one subroutine": (GUESS, ()),
    "two calls in a loop of jumps": (LOOPED, ()),
    "a store that is no line": (lines("10 R←70;ALLER EN 100", "20 AFFICHER 'VINGT'", "30 R←40;ALLER EN 100",
                                      "40 TERMINER", "100 X←1", "110 ALLER EN R"), ()),
    "the variable read in on one way": (lines("10 LIRE R;ALLER EN 100", "20 R←30;ALLER EN 100",
                                              "30 AFFICHER 'TRENTE';TERMINER", "100 AFFICHER 'SOUS'",
                                              "110 ALLER EN R"), ("20",)),
    "a procedure called inside the subroutine": (lines(
        "10 R←20;ALLER EN 100", "20 R←30;ALLER EN 100", "30 AFFICHER R;TERMINER", "100 &P", "110 ALLER EN R",
        "200 PROCEDURE &P", "210 R←30;RETOUR"), ()),
    "the variable changed inside the subroutine": (lines(
        "10 R←20;ALLER EN 100", "20 R←40;ALLER EN 100", "30 AFFICHER 'TRENTE';TERMINER", "40 AFFICHER 'FIN';TERMINER",
        "100 SI R=40 ALORS R←30", "110 ALLER EN R"), ()),
    "a subroutine with a FAIRE": (lines(
        "10 R←20;ALLER EN 100", "20 R←30;ALLER EN 100", "30 AFFICHER S;TERMINER",
        "100 FAIRE 110 POUR I←1 JUSQUA 3", "110 S←S+I", "120 ALLER EN R"), ()),
    "a store inside the subroutine's FAIRE": (STORED_IN_LOOP, ()),
    "a subroutine with a FAIRE called from another's": (NESTED_LOOPS, ()),
    "a jump into the subroutine's middle": (lines(
        "10 R←20;ALLER EN 100", "20 R←30;ALLER EN 110", "30 AFFICHER S;TERMINER", "100 S←S+1", "110 S←S+10",
        "120 ALLER EN R"), ()),
    "nested subroutines, one return variable each": (lines(
        "10 R←20;ALLER EN 100", "20 R←30;ALLER EN 100", "30 AFFICHER S,T;TERMINER", "100 S←S+1;Q←110;ALLER EN 200",
        "110 ALLER EN R", "200 T←T+S", "210 ALLER EN Q"), ()),
    "nested subroutines sharing the return variable": (lines(
        "10 R←20;ALLER EN 100", "20 AFFICHER 'VINGT';TERMINER", "100 S←S+1;R←110;ALLER EN 200",
        "110 AFFICHER 'CENT DIX';ALLER EN R", "200 T←T+S", "210 ALLER EN R"), ()),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_subroutines(name: str, profile: str) -> None:
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed, profile=profile)


def given_lines(source: str) -> list[tuple[int, tuple[int, ...] | None]]:
    """Each computed jump of a compiled program: its line and the lines it tests."""
    micro = Micro()
    micro.load_text(source)
    micro.runtime.compile_all()
    return sorted((block.line, block.exit.found_lines) for block in micro.runtime.ir.blocks
                  if type(block.exit) is ir.Jump and block.exit.line is None and block.exit.given is not None)


def test_each_copy_of_a_subroutine_goes_back_to_its_callers_line() -> None:
    assert given_lines(LOOPED) == [(210, (40,)), (210, (50,))]


def test_a_subroutine_called_from_two_lines_of_a_loop_of_jumps_is_written_as_loops() -> None:
    code = listing(LOOPED)
    assert "_LINES[pc]" not in code and "_t == 40.0" in code and "_t == 50.0" in code


def test_a_short_line_joined_before_a_copy_is_a_join_of_a_loop_run_once() -> None:
    code = listing(LANDING)
    assert "_LINES[pc]" not in code and "while True:  # run once: a `break` goes on below" in code
    assert code.count("# 60: SI B>1 ALORS B←1") == 1


def test_a_subroutine_whose_blocks_cannot_be_copied_tests_the_lines_its_stores_give() -> None:
    assert given_lines(STORED_IN_LOOP) == []
    code = listing(STORED_IN_LOOP)
    assert "_t == 20.0" in code and "_t == 30.0" in code and "_t == 100.0" not in code


def test_a_subroutine_with_a_faire_is_copied_with_its_loop_for_each_caller() -> None:
    source = PROGRAMS["a subroutine with a FAIRE"][0]
    assert given_lines(source) == [(120, (20,)), (120, (30,))]
    code = listing(source)
    assert "_LINES[pc]" not in code and code.count("# 110: S←S+I") == 2


def test_the_copies_of_a_copied_subroutine_go_round_their_own_loops() -> None:
    assert set(given_lines(NESTED_LOOPS)) == {(220, (315,)), (220, (320,)), (320, (20,)), (320, (30,))}
    code = listing(NESTED_LOOPS)  # (each caller's copy of 300-320 holds a copy of 200-220 for each of its calls)
    assert "_LINES[pc]" not in code and code.count("# 210: T←T+J*S") == 4


@pytest.mark.parametrize(("name", "expected"), [
    ("the variable read in on one way", []),  # (a value read in: no copy, the jump tests any line)
    ("a procedure called inside the subroutine", []),  # (the procedure may store the variable)
    ("the variable changed inside the subroutine", [(110, (20,)), (110, (30,)), (110, (40,))]),  # (a third store)
    ("a jump into the subroutine's middle", [(120, (20,)), (120, (30,))]),  # (each way starts at its store)
])
def test_a_copy_is_made_for_each_store_known_on_every_way_to_the_jump(name: str, expected: list) -> None:
    assert given_lines(PROGRAMS[name][0]) == expected


def test_the_copies_of_a_program_are_bounded() -> None:
    body = [f"{1000 + 10 * k} S←S+{k}" for k in range(COPIED_MOST)]
    calls = [f"{10 * k + 10} R←{10 * k + 20};ALLER EN 1000" for k in range(3)]
    source = lines(*calls, "40 AFFICHER S;TERMINER", *body, f"{1000 + 10 * COPIED_MOST} ALLER EN R")
    assert given_lines(source) == []
    assert_agrees(source, ())
