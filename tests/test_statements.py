"""Every LSE statement, run on the Micro: what it prints, what it leaves in the variables."""

from __future__ import annotations

import pytest

from machine.errors import clip, render
from machine.lse.runtime import Status
from machine.micro import Micro
from machine.profile import load_profile
from tests.lse_harness import lines, run_lse


def output(source: str, inputs=()) -> str:
    """Run a program that must end with TERMINER; return what it printed."""
    result = run_lse(source, inputs)
    assert result.error is None, result.error
    assert result.status is Status.ENDED
    return result.output


def error(source: str, inputs=()) -> str:
    result = run_lse(source, inputs)
    assert result.status is Status.FAILED
    return result.error


def table(cases):
    """Parametrize (source, expected output) pairs with readable ids."""
    return pytest.mark.parametrize(("source", "expected"), [c[1:] for c in cases], ids=[c[0] for c in cases])


# ---------------------------------------------------------------- assignment

@table([
    ("arrow", "10 X←1+2;AFFICHER X;TERMINER", "\n3 "),
    ("underscore", "10 X_1+2;AFFICHER X;TERMINER", "\n3 "),
    ("array element", "10 TABLEAU T[3];T[2]←5;AFFICHER T;TERMINER", "\n0 5 0 "),
    ("matrix element", "10 TABLEAU M[2,2];M[2,1]←7;AFFICHER M;TERMINER", "\n0 0 \n7 0 "),
    ("index computed", "10 TABLEAU T[4];K←1;T[K+2]←K+8;AFFICHER T[3];TERMINER", "\n9 "),
    ("index truncated", "10 TABLEAU T[3];T[2.9]←4;AFFICHER T[2],T[2.1];TERMINER", "\n4 4 "),
    ("string", "10 CHAINE S;S←'AB'!'CD';AFFICHER S;TERMINER", "\nABCD"),
    ("reassign", "10 X←1;X←X+1;X←X*10;AFFICHER X;TERMINER", "\n20 "),
])
def test_assignment_stores_numbers_strings_and_elements(source, expected):
    assert output(source) == expected


# ---------------------------------------------------------------- AFFICHER

@table([
    ("cr lf first", "10 AFFICHER 'A';AFFICHER 'B';TERMINER", "\nA\nB"),
    ("empty afficher", "10 AFFICHER;AFFICHER 'X';TERMINER", "\n\nX"),
    ("u format", "10 N←12;AFFICHER N,' * ',N,' = ',N*N;TERMINER", "\n12  * 12  = 144 "),
    ("decimals and exponents", "10 AFFICHER 4.2,-5,1/4,10^6,0.0001;TERMINER", "\n4.2 -5 0.25 1.0E+06 1.0E-04 "),
    ("vector", "10 TABLEAU T[3];T[1]←1;AFFICHER 'T:',T;TERMINER", "\nT:\n1 0 0 "),
    ("matrix", "10 TABLEAU M[2,3];M[1,1]←1;M[2,3]←6;AFFICHER M;TERMINER", "\n1 0 0 \n0 0 6 "),
    ("format no cr lf", "10 AFFICHER[U] 1;AFFICHER[U] 2;TERMINER", "1 2 "),
    ("format slash", "10 AFFICHER['A',/,'B'];TERMINER", "A\nB"),
    ("format fixed", "10 AFFICHER[F3.2,X,F2.0] 3.14159,7.5;TERMINER", "  3.14  8"),
    ("format repeat", "10 AFFICHER[3X,'|',2'-'];TERMINER", "   |--"),
    ("format star count", "10 AFFICHER[*X,'*'] 4;TERMINER", "    *"),
    ("format leftovers in u", "10 AFFICHER[U] 1,2,'A';TERMINER", "1 2 A"),
    ("format vector", "10 TABLEAU T[3];T[2]←2;AFFICHER[3F2.0] T;TERMINER", "\n 0 2 0"),
    ("format matrix", "10 TABLEAU M[2,2];M[1,2]←1;M[2,1]←2;AFFICHER[4F2.0] M;TERMINER", "\n 0 1\n 2 0"),
])
def test_afficher_prints_in_format_u_or_by_its_format(source, expected):
    assert output(source) == expected


def test_afficher_without_format_begins_with_cr_lf_on_the_wire():
    result = run_lse("10 AFFICHER 'A',1;TERMINER")
    assert result.raw == "\r\nA1 "


def test_afficher_output_reaches_the_screen():
    result = run_lse("10 AFFICHER 'BONJOUR';AFFICHER 'LE MICRO';TERMINER")
    assert [row.rstrip() for row in result.rows[1:3]] == ["BONJOUR", "LE MICRO"]


# ---------------------------------------------------------------- LIRE

@pytest.mark.parametrize(("source", "inputs", "expected"), [
    ("10 LIRE X;AFFICHER X*2;TERMINER", ["21"], "\n42 "),
    ("10 LIRE X,Y;AFFICHER X-Y;TERMINER", ["10 3"], "\n7 "),
    ("10 LIRE X,Y;AFFICHER X-Y;TERMINER", ["10", "3"], "\n7 "),
    ("10 LIRE X;LIRE Y;AFFICHER X,Y;TERMINER", ["  -1.5E1   2 "], "\n-15 2 "),
    ("10 CHAINE S;LIRE S;AFFICHER '<',S,'>';TERMINER", ["Bonjour, le monde"], "\n<Bonjour, le monde>"),
    ("10 CHAINE S;LIRE X,S;AFFICHER X,S;TERMINER", ["5 et le reste"], "\n5 et le reste"),
    ("10 CHAINE S;LIRE X,S;AFFICHER X,S;TERMINER", ["5", "ligne"], "\n5 ligne"),
    ("10 TABLEAU T[3];LIRE T;AFFICHER T;TERMINER", ["1 2", "3"], "\n1 2 3 "),
    ("10 TABLEAU M[2,2];LIRE M;AFFICHER M;TERMINER", ["1 2 3 4"], "\n1 2 \n3 4 "),
    ("10 TABLEAU T[3];LIRE T[2];AFFICHER T;TERMINER", ["9"], "\n0 9 0 "),
    ("10 LIRE X;AFFICHER 'SUITE';TERMINER", ["4"], "\nSUITE"),
])
def test_lire_reads_numbers_strings_elements_and_whole_arrays(source, inputs, expected):
    assert output(source, inputs) == expected


def test_lire_rings_the_bell_and_does_not_echo():
    result = run_lse("10 AFFICHER 'NOMBRE?';LIRE X;AFFICHER X;TERMINER", ["7"])
    assert result.raw == "\r\nNOMBRE?\a\r\n7 "


def test_lire_waits_for_a_line_and_goes_on_when_fed():
    micro = Micro()
    micro.load_text(lines("10 LIRE X", "20 AFFICHER X+1;TERMINER"))
    assert micro.run(10_000) is Status.WAITING
    assert micro.run(10_000) is Status.WAITING  # still nothing typed
    micro.feed("41")
    assert micro.run_until_blocked() is Status.ENDED
    assert micro.screen.text() == "\n42"


@pytest.mark.parametrize(("source", "inputs", "message"), [
    ("10 LIRE X;TERMINER", [], "DONNEE ABSENTE EN LIGNE 10"),
    ("10 LIRE X,Y;TERMINER", ["1"], "DONNEE ABSENTE EN LIGNE 10"),
    ("10 TABLEAU T[3];LIRE T;TERMINER", ["1 2"], "DONNEE ABSENTE EN LIGNE 10"),
    ("10 X←1\n20 LIRE X;TERMINER", ["DOUZE"], "DONNEE INVALIDE DOUZE EN LIGNE 20"),
    ("10 LIRE X;TERMINER", ["1,5"], "DONNEE INVALIDE 1,5 EN LIGNE 10"),
    ("10 LIRE X;TERMINER", ["1E999"], "DONNEE INVALIDE 1E999 EN LIGNE 10"),
    ("10 LIRE X;TERMINER", ["٣"], "DONNEE INVALIDE ٣ EN LIGNE 10"),  # an Arabic-Indic 3: 0 to 9 only, as CNB reads
    ("10 LIRE X;TERMINER", ["１２"], "DONNEE INVALIDE １２ EN LIGNE 10"),  # full-width digits
    ("10 FAIRE 20 POUR I←1 JUSQUA 2\n20 LIRE X\n30 TERMINER", ["1 ٣"], "DONNEE INVALIDE ٣ EN LIGNE 20"),
])
def test_lire_fails_on_missing_or_bad_input(source, inputs, message):
    assert error(source, inputs) == message


@pytest.mark.parametrize(("source", "typed", "line"), [
    ("10 CHAINE S;LIRE S;AFFICHER LGR(S);TERMINER", "A" * 4001, 10),
    ("10 CHAINE S;LIRE X,S;AFFICHER LGR(S);TERMINER", "7 " + "A" * 4001, 10),  # the rest of a line
    (lines("10 CHAINE S;&LU(S);AFFICHER LGR(S);TERMINER", "20 PROCEDURE &LU(T)", "30 LIRE T", "40 RETOUR"),
     "A" * 4001, 30),  # by reference
], ids=["a line", "the rest of a line", "a parameter by reference"])
def test_lire_of_a_string_longer_than_a_chaine_holds_is_memoire_pleine_as_joining_one_is(source, typed, line):
    assert error(source, [typed]) == f"MEMOIRE PLEINE CHAINE DE 4001 CARACTERES EN LIGNE {line}"
    assert output(source, [typed[:-1]]) == "\n4000 "  # 4000 characters fit (micro40's max_string)


@pytest.mark.parametrize("keyboard", [False, True], ids=["piped", "typed at a keyboard"])
def test_a_long_wrong_answer_is_shown_cut_short_as_messages_show_what_a_person_typed(keyboard):
    status, text = run_on("micro40", READ_ONE, ["X" * 3000, "7"][:1 + keyboard], keyboard=keyboard)
    shown = "DONNEE INVALIDE " + "X" * 24 + "..."
    if keyboard:
        assert status is Status.ENDED and f"\n{shown}, RETAPEZ\n" in text and "X" * 25 not in text
    else:
        assert status is Status.FAILED and text.endswith(f"{shown} EN LIGNE 10") and "X" * 25 not in text


def run_on(profile: str, source: str, inputs: list[str], keyboard: bool = False) -> tuple[Status, str]:
    """Run a program on a profile, its answers piped (or typed at a keyboard); its status and its text."""
    micro = Micro(load_profile(profile))
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    if keyboard:
        micro.typed_by_a_person()
    micro.load_text(source)
    for answer in inputs:
        assert micro.run_until_blocked() is Status.WAITING
        micro.feed(answer)
    status = micro.run_until_blocked()
    if status is Status.WAITING:
        micro.end_input()
        status = micro.run_until_blocked()
    text = "".join(chunks)
    if micro.runtime.error is not None:
        text += render(micro.runtime.error)
    return status, text.replace("\r\n", "\n").replace("\a", "")


# A number past the machine's range is no number of it: micro40's 1E400 and console80's 1E39 alike,
# read by the runtime (one LIRE) or by the loop's inline way (a whole number typed on the current line).
PAST_THE_RANGE = [("micro40", "1E400"), ("console80", "1E39"), ("console80", "-3.5E38"),
                  ("console80", "1" + "0" * 39)]
READ_ONE = "10 LIRE X;AFFICHER X;TERMINER"
READ_IN_A_LOOP = lines("10 FAIRE 20 POUR I←1 JUSQUA 3", "20 LIRE X;AFFICHER X", "30 TERMINER")


@pytest.mark.parametrize("source", [READ_ONE, READ_IN_A_LOOP], ids=["one lire", "a loop's lire"])
@pytest.mark.parametrize(("profile", "typed"), PAST_THE_RANGE)
def test_lire_of_a_number_past_the_machines_range_is_donnee_invalide_in_either_profile(profile, typed, source):
    status, text = run_on(profile, source, ["1 2 " + typed if source == READ_IN_A_LOOP else typed])
    line = 10 if source == READ_ONE else 20
    assert status is Status.FAILED and text.endswith(f"DONNEE INVALIDE {clip(typed)} EN LIGNE {line}")


@pytest.mark.parametrize(("profile", "typed"), PAST_THE_RANGE)
def test_a_number_past_the_machines_range_typed_at_a_keyboard_is_asked_again(profile, typed):
    status, text = run_on(profile, READ_ONE, [typed, "7"], keyboard=True)
    assert status is Status.ENDED and f"DONNEE INVALIDE {clip(typed)}, RETAPEZ\n" in text and text.endswith("\n7 ")


@pytest.mark.parametrize("typed", ["3.4028235E38", "3.40282356E38", "340282356779733623858607532500980858880"])
def test_the_largest_numbers_console80_rounds_to_its_largest_float_are_read(typed):
    status, text = run_on("console80", READ_ONE, [typed])
    assert status is Status.ENDED and text.endswith("3.4028235E+38 ")


# ---------------------------------------------------------------- ALLER EN

@table([
    ("static", lines("10 ALLER EN 30", "20 AFFICHER 'NON'", "30 AFFICHER 'OUI';TERMINER"), "\nOUI"),
    ("backwards", lines("10 N←0", "20 N←N+1;SI N<5 ALORS ALLER EN 20", "30 AFFICHER N;TERMINER"), "\n5 "),
    ("computed", lines("10 X←10;ALLER EN 20+X", "20 AFFICHER 'NON'", "30 AFFICHER 'OUI';TERMINER"), "\nOUI"),
    ("from array", lines("10 TABLEAU T[2];T[1]←40;T[2]←30;K←2;ALLER EN T[K]", "30 AFFICHER 'TRENTE';TERMINER",
                         "40 AFFICHER 'QUARANTE';TERMINER"), "\nTRENTE"),
    ("label", lines("10 ALLER EN LA", "20 AFFICHER 'NON'", "30 LA: AFFICHER 'LA';TERMINER"), "\nLA"),
    ("label wins over variable", lines("10 LA←20;ALLER EN LA", "20 AFFICHER 'VAR';TERMINER",
                                       "30 LA: AFFICHER 'LABEL';TERMINER"), "\nLABEL"),
    ("variable without label", lines("10 V←30;ALLER EN V", "20 AFFICHER 'NON'", "30 AFFICHER 'V';TERMINER"), "\nV"),
    ("rest of line skipped", lines("10 ALLER EN 20;AFFICHER 'NON'", "20 AFFICHER 'OUI';TERMINER"), "\nOUI"),
])
def test_aller_en_jumps_to_a_line_a_computed_line_or_a_label(source, expected):
    assert output(source) == expected


# ---------------------------------------------------------------- SI

@table([
    ("alors", "10 SI 1<2 ALORS AFFICHER 'V';TERMINER", "\nV"),
    ("false alors", "10 SI 1>2 ALORS AFFICHER 'V';TERMINER", ""),
    ("sinon", "10 SI 1>2 ALORS AFFICHER 'V' SINON AFFICHER 'F';TERMINER", "\nF"),
    ("one instruction only", "10 SI 1>2 ALORS AFFICHER 'A';AFFICHER 'B';TERMINER", "\nB"),
    ("debut fin", "10 SI 1<2 ALORS DEBUT AFFICHER 'A';AFFICHER 'B' FIN;AFFICHER 'C';TERMINER", "\nA\nB\nC"),
    ("semicolon before fin", "10 SI 1<2 ALORS DEBUT AFFICHER 'A';AFFICHER 'B'; FIN;TERMINER", "\nA\nB"),
    ("debut fin in sinon", "10 SI 1>2 ALORS X←1 SINON DEBUT X←2;Y←3 FIN;AFFICHER X,Y;TERMINER", "\n2 3 "),
    ("nested si", "10 X←5;SI X>0 ALORS SI X>10 ALORS AFFICHER 'G' SINON AFFICHER 'P';TERMINER", "\nP"),
    ("jump in branch", lines("10 SI 1<2 ALORS ALLER EN 30;AFFICHER 'NON'", "30 AFFICHER 'OUI';TERMINER"), "\nOUI"),
    ("et", "10 SI 1<2 ET 2<3 ALORS AFFICHER 'A';SI 1<2 ET 3<2 ALORS AFFICHER 'B';TERMINER", "\nA"),
    ("ou", "10 SI 1>2 OU 2<3 ALORS AFFICHER 'A';SI 1>2 OU 3<2 ALORS AFFICHER 'B';TERMINER", "\nA"),
    ("non", "10 SI NON 1>2 ALORS AFFICHER 'A';TERMINER", "\nA"),
    ("non binds tighter than et", "10 SI NON 1>2 ET 1>2 ALORS AFFICHER 'A' SINON AFFICHER 'B';TERMINER", "\nB"),
    ("et before ou", "10 SI 1<2 OU 1>2 ET 1>2 ALORS AFFICHER 'A';TERMINER", "\nA"),
])
def test_si_runs_one_instruction_per_branch(source, expected):
    assert output(source) == expected


def test_et_and_ou_evaluate_both_sides():
    source = lines("10 TABLEAU T[3];I←4",
                   "20 SI I<=3 ET T[I]=0 ALORS AFFICHER 'NON'",
                   "30 TERMINER")
    assert error(source) == "INDICE HORS LIMITES T[4] EN LIGNE 20"
    assert error("10 SI 1<2 OU 1/0=1 ALORS X←1\n20 TERMINER") == "DIVISION PAR ZERO EN LIGNE 10"


def test_the_conditional_expression_picks_one_value():
    assert output("10 X←3;Y←SI X>2 ALORS 10 SINON 20;AFFICHER Y,SI X<2 ALORS 'A' SINON 'B';TERMINER") == "\n10 B"
    # only the chosen branch is evaluated
    assert output("10 X←0;Y←SI X=0 ALORS 0 SINON 1/X;AFFICHER Y;TERMINER") == "\n0 "


# ---------------------------------------------------------------- FAIRE

@table([
    ("jusqua", lines("10 FAIRE 20 POUR I←1 JUSQUA 3", "20 AFFICHER[U] I", "30 AFFICHER I;TERMINER"), "1 2 3 \n3 "),
    ("one line body", lines("10 FAIRE 10 POUR I←1 JUSQUA 3;AFFICHER[U] I", "20 TERMINER"), "1 2 3 "),
    ("body starts after faire", lines("10 X←0;FAIRE 20 POUR I←1 JUSQUA 4;X←X+1", "20 X←X+10",
                                      "30 AFFICHER X;TERMINER"), "\n44 "),
    ("pas", lines("10 FAIRE 10 POUR I←1 PAS 3 JUSQUA 10;AFFICHER[U] I", "20 AFFICHER I;TERMINER"), "1 4 7 10 \n10 "),
    ("pas negative", lines("10 FAIRE 10 POUR I←3 PAS -1 JUSQUA 1;AFFICHER[U] I", "20 AFFICHER I;TERMINER"),
     "3 2 1 \n1 "),
    ("pas fraction", lines("10 FAIRE 10 POUR I←0 PAS 0.25 JUSQUA 1;AFFICHER[U] I", "20 TERMINER"),
     "0 0.25 0.5 0.75 1 "),
    ("zero trip keeps start", lines("10 FAIRE 20 POUR I←5 JUSQUA 1", "20 AFFICHER 'NON'", "30 AFFICHER I;TERMINER"),
     "\n5 "),
    ("zero trip negative pas", lines("10 FAIRE 10 POUR I←1 PAS -1 JUSQUA 5;AFFICHER 'NON'", "20 AFFICHER I;TERMINER"),
     "\n1 "),
    ("tant que", lines("10 FAIRE 20 POUR I←1 TANT QUE I*I<20", "20 AFFICHER[U] I", "30 AFFICHER I;TERMINER"),
     "1 2 3 4 \n5 "),
    ("tant que zero trip", lines("10 FAIRE 10 POUR I←7 TANT QUE I<5;AFFICHER 'NON'", "20 AFFICHER I;TERMINER"),
     "\n7 "),
    ("tant que pas", lines("10 FAIRE 10 POUR I←10 PAS -4 TANT QUE I>0;AFFICHER[U] I", "20 AFFICHER I;TERMINER"),
     "10 6 2 \n-2 "),
    ("limit evaluated once", lines("10 N←3;FAIRE 10 POUR I←1 JUSQUA N;N←N+1", "20 AFFICHER I,N;TERMINER"),
     "\n3 6 "),
    ("step evaluated once", lines("10 P←1;FAIRE 10 POUR I←1 PAS P JUSQUA 6;P←P+1;AFFICHER[U] I", "20 TERMINER"),
     "1 2 3 4 5 6 "),
    ("body changes variable", lines("10 FAIRE 10 POUR I←1 JUSQUA 10;AFFICHER[U] I;I←I+2", "20 TERMINER"),
     "1 4 7 10 "),
    ("nested end on one line", lines("10 FAIRE 30 POUR I←1 JUSQUA 2", "20 FAIRE 30 POUR J←1 JUSQUA 3",
                                     "30 AFFICHER[U] 10*I+J", "40 AFFICHER I,J;TERMINER"),
     "11 12 13 21 22 23 \n2 3 "),
    ("three loops one line", lines("10 N←0;FAIRE 10 POUR I←1 JUSQUA 2;FAIRE 10 POUR J←1 JUSQUA 3;"
                                   "FAIRE 10 POUR K←1 JUSQUA 4;N←N+1", "20 AFFICHER N;TERMINER"), "\n24 "),
    ("inner loop ends first", lines("10 FAIRE 40 POUR I←1 JUSQUA 2", "20 FAIRE 30 POUR J←1 JUSQUA 2",
                                    "30 AFFICHER[U] J", "40 AFFICHER[U] 'I',I", "50 TERMINER"),
     "1 2 I1 1 2 I2 "),
    ("jump to end line continues", lines("10 FAIRE 40 POUR I←1 JUSQUA 4", "20 SI I=2 ALORS ALLER EN 40",
                                         "30 AFFICHER[U] I", "40 AFFICHER[U] '.'", "50 TERMINER"),
     "1 ..3 .4 ."),
    ("jump out discards loop", lines("10 FAIRE 30 POUR I←1 JUSQUA 9", "20 SI I=3 ALORS ALLER EN 50",
                                     "30 AFFICHER[U] I", "40 TERMINER", "50 AFFICHER 'SORTI',I",
                                     "60 ALLER EN 30"),
     "1 2 \nSORTI3 3 "),
    ("jump back to faire restarts", lines("10 N←0", "20 FAIRE 30 POUR I←1 JUSQUA 3",
                                          "30 N←N+1;SI N=2 ALORS ALLER EN 20", "40 AFFICHER I,N;TERMINER"),
     "\n3 5 "),
    ("loop calls procedure", lines("10 FAIRE 10 POUR I←1 JUSQUA 3;&P(I)", "20 TERMINER",
                                   "30 PROCEDURE &P(A) LOCAL A", "40 AFFICHER[U] A*A;RETOUR"), "1 4 9 "),
    ("faire to a label", lines("10 FAIRE FIN1 POUR I←1 JUSQUA 2", "20 FIN1: AFFICHER[U] I", "30 TERMINER"),
     "1 2 "),
    ("loop inside procedure", lines("10 I←9;&P;AFFICHER I;TERMINER", "20 PROCEDURE &P LOCAL I",
                                    "30 FAIRE 30 POUR I←1 JUSQUA 3;AFFICHER[U] I", "40 RETOUR"), "1 2 3 \n9 "),
    ("loop survives a call", lines("10 FAIRE 20 POUR I←1 JUSQUA 2", "20 &P", "30 TERMINER",
                                   "40 PROCEDURE &P LOCAL I", "50 FAIRE 50 POUR I←7 JUSQUA 8;AFFICHER[U] I",
                                   "60 RETOUR"), "7 8 7 8 "),
])
def test_faire_loops(source, expected):
    assert output(source) == expected


def test_a_loop_variable_keeps_its_last_value_on_both_paths():
    """The fast loop (plain run) and the general path (profiling) leave the same values behind."""
    source = lines("10 FAIRE 10 POUR I←1 JUSQUA 5;X←I", "20 FAIRE 30 POUR J←2 PAS 2 TANT QUE J<7",
                   "30 Y←J", "40 FAIRE 40 POUR K←3 JUSQUA 1;Z←1", "50 AFFICHER I,X,J,Y,K;TERMINER")
    assert run_lse(source).output == run_lse(source, profiling=True).output == "\n5 5 8 6 3 "


def test_a_long_loop_is_cut_into_slices_and_resumes_where_it_was():
    micro = Micro()
    micro.load_text(lines("10 S←0;FAIRE 10 POUR I←1 JUSQUA 1000;S←S+I", "20 AFFICHER S;TERMINER"))
    slices = 0
    while micro.run(5_000) is Status.RUNNING:
        slices += 1
    assert slices > 10
    assert micro.screen.text() == "\n500500"


# ---------------------------------------------------------------- TERMINER and PAUSE

def test_terminer_stops_at_once_even_inside_a_procedure():
    result = run_lse(lines("10 &P;AFFICHER 'NON'", "20 PROCEDURE &P", "30 AFFICHER 'P';TERMINER;AFFICHER 'NON'"))
    assert (result.status, result.output, result.error) == (Status.ENDED, "\nP", None)


def test_pause_suspends_and_run_resumes_after_it():
    micro = Micro()
    micro.load_text(lines("10 AFFICHER 'A'", "20 X←1;PAUSE;AFFICHER 'B'", "30 TERMINER"))
    assert micro.run_until_blocked() is Status.PAUSED
    assert micro.runtime.current_line == 20
    assert micro.screen.text() == "\nA"
    assert micro.run_until_blocked() is Status.ENDED
    assert micro.screen.text() == "\nA\nB"


def test_pause_inside_a_loop_resumes_the_loop():
    result = run_lse(lines("10 FAIRE 20 POUR I←1 JUSQUA 3", "20 AFFICHER[U] I;PAUSE", "30 TERMINER"))
    assert (result.output, result.pauses) == ("1 2 3 ", [20, 20, 20])


def test_interrupt_stops_a_running_program_with_its_line():
    micro = Micro()
    micro.load_text(lines("10 X←0", "20 X←X+1;ALLER EN 20"))
    assert micro.run(50_000) is Status.RUNNING
    micro.interrupt()
    assert micro.run(50_000) is Status.FAILED
    assert micro.error_text() == "INTERROMPU EN LIGNE 20"


def test_interrupt_stops_a_fast_loop_too():
    micro = Micro()
    micro.load_text(lines("10 FAIRE 20 POUR I←1 JUSQUA 1E9", "20 X←I", "30 TERMINER"))
    assert micro.run(50_000) is Status.RUNNING
    micro.interrupt()
    assert micro.run(50_000) is Status.FAILED
    assert micro.error_text() == "INTERROMPU EN LIGNE 10"


# ---------------------------------------------------------------- procedures

PROCS = lines(
    "900 PROCEDURE &ECH(X,Y) LOCAL T", "910 T←X;X←Y;Y←T;RETOUR",
    "920 PROCEDURE &VAL(X) LOCAL X", "930 X←X*100;AFFICHER 'DEDANS',X;RETOUR",
    "940 PROCEDURE &CARRE(X) LOCAL X", "950 RESULTAT X*X",
    "960 PROCEDURE &FIB(N) LOCAL N", "970 SI N<2 ALORS RESULTAT N SINON RESULTAT &FIB(N-1)+&FIB(N-2)",
    "980 PROCEDURE &TEXTE(S) LOCAL S", "990 RESULTAT S!S",
    "995 PROCEDURE &ECHS(X,Y) LOCAL T;CHAINE T;T←X;X←Y;Y←T;RETOUR")


@table([
    ("by reference", "10 A←1;B←2;&ECH(A,B);AFFICHER A,B;TERMINER", "\n2 1 "),
    ("by value", "10 A←5;&VAL(A);AFFICHER A;TERMINER", "\nDEDANS500 \n5 "),
    ("array elements by reference", "10 TABLEAU T[3];T[1]←1;T[3]←3;&ECH(T[1],T[3]);AFFICHER T;TERMINER",
     "\n3 0 1 "),
    ("computed element by reference", "10 TABLEAU T[3];T[2]←8;K←1;Z←0;&ECH(T[K+1],Z);AFFICHER T,Z;TERMINER",
     "\n0 0 0 8 "),
    ("matrix element by reference", "10 TABLEAU M[2,2];M[1,2]←4;A←9;&ECH(M[1,2],A);AFFICHER M,A;TERMINER",
     "\n0 9 \n0 0 4 "),
    ("expression by reference is a temporary", "10 A←1;&ECH(A,2+3);AFFICHER A;TERMINER", "\n5 "),
    ("function", "10 AFFICHER &CARRE(7)+1;TERMINER", "\n50 "),
    ("function in condition", "10 SI &CARRE(3)=9 ALORS AFFICHER 'OUI';TERMINER", "\nOUI"),
    ("function as argument", "10 AFFICHER &CARRE(&CARRE(2));TERMINER", "\n16 "),
    ("recursion", "10 AFFICHER &FIB(15);TERMINER", "\n610 "),
    ("string result", "10 AFFICHER &TEXTE('AB');TERMINER", "\nABAB"),
    ("string by reference", "10 CHAINE P,Q;P←'X';Q←'Y';&ECHS(P,Q);AFFICHER P,Q;TERMINER", "\nYX"),
])
def test_procedures_pass_by_value_or_by_reference(source, expected):
    assert output(source + "\n" + PROCS) == expected


def test_local_names_are_fresh_and_other_names_are_global():
    source = lines("10 X←1;Y←2;&P;AFFICHER X,Y,Z;TERMINER",
                   "20 PROCEDURE &P LOCAL X", "30 X←10;Y←20;Z←X+Y;RETOUR")
    assert output(source) == "\n1 20 30 "


def test_a_local_is_unassigned_at_each_call():
    source = lines("10 &P;&P;TERMINER", "20 PROCEDURE &P LOCAL X", "30 AFFICHER 'X';X←X+1;RETOUR")
    assert error(source) == "VARIABLE X NON AFFECTEE EN LIGNE 30"


def test_an_array_by_value_is_a_copy_and_by_reference_is_the_array():
    source = lines("10 TABLEAU T[2];&V(T);AFFICHER T;&R(T);AFFICHER T;TERMINER",
                   "20 PROCEDURE &V(A) LOCAL A", "30 A[1]←5;RETOUR",
                   "40 PROCEDURE &R(A)", "50 A[1]←5;RETOUR")
    assert output(source) == "\n0 0 \n5 0 "


def test_retour_en_goes_on_at_a_line_of_the_caller():
    source = lines("10 &P;AFFICHER 'NON'", "20 AFFICHER 'ICI';TERMINER",
                   "30 PROCEDURE &P", "40 RETOUR EN 20")
    assert output(source) == "\nICI"


def test_retour_en_leaves_a_function_abandoning_its_expression():
    source = lines("10 X←1+&F;AFFICHER 'NON'", "20 AFFICHER 'SORTI';TERMINER",
                   "30 PROCEDURE &F", "40 RETOUR EN 20")
    assert output(source) == "\nSORTI"


def test_retour_en_a_label_or_a_computed_line():
    source = lines("10 &P(1);TERMINER", "20 TERMINER",
                   "30 UN: AFFICHER 'UN';TERMINER",
                   "40 PROCEDURE &P(K) LOCAL K", "50 SI K=1 ALORS RETOUR EN UN", "60 RETOUR EN 20")
    assert output(source) == "\nUN"
    source = lines("10 &P(2);TERMINER", "20 AFFICHER 'VINGT';TERMINER",
                   "40 PROCEDURE &P(K) LOCAL K", "50 RETOUR EN 10*K")
    assert output(source) == "\nVINGT"


def test_retour_en_a_line_out_of_a_loop_leaves_the_loop():
    source = lines("10 FAIRE 20 POUR I←1 JUSQUA 5", "20 &P(I)", "30 AFFICHER I;TERMINER",
                   "40 PROCEDURE &P(K) LOCAL K", "50 SI K=2 ALORS RETOUR EN 30", "60 RETOUR")
    assert output(source) == "\n2 "


def test_a_procedure_may_start_a_line_with_code_after_it():
    source = lines("10 AFFICHER &F(4);TERMINER", "20 PROCEDURE &F(A) LOCAL A;RESULTAT A+1")
    assert output(source) == "\n5 "


def test_a_procedure_sees_arguments_evaluated_left_to_right():
    source = lines("10 N←0;AFFICHER &D(&C,&C);TERMINER", "20 PROCEDURE &C", "30 N←N+1;RESULTAT N",
                   "40 PROCEDURE &D(A,B) LOCAL A,B", "50 RESULTAT 10*A+B")
    assert output(source) == "\n12 "


# ---------------------------------------------------------------- declarations

@table([
    ("chaine", "10 CHAINE A,B;A←'X';B←A!'Y';AFFICHER B;TERMINER", "\nXY"),
    ("chaine empty", "10 CHAINE A;A←'';AFFICHER LGR(A);TERMINER", "\n0 "),
    ("tableau zero filled", "10 TABLEAU T[4];AFFICHER T;TERMINER", "\n0 0 0 0 "),
    ("tableau 2d zero filled", "10 TABLEAU M[2,3];AFFICHER M;TERMINER", "\n0 0 0 \n0 0 0 "),
    ("tableau sized by expressions", "10 N←2;TABLEAU A[N*2],M[N,N+1];AFFICHER A,M;TERMINER",
     "\n0 0 0 0 \n0 0 0 \n0 0 0 "),
    ("several arrays one statement", "10 TABLEAU A[1],B[2];B[2]←1;AFFICHER A,B;TERMINER", "\n0 \n0 1 "),
    ("tableau again resets", "10 TABLEAU T[2];T[1]←5;TABLEAU T[3];AFFICHER T;TERMINER", "\n0 0 0 "),
    ("liberer number", "10 X←1;LIBERER X;CHAINE X;X←'A';AFFICHER X;TERMINER", "\nA"),
    ("liberer string", "10 CHAINE S;S←'A';LIBERER S;S←2;AFFICHER S;TERMINER", "\n2 "),
    ("liberer array", "10 TABLEAU T[2];LIBERER T;T←3;AFFICHER T;TERMINER", "\n3 "),
    ("liberer several", "10 A←1;CHAINE B;B←'B';LIBERER A,B;B←3;AFFICHER B;TERMINER", "\n3 "),
])
def test_chaine_tableau_and_liberer(source, expected):
    assert output(source) == expected


def test_liberer_forgets_the_value():
    assert error("10 X←1;LIBERER X;AFFICHER X;TERMINER") == "VARIABLE X NON AFFECTEE EN LIGNE 10"


# ---------------------------------------------------------------- expressions

@pytest.mark.parametrize(("expr", "expected"), [
    ("1+2*3", "7 "), ("(1+2)*3", "9 "), ("2^3^2", "64 "), ("2*3^2", "18 "), ("-2^2", "-4 "),
    ("2*-3", "-6 "), ("-2*-3", "6 "), ("10-4-3", "3 "), ("16/4/2", "2 "), ("7/2", "3.5 "),
    ("2^-1", "0.5 "), ("2^0.5", "1.4142136 "), ("(-2)^3", "-8 "), ("0^0", "1 "), ("+5", "5 "),
    ("1E2+1", "101 "), ("0.1+0.2", "0.3 "), ("1/3", "0.33333333 "), ("3*(2+(1-4))", "-3 "),
    ("2^10", "1024 "), ("-(3)", "-3 "), ("1-+1", "0 "),
    ("2*-3^2", "-18 "), ("1--3^2", "10 "), ("2^-1^2", "0.5 "), ("8/-2/2", "-2 "), ("0-3^2", "-9 "),
])
def test_arithmetic_values_and_precedence(expr, expected):
    assert output(f"10 AFFICHER {expr};TERMINER") == "\n" + expected


def test_numbers_are_doubles():
    assert output("10 AFFICHER[F1.15] 1/3;SI 2^53+1=2^53 ALORS AFFICHER 'DOUBLE';TERMINER") == (
        "0.333333333333333\nDOUBLE")
    assert output("10 X←16777217;SI X-16777216=1 ALORS AFFICHER 'PLUS QUE 24 BITS';TERMINER") == (
        "\nPLUS QUE 24 BITS")


@pytest.mark.parametrize(("cond", "truth"), [
    ("'ABC'='ABC'", True), ("'ABC'#'ABD'", True), ("'ABC'<'ABD'", True), ("'AB'<'ABC'", True),
    ("'B'>'ABC'", True), ("'B'<='B'", True), ("'Z'>='A'", True), ("''<'A'", True),
    ("'a'>'Z'", True), ("'ABC'='abc'", False), ("'A'#'A'", False), ("'ABD'<'ABC'", False),
    ("1=1", True), ("1#1", False), ("1<=1", True), ("2>=3", False), ("-1<0", True),
    ("1+1=2 ET 'A'<'B'", True), ("NON 'A'='A'", False),
])
def test_comparisons_of_numbers_and_strings(cond, truth):
    assert output(f"10 SI {cond} ALORS AFFICHER 'V' SINON AFFICHER 'F';TERMINER") == ("\nV" if truth else "\nF")


def test_concatenation_joins_strings_left_to_right():
    assert output("10 CHAINE S;S←'A';S←S!'B'!S!'';AFFICHER S!'-'!CCA(12);TERMINER") == "\nABA-12"


# ---------------------------------------------------------------- CHARGER gives a kind

def test_a_variable_loaded_by_charger_takes_the_kind_of_the_record(tmp_path):
    from machine.disk import Disk
    source = lines("10 CHAINE S;S←'ABC';GARER S,1,'F';TABLEAU T[2];T[2]←7;GARER T,2,'F'",
                   "20 CHARGER X,1,'F',K;SI X='ABC' ALORS AFFICHER 'CHAINE',K",
                   "30 CHARGER Y,2,'F',K;AFFICHER Y[2],K;TERMINER")
    result = run_lse(source, disk=Disk(tmp_path))
    assert (result.output, result.error) == ("\nCHAINE3 \n7 1 ", None)


@pytest.mark.parametrize(("use", "message"), [
    ("SI X=1 ALORS Y←1", "TYPES INCOMPATIBLES = EN LIGNE 20"),
    ("Y←X", "TYPES INCOMPATIBLES Y EN LIGNE 20"),
    ("X←2", "TYPES INCOMPATIBLES X EN LIGNE 20"),
])
def test_a_string_loaded_by_charger_is_checked_like_a_declared_string(tmp_path, use, message):
    from machine.disk import Disk
    source = lines("10 CHAINE S;S←'ABC';GARER S,1,'F';CHARGER X,1,'F'", f"20 {use}", "30 TERMINER")
    assert run_lse(source, disk=Disk(tmp_path)).error == message


@pytest.mark.parametrize(("source", "inputs", "expected"), [
    (lines("10 &P(A);AFFICHER A;TERMINER", "20 PROCEDURE &P(X)", "30 LIRE X;RETOUR"), ["7"], "\n7 "),
    (lines("10 TABLEAU T[2];&P(T[2]);AFFICHER T;TERMINER", "20 PROCEDURE &P(X)", "30 LIRE X;RETOUR"), ["7"],
     "\n0 7 "),
    (lines("10 TABLEAU T[2];&P(T);AFFICHER T;TERMINER", "20 PROCEDURE &P(X)", "30 LIRE X;RETOUR"), ["7 8"],
     "\n7 8 "),
    (lines("10 &P(S);AFFICHER S;TERMINER", "20 PROCEDURE &P(X)", "30 CHAINE X;X←'AB';RETOUR"), [], "\nAB"),
    (lines("10 &P(S);AFFICHER S;TERMINER", "20 PROCEDURE &P(X)", "30 CHAINE X;LIRE X;RETOUR"), ["mot"], "\nmot"),
    (lines("10 CHAINE S,W;S←'ABC DEF';&P(J);AFFICHER W,J;TERMINER", "20 PROCEDURE &P(K)",
           "30 W←SCH(S,1,' ',K);RETOUR"), [], "\nABC4 "),
    (lines("10 A←1;&P(A);AFFICHER A;TERMINER", "20 PROCEDURE &P(X)", "30 &Q(X);RETOUR",
           "40 PROCEDURE &Q(Y)", "50 Y←Y+5;RETOUR"), [], "\n6 "),
    (lines("10 FAIRE 10 POUR I←1 JUSQUA 3;&P(I)", "20 TERMINER", "30 PROCEDURE &P(K)", "40 K←K+1;AFFICHER K;RETOUR"),
     [], "\n2 \n4 "),
])
def test_a_parameter_by_reference_reaches_the_callers_variable_everywhere(source, inputs, expected):
    assert output(source, inputs) == expected


def test_an_ordering_comparison_of_unknown_kind_combines_with_et_and_ou():
    source = ("10 CHAINE S;S←'B'\n"
              "20 SI S>'A' ET 1=0 ALORS AFFICHER 'FAUX' SINON AFFICHER 'JUSTE'\n"
              "30 SI S<'A' OU 1=1 ALORS AFFICHER 'JUSTE' SINON AFFICHER 'FAUX'\n"
              "40 &P(2);TERMINER\n"
              "50 PROCEDURE &P(K) LOCAL K\n"
              "60 SI K>1 ET 1=0 ALORS AFFICHER 'FAUX' SINON AFFICHER 'JUSTE'\n"
              "70 RETOUR\n")
    assert run_lse(source).output == "\nJUSTE\nJUSTE\nJUSTE"
