"""A variable that no FAIRE steps, stepped by ALLER EN (X←X±c), keeps an int beside its float that elements are
indexed by (counters.shadowed_counters, pystmt.counter_given): Arsac's queens. Every mode agrees with the reference
on both machines where the variable takes fractions, leaves 2^24 (where single precision stops counting), goes
below 1, is read in, and where a procedure keeps its own.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

PROGRAMS = {
    "the queens of Arsac, stepped by ALLER EN": (open("bench/lse/queens.lse", encoding="utf-8").read(), ["6"]),
    "a counter given a fraction, then stepped": (lines(
        "10 TABLEAU T[9];K←1;S←0", "20 S←S+T[K];T[K]←K;K←K+1;SI K=4 ALORS K←K+0.5", "30 SI K<9 ALORS ALLER EN 20",
        "40 AFFICHER S,T"), []),
    "a counter read in, whole or not": (lines(
        "10 TABLEAU T[9];LIRE K;S←0", "20 T[K]←T[K]+K;K←K+2;SI K<9 ALORS ALLER EN 20", "30 AFFICHER T"), ["1.5"]),
    "a counter read in, whole": (lines(
        "10 TABLEAU T[9];LIRE K;S←0", "20 T[K]←T[K]+K;K←K+2;SI K<9 ALORS ALLER EN 20", "30 AFFICHER T"), ["2"]),
    "a counter that goes below 1: no element": (lines(
        "10 TABLEAU T[5];K←3", "20 T[K]←K;K←K-1;ALLER EN 20"), []),
    "a counter past the end of its array": (lines("10 TABLEAU T[5];K←1", "20 T[K]←K;K←K+1;ALLER EN 20"), []),
    "counters near 2^24, where single precision stops counting": (lines(
        "10 TABLEAU T[9];K←16777210;J←16777205;N←0", "20 K←K+1;J←J+1;N←N+1;T[K-J]←T[K-J]+N",
        "30 SI N<12 ALORS ALLER EN 20", "40 AFFICHER K,J,K-J,T"), []),
    "counters near -2^24, stepped down by ones and by threes": (lines(
        "10 TABLEAU T[60];K←-16777200;J←-16777210;N←0", "20 K←K-1;J←J-3;N←N+1;T[K-J]←T[K-J]+N",
        "30 SI N<12 ALORS ALLER EN 20", "40 AFFICHER K,J,K-J,T"), []),
    "a counter given another's value and a product": (lines(
        "10 TABLEAU T[20];I←1", "20 K←I;T[K]←T[K]+1;K←2*I;T[K]←T[K]+2;I←I+1;SI I<10 ALORS ALLER EN 20",
        "30 AFFICHER T"), []),
    "a procedure's own counter, called again": (lines(
        "10 TABLEAU T[9];&P(2);&P(5);AFFICHER T;TERMINER", "20 PROCEDURE &P(N) LOCAL N,K", "30 K←1",
        "40 T[K+N-1]←T[K+N-1]+K;K←K+1;SI K<=4 ALORS ALLER EN 40", "50 RETOUR"), []),
    "a procedure's own counter named as the program's FAIRE variable": (lines(
        "10 TABLEAU T[9];FAIRE 20 POUR J←1 JUSQUA 3", "20 &P(J)", "30 AFFICHER T,J;TERMINER",
        "40 PROCEDURE &P(N) LOCAL N,J", "50 J←1", "60 T[J]←T[J]+N;J←J+2;SI J<=9 ALORS ALLER EN 60", "70 RETOUR"), []),
    "the program's counter named as a procedure's own FAIRE variable": (lines(
        "10 CHAINE S;TABLEAU T[9];S←'ABCDEFGHI';J←1", "20 T[J]←EQN(S,J)+&F(J);J←J+3;SI J<=9 ALORS ALLER EN 20",
        "30 AFFICHER T;TERMINER", "40 PROCEDURE &F(N) LOCAL N,J,X", "50 X←0;FAIRE 60 POUR J←1 JUSQUA N",
        "60 X←X+J", "70 RESULTAT X"), []),
    "a procedure's own FAIRE variable beside another unit's position of the name": (lines(
        "10 CHAINE S;S←'UN DEUX TROIS';I←1", "20 M←SCH(S,I,' ',J);AFFICHER &L(M);I←J+1;SI I<=LGR(S) ALORS ALLER EN 20",
        "30 TERMINER", "40 PROCEDURE &L(M) LOCAL M,J,N", "50 N←0;FAIRE 60 POUR J←1 JUSQUA LGR(M)",
        "60 N←N+EQN(M,J)", "70 RESULTAT N"), []),
    "the program's counter named as a procedure's parameter by value, given a FAIRE variable": (lines(
        "10 TABLEAU T[9];FAIRE 40 POUR N←3 JUSQUA 5;T[N]←T[N]+1;K←N",
        "20 T[K]←T[K]+&P(K);K←K+2;SI K<=9 ALORS ALLER EN 20",
        "40 *", "50 AFFICHER T;TERMINER", "60 PROCEDURE &P(K) LOCAL K", "70 RESULTAT K*K"), []),
    "the program's counter named as a procedure's own CHAINE": (lines(
        "10 TABLEAU V[9];T←1", "20 V[T]←V[T]+&L(T);T←T+1;SI T<=9 ALORS ALLER EN 20", "30 AFFICHER V;TERMINER",
        "40 PROCEDURE &L(N) LOCAL N,T", "50 CHAINE T;T←CCA(N)", "60 RESULTAT LGR(T)"), []),
    "a counter stepped by a large constant and indexed by a difference": (lines(
        "10 TABLEAU T[9];K←1;J←3", "20 K←K+1000000;J←J+1000000;SI K<9000000 ALORS ALLER EN 20",
        "30 T[J-K]←5;AFFICHER K,J,T"), []),
    "steps chosen by SI between whole constants, as a flood fill's": (lines(
        "10 TABLEAU G[5,5];S←0;FAIRE 40 POUR J←2 JUSQUA 4;FAIRE 40 POUR I←2 JUSQUA 4", "20 FAIRE 40 POUR D←1 JUSQUA 4",
        "30 DI←SI D=1 ALORS 1 SINON SI D=2 ALORS -1 SINON 0;DJ←SI D=3 ALORS 1 SINON SI D=4 ALORS -1 SINON 0",
        "40 G[J+DJ,I+DI]←G[J+DJ,I+DI]+D;S←S+G[J+DJ,I+DI]", "50 AFFICHER S,G"), []),
    "a step chosen by SI that leaves the array": (lines(
        "10 TABLEAU T[5];I←1", "20 FAIRE 30 POUR D←1 JUSQUA 3", "30 DI←SI D=3 ALORS -1 SINON 1;T[I+DI]←D;I←I+DI",
        "40 AFFICHER T"), []),
    "a FAIRE variable given a choice below its start": (lines(
        "10 TABLEAU T[5];K←0", "20 FAIRE 30 POUR I←2 JUSQUA 4;K←K+1;SI K=3 ALORS I←SI K>2 ALORS 0 SINON 1",
        "30 T[I]←T[I]+1", "40 AFFICHER T"), []),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_every_mode_agrees_with_the_reference_on_stepped_counters(name: str, profile: str) -> None:
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed, profile=profile)


def test_the_queens_index_their_arrays_by_the_ints_of_i_and_k() -> None:
    code = listing(PROGRAMS["the queens of Arsac, stepped by ALLER EN"][0])
    assert "v_A[i_I if i_I > 0 else None]" in code and "i_I += 1" in code and "i_K -= 1" in code
    # (the position kept for the stores into B after it: tests/test_placed_elements.py)
    assert "v_B[(_p2 := _k2) if (_k2 := (i_K + i_I)) > 0 else None]" in code


def test_single_precision_stops_an_int_at_2_24_as_its_float_stops() -> None:
    code = listing(PROGRAMS["the queens of Arsac, stepped by ALLER EN"][0], machine="console80")
    assert "i_I += 1" not in code
    assert "if (_k := i_I + 1) <= 16777216:\n" in code and "    i_I = _k\n" in code and "    i_I = _NAN\n" in code


def test_single_precision_steps_the_float_unrounded_where_the_int_is_within_2_24() -> None:
    code = listing(PROGRAMS["the queens of Arsac, stepped by ALLER EN"][0], machine="console80").split("\n")
    at = next(k for k, line in enumerate(code) if line.strip() == "if (_k := i_I + 1) <= 16777216:")
    assert code[at + 1].strip() == "v_I = (v_I + 1.0)" and code[at + 2].strip() == "i_I = _k"
    assert code[at + 3].strip() == "else:" and "(_c := (_x := _t) * 536870913.0)" in code[at + 4]  # past it, rounded


def test_a_product_of_a_counter_stepped_by_ones_is_worked_out_in_floats() -> None:
    code = listing(lines("10 TABLEAU T[99];K←1;J←1", "20 T[K*J]←1;K←K+1;J←J+1;SI K<9 ALORS ALLER EN 20"))
    assert "i_K * i_J" not in code and "i_K += 1" in code


def test_a_counter_the_prompt_changes_at_a_pause_indexes_by_its_new_value() -> None:
    session = Session(None)
    session.type("10 TABLEAU T[9];K←1", "20 T[K]←T[K]+K;K←K+1;SI K=3 ALORS PAUSE", "30 SI K<6 ALORS ALLER EN 20",
                 "40 AFFICHER T")
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("K←4.5")  # a fraction: its int is none, the float indexes (the element of its whole part)
    assert "1 2 0 4.5 5.5 0 0 0 0" in " ".join(session.type("CO").split())


def test_a_procedure_s_own_counter_has_its_int_though_the_program_s_variable_of_its_name_is_a_faire_s():
    # (the names a FAIRE steps were left out by name: a procedure's own J, stepped by ALLER EN, had no int because
    # the program's J was a FAIRE variable; a probe's Vigenere cipher read its key by EQN(CL,J))
    code = listing(PROGRAMS["a procedure's own counter named as the program's FAIRE variable"][0])
    procedure = code[code.index("def p_P("):]
    assert "i_J = 1" in procedure and "(_at := i_J)" in procedure


def test_a_procedure_s_own_faire_variable_has_its_int_though_another_unit_gives_a_position_to_its_name():
    code = listing(PROGRAMS["a procedure's own FAIRE variable beside another unit's position of the name"][0])
    assert "i_J" in code[code.index("def p_L("):]


def test_a_counter_named_as_a_parameter_by_value_and_given_a_faire_variable_s_value_has_its_int():
    # (every name some procedure had as a parameter was left out: a probe's queens by ALLER EN had K a float, as
    # its recursive &PLACE(K) was another; and `K←N`, N a FAIRE variable, took no int from N's)
    name = "the program's counter named as a procedure's parameter by value, given a FAIRE variable"
    main = listing(PROGRAMS[name][0]).split("def p_P(")[0]
    assert "i_K = _k if -16777216 <= (_k := i_N) <= 16777216 else _NAN" in main and "(_k := i_K + 2)" in main


def test_a_counter_named_as_another_procedure_s_own_chaine_has_its_int():
    # (a CHAINE of the name anywhere left the program's counter a float: is_pure_number counts every unit's)
    main = listing(PROGRAMS["the program's counter named as a procedure's own CHAINE"][0]).split("def p_L(")[0]
    assert "i_T += 1" in main


def test_steps_chosen_by_si_between_whole_constants_index_by_their_ints() -> None:
    # (a flood fill's DI, DJ were floats: each G[J+DJ,I+DI] floored two sums; each arm now sets the int too)
    code = listing(PROGRAMS["steps chosen by SI between whole constants, as a flood fill's"][0])
    assert "i_DI = -1" in code and "i_DJ = 0" in code and "(i_J + i_DJ)" in code and "_floor(" not in code
