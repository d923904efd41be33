"""One grammar for a number's text (numbers.NUMBER_TEXT): a program's constant, a number typed for LIRE and the
number CNB reads take the same texts, digits on both sides of a point (no `.5`, no `12.`, as LSE wrote them)."""

from __future__ import annotations

import pytest

from machine.lse import builtins as b
from machine.lse.inputs import parse_number_field
from machine.lse.lexer import LexError, tokenize
from machine.micro import Micro
from machine.profile import load_profile
from tests.oracle.differential import assert_agrees

# (text, the number it is, or None if it is none whole): LIRE takes it, CNB reads it to its end, and (its sign
# apart) a program's line makes it one constant.
TEXTS = [
    ("12", 12.0), ("12.5", 12.5), ("-12.5", -12.5), ("+7", 7.0), ("4.2E-04", 4.2e-4), ("1E6", 1e6),
    ("-25E+3", -25000.0), ("0.5", 0.5), ("007.50", 7.5),
    (".5", None), ("-.5", None), ("+.5", None), ("12.", None), ("-12.", None), ("1.E5", None), (".5E2", None),
    ("1E", None), ("1E+", None), ("1.5.2", None), ("E5", None), ("--1", None),
]


def lexed(text: str) -> float | None:
    """The constant a line makes of the text (its sign an operator apart), or None if it is not one constant."""
    unsigned = text[1:] if text[:1] in "+-" else text
    try:
        tokens = tokenize(f"A←{unsigned}", 10)
    except LexError:
        return None
    if len(tokens) != 4 or tokens[2].kind != "NUM":
        return None
    return -tokens[2].value if text.startswith("-") else tokens[2].value


def read_whole(text: str) -> float | None:
    """The number CNB reads of the text if it reads all of it, else None."""
    value, after = b.cnb(text, 1.0)
    return value if after == len(text) + 1 else None


@pytest.mark.parametrize(("text", "number"), TEXTS)
def test_a_constant_lire_and_cnb_take_the_same_texts(text: str, number: float | None) -> None:
    assert lexed(text) == parse_number_field(text) == read_whole(text) == number


@pytest.mark.parametrize(("text", "number", "after"), [
    (".5", 0.0, 1.0), ("  -.5X", 0.0, 1.0), ("12.", 12.0, 3.0), ("12.X", 12.0, 3.0), ("7.E2", 7.0, 2.0),
    ("1.5.2", 1.5, 4.0), ("3.5E", 3.5, 4.0), (" -7.25E+2.", -725.0, 10.0),
])
def test_cnb_stops_before_a_point_no_digit_follows_and_reads_no_leading_point(text, number, after) -> None:
    assert b.cnb(text, 1.0) == (number, after)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("text", [".5", "12.", "-.5", "1.E5"])
def test_lire_refuses_a_point_without_digits_on_both_sides(text: str, profile: str) -> None:
    micro = Micro(load_profile(profile))
    micro.load_text("10 LIRE X\n20 AFFICHER X\n")
    micro.run_until_blocked()
    micro.feed(text)
    micro.run_until_blocked()
    assert micro.error_text() == f"DONNEE INVALIDE {text} EN LIGNE 10"
    assert_agrees("10 LIRE X\n20 AFFICHER X\n", [text], profile=profile)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_cnb_at_a_point(profile: str) -> None:
    source = ("10 CHAINE S;S←' .5 12. -.25 7.E2 3.5'\n20 FAIRE 30 POUR D←1 JUSQUA LGR(S)+1\n"
              "30 AFFICHER CNB(S,D,P),P\n")
    assert_agrees(source, [], profile=profile)
