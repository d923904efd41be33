"""A string that only adds characters written out or of a code to its variable's own (S←S!' ', S←'0'!S!'.',
S←S!EQC(X)) is counted by
their number, not by the two lengths (operands.appended): each program runs in every mode against the
reference (output, error and line, cycles), on both machines, up to the memory's end.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.operands import appended
from tests.lse_harness import assigned_expression
from tests.oracle.differential import assert_agrees

FILLED = "10 TABLEAU T[16300]\n"  # leaves micro40's memory 84 cells for strings

PROGRAMS = {
    "a program's string padded by one blank until the memory is full": (
        FILLED + "20 CHAINE S;S←''\n30 S←S!' ';ALLER EN 30\n"),
    "a string grown at both ends by literals, its length shown": (
        "10 CHAINE S;S←'X'\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 S←'<'!S!'>'\n40 AFFICHER S,LGR(S)\n"),
    "a procedure's own CHAINE prefixed by zeros until the memory is full": (
        FILLED + "20 &P\n30 TERMINER\n100 PROCEDURE &P LOCAL C\n110 CHAINE C;C←'1'\n"
        "120 C←'00'!C;ALLER EN 120\n"),
    "a procedure's own CHAINE that gives its cells back at its end": (
        FILLED + "20 FAIRE 30 POUR K←1 JUSQUA 5\n30 &P\n40 AFFICHER 'FIN'\n50 TERMINER\n"
        "100 PROCEDURE &P LOCAL C,I\n110 CHAINE C;C←''\n120 FAIRE 130 POUR I←1 JUSQUA 40\n130 C←C!'AB'\n"
        "140 AFFICHER LGR(C)\n150 RETOUR\n"),
    "an unset string appended to fails on its name": ("10 CHAINE S\n20 S←S!'A'\n30 AFFICHER S\n"),
    "a number variable joined with a literal fails as a join does": ("10 S←1\n20 S←S!'A'\n"),
    "a string grown by a character of another at each pass until the memory is full": (
        FILLED + "20 CHAINE S,C;S←'';C←'Z'\n30 S←S!C;C←C!'';ALLER EN 30\n"),
    "a string reversed a character at a time into a procedure's own": (
        "10 AFFICHER &R('ABCDEFGHIJ')\n20 TERMINER\n100 PROCEDURE &R(B) LOCAL C,D,I\n110 CHAINE C,D;C←''\n"
        "120 FAIRE 130 POUR I←1 JUSQUA LGR(B)\n130 D←SCH(B,I,1);C←D!C\n140 RESULTAT C\n"),
    "a string grown by characters of codes until the memory is full": (
        FILLED + "20 CHAINE S;S←'';X←64\n30 X←X+1;SI X>90 ALORS X←65\n40 S←S!EQC(X)!'-'!EQC(X+32);ALLER EN 30\n"),
    "a string grown by a code that is no character, then by one past the last": (
        "10 CHAINE S;S←'AB';LIRE X\n20 S←EQC(X)!S;AFFICHER S;X←X+1114110;ALLER EN 20\n", ["65.5", "66"]),
    "a string that reaches the longest a string may be": (
        "10 CHAINE S;S←''\n20 S←S!'ABCDEFGHIJKLMNOPQRSTUVWXYZ';ALLER EN 20\n"),
    "a string that reaches the longest a string may be by characters of codes": (
        "10 CHAINE S;S←'';FAIRE 20 POUR I←1 JUSQUA 5000\n20 S←S!EQC(48+I-ENT(I/10)*10)\n"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_appended_strings(name: str, profile: str) -> None:
    program = PROGRAMS[name]
    source, inputs = program if type(program) is tuple else (program, [])
    assert_agrees(source, inputs, profile=profile)




@pytest.mark.parametrize(("statement", "added"), [
    ("S←S!' '", (1, ())),
    ("S←'00'!S", (2, ())),
    ("S←'<'!S!'>'", (2, ())),
    ("S←S!T", (0, ("T",))),  # another variable: its length, read again
    ("S←T!S!'.'!T", (1, ("T", "T"))),
    ("S←S!S", None),  # the variable twice
    ("S←T!' '", None),  # another variable's value
    ("S←S!''", None),  # nothing added
    ("S←S!SCH(T,1,2)", None),  # a built-in's result: its length is not kept
    ("S←S!EQC(X)", (1, ())),  # but a character of a code is one
    ("S←EQC(X+1)!S!'AB'!EQC(66)!T", (4, ("T",))),
    ("S←S!EQC(X)!CCA(X)", None),
])
def test_what_a_join_adds_to_its_own_variable_is_known_from_literals_and_variables(statement: str, added) -> None:
    assert appended(assigned_expression(statement), "S") == added


def test_a_string_grown_by_another_variable_takes_that_variable_s_length_alone() -> None:
    code = listing("10 CHAINE S,C;S←'';C←'AB'\n20 S←S!C;SI LGR(S)<9 ALORS ALLER EN 20\n30 AFFICHER S\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "(_mo := _len(v_C)) + _MM.used <= _MM.limit" in line and "_len(_sv)" not in line


def test_a_string_grown_by_a_character_of_a_code_is_stored_with_no_length_taken() -> None:
    code = listing("10 CHAINE S;S←'';X←65\n20 S←S!EQC(X);X←X+1;SI X<90 ALORS ALLER EN 20\n30 AFFICHER S\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "_mo := 1" in line and "_len(_sv)" not in line


def test_a_string_padded_by_a_blank_is_stored_with_no_length_taken() -> None:
    code = listing("10 CHAINE S;S←''\n20 S←S!' ';SI LGR(S)<9 ALORS ALLER EN 20\n30 AFFICHER S\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "_mo := 1" in line and "_len(_sv)" not in line
