"""A computed ALLER EN goes to any line, with the loops that contain it (analyses.loop_successors): the loops
stay decided at compile time wherever every line is reached with one stack of them, and a computed jump in
one unit leaves the others' loops decided. Only a computed RETOUR EN makes a caller go on at any line.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines, run_lse
from tests.oracle.differential import assert_agrees

AUTOMATON = lines(
    "10 LIRE N", "20 A←0;B←1;C←0;P←0", "40 P←P+1;SI P>N ALORS ALLER EN 200", "50 OP←P-ENT(P/4)*4",
    "60 ALLER EN 100+10*OP", "100 A←A+B;ALLER EN 40", "110 B←B+1;ALLER EN 40", "120 C←C+A-B;ALLER EN 40",
    "130 A←A-ENT(A/100)*100;ALLER EN 40", "200 AFFICHER A,B,C", "210 TERMINER")
WITH_PROCEDURE = lines(
    "10 X←2;ALLER EN 10*X", "20 AFFICHER &S(5),&S(0)", "30 TERMINER", "40 PROCEDURE &S(N) LOCAL N,I,T",
    "50 T←0;FAIRE 60 POUR I←1 JUSQUA N", "60 T←T+I*I", "70 RESULTAT T")
SWITCH = lines(
    "10 S←0;FAIRE 20 POUR I←1 JUSQUA 12", "20 S←S+&F(I-4*ENT((I-1)/4),I)", "30 AFFICHER S;TERMINER",
    "100 PROCEDURE &F(K,X) LOCAL K,X", "110 ALLER EN 110+10*K", "120 RESULTAT X*X", "130 RESULTAT X+1",
    "140 X←-X", "150 RESULTAT X*2")

# name: (program, lines typed in)
PROGRAMS = {
    "a function that chooses its formula by a computed jump among its own lines": (SWITCH, []),
    "a procedure's computed jump to a line of the program, run in the procedure's frame": (
        lines("10 K←2;&P(3)", "20 AFFICHER 'ICI',K;TERMINER", "30 AFFICHER 'LA',K;RETOUR",
              "40 PROCEDURE &P(K) LOCAL K", "50 SI K>2 ALORS ALLER EN 10*K", "60 RETOUR"), []),
    "a procedure's computed jump out of its loop and into it again": (
        lines("10 AFFICHER &G(4);TERMINER", "100 PROCEDURE &G(N) LOCAL N,I,T,C", "110 T←0;C←0",
              "120 FAIRE 140 POUR I←1 JUSQUA N", "130 T←T+I;C←C+1;ALLER EN 140+10*ENT(C/3)", "140 *",
              "150 RESULTAT T*100+C"), []),
    "a procedure's computed jump to a line it lacks": (
        lines("10 AFFICHER &H(1);TERMINER", "100 PROCEDURE &H(K) LOCAL K", "110 ALLER EN 115+K",
              "120 RESULTAT 1"), []),
    "an automaton whose states are lines, chosen by a computed jump": (AUTOMATON, ["23"]),
    "a computed jump in the program, loops in a procedure": (WITH_PROCEDURE, []),
    "a computed jump into a loop's body from outside it": (
        lines("10 K←0;FAIRE 30 POUR I←1 JUSQUA 3", "20 K←K+I", "30 AFFICHER I,K",
              "40 SI K<20 ALORS ALLER EN 10*(1+K-K)+10", "50 TERMINER"), []),
    "a computed jump out of two loops, then the loops again": (
        lines("10 N←0", "20 FAIRE 50 POUR I←1 JUSQUA 3", "30 FAIRE 50 POUR J←1 JUSQUA 3",
              "40 N←N+1;SI N=5 ALORS ALLER EN 60+0*J", "50 *", "60 AFFICHER N,I,J;SI N<9 ALORS ALLER EN 20",
              "70 TERMINER"), []),
    "a computed jump to the end of its own loop": (
        lines("10 S←0;FAIRE 30 POUR I←1 JUSQUA 6", "20 SI I=2*ENT(I/2) ALORS ALLER EN 20+10*1", "25 S←S+I", "30 *",
              "40 AFFICHER S", "50 TERMINER"), []),
    "a computed jump to a line that is not there": (
        lines("10 X←3", "20 ALLER EN X*10+5", "30 TERMINER"), []),
    "a computed jump to a line number that is no whole number": (
        lines("10 X←3", "20 ALLER EN X/2", "30 TERMINER"), []),
    "a computed jump to line 0, below the first line": (lines("10 X←0", "20 ALLER EN X", "30 TERMINER"), []),
    "a computed jump to a negative line": (lines("10 X←-20", "20 ALLER EN X", "30 TERMINER"), []),
    "a computed jump to a number past every line": (lines("10 X←1E300", "20 ALLER EN X", "30 TERMINER"), []),
    "a computed jump to a string": (lines("10 CHAINE X;X←'20'", "20 ALLER EN X", "30 TERMINER"), []),
    "a loop of jumps back, one of them computed": (
        lines("10 I←0;S←0", "20 I←I+1;S←S+I;SI I<50 ALORS ALLER EN 20",
              "30 SI S<2000 ALORS ALLER EN 10+10*ENT(S/10000)+10", "40 AFFICHER I,S", "50 TERMINER"), []),
    "a computed RETOUR EN beside a computed jump": (
        lines("10 &P(20)", "15 AFFICHER 'NON'", "20 AFFICHER 'OUI';ALLER EN 5*6", "30 TERMINER",
              "40 PROCEDURE &P(L) LOCAL L", "50 RETOUR EN L"), []),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_computed_jumps(name: str, profile: str) -> None:
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed, profile=profile)


def test_a_computed_jump_keeps_the_loops_of_a_program_without_any_decided() -> None:
    code = listing(AUTOMATON.replace("60 ALLER EN 100+10*OP", "60 L←100+10*OP;ALLER EN L"))  # (no a+b*E: no guess)
    assert "pc = _goto(lp, " in code and "_leave(lp" not in code and "_open(lp" not in code


def test_a_jump_on_a_number_no_analysis_tells_is_written_for_the_lines_of_its_steps() -> None:
    code = listing(AUTOMATON)  # ALLER EN 100+10*OP, OP from a counter P that grows without a bound
    assert "_t == 130.0" in code and "_deopt(_t)" in code and "_goto" not in code and "lp" not in code


def test_a_computed_jump_in_the_program_leaves_a_procedures_loops_decided() -> None:
    code = listing(WITH_PROCEDURE)
    procedure = code[code.index("def p_S"):]
    assert "_open(lp" not in procedure and "_st" in procedure


@pytest.mark.parametrize("target, shown", [("X*10+5", "35"), ("X/2", "1.5"), ("X-3", "0"), ("X*1E299", "3.0E+299"),
                                           ("X*30000", "90000")])
def test_a_computed_jump_to_no_line_names_the_number_as_cca_shows_it(target: str, shown: str) -> None:
    result = run_lse(lines("10 X←3", f"20 ALLER EN {target}", "30 TERMINER"))
    assert result.error == f"LIGNE {shown} INEXISTANTE EN LIGNE 20"


@pytest.mark.parametrize("target, shown", [("30+X", "30.000000001"), ("30-X", "29.999999999"),
                                           ("30+X*5", "30.000000005")])
def test_a_fraction_that_cca_would_show_as_a_whole_line_is_shown_with_every_digit(target: str, shown: str) -> None:
    source = lines("10 X←1E-9", f"20 ALLER EN {target}", "30 AFFICHER 'TRENTE'", "40 TERMINER")
    assert run_lse(source).error == f"LIGNE {shown} INEXISTANTE EN LIGNE 20"  # (line 30 is there)
    for profile in ("micro40", "console80"):  # (console80's sum rounds to 30 itself, and goes there)
        assert_agrees(source, [], profile=profile)


def test_a_computed_jump_tests_its_units_own_lines_and_runs_a_resultat_in_the_test() -> None:
    function = listing(SWITCH)
    function = function[function.index("def p_F"):]
    assert "_t == 120.0" in function and "_t == 150.0" in function and "pc = _goto(lp, _t)" in function
    arm = [line.strip() for line in function.splitlines()]
    assert arm[arm.index("if _t == 130.0:") + 1] == "# 130: RESULTAT X+1"  # run in its arm (no loop to leave)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_computed_jump_after_a_chain_of_three_thousand_operations_agrees_with_the_reference(profile: str) -> None:
    # (the values a jump's expression may take were followed through the chain's tree, a Python frame an
    # operation: a RecursionError, found by the fuzzer; past targets.VALUES_DEEP the chain may take any)
    source = "10 X←2\n20 X←X" + "*1" * 3000 + "\n30 ALLER EN 10*X+20\n40 AFFICHER X\n50 TERMINER\n"
    assert run_lse(source).output.split() == ["2"]
    assert_agrees(source, profile=profile)
