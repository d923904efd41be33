"""X-ENT(X/M)*M, LSE's remainder, written as Python's X % M where X and M are proved whole (pyoperators.remainder).

The remainder of whole numbers is exact both ways (the sign of a zero aside, which nothing shows); a dividend
not known to be at most 2^52 is tested first, and the general way computes larger ones. Every mode agrees with
the reference on every case; a run that counts on a variable being whole cannot go on once the prompt gave it
a fraction.
"""

from __future__ import annotations

import re

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines, run_lse
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

RANDOM = lines("10 X←1;S←0", "20 FAIRE 40 POUR I←1 JUSQUA 50", "30 X←X*137+187;X←X-ENT(X/10007)*10007",
               "40 S←S+X", "50 AFFICHER S", "60 TERMINER")
EUCLID = lines("10 S←0;FAIRE 20 POUR A←1 JUSQUA 12;FAIRE 20 POUR B←1 JUSQUA 12", "20 S←S+&PGCD(A,B)",
               "30 AFFICHER S", "40 TERMINER", "100 PROCEDURE &PGCD(A,B) LOCAL A,B", "110 SI B=0 ALORS RESULTAT A",
               "120 RESULTAT &PGCD(B,A-ENT(A/B)*B)")
READ = lines("10 LIRE X", "20 FAIRE 30 POUR I←1 JUSQUA 2", "30 Y←X-ENT(X/7)*7;Z←X-ENT(X/-3)*(-3);AFFICHER Y,Z",
             "40 TERMINER")


@pytest.mark.parametrize(("source", "written"), [
    (RANDOM, "(v_X % 10007.0)"),
    (EUCLID, "((v_A % v_B) if -2251799813685248.0 <= v_A <= 2251799813685248.0 else"),
    (READ, "((v_X % 7.0) if -2251799813685248.0 <= v_X <= 2251799813685248.0 and (v_X + 6755399441055744.0) - "
           "6755399441055744.0 == v_X else"),
], ids=["a bounded dividend by a constant", "an unbounded dividend by a variable, tested first",
        "a number read, tested whole first"])
def test_a_remainder_of_whole_numbers_is_python_s(source: str, written: str) -> None:
    assert written in listing(source)


@pytest.mark.parametrize("typed", ["23", "-23", "7.5", "-0.25", "1E20", "-4E15", "0"])
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_number_read_whole_or_not_gives_the_reference_s_remainder(typed: str, profile: str) -> None:
    assert_agrees(READ, [typed], profile=profile)


# a die's throw: a constant added before the remainder, (C+X)-ENT(X/M)*M, and after the dividend, (X+C)-...
DICE = lines("10 LIRE X", "20 FAIRE 30 POUR I←1 JUSQUA 2", "30 N←1+X-ENT(X/6)*6;M←X-3-ENT(X/7)*7;AFFICHER N,M",
             "40 TERMINER")


def test_a_constant_added_to_a_remainder_s_dividend_is_added_to_python_s_remainder() -> None:
    code = listing(DICE)
    assert "((1.0 + (v_X % 6.0)) if -2251799813685248.0 <= v_X <= 2251799813685248.0 and" in code
    assert "((-3.0 + (v_X % 7.0)) if" in code
    assert "(2.0 + (v_X % 7.0))" in listing(lines("10 X←5;S←0", "20 FAIRE 30 POUR I←1 JUSQUA 9",
                                                  "30 X←X*3-ENT(X*3/101)*101;S←S+(X+2-ENT(X/7)*7)",
                                                  "40 AFFICHER S", "50 TERMINER"))


@pytest.mark.parametrize("typed", ["23", "-23", "7.5", "-0.25", "1E20", "-4E15", "0", "8388607", "-8388608",
                                   "2251799813685247", "4503599627370495"])
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_throw_of_a_die_from_a_number_read_whole_or_not_gives_the_reference_s(typed: str, profile: str) -> None:
    assert_agrees(DICE, [typed], profile=profile)


def test_a_constant_too_large_to_add_exactly_leaves_the_general_way() -> None:
    code = listing(DICE.replace("N←1+X", "N←16777217+X"))
    assert "% 6.0" not in code and "% 7.0" in code


@pytest.mark.parametrize("divisor", ["B", "9007199254740994", "16777217"])
def test_an_offset_remainder_by_a_variable_or_a_large_constant_leaves_the_general_way(divisor: str) -> None:
    # (by such an M the remainder may round, and the offset added after it round again: operands.offset_remainder)
    source = lines("10 LIRE X,B", f"20 N←2+X-ENT(X/{divisor})*{divisor};AFFICHER N", "30 TERMINER")
    assert "%" not in listing(source).split("# 20:")[1].split("\n")[1]
    assert_agrees(source, ["-1 9007199254740994"])


def test_a_remainder_of_single_precision_is_tested_within_2_to_the_23() -> None:
    assert "(v_X % 7.0) if -8388608.0 <= v_X <= 8388608.0" in listing(READ, machine="console80")


def test_a_whole_quotient_alone_stays_a_floor_of_the_quotient() -> None:
    code = listing(lines("10 X←12345;S←0", "20 S←S+X-ENT(X/10)*10;X←ENT(X/10)", "30 SI X>0 ALORS ALLER EN 20",
                         "40 AFFICHER S", "50 TERMINER"))
    assert "//" not in code and "_float(_floor((v_X / 10.0)))" in code


def test_a_remainder_whose_quotient_the_next_statement_takes_keeps_it_from_a_floor_division() -> None:
    assert "((v_X - (_w0 := v_X // v_B) * v_B) if -2251799813685248.0 <= v_X <= 2251799813685248.0 and" in listing(
        lines("10 LIRE B;X←12345;S←0", "20 S←S+1;D←X-ENT(X/B)*B;X←ENT(X/B)", "30 SI X>0 ALORS ALLER EN 20",
              "40 AFFICHER S,D", "50 TERMINER"))


def test_the_gcd_sum_is_right() -> None:
    from math import gcd

    assert run_lse(EUCLID).output.split() == [str(sum(gcd(a, b) for a in range(1, 13) for b in range(1, 13)))]


SIGNS = lines("10 S←'';FAIRE 30 POUR X←-9 JUSQUA 9", "20 FAIRE 30 POUR K←1 JUSQUA 4;M←-7+ENT(K*14/5)",
              "30 R←X-ENT(X/M)*M;S←S!CCA(R)!' '", "40 AFFICHER S", "50 TERMINER")
CASES = {
    "signs of dividend and divisor": SIGNS,
    "a constant divisor first": lines("10 FAIRE 20 POUR X←-6 JUSQUA 6", "20 AFFICHER X-3*ENT(X/3),X-ENT(X/-4)*(-4)",
                                      "30 TERMINER"),
    "a zero divisor": lines("10 FAIRE 20 POUR M←2 PAS -1 JUSQUA 0", "20 X←M+5;AFFICHER X-ENT(X/M)*M", "30 TERMINER"),
    "a dividend beyond 2^52": lines("10 X←2^53*3;FAIRE 20 POUR I←1 JUSQUA 5;X←X+2", "20 M←7;AFFICHER X-ENT(X/M)*M",
                                    "30 TERMINER"),
    "a divisor beyond 2^53": lines("10 M←2^60;FAIRE 20 POUR X←-3 JUSQUA 3", "20 AFFICHER X-ENT(X/M)*M", "30 TERMINER"),
    "fractions": lines("10 FAIRE 20 POUR X←-2 PAS 0.75 JUSQUA 2;FAIRE 20 POUR M←-1.5 PAS 1 JUSQUA 1.5",
                       "20 AFFICHER X-ENT(X/M)*M", "30 TERMINER"),
    "near 2^23 and 2^24 in single": lines("10 FAIRE 20 POUR X←2^23-2 JUSQUA 2^23+2;M←2^23-1",
                                           "20 AFFICHER X-ENT(X/M)*M,X-ENT(X/3)*3,X-ENT(X/M)*M+X", "30 TERMINER"),
    "the quotient kept for the next statement": lines(
        "10 B←10;X←9075;K←0", "20 K←K+1;D←X-ENT(X/B)*B;X←ENT(X/B);AFFICHER D;SI X>0 ALORS ALLER EN 20", "30 TERMINER"),
    "a zero with the sign of a negative divisor": lines(
        "10 FAIRE 20 POUR X←-6 PAS 3 JUSQUA 6", "20 M←-3;R←X-ENT(X/M)*M;AFFICHER R,1/(R+1),CCA(R)", "30 TERMINER"),
    "an unset dividend": lines("10 M←3;SI M=4 ALORS X←1", "20 FAIRE 20 POUR I←1 JUSQUA 2;Y←X-ENT(X/M)*M",
                               "30 TERMINER"),
    "an unset divisor": lines("10 X←3;SI X=4 ALORS M←1", "20 FAIRE 20 POUR I←1 JUSQUA 2;Y←X-ENT(X/M)*M",
                              "30 TERMINER"),
    "a remainder inside a sum and an index": lines(
        "10 TABLEAU T[7];X←1;S←0", "20 FAIRE 30 POUR I←1 JUSQUA 40;X←X*5+1;X←X-ENT(X/7)*7",
        "30 T[X-ENT(X/7)*7+1]←T[X+1]+1;S←S+X-ENT(X/3)*3+1", "40 AFFICHER S,T[1],T[4],T[7]", "50 TERMINER"),
    "a function's remainder, recursive": EUCLID,
    "whole quotients": lines("10 S←0;FAIRE 30 POUR X←-7 JUSQUA 7;FAIRE 30 POUR M←-3 JUSQUA 3",
                             "20 SI M=0 ALORS ALLER EN 30", "30 S←S*3+ENT(X/M)+ENT(X/2);S←S-ENT(S/1000)*1000",
                             "40 AFFICHER S,ENT(2^52/3),ENT(-2^53/7)", "50 TERMINER"),
    "a whole quotient by zero": lines("10 FAIRE 20 POUR M←1 PAS -1 JUSQUA -1", "20 X←M+4;Y←ENT(X/M);AFFICHER Y",
                                      "30 TERMINER"),
}


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_remainder(name: str, profile: str) -> None:
    assert_agrees(CASES[name], profile=profile)


SPIN = ("10 X←1", "20 X←X*137+187;X←X-ENT(X/10007)*10007;SI X#0 ALORS ALLER EN 20", "30 TERMINER")


def test_a_fraction_given_at_the_prompt_to_a_variable_proved_whole_makes_the_run_refuse_to_go_on() -> None:
    session = Session(None)
    interrupted(session, *SPIN)
    session.type("X←2.5")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_whole_number_given_at_the_prompt_lets_the_run_go_on() -> None:
    session = Session(None)
    interrupted(session, *SPIN)
    session.type("X←0")
    assert "RIEN A CONTINUER" not in session.type("CO")


PARITY = lines("10 LIRE X;C←0", "20 SI X=2*ENT(X/2) ALORS X←X/2 SINON X←3*X+1", "30 C←C+1;SI X#1 ALORS ALLER EN 20",
               "40 AFFICHER C", "50 TERMINER")


def test_a_test_of_parity_is_a_remainder_by_two() -> None:
    assert "if ((v_X % 2.0) == 0.0):" in listing(PARITY)


def test_a_test_of_a_multiple_of_three_is_tested_within_2_to_the_51_first() -> None:
    assert "((v_X % 3.0) == 0.0) if -2251799813685248.0 <= v_X <= 2251799813685248.0 else" in listing(
        PARITY.replace("2*ENT(X/2)", "3*ENT(X/3)"))


MULTIPLES = lines("10 CHAINE S;LIRE Y;S←'';FAIRE 40 POUR K←1 JUSQUA 9", "20 X←Y*K-K*K/2",
                  "30 C←SI X=2*ENT(X/2) ALORS 1 SINON 0;D←SI ENT(X/-4)*(-4)#X ALORS 1 SINON 0",
                  "40 S←S!CCA(C)!CCA(D)!CCA(SI X=ENT(X/3)*3 ALORS 1 SINON 0)!CCA(SI 10*ENT(X/10)=X ALORS 1 SINON 0)",
                  "50 AFFICHER S", "60 TERMINER")


@pytest.mark.parametrize("typed", ["7", "-7", "0.5", "1E300", "-9E15", "9007199254740994", "1E-310", "1E-40", "0"])
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_tests_of_multiples(typed: str, profile: str) -> None:
    assert len(run_lse(MULTIPLES, [typed]).output.strip()) == 36  # (it runs: four digits a pass)
    assert_agrees(MULTIPLES, [typed], profile=profile)


def test_the_tests_of_multiples_are_written_as_remainders() -> None:
    code = listing(MULTIPLES)
    assert all(f"((v_X % {m}) == 0.0)" in code for m in ("2.0", "3.0", "10.0"))


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_the_collatz_walk_of_27_takes_111_steps(profile: str) -> None:
    assert run_lse(PARITY, ["27"]).output.split() == ["111"]


# The dividend an element or arithmetic of variables, written twice (bank's journal `NJ[A]-8*ENT(NJ[A]/8)`, a
# magic square's `(I-1)-4*ENT((I-1)/4)`): worked out once into a temporary, then as for a name.
ELEMENTS = {
    "an element by a constant": lines(
        "10 TABLEAU NJ[5];NJ[3]←5;S←0", "20 FAIRE 30 POUR K←1 JUSQUA 20", "30 NJ[3]←NJ[3]+3;S←S+(NJ[3]-8*ENT(NJ[3]/8))",
        "40 AFFICHER S", "50 TERMINER"),
    "a difference by a constant": lines(
        "10 S←0;FAIRE 20 POUR I←1 JUSQUA 30", "20 T←(I-1)-4*ENT((I-1)/4);S←S*3+T", "30 AFFICHER S", "40 TERMINER"),
    "an element by a variable, its quotient kept": lines(
        "10 TABLEAU A[4];A[2]←1000;M←7;S←0", "20 FAIRE 30 POUR K←1 JUSQUA 9",
        "30 A[2]←A[2]+K*K;R←A[2]-M*ENT(A[2]/M);Q←ENT(A[2]/M);S←S+R+Q", "40 AFFICHER S", "50 TERMINER"),
    "fractions and negatives in the array": lines(
        "10 TABLEAU V[6];V[1]←7.5;V[2]←-23;V[3]←-0.25;V[4]←1E20;V[5]←-4E15;V[6]←0", "20 FAIRE 30 POUR K←1 JUSQUA 6",
        "30 AFFICHER V[K]-3*ENT(V[K]/3),V[K]-ENT(V[K]/-7)*(-7)", "40 TERMINER"),
    "a remainder inside the dividend": lines(
        "10 S←0;FAIRE 20 POUR I←1 JUSQUA 25", "20 S←S+((I-2*ENT(I/2))+I-5*ENT(((I-2*ENT(I/2))+I)/5))",
        "30 AFFICHER S", "40 TERMINER"),
    "an element of an array by reference, then stored": lines(
        "10 TABLEAU T[3];T[1]←17;&P(T);AFFICHER T[1]", "20 TERMINER", "100 PROCEDURE &P(A) LOCAL K",
        "110 FAIRE 110 POUR K←1 JUSQUA 5;A[1]←A[1]*3-(A[1]-10*ENT(A[1]/10))", "120 RETOUR"),
    "a division by zero": lines(
        "10 TABLEAU T[2];T[1]←5;M←0", "20 FAIRE 20 POUR K←1 JUSQUA 2;X←T[1]-M*ENT(T[1]/M)", "30 TERMINER"),
}


@pytest.mark.parametrize("name", list(ELEMENTS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_remainder_of_an_element_or_a_sum(name: str, profile: str) -> None:
    assert_agrees(ELEMENTS[name], profile=profile)


@pytest.mark.parametrize("name", ["an element by a constant", "a difference by a constant",
                                  "an element of an array by reference, then stored"])
def test_a_remainder_of_an_element_or_a_sum_is_worked_out_once_as_python_s(name: str) -> None:
    code = listing(ELEMENTS[name])  # (the element may be a value kept before: tests/test_placed_elements.py)
    assert re.search(r"\((_rm\d+|_w\d+|\(v_I - 1\.0\)) % \d+\.0\)", code), code


QUOTIENT = lines("10 LIRE A,B", "20 Q←ENT(A/B);AFFICHER Q;R←ENT((A*B)/(B-A))+ENT(A/3);AFFICHER R", "30 TERMINER")


def test_a_quotient_that_ent_floors_is_not_tested_for_an_overflow_in_double() -> None:
    code = listing(QUOTIENT)
    assert "v_Q = _float(_floor((v_A / v_B)))" in code
    assert "_overflow" in listing(QUOTIENT, machine="console80") or "_r32" in listing(QUOTIENT, machine="console80")


@pytest.mark.parametrize("typed", ["7 2", "-7 2", "7.5 -0.5", "1E300 1E-300", "-1E300 1E-300", "5 0", "0 0",
                                   "1E-300 1E300", "1E200 1E200", "3 3", "1E30 1E-10"])
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_the_floor_of_a_quotient_gives_and_fails_as_the_reference_s(typed: str, profile: str) -> None:
    assert_agrees(QUOTIENT, [typed], profile=profile)
