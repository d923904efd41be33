"""The documented limits of a program (issue 17, points 2, 3 and 6): each its own error, checked before any work."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machine.errors import Err, render
from machine.lse import nodes as n
from machine.lse.parser import MAX_BLOCK_DEPTH, MAX_EXPRESSION_DEPTH, SyntaxErrors, parse
from machine.lse.source import Limits, default_limits, limits_of, number_prefix, split_source
from machine.profile import load_profile
from tests.fuzz.engine import NEST_KINDS, nest

DEPTH_ERRORS = {"debut": Err.BLOCKS_TOO_DEEP, "si-stmt": Err.BLOCKS_TOO_DEEP}


def diagnostics_of(source: str, limits: Limits | None = None) -> list:
    with pytest.raises(SyntaxErrors) as caught:
        parse(source, limits)
    return caught.value.diagnostics


def with_procedure(line: str) -> str:
    """A program around one line, with a function &F(A) for the nested calls to call."""
    return f"10 {line}\n20 TERMINER\n30 PROCEDURE &F(A)\n40 RESULTAT A\n"


# ---------------------------------------------------------------- long chains: loops, not recursion

def test_a_ten_thousand_term_sum_on_one_line_parses_to_a_left_deep_chain():
    program = parse("10 X←" + "+".join(["1"] * 10_000) + "\n20 TERMINER\n")
    node, depth = program.lines[0].statements[0].expr, 0
    while isinstance(node, n.Binary):
        assert node.op == "+" and isinstance(node.right, n.Num)
        node, depth = node.left, depth + 1
    assert (depth, node) == (9_999, n.Num(1.0, 10))


@pytest.mark.parametrize("op", ["ET", "OU"])
def test_a_three_thousand_term_condition_parses_without_recursion(op):
    program = parse("10 SI " + f" {op} ".join(["1=1"] * 3_000) + " ALORS X←1\n20 TERMINER\n")
    assert program.lines[0].statements[0].cond.op == op


# ---------------------------------------------------------------- nesting: bounded, with its own error

# The findings of issue 17: each gave a RecursionError traceback, even with --check.
FOUND_DEEP = [("paren", 123), ("builtin", 90), ("debut", 328), ("minus", 201), ("non", 200), ("si-expr", 101)]


@pytest.mark.parametrize(("kind", "depth"), FOUND_DEEP, ids=[f"{k}-{d}" for k, d in FOUND_DEEP])
def test_nesting_found_by_the_red_team_is_a_numbered_error_with_its_line(kind, depth):
    [diagnostic] = diagnostics_of(with_procedure(nest(kind, depth)))
    assert diagnostic.code is DEPTH_ERRORS.get(kind, Err.EXPRESSION_TOO_DEEP)
    assert diagnostic.line == 10
    assert render(diagnostic).split("\n")[0].endswith("(64 NIVEAUX AU PLUS) EN LIGNE 10")


@pytest.mark.parametrize("kind", NEST_KINDS)
def test_nesting_up_to_the_limit_parses_and_one_more_level_is_refused(kind):
    limit = MAX_BLOCK_DEPTH if kind in DEPTH_ERRORS else MAX_EXPRESSION_DEPTH
    parse(with_procedure(nest(kind, limit)))
    [diagnostic] = diagnostics_of(with_procedure(nest(kind, limit + 1)))
    assert diagnostic.code is DEPTH_ERRORS.get(kind, Err.EXPRESSION_TOO_DEEP)


def test_the_parser_makes_its_own_room_whatever_the_recursion_limit_and_gives_it_back():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        parse(with_procedure(nest("builtin", MAX_EXPRESSION_DEPTH)))
        assert sys.getrecursionlimit() == 200
    finally:
        sys.setrecursionlimit(old)


def test_every_other_error_of_a_program_is_still_reported_beside_a_too_deep_line():
    source = "10 X←" + "(" * 70 + "1" + ")" * 70 + "\n20 X←)\n30 TERMINER\n"
    assert [d.code for d in diagnostics_of(source)] == [Err.EXPRESSION_TOO_DEEP, Err.SYNTAX]


# ---------------------------------------------------------------- numbers of any length

def test_a_five_thousand_digit_line_number_is_numero_invalide_shown_cut_short():
    [diagnostic] = diagnostics_of("9" * 5000 + " X←1\n")
    assert diagnostic.code is Err.BAD_LINE_NUMBER
    assert render(diagnostic).startswith("NUMERO DE LIGNE INVALIDE " + "9" * 24 + "...")


def test_a_line_number_prefix_is_never_converted_past_its_range():
    assert number_prefix("0000000000010 X") == (10, 13)
    assert number_prefix("9" * 5000 + " X")[0] == 65536


@pytest.mark.parametrize("line", ["X←" + "9" * 5000, "ALLER EN " + "9" * 5000, "X←1." + "9" * 5000 + "E" + "9" * 400])
def test_a_five_thousand_digit_literal_is_nombre_invalide(line):
    [diagnostic] = diagnostics_of(f"10 {line}\n20 TERMINER\n")
    assert diagnostic.code is Err.BAD_NUMBER and len(diagnostic.text) < 30


# A number written out past the machine's range, refused before the run (float32 rounds from 2^128 - 2^103 up
# to infinity: its largest, 3.4028235E38, and a little past it are numbers of console80).
@pytest.mark.parametrize(("literal", "micro40", "console80"), [
    ("1E39", True, False), ("3.4028235E38", True, True), ("3.40282356E38", True, True),
    ("3.4028236E38", True, False), ("1E300", True, False), ("1E400", False, False), ("1E-60", True, True),
])
def test_a_literal_past_the_machines_range_is_nombre_invalide_with_its_caret(literal, micro40, console80):
    for machine, taken in (("micro40", micro40), ("console80", console80)):
        source = f"10 AFFICHER 'AVANT'\n20 X←1+{literal}\n30 TERMINER\n"
        if taken:
            parse(source, limits_of(load_profile(machine)))
            continue
        with pytest.raises(SyntaxErrors) as refused:
            parse(source, limits_of(load_profile(machine)))
        [diagnostic] = refused.value.diagnostics
        assert (diagnostic.code, diagnostic.text, diagnostic.line, diagnostic.column) == (
            Err.BAD_NUMBER, literal, 20, 7)


def test_a_micro_of_single_precision_refuses_such_a_literal_at_its_load_and_its_prompt() -> None:
    from machine.micro import Micro
    with pytest.raises(SyntaxErrors):
        Micro(load_profile("console80")).load_text("10 X←1E39\n20 TERMINER\n")
    Micro(load_profile("micro40")).load_text("10 X←1E39\n20 TERMINER\n")


# A string written out longer than any variable holds (max_string, 4000 on both machines), refused before the run
# as a join that long is when it runs (it was stored whole, and a later S!'' failed on a string never built).
@pytest.mark.parametrize(("line", "shown", "column"), [
    ("20 S←'{text}'", 4001, 5), ("20 AFFICHER 'A','{text}'", 4001, 16), ("20 S←'{text}''{text}'", 8003, 5),
    ("20 S←'{text}'", None, 5),
])
def test_a_string_written_out_longer_than_a_chaine_holds_is_refused_before_the_run(line, shown, column):
    limits = limits_of(load_profile())
    text = "A" * (limits.longest_string + (1 if shown else 0))
    if shown == 8003:
        text = "A" * 4001
    source = f"10 CHAINE S\n{line.format(text=text)}\n30 TERMINER\n"
    if shown is None:
        parse(source, limits)  # (as long as a CHAINE holds: taken)
        return
    with pytest.raises(SyntaxErrors) as refused:
        parse(source, limits)
    [diagnostic] = refused.value.diagnostics
    assert (diagnostic.code, diagnostic.text, diagnostic.line, diagnostic.column) == (
        Err.MEMORY_FULL, f"CHAINE DE {shown} CARACTERES", 20, column)


@pytest.mark.parametrize("machine", ["micro40", "console80"])
def test_a_string_too_long_is_refused_at_the_prompt_as_in_a_file(tmp_path, machine) -> None:
    from machine.disk import Disk
    from tests.test_monitor import Session
    session = Session(Disk(tmp_path), machine)
    shown = session.type(f"10 S←'{'B' * 4001}'", "LI")
    assert "MEMOIRE PLEINE CHAINE DE 4001 CARACTERES" in shown
    assert "CHAINE DE" not in session.type(f"10 CHAINE S;S←'{'B' * 4000}';AFFICHER LGR(S)", "EX")


def test_a_long_literal_that_is_a_number_is_taken():
    program = parse("10 X←" + "0" * 5000 + "1.5\n20 TERMINER\n")
    assert program.lines[0].statements[0].expr.value == 1.5


# ---------------------------------------------------------------- sizes, from the profile

SMALL = Limits(max_line_chars=40, max_program_bytes=200, max_program_lines=5, max_data_file_bytes=1000)


def test_the_limits_come_from_the_profile():
    profile = load_profile()
    assert default_limits() == Limits(profile.max_line_chars, profile.max_program_bytes,
                                      profile.max_program_lines, profile.max_data_file_bytes,
                                      longest_string=profile.max_string)
    assert limits_of(load_profile("console80")).refused_from == 2.0 ** 128 - 2.0 ** 103  # (float32's overflow)
    assert profile.max_line_chars >= 20_000  # a 10 000-term sum fits on one line


def test_a_line_longer_than_the_limit_is_ligne_trop_longue_with_its_number():
    [diagnostic] = diagnostics_of("10 X←1\n20 AFFICHER '" + "A" * 50 + "'\n", SMALL)
    assert (diagnostic.code, diagnostic.line) == (Err.LINE_TOO_LONG, 20)


def test_a_program_larger_than_the_limit_is_refused_before_any_line_is_read():
    source = "10 X←1\n" + "20 " + "X" * 300 + "\n"
    [diagnostic] = diagnostics_of(source, SMALL)
    assert diagnostic.code is Err.PROGRAM_TOO_LARGE
    assert render(diagnostic) == "PROGRAMME TROP GRAND (313 OCTETS, 200 AU PLUS)"


def test_a_program_of_more_lines_than_the_limit_is_trop_de_lignes_blank_lines_aside():
    assert split_source("10 X←1\n\n\n\n\n\n\n20 TERMINER\n", SMALL)[1] == []
    [diagnostic] = diagnostics_of("".join(f"{10 * i} X←1\n" for i in range(1, 7)), SMALL)
    assert render(diagnostic) == "TROP DE LIGNES (6, 5 AU PLUS)"


def test_a_program_of_the_default_limit_in_lines_is_refused_at_the_next_line():
    most = default_limits().max_program_lines
    assert split_source("".join(f"{i} X←1\n" for i in range(1, most + 1)))[1] == []
    [diagnostic] = diagnostics_of("".join(f"{i} X←1\n" for i in range(1, most + 2)))
    assert diagnostic.code is Err.TOO_MANY_LINES


# ---------------------------------------------------------------- properties

KIND = st.sampled_from(NEST_KINDS)


@settings(max_examples=60)
@given(kind=KIND, depth=st.integers(min_value=1, max_value=3 * MAX_EXPRESSION_DEPTH))
def test_any_nesting_parses_or_is_refused_with_its_own_error(kind, depth):
    limit = MAX_BLOCK_DEPTH if kind in DEPTH_ERRORS else MAX_EXPRESSION_DEPTH
    if depth <= limit:
        parse(with_procedure(nest(kind, depth)))
    else:
        [diagnostic] = diagnostics_of(with_procedure(nest(kind, depth)))
        assert diagnostic.code is DEPTH_ERRORS.get(kind, Err.EXPRESSION_TOO_DEEP)


OPERATORS = st.sampled_from(["+", "-", "*", "/", "^"])


@settings(max_examples=40)
@given(ops=st.lists(OPERATORS, min_size=1, max_size=3000))
def test_any_operator_chain_parses_to_a_chain_of_one_node_per_operator(ops):
    text = "1" + "".join(f"{op}2" for op in ops)
    node = parse(f"10 X←{text}\n20 TERMINER\n").lines[0].statements[0].expr
    count = 0
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, n.Binary):
            count += 1
            stack += [item.left, item.right]
    assert count == len(ops)


@settings(max_examples=60)
@given(text=st.text(alphabet=st.sampled_from(list("()+-*/^!=#<>[],;:'&0123456789²XTABSNONETOUSIALRFDBUN ←")),
                    max_size=300))
def test_any_line_parses_or_gives_syntax_errors_never_a_python_exception(text):
    try:
        parse(f"10 {text}\n20 TERMINER\n")
    except SyntaxErrors as errors:
        assert all(render(d) for d in errors.diagnostics)
