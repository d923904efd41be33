"""The Micro's extensions to LSE: labels, files without line numbers, lower case, UTF-8 (Cyrillic too)."""

from __future__ import annotations

import pytest

from machine.errors import Err
from machine.lse.parser import SyntaxErrors, parse
from machine.lse.runtime import Status
from tests.lse_harness import lines, run_lse


def output(source: str, inputs=()) -> str:
    result = run_lse(source, inputs, max_cycles=50_000_000)
    assert result.status is Status.ENDED, result.error
    return result.output


# ---------------------------------------------------------------- labels

def test_a_label_names_a_numbered_line_for_aller_en():
    assert output(lines("10 ALLER EN BAS", "20 AFFICHER 'NON'", "30 BAS: AFFICHER 'BAS';TERMINER")) == "\nBAS"


def test_a_labelled_line_is_still_reached_by_its_number():
    assert output(lines("10 ALLER EN 30", "20 AFFICHER 'NON'", "30 BAS: AFFICHER 'BAS';TERMINER")) == "\nBAS"


def test_a_label_can_end_a_faire_loop():
    source = lines("10 FAIRE FINI POUR I←1 JUSQUA 3", "20 X←I*I", "30 FINI: AFFICHER[U] X", "40 TERMINER")
    assert output(source) == "1 4 9 "


def test_retour_en_a_label():
    source = lines("10 &P", "20 AFFICHER 'NON';TERMINER", "30 ICI: AFFICHER 'ICI';TERMINER",
                   "40 PROCEDURE &P", "50 RETOUR EN ICI")
    assert output(source) == "\nICI"


def test_a_label_may_label_a_comment_or_a_procedure_line():
    source = lines("10 &P(2);ALLER EN NOTE", "20 TERMINER", "30 NOTE:* RIEN ICI", "40 AFFICHER 'FIN';TERMINER",
                   "50 DEF: PROCEDURE &P(A) LOCAL A", "60 AFFICHER A;RETOUR")
    assert output(source) == "\n2 \nFIN"


def test_a_label_wins_over_a_variable_of_the_same_name():
    source = lines("10 ICI←30;ALLER EN ICI", "20 ICI: AFFICHER 'LABEL';TERMINER", "30 AFFICHER 'VARIABLE';TERMINER")
    assert output(source) == "\nLABEL"


def test_labels_are_case_insensitive_names():
    assert output(lines("10 aller en Fin2", "20 AFFICHER 'NON'", "30 FIN2: AFFICHER 'OUI';TERMINER")) == "\nOUI"


@pytest.mark.parametrize(("source", "code", "text"), [
    (lines("10 A: X←1", "20 A: TERMINER"), Err.DUPLICATE_LABEL, "A"),
    (lines("10 FAIRE NULLE POUR I←1 JUSQUA 2", "20 TERMINER"), Err.UNKNOWN_TARGET, "NULLE"),
])
def test_label_errors_are_syntax_errors(source, code, text):
    with pytest.raises(SyntaxErrors) as caught:
        parse(source)
    assert [(d.code, d.text) for d in caught.value.diagnostics] == [(code, text)]


def test_arsacs_automaton_style_reads_like_the_book():
    source = "\n".join([
        "N←0;K←1",
        "ESSAI: SI K>5 ALORS ALLER EN FINI",
        "N←N+K;K←K+1;ALLER EN ESSAI",
        "FINI: AFFICHER 'SOMME ',N;TERMINER",
    ])
    assert output(source) == "\nSOMME 15 "


# ---------------------------------------------------------------- unnumbered files

def test_an_unnumbered_file_is_numbered_ten_times_its_physical_line():
    program = parse("X←1\n\nY←2\n* COMMENTAIRE\nTERMINER\n")
    assert [line.number for line in program.lines] == [10, 30, 40, 50]


def test_errors_in_an_unnumbered_file_point_at_the_physical_line():
    result = run_lse("X←1\nY←0\n\nZ←X/Y\nTERMINER\n")
    assert result.error == "DIVISION PAR ZERO EN LIGNE 40"
    with pytest.raises(SyntaxErrors) as caught:
        parse("X←1\n\nSI X ALORS Y←1\n")
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.line, diagnostic.source, diagnostic.column) == (30, "SI X ALORS Y←1", 3)


def test_an_unnumbered_file_can_jump_by_computed_line_number():
    assert output("ALLER EN 10*3\nAFFICHER 'NON'\nAFFICHER 'TROIS';TERMINER\n") == "\nTROIS"


def test_an_unnumbered_file_with_procedures_and_loops():
    source = "\n".join([
        "faire fin1 pour i←1 jusqua 3",
        "fin1: afficher[u] &carre(i)",
        "terminer",
        "procedure &carre(x) local x",
        "resultat x*x",
    ])
    assert output(source) == "1 4 9 "


def test_mixing_numbered_and_unnumbered_lines_is_refused():
    with pytest.raises(SyntaxErrors) as caught:
        parse("10 X←1\nY←2\n30 TERMINER\n")
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.source) == (Err.MIXED_NUMBERING, "Y←2")


def test_a_windows_file_with_bom_and_crlf_runs():
    assert output("\ufeffAFFICHER 'OK'\r\nTERMINER\r\n") == "\nOK"


# ---------------------------------------------------------------- lower case

def test_lower_case_keywords_names_functions_and_procedures():
    source = lines("10 chaine s;s←'Minuscules';n←lgr(s)",
                   "20 si n>5 alors afficher S,' ',N sinon afficher 'court'",
                   "30 &Aff(n);terminer",
                   "40 procedure &AFF(a) local A",
                   "50 afficher[u,2x,f3.1] a,a/4;retour")
    assert output(source) == "\nMinuscules 10 10     2.5"


def test_lower_case_names_are_the_same_variables_as_upper_case():
    assert output("10 x←1;X←X+1;afficher x;terminer") == "\n2 "


def test_strings_keep_their_case():
    assert output("10 SI 'abc'#'ABC' ALORS AFFICHER 'abc';TERMINER") == "\nabc"


# ---------------------------------------------------------------- UTF-8

def test_cyrillic_labels_names_and_strings():
    source = "\n".join([
        "N←0",
        "СБ: N←N+1;SI N<3 ALORS ALLER EN СБ",
        "CHAINE ИМЯ;ИМЯ←'Привет, мир'",
        "AFFICHER ИМЯ,' ',LGR(ИМЯ),N",
        "aller en сб2",
        "СБ2: TERMINER",
    ])
    assert output(source) == "\nПривет, мир 11 3 "


def test_accented_names_and_strings():
    assert output("10 ÉTÉ←2;CHAINE MOT;MOT←'éléphant';AFFICHER été*3,MOT,LGR(MOT);TERMINER") == "\n6 éléphant8 "


def test_a_cyrillic_label_in_a_loop_end_and_an_error_message():
    source = lines("10 FAIRE КОНЕЦ POUR I←1 JUSQUA 2", "20 КОНЕЦ: AFFICHER[U] I", "30 X←1/0")
    result = run_lse(source)
    assert (result.output, result.error) == ("1 2 ", "DIVISION PAR ZERO EN LIGNE 30")


def test_the_screen_shows_cyrillic():
    result = run_lse("10 AFFICHER 'ЖУРНАЛ';TERMINER")
    assert result.rows[1].rstrip() == "ЖУРНАЛ"
