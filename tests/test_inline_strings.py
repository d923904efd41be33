"""POS, SCH, CCA, EQN and EQC written inline (pystrings) give the built-in's result, error and cycles.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles):
starts whole and not, before and past the end, operands of every kind, unset names read in order, and
operands with effects (a function) computed once each, in order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

ROOT = Path(__file__).resolve().parent.parent

SET = "10 CHAINE S,T;S←'1,2,3,10,12,';T←','\n"
TWICE = "15 FAIRE 20 POUR R←1 JUSQUA 2\n"  # a line run once is written short: no inline form (pygen.once)

PROGRAMS = {
    "every start from 0 to past the end": (
        SET + "20 FAIRE 30 POUR D←0 JUSQUA 15\n30 AFFICHER POS(S,D,T),POS(S,D,'1'),POS(S,D,'')\n"),
    "a start written out, a string written out": (
        SET + TWICE + "20 AFFICHER POS(S,1,','),POS(S,4,'1'),POS(S,14,''),POS('ABCABC',2,'BC'),POS('',1,'')\n"),
    "a target longer than the string": SET + TWICE + "20 AFFICHER POS(T,1,S),POS(S,1,S),POS(S,2,S)\n",
    "a counting loop over every occurrence": (
        SET + "20 N←0;J←1\n30 J←POS(S,J,T);SI J=0 ALORS ALLER EN 50\n40 N←N+J;J←J+1;ALLER EN 30\n"
        "50 AFFICHER N\n"),
    "a fractional start": SET + TWICE + "20 AFFICHER POS(S,1.5,T)\n",
    "a negative start": SET + TWICE + "20 D←-1;AFFICHER POS(S,D,T)\n",
    "a huge start": SET + TWICE + "20 AFFICHER POS(S,1E300,T)\n",
    "a start beyond single precision before a target that is joined (paid for only if it is reached)": (
        SET + TWICE + "20 AFFICHER POS(S,1E300,T!'MICRO')\n"),
    "a computed start": SET + TWICE + "20 D←3;AFFICHER POS(S,D*2-1,T),POS(S,D/2,T)\n",
    "a number for the string": SET + TWICE + "20 X←12;AFFICHER POS(X,1,T)\n",
    "a number for the target": SET + TWICE + "20 X←1;AFFICHER POS(S,1,X)\n",
    "a string for the start": SET + TWICE + "20 AFFICHER POS(S,T,T)\n",
    "an unset string before an unset start": TWICE + "20 AFFICHER POS(A,D,'X')\n",
    "an unset start before an unset target": "10 CHAINE S;S←'AB'\n" + TWICE + "20 AFFICHER POS(S,D,U)\n",
    "an unset target": "10 CHAINE S;S←'AB'\n" + TWICE + "20 AFFICHER POS(S,1,U)\n",
    "operands with effects, computed once each and in order": (
        SET + TWICE + "20 K←0;AFFICHER POS(S!'',&F(2),SCH(T,1,1)),K\n30 TERMINER\n"
        "40 PROCEDURE &F(A) LOCAL A\n50 K←K+1;RESULTAT A\n"),
    "a function that fails after the string was computed": (
        SET + TWICE + "20 AFFICHER POS(S!'X',&F(0),T)\n30 TERMINER\n40 PROCEDURE &F(A) LOCAL A\n50 RESULTAT 1/A\n"),
    "a wrong start after a computed string": SET + TWICE + "20 AFFICHER POS(S!'X',0,T)\n",
    "from the first character and starts written out, in strings written out, for characters and ''": (
        "10 CHAINE S,C;S←'AB,CD'\n20 FAIRE 30 POUR R←1 JUSQUA 6\n30 C←SCH(S,R,1);AFFICHER POS(' ,.',1,C),"
        "POS(S,1,C),POS('ABC',2,C),POS('AB',3,C),POS('AB',5,C),POS('',1,C),POS(C,1,'B')\n"),
    "in a procedure on its own string": (
        "10 AFFICHER &P('ABCABCA')\n20 TERMINER\n30 PROCEDURE &P(C) LOCAL C,N,J\n40 CHAINE C\n"
        "50 N←0;J←1\n60 J←POS(C,J,'A');SI J=0 ALORS RESULTAT N\n70 N←N+J;J←J+1;ALLER EN 60\n"),
}


SUBSTRINGS = {
    "a character at every start from 1 to just past the end": (
        SET + "20 FAIRE 30 POUR D←1 JUSQUA 13\n30 AFFICHER SCH(S,D,1),SCH(S,D,3),LGR(SCH(S,D,3))\n"),
    "a start of 0": SET + TWICE + "20 D←0;AFFICHER SCH(S,D,1)\n",
    "a start two past the end": SET + TWICE + "20 D←14;AFFICHER SCH(S,D,2)\n",
    "a character at a start written out, within and past the end": (
        SET + TWICE + "20 AFFICHER SCH(S,1,1),SCH(S,12,1),SCH(S,12,3),SCH(S,13,1),SCH(T,2,1),SCH(S!T,13,2)\n"),
    "a start written out past the end plus one": SET + TWICE + "20 AFFICHER SCH(S,14,1)\n",
    "a fractional start": SET + TWICE + "20 D←1.5;AFFICHER SCH(S,D,1)\n",
    "a fractional start past the end": SET + TWICE + "20 D←13.5;AFFICHER SCH(S,D,1)\n",
    "a guarded scan that reads one past the end (ET reads both sides)": (
        SET + "20 FAIRE 20 POUR J←1 TANT QUE J<=LGR(S) ET SCH(S,J,1)#'3'\n30 AFFICHER J,SCH(S,J,1)\n"
        "40 FAIRE 40 POUR K←1 TANT QUE K<=LGR(S) ET SCH(S,K,1)#'Z'\n50 AFFICHER K,SCH(S,K,1),SCH(S,K+5,1)\n"),
    "a computed start": SET + TWICE + "20 D←3;AFFICHER SCH(S,D*2-1,2),SCH(S,D/2,1)\n",
    "a number for the string": SET + TWICE + "20 X←12;AFFICHER SCH(X,1,1)\n",
    "a string for the start": SET + TWICE + "20 AFFICHER SCH(S,T,1)\n",
    "an unset string before an unset start": TWICE + "20 AFFICHER SCH(A,D,1)\n",
    "a string scanned a character at a time": (
        SET + "20 N←0;FAIRE 30 POUR D←1 JUSQUA LGR(S)\n30 SI SCH(S,D,1)=T ALORS N←N+D\n40 AFFICHER N\n"),
    "a count computed, within and past the end": (
        SET + "20 FAIRE 30 POUR D←1 JUSQUA 14\n30 N←D-3;AFFICHER SCH(S,D,N+3),SCH(S,1,D-1),SCH(S,D+1,LGR(S)-D)\n"),
    "a negative count": SET + TWICE + "20 N←-1;AFFICHER SCH(S,2,N)\n",
    "a fractional count": SET + TWICE + "20 N←1.5;AFFICHER SCH(S,2,N)\n",
    "a string of stops for the count": SET + TWICE + "20 AFFICHER SCH(S,2,T)\n",
    "an unset count after an unset start": SET + TWICE + "20 AFFICHER SCH(S,D,N)\n",
    "a count with effects, computed once after the start": (
        SET + TWICE + "20 K←0;AFFICHER SCH(S,K+1,&F(3)),K\n30 TERMINER\n"
        "40 PROCEDURE &F(A) LOCAL A\n50 K←K+1;S←'CHANGED';RESULTAT A\n"),
    "a string cut at a stop written out, from every start": (
        SET + "20 FAIRE 30 POUR D←1 JUSQUA 14\n30 AFFICHER SCH(S,D,','),SCH(S,D,'9'),SCH(S!'X',D+1,',')\n"),
    "a cut at a stop from a fractional start": SET + TWICE + "20 D←1.5;AFFICHER SCH(S,D,',')\n",
    "a cut at a stop from a start of 0": SET + TWICE + "20 AFFICHER SCH(S,0,',')\n",
    "a cut at a stop in a number": SET + TWICE + "20 X←3;AFFICHER SCH(X,1,',')\n",
    "numbers written by CCA, whole and not, small and large": (
        "10 FAIRE 20 POUR X←-3 PAS 1.5 JUSQUA 3\n20 AFFICHER CCA(X),CCA(X*333333),CCA(-X/2),CCA(X*1E9)\n"),
    "a million and below it by CCA": (
        TWICE + "20 X←999999;AFFICHER CCA(X),CCA(X+1),CCA(-X),CCA(-X-1),CCA(0*-1),LGR(CCA(X))\n"),
    "numbers of at most three digits and just past them by CCA, whole, halves, minus zero, huge, tiny": (
        "10 FAIRE 20 POUR X←-1001 PAS 0.5 JUSQUA -997\n20 AFFICHER CCA(X),CCA(-X),CCA(X+1998),CCA(0*X),\n"
        "30 AFFICHER CCA(1E300),CCA(-1E-300),CCA(ENT(-0.5)+1)\n"),
    "a string given to CCA": SET + TWICE + "20 AFFICHER CCA(S)\n",
    "an unset number given to CCA": TWICE + "20 AFFICHER CCA(X)\n",
    "a start with effects, computed once after the string": (
        SET + TWICE + "20 K←0;AFFICHER SCH(S!'X',&F(2),2),K\n30 TERMINER\n"
        "40 PROCEDURE &F(A) LOCAL A\n50 K←K+1;RESULTAT A\n"),
}


CODES = {
    "the code of every character, and of one past the end": (
        SET + "20 FAIRE 30 POUR D←1 JUSQUA 13\n30 AFFICHER EQN(S,D)\n"),
    "the first code, by default and written out": SET + TWICE + "20 AFFICHER EQN(S),EQN(S,1),EQN(T),EQN(S,11)\n",
    "a code at a position written out past the end": SET + TWICE + "20 AFFICHER EQN(S,12)\n",
    "the code of an empty string": TWICE + "20 CHAINE V;V←'';AFFICHER EQN(V)\n",
    "characters of codes by halves around 0 and 256, minus zero, and the last before the surrogates": (
        "10 FAIRE 20 POUR X←-1 PAS 0.5 JUSQUA 1\n20 AFFICHER EQN(EQC(X+255)),EQN(EQC(0*X)),EQN(EQC(X+1)),\n"
        "30 AFFICHER EQN(EQC(55295)),EQN(EQC(55296))\n"),
    "a code at position 0": SET + TWICE + "20 D←0;AFFICHER EQN(S,D)\n",
    "a code at a fractional position": SET + TWICE + "20 D←1.5;AFFICHER EQN(S,D)\n",
    "a code at a huge position": SET + TWICE + "20 AFFICHER EQN(S,1E300)\n",
    "a code at a computed position": SET + TWICE + "20 D←3;AFFICHER EQN(S,D*2-1),EQN(S!T,D+10)\n",
    "a code of a number": SET + TWICE + "20 X←12;AFFICHER EQN(X,1)\n",
    "a code at a string position": SET + TWICE + "20 AFFICHER EQN(S,T)\n",
    "a code of an unset string before an unset position": TWICE + "20 AFFICHER EQN(A,D)\n",
    "a code of characters beyond ASCII": TWICE + "20 CHAINE V;V←'ÉЖ€';AFFICHER EQN(V,1),EQN(V,2),EQN(V,3)\n",
    "a code at a position with effects, computed after the string": (
        SET + TWICE + "20 K←0;AFFICHER EQN(S!'X',&F(2)),K\n30 TERMINER\n"
        "40 PROCEDURE &F(A) LOCAL A\n50 K←K+1;S←'CHANGED';RESULTAT A\n"),
    "a position that fails after the string was computed": (
        SET + TWICE + "20 AFFICHER EQN(S!'X',&F(0))\n30 TERMINER\n40 PROCEDURE &F(A) LOCAL A\n50 RESULTAT 1/A\n"),
    "characters of codes from 0 up, joined": (
        "10 CHAINE C;C←''\n20 FAIRE 30 POUR X←0 PAS 7 JUSQUA 300\n30 C←C!EQC(X)\n40 AFFICHER LGR(C),EQN(C,44)\n"),
    "characters of codes about the surrogates and beyond": (
        TWICE + "20 AFFICHER EQN(EQC(55295)),EQN(EQC(57344)),EQN(EQC(1114111))\n"),
    "a character of a surrogate code": TWICE + "20 X←55296;AFFICHER EQC(X)\n",
    "a character of a code past the last": TWICE + "20 X←1114112;AFFICHER EQC(X)\n",
    "a character of a fractional code": TWICE + "20 X←65.5;AFFICHER EQC(X)\n",
    "a character of a negative code": TWICE + "20 X←-1;AFFICHER EQC(X)\n",
    "a character of a string": SET + TWICE + "20 AFFICHER EQC(S)\n",
    "a character of an unset code": TWICE + "20 AFFICHER EQC(X)\n",
    "a character of a computed code, and of a function's": (
        TWICE + "20 X←64;AFFICHER EQC(X+1),EQC(&F(66))\n30 TERMINER\n40 PROCEDURE &F(A) LOCAL A\n50 RESULTAT A\n"),
    "a shift of each letter by its code, as a cipher does": (
        "10 CHAINE T,U;T←'ARSACXYZ';U←''\n20 FAIRE 30 POUR I←1 JUSQUA LGR(T)\n"
        "30 X←EQN(T,I)+3;SI X>90 ALORS X←X-26\n35 U←U!EQC(X)\n40 AFFICHER U\n"),
}


# A FAIRE variable that starts SCH or EQN is read as its int (pyoperators.int_start), NaN where it is no whole number.
COUNTED = {
    "each character by a loop from 1, past the end": (
        SET + "20 FAIRE 30 POUR I←1 JUSQUA 14\n30 AFFICHER SCH(S,I,1),SCH(S,I,2),EQN(S!'X',I),SCH(S,I,',')\n"),
    "a loop from 0: the first start is refused": SET + "20 FAIRE 30 POUR I←0 JUSQUA 3\n30 AFFICHER SCH(S,I,1)\n",
    "a loop from 0 by EQN": SET + "20 FAIRE 30 POUR I←0 JUSQUA 3\n30 AFFICHER EQN(S,I)\n",
    "a loop from 0 to a stop": SET + "20 FAIRE 30 POUR I←0 JUSQUA 3\n30 AFFICHER SCH(S,I,',')\n",
    "a loop down from past the end": SET + "20 FAIRE 30 POUR I←13 PAS -1 JUSQUA 1\n30 AFFICHER SCH(S,I,1),EQN(S,I)\n",
    "a loop by halves": SET + "20 FAIRE 30 POUR I←1 PAS 0.5 JUSQUA 3\n30 AFFICHER SCH(S,I,1)\n",
    "a loop by halves, by EQN": SET + "20 FAIRE 30 POUR I←1 PAS 0.5 JUSQUA 3\n30 AFFICHER EQN(S,I)\n",
    "a loop from a fraction": SET + "20 FAIRE 30 POUR I←1.5 JUSQUA 3\n30 AFFICHER SCH(S,I,',')\n",
    "a loop beyond 2^24": (
        SET + "20 FAIRE 30 POUR I←16777214 PAS 2 JUSQUA 16777220\n30 AFFICHER SCH(S,I,1),EQN(S!S,I)\n"),
    "a count computed from the loop": (
        SET + "20 FAIRE 30 POUR I←1 JUSQUA 13\n30 N←I-1;AFFICHER SCH(S,I,N),SCH(S,I,LGR(S))\n"),
    "a variable set again in the loop": (
        SET + "20 FAIRE 30 POUR I←1 JUSQUA 12\n30 AFFICHER SCH(S,I,1);SI I=4 ALORS I←I+0.5\n"),
    "a loop that counts the characters it finds": (
        SET + "20 N←0;FAIRE 30 POUR I←1 JUSQUA LGR(S)\n30 SI SCH(S,I,1)=T ALORS N←N+EQN(S,I+1)\n40 AFFICHER N\n"),
    "a loop that jumps to its end": (
        SET + "20 N←0;FAIRE 40 POUR I←1 JUSQUA LGR(S)\n30 SI SCH(S,I,1)=T ALORS ALLER EN 40\n35 N←N+EQN(S,I)\n"
        "40 *\n50 AFFICHER N\n"),
    "the variable plus or minus a constant, from before the first to past the last": (
        SET + "20 FAIRE 30 POUR I←1 JUSQUA 14\n30 AFFICHER SCH(S,I-1,1),SCH(S,I+1,2),EQN(S,I+1),SCH(S,I-2,','),"
        "EQN(S,I-1),SCH(S,I+12,1)\n"),
    "the variable of a loop by halves plus a constant": (
        SET + "20 FAIRE 30 POUR I←1 PAS 0.5 JUSQUA 3\n30 AFFICHER SCH(S,I+1,1)\n"),
    "the variable beyond 2^24 plus a constant": (
        SET + "20 FAIRE 30 POUR I←16777214 PAS 2 JUSQUA 16777220\n30 AFFICHER SCH(S,I+1,1),EQN(S!S,I-16777210)\n"),
    "neighbours compared as a bubble sort compares them": (
        "10 CHAINE S,A,B;S←'DCBA';E←0\n20 FAIRE 50 POUR K←3 PAS -1 JUSQUA 1\n30 FAIRE 50 POUR I←1 JUSQUA K\n"
        "40 A←SCH(S,I,1);B←SCH(S,I+1,1);SI A<=B ALORS ALLER EN 50\n45 S←SCH(S,1,I-1)!B!A!SCH(S,I+2,4);E←E+1\n"
        "50 *\n60 AFFICHER S,E\n"),
    "a count that is the variable, from 0 and from before it": (
        SET + "20 FAIRE 30 POUR I←-1 JUSQUA 14\n30 AFFICHER SCH(S,1,I),SCH(S,3,I+1),SCH(S,14,I-1)\n"),
    "a count that is the variable by halves, from a fraction, beyond 2^24": (
        SET + "20 FAIRE 30 POUR I←1 PAS 0.5 JUSQUA 3\n30 AFFICHER SCH(S,2,I-1)\n40 FAIRE 50 POUR I←0.5 JUSQUA 2\n"
        "50 AFFICHER SCH(S,1,I)\n60 FAIRE 70 POUR I←16777214 PAS 2 JUSQUA 16777220\n70 AFFICHER SCH(S,1,I-16777210)\n"),
    "a count of the variable, the start of the variable": (
        SET + "20 FAIRE 30 POUR I←1 JUSQUA 9\n30 AFFICHER SCH(S,I,I-1),SCH(S,I+1,I),SCH(S,1,I),SCH(S,I,I+3)\n"),
    "a character replaced as the book replaces it": (
        "10 CHAINE S;S←'........'\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 S←SCH(S,1,I-1)!'X'!SCH(S,I+1,8-I);AFFICHER S\n"),
    "the variable of a procedure's loop": (
        "10 AFFICHER &F('ABCDE')\n20 TERMINER\n30 PROCEDURE &F(S) LOCAL S,I,N\n40 N←0\n"
        "50 FAIRE 60 POUR I←1 JUSQUA LGR(S)+1\n60 N←N+LGR(SCH(S,I,1))*I\n70 RESULTAT N\n"),
}


@pytest.mark.parametrize("name", sorted(COUNTED))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_where_a_loops_variable_starts_sch_or_eqn(name: str, profile: str) -> None:
    assert_agrees(COUNTED[name], [], profile=profile)


def test_a_loops_variable_starts_a_substring_and_a_code_as_its_int() -> None:
    code = listing(SET + "20 N←0;FAIRE 30 POUR I←1 JUSQUA LGR(S)\n30 X←EQN(S,I);SI SCH(S,I,1)=T ALORS N←N+X\n"
                   "40 AFFICHER N\n")
    assert "v_S[i_I - 1] if" in code and "_ord(v_S[i_I - 1])" in code and "_floor(v_I)" not in code
    code = listing(SET + "20 N←0;FAIRE 30 POUR I←1 JUSQUA LGR(S)\n30 X←EQN(S,I+1);SI SCH(S,I-1,1)=T ALORS N←N+X\n"
                   "40 AFFICHER N\n")
    assert "_ord(v_S[(i_I + 1) - 1])" in code and "(_i2 := (i_I - 1)) > 0" in code and "_floor(_d" not in code


def test_a_loops_variable_plus_a_constant_counts_a_substring_as_its_int() -> None:
    code = listing(SET + "20 N←0;FAIRE 30 POUR I←1 JUSQUA LGR(S)\n30 N←N+LGR(SCH(S,1,I-1))+LGR(SCH(S,2,I))\n"
                   "40 AFFICHER N\n")
    assert "(_k2 := (i_I - 1)) >= 0" in code and "(_k2 := i_I) >= 0" in code and "_floor(_n" not in code


@pytest.mark.parametrize("name", sorted(CODES))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_eqn_and_eqc(name: str, profile: str) -> None:
    assert_agrees(CODES[name], [], profile=profile)


@pytest.mark.parametrize("name", sorted(SUBSTRINGS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_sch(name: str, profile: str) -> None:
    assert_agrees(SUBSTRINGS[name], [], profile=profile)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_pos(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_plain_runs_find_with_str_find_and_call_the_built_in_only_for_what_the_test_refuses() -> None:
    code = listing(SET + TWICE + "20 J←1;J←POS(S,J,T)\n30 AFFICHER J\n")
    start = code.index("# 20:")
    line = code[start:code.index("# 30:", start)]
    assert ".find(" in line
    assert line.count("_b_POS(") == 1  # the general way, given the values


def test_plain_runs_read_a_character_by_its_index_and_pay_it_with_the_test() -> None:
    code = listing(SET + TWICE + "20 D←2;C←SCH(S,D,1)\n30 AFFICHER C\n")
    start = code.index("# 20:")
    line = code[start:code.index("# 30:", start)]
    assert "[_i1 - 1] if" in line and "(cyc := cyc + 20.0)" in line
    assert line.count("_sch(") == 1  # the paid general way, given the values


def test_codes_are_read_by_index_and_characters_made_by_chr_with_the_built_in_only_for_what_the_test_refuses() -> None:
    code = listing(SET + TWICE + "20 D←2;X←EQN(S,D);C←EQC(X+1)\n30 AFFICHER C\n")
    start = code.index("# 20:")
    line = code[start:code.index("# 30:", start)]
    assert "_ord(v_S[_i1 - 1])" in line and "_chr(" in line
    assert line.count("_b_EQN(") == 1 and line.count("_b_EQC(") == 1  # the general way, given the values


def test_a_whole_number_of_at_most_three_digits_is_looked_up_for_cca_and_a_code_below_256_for_eqc() -> None:
    code = listing("10 CHAINE B\n" + TWICE + "20 B←CCA(R)!B\n30 AFFICHER B\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "_ccat(v_R)) is not None or" in line and line.count("_b_CCA(") == 1
    code = listing("10 CHAINE B\n" + TWICE + "20 B←EQC(R+64)!B\n30 AFFICHER B\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "_eqct(_x" in line and line.count("_b_EQC(") == 1


HELD = SET + "12 CHAINE U,V\n"  # the substrings' own variables
TOLD = {
    "every start from 0 to two past the end, counts written out": (
        HELD + "20 FAIRE 30 POUR D←0 JUSQUA 15\n30 U←SCH(S,D,1,P);V←SCH(S,D,3,Q);AFFICHER U,P,V,Q\n"),
    "every start and count, both computed": (
        HELD + "20 FAIRE 40 POUR D←1 JUSQUA 15\n30 FAIRE 40 POUR N←0 JUSQUA 3\n"
        "40 U←SCH(S,D,N,P);AFFICHER U,P\n"),
    "starts and counts written out, within and past the end": (
        HELD + TWICE + "20 AFFICHER SCH(S,1,2,P),P,SCH(S,12,1,P),P,SCH(S,12,3,P),P,SCH(S,13,1,P),P,SCH(S,20,2,P),P\n"),
    "the position read as the next start": (
        HELD + "20 P←1;N←0\n30 U←SCH(S,P,2,P);N←N+LGR(U);SI P<=LGR(S) ALORS ALLER EN 30\n40 AFFICHER N,P\n"),
    "the start's own variable given the position": (
        HELD + TWICE + "20 P←2;U←SCH(S,P,P,P);AFFICHER U,P\n"),
    "a fractional count": HELD + TWICE + "20 N←1.5;U←SCH(S,2,N,P);AFFICHER U,P\n",
    "a negative count": HELD + TWICE + "20 N←-1;U←SCH(S,2,N,P);AFFICHER U,P\n",
    "a fractional start": HELD + TWICE + "20 D←2.5;U←SCH(S,D,2,P);AFFICHER U,P\n",
    "a number for the string": HELD + TWICE + "20 X←12;U←SCH(X,1,1,P);AFFICHER U,P\n",
    "an unset string": "10 CHAINE U\n" + TWICE + "20 U←SCH(A,1,1,P);AFFICHER U,P\n",
    "a procedure's own position variable (the general way)": (
        "10 AFFICHER &F('ABCDE')\n20 TERMINER\n30 PROCEDURE &F(S) LOCAL S,P,N\n40 N←0;P←1\n"
        "50 N←N+LGR(SCH(S,P,2,P));SI P<=LGR(S) ALORS ALLER EN 50\n60 RESULTAT N*100+P\n"),
    "a position given to a variable the program holds a string in": (
        "10 CHAINE S,P,U;S←'ABC'\n" + TWICE + "20 U←SCH(S,1,1,P);AFFICHER U\n"),
    "every start, two to four stops, one repeated, the position given back or not": (
        "10 CHAINE S,U,V,W;S←'AB,C D;,E''F'\n12 CHAINE X\n"
        "20 FAIRE 30 POUR D←1 JUSQUA 13\n30 U←SCH(S,D,', ',P);V←SCH(S,D,';,'' ',Q);W←SCH(S,D,'XX,',R);"
        "X←SCH(S,D,'''F');AFFICHER U,P,V,Q,W,R,X\n"),
    "stops none of which is found, and a stop at the start": (
        "10 CHAINE S,U,V\n" + TWICE + "20 S←'ABCDE';U←SCH(S,2,'XYZ',P);V←SCH(S,2,'QB',Q);AFFICHER U,P,V,Q\n"),
    "words split at spaces and commas, each position the next start": (
        "10 CHAINE S,W\n20 S←'LE RENARD, LES POULES ET LE DAMIER';P←1;N←0;L←0\n"
        "30 W←SCH(S,P,' ,',P);SI LGR(W)>0 ALORS DEBUT N←N+1;L←L+LGR(W) FIN\n"
        "40 P←P+1;SI P<=LGR(S) ALORS ALLER EN 30\n50 AFFICHER N,L,P\n"),
    "stops searched from the first character of strings of every length": (
        "10 CHAINE S,U,V;S←'AB,C D'\n20 FAIRE 30 POUR R←0 JUSQUA 6\n"
        "30 U←SCH(SCH(S,1,R),1,',',P);V←SCH(SCH(S,1,R),1,' ,;');AFFICHER U,P,V\n"),
    "three and four stops that mean something to a regular expression, at every start": (
        "10 CHAINE S,U,V,W;S←'A^B]C-D\\E.F*G[H'\n20 FAIRE 30 POUR D←1 JUSQUA 18\n"
        "30 U←SCH(S,D,'^]-',P);V←SCH(S,D,'\\.*[');W←SCH(S,D,'-^\\]',Q);AFFICHER U,P,V,W,Q\n"),
    "a number given stops": "10 CHAINE U\n" + TWICE + "20 X←5;U←SCH(X,1,'AB',P);AFFICHER U,P\n",
    "a position past single precision's whole numbers": (
        "10 CHAINE S,U;S←'AB'\n" + TWICE + "20 U←SCH(S,1,16777217,P);AFFICHER U,P\n"),
}


@pytest.mark.parametrize("name", sorted(TOLD))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_sch_giving_its_position(name: str, profile: str) -> None:
    assert_agrees(TOLD[name], [], profile=profile)


def test_plain_runs_cut_a_substring_and_set_its_position_inline_the_built_in_only_for_what_the_test_refuses() -> None:
    code = listing(HELD + TWICE + "20 D←2;N←3;U←SCH(S,D,N,P);V←SCH(S,D,1,Q)\n30 AFFICHER U,V,P,Q\n")
    start = code.index("# 20:")
    line = code[start:code.index("# 30:", start)]
    assert "(v_P := _float(_i1 + _len(_r1)))" in line and "(v_Q := _float(_i1 + 1))" in line
    assert line.count("_b_SCH(") == 2  # the general way of each, given the values


def test_plain_runs_stop_a_substring_at_the_first_of_two_stops_by_a_find_each_of_three_by_one_search() -> None:
    code = listing(HELD + TWICE + "20 D←2;U←SCH(S,D,', ;',P);V←SCH(S,D,'1,')\n30 AFFICHER U,V,P\n")
    start = code.index("# 20:")
    line = code[start:code.index("# 30:", start)]
    assert line.count(".find(") == 2 and "_K[0](v_S, _i1 - 1)" in line and "(v_P := _float(_e1 + 1))" in line
    assert line.count("_b_SCH(") == 1 and line.count("_sch(") == 1  # the general ways, given the values


NUMBERS_READ = {
    "numbers read at every start, and none past the end": (
        "10 CHAINE S;S←'  12 -3.5E2 X .5 +7. 1E3'\n20 FAIRE 30 POUR D←1 JUSQUA LGR(S)+2\n"
        "30 AFFICHER CNB(S,D),\n"),
    "numbers read one after another by their position": (
        "10 CHAINE S;S←' 4 17 -2 8E1'\n20 P←1;T←0\n30 T←T+CNB(S,P,P);SI P<=LGR(S) ALORS ALLER EN 30\n"
        "40 AFFICHER T,P\n"),
    "a position in a procedure's own variable": (
        "10 AFFICHER &SOMME(' 4 17 -2 8E1')\n20 TERMINER\n30 PROCEDURE &SOMME(S) LOCAL S,P,T\n"
        "40 P←1;T←0\n50 T←T+CNB(S,P,P);SI P<=LGR(S) ALORS ALLER EN 50\n60 RESULTAT T+P\n"),
    "a number read from the first character of strings of every length, its position given or not": (
        "10 CHAINE S,W;S←' 12 X'\n20 FAIRE 30 POUR R←0 JUSQUA 5\n30 W←SCH(S,1,R);AFFICHER CNB(W,1),CNB(W,1,P),P\n"),
    "a fractional start": "10 CHAINE S;S←'12 34'\n" + TWICE + "20 D←1.5;AFFICHER CNB(S,D)\n",
    "a start of 0": "10 CHAINE S;S←'12 34'\n" + TWICE + "20 D←0;AFFICHER CNB(S,D)\n",
    "a number past the double range": "10 CHAINE S;S←'1E999'\n" + TWICE + "20 AFFICHER CNB(S,1)\n",
    "a number for the string": TWICE + "20 X←12;AFFICHER CNB(X,1)\n",
    "an unset string": TWICE + "20 AFFICHER CNB(A,1)\n",
    "a string for the start": "10 CHAINE S;S←'12'\n" + TWICE + "20 AFFICHER CNB(S,S)\n",
    "a position given to a CHAINE": "10 CHAINE S,P;S←'12 34'\n" + TWICE + "20 AFFICHER CNB(S,1,P)\n",
}


@pytest.mark.parametrize("name", sorted(NUMBERS_READ))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_cnb(name: str, profile: str) -> None:
    assert_agrees(NUMBERS_READ[name], [], profile=profile)


def test_a_search_from_the_first_character_passes_no_start_and_a_string_written_out_its_length() -> None:
    code = listing(SET + TWICE + "20 AFFICHER POS(' ,.',1,T),POS(S,1,T),CNB(S,1),SCH(S,1,',')\n30 AFFICHER 0\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "' ,.'.find(v_T) + 1" in line and "v_S.find(v_T) + 1" in line and "_len(' ,.')" not in line
    assert "v_S.find(',')" in line and "(_cb1 := 0) >= 0" in line and "_floor(1.0)" not in line


def test_plain_runs_read_a_number_with_one_match_and_call_the_built_in_only_for_what_the_test_refuses() -> None:
    code = listing(NUMBERS_READ["numbers read one after another by their position"])
    line = code[code.index("# 30:"):code.index("# 40:")]
    assert "_cnbm(" in line and line.count("_b_CNB(") == 1


@pytest.mark.parametrize("program", sorted(p.name for p in (ROOT / "bench" / "lse").glob("*.lse")))
def test_a_constant_charge_inside_an_expression_is_written_as_a_float(program: str) -> None:
    # cyc is a float: float + int is CPython's generic add, about 10 ns slower than float + float
    code = listing((ROOT / "bench" / "lse" / program).read_text())
    assert not re.search(r"cyc := cyc \+ \d+\)", code)
