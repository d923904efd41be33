"""The prompt a person enjoys: helpful words, AIDE, nothing lost, the book on board, errors drawn right."""

from __future__ import annotations

import subprocess
import sys

import pytest

from machine.book import book_names, read_book
from machine.commands import COMMANDS
from machine.disk import Disk
from machine.errors import Err
from machine.helptext import FOREIGN, KEYS, SUMMARY, TOPICS, wrap
from machine.monitor import fitted
from tests.test_monitor import ROOT, Session

# Errors of the prompt (60-69), each exercised below (test_errors checks the catalogue is covered), START_OFF_SCREEN
# in test_screen_editing.py.
PROMPT_ERRORS = {Err.FOREIGN_WORD, Err.READ_ONLY, Err.INPUT_AGAIN, Err.NO_HELP, Err.NOTHING_TO_RECOVER,
                 Err.START_OFF_SCREEN}
CONFIRM = "PROGRAMME NON RANGE, CONFIRMER (O/N) ? "


@pytest.fixture
def session(tmp_path) -> Session:
    return Session(Disk(tmp_path))


# ---------------------------------------------------------------- helpful words

@pytest.mark.parametrize("typed, answer", [
    ("RUN", "MOT INCONNU RUN: EN LSE, EX (EXECUTER)"),
    ("PRINT 2+2", "MOT INCONNU PRINT: EN LSE, AFFICHER OU ?"),
    ("HELP", "MOT INCONNU HELP: EN LSE, AIDE"),
    ("EXIT", "MOT INCONNU EXIT: EN LSE, QUITTER"),
    ("goto 10", "MOT INCONNU GOTO: EN LSE, ALLER EN N"),
    ("bonjour", "MOT INCONNU BONJOUR (AIDE: LES COMMANDES)"),
])
def test_a_word_of_another_language_gets_one_line_naming_the_lse_way(session, typed, answer):
    out = session.type(typed)
    assert out.startswith("\n") and out.endswith("\nPRET\n")
    rows = out[1:-len("\nPRET\n")].split("\n")  # (one message; broken between words where wider than a row)
    assert " ".join(rows) == answer and all(len(row) <= 40 for row in rows)


def test_list_and_cont_are_already_the_lse_commands_they_begin(session):
    session.type("10 AFFICHER 1", "20 TERMINER")
    assert session.type("LIST") == "\n10 AFFICHER 1\n20 TERMINER\nPRET\n"


def test_a_wrong_lse_line_still_gets_its_syntax_error_not_a_hint(session):
    assert "'←' ATTENDU" in session.type("FOO BAR")


def test_quit_leaves_at_once_when_nothing_is_unsaved(session):
    assert session.type("QUIT") == "\nAU REVOIR\n"
    assert session.monitor.leaving


def test_quitter_with_an_unsaved_program_asks_and_no_keeps_the_micro_on(session):
    session.type("10 AFFICHER 1")
    assert session.type("QUITTER").endswith(CONFIRM)
    assert "ANNULE" in session.type("N")
    assert not session.monitor.leaving
    session.type("QU")
    assert "PROGRAMME GARDE: RC LE RAMENERA" in session.type("O")
    assert session.monitor.leaving


# ---------------------------------------------------------------------- AIDE

def test_aide_wraps_at_word_boundaries_on_forty_columns_and_lists_the_keys(session):
    rows = session.type("AIDE").strip("\n").split("\n")[:-1]
    assert all(len(row) <= 40 for row in rows)
    words = {word for item in SUMMARY + KEYS for word in item.split()}
    assert all(word in words for row in rows for word in row.split())
    text = " ".join(rows)
    for needed in ("F9", "F10", "F11", "F12", "ECHAP", "QU QUITTER", "EX EXECUTER"):
        assert needed in text


@pytest.mark.parametrize("name, first, example", [
    ("SCH", "SCH: SOUS-CHAINE", "EXEMPLE: ?SCH('BONJOUR',4,4)"),
    ("li", "LISTER: AFFICHE LE PROGRAMME", "EXEMPLE: LI 10,50"),
    ("PAS A PAS", "PAS A PAS: MONTRE", "EXEMPLE: PA"),
])
def test_aide_name_explains_one_command_or_builtin_with_an_example(session, name, first, example):
    out = session.type(f"AIDE {name}")
    assert out.startswith("\n" + first) and example in out


def test_every_command_and_builtin_has_an_entry_whose_example_runs(session):
    from machine.lse.builtins import BUILTINS
    assert {full for _, full, _ in COMMANDS} | set(BUILTINS) == set(TOPICS)
    for name in BUILTINS:
        example = TOPICS[name][1]
        out = session.type(example)
        assert "EN LIGNE" not in out and "ATTENDU" not in out, (example, out)


def test_aide_of_an_unknown_name_says_so(session):
    assert session.type("AIDE ZZ") == "\nPAS D'AIDE POUR ZZ (AIDE SEUL: LA LISTE)\nPRET\n"


@pytest.mark.parametrize("text, width, rows", [
    ("UN DEUX TROIS", 7, ["UN DEUX", "TROIS"]),
    ("ANTICONSTITUTIONNELLEMENT", 10, ["ANTICONSTI", "TUTIONNELL", "EMENT"]),
    ("", 10, [""]),
])
def test_wrapping_cuts_at_spaces_and_only_a_longer_word_is_cut(text, width, rows):
    assert wrap(text, width) == rows


def test_every_foreign_word_is_not_itself_an_lse_command(session):
    from machine.commands import command_of
    assert [word for word in FOREIGN if command_of(word) is not None] == ["LIST", "CAT", "CONT", "QUIT"]


# ---------------------------------------------------------------- nothing lost

def test_demo_runs_without_touching_the_program_in_memory(session):
    session.type("10 AFFICHER 'MIEN'", "20 TERMINER")
    assert session.type("DE").endswith("TERMINE\nPRET\n")
    assert session.type("LI") == "\n10 AFFICHER 'MIEN'\n20 TERMINER\nPRET\n"
    assert session.monitor.dirty


def test_appeler_over_an_unsaved_program_asks_and_no_keeps_it(session, tmp_path):
    (tmp_path / "AUTRE.lse").write_text("10 AFFICHER 'AUTRE'\n20 TERMINER\n", encoding="utf-8")
    session.type("10 AFFICHER 'MIEN'")
    assert session.type("AP AUTRE").endswith(CONFIRM)
    assert session.type("N") == "\nANNULE: LE PROGRAMME EST GARDE\nPRET\n"
    assert session.type("LI") == "\n10 AFFICHER 'MIEN'\nPRET\n"
    session.type("AP AUTRE", "O")
    assert session.type("LI") == "\n10 AFFICHER 'AUTRE'\n20 TERMINER\nPRET\n"
    session.type("RC")
    assert session.type("LI") == "\n10 AFFICHER 'MIEN'\nPRET\n"


MIXED = "LIGNES NUMEROTEES ET NON NUMEROTEES\nMELANGEES"  # wrapped at 40 columns


@pytest.mark.parametrize(("saved", "typed", "screen"), [
    ("10 AFFICHER 1\n20 AFFICHER 2\nFOO\n", ("AP ODD", "O"), f"\n{MIXED}\nFOO\nPRET\n"),
    ("10 AFFICHER 1\n20 AFFICHER 2\nFOO\n", ("AP ODD", "O", "LI"), "\n10 AFFICHER 1\n20 AFFICHER 2\nPRET\n"),
    ("\ufeff10 AFFICHER 1\r\nFOO\r\n30 TERMINER\r\n BAR\r\n", ("AP ODD", "O"),
     f"\n{MIXED}\nFOO\n{MIXED}\n BAR\nPRET\n"),
    ("\ufeff10 AFFICHER 1\r\nFOO\r\n30 TERMINER\r\n BAR\r\n", ("AP ODD", "O", "LI"),
     "\n10 AFFICHER 1\n30 TERMINER\nPRET\n"),
    ("10 AFFICHER 1\nFOO\n", ("AP ODD", "O", "RC", "LI"), "\n5 AFFICHER 0\nPRET\n"),
], ids=["the unnumbered line is named", "the numbered lines are loaded, to be fixed",
        "each unnumbered line is named", "a file with a mark and CR LF loads its numbered lines alike",
        "the program it replaced comes back with RC"])
def test_appeler_of_a_file_with_unnumbered_lines_loads_its_numbered_ones_and_names_the_others(session, tmp_path,
                                                                                            saved, typed, screen):
    (tmp_path / "ODD.lse").write_text(saved, encoding="utf-8", newline="")
    session.type("5 AFFICHER 0", *typed[:-1])
    assert session.type(typed[-1]) == screen


def test_effacer_star_asks_and_recuperer_brings_the_program_back(session):
    session.type("10 AFFICHER 'MIEN'")
    assert session.type("EF *").endswith(CONFIRM)
    session.type("OUI")
    assert session.type("LI") == "\nPRET\n"
    session.type("RC")
    assert session.type("LI") == "\n10 AFFICHER 'MIEN'\nPRET\n"


def test_a_saved_program_is_replaced_without_a_question_and_still_comes_back(session):
    session.type("10 AFFICHER 'MIEN'", "RA MIEN")
    assert session.type("AP QUEENS") == "\nPRET\n"
    session.type("RC")
    assert session.type("LI") == "\n10 AFFICHER 'MIEN'\nPRET\n"


def test_a_program_replaced_twice_over_comes_back_with_rc_again_each_in_turn(session):
    session.type("10 AFFICHER 'MIEN'", "AP QUEENS", "O", "AP NIM")  # a look at two programs of the book
    queens, nim = session.monitor.text_lines(read_book("queens")), session.monitor.text_lines(read_book("nim"))
    session.type("RC")
    assert session.monitor.lines == queens
    session.type("RC")
    assert session.type("LI") == "\n10 AFFICHER 'MIEN'\nPRET\n" and session.monitor.unsaved()
    session.type("RC")  # each went under the others as it was taken back: NIM, the oldest kept, comes in turn
    assert session.monitor.lines == nim


def test_rc_keeps_the_last_eight_programs_replaced_those_the_disk_has_dropped_first(session):
    from machine.keeping import KEPT_REPLACED
    session.type("AP NIM")
    for number in range(1, KEPT_REPLACED + 2):  # NIM, then 9 programs typed, each erased by EF *
        session.type(f"10 AFFICHER {number}", "EF *", "O")
    taken = []
    for _ in range(KEPT_REPLACED + 1):  # (each program taken back goes under the others)
        session.type("RC")
        taken.append(session.monitor.lines.get(10))
    newest = f"AFFICHER {KEPT_REPLACED + 1}"
    assert taken == [f"AFFICHER {number}" for number in range(KEPT_REPLACED + 1, 1, -1)] + [newest]  # NIM, 1 gone


def test_lines_erased_by_effacer_come_back_with_rc_as_the_program_was(session):
    session.type("10 AFFICHER 1", "20 AFFICHER 2", "30 AFFICHER 3", "40 TERMINER")
    session.type("EF 10 A 300")  # (30 meant): every line erased, with no question
    assert session.type("LI") == "\nPRET\n"
    session.type("RC")
    assert session.type("LI") == "\n10 AFFICHER 1\n20 AFFICHER 2\n30 AFFICHER 3\n40 TERMINER\nPRET\n"
    session.type("EF 20,40")
    assert session.type("LI") == "\n10 AFFICHER 1\n30 AFFICHER 3\nPRET\n" and session.monitor.unsaved()


def test_recuperer_with_nothing_to_take_back_says_so(session):
    assert session.type("RC") == "\nRIEN A RECUPERER\nPRET\n"


def closed_with(disk_dir, *typed: str) -> Session:
    """A session in which lines were typed and the Micro then closed (an unsaved program kept for RC)."""
    closing = Session(Disk(disk_dir))
    closing.type(*typed)
    closing.monitor.shutdown()
    return closing


@pytest.mark.parametrize(("typed", "screen"), [
    (("RC", "LI"), "\n10 AFFICHER 'B'\nPRET\n"),
    (("RC", "RC", "LI"), "\n10 AFFICHER 'A'\nPRET\n"),
    (("RC", "RC", "RC", "LI"), "\n10 AFFICHER 'B'\nPRET\n"),
    (("20 TERMINER", "RC", "RC", "RC", "LI"), "\n20 TERMINER\nPRET\n"),
], ids=["RC brings back the program kept at the last closing",
        "RC again brings back the one kept at the closing before, not lost",
        "the program RC replaced goes under those kept and comes back in turn",
        "a program typed before RC comes back in turn too"])
def test_a_closing_keeps_its_unsaved_program_beside_those_kept_before(tmp_path, typed, screen):
    closed_with(tmp_path, "10 AFFICHER 'A'")
    closed_with(tmp_path, "10 AFFICHER 'B'")
    session = Session(Disk(tmp_path))
    session.type(*typed[:-1])
    assert session.type(typed[-1]) == screen


def test_the_boot_says_how_many_programs_were_kept_and_a_closing_after_rc_keeps_them_all(tmp_path):
    closed_with(tmp_path, "10 AFFICHER 'A'")
    closed_with(tmp_path, "10 AFFICHER 'B'")
    closed_with(tmp_path, "RC", "RC")  # A in memory, B put back under: both kept again at this closing
    session = Session(Disk(tmp_path))
    assert session.micro.screen.rows_text()[1:3] == ["2 PROGRAMMES NON RANGES ONT ETE GARDES:",
                                                     "RC (RECUPERER) LES REPREND UN A UN"]
    assert session.type("RC", "LI").endswith("\n10 AFFICHER 'A'\nPRET\n")
    assert session.type("RC", "LI").endswith("\n10 AFFICHER 'B'\nPRET\n")


# ------------------------------------------------------------ the book on board

def test_the_book_is_a_read_only_volume_catalogued_apart(session):
    session.type("10 AFFICHER 1", "RA CARRE")
    out = session.type("CA")
    assert "\nPROGRAMMES: CARRE\nFICHIERS: AUCUN\nLIVRE (LECTURE SEULE): BAGUENAUDIER\n" in out
    assert "QUEENS" in out and "SOLITAIRE" in out
    assert session.type("SU QUEENS") == "\nPROGRAMME QUEENS DU LIVRE: LECTURE SEULE\nPRET\n"


def test_appeler_loads_a_program_of_the_book_even_with_a_long_name(session):
    from machine.lse.source import split_source
    assert session.type("AP BAGUENAUDIER") == "\nPRET\n"
    expected = {line.number: line.text.strip() for line in split_source(read_book("baguenaudier"))[0]}
    assert session.monitor.lines == expected and len(expected) > 10


def test_saves_and_deletions_are_confirmed_on_the_screen(session):
    session.type("10 AFFICHER 1")
    assert session.type("RA CARRE") == "\nRANGE CARRE\nPRET\n"
    assert session.type("MO carre") == "\nRANGE CARRE\nPRET\n"
    assert session.type("SU CARRE") == "\nSUPPRIME CARRE\nPRET\n"


def test_the_book_names_are_the_programs_folder_and_no_path_can_be_spelled():
    assert "QUEENS" in book_names() and "DEMO" in book_names()
    assert read_book("../README") is None and read_book("queens.lse") is not None


def test_a_program_of_the_book_runs_by_name_from_the_command_line(tmp_path):
    done = subprocess.run([sys.executable, "main.py", "queens", "--headless", "--disk", str(tmp_path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "92" in done.stdout


# ------------------------------------------------------------- errors drawn right

def test_a_typed_line_s_error_has_its_message_line_and_caret_each_on_a_row(session):
    session.type("10 X_3+*4")
    rows = session.micro.screen.rows_text()
    at = rows.index("EXPRESSION ATTENDUE, TROUVE *")  # (too wide for a row: broken before its line)
    assert rows[at + 1:at + 4] == ["EN LIGNE 10", "10 X_3+*4", "       ^"]
    assert rows[at + 2].index("*") == rows[at + 3].index("^")


@pytest.mark.parametrize("message, rows", [
    ("VARIABLE U NON AFFECTEE EN LIGNE 70", ["VARIABLE U NON AFFECTEE EN LIGNE 70"]),
    ("EXPRESSION ATTENDUE, TROUVE * EN LIGNE 10", ["EXPRESSION ATTENDUE, TROUVE *", "EN LIGNE 10"]),
    ("EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE ( EN LIGNE 20",
     ["EXPRESSION (PAS UNE CONDITION) ATTENDUE,", "TROUVE ( EN LIGNE 20"]),
    ("MOT INCONNU BONJOUR (AIDE: LES COMMANDES)", ["MOT INCONNU BONJOUR (AIDE: LES", "COMMANDES)"]),
    ("X" * 45 + " EN LIGNE 3", ["X" * 45, "EN LIGNE 3"]),
    ("EXPRESSION (PAS UNE CONDITION) ATTENDUE, TROUVE 'A  B' EN LIGNE 2",  # (the spaces typed are kept)
     ["EXPRESSION (PAS UNE CONDITION) ATTENDUE,", "TROUVE 'A  B' EN LIGNE 2"]),
])
def test_a_message_wider_than_a_row_is_broken_between_words_before_its_line_if_that_is_enough(message, rows):
    assert fitted(message, 40).split("\r\n") == rows


def test_a_typed_line_with_spaces_keeps_its_caret_under_the_token(session):
    out = session.type("  20   AFFICHER 1+")
    rows = out.split("\n")
    line = rows.index("  20   AFFICHER 1+")
    assert rows[line + 1] == " " * len("  20   AFFICHER 1+") + "^"


# ------------------------------------------------------------------ asked again

def test_a_bad_answer_typed_at_a_keyboard_is_refused_and_asked_again(session):
    session.micro.typed_by_a_person()
    out = session.type("10 LIRE N", "20 AFFICHER N*2", "30 TERMINER", "EX", inputs=("ABC 5", "7"))
    assert "\nDONNEE INVALIDE ABC, RETAPEZ\n" in out and "\n14 \nTERMINE" in out


def test_a_bad_answer_piped_still_ends_the_program_with_its_error():
    done = subprocess.run([sys.executable, "main.py", "programs/baguenaudier.lse", "--headless"], input="ABC\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == "DONNEE INVALIDE ABC EN LIGNE 140"


def test_the_command_line_help_lists_the_keys_and_the_book():
    from machine.cli import build_parser
    text = build_parser().format_help()
    for needed in ("F9", "F10", "F11", "F12", "Ctrl-R", "Ctrl-D", "QUITTER", "micro-lse queens"):
        assert needed in text


def test_demo_leaves_the_variables_of_the_last_run_for_the_next_immediate_line(session):
    session.type("X←41")
    session.type("DE")
    assert session.type("?X+1") == "\n42 \nPRET\n"


def test_a_saved_program_with_a_wrong_line_is_loaded_whole_and_its_error_shown(session, tmp_path):
    (tmp_path / "CASSE.lse").write_text("10 AFFICHER 1\n20 X←3+*4\n30 TERMINER\n", encoding="utf-8")
    out = session.type("AP CASSE")
    assert "EXPRESSION ATTENDUE, TROUVE *\nEN LIGNE 20\n20 X←3+*4\n       ^\n" in out
    assert session.type("LI") == "\n10 AFFICHER 1\n20 X←3+*4\n30 TERMINER\nPRET\n"
    assert "EN LIGNE 20" in session.type("EX")


def test_installed_the_book_is_still_on_board_by_name(tmp_path):
    import shutil
    site = tmp_path / "site"  # the layout `pip install .` makes: the data copied into the package
    shutil.copytree(ROOT / "machine", site / "machine", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "roms", site / "machine" / "roms")
    shutil.copytree(ROOT / "programs", site / "machine" / "programs")
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    run = [sys.executable, "-m", "machine", "--headless", "--disk", str(tmp_path / "disk")]
    done = subprocess.run([*run[:3], "queens", *run[3:]], capture_output=True, text=True, cwd=tmp_path,
                          env=env, timeout=120)
    assert done.returncode == 0 and "92" in done.stdout, done.stderr
    listed = subprocess.run(run, input="AP QUEENS\nLI 10\n", capture_output=True, text=True, cwd=tmp_path,
                            env=env, timeout=60)
    assert "\n10 * LES HUIT REINES" in listed.stdout


def test_a_program_line_typed_instead_of_the_answer_cancels_and_is_still_stored(session):
    session.type("10 AFFICHER 1")
    assert session.type("EF *").endswith(CONFIRM)
    assert session.type("20 TERMINER") == "\nANNULE: LE PROGRAMME EST GARDE\n"
    assert session.type("LI") == "\n10 AFFICHER 1\n20 TERMINER\nPRET\n"


def test_aide_fits_the_forty_column_screen_with_its_prompt_and_aide_touches_explains_the_keys(session):
    rows = session.type("AIDE").strip("\n").split("\n")
    assert len(rows) + 1 <= session.micro.profile.rows  # the typed AIDE row, then all of it, PRET included
    keys = session.type("AIDE TOUCHES")
    assert "MAJ+HAUT" in keys and "F12: PHOTO PNG" in keys and "CTRL-D" in keys


def test_the_breakpoints_listed_by_arret_are_cut_between_numbers_as_every_message_is(session):
    session.type("10 AFFICHER 1", "20 TERMINER")
    out = session.type("AR " + ",".join(str(number) for number in range(10000, 10012)))
    rows = out[1:-len("\nPRET\n")].split("\n")
    assert len(rows) > 1 and all(len(row) <= 40 for row in rows)
    assert " ".join(rows) == "ARRETS: " + " ".join(str(number) for number in range(10000, 10012))


@pytest.mark.parametrize("typed, pointed", [
    ("10 AFFICHER 'UN' ** 2;AFFICHER '" + "Z" * 100 + "'", "*"),
    ("10 AFFICHER '" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" * 2 + "' + * 3", "*"),
    ("?'" + "X" * 45 + "' ! 3 +", None),  # (at the end of the line: TROUVE FIN DE LIGNE)
], ids=["in its first row", "in its last row", "past its end"])
def test_the_caret_of_an_error_in_a_line_wider_than_the_screen_is_under_its_character(session, typed, pointed):
    session.type(typed)
    screen = session.micro.screen.rows_text()
    caret = max(row for row, text in enumerate(screen) if text.endswith("^"))
    source, column = screen[caret - 1], len(screen[caret]) - 1
    assert not session.micro.screen.joined[caret] and not session.micro.screen.joined[caret - 1]  # a row each
    assert (source[column:column + 1] or None) == pointed and source.strip(".") in typed
    assert source.startswith("...")  # (a piece of the line: sent again with Return, never taken for the line)


def test_the_rows_of_bilan_fit_the_screen_a_line_s_text_cut_shorter(session):
    session.type("AP QUEENS", "ME", "EX")
    rows = session.type("BI").split("\n")
    lines = rows[rows.index("LIGNES:") + 2:-2]  # (under its heading, before PRET)
    assert len(lines) > 20 and all(len(row) <= 40 for row in rows)
    assert any(row.endswith("...") for row in lines) and any(not row.endswith("...") for row in lines)


def test_rc_says_which_program_it_brought_back(session):
    session.type("10 AFFICHER 1", "20 AFFICHER 2", "30 TERMINER", "EF *", "O")
    assert session.type("RC") == "\nRECUPERE: 3 LIGNES (10 A 30)\nPRET\n"
    session.type("EF 20,30")
    assert session.type("RC") == "\nRECUPERE: 3 LIGNES (10 A 30)\nPRET\n"
    assert session.type("RC") == "\nRECUPERE: 1 LIGNE (10)\nPRET\n"  # (the one RC replaced, in turn)


def test_aide_quitter_says_where_ctrl_d_leaves_and_what_the_web_page_does(session):
    # (it said CTRL-D AUSSI to the window and the web page, where Ctrl-D does nothing; the page cannot close itself)
    shown = " ".join(session.type("AIDE QUITTER").split())
    assert "A UN TERMINAL, CTRL-D AUSSI" in shown and "PAGE WEB, L'ETEINT ET LE RALLUME" in shown, shown
