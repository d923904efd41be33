"""Line editing at a terminal, driven through a pseudo-terminal: arrows, history across sessions, Ctrl-R,
Tab, Ctrl-C, Ctrl-D, and the old consoles' backslash; piped input keeps no escape codes."""

from __future__ import annotations

import fcntl
import os
import re
import resource
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytest.importorskip("prompt_toolkit")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>]|[\x07\r]")
LEFT, UP, CTRL_C, CTRL_D, CTRL_R = "\x1b[D", "\x1b[A", "\x03", "\x04", "\x12"
EDITOR_ON, EDITOR_OFF = "\x1b[?2004h", "\x1b[?2004l"


class Terminal:
    """micro-lse --headless on a pseudo-terminal of 80 x 24, typed into like a person."""

    def __init__(self, disk: Path, *, full: bool = False, errors: Path | None = None) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", PYTHONPATH=str(ROOT))
        stderr = slave if errors is None else errors.open("w")  # (a file: what is said once the terminal is gone)
        self.process = subprocess.Popen([sys.executable, "main.py", "--headless", "--disk", str(disk)],
                                        stdin=slave, stdout=slave, stderr=stderr, cwd=ROOT, env=env,
                                        start_new_session=True, preexec_fn=_disk_full if full else None)
        os.close(slave)
        if errors is not None:
            stderr.close()
        self.master = master
        self.raw = ""

    def text(self) -> str:
        """All the output so far, without the terminal's escape codes."""
        return ANSI.sub("", self.raw)

    def expect(self, wanted: str, timeout: float = 20.0, seen: int | None = None) -> str:
        """Read until `wanted` appears in the output (without escape codes) more than `seen` times
        (default: a new time from now); return the text."""
        seen = self.text().count(wanted) if seen is None else seen
        deadline = time.monotonic() + timeout
        while self.text().count(wanted) <= seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{wanted!r} not shown; the terminal shows:\n{self.text()[-800:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the Micro stopped before {wanted!r}:\n{self.text()[-800:]}")
                self.raw += chunk.decode("utf-8", "replace")
        return self.text()

    def read(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.raw += os.read(self.master, 65536).decode("utf-8", "replace")
            except OSError:
                pass

    def editing(self, timeout: float = 20.0) -> None:
        """Wait until the line editor holds the terminal (it turns bracketed paste on while it reads)."""
        deadline = time.monotonic() + timeout
        while self.raw.count(EDITOR_ON) <= self.raw.count(EDITOR_OFF):
            if time.monotonic() > deadline:
                raise AssertionError(f"no line editor; the terminal shows:\n{self.text()[-800:]}")
            self.read(0.05)

    def send(self, keys: str, wait: str | None = None) -> str:
        """Type keys once the editor reads them (line by line at each Return); wait for a text if given."""
        seen = self.text().count(wait) if wait is not None else 0
        for piece in re.findall(r"[^\r]*\r|[^\r]+", keys):
            self.editing()
            accepted = self.raw.count(EDITOR_OFF)
            os.write(self.master, piece.encode("utf-8"))
            deadline = time.monotonic() + 20
            while piece.endswith("\r") and self.raw.count(EDITOR_OFF) == accepted and time.monotonic() < deadline:
                self.read(0.05)
        return self.expect(wait, seen=seen) if wait is not None else self.text()

    def close(self) -> int:
        try:
            return self.process.wait(timeout=20)
        finally:
            os.close(self.master)


def _disk_full() -> None:
    """No file may grow (ulimit -f 0): every write to the disk fails as on a full one, even for root."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


@pytest.fixture
def terminal(tmp_path):
    opened: list[Terminal] = []

    def start(*, full: bool = False, errors: Path | None = None) -> Terminal:
        opened.append(Terminal(tmp_path, full=full, errors=errors))
        opened[-1].expect("PRET")
        return opened[-1]

    yield start
    for each in opened:
        if each.process.poll() is None:
            each.process.kill()
            each.process.wait()
        try:
            os.close(each.master)
        except OSError:
            pass


def test_left_arrow_moves_in_the_line_and_a_character_is_inserted(terminal):
    micro = terminal()
    micro.send("?2+3" + LEFT + LEFT + "0")
    assert "23 \r\n" not in micro.raw
    micro.send("\r", "23 ")
    assert "CARACTERE INVALIDE" not in micro.text()


def test_the_old_consoles_backslash_erases_at_the_terminal_too(terminal):
    micro = terminal()
    # Wait for the whole answer line: "13 " alone can be read before its line's end is written.
    assert "\n13 \n" in micro.send("?12\\3\r", "13 \n")


def test_history_is_kept_across_sessions_and_searched_with_ctrl_r(terminal, tmp_path):
    first = terminal()
    first.send("?6*7\r", "42 ")
    first.send("?5+5\r", "10 ")
    first.send(CTRL_D, "AU REVOIR")
    assert first.close() == 0
    assert "?6*7" in (tmp_path / ".historique").read_text(encoding="utf-8")
    second = terminal()
    second.send(UP + UP + "\r", "42 ")
    second.send(CTRL_R + "5+", "?5+5")
    assert second.send("\r", "10 ").count("10 ") == 1


def test_tab_completes_commands_and_program_names_of_the_disk_and_the_book(terminal, tmp_path):
    (tmp_path / "CARRE.lse").write_text("10 AFFICHER 'CARRE'\n20 TERMINER\n", encoding="utf-8")
    micro = terminal()
    micro.send("ap ren\t", "ap RENARD")
    micro.send("\r", "PRET")
    micro.send("LIS\t", "LISTER")
    micro.send(" 1,30\r", "PRET")
    micro.send("AP CA\t", "CAVALIER")  # two names begin so: both are shown
    micro.send("R\t", "AP CARRE")
    micro.send("\rEX\r", "TERMINE")
    assert "\nCARRE\nTERMINE" in micro.text().replace("\r", "")


def test_ctrl_c_abandons_the_line_at_the_prompt(terminal):
    micro = terminal()
    micro.send("?99")
    time.sleep(0.3)
    micro.send(CTRL_C)
    micro.send("?1\r", "1 ")
    assert "\n99 \n" not in micro.text() and "\n1 \n" in micro.text()
    assert micro.process.poll() is None


def test_ctrl_d_on_an_empty_line_leaves_asking_first_if_the_program_is_unsaved(terminal, tmp_path):
    micro = terminal()
    micro.send("10 AFFICHER 1\r")
    micro.send(CTRL_D, "PROGRAMME NON RANGE, CONFIRMER (O/N) ?")
    micro.send("N\r", "ANNULE")
    micro.send(CTRL_D, "PROGRAMME NON RANGE, CONFIRMER (O/N) ?")
    micro.send(CTRL_D, "AU REVOIR")
    assert micro.close() == 0
    assert (tmp_path / ".recuperation.lse").read_text(encoding="utf-8") == "10 AFFICHER 1\n"


def test_a_full_disk_loses_only_the_history_not_the_lines_typed(terminal, tmp_path):
    micro = terminal(full=True)
    micro.send("10 AFFICHER 1\r")
    micro.send("20 TERMINER\r")
    screen = micro.send("LI\r", "20 TERMINER\n")
    assert "\n10 AFFICHER 1\n20 TERMINER\n" in screen.replace("\r", "")
    assert "Traceback" not in screen and "exception" not in screen
    assert micro.process.poll() is None


def test_ctrl_d_twice_on_a_full_disk_says_the_program_is_not_kept_before_au_revoir(terminal, tmp_path):
    micro = terminal(full=True)
    micro.send("10 AFFICHER 1\r")
    micro.send(CTRL_D, "PROGRAMME NON RANGE, CONFIRMER (O/N) ?")
    screen = micro.send(CTRL_D, "AU REVOIR").replace("\r", "")
    assert "\nPROGRAMME NON GARDE: DISQUE PLEIN\nAU REVOIR" in screen and "PROGRAMME GARDE" not in screen
    assert micro.close() == 1


def test_a_bad_lire_answer_typed_at_the_terminal_is_asked_again(terminal):
    micro = terminal()
    micro.send("10 LIRE N\r20 AFFICHER N*N\r30 TERMINER\rEX\r")
    micro.send("ABC\r", "DONNEE INVALIDE ABC, RETAPEZ")
    assert "\n49 \nTERMINE" in micro.send("7\r", "TERMINE").replace("\r", "")


def test_a_byte_typed_that_is_not_utf8_is_the_replacement_character_kept_in_the_history(terminal, tmp_path):
    micro = terminal()
    micro.editing()
    os.write(micro.master, b"10 AFFICHER 'A\xffB'\r")  # (prompt_toolkit makes the byte half a UTF-16 pair)
    micro.send("LI\r", "PRET")
    screen = micro.send("?1\r", "\n1 \n")
    assert "10 AFFICHER 'A\ufffdB'" in screen and "Traceback" not in screen and "xception" not in screen
    micro.send(CTRL_D, "PROGRAMME NON RANGE, CONFIRMER (O/N) ?")
    micro.send("O\r", "AU REVOIR")
    assert micro.close() == 0
    assert "+10 AFFICHER 'A\ufffdB'\n" in (tmp_path / ".historique").read_text(encoding="utf-8")


def test_piped_input_gets_no_escape_codes_and_no_line_editing(tmp_path):
    done = subprocess.run([sys.executable, "main.py", "--headless", "--disk", str(tmp_path)],
                          input="?12\\3\n?1\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "\x1b" not in done.stdout
    assert "CARACTERE INVALIDE \\\n" in done.stdout and not (tmp_path / ".historique").exists()


def test_the_history_file_keeps_its_last_thousand_lines_for_the_window_and_the_terminal(tmp_path):
    from prompt_toolkit.history import FileHistory

    from machine.history import KEPT_ENTRIES, load_history, remember
    from machine.lineedit import LineEditor
    path = tmp_path / ".historique"
    for k in range(KEPT_ENTRIES + 50):
        remember(path, f"?{k}")
    assert load_history(path) == [f"?{k}" for k in range(50, KEPT_ENTRIES + 50)]  # and the file is cut so
    assert list(FileHistory(str(path)).load_history_strings())[-1] == "?50"
    for k in range(KEPT_ENTRIES, KEPT_ENTRIES + 60):
        remember(path, f"?{k}")
    editor = LineEditor(path, (), lambda: ())
    kept = list(editor.commands.history.load_history_strings())  # the terminal's start cuts the file too
    assert (len(kept), kept[0], kept[-1]) == (KEPT_ENTRIES, f"?{KEPT_ENTRIES + 59}", "?110")  # (60 more: 60 cut)
    assert len(load_history(path)) == KEPT_ENTRIES


@pytest.mark.parametrize("when", [0.0, 0.001, 0.01, 0.1], ids=lambda t: f"{t}s after the read began")
def test_an_editor_closed_from_outside_ends_the_line_it_reads_from_its_own_loop_and_reads_no_more(when):
    import threading

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from machine.lineedit import EditorClosed, LineEditor
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        editor = LineEditor(None, (), lambda: ())
        keys.send_text("10 AFFICHER 1\r")
        assert editor.read("", at_prompt=True) == "10 AFFICHER 1"
        closer = threading.Timer(when, editor.close)  # (a signal handler's call: at any point of the read)
        began = time.monotonic()
        closer.start()
        with pytest.raises(EditorClosed):
            editor.read("", at_prompt=True)  # nothing typed: only close() ends it
        closer.join()
        assert time.monotonic() - began < 10
        keys.send_text("20 AFFICHER 2\r")
        with pytest.raises(EditorClosed):
            editor.read("", at_prompt=False)


def test_the_window_and_the_terminal_share_one_history_file(tmp_path):
    from prompt_toolkit.history import FileHistory

    from machine.history import load_history, remember
    path = tmp_path / ".historique"
    FileHistory(str(path)).store_string("?6*7")
    remember(path, "LI")
    assert load_history(path) == ["?6*7", "LI"]
    assert list(FileHistory(str(path)).load_history_strings()) == ["LI", "?6*7"]  # newest first


def test_lines_pasted_at_once_are_typed_one_after_the_other_the_last_left_to_edit(terminal):
    micro = terminal()
    micro.editing()
    os.write(micro.master, b"\x1b[200~10 AFFICHER 1\r\n20 AFFICHER 2\r30 TERMINER\r?6*\x1b[201~")
    micro.expect("?6*")
    screen = micro.send("7\r", "42 ").replace("\r", "")
    assert "CARACTERE INVALIDE" not in screen
    listed = micro.send("LI\r", "30 TERMINER\n").replace("\r", "")
    assert "\n10 AFFICHER 1\n20 AFFICHER 2\n30 TERMINER\nPRET\n" in listed


def test_ctrl_c_during_a_run_drops_the_rest_of_a_paste_as_a_terminal_drops_what_was_typed_ahead(terminal):
    micro = terminal()
    micro.editing()
    os.write(micro.master, b"\x1b[200~5 AFFICHER 'CALCUL'\r10 X_0\r20 X_X+1\r30 SI X<1E9 ALORS ALLER EN 20\r40 LIRE N\r"
                           b"50 TERMINER\rEX\r10\r\x1b[201~")
    micro.expect("CALCUL", seen=1)  # (its line, then the run's first: a fixed wait was short on a loaded machine)
    os.killpg(micro.process.pid, signal.SIGINT)  # Ctrl-C at the terminal while the program runs
    micro.expect("INTERROMPU EN LIGNE")
    listed = micro.send("LI 10\r", "PRET").replace("\r", "")
    assert "\n10 X_0\nPRET\n" in listed  # 10 was LIRE's answer: typed at PRET, it erased line 10


@pytest.mark.parametrize("closing", [signal.SIGHUP, signal.SIGTERM], ids=["the terminal closed", "told to end"])
def test_a_micro_closed_from_outside_keeps_its_unsaved_program_for_rc(terminal, tmp_path, closing):
    micro = terminal()
    micro.send("10 AFFICHER 'PRECIEUX'\r")
    micro.editing()
    os.killpg(micro.process.pid, closing)
    micro.process.wait(timeout=20)
    assert (tmp_path / ".recuperation.lse").read_text(encoding="utf-8") == "10 AFFICHER 'PRECIEUX'\n"
    again = terminal()
    assert "UN PROGRAMME NON RANGE A ETE GARDE" in again.text()


@pytest.mark.parametrize("told", [True, False], ids=["told by its SIGHUP", "finding it gone first"])
def test_a_micro_whose_terminal_is_gone_ends_quietly_keeping_its_unsaved_program(terminal, tmp_path, told):
    errors = tmp_path / "errors.txt"
    micro = terminal(errors=errors)
    micro.send("10 AFFICHER 'PRECIEUX'\r")
    micro.editing()
    os.close(micro.master)  # the terminal's window closed: the Micro cannot write to it any more
    if told:
        os.killpg(micro.process.pid, signal.SIGHUP)
    micro.process.wait(timeout=20)
    assert (tmp_path / ".recuperation.lse").read_text(encoding="utf-8") == "10 AFFICHER 'PRECIEUX'\n"
    assert errors.read_text(encoding="utf-8") == ""  # no log line of Python's (asyncio's, prompt_toolkit's)
