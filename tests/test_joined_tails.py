"""A ! B ! 'x' ! ...: A copied once, onto B and the texts joined first, each join paid and tested for its length as
if made in turn (pystrings.joined_tail); each program runs in every mode against the reference (output, error and
line, cycles), on both machines, with the string too long at each of its joins in turn.
"""

from __future__ import annotations

import pytest

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
    ("T←T!' '!M", None), ("T←'A'!'B'!'C'", None),
])
def test_a_join_has_a_tail_of_texts_only_after_its_first_two_parts(text: str, texts: list[str] | None) -> None:
    found = literal_tail(assigned_expression(text))
    assert (found and found[2]) == texts if texts else found is None


def test_a_text_built_a_word_and_a_blank_at_a_time_copies_the_text_once() -> None:
    code = listing("10 CHAINE T,M;T←'';M←'AB'\n20 T←T!M!' ';SI LGR(T)<20 ALORS ALLER EN 20\n30 AFFICHER T\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "_ja1 + (_jb1 + ' ')" in line and "(cyc := cyc + 40 * _jn1 + 20.0)" in line
