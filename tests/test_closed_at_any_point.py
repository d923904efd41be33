"""A signal that closes the Micro, or Ctrl-C, may come between any two of its Python lines: what it does then."""

from __future__ import annotations

import io
import signal
import sys
from pathlib import Path

from machine.disk import Disk
from machine.frontends import terminal
from machine.micro import Micro
from machine.monitor import Monitor

ROOT = Path(__file__).resolve().parent.parent
WATCHED = tuple(str(ROOT / "machine" / name) for name in ("frontends/terminal.py", "monitor.py", "keeping.py"))
PRECIOUS = "10 AFFICHER 'PRECIEUX'\n"
TYPED = "10 AFFICHER 'PRECIEUX'\n20 TERMINER\nLI\nEX\nRA NOM\n30 AFFICHER 'ENCORE'\n"


def closed_at(tmp_path: Path, moment: int | None) -> tuple[int, bool, int, BaseException | None]:
    """A piped session told to end (SIGTERM's handler called) at the `moment`-th line of the front end, the
    monitor or the keeping run; the lines run, whether a program was held then, the status, and what escaped."""
    monitor = Monitor(Micro(seed=1), Disk(tmp_path))
    seen, held = 0, False

    def tracer(frame, event, arg):
        nonlocal seen, held
        if event == "line":
            seen += 1
            if seen == moment:
                held = bool(monitor.lines)
                sys.settrace(None)  # (the handler runs once, as a signal's, between two lines)
                handler = signal.getsignal(signal.SIGTERM)
                if callable(handler):  # (before the front end's: the default, which ends the process)
                    handler(signal.SIGTERM, None)
        return tracer

    def calls(frame, event, arg):
        return tracer if frame.f_code.co_filename in WATCHED else None

    sys.settrace(calls)
    try:
        status = terminal.run_monitor_headless(monitor, stdin=io.StringIO(TYPED), stdout=io.StringIO(), bell=False)
    except BaseException as error:  # noqa: BLE001 (what escaped is the finding)
        return seen, held, -1, error
    finally:
        sys.settrace(None)
    return seen, held, status, None


def test_a_micro_told_to_end_between_any_two_of_its_lines_ends_normally_its_program_kept_or_saved(tmp_path):
    previous = signal.getsignal(signal.SIGTERM)
    lines, _, status, escaped = closed_at(tmp_path / "whole", None)
    assert (status, escaped) == (0, None) and lines > 100
    lost = []
    for moment in range(1, lines + 1, 1 if lines < 3000 else lines // 3000 + 1):
        disk = tmp_path / str(moment)
        _, held, status, escaped = closed_at(disk, moment)
        kept = [path.read_text(encoding="utf-8") for path in (disk / ".recuperation.lse", disk / "NOM.lse")
                if path.exists()]
        stray = [path.name for path in disk.iterdir() if path.name.startswith(".tmp")] if disk.exists() else []
        left = signal.getsignal(signal.SIGTERM) is not previous  # (the handler left in place: restored here)
        signal.signal(signal.SIGTERM, previous)
        if escaped is not None or stray or left or held and not any(text.startswith(PRECIOUS) for text in kept):
            lost.append((moment, escaped, kept, stray, left))
    assert lost == [], f"{len(lost)} closings in {lines} went wrong, first: {lost[:5]}"


class Unread(io.StringIO):
    """Lines typed, noting whether any was read."""

    read = False

    def readline(self, *args) -> str:
        self.read = True
        return super().readline(*args)


def ctrl_c() -> None:
    """Ctrl-C (the SIGINT handler the front end put up, called as between two of its lines)."""
    signal.getsignal(signal.SIGINT)(signal.SIGINT, None)


def test_ctrl_c_as_lire_begins_to_wait_interrupts_the_program_without_waiting_for_a_line():
    from machine.lse.runtime import Status
    micro = Micro(seed=1)
    micro.load_text("10 AFFICHER 'TAPEZ'\n20 LIRE X\n30 TERMINER\n")
    stdin, stderr = Unread("5\n"), io.StringIO()

    def after_slice() -> None:  # (after the slice that reached LIRE, before the front end waits)
        if micro.runtime.status is Status.WAITING:
            ctrl_c()

    status = terminal.run_headless(micro, speed=None, stdin=stdin, stdout=io.StringIO(), stderr=stderr,
                                   on_slice=after_slice)
    assert (status, stderr.getvalue(), stdin.read) == (1, "INTERROMPU EN LIGNE 20\n", False)


class Question(io.StringIO):
    """A piped monitor's output: Ctrl-C comes once CONFIRM's question is shown, before the Micro waits."""

    def flush(self) -> None:
        super().flush()
        if self.getvalue().endswith("(O/N) ? ") and not getattr(self, "pressed", False):
            self.pressed = True
            ctrl_c()


def test_ctrl_c_once_the_question_is_shown_answers_no_even_before_the_micro_waits(tmp_path):
    stdout = Question()
    terminal.run_monitor_headless(Monitor(Micro(seed=1), Disk(tmp_path)), stdin=io.StringIO("10 AFFICHER 1\nQU\nO\n"),
                                  stdout=stdout, bell=False)
    assert stdout.getvalue().split("(O/N) ? ", 1)[1].startswith("\nANNULE: LE PROGRAMME EST GARDE\nPRET\nO\n")
