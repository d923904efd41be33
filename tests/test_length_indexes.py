"""A CHAINE's length in a string built-in's start or count (SCH(S,2,LGR(S)-1), EQN(S,LGR(S))) is an int, with no float
made (pyoperators.int_start): each program runs in every mode against the reference (output, error and line, cycles), on
both machines, with strings emptied, starts past the end and lengths of unset strings.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.profile import known_profiles, load_profile
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    "a word turned round by a function on the rest of it": (
        "10 CHAINE W;W←'RENARD';AFFICHER &INV(W)\n20 TERMINER\n100 PROCEDURE &INV(S) LOCAL S\n110 CHAINE S\n"
        "120 SI LGR(S)<2 ALORS RESULTAT S\n130 RESULTAT &INV(SCH(S,2,LGR(S)-1))!SCH(S,1,1)\n"),
    "the last character and the code of the last one, down to an empty string": (
        "10 CHAINE S,C;S←'ABCDE'\n20 C←SCH(S,LGR(S),1);AFFICHER C,EQN(S,LGR(S))\n"
        "30 S←SCH(S,1,LGR(S)-1);SI LGR(S)>0 ALORS ALLER EN 20\n40 AFFICHER EQN(S,LGR(S))\n"),
    "a start past the end and a count past it": (
        "10 CHAINE S,T;S←'ABC';T←''\n20 FAIRE 30 POUR K←1 JUSQUA 4\n30 T←T!SCH(S,LGR(S)+1,1)!SCH(S,2,LGR(S)+K)!'.'\n"
        "40 AFFICHER T,LGR(T)\n"),
    "a count of minus one": "10 CHAINE S;S←''\n20 AFFICHER SCH('ABC',1,LGR(S)-1)\n",
    "the length of an unset string in a count": "10 CHAINE S,T;S←'AB'\n20 AFFICHER SCH(S,1,LGR(T))\n",
    "the length of another string in a procedure's own": (
        "10 &P('LE RENARD')\n20 TERMINER\n100 PROCEDURE &P(A) LOCAL A,B,I\n110 CHAINE B;B←''\n"
        "120 FAIRE 130 POUR I←1 JUSQUA 5\n130 B←B!SCH(A,LGR(B)+1,2)\n140 AFFICHER B\n"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_lengths_as_starts_and_counts(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


def test_the_rest_of_a_string_is_cut_by_its_length_as_an_int() -> None:
    code = listing("10 CHAINE S;S←'ABCDEF'\n20 S←SCH(S,2,LGR(S)-1);SI LGR(S)>1 ALORS ALLER EN 20\n30 AFFICHER S\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "(_len(v_S) - 1)) >= 0" in line and "_floor(" not in line


@pytest.mark.parametrize("name", known_profiles())
def test_every_machine_holds_strings_shorter_than_2_to_the_24_so_a_length_is_an_exact_int(name: str) -> None:
    # int_start takes a CHAINE's length as an int, exact in either number model: the memory bounds it
    assert load_profile(name).memory_cells < 2 ** 24
