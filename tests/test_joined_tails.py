"""A ! B ! 'x' ! ...: A copied once, onto B and the texts joined first, each join paid and tested for its length as
if made in turn (pystrings.joined_tail); each program runs in every mode against the reference (output, error and
line, cycles), on both machines, with the string too long at each of its joins in turn.
"""

from __future__ import annotations

import pytest

from machine.lse import nodes as n
from machine.lse.listing import listing
from machine.lse.pystrings import literal_tail
from tests.lse_harness import assigned_expression
from tests.oracle.differential import assert_agrees


def grown(start: int, line: str) -> str:
    """A program whose T starts `start` characters long and grows by `line` until it is too long."""
    return (f"10 CHAINE T,M;T←'';M←'MOT'\n20 FAIRE 30 POUR K←1 JUSQUA {start}\n30 T←T!'X'\n"
            f"40 {line};AFFICHER LGR(T);ALLER EN 40\n")


PROGRAMS = {
    "a text built a word and a blank at a time": (
        "10 CHAINE T,V;T←'';V←'LE RENARD MANGE UNE POULE '\n20 FAIRE 30 POUR K←1 JUSQUA 20\n"
        "30 T←T!SCH(V,K,3)!' '\n40 AFFICHER T,LGR(T)\n"),
    "too long at the first join": grown(3995, "T←T!M!'-'"),
    "too long at the second join": grown(3993, "T←T!M!'-'"),
    "too long at the last of three joins": grown(3996, "T←T!M!'-'!'+'"),
    "an unset CHAINE first": "10 CHAINE T,M;M←'A'\n20 T←T!M!'.'\n",
    "an unset CHAINE second": "10 CHAINE T,M;T←'A'\n20 T←T!M!'.'\n",
    "a substring that fails between": "10 CHAINE T;T←'ABC'\n20 T←T!SCH(T,0,1)!'.'\n",
    "a conditional's string joined to a CHAINE and a text": (
        "10 CHAINE A,B;A←'X';B←'Y'\n20 FAIRE 30 POUR K←1 JUSQUA 6\n30 A←(SI K>3 ALORS B SINON 'Z')!A!'.'\n"
        "40 AFFICHER A,LGR(A)\n"),
    "a line built a blank and a word at a time (a word read freely after)": (
        "10 CHAINE D,L,M;D←'LE  CHATDORTSUR ';L←''\n20 FAIRE 40 POUR J←1 JUSQUA 30\n"
        "30 K←J-ENT(J/4)*4+1;M←SCH(D,4*K-3,4)\n40 SI LGR(L)+1+LGR(M)<=40 ALORS L←L!' '!M!'.'!M SINON L←M\n"
        "50 AFFICHER L,LGR(L)\n"),
    "too long at the first join, a word after": grown(4000, "T←T!'-'!M"),
    "too long at the second join, a word after": grown(3997, "T←T!'-'!M"),
    "too long at the third join, a word after": grown(3993, "T←T!'-'!M!M"),
    "joins of joins with texts after": (
        "10 CHAINE A,B;A←'X';B←'Y'\n20 FAIRE 30 POUR K←1 JUSQUA 6\n30 A←(A!B)!(B!'.')!'-'!'+'\n"
        "40 AFFICHER A,LGR(A)\n"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_joins_ending_in_texts(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)




@pytest.mark.parametrize(("text", "texts"), [
    ("T←T!M!' '", [" "]), ("T←T!M!' '!'.'", [" ", "."]), ("T←T!' '", None), ("T←T!M", None),
    ("T←T!' '!M", None), ("T←'A'!'B'!'C'", ["C"]),
])
def test_a_join_has_a_tail_of_texts_only_after_its_first_two_parts(text: str, texts: list[str] | None) -> None:
    found = literal_tail(assigned_expression(text))
    assert ([part.value for part in found[2]] if found else None) == texts


@pytest.mark.parametrize(("text", "parts"), [
    ("T←T!' '!M", ["M"]), ("T←T!M!' '!M", [" ", "M"]), ("T←T!M!X", ["X"]), ("T←T!M", None), ("T←X!M!'.'", ["."]),
])
def test_a_tail_takes_the_variables_read_freely_after_the_first_two_parts(text: str, parts: list[str] | None) -> None:
    found = literal_tail(assigned_expression(text), pure=lambda part: type(part) is n.Var and part.name == "M")
    shown = [part.value if type(part) is n.Str else part.name for part in found[2]] if found else None
    assert shown == (None if text == "T←T!M!X" else parts)  # (X is not read freely: no tail)


def test_a_text_built_a_word_and_a_blank_at_a_time_copies_the_text_once() -> None:
    code = listing("10 CHAINE T,M;T←'';M←'AB'\n20 T←T!M!' ';SI LGR(T)<20 ALORS ALLER EN 20\n30 AFFICHER T\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "_ja1 + (_jb1 + ' ')" in line and "(cyc := cyc + 20 * (2 * _jn1 + 1))" in line


def test_a_line_built_a_blank_and_a_word_at_a_time_copies_the_line_once() -> None:
    code = listing(PROGRAMS["a line built a blank and a word at a time (a word read freely after)"])
    line = code[code.index("# 40:"):code.index("# 50:")]
    assert "_ja1 + (' ' + v_M + '.' + v_M)" in line
    assert "(cyc := cyc + 20 * (4 * _jn1 + 3 * _jl1_0 + 1 * _jl1_2 + 2))" in line  # (each join's length)
