"""The window's screen editing, history and status line, with synthesized pygame keys (SDL dummy driver)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from machine.disk import Disk  # noqa: E402
from machine.frontends.render import ScreenRenderer  # noqa: E402
from machine.frontends.window import Window  # noqa: E402
from machine.micro import Micro  # noqa: E402
from machine.monitor import Monitor  # noqa: E402
from tests.pixels import FONT, cells_text  # noqa: E402

GOLDEN = Path(__file__).parent / "golden" / "screens"


def booted(tmp_path: Path | None = None) -> Window:
    monitor = Monitor(Micro(), Disk(tmp_path) if tmp_path is not None else None)
    monitor.boot()
    window = Window(monitor, FONT, speed=None, scale=1)
    window.frame()
    return window


def press(window: Window, key: int, mod: int = 0) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def typed(window: Window, text: str) -> None:
    for char in text:
        window.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))


def enter(window: Window, *lines: str) -> None:
    """Type each line and Return, letting the Micro run what it starts."""
    for line in lines:
        typed(window, line)
        press(window, pygame.K_RETURN)
        for _ in range(5):
            window.frame()


def rows(window: Window) -> list[str]:
    return window.micro.screen.rows_text()


def cursor(window: Window) -> tuple[int, int]:
    return window.micro.screen.cursor_row, window.micro.screen.cursor_col


@pytest.fixture(autouse=True)
def close_display():
    yield
    pygame.display.quit()


def test_typed_errors_are_drawn_row_by_row_in_the_window_golden(update_golden):
    window = booted()
    enter(window, "10 X_3+*4", "FOO BAR", "RUN")
    renderer = ScreenRenderer(FONT, window.micro.profile, 1)
    drawn = cells_text(renderer.surface(window.micro.screen).get_at, renderer, window.micro.profile.rows,
                       window.micro.profile.columns, lambda colour: colour == renderer.foreground)
    screen = "\n".join(rows(window)).rstrip("\n") + "\n"
    golden = GOLDEN / "typed_errors.txt"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(screen, encoding="utf-8")
    assert screen == golden.read_text(encoding="utf-8")
    assert "\n".join(drawn).rstrip("\n") + "\n" == screen  # what the pixels show, read back glyph by glyph
    at = rows(window).index("EN LIGNE 10") + 1  # (the message too wide for a row: its line on the next)
    assert rows(window)[at - 2] == "EXPRESSION ATTENDUE, TROUVE *"
    assert rows(window)[at + 1].index("^") == rows(window)[at].index("*")


def test_a_listed_line_is_changed_by_moving_onto_it_typing_and_return():
    window = booted()
    enter(window, "10 AFFICHER 'UN'", "20 AFFICHER 'DEUX'", "30 TERMINER", "LI")
    listed = rows(window).index("20 AFFICHER 'DEUX'", 6)
    for _ in range(cursor(window)[0] - listed):
        press(window, pygame.K_UP, pygame.KMOD_SHIFT)
    for _ in range(len("20 AFFICHER '")):
        press(window, pygame.K_RIGHT)
    typed(window, "TROIS'")
    assert rows(window)[listed] == "20 AFFICHER 'TROIS'"
    press(window, pygame.K_RETURN)
    window.frame()
    assert window.session.lines[20] == "AFFICHER 'TROIS'"
    assert rows(window)[-1] == "" and "20 AFFICHER 'TROIS'" in rows(window)[listed + 3:]


def test_insert_delete_backspace_home_end_and_backslash_edit_the_line_being_typed():
    window = booted()
    typed(window, "AFICHER 12")
    press(window, pygame.K_HOME)
    press(window, pygame.K_RIGHT)
    press(window, pygame.K_INSERT)
    typed(window, "F")
    press(window, pygame.K_END)
    typed(window, "34")
    press(window, pygame.K_BACKSPACE)
    press(window, pygame.K_LEFT)
    press(window, pygame.K_LEFT)
    press(window, pygame.K_DELETE)
    assert window.line.text == "AFFICHER 13"  # the 2 deleted under the cursor, which stays on the 3
    typed(window, "5\\")  # 5 over the 3, then the old consoles' erase takes it back
    assert window.line.text == "AFFICHER 1"
    press(window, pygame.K_RETURN)
    window.frame()
    assert [row for row in rows(window) if row] == [*rows(window)[:2], "PRET", "AFFICHER 1", "1", "PRET"]


def test_up_and_down_on_the_line_being_typed_walk_the_history():
    window = booted()
    enter(window, "?1", "?2")
    typed(window, "?3")
    press(window, pygame.K_UP)
    assert window.line.text == "?2"
    press(window, pygame.K_UP)
    press(window, pygame.K_UP)
    assert window.line.text == "?1"
    press(window, pygame.K_DOWN)
    press(window, pygame.K_DOWN)
    assert window.line.text == "?3"
    press(window, pygame.K_UP)
    press(window, pygame.K_RETURN)
    for _ in range(3):
        window.frame()
    assert [row for row in rows(window) if row][-3:] == ["?2", "2", "PRET"]


def test_the_history_holds_the_lines_typed_at_the_prompt_not_the_answers_given_to_lire():
    window = booted()
    enter(window, "10 LIRE N", "20 TERMINER", "EX", "10")
    press(window, pygame.K_UP)
    assert window.line.text == "EX"  # (10, LIRE's answer, sent again at PRET would erase line 10)
    press(window, pygame.K_UP)
    assert window.line.text == "20 TERMINER"

def test_a_recalled_longer_line_wraps_and_a_shorter_one_leaves_no_tail():
    window = booted()
    long = "?'" + "X" * 50 + "'"
    enter(window, long, "?1")
    press(window, pygame.K_UP)
    press(window, pygame.K_UP)
    assert window.line.text == long
    press(window, pygame.K_DOWN)
    assert window.line.text == "?1"
    assert rows(window)[cursor(window)[0]] == "?1" and rows(window)[cursor(window)[0] + 1] == ""


def test_a_line_that_wraps_is_sent_whole_from_any_of_its_rows():
    window = booted()
    long = "?'" + "Y" * 45 + "'"
    typed(window, long)
    press(window, pygame.K_UP, pygame.KMOD_SHIFT)  # onto the first row of the same logical line
    press(window, pygame.K_RETURN)
    for _ in range(3):
        window.frame()
    assert "Y" * 40 in rows(window) and "YYYYY" in rows(window)


def test_a_bad_answer_typed_in_the_window_is_asked_again():
    window = booted()
    enter(window, "10 LIRE N", "20 AFFICHER N+1", "30 TERMINER", "EX", "DIX", "9")
    shown = [row for row in rows(window) if row]
    assert shown[-6:] == ["EXDIX", "DONNEE INVALIDE DIX, RETAPEZ", "9", "10", "TERMINE", "PRET"]


def started(window: Window, *lines: str) -> None:
    """Type a program and EX, leaving the run started but not yet run a frame."""
    enter(window, *lines)
    typed(window, "EX")
    press(window, pygame.K_RETURN)
    assert window.session.running and not window.session.wants_line()


def test_an_answer_typed_before_its_question_is_kept_for_it():
    window = booted()
    started(window, "10 AFFICHER 'COMBIEN ?';LIRE N", "20 AFFICHER N*2", "30 TERMINER")
    typed(window, "21")
    press(window, pygame.K_RETURN)  # typed while the Micro runs, before LIRE asks
    for _ in range(5):
        window.frame()
    shown = [row for row in rows(window) if row]
    assert shown[-4:] == ["COMBIEN ?21", "42", "TERMINE", "PRET"]


def test_a_line_typed_while_a_program_runs_is_typed_at_the_prompt_when_it_ends():
    window = booted()
    started(window, "10 AFFICHER 'FINI'", "20 TERMINER")
    typed(window, "?6*7")
    press(window, pygame.K_BACKSPACE)
    typed(window, "8")
    press(window, pygame.K_RETURN)
    typed(window, "?1")  # and a line not yet sent stays to be edited
    for _ in range(5):
        window.frame()
    shown = [row for row in rows(window) if row]
    assert shown[-7:] == ["FINI", "TERMINE", "PRET", "?6*8", "48", "PRET", "?1"] and window.line.text == "?1"


def test_escape_drops_what_was_typed_ahead():
    window = booted()
    started(window, "10 FAIRE 10 POUR I←1 JUSQUA 1E9", "20 TERMINER")
    typed(window, "?99")
    press(window, pygame.K_RETURN)
    press(window, pygame.K_ESCAPE)
    for _ in range(5):
        window.frame()
    assert not any("99" in row for row in rows(window)) and window.line.text == ""


def test_no_more_keys_are_kept_than_a_line_holds():
    from machine.frontends.seat import TYPED_AHEAD
    window = booted()
    started(window, "10 FAIRE 10 POUR I←1 JUSQUA 1E9", "20 TERMINER")
    typed(window, "A" * (TYPED_AHEAD + 10))
    assert window.seat.ahead == ["A"] * TYPED_AHEAD


def test_the_screenshot_key_is_confirmed_on_the_status_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    window = booted()
    press(window, pygame.K_F12)
    assert window.notice is not None and window.notice[0].startswith("PNG SAUVE: micro-lse-")
    window.frame()
    renderer = window.renderer
    bottom = cells_text(window.canvas.get_at, renderer, window.micro.profile.rows + 1,
                        window.micro.profile.columns, lambda colour: colour == renderer.foreground)
    assert bottom[-1] == window.notice[0][:window.micro.profile.columns]  # the margin row under the grid
    window.notice = (window.notice[0], 0.0)  # its two seconds are over
    window.frame()
    assert window.notice is None


def test_closing_the_window_with_an_unsaved_program_asks_first(tmp_path):
    window = booted(tmp_path)
    enter(window, "10 AFFICHER 1")
    window.handle(pygame.event.Event(pygame.QUIT))
    assert not window.closed and rows(window)[-1] == "" and "PROGRAMME NON RANGE, CONFIRMER (O/N) ?" in rows(window)
    enter(window, "O")
    assert window.closed or window.session.leaving


def test_closing_the_window_on_a_program_the_slot_cannot_keep_says_so_and_ends_with_status_1(tmp_path, monkeypatch,
                                                                                           capsys):
    import errno

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")
    window = booted(tmp_path)
    enter(window, "10 AFFICHER 1")
    monkeypatch.setattr("tempfile.mkstemp", refuse)
    enter(window, "QUITTER", "O")  # a person can answer: the Micro stays, with the program
    assert not window.closed and window.session.lines == {10: "AFFICHER 1"}
    assert [row for row in rows(window) if row][-4:] == [
        "PROGRAMME NON RANGE, CONFIRMER (O/N) ? O", "PROGRAMME NON GARDE: DISQUE PROTEGE EN", "ECRITURE", "PRET"]
    window.handle(pygame.event.Event(pygame.QUIT))  # asks again; a second close closes all the same
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert window.run() == 1
    assert capsys.readouterr().err == "PROGRAMME NON GARDE: DISQUE PROTEGE EN ECRITURE\n"


def test_quitter_closes_the_window():
    window = booted()
    enter(window, "QUITTER")
    assert window.closed


def test_a_program_file_with_errors_opens_loaded_with_its_errors_on_the_screen_to_be_fixed():
    from machine.cli import session_for
    monitor = session_for(Micro(), "10 AFFICHER 1\n20 X←3+*4\n30 TERMINER\n", run=False)
    window = Window(monitor, FONT, speed=None, scale=1)
    window.frame()
    shown = rows(window)[:7]
    assert shown[2:] == ["EXPRESSION ATTENDUE, TROUVE *", "EN LIGNE 20", "20 X←3+*4", "       ^", "PRET"]
    assert monitor.lines == {10: "AFFICHER 1", 20: "X←3+*4", 30: "TERMINER"}
    enter(window, "20 X←3*4", "EX")
    assert [row for row in rows(window) if row][-3:] == ["1", "TERMINE", "PRET"]


def test_the_recording_key_is_confirmed_on_the_status_line_when_it_starts_and_when_it_is_saved(tmp_path,
                                                                                               monkeypatch):
    monkeypatch.chdir(tmp_path)
    window = booted()
    press(window, pygame.K_F9)
    assert window.notice[0] == "ENREGISTREMENT... F9 POUR L'ARRETER"
    window.frame()
    press(window, pygame.K_F9)
    assert window.notice[0].startswith("GIF SAUVE: micro-lse-") and window.notice[0].endswith(".gif")
    assert len(list(tmp_path.glob("micro-lse-*.gif"))) == 1


def test_the_window_keeps_its_typed_lines_for_the_next_session_in_the_terminal_s_history_file(tmp_path):
    from machine.history import HISTORY_FILE, load_history
    first = booted(tmp_path)
    enter(first, "?6*7", "10 AFFICHER 1")
    pygame.display.quit()
    assert load_history(tmp_path / HISTORY_FILE) == ["?6*7", "10 AFFICHER 1"]
    second = booted(tmp_path)
    press(second, pygame.K_UP)
    press(second, pygame.K_UP)
    assert second.line.text == "?6*7"


def test_escape_at_the_prompt_abandons_the_line_and_a_new_one_starts_below():
    window = booted()
    typed(window, "?99")
    press(window, pygame.K_LEFT)
    press(window, pygame.K_ESCAPE)
    window.frame()
    enter(window, "?1")
    assert [row for row in rows(window) if row][-4:] == ["?99", "?1", "1", "PRET"]


def test_escape_at_the_question_before_a_loss_answers_no_on_the_row_below_as_the_terminal_does():
    window = booted()
    enter(window, "10 AFFICHER 1", "QU")
    typed(window, "N")
    press(window, pygame.K_ESCAPE)
    window.frame()
    shown = rows(window)
    at = shown.index("ANNULE: LE PROGRAMME EST GARDE")
    assert shown[at - 1].endswith("? N") and shown[at + 1] == "PRET" and cursor(window) == (at + 2, 0)


def test_return_on_a_listed_line_whose_start_scrolled_off_the_top_sends_the_whole_line():
    window = booted()
    whole = "10 * " + "LA LIGNE QUI SUIT EST".ljust(35, ".") + "10 * FIN"  # its second row reads as a line
    enter(window, whole, "LI")
    while rows(window)[:2] != ["10 * FIN", "PRET"]:  # an empty line scrolls one row at a time
        press(window, pygame.K_RETURN)
        window.frame()
    for _ in range(cursor(window)[0]):
        press(window, pygame.K_UP, pygame.KMOD_SHIFT)
    press(window, pygame.K_RETURN)  # on the row left of the listed line
    window.frame()
    assert window.session.lines == {10: whole[3:]}  # not `* FIN`: the line was sent whole
    assert rows(window)[-3:] == [whole[:40], "10 * FIN", ""]  # copied whole onto the line being typed


def test_return_on_a_line_too_long_for_the_screen_to_keep_its_start_is_refused_not_sent_cut():
    from machine.screen import ABOVE_MOST
    window = booted()
    enter(window, "10 CHAINE C;AFFICHER '10 ';C←'9999999999';C←C!C!C!C",
          f"20 FAIRE 20 POUR I←1 JUSQUA {ABOVE_MOST // 40 + 30};AFFICHER[U] C", "30 TERMINER",
          "EX")  # a line whose last rows read as a line 10 typed (EX ran it)
    while window.session.running:
        window.frame()
    lines = dict(window.session.lines)
    typed(window, "?2")
    for _ in range(cursor(window)[0]):
        press(window, pygame.K_UP, pygame.KMOD_SHIFT)
    press(window, pygame.K_RETURN)
    window.frame()
    assert window.session.lines == lines  # nothing stored nor run
    shown = [row for row in rows(window) if row]
    assert shown[-4:] == ["?2", "LIGNE TROP LONGUE: SON DEBUT A QUITTE", "L'ECRAN", "PRET"]
    enter(window, "?3")
    assert [row for row in rows(window) if row][-3:] == ["?3", "3", "PRET"]
