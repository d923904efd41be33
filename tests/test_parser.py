"""Tests of the whole-program parser (machine/lse/parser.py) and the source splitter (source.py)."""

from __future__ import annotations

import pytest

from machine.errors import Err, render
from machine.lse import nodes as n
from machine.lse.parser import SyntaxErrors, parse, parse_line
from machine.lse.source import SourceLine, split_source
from tests.lse_harness import run_lse


def statement(text: str) -> object:
    """Parse `10 <text>` (with a procedure &P(A,B) and &F(A) to call) and return its first statement."""
    program = parse(f"10 {text}\n900 PROCEDURE &P(A,B)\n910 PROCEDURE &F(A)\n")
    return program.lines[0].statements[0]


def errors_of(source: str) -> list:
    with pytest.raises(SyntaxErrors) as caught:
        parse(source)
    return caught.value.diagnostics


# ---------------------------------------------------------------- every statement parses

@pytest.mark.parametrize(("text", "node_type"), [
    ("X←1", n.Assign), ("X_1", n.Assign), ("T[1]←2", n.Assign), ("M[1,2]←3", n.Assign),
    ("AFFICHER", n.Afficher), ("AFFICHER X,'A'", n.Afficher), ("AFFICHER[2X,F4.1] X", n.Afficher),
    ("LIRE X", n.Lire), ("LIRE X,T[2],M[1,1]", n.Lire),
    ("ALLER EN 10", n.Goto), ("ALLER EN X+10", n.Goto), ("ALLER EN T[K]", n.Goto), ("ALLER EN ICI", n.Goto),
    ("SI X=1 ALORS Y←2", n.If), ("SI X=1 ALORS Y←2 SINON Y←3", n.If),
    ("DEBUT X←1;Y←2 FIN", n.Block), ("DEBUT X←1;Y←2; FIN", n.Block), ("DEBUT FIN", n.Block),
    ("FAIRE 10 POUR I←1 JUSQUA 3", n.Faire), ("FAIRE 10 POUR I←1 PAS -1 JUSQUA -3", n.Faire),
    ("FAIRE 10 POUR I←1 TANT QUE I<3", n.Faire), ("FAIRE 10 POUR I←1 PAS 2 TANT QUE I<3 ET X=1", n.Faire),
    ("TERMINER", n.Terminer), ("PAUSE", n.Pause),
    ("PROCEDURE &Q(X,Y) LOCAL Y,Z", n.Procedure), ("PROCEDURE &Q", n.Procedure),
    ("&P(1,X)", n.CallStatement), ("RETOUR", n.Retour), ("RETOUR EN 20", n.Retour), ("RESULTAT X*2", n.Resultat),
    ("CHAINE A,B", n.Chaine), ("TABLEAU T[3],M[N,2*N]", n.Tableau), ("LIBERER A,B", n.Liberer),
    ("GARER X,1,'F'", n.Garer), ("CHARGER X,1,'F'", n.Charger), ("CHARGER X,1,'F',S", n.Charger),
    ("SUPPRIMER 'F'", n.Supprimer), ("SUPPRIMER 'F',2", n.Supprimer),
    ("EXECUTER 'PROG'", n.Executer), ("EXECUTER 'PROG',20", n.Executer),
])
def test_every_statement_parses_to_its_node(text, node_type):
    assert type(statement(text)) is node_type


def test_an_assignment_keeps_its_target_and_expression():
    node = statement("M[I,J+1]←-X")
    assert node.target == n.Index("M", (n.Var("I", 10), n.Binary("+", n.Var("J", 10), n.Num(1.0, 10), 10)), 10)
    assert node.expr == n.Unary("-", n.Var("X", 10), 10)


def test_si_alors_takes_exactly_one_instruction_and_the_next_is_on_its_own():
    line = parse("10 SI X=1 ALORS Y←2;Z←3\n").lines[0]
    assert [type(s) for s in line.statements] == [n.If, n.Assign]
    assert line.statements[0].then == n.Assign(n.Var("Y", 10), n.Num(2.0, 10), 10)


def test_sinon_belongs_to_the_si_and_debut_fin_groups_a_branch():
    node = statement("SI X=1 ALORS DEBUT A←1;B←2 FIN SINON C←3")
    assert type(node.then) is n.Block and len(node.then.statements) == 2
    assert type(node.other) is n.Assign


def test_faire_keeps_end_variable_start_step_limit_and_condition():
    node = statement("FAIRE 40 POUR I←1 PAS 2 JUSQUA 9")
    assert (node.end.number, node.var, node.start, node.step, node.limit, node.cond) == (
        40, "I", n.Num(1.0, 10), n.Num(2.0, 10), n.Num(9.0, 10), None)
    tant = parse("10 FAIRE FIN2 POUR I←1 TANT QUE I<3\n20 FIN2: TERMINER\n").lines[0].statements[0]
    assert (tant.end.label, tant.limit) == ("FIN2", None)
    assert tant.cond == n.Compare("<", n.Var("I", 10), n.Num(3.0, 10), 10)


def test_procedure_keeps_params_and_locals():
    node = statement("PROCEDURE &Q(A,B,C) LOCAL B,X")
    assert (node.name, node.params, node.locals) == ("&Q", ("A", "B", "C"), ("B", "X"))


def test_a_builtin_with_a_position_variable_keeps_it_apart():
    node = statement("X←SCH(S,1,3,J)").expr
    assert (node.name, len(node.args), node.position_out) == ("SCH", 3, n.Var("J", 10))
    assert statement("X←SCH(S,1,3)").expr.position_out is None


@pytest.mark.parametrize(("text", "target"), [
    ("ALLER EN 20", n.Target(20, None, None, 10)),
    ("ALLER EN ICI", n.Target(None, "ICI", n.Var("ICI", 10), 10)),
    ("ALLER EN 10+X", n.Target(None, None, n.Binary("+", n.Num(10.0, 10), n.Var("X", 10), 10), 10)),
])
def test_jump_targets_are_a_number_a_label_or_an_expression(text, target):
    assert statement(text).target == target


# ---------------------------------------------------------------- precedence

@pytest.mark.parametrize(("expr", "tree"), [
    ("1+2*3", ("+", 1, ("*", 2, 3))),
    ("(1+2)*3", ("*", ("+", 1, 2), 3)),
    ("2^3^2", ("^", ("^", 2, 3), 2)),
    ("2*3^2", ("*", 2, ("^", 3, 2))),
    ("-2^2", ("neg", ("^", 2, 2))),
    ("-2*3", ("neg", ("*", 2, 3))),
    ("2*-3", ("*", 2, ("neg", 3))),
    ("2*-3^2", ("*", 2, ("neg", ("^", 3, 2)))),  # a sign inside signs the power after it, as one first does
    ("1--3^2", ("-", 1, ("neg", ("^", 3, 2)))),
    ("2^-1^2", ("^", 2, ("neg", ("^", 1, 2)))),
    ("8/-2/2", ("/", ("/", 8, ("neg", 2)), 2)),
    ("8/4/2", ("/", ("/", 8, 4), 2)),
    ("8-4-2", ("-", ("-", 8, 4), 2)),
    ("1-2+3", ("+", ("-", 1, 2), 3)),
])
def test_operator_precedence_and_associativity(expr, tree):
    def shape(node):
        if isinstance(node, n.Num):
            return int(node.value)
        if isinstance(node, n.Unary):
            return ("neg", shape(node.operand))
        return (node.op, shape(node.left), shape(node.right))
    assert shape(statement(f"X←{expr}").expr) == tree


def test_comparisons_bind_looser_than_arithmetic_and_non_et_ou_in_that_order():
    cond = statement("SI NON A=1 ET B<2+1 OU C#3 ALORS X←1").cond
    assert isinstance(cond, n.Logic) and cond.op == "OU"
    assert isinstance(cond.left, n.Logic) and cond.left.op == "ET"
    assert isinstance(cond.left.left, n.Not)
    assert cond.left.right == n.Compare("<", n.Var("B", 10),
                                        n.Binary("+", n.Num(2.0, 10), n.Num(1.0, 10), 10), 10)


def test_a_conditional_expression_is_a_value():
    node = statement("X←SI A>0 ALORS 1 SINON 2").expr
    assert isinstance(node, n.Conditional)


# ---------------------------------------------------------------- syntax errors

@pytest.mark.parametrize(("line", "message", "column"), [
    ("20 SI X=1 AFFICHER X", "ALORS ATTENDU, TROUVE AFFICHER", 10),
    ("20 X←(1+2", "')' ATTENDU, TROUVE FIN DE LIGNE", 9),
    ("20 X←", "EXPRESSION ATTENDUE, TROUVE FIN DE LIGNE", 5),
    ("20 X 1", "'←' ATTENDU, TROUVE 1", 5),
    ("20 FAIRE 30 I←1 JUSQUA 3", "POUR ATTENDU, TROUVE I", 12),
    ("20 FAIRE 30 POUR I←1 A 3", "JUSQUA OU TANT QUE ATTENDU, TROUVE A", 21),
    ("20 FAIRE X+1 POUR I←1 JUSQUA 3", "POUR ATTENDU, TROUVE +", 10),
    ("20 ALLER 30", "EN ATTENDU, TROUVE 30", 9),
    ("20 X←1 Y←2", "';' ATTENDU, TROUVE Y", 7),
    ("20 DEBUT X←1", "';' OU FIN ATTENDU, TROUVE FIN DE LIGNE", 12),
    ("20 DEBUT X←1 Y←2 FIN", "';' OU FIN ATTENDU, TROUVE Y", 13),
    ("20 SINON X←1", "INSTRUCTION ATTENDUE, TROUVE SINON", 3),
    ("20 X←1=2", "EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE 1", 5),
    ("20 SI X ALORS Y←1", "CONDITION ATTENDUE, TROUVE X", 6),
    ("20 SI X=1 ET 2 ALORS Y←1", "CONDITION ATTENDUE, TROUVE 2", 13),
    ("20 X←'A'=1+(2<3)", "EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE (", 11),
    ("20 X←(1<2)*3", "EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE (", 5),
    ("20 X←2^(1<2)", "EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE (", 7),
    ("20 SI (1<2)=(3<4) ALORS X←1", "EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE (", 6),
    ("20 X←-(1<2)", "EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE (", 6),
    ("20 SI X=1 ALORS FAIRE 30 POUR I←1 JUSQUA 2", "FAIRE INTERDIT ICI", 16),
    ("20 DEBUT PROCEDURE &Q FIN", "PROCEDURE INTERDIT ICI", 9),
    ("20 X←1;PROCEDURE &Q", "PROCEDURE EN DEBUT DE LIGNE SEULEMENT", 7),
    ("20 PROCEDURE &Q(A,B,A)", "PARAMETRE A EN DOUBLE", 20),
    ("20 X←SCH('AB',1,1,2)", "VARIABLE ATTENDUE EN DERNIER ARGUMENT DE SCH", 5),
    ("20 FAIRE 30 POUR I←1 TANT QUE &F(I)>0", "APPEL DE PROCEDURE INTERDIT DANS TANT QUE", 30),
    ("20 ? X", "INSTRUCTION ATTENDUE, TROUVE ?", 3),
    ("20 SI←3", "SI: MOT RESERVE, PAS UN NOM DE VARIABLE", 3),  # (was: EXPRESSION ATTENDUE, TROUVE ←)
    ("20 X←1;FIN←2", "FIN: MOT RESERVE, PAS UN NOM DE VARIABLE", 7),
])
def test_a_syntax_error_names_its_line_what_was_expected_and_what_was_found(line, message, column):
    (diagnostic,) = errors_of(line + "\n900 PROCEDURE &F(A)\n")
    assert (diagnostic.code, diagnostic.text, diagnostic.line) == (Err.SYNTAX, message, 20)
    assert (diagnostic.source, diagnostic.column) == (line, column)


@pytest.mark.parametrize("line, message", [
    ("20 DEBUT X←1", "';' OU FIN ATTENDU, TROUVE FIN DE LIGNE"),  # a choice of two takes the masculine
    ("20 SI X=1 ALORS DEBUT Y←1", "';' OU FIN ATTENDU, TROUVE FIN DE LIGNE"),
    ("20 LIRE 3", "VARIABLE ATTENDUE, TROUVE 3"),
    ("20 TABLEAU 3", "NOM DE TABLEAU ATTENDU, TROUVE 3"),
    ("20 FAIRE * POUR I←1 JUSQUA 3", "NUMERO DE LIGNE OU ETIQUETTE ATTENDU, TROUVE *"),
    ("20 X←(1", "')' ATTENDU, TROUVE FIN DE LIGNE"),
    ("20 SI X=1 Y←1", "ALORS ATTENDU, TROUVE Y"),
])
def test_what_was_expected_agrees_in_gender_with_the_word_that_names_it(line, message):
    (diagnostic,) = errors_of(line + "\n")
    assert diagnostic.text == message


@pytest.mark.parametrize(("line", "shown", "column"), [
    ("20 AFFICHER['A',U,'B'/] 1", "'B'/", 18),
    ("20 AFFICHER[Q] 1", "Q", 12),
    ("20 AFFICHER[2X,U,Q,U] 1", "Q", 17),
], ids=["a bad item after good ones", "the only item", "between good ones"])
def test_a_bad_format_item_has_the_caret_under_it(line: str, shown: str, column: int) -> None:
    (diagnostic,) = errors_of(line + "\n")
    assert (diagnostic.code, diagnostic.text, diagnostic.column) == (Err.BAD_FORMAT, shown, column)
    assert line[column:].startswith(shown)


def test_a_syntax_error_is_rendered_with_the_line_and_a_caret_under_the_token():
    (diagnostic,) = errors_of("10 X←1\n20 SI X=1 AFFICHER X\n30 TERMINER\n")
    assert render(diagnostic) == "ALORS ATTENDU, TROUVE AFFICHER EN LIGNE 20\n20 SI X=1 AFFICHER X\n          ^"


@pytest.mark.parametrize(("source", "code", "text", "line"), [
    ("10 X←$\n", Err.BAD_CHARACTER, "$", 10),
    ("10 X←1E400\n", Err.BAD_NUMBER, "1E400", 10),
    ("10 X←'AB\n", Err.UNTERMINATED_STRING, "", 10),
    ("10 X←1\n70000 TERMINER\n", Err.BAD_LINE_NUMBER, "70000", None),
    ("10 X←1\n0 TERMINER\n", Err.BAD_LINE_NUMBER, "0", None),
    ("10 ALLER EN 0\n", Err.BAD_LINE_NUMBER, "0", 10),
    ("10 ALLER EN 2.5\n", Err.BAD_LINE_NUMBER, "2.5", 10),
    ("10 A: X←1\n20 A: Y←1\n", Err.DUPLICATE_LABEL, "A", 20),
    ("10 X←1\nY←2\n", Err.MIXED_NUMBERING, "", None),
    ("10 AFFICHER[Q] 1\n", Err.BAD_FORMAT, "Q", 10),
    ("10 FAIRE NULLE POUR I←1 JUSQUA 2\n", Err.UNKNOWN_TARGET, "NULLE", 10),
    ("10 &Q(1)\n", Err.UNKNOWN_PROCEDURE, "&Q", 10),
    ("10 X←&Q(1)\n", Err.UNKNOWN_PROCEDURE, "&Q", 10),
    ("10 PROCEDURE &Q\n20 PROCEDURE &Q\n", Err.DUPLICATE_PROCEDURE, "&Q", 20),
    ("10 X←FOO(1)\n", Err.UNKNOWN_FUNCTION, "FOO", 10),
    ("10 X←LGR('A','B')\n", Err.ARGUMENT_COUNT, "LGR", 10),
    ("10 &Q(1,2)\n20 PROCEDURE &Q(A)\n", Err.ARGUMENT_COUNT, "&Q", 10),
])
def test_each_syntax_catalogue_entry_is_found_before_running(source, code, text, line):
    (diagnostic,) = errors_of(source)
    assert (diagnostic.code, diagnostic.text, diagnostic.line) == (code, text, line)


def test_a_repeated_line_number_is_no_error_the_later_line_wins():
    program = parse("10 X←1\n20 Y←1\n10 Z←2\n")
    assert [line.number for line in program.lines] == [10, 20]
    assert program.lines[0].statements[0].target.name == "Z"
    assert program.replaced == [10]


def test_every_syntax_error_of_a_program_is_reported_at_once_in_line_order():
    source = "10 X←(1\n20 Y←2\n30 Z←$\n40 SI A ALORS B←1\n50 &NUL\n60 X←'A\n"
    diagnostics = errors_of(source)
    assert [(d.line, d.code) for d in diagnostics] == [
        (10, Err.SYNTAX), (30, Err.BAD_CHARACTER), (40, Err.SYNTAX), (50, Err.UNKNOWN_PROCEDURE),
        (60, Err.UNTERMINATED_STRING)]


def test_a_program_with_a_syntax_error_does_not_run_at_all():
    printed = []
    with pytest.raises(SyntaxErrors):
        from machine.micro import Micro
        micro = Micro()
        micro.listeners.append(printed.append)
        micro.load_text("10 AFFICHER 'AVANT'\n20 X←(\n30 TERMINER\n")
    assert printed == [] and micro.runtime is None


def test_the_harness_raises_syntax_errors_rather_than_running():
    with pytest.raises(SyntaxErrors):
        run_lse("10 AFFICHER 'A'\n20 SI\n")


# ---------------------------------------------------------------- immediate mode

def test_question_mark_is_afficher_in_immediate_mode_only():
    line = parse_line(SourceLine(0, "? 1+2,'A'", 0, "? 1+2,'A'"), immediate=True)
    assert type(line.statements[0]) is n.Afficher and len(line.statements[0].items) == 2
    with pytest.raises(SyntaxErrors) as caught:
        parse_line(SourceLine(10, "? 1", 3, "10 ? 1"))
    assert caught.value.diagnostics[0].text == "INSTRUCTION ATTENDUE, TROUVE ?"


def test_parse_line_reports_a_bad_character_as_syntax_errors():
    with pytest.raises(SyntaxErrors) as caught:
        parse_line(SourceLine(0, "X←$", 0, "X←$"), immediate=True)
    assert caught.value.diagnostics[0].code is Err.BAD_CHARACTER


# ---------------------------------------------------------------- source lines

def test_numbered_lines_are_sorted_by_number_whatever_their_order_in_the_file():
    program = parse("30 TERMINER\n10 X←1\n20 Y←2\n")
    assert [line.number for line in program.lines] == [10, 20, 30]


def test_blank_lines_crlf_and_a_byte_order_mark_are_ignored():
    lines, problems = split_source("\ufeff10 X←1\r\n\r\n   \n20 TERMINER\r\n")
    assert problems == []
    assert [(line.number, line.text) for line in lines] == [(10, " X←1"), (20, " TERMINER")]


def test_a_carriage_return_alone_ends_a_line_as_an_old_macs_files_do():
    lines, problems = split_source("10 X←1\r20 AFFICHER X\r\r30 TERMINER\r")
    assert problems == []
    assert [(line.number, line.text) for line in lines] == [(10, " X←1"), (20, " AFFICHER X"), (30, " TERMINER")]


def test_a_comment_line_needs_no_space_after_its_number():
    program = parse("10*COMMENTAIRE\n20 TERMINER\n")
    assert program.lines[0].statements == ()


def test_labels_are_indexed_by_name():
    program = parse("10 DEBUT1: X←1\n20 ICI: TERMINER\n")
    assert program.labels == {"DEBUT1": 10, "ICI": 20}
    assert program.lines[1].label == "ICI"


def test_procedures_are_indexed_by_name_with_their_line():
    program = parse("10 TERMINER\n20 PROCEDURE &Q(A) LOCAL A\n30 RESULTAT A\n")
    line, proc = program.procedures["&Q"]
    assert (line, proc.params, proc.locals) == (20, ("A",), ("A",))
