"""Every run-time error of the catalogue the core can raise, rendered exactly; and no Python exception escapes."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from machine.disk import Disk
from machine.errors import MESSAGES, Err, LseError
from machine.lse.parser import SyntaxErrors
from machine.lse.runtime import Status
from machine.micro import Micro
from tests.lse_harness import lines, run_lse
from tests.test_hostile_disk import HOST_ERRORS
from tests.test_monitor import MONITOR_ERRORS
from tests.test_prompt import PROMPT_ERRORS
from tests.test_web_page import WEB_ERRORS

# (catalogue entry, program, typed lines, the exact message)
RUNTIME_ERRORS = [
    (Err.DIVISION_BY_ZERO, lines("10 X←0", "20 Y←1", "30 Z←Y/X", "40 TERMINER"), (),
     "DIVISION PAR ZERO EN LIGNE 30"),
    (Err.DIVISION_BY_ZERO, lines("10 X←0^-1", "20 TERMINER"), (), "DIVISION PAR ZERO EN LIGNE 10"),
    (Err.UNKNOWN_LINE, lines("10 X←1", "20 ALLER EN 99", "30 TERMINER"), (), "LIGNE 99 INEXISTANTE EN LIGNE 20"),
    (Err.UNKNOWN_LINE, lines("10 X←95", "20 ALLER EN X+4", "30 TERMINER"), (), "LIGNE 99 INEXISTANTE EN LIGNE 20"),
    (Err.UNKNOWN_LINE, lines("10 X←2.5", "20 ALLER EN X", "30 TERMINER"), (), "LIGNE 2.5 INEXISTANTE EN LIGNE 20"),
    (Err.UNKNOWN_LINE, lines("10 X←-10", "20 ALLER EN X", "30 TERMINER"), (), "LIGNE -10 INEXISTANTE EN LIGNE 20"),
    (Err.UNKNOWN_LINE, lines("10 X←1", "20 FAIRE 99 POUR I←1 JUSQUA 2", "30 TERMINER"), (),
     "LIGNE 99 INEXISTANTE EN LIGNE 20"),
    (Err.UNKNOWN_LINE, lines("10 &P;TERMINER", "20 PROCEDURE &P", "30 RETOUR EN 99"), (),
     "LIGNE 99 INEXISTANTE EN LIGNE 30"),
    (Err.UNASSIGNED, lines("10 X←1", "20 Y←X+Z", "30 TERMINER"), (), "VARIABLE Z NON AFFECTEE EN LIGNE 20"),
    (Err.UNASSIGNED, lines("10 AFFICHER T[1]", "20 TERMINER"), (), "VARIABLE T NON AFFECTEE EN LIGNE 10"),
    (Err.INDEX_RANGE, lines("10 TABLEAU T[3]", "20 T[4]←1", "30 TERMINER"), (), "INDICE HORS LIMITES T[4] EN LIGNE 20"),
    (Err.INDEX_RANGE, lines("10 TABLEAU T[3]", "20 X←T[0]", "30 TERMINER"), (), "INDICE HORS LIMITES T[0] EN LIGNE 20"),
    (Err.INDEX_RANGE, lines("10 TABLEAU M[2,2]", "20 X←M[1,3]", "30 TERMINER"), (),
     "INDICE HORS LIMITES M[1,3] EN LIGNE 20"),
    (Err.INDEX_RANGE, lines("10 TABLEAU M[2,2]", "20 X←M[1]", "30 TERMINER"), (),
     "INDICE HORS LIMITES M[1] EN LIGNE 20"),
    (Err.INDEX_RANGE, lines("10 TABLEAU T[2]", "20 X←T[1,1]", "30 TERMINER"), (),
     "INDICE HORS LIMITES T[1,1] EN LIGNE 20"),
    (Err.TYPE_MISMATCH, lines("10 CHAINE S;S←'A'", "20 X←S+1", "30 TERMINER"), (), "TYPES INCOMPATIBLES + EN LIGNE 20"),
    (Err.TYPE_MISMATCH, lines("10 CHAINE S", "20 S←1", "30 TERMINER"), (), "TYPES INCOMPATIBLES S EN LIGNE 20"),
    (Err.TYPE_MISMATCH, lines("10 X←'A'", "20 TERMINER"), (), "TYPES INCOMPATIBLES X EN LIGNE 10"),
    (Err.TYPE_MISMATCH, lines("10 X←1!'A'", "20 TERMINER"), (), "TYPES INCOMPATIBLES ! EN LIGNE 10"),
    (Err.TYPE_MISMATCH, lines("10 CHAINE S;S←'A'", "20 SI S=1 ALORS X←1", "30 TERMINER"), (),
     "TYPES INCOMPATIBLES = EN LIGNE 20"),
    (Err.TYPE_MISMATCH, lines("10 SI 'A'<1 ALORS X←1", "20 TERMINER"), (), "TYPES INCOMPATIBLES < EN LIGNE 10"),
    (Err.TYPE_MISMATCH, lines("10 X←'A'*2", "20 TERMINER"), (), "TYPES INCOMPATIBLES EN LIGNE 10"),
    (Err.TYPE_MISMATCH, lines("10 ALLER EN 'A'", "20 TERMINER"), (), "TYPES INCOMPATIBLES EN LIGNE 10"),
    (Err.TYPE_MISMATCH, lines("10 FAIRE 10 POUR I←1 JUSQUA 'Z'", "20 TERMINER"), (), "TYPES INCOMPATIBLES EN LIGNE 10"),
    (Err.TYPE_MISMATCH, lines("10 TABLEAU T[2];X←T+1", "20 TERMINER"), (), "TYPES INCOMPATIBLES + EN LIGNE 10"),
    (Err.TYPE_MISMATCH, lines("10 &P(1);TERMINER", "20 PROCEDURE &P(A) LOCAL A,T", "30 T←'X'"), (),
     "TYPES INCOMPATIBLES T EN LIGNE 30"),
    (Err.BAD_ARGUMENT, lines("10 X←(-8)^(1/3)", "20 TERMINER"), (), "ARGUMENT INVALIDE POUR ^ EN LIGNE 10"),
    (Err.BAD_ARGUMENT, lines("10 X←RAC(-1)", "20 TERMINER"), (), "ARGUMENT INVALIDE POUR RAC EN LIGNE 10"),
    (Err.BAD_NESTING, lines("10 FAIRE 30 POUR I←1 JUSQUA 2", "20 FAIRE 40 POUR J←1 JUSQUA 2", "30 X←1",
                            "40 TERMINER"), (), "BOUCLES MAL IMBRIQUEES 40 > 30 EN LIGNE 20"),
    (Err.BAD_NESTING, lines("10 X←1", "20 FAIRE 10 POUR I←1 JUSQUA 2", "30 TERMINER"), (),
     "BOUCLES MAL IMBRIQUEES 10 < 20 EN LIGNE 20"),
    (Err.NO_TERMINER, lines("10 X←1", "20 Y←2"), (), "FIN DU PROGRAMME ATTEINTE SANS TERMINER EN LIGNE 20"),
    (Err.NO_TERMINER, lines("10 FAIRE 20 POUR I←1 JUSQUA 2", "20 X←I"), (),
     "FIN DU PROGRAMME ATTEINTE SANS TERMINER EN LIGNE 20"),
    (Err.RECURSION, lines("10 &P(1)", "20 TERMINER", "30 PROCEDURE &P(N) LOCAL N", "40 &P(N+1)"), (),
     "TROP D'APPELS DE PROCEDURE EMBOITES EN LIGNE 40"),
    (Err.RECURSION, lines("10 X←&F(1)", "20 TERMINER", "30 PROCEDURE &F(N) LOCAL N", "40 RESULTAT &F(N+1)"), (),
     "TROP D'APPELS DE PROCEDURE EMBOITES EN LIGNE 40"),
    (Err.MEMORY_FULL, lines("10 TABLEAU T[200,100]", "20 TERMINER"), (),
     "MEMOIRE PLEINE TABLEAU T DE 20000 ELEMENTS EN LIGNE 10"),
    (Err.MEMORY_FULL, lines("10 CHAINE S;S←'ABCDEFGHIJ'", "20 S←S!S;ALLER EN 20"), (),
     "MEMOIRE PLEINE CHAINE DE 5120 CARACTERES EN LIGNE 20"),
    (Err.MISSING_INPUT, lines("10 X←1", "20 LIRE X", "30 TERMINER"), (), "DONNEE ABSENTE EN LIGNE 20"),
    (Err.BAD_INPUT, lines("10 LIRE X", "20 TERMINER"), ("1.2.3",), "DONNEE INVALIDE 1.2.3 EN LIGNE 10"),
    (Err.OVERFLOW, lines("10 X←10^400", "20 TERMINER"), (), "DEPASSEMENT DE CAPACITE EN LIGNE 10"),
    (Err.OVERFLOW, lines("10 X←EXP(1000)", "20 TERMINER"), (), "DEPASSEMENT DE CAPACITE EN LIGNE 10"),
    (Err.NOT_AN_ARRAY, lines("10 X←1", "20 X[1]←2", "30 TERMINER"), (), "X N'EST PAS UN TABLEAU EN LIGNE 20"),
    (Err.NOT_AN_ARRAY, lines("10 X←1", "20 Y←X[1]", "30 TERMINER"), (), "X N'EST PAS UN TABLEAU EN LIGNE 20"),
    (Err.NOT_AN_ARRAY, lines("10 X←1", "20 LIRE X[1]", "30 TERMINER"), ("5",), "X N'EST PAS UN TABLEAU EN LIGNE 20"),
    (Err.ALREADY_DECLARED, lines("10 X←1", "20 TABLEAU X[3]", "30 TERMINER"), (),
     "X DEJA DECLAREE AUTREMENT EN LIGNE 20"),
    (Err.ALREADY_DECLARED, lines("10 X←1", "20 CHAINE X", "30 TERMINER"), (), "X DEJA DECLAREE AUTREMENT EN LIGNE 20"),
    (Err.ALREADY_DECLARED, lines("10 TABLEAU T[2]", "20 T←1", "30 TERMINER"), (),
     "T DEJA DECLAREE AUTREMENT EN LIGNE 20"),
    (Err.ALREADY_DECLARED, lines("10 TABLEAU T[2]", "20 T←'A'", "30 TERMINER"), (),
     "T DEJA DECLAREE AUTREMENT EN LIGNE 20"),
    (Err.ALREADY_DECLARED, lines("10 CHAINE S", "20 TABLEAU S[2]", "30 TERMINER"), (),
     "S DEJA DECLAREE AUTREMENT EN LIGNE 20"),
    (Err.RESULTAT_IN_SUBROUTINE, lines("10 &P", "20 TERMINER", "30 PROCEDURE &P", "40 RESULTAT 1"), (),
     "RESULTAT DANS UNE PROCEDURE APPELEE COMME INSTRUCTION EN LIGNE 10"),
    (Err.RETOUR_IN_FUNCTION, lines("10 X←&F+1", "20 TERMINER", "30 PROCEDURE &F", "40 RETOUR"), (),
     "RETOUR SANS RESULTAT DANS UNE FONCTION EN LIGNE 10"),
    (Err.RETURN_OUTSIDE_PROCEDURE, lines("10 X←1", "20 RETOUR", "30 TERMINER"), (),
     "RETOUR OU RESULTAT HORS D'UNE PROCEDURE EN LIGNE 20"),
    (Err.RETURN_OUTSIDE_PROCEDURE, lines("10 X←1", "20 RESULTAT X", "30 TERMINER"), (),
     "RETOUR OU RESULTAT HORS D'UNE PROCEDURE EN LIGNE 20"),
    (Err.RETURN_OUTSIDE_PROCEDURE, lines("10 X←1", "20 RETOUR EN 10", "30 TERMINER"), (),
     "RETOUR OU RESULTAT HORS D'UNE PROCEDURE EN LIGNE 20"),
    (Err.PROCEDURE_REACHED, lines("10 X←1", "20 PROCEDURE &P", "30 RETOUR"), (),
     "PROCEDURE ATTEINTE SANS APPEL EN LIGNE 20"),
    (Err.BAD_ARRAY_SIZE, lines("10 N←0", "20 TABLEAU T[N]", "30 TERMINER"), (),
     "DIMENSION DE TABLEAU INVALIDE T EN LIGNE 20"),
    (Err.BAD_ARRAY_SIZE, lines("10 TABLEAU T[2.5]", "20 TERMINER"), (), "DIMENSION DE TABLEAU INVALIDE T EN LIGNE 10"),
    (Err.BAD_ARRAY_SIZE, lines("10 TABLEAU M[2,-1]", "20 TERMINER"), (), "DIMENSION DE TABLEAU INVALIDE M EN LIGNE 10"),
    (Err.NOT_A_REFERENCE, lines("10 X←1;&P(X)", "20 TERMINER", "30 PROCEDURE &P(A)", "40 LIBERER A"), (),
     "PARAMETRE A NON MODIFIABLE EN LIGNE 40"),
    (Err.DISK_ERROR, lines("10 X←1", "20 GARER X,1,'F'", "30 TERMINER"), (), "ERREUR DISQUE PAS DE DISQUE EN LIGNE 20"),
]


@pytest.mark.parametrize(("code", "source", "inputs", "message"), RUNTIME_ERRORS,
                         ids=[f"{c.name}-{i}" for i, (c, *_) in enumerate(RUNTIME_ERRORS)])
def test_a_runtime_error_stops_the_program_with_its_exact_message(code, source, inputs, message):
    for profiling in (False, True):  # the fast loops and the general path report the same
        result = run_lse(source, inputs, profiling=profiling)
        assert result.status is Status.FAILED
        assert result.error == message
        assert result.micro.runtime.error.code is code


DISK_ERRORS = [
    (Err.FILE_NAME, lines("10 X←1", "20 GARER X,1,'1ABC'", "30 TERMINER"),
     "NOM DE FICHIER INVALIDE 1ABC EN LIGNE 20"),
    (Err.FILE_MISSING, lines("10 X←1", "20 SUPPRIMER 'NULLE'", "30 TERMINER"), "FICHIER NULLE INEXISTANT EN LIGNE 20"),
    (Err.PROGRAM_MISSING, lines("10 X←1", "20 EXECUTER 'NULLE'", "30 TERMINER"),
     "PROGRAMME NULLE INEXISTANT EN LIGNE 20"),
    (Err.UNKNOWN_LINE, lines("10 X←1", "20 EXECUTER 'SUITE',99", "30 TERMINER"), "LIGNE 99 INEXISTANTE EN LIGNE 20"),
    (Err.SYNTAX, lines("10 X←1", "20 EXECUTER 'FAUX'", "30 TERMINER"),
     "EXPRESSION ATTENDUE, TROUVE FIN DE LIGNE EN LIGNE 10\n10 X←\n     ^"),
]


@pytest.mark.parametrize(("code", "source", "message"), DISK_ERRORS, ids=[c.name for c, *_ in DISK_ERRORS])
def test_disk_errors_reach_the_program_with_their_line(code, source, message, tmp_path):
    (tmp_path / "SUITE.lse").write_text("10 AFFICHER 'SUITE';TERMINER\n", encoding="utf-8")
    (tmp_path / "FAUX.lse").write_text("10 X←\n", encoding="utf-8")
    result = run_lse(source, disk=Disk(tmp_path))
    assert result.error == message
    assert result.micro.runtime.error.code is code


def test_executer_chains_to_another_program(tmp_path):
    suite = "10 AFFICHER 'NON'\n20 AFFICHER 'SUITE';AFFICHER X;TERMINER\n"
    (tmp_path / "SUITE.lse").write_text(suite, encoding="utf-8")
    result = run_lse(lines("10 AFFICHER 'AVANT'", "20 EXECUTER 'SUITE',20"), disk=Disk(tmp_path))
    assert (result.output, result.error) == ("\nAVANT\nSUITE", "VARIABLE X NON AFFECTEE EN LIGNE 20")


def test_running_a_micro_without_a_program_is_pas_de_programme():
    with pytest.raises(LseError) as caught:
        Micro().run(1000)
    assert str(caught.value) == "PAS DE PROGRAMME"


def test_interrupted_is_rendered_with_the_line():
    micro = Micro()
    micro.load_text(lines("10 X←1", "20 ALLER EN 10"))
    micro.run(10_000)
    micro.interrupt()
    micro.run(10_000)
    assert (micro.runtime.error.code, micro.error_text()) == (Err.INTERRUPTED, "INTERROMPU EN LIGNE 10")


def test_every_runtime_entry_of_the_catalogue_is_exercised():
    tested = {code for code, *_ in RUNTIME_ERRORS} | {code for code, *_ in DISK_ERRORS}
    tested |= {Err.NO_PROGRAM, Err.INTERRUPTED, Err.LINE_REPLACED} | MONITOR_ERRORS  # the warning: test_tapes.py
    tested |= PROMPT_ERRORS
    tested |= HOST_ERRORS  # the host's errors in the Micro's words: test_hostile_disk.py
    tested |= WEB_ERRORS  # a damaged link: test_web_page.py
    runtime = {code for code in Err if code >= Err.DIVISION_BY_ZERO}
    # ARGUMENT_COUNT is found by the parser (test_parser.py): a call never runs with a wrong count.
    assert runtime - tested == {Err.ARGUMENT_COUNT}
    assert set(MESSAGES) == set(Err)


# ---------------------------------------------------------------- where an error is reported

def test_an_error_in_a_loop_body_names_its_own_line_not_the_loop_line():
    source = lines("10 FAIRE 40 POUR I←2 PAS -1 JUSQUA -2", "20 X←I", "30 Y←12/I", "40 Z←Y", "50 TERMINER")
    for profiling in (False, True):
        assert run_lse(source, profiling=profiling).error == "DIVISION PAR ZERO EN LIGNE 30"


def test_an_error_at_the_end_of_a_pass_names_the_end_line():
    source = lines("10 CHAINE S", "20 FAIRE 30 POUR I←1 JUSQUA 3", "30 LIBERER I;CHAINE I;I←'A'", "40 TERMINER")
    for profiling in (False, True):
        assert run_lse(source, profiling=profiling).error == "TYPES INCOMPATIBLES EN LIGNE 30"


def test_an_error_inside_a_procedure_names_the_procedure_line():
    source = lines("10 X←&F(0)", "20 TERMINER", "30 PROCEDURE &F(A) LOCAL A", "40 RESULTAT 1/A")
    assert run_lse(source).error == "DIVISION PAR ZERO EN LIGNE 40"


def test_output_before_the_error_stays():
    result = run_lse(lines("10 AFFICHER 'AVANT'", "20 X←1/0", "30 AFFICHER 'APRES';TERMINER"))
    assert (result.output, result.transcript) == ("\nAVANT", "\nAVANT\nDIVISION PAR ZERO EN LIGNE 20\n")


def test_a_failed_program_stays_failed():
    result = run_lse(lines("10 X←1/0", "20 TERMINER"))
    assert result.micro.run(1000) is Status.FAILED
    assert result.micro.error_text() == "DIVISION PAR ZERO EN LIGNE 10"


# ---------------------------------------------------------------- nothing else escapes

TOKENS = ["AFFICHER", "LIRE", "ALLER EN", "SI", "ALORS", "SINON", "DEBUT", "FIN", "FAIRE", "POUR", "PAS",
          "JUSQUA", "TANT QUE", "TERMINER", "PAUSE", "PROCEDURE", "LOCAL", "RETOUR", "RESULTAT", "CHAINE",
          "TABLEAU", "LIBERER", "ET", "OU", "NON", "X", "Y", "T", "S", "I", "&P", "&F", "1", "0", "2.5", "10",
          "20", "30", "'A'", "''", "+", "-", "*", "/", "^", "!", "=", "#", "<", "<=", ">", ">=", "(", ")", "[",
          "]", ",", ";", ":", "←", "_", "?", "LGR", "POS", "SCH", "ENT", "ALE", "CCA", "EQC", "[U]", "[2X,F3.1]",
          "1E308", "\n", "*", "↑", "@", "é", "СБ", "\t", "'", "&"]

VALUES = ["X", "Y", "I", "1", "0", "2", "-1", "0.5", "'AB'", "S", "T[{v}]", "M[{v},{v}]", "{v}+{v}", "{v}-{v}",
          "{v}*{v}", "{v}/{v}", "{v}^{v}", "{v}!{v}", "-{v}", "({v})", "LGR({v})", "SCH({v},{v},{v})", "ENT({v})",
          "CCA({v})", "&F({v})", "SI {c} ALORS {v} SINON {v}", "T", "1E300"]
CONDITIONS = ["{v}={v}", "{v}#{v}", "{v}<{v}", "{v}>={v}", "{c} ET {c}", "{c} OU {c}", "NON {c}"]
STATEMENTS = ["X←{v}", "Y←{v}", "T[{v}]←{v}", "M[{v},{v}]←{v}", "S←{v}", "AFFICHER {v}", "AFFICHER[U,X] {v},{v}",
              "SI {c} ALORS {s} SINON {s}", "ALLER EN {l}", "FAIRE {l} POUR I←{v} JUSQUA {v}",
              "FAIRE {l} POUR I←{v} PAS {v} TANT QUE {c}", "TERMINER", "&P({v},X)", "&P({v},T[{v}])", "X←&F({v})",
              "RETOUR", "RESULTAT {v}", "TABLEAU T[{v}]", "TABLEAU M[{v},{v}]", "CHAINE S", "LIBERER X",
              "LIBERER T", "LIRE X", "LIRE S", "LIRE T", "DEBUT {s};{s} FIN", "PAUSE", "RETOUR EN {l}", "X[1]←{v}"]
PROCEDURES = lines("200 PROCEDURE &P(A,B) LOCAL A", "210 B←A;RETOUR", "220 PROCEDURE &F(A) LOCAL A",
                   "230 RESULTAT A")


def expand(data, template: str, depth: int) -> str:
    """Fill {v} {c} {s} {l} holes of a template with random values, conditions, statements, lines."""
    out, i = [], 0
    while i < len(template):
        if template[i] == "{":
            hole = template[i + 1]
            i += 3
            if hole == "l":
                out.append(str(data.draw(st.sampled_from([10, 20, 30, 40, 50, 60, 99, 200]))))
                continue
            choices = {"v": VALUES, "c": CONDITIONS, "s": STATEMENTS}[hole]
            if depth > 2:
                choices = choices[:6]
            out.append(expand(data, data.draw(st.sampled_from(choices)), depth + 1))
        else:
            out.append(template[i])
            i += 1
    return "".join(out)


def run_guarded(source: str, typed: list[str], profiling: bool = False) -> None:
    """Parse and run; only SyntaxErrors, an LSE error, an end, a wait or a spent budget may come out."""
    micro = Micro(seed=1, profiling=profiling)
    try:
        micro.load_text(source)
    except SyntaxErrors as errors:
        assert errors.diagnostics and all(d.code <= Err.UNKNOWN_FUNCTION for d in errors.diagnostics)
        return
    for _ in range(30):
        status = micro.run(20_000)
        if status is Status.WAITING:
            if typed:
                micro.feed(typed.pop())
            else:
                micro.end_input()
        elif status is Status.FAILED:
            assert isinstance(micro.runtime.error, LseError)
            assert micro.error_text()
            return
        elif status is Status.ENDED:
            return


# LSE_FUZZ_EXAMPLES=5000 pytest tests/test_errors.py -k never: a longer hunt than the default run.
EXAMPLES = int(os.environ.get("LSE_FUZZ_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=30), st.booleans())
def test_token_soup_never_raises_a_python_exception(tokens, numbered):
    text = " ".join(tokens)
    if numbered:
        text = "\n".join(f"{10 * (k + 1)} {part}" for k, part in enumerate(text.split("\n")))
    run_guarded(text, [])


@SETTINGS
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=60))
def test_any_text_never_raises_a_python_exception(text):
    run_guarded(text, [])


def random_program(data) -> str:
    count = data.draw(st.integers(1, 6))
    body = [f"{10 * (k + 1)} " + "; ".join(expand(data, data.draw(st.sampled_from(STATEMENTS)), 0)
                                           for _ in range(data.draw(st.integers(1, 3))))
            for k in range(count)]
    return lines(*body, f"{10 * (count + 1)} TERMINER") + PROCEDURES


TYPED = st.lists(st.sampled_from(["1", "A", "1 2", "", "-3.5", "1E999"]), max_size=4)


@SETTINGS
@given(st.data())
def test_random_small_programs_never_raise_a_python_exception(data):
    source = random_program(data)
    run_guarded(source, list(data.draw(TYPED)), profiling=data.draw(st.booleans()))


@SETTINGS
@given(st.data())
def test_random_programs_run_the_same_with_and_without_fast_loops(data):
    source = random_program(data)
    typed = data.draw(TYPED)
    try:
        fast = run_lse(source, typed, max_cycles=300_000)
    except SyntaxErrors:
        return
    general = run_lse(source, typed, profiling=True, max_cycles=300_000)
    assume(Status.RUNNING not in (fast.status, general.status))  # both must have finished
    assert (general.status, general.transcript, general.cycles) == (fast.status, fast.transcript, fast.cycles)


def test_an_array_name_that_holds_a_number_again_is_named_in_the_error():
    source = lines("10 TABLEAU T[2];LIBERER T;T←1", "20 LIRE T[1]", "30 TERMINER")
    assert run_lse(source, ["5"]).error == "T N'EST PAS UN TABLEAU EN LIGNE 20"


@pytest.mark.parametrize(("source", "shown", "pointed"), [
    ("10 X←\x01Y$", "10 X←\\X01Y$", "\\"),  # a control the screen and a terminal drop: named as LI names it
    ("10 X←\x9bY$", "10 X←\\X9BY$", "\\"),  # a C1 control, which a terminal may take for ESC [
    ("10 X←\tY$", "10 X← Y$", "$"),  # a tab, which the screen does not move on, before the error
])
def test_the_caret_under_a_line_shown_points_at_its_error_past_a_control_character(source, shown, pointed):
    from machine.errors import render
    from machine.lse.parser import parse
    with pytest.raises(SyntaxErrors) as raised:
        parse(source + "\n")
    line, caret = render(raised.value.diagnostics[0]).split("\n")[1:3]
    assert line == shown
    assert line[caret.index("^")] == pointed


@settings(max_examples=300)
@given(st.text(st.one_of(st.sampled_from("\\XU0123456789ABCDEF\x07\x1b\u200b\U000e0001 '"),
                         st.characters(blacklist_categories=("Cs",), blacklist_characters="\t"))))
def test_a_line_listed_then_typed_back_is_the_line_and_its_listing_is_printable(text):
    from machine.errors import listed, read_back
    assert read_back(listed(text)) == text
    assert listed(text).isprintable()
