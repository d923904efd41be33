"""Tests of the LSE lexer (machine/lse/lexer.py): one line of text becomes tokens."""

from __future__ import annotations

import pytest

from machine.errors import Err
from machine.lse.lexer import LexError, tokenize


def kinds_and_texts(text: str) -> list[tuple[str, str]]:
    return [(tok.kind, tok.text) for tok in tokenize(text, 10)]


@pytest.mark.parametrize(("text", "expected"), [
    ("X←1", [("NAME", "X"), ("OP", "←"), ("NUM", "1")]),
    ("X_1", [("NAME", "X"), ("OP", "←"), ("NUM", "1")]),
    ("X￩1", [("NAME", "X"), ("OP", "←"), ("NUM", "1")]),
    ("2^3", [("NUM", "2"), ("OP", "^"), ("NUM", "3")]),
    ("2↑3", [("NUM", "2"), ("OP", "^"), ("NUM", "3")]),
    ("2￪3", [("NUM", "2"), ("OP", "^"), ("NUM", "3")]),
    ("A<=B", [("NAME", "A"), ("OP", "<="), ("NAME", "B")]),
    ("A>=B", [("NAME", "A"), ("OP", ">="), ("NAME", "B")]),
    ("A<B", [("NAME", "A"), ("OP", "<"), ("NAME", "B")]),
    ("A#B", [("NAME", "A"), ("OP", "#"), ("NAME", "B")]),
    ("S!T", [("NAME", "S"), ("OP", "!"), ("NAME", "T")]),
    ("&FACT(N)", [("PROC", "&FACT"), ("OP", "("), ("NAME", "N"), ("OP", ")")]),
    ("T[I,J]", [("NAME", "T"), ("OP", "["), ("NAME", "I"), ("OP", ","), ("NAME", "J"), ("OP", "]")]),
])
def test_operators_and_arrows_become_their_tokens(text, expected):
    assert kinds_and_texts(text)[:-1] == expected


def test_every_line_ends_with_an_end_token_at_its_length():
    tokens = tokenize("X←1", 10)
    assert (tokens[-1].kind, tokens[-1].column) == ("END", 3)


@pytest.mark.parametrize(("text", "value"), [
    ("123", 123.0), ("12.5", 12.5), ("1E6", 1e6), ("4.2E-04", 4.2e-4), ("7E+2", 700.0), ("0", 0.0),
])
def test_numbers_carry_their_float_value(text, value):
    token = tokenize(text, 10)[0]
    assert (token.kind, token.value) == ("NUM", value)
    assert type(token.value) is float


def test_an_e_without_digits_is_not_part_of_the_number():
    assert kinds_and_texts("2E")[:-1] == [("NUM", "2"), ("NAME", "E")]


def test_a_number_too_large_for_a_double_is_refused():
    with pytest.raises(LexError) as caught:
        tokenize("X←1E999", 10)
    assert caught.value.diagnostic.code is Err.BAD_NUMBER
    assert caught.value.diagnostic.text == "1E999"


@pytest.mark.parametrize(("text", "value"), [
    ("'BONJOUR'", "BONJOUR"), ("'D''ACCORD'", "D'ACCORD"), ("''", ""), ("''''", "'"),
    ("'minuscules'", "minuscules"), ("'Привет'", "Привет"), ("'; * ← '", "; * ← "),
])
def test_strings_use_single_quotes_with_a_doubled_quote_inside(text, value):
    token = tokenize(text, 10)[0]
    assert (token.kind, token.value) == ("STR", value)


def test_keywords_are_recognised_in_any_case_and_names_are_upper_cased():
    assert kinds_and_texts("afficher Nom")[:-1] == [("KW", "AFFICHER"), ("NAME", "NOM")]
    assert kinds_and_texts("aller en x")[:-1] == [("KW", "ALLER"), ("KW", "EN"), ("NAME", "X")]


def test_a_keyword_glued_to_letters_is_a_name():
    assert kinds_and_texts("SI ETA")[:-1] == [("KW", "SI"), ("NAME", "ETA")]
    assert kinds_and_texts("FINI")[:-1] == [("NAME", "FINI")]


def test_names_may_be_long_and_hold_digits():
    assert kinds_and_texts("COMPTEUR2")[:-1] == [("NAME", "COMPTEUR2")]


def test_cyrillic_and_accented_letters_make_names():
    assert kinds_and_texts("СБ: ÉTÉ←1")[:-1] == [("NAME", "СБ"), ("OP", ":"), ("NAME", "ÉTÉ"), ("OP", "←"),
                                                 ("NUM", "1")]


@pytest.mark.parametrize(("text", "comment"), [
    ("* TOUT EST COMMENTAIRE", " TOUT EST COMMENTAIRE"),
    ("X←1;* LA FIN", " LA FIN"),
    ("ICI:* APRES UNE ETIQUETTE", " APRES UNE ETIQUETTE"),
])
def test_a_star_where_a_statement_starts_is_a_comment_to_the_end_of_the_line(text, comment):
    tokens = tokenize(text, 10)
    assert (tokens[-2].kind, tokens[-2].text) == ("COMMENT", comment)


def test_a_star_inside_an_expression_multiplies():
    assert kinds_and_texts("X←2*3")[:-1] == [("NAME", "X"), ("OP", "←"), ("NUM", "2"), ("OP", "*"), ("NUM", "3")]


def test_a_format_after_afficher_is_one_token_with_quoted_brackets_inside():
    tokens = tokenize("AFFICHER ['[',U,']'] X", 10)
    assert [(t.kind, t.text) for t in tokens[:3]] == [("KW", "AFFICHER"), ("FORMAT", "'[',U,']'"), ("NAME", "X")]


def test_an_unclosed_format_is_reported():
    with pytest.raises(LexError) as caught:
        tokenize("AFFICHER[U X", 10)
    assert caught.value.diagnostic.code is Err.BAD_FORMAT


def test_tokens_know_their_line_and_column_in_the_whole_line():
    tokens = tokenize("X←Y", 20, column0=3, source="20 X←Y")
    assert [(t.line, t.column) for t in tokens] == [(20, 3), (20, 4), (20, 5), (20, 6)]


@pytest.mark.parametrize(("text", "code", "message", "column"), [
    ("X←'ABC", Err.UNTERMINATED_STRING, "", 5),
    ("X←$", Err.BAD_CHARACTER, "$", 5),
    ('X←"A"', Err.BAD_CHARACTER, '"', 5),
    ("X←&1", Err.SYNTAX, "NOM DE PROCEDURE ATTENDU APRES &", 5),
    ("X←1E999", Err.BAD_NUMBER, "1E999", 5),
])
def test_a_bad_lexeme_is_reported_with_the_whole_line_and_its_column(text, code, message, column):
    with pytest.raises(LexError) as caught:
        tokenize(text, 30, column0=3, source="30 " + text)
    diagnostic = caught.value.diagnostic
    assert (diagnostic.code, diagnostic.text, diagnostic.line) == (code, message, 30)
    assert diagnostic.source == "30 " + text
    assert diagnostic.column == column


def test_an_unprintable_character_is_shown_escaped():
    with pytest.raises(LexError) as caught:
        tokenize("X←\x01", 10)
    assert caught.value.diagnostic.text == "'\\X01'"


@pytest.mark.parametrize("text", ["X←²", "X←٣", "²0 X←1"])
def test_only_ascii_digits_make_numbers(text):
    with pytest.raises(LexError) as caught:
        tokenize(text, 10)
    assert caught.value.diagnostic.code is Err.BAD_CHARACTER
