"""What the fast front end (issue 15) keeps: the lexer's slow paths, the walk's order and cache, the counts."""

from __future__ import annotations

from collections import Counter

import pytest

from machine.errors import Err
from machine.lse import nodes as n
from machine.lse.checks import nodes_below, statement_nodes, walk
from machine.lse.costs import counted, expression_cost, statement_cost
from machine.lse.lexer import LexError, tokenize
from machine.lse.parser import parse, parse_line
from machine.lse.source import SourceLine


def kinds_and_texts(text: str) -> list[tuple[str, str]]:
    return [(tok.kind, tok.text) for tok in tokenize(text, 10)]


@pytest.mark.parametrize("text, expected", [
    ("CAFÉ2←1", [("NAME", "CAFÉ2"), ("OP", "←"), ("NUM", "1"), ("END", "")]),
    ("ÉTÉ←1", [("NAME", "ÉTÉ"), ("OP", "←"), ("NUM", "1"), ("END", "")]),
    ("&FÊTE(1)", [("PROC", "&FÊTE"), ("OP", "("), ("NUM", "1"), ("OP", ")"), ("END", "")]),
    ("&ÉTÉ", [("PROC", "&ÉTÉ"), ("END", "")]),
    ("x_'a''b'", [("NAME", "X"), ("OP", "←"), ("STR", "'a''b'"), ("END", "")]),
    ("X←'A'''B", [("NAME", "X"), ("OP", "←"), ("STR", "'A'''"), ("NAME", "B"), ("END", "")]),
    ("A: * NOTE", [("NAME", "A"), ("OP", ":"), ("COMMENT", " NOTE"), ("END", "")]),
    ("X←2 * 3", [("NAME", "X"), ("OP", "←"), ("NUM", "2"), ("OP", "*"), ("NUM", "3"), ("END", "")]),
    ("X←1.E5", None),
    ("\tX\r←1e+5 ", [("NAME", "X"), ("OP", "←"), ("NUM", "1e+5"), ("END", "")]),
])
def test_the_lexer_reads_letters_outside_ascii_strings_and_comments_as_before(text: str, expected: list | None) -> None:
    if expected is None:
        with pytest.raises(LexError) as caught:
            tokenize(text, 10)
        assert caught.value.diagnostic.code == Err.BAD_CHARACTER
        assert caught.value.diagnostic.column == 3  # the '.' with no digit after it
    else:
        assert kinds_and_texts(text) == expected


@pytest.mark.parametrize("text, code, column", [
    ("X←'A''", Err.UNTERMINATED_STRING, 2),  # a doubled quote is never taken back to close it
    ("X← ²", Err.BAD_CHARACTER, 3),
    ("X←&", Err.SYNTAX, 2),
    ("X←& P", Err.SYNTAX, 2),
    ("X←1E999", Err.BAD_NUMBER, 2),
    ("X←\u00a0", Err.BAD_CHARACTER, 2),
])
def test_a_line_the_lexer_refuses_is_refused_at_the_same_place(text: str, code: Err, column: int) -> None:
    with pytest.raises(LexError) as caught:
        tokenize(text, 10)
    assert (caught.value.diagnostic.code, caught.value.diagnostic.column) == (code, column)


def test_every_token_carries_its_line_and_column() -> None:
    tokens = tokenize("X ← 'A' ! B", 30, column0=3, source="30 X ← 'A' ! B")
    assert [(tok.line, tok.column) for tok in tokens] == [(30, 3), (30, 5), (30, 7), (30, 11), (30, 13), (30, 14)]


def test_the_walk_goes_depth_first_with_fields_in_their_declared_order() -> None:
    line = parse_line(SourceLine(10, "X←A+B*C", 0, "10 X←A+B*C"))
    found = [(type(node).__name__, getattr(node, "name", getattr(node, "op", None))) for node in walk(line.statements)]
    assert found == [("Assign", None), ("Var", "X"), ("Binary", "+"), ("Var", "A"), ("Binary", "*"),
                     ("Var", "B"), ("Var", "C")]


def test_the_walk_goes_into_a_format_and_a_target() -> None:
    line = parse_line(SourceLine(10, "AFFICHER[U] 1;ALLER EN X", 0, "10 AFFICHER[U] 1;ALLER EN X"))
    names = [type(node).__name__ for node in walk(line.statements)]
    assert names[0] == "Afficher" and "Num" in names and names[-3:] == ["Goto", "Target", "Var"]
    assert any(name not in vars(n) for name in names)  # the format's own records are walked too


def test_the_nodes_of_a_line_are_found_once_for_the_same_statements() -> None:
    program = parse("10 X←1+2\n20 AFFICHER X")
    statements = program.lines[0].statements
    assert statement_nodes(statements) is statement_nodes(statements)
    assert statement_nodes(statements) == nodes_below(statements)


def test_a_line_parsed_again_is_walked_again() -> None:
    first = parse("10 X←1+2").lines[0].statements
    second = parse("10 X←1+2").lines[0].statements
    assert first == second and first is not second
    assert statement_nodes(first) is not statement_nodes(second)
    assert statement_nodes(first) == statement_nodes(second)


def test_counted_makes_the_counter_the_usual_way_would() -> None:
    made = counted({"statement": 1, "add": 2})
    assert type(made) is Counter and made == Counter({"statement": 1, "add": 2})
    assert list(made) == ["statement", "add"] and made["missing"] == 0


# The counts and their order as the front end of aceafda (before issue 15) gave them.
@pytest.mark.parametrize("text, statement, expression", [
    ("X←A+1*B", [("statement", 1), ("add", 1), ("mul", 1), ("variable", 2), ("constant", 1), ("assign", 1)],
     [("add", 1), ("mul", 1), ("variable", 2), ("constant", 1)]),
    ("T[I]←-SCH('A',1,'B')", [("statement", 1), ("neg", 1), ("SCH", 1), ("constant", 3), ("assign", 1),
                               ("array_write", 1), ("variable", 1)], [("neg", 1), ("SCH", 1), ("constant", 3)]),
])
def test_a_statement_costs_the_same_counts_in_the_same_order(text: str, statement: list, expression: list) -> None:
    node = parse_line(SourceLine(10, text, 0, "10 " + text)).statements[0]
    assert type(statement_cost(node)) is Counter and type(expression_cost(node.expr)) is Counter
    assert list(statement_cost(node).items()) == statement
    assert list(expression_cost(node.expr).items()) == expression
