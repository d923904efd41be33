"""A computed ALLER EN a+b*E that no analysis tells is written for the lines a+b*k in a row from the first (ten of
them, speculation.py): its unit's loops are decided at compile time; a value that is another line makes the run go
on there in code built again, with the guess taken on to it where it is further along the row, else without it,
with the variables as they are; a value that is no line fails as the jump to it does.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.nodes import Goto
from machine.lse.parser import parse
from machine.lse.speculation import _affine
from machine.micro import Micro
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

# A LOGO-like reader: the figure to draw chosen by a counter that only the jump to its last line bounds.
STAGES = lines(
    "10 CHAINE F;TABLEAU T[4];NF←0;S←0", "20 NF←NF+1;ALLER EN 20+10*NF", "30 F←'AB';ALLER EN 100",
    "40 F←'ABC';ALLER EN 100", "50 F←'A';ALLER EN 100", "60 AFFICHER S,T[1],T[3];TERMINER",
    "100 FAIRE 120 POUR I←1 JUSQUA LGR(F)", "110 T[I]←T[I]+I", "120 S←S+I*NF", "130 ALLER EN 20")
# A switch whose cases step by ten, but one case sends its number far past them: the jump goes past its guess.
FAR = lines(
    "10 CHAINE S;TABLEAU A[5];S←'AB';K←0;T←0", "20 LIRE N", "30 FAIRE 40 POUR I←1 JUSQUA 3", "40 T←T+I;A[I]←I*I",
    "50 K←K+1;SI K>N ALORS ALLER EN 900", "60 ALLER EN 100+10*K", "110 S←S!'X';ALLER EN 50",
    "120 T←T+1;K←K+12;ALLER EN 50", "130 FAIRE 135 POUR J←1 JUSQUA 2", "135 T←T+J", "140 ALLER EN 50",
    "250 AFFICHER 'LOIN',K,S,T,A[3];FAIRE 255 POUR I←1 JUSQUA 2", "255 S←S!'Y'", "260 ALLER EN 50",
    "900 AFFICHER S,T,K,A[2],I;TERMINER")

# Figures chosen by a counter, each going on to the loops that draw it (the LOGO probe's shape): the cases' ways
# meet at line 300, written once after them (pystructure.StructuredCode.entries_beyond), TERMINER in a case.
FIGURES = lines(
    "10 NF←0;S←0", "20 NF←NF+1;ALLER EN 30+10*NF", "40 F←2;ALLER EN 300", "50 F←3;ALLER EN 300",
    "60 F←4;ALLER EN 300", "70 AFFICHER S;TERMINER", "300 *",
    "310 FAIRE 310 POUR I←1 JUSQUA F;FAIRE 310 POUR J←1 JUSQUA I;S←S+J", "320 ALLER EN 20")

# Cases chosen by a counter, each a FAIRE, then a jump to line 500 (a magic squares probe's shape): the ways meet
# past the loops' next lines, at 500, too long to be written once per case; written once after a loop run once.
DEEP_JOIN = lines(
    "10 N←0;S←0", "20 N←N+1;SI N>9 ALORS ALLER EN 90", "30 K←N-ENT(N/3)*3+1;ALLER EN 1000*K", "90 AFFICHER S;TERMINER",
    "500 S←S*3;S←S-ENT(S/1000)*1000;T←T+S", "502 T←T*2;T←T-ENT(T/977)*977;U←U+T;U←U-ENT(U/101)*101",
    "504 V←V+S+T+U;V←V-ENT(V/1013)*1013;W←W+1", "506 SI W>3 ALORS W←0;V←V+1", "520 AFFICHER N,S,T;ALLER EN 20",
    "1000 FAIRE 1005 POUR I←1 JUSQUA 2", "1005 S←S+I", "1010 ALLER EN 500", "2000 FAIRE 2010 POUR I←1 JUSQUA 3",
    "2010 S←S+2*I", "2020 ALLER EN 500", "3000 FAIRE 3010 POUR I←1 JUSQUA N", "3010 S←S-I", "3020 ALLER EN 500")

# Cases chosen by a counter: two go on to line 500, too long to be written once per case, two round the loop (an
# adventure probe's directions and its other verbs): the first in a loop run once, left for 500, the others by `pc`.
ROUNDS = lines(
    "10 N←0;S←0;T←0", "20 N←N+1;SI N>12 ALORS ALLER EN 90", "30 K←N-ENT(N/4)*4+1;ALLER EN 1000*K",
    "90 AFFICHER S,T;TERMINER", "500 S←S*3;S←S-ENT(S/1000)*1000;T←T+S",
    "502 T←T*2;T←T-ENT(T/977)*977;U←U+T;U←U-ENT(U/101)*101", "504 V←V+S+T+U;V←V-ENT(V/1013)*1013;W←W+1",
    "506 SI W>3 ALORS W←0;V←V+1", "520 AFFICHER N,S,T;ALLER EN 20", "1000 S←S+1;ALLER EN 500",
    "2000 S←S+2;ALLER EN 500", "3000 T←T+3;ALLER EN 20", "4000 T←T-1;SI T>5 ALORS ALLER EN 500", "4010 ALLER EN 20")

# A case going on to a TERMINER that the loop around is also left for (line 950), beside a way round the loop and
# a loop that goes on to the join (2010): the TERMINER is written in the case; its `break`, written once for the
# loop's way out, left the loop run once instead and ran 2010 (a fuzz of these shapes found it).
LEFT_IN_A_CASE = lines(
    "10 N←0;S←0;T←0;U←0;LIRE X", "20 N←N+1;SI N>5 ALORS ALLER EN 950", "30 K←N-ENT(N/2)*2+1;ALLER EN 1000*K",
    "500 S←S*3;S←S-ENT(S/1000)*1000;T←T+S", "502 T←T*2;T←T-ENT(T/977)*977;U←U+T;U←U-ENT(U/101)*101",
    "504 SI U>50 ALORS DEBUT S←S+1;ALLER EN 506 FIN", "508 ALLER EN 20", "950 AFFICHER S,T,U,N;TERMINER",
    "1000 SI X>50 ALORS DEBUT S←S-1;ALLER EN 20 FIN SINON T←T+1", "1010 ALLER EN 950",
    "2000 FAIRE 2005 POUR I←1 JUSQUA 0", "2005 S←S+I*2", "2010 ALLER EN 500")


# A loop open at a guessed jump whose value K sends past the guess (the row 110, 120): into the loop's body (line
# 140 for K=4: the rest of the pass and the next passes go on in code built again, the loop on its stack), to the
# FAIRE's own line (K=-8, once: the loop opened again), out of the loop (K=30) or to no line (K=5).
INSIDE = lines(
    "10 LIRE K;S←0", "20 FAIRE 200 POUR I←1 JUSQUA 5", "30 E←1+ENT(I/3)*(K-1);SI I>2 ALORS K←4", "35 ALLER EN 100+10*E",
    "110 S←S+I;ALLER EN 200", "120 S←S+10*I;ALLER EN 200", "140 S←S+100*I", "200 AFFICHER I,S",
    "210 AFFICHER 'FIN',I,S;TERMINER", "400 AFFICHER 'DEHORS',I,S")
# Two loops open at the jump: past the guess to a line of the outer loop before the inner one opens (K=5: line
# 150), into the inner loop's body (K=7: 170) or to the outer loop's last line (K=9: 190).
TWO_OPEN = lines(
    "10 LIRE K;S←0", "20 FAIRE 190 POUR I←1 JUSQUA 3", "30 FAIRE 180 POUR J←1 JUSQUA 2",
    "40 E←ENT(I/3)*(K-1)+1+J-2*ENT(J/2);SI S>2000 ALORS E←1", "45 ALLER EN 100+10*E",
    "110 S←S+I*J;ALLER EN 180", "120 S←S+10*I*J;ALLER EN 180", "150 S←S+1000;FAIRE 180 POUR J←5 JUSQUA 6",
    "170 S←S+100*J", "180 AFFICHER I,J,S", "190 AFFICHER 'I',I,S", "200 AFFICHER 'FIN',I,J,S")


def switch_in_a_loop(cases: int) -> str:
    """An interpreter's shape: a FAIRE whose pass reads an opcode K and jumps to its case, ALLER EN 100+10*K, each
    case going on to the loop's last line; `cases` lines 110, 120 ... in a row."""
    return lines("10 LIRE N;S←0", "20 FAIRE 900 POUR I←1 JUSQUA N", f"30 K←I-{cases}*ENT((I-1)/{cases})",
                 "40 ALLER EN 100+10*K", *(f"{100 + 10 * k} S←S+{k}*I;ALLER EN 900" for k in range(1, cases + 1)),
                 "900 *", "910 AFFICHER S,I;TERMINER")


def switch(cases: int, last: int) -> str:
    """A switch ALLER EN 100+10*K of `cases` lines 110, 120 ..., K from 1 to `last` and round again."""
    return lines("10 LIRE N;S←0;K←0", f"20 K←K+1;SI K>{last} ALORS K←1", "30 N←N-1;SI N<0 ALORS ALLER EN 900",
                 "40 ALLER EN 100+10*K", *(f"{100 + 10 * k} S←S+{k};ALLER EN 20" for k in range(1, cases + 1)),
                 "900 AFFICHER S,K;TERMINER")


# name: (program, lines typed in)
PROGRAMS = {
    "a switch of ten cases from K=1": (switch(10, 10), ("25",)),
    "a switch of twelve cases, the guess taken on": (switch(12, 12), ("30",)),
    "a switch of thirty cases, guessed again four times then no more": (switch(30, 30), ("65",)),
    "a case going on to a TERMINER the loop is left for": (LEFT_IN_A_CASE, ("0",)),
    "a case going round the loop, then on to the TERMINER": (LEFT_IN_A_CASE, ("60",)),
    "cases going on to one long line or round the loop": (ROUNDS, ()),
    "figures chosen by a counter, going on to one line": (FIGURES, ()),
    "cases of loops going on to one long line": (DEEP_JOIN, ()),
    "stages chosen by a counter, within the guess": (STAGES, ()),
    "a case sends the jump past its guess, then back": (FAR, ("15",)),
    "past the guess twice, the second time to no line": (FAR, ("17",)),
    "never past the guess": (FAR, ("3",)),
    "a number read in, past the guess": (lines(
        "10 LIRE K;FAIRE 20 POUR I←1 JUSQUA 2", "20 AFFICHER I", "30 ALLER EN 500+10*K", "510 AFFICHER 'UN';TERMINER",
        "520 AFFICHER 'DEUX';TERMINER", "700 AFFICHER 'VINGT',I;FAIRE 710 POUR J←1 JUSQUA 2",
        "710 AFFICHER J;TERMINER"), ("20",)),
    "a number read in, to a fraction": (lines("10 LIRE K", "20 ALLER EN 500+10*K", "510 AFFICHER 'UN'"), ("1.5",)),
    "a loop open at the jump, the guess kept": (lines(
        "10 LIRE K;FAIRE 40 POUR I←1 JUSQUA 3", "20 ALLER EN 30+10*K", "30 AFFICHER 'A',I", "40 AFFICHER 'B',I",
        "50 AFFICHER 'FIN',I"), ("1",)),
    "a loop open at the jump, past the guess into its body": (INSIDE, ("4",)),
    "a loop open at the jump, past the guess to the FAIRE's own line": (INSIDE, ("-8",)),
    "a loop open at the jump, past the guess out of it": (INSIDE, ("30",)),
    "a loop open at the jump, past the guess to no line": (INSIDE, ("5",)),
    "a loop open at the jump, within the guess": (INSIDE, ("2",)),
    "two loops open at the jump, past the guess between them": (TWO_OPEN, ("5",)),
    "two loops open at the jump, past the guess into the inner one's body": (TWO_OPEN, ("7",)),
    "two loops open at the jump, past the guess to the outer one's last line": (TWO_OPEN, ("9",)),
    "a TANT QUE loop open at the jump, past the guess": (lines(
        "10 LIRE K;S←0", "20 FAIRE 60 POUR I←1 TANT QUE I<7", "30 E←K*ENT(I/5);ALLER EN 40+10*E",
        "40 S←S+I;ALLER EN 60", "45 S←S+100*I", "60 AFFICHER I,S", "70 AFFICHER 'FIN',S"), ("0.5",)),
    "a loop stepping down by a fraction open at the jump, past the guess": (lines(
        "10 LIRE K;S←0", "20 FAIRE 50 POUR X←3 PAS -0.5 JUSQUA 0", "30 E←0;SI X<1.5 ALORS E←K", "35 ALLER EN 40+10*E",
        "40 S←S+X;ALLER EN 50", "45 S←S+1000*X", "50 AFFICHER X,S", "60 AFFICHER 'FIN',X,S"), ("0.5",)),
    "a switch of twenty cases in a loop": (switch_in_a_loop(20), ("45",)),
    "a procedure called after the run went past the guess in a loop": (lines(
        "10 LIRE K;S←0;TABLEAU T[20]", "20 FAIRE 70 POUR I←1 JUSQUA 20", "30 E←I-2*ENT(I/2);SI I=K ALORS E←10+I",
        "35 ALLER EN 40+10*E", "40 T[I]←&F(I);ALLER EN 70", "50 T[I]←-I", "60 S←S+T[I]", "70 *",
        "80 AFFICHER S,T[20];TERMINER", "200 S←S+1000;ALLER EN 60", "300 S←S+2000;ALLER EN 70",
        "400 PROCEDURE &F(N) LOCAL N", "410 S←S+N;RESULTAT N*N"), ("11",)),
    "a line a procedure runs: no guess": (lines(
        "10 LIRE K;&P(K);TERMINER", "20 AFFICHER 'VINGT';TERMINER", "30 AFFICHER 'TRENTE';TERMINER",
        "40 ALLER EN 10+10*K", "50 PROCEDURE &P(K) LOCAL K", "60 SI K>9 ALORS ALLER EN 40", "70 RETOUR"), ("12",)),
    "a remainder chooses the case": (lines(
        "10 LIRE R;S←0;N←0", "20 N←N+1;ALLER EN 100+10*(N-4*ENT(N/4))", "100 S←S+1;ALLER EN 200",
        "110 S←S+2;ALLER EN 200", "120 S←S+3;ALLER EN 200", "130 S←S+5;ALLER EN 200",
        "200 SI N<R ALORS ALLER EN 20", "210 AFFICHER S;N←2.5;ALLER EN 100+10*(N-4*ENT(N/4))"), ("9",)),
    "a counter's int and a string's length kept across the jump": (lines(
        "10 CHAINE S;S←'';LIRE K", "20 FAIRE 30 POUR I←1 JUSQUA 3", "30 S←S!'AB'", "40 ALLER EN 100+10*K",
        "110 TERMINER", "400 FAIRE 420 POUR I←1 JUSQUA 4", "410 S←S!SCH(S,I,1)", "420 AFFICHER I,S,LGR(S)"), ("30",)),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_guessed_jumps(name: str, profile: str) -> None:
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed, profile=profile)


@pytest.mark.parametrize(("expression", "expected"), [
    ("100+10*K", (100, 10)), ("(10+K)*10", (100, 10)), ("500+ENT((K+2)/3)*10", (500, 10)), ("900-3*K", (900, -3)),
    ("2*(50+5*K)", (100, 10)), ("K", (0, 1)), ("K*K+10", None), ("1.5*K", None), ("100+J+K", None), ("3*4", (12, 0)),
    ("100+10*(N-4*ENT(N/4))", (100, 10)), ("20+(T[I]-ENT(T[I]/3)*3)*5", (20, 5)), ("10*(N-ENT(M/4)*4)", None),
])
def test_a_jump_is_read_as_a_base_and_a_step(expression: str, expected: tuple[int, int] | None) -> None:
    statement = parse(f"10 ALLER EN {expression}\n").lines[0].statements[0]
    assert type(statement) is Goto
    assert _affine(statement.target.expr) == expected


def test_a_counters_jump_is_written_for_its_steps_lines_with_its_loops_decided() -> None:
    code = listing(STAGES)
    assert "_t == 50.0" in code and "_t == 60.0" in code and "_deopt(_t)" in code
    assert "_goto" not in code and "_open(lp" not in code


def test_the_cases_of_a_guessed_jump_that_go_on_to_one_line_run_in_a_loop_run_once() -> None:
    code = listing(FIGURES)
    assert "_LINES[pc]" not in code and "while True:  # run once: a `break` goes on below" in code
    assert code.count("# 310: FAIRE 310") == 1


def test_cases_whose_ways_meet_past_their_loops_run_in_a_loop_run_once() -> None:
    code = listing(DEEP_JOIN)
    assert "_LINES[pc]" not in code and "while True:  # run once: a `break` goes on below" in code
    assert code.count("# 500: S←S*3") == 1


def test_cases_that_go_on_to_one_line_or_round_the_loop_run_in_a_loop_run_once() -> None:
    code = listing(ROUNDS)
    assert "_LINES[pc]" not in code and "while True:  # run once: a `break` goes on below" in code
    assert code.count("# 500: S←S*3") == 1 and "pc = -1" in code and "if pc == " in code


def test_a_terminer_a_case_goes_on_to_is_written_in_the_case() -> None:
    code = listing(LEFT_IN_A_CASE)
    assert "_LINES[pc]" not in code and code.count("# 950: AFFICHER S,T,U,N;TERMINER") == 2


def test_a_run_past_the_guess_goes_on_in_code_built_without_it() -> None:
    micro = Micro(seed=0)
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    micro.load_text(FAR)
    micro.run(10_000_000)
    assert micro.runtime.compiled.guessed
    micro.feed("15")
    micro.run(10_000_000)
    assert "".join(chunks).replace("\a", "").split() == ["LOIN15", "ABX7", "9", "ABXYY7", "16", "4", "2"]
    assert not micro.runtime.compiled.guessed and "_deopt" not in micro.runtime.compiled.source


@pytest.mark.parametrize(("cases", "guessed", "seen"), [
    (10, True, frozenset()),  # counted from its first line, 110: the tenth case, 200, is guessed
    (12, True, frozenset({210, 220})),  # each case past the guess, further along the row: built again to it
    (30, False, None),  # past GUESSED_AGAIN cases more: built without guesses
])
def test_a_switch_is_guessed_from_its_first_line_and_taken_on_along_its_row(cases, guessed, seen) -> None:
    micro = Micro(seed=0)
    micro.load_text(switch(cases, cases))
    micro.feed(str(2 * cases + 3))
    micro.run_until_blocked()
    assert micro.runtime.error is None
    assert (micro.runtime.compiled.guessed, micro.runtime.guessing) == (guessed, seen)


def test_a_loop_open_at_a_guessed_jump_is_guessed_with_its_loop_decided() -> None:
    code = listing(PROGRAMS["a loop open at the jump, the guess kept"][0])
    assert "_deopt(_t, ((_st" in code and "_goto(lp, " not in code and "_open(lp" not in code


@pytest.mark.parametrize("name", [name for name in sorted(PROGRAMS) if "past the guess" in name and "open" in name])
def test_a_jump_with_loops_open_is_guessed(name: str) -> None:
    assert "_deopt(_t, ((_st" in listing(PROGRAMS[name][0])


def test_a_run_past_the_guess_inside_a_loop_goes_on_with_the_loop_on_its_stack() -> None:
    micro = Micro(seed=0)
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    micro.load_text(INSIDE)
    micro.feed("4")
    micro.run_until_blocked()
    assert micro.runtime.error is None and not micro.runtime.compiled.guessed
    assert "_open(lp" in micro.runtime.compiled.source and "_deopt" not in micro.runtime.compiled.source
    # 1 and 2 within the guess (110), then 3, 4 and 5 past it (140), the loop going on with the code built again
    assert "".join(chunks).replace("\a", "").split() == [
        "1", "1", "2", "3", "3", "303", "4", "703", "5", "1203", "FIN5", "1203"]


def test_a_switch_of_more_than_ten_cases_in_a_loop_is_guessed_whole_and_never_left() -> None:
    micro = Micro(seed=0)
    micro.load_text(switch_in_a_loop(20))
    micro.feed("45")
    micro.run_until_blocked()
    source = micro.runtime.compiled.source
    assert micro.runtime.error is None and micro.runtime.compiled.guessed
    assert all(f"_t == {100.0 + 10 * k!r}" in source for k in range(1, 21)) and "_open(lp" not in source
