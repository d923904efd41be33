"""Hostile typing, command lines and signals (issue 17, points 3, 4, 6, 7, 8): a message, never a traceback."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from machine.cli import main
from machine.disk import Disk
from machine.micro import Micro
from machine.monitor import Monitor

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 5000


class Typist:
    """A monitor typed into; what it printed."""

    def __init__(self, disk: Disk | None = None) -> None:
        self.micro = Micro(disk=disk)
        self.shown: list[str] = []
        self.micro.listeners.append(self.shown.append)
        self.monitor = Monitor(self.micro, disk)
        self.monitor.boot()

    def type(self, *lines: str) -> str:
        start = len(self.shown)
        for line in lines:
            self.monitor.submit(line)
            while self.monitor.running:
                if self.monitor.tick(1_000_000) is not None and self.monitor.micro.runtime.status.name == "WAITING":
                    self.monitor.micro.end_input()
        return "".join(self.shown[start:]).replace("\r\n", "\n")


# ---------------------------------------------------------------- the monitor (points 3 and 4)

@pytest.mark.parametrize("command", ["LI ²", "LI 1,²", "EX ²", "AR ٣", "NU ²,10", "EF ²"])
def test_a_superscript_or_foreign_digit_in_a_command_is_commande_invalide(command):
    typist = Typist()
    typist.type("10 AFFICHER 1")
    assert "COMMANDE INVALIDE" in typist.type(command)
    assert "10 AFFICHER 1" in typist.type("LI")


@pytest.mark.parametrize("command", [f"LI {HUGE}", f"LI 1,{HUGE}", f"EF 1 A {HUGE}", f"AR {HUGE}", f"EX {HUGE}",
                                     f"NU {HUGE}", f"RE {HUGE}"])
def test_a_five_thousand_digit_number_in_a_command_is_taken_as_out_of_range(command):
    typist = Typist()
    typist.type("10 AFFICHER 1", "20 TERMINER")
    shown = typist.type(command)
    assert "Traceback" not in shown and len(shown) < 400
    assert shown.endswith("PRET\n")


def test_ef_up_to_a_huge_number_is_refused_named_cut_short_and_erases_nothing():
    typist = Typist()
    typist.type("10 AFFICHER 1", "20 TERMINER")
    shown = typist.type(f"EF 15 A {HUGE}")
    assert "NUMERO DE LIGNE INVALIDE\n" + "9" * 24 + "..." in shown and len(shown) < 200  # as EX, RE, PO, AR, LI
    assert typist.monitor.lines == {10: "AFFICHER 1", 20: "TERMINER"}


def test_a_typed_five_thousand_digit_line_number_is_numero_invalide_cut_short():
    shown = Typist().type(f"{HUGE} AFFICHER 1")
    assert "NUMERO DE LIGNE INVALIDE\n" + "9" * 24 + "..." in shown and len(shown) < 200  # (a row each)


def test_a_typed_line_longer_than_the_limit_is_ligne_trop_longue():
    typist = Typist()
    most = typist.micro.profile.max_line_chars
    assert "LIGNE TROP LONGUE" in typist.type("10 AFFICHER '" + "A" * most + "'")
    assert typist.monitor.lines == {}


def test_the_monitor_keeps_no_more_lines_than_the_limit():
    typist = Typist()
    most = typist.micro.profile.max_program_lines
    for number in range(1, most + 1):
        typist.monitor.store_line(number, "X←1")
    assert "TROP DE LIGNES" in typist.type(f"{most + 1} X←1")
    assert "TROP DE LIGNES" not in typist.type("1 X←2")  # replacing a line is no new line
    assert len(typist.monitor.lines) == most


def test_the_monitor_keeps_no_program_larger_than_a_program_file_so_every_one_can_be_saved(tmp_path):
    typist = Typist(Disk(tmp_path))
    most = typist.micro.profile.max_program_bytes
    text = "* " + "A" * 30000  # (a remark: a string written out is at most 4 000 characters)
    count = most // len(f"10 {text}\n".encode())  # the lines that fit
    for number in range(1, count + 1):
        typist.type(f"{number} {text}")
    assert len(typist.monitor.lines) == count
    shown = typist.type(f"{count + 1} {text}").replace("\n", " ")
    assert f"PROGRAMME TROP GRAND ({most} OCTETS AU PLUS) EN LIGNE {count + 1}" in shown
    assert len(typist.monitor.lines) == count
    assert "TROP GRAND" not in typist.type(f"1 {text[:-2]}")  # a line made shorter is taken
    assert "TROP GRAND" not in typist.type("RA GROS")  # and what the monitor holds is saved
    assert typist.monitor.lines.size == len(typist.monitor.source().encode("utf-8")) <= most
    typist.type(f"{count + 1}", "1")  # (taking lines out counts them out)
    assert typist.monitor.lines.size == len(typist.monitor.source().encode("utf-8"))


def test_appeler_a_program_of_too_many_lines_refuses_it_and_keeps_the_one_in_memory(tmp_path):
    disk = Disk(tmp_path)
    typist = Typist(disk)
    most = typist.micro.profile.max_program_lines
    (tmp_path / "GROS.lse").write_text("".join(f"{i} X←1\n" for i in range(1, most + 2)))
    typist.type("10 AFFICHER 1")
    assert "CONFIRMER" in typist.type("AP GROS")  # the program in memory is not saved: asked first
    assert f"TROP DE LIGNES ({most + 1}, {most} AU PLUS)" in typist.type("O")
    assert typist.monitor.lines == {10: "AFFICHER 1"}


# ---------------------------------------------------------------- the command line (points 6 and 8)

def run_cli(tmp_path: Path, *args: str, stdin: io.TextIOBase | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([*args, "--disk", str(tmp_path / "disque")], stdin or io.StringIO(""), out, err)
    return status, out.getvalue(), err.getvalue()


def test_check_of_dev_zero_is_programme_trop_grand_without_reading_it_all(tmp_path):
    status, _, err = run_cli(tmp_path, "--check", "/dev/zero")
    assert (status, err) == (2, "micro-lse: PROGRAMME TROP GRAND (262144 OCTETS AU PLUS): /dev/zero\n")


@pytest.mark.parametrize("speed", ["1e-320", "1e-9", "1e400", "nan", "1e300"])
def test_an_absurd_speed_is_refused_on_one_line(tmp_path, speed):
    program = tmp_path / "p.lse"
    program.write_text("10 AFFICHER 1\n20 TERMINER\n")
    status, _, err = run_cli(tmp_path, str(program), "--headless", "--speed", speed)
    assert status == 2 and err.startswith("micro-lse: --speed: un nombre de 0.001 a 1e+06") and err.count("\n") == 1


def strict_stdin(data: bytes) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")


def test_invalid_utf8_read_by_lire_is_donnee_invalide(tmp_path):
    program = tmp_path / "p.lse"
    program.write_text("10 LIRE X\n20 AFFICHER X\n30 TERMINER\n")
    status, _, err = run_cli(tmp_path, str(program), "--headless", stdin=strict_stdin(b"\xff\xfe\n"))
    assert (status, err) == (1, "DONNEE INVALIDE \ufffd\ufffd EN LIGNE 10\n")


def test_invalid_utf8_typed_at_the_monitor_is_caractere_invalide_and_the_session_goes_on(tmp_path):
    status, out, _ = run_cli(tmp_path, "--headless", stdin=strict_stdin(b"\xff\n? 1+1\n"))
    assert "CARACTERE INVALIDE \ufffd" in out and out.endswith("? 1+1\n2 \nPRET\n")


class EndlessLine(io.TextIOBase):
    """A stdin whose first line is `length` characters long, as /dev/zero's or a 100 MB line, then `rest`."""

    def __init__(self, length: int, rest: str) -> None:
        self.left, self.rest = length, io.StringIO("\n" + rest)

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        if not self.left:
            return self.rest.readline(size)
        taken = self.left if size < 0 else min(size, self.left)
        self.left -= taken
        return "A" * taken


LONG_LINE = 20_000_000


@pytest.mark.parametrize(("source", "rest", "status", "said"), [
    ("10 LIRE X\n20 TERMINER\n", "", 1, "LIGNE TROP LONGUE EN LIGNE 10\n"),
    ("10 CHAINE S\n20 LIRE S\n30 TERMINER\n", "", 1, "LIGNE TROP LONGUE EN LIGNE 20\n"),
    (None, "? 1+1\n", 0, "LIGNE TROP LONGUE\nPRET\n? 1+1\n2 \nPRET\n"),
], ids=["a number read", "a string read", "a line typed at the prompt"])
def test_a_line_of_twenty_million_characters_is_ligne_trop_longue_and_never_held_whole(tmp_path, source, rest,
                                                                                       status, said):
    import tracemalloc
    args = ["--headless"]
    if source is not None:
        program = tmp_path / "p.lse"
        program.write_text(source)
        args.insert(0, str(program))
    tracemalloc.start()
    try:
        got, out, err = run_cli(tmp_path, *args, stdin=EndlessLine(LONG_LINE, rest))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got == status and said in (err if source else out)
    assert peak < LONG_LINE // 4  # a line of the limit or so, never the whole line (nor its message)


WIDE = "A" * 30_000  # a field, or a file name, that fits in a line and in a string of the program


@pytest.mark.parametrize(("source", "typed", "said"), [
    ("10 LIRE X\n20 TERMINER\n", [WIDE], "DONNEE INVALIDE " + "A" * 24 + "... EN LIGNE 10"),
    ("10 CHAINE N;N←'" + "A" * 3_000 + "'\n20 X←1;GARER X,1,N\n", [],
     "NOM DE FICHIER INVALIDE " + "A" * 24 + "... EN LIGNE 20"),
    ("10 CHAINE N;N←'#" + "A" * 3_000 + "'\n20 EXECUTER N\n", [],
     "NOM DE FICHIER INVALIDE #" + "A" * 23 + "... EN LIGNE 20"),
], ids=["a number typed for LIRE", "a data file's name", "a program's name"])
def test_a_long_text_that_is_refused_is_named_by_its_start_in_the_message(tmp_path, source, typed, said):
    from tests.lse_harness import run_lse
    assert run_lse(source, typed, disk=Disk(tmp_path)).error == said


def test_a_long_answer_typed_again_at_a_keyboard_is_named_by_its_start():
    typist = Typist()
    typist.micro.typed_by_a_person()
    typist.type("10 LIRE X;AFFICHER X;TERMINER")
    typist.monitor.submit("EX")
    typist.monitor.tick(1_000_000)  # the program now waits in LIRE
    start = len(typist.shown)
    typist.monitor.submit(WIDE)
    typist.monitor.tick(1_000_000)
    assert "DONNEE INVALIDE " + "A" * 24 + "..., RETAPEZ\r\n" in "".join(typist.shown[start:])


@pytest.mark.parametrize(("typed", "said"), [
    (WIDE, "\nMOT INCONNU " + "A" * 24 + "...\n(AIDE: LES COMMANDES)\nPRET\n"),
    ("AIDE " + WIDE, "\nPAS D'AIDE POUR\n" + "A" * 24 + "... (AIDE SEUL:\nLA LISTE)\nPRET\n"),
], ids=["a word alone", "after AIDE"])
def test_a_long_unknown_word_typed_at_the_prompt_is_named_by_its_start(typed, said):
    assert Typist().type(typed) == said


# ---------------------------------------------------------------- signals (point 7)

def spawn(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_ctrl_c_while_lire_waits_interrupts_at_once(tmp_path):
    program = tmp_path / "p.lse"
    program.write_text("10 AFFICHER 'TAPEZ'\n20 LIRE X\n30 TERMINER\n")
    process = spawn(str(program), "--headless", "--disk", str(tmp_path))
    watchdog = threading.Timer(30, process.kill)  # a Micro that never asks: the test fails, it does not hang
    watchdog.start()
    seen = ""
    while not seen.endswith("TAPEZ") and len(seen) < 100:
        seen += process.stdout.read(1)  # the program now waits on stdin, held open
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=10)  # stdin still open: the Micro must stop without another line
        err = process.stderr.read()
    finally:
        watchdog.cancel()
        process.kill()
    assert (process.returncode, err) == (1, "INTERROMPU EN LIGNE 20\n")


def test_ctrl_c_while_lire_waits_in_the_monitor_keeps_the_program_and_the_next_line(tmp_path):
    process = spawn("--headless", "--disk", str(tmp_path))
    watchdog = threading.Timer(30, process.kill)  # a Micro that never runs: the test fails, it does not hang
    watchdog.start()
    process.stdin.write("10 LIRE X\n20 AFFICHER X;TERMINER\nEX\n")
    process.stdin.flush()
    seen = ""
    while not seen.endswith("\nEX") and len(seen) < 500:
        # (EX is shown once its run's first slice stopped at LIRE: a Ctrl-C sent after a fixed time came
        # before the Micro was up, on a loaded machine, and ended it at once)
        seen += process.stdout.read(1) or "?"
    process.send_signal(signal.SIGINT)
    time.sleep(0.3)
    try:
        out, err = process.communicate("LI\n", timeout=20)
    finally:
        watchdog.cancel()
    assert "Traceback" not in err
    assert (seen + out).split("INTERROMPU EN LIGNE 10\n", 1)[1] == "PRET\nLI\n10 LIRE X\n20 AFFICHER X;TERMINER\nPRET\n"


def test_ctrl_c_at_the_question_of_a_piped_monitor_answers_no_and_the_question_is_gone(tmp_path):
    process = spawn("--headless", "--disk", str(tmp_path))
    watchdog = threading.Timer(30, process.kill)  # a Micro that never asks: the test fails, it does not hang
    watchdog.start()
    process.stdin.write("10 AFFICHER 1\nQU\n")
    process.stdin.flush()
    seen = ""
    while not seen.endswith("(O/N) ? ") and len(seen) < 500:
        seen += process.stdout.read(1)
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    time.sleep(0.3)
    try:
        out, err = process.communicate("O\nLI\n", timeout=20)  # O is no answer now: a line typed at PRET
    finally:
        watchdog.cancel()
    assert "Traceback" not in err
    assert (seen + out).split("(O/N) ? ", 1)[1] == ("\nANNULE: LE PROGRAMME EST GARDE\nPRET\n"
                                                   "O\nMOT INCONNU O (AIDE: LES COMMANDES)\nPRET\n"
                                                   "LI\n10 AFFICHER 1\nPRET\n")



LOOP_THEN_READ = "10 X_0\n20 X_X+1\n30 SI X<1E9 ALORS ALLER EN 20\n40 LIRE N\n50 TERMINER\nEX\n10\n"


def test_ctrl_c_during_a_run_of_a_tape_drops_its_answers_so_that_none_reaches_the_prompt(tmp_path):
    tape = tmp_path / "bande.lse"
    tape.write_text(LOOP_THEN_READ)
    process = spawn(str(tape), "--headless", "--disk", str(tmp_path))
    watchdog = threading.Timer(30, process.kill)  # a Micro that never runs the tape: the test fails, it does not hang
    watchdog.start()
    seen = ""
    while not seen.endswith("\nEX") and len(seen) < 500:
        seen += process.stdout.read(1) or "?"  # (the Micro ended: a character that ends the wait)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    time.sleep(0.3)
    try:
        out, err = process.communicate("LI 10\n", timeout=20)  # 10 was LIRE's answer: typed at PRET, it erased line 10
    finally:
        watchdog.cancel()
    assert "Traceback" not in err
    assert (seen + out).split("INTERROMPU EN LIGNE ", 1)[1].split("\n", 1)[1] == "PRET\nLI 10\n10 X_0\nPRET\n"


SITE_SKIPPED = "Remainder of file ignored\n"  # how site ends its report of a .pth line that failed


def test_ctrl_c_at_any_instant_of_start_up_exits_130_without_a_traceback_of_the_micro(tmp_path):
    program = tmp_path / "p.lse"
    program.write_text("10 LIRE X\n20 TERMINER\n")
    statuses = set()
    for delay in [0.005 * step for step in range(0, 80)]:  # fine steps: the window of 130 is ~25 ms
        process = spawn(str(program), "--headless", "--disk", str(tmp_path))
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
        statuses.add(process.returncode)
        # Before main.py's first line the interpreter itself is starting (site, its .pth files): a
        # "Fatal Python error" then is the interpreter's own; from main.py on, no traceback.
        if err.startswith("Error processing line ") and SITE_SKIPPED in err:
            # Seen once, in a fresh clone's CI: the interrupt came while site ran the editable install's
            # .pth file (its import of pathlib); site printed that with the standard library's frames and
            # went on, the signal spent, so main.py ran as if never interrupted. What follows is checked.
            started, err = err.split(SITE_SKIPPED, 1)
            frames = [line for line in started.splitlines() if line.strip().startswith("File ")]
            assert frames and not any("main.py" in line or "machine/" in line for line in frames), started
        if err.startswith("Failed checking if argv[0] is an import path entry"):
            # Seen once, in a fresh clone's CI: the interrupt came while CPython asked whether the
            # script's path is a zip archive (its own start-up, before main.py runs), and it printed
            # that with its frozen frames, naming the script only as the path it tried; no frame is ours.
            frames = [line for line in err.splitlines() if line.strip().startswith("File ")]
            assert frames and all("<frozen " in line for line in frames), err
            continue
        if err.endswith('main.py", line 0, in <module>\nKeyboardInterrupt\n'):
            # Seen once, in CI: the signal came before main.py's first line ran, so CPython raised it at
            # the module's entry ("line 0"), before any handler of ours could be installed. One frame,
            # and it is the entry itself: nothing of the Micro ran.
            frames = [line for line in err.splitlines() if line.strip().startswith("File ")]
            assert len(frames) == 1, err
            continue
        assert "main.py" not in err and "machine/" not in err, err
        if err.startswith("Fatal Python error"):
            continue
        if err == "KeyboardInterrupt\n" and process.returncode == 1:
            # Seen once, in CI on a fresh install: a bare KeyboardInterrupt, no traceback and no frame
            # of ours, status 1. Where the interpreter printed it was not found (an interrupt while
            # main.py is compiled prints a traceback and ends by SIGINT); it is not the Micro's text.
            continue
        assert process.returncode in (130, 1, -signal.SIGINT), err
        if process.returncode == 1 and err.endswith("DONNEE ABSENTE EN LIGNE 10\n"):
            # Seen once in many runs: CPython dropped the signal (raised where it ignores exceptions,
            # in an import lock's callback), so the program ran on and LIRE found no input.
            assert "Traceback" not in err.split("Exception ignored")[0], err
            continue
        if process.returncode == 1:  # the Micro was up and LIRE waited: the interruption is the program's
            assert err == "INTERROMPU EN LIGNE 10\n"
    assert 130 in statuses


@pytest.mark.parametrize("when", ["between two runs of the chain", "while the next program is parsed"])
def test_esc_stops_a_program_that_chains_itself_for_ever(tmp_path, monkeypatch, when):
    import machine.micro
    (tmp_path / "P.lse").write_text("10 I←1\n20 EXECUTER 'P'\n")
    micro = Micro(disk=Disk(tmp_path))
    micro.load_text("10 EXECUTER 'P'\n")
    assert micro.run(100_000) is machine.micro.Status.RUNNING  # it chained once
    if when == "between two runs of the chain":
        micro.interrupt()
    else:
        parse = machine.micro.parse

        def interrupted_parse(*args, **kwargs):  # Ctrl-C's handler runs while the next program is parsed
            monkeypatch.setattr(machine.micro, "parse", parse)
            micro.interrupt()
            return parse(*args, **kwargs)
        monkeypatch.setattr(machine.micro, "parse", interrupted_parse)
    for _ in range(100):  # each slice ends at a chain: a program stopped never gets so far
        if micro.run(100_000) is not machine.micro.Status.RUNNING:
            break
    assert micro.error_text() == "INTERROMPU EN LIGNE 20"


def test_esc_stops_a_loop_of_pauses_that_a_headless_run_goes_on_from_at_once():
    from machine.lse.status import Status
    micro = Micro()
    micro.load_text("10 PAUSE\n20 ALLER EN 10\n")
    assert micro.run(100_000) is Status.PAUSED
    micro.interrupt()
    for _ in range(100):  # headless goes on after each PAUSE: each slice ends at the next one
        if micro.run(100_000) is not Status.PAUSED:
            break
    assert micro.error_text() == "INTERROMPU EN LIGNE 10"


def test_ctrl_c_while_the_program_is_compiled_stops_it_before_its_first_line() -> None:
    micro = Micro()
    micro.load_text("10 AFFICHER 1\n20 TERMINER\n")
    build = micro.runtime.build

    def build_then_ctrl_c(*args: object, **kwargs: object) -> object:  # (a compile of seconds: Ctrl-C comes in it)
        built = build(*args, **kwargs)
        micro.interrupt()
        return built

    micro.runtime.build = build_then_ctrl_c
    micro.run(1_000_000)
    assert micro.error_text() == "INTERROMPU EN LIGNE 10"  # (it ran to its end, the Ctrl-C unheard)
