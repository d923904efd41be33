"""The progress line of long headless runs: on a terminal's stderr only, at most 4 refreshes a second."""

from __future__ import annotations

import io

import pytest

from machine.cli import build_parser, headless_watch
from machine.micro import Micro
from machine.progress import Progress, emulated_time, spaced


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("seconds", "text"), [(3.25, "3.2 S"), (75.0, "1 MN 15.0 S"), (3723.4, "1 H 02 MN 03.4 S")])
def test_emulated_time_reads_like_the_micro(seconds, text):
    assert emulated_time(seconds) == text


def test_big_numbers_have_their_thousands_apart():
    assert spaced(1234567) == "1 234 567"


def test_a_short_run_never_shows_the_line_and_a_long_one_refreshes_at_most_four_times_a_second():
    clock, stream = FakeClock(), io.StringIO()
    progress = Progress(stream, 1_000_000, clock)
    for step in range(99):  # a slice every 10 ms during the first second: nothing
        clock.now += 0.01
        progress.update(step * 1_000_000)
    assert stream.getvalue() == ""
    for step in range(300):  # 3 more seconds
        clock.now += 0.01
        progress.update(step * 10_000_000)
    assert 11 <= progress.refreshes <= 13
    assert stream.getvalue().count("\r") == progress.refreshes


def test_the_line_gives_emulated_time_cycles_and_cycles_per_second():
    clock, stream = FakeClock(), io.StringIO()
    progress = Progress(stream, 1_000_000, clock)
    clock.now += 2.0
    progress.update(90_000_000)
    assert stream.getvalue() == "\rTEMPS EMULE 1 MN 30.0 S  90 000 000 CYCLES  45 000 000 CYCLES/S (x45)"


def test_the_line_is_erased_before_the_program_prints_and_at_the_end():
    clock, stream = FakeClock(), io.StringIO()
    progress = Progress(stream, 1_000_000, clock)
    clock.now += 2.0
    progress.update(1000)
    shown = stream.getvalue()
    progress.hide("TEXTE")
    assert stream.getvalue() == shown + "\r" + " " * (len(shown) - 1) + "\r"
    progress.hide()
    assert stream.getvalue().endswith(" \r")  # nothing more: already erased


@pytest.mark.parametrize(("stderr", "speed", "shown"), [
    (Tty(), [], True),
    (io.StringIO(), [], False),                 # a pipe, a file, CI: never
    (Tty(), ["--speed", "authentic"], False),   # only --speed max runs are long enough to need it
])
def test_the_progress_line_is_on_only_at_speed_max_with_stderr_a_terminal(stderr, speed, shown):
    micro = Micro()
    watch = headless_watch(micro, build_parser().parse_args(["p.lse", *speed]), stderr)
    assert (watch.progress is not None) == shown
    assert (watch.progress.hide in micro.listeners) if shown else micro.listeners == []


def test_the_line_is_erased_before_printing_only_when_stdout_is_the_same_terminal():
    args = build_parser().parse_args(["p.lse"])
    to_file = Micro()
    assert headless_watch(to_file, args, Tty(), io.StringIO()).progress is not None
    assert to_file.listeners == []
    on_screen = Micro()
    watch = headless_watch(on_screen, args, Tty(), Tty())
    assert on_screen.listeners == [watch.progress.hide]


def test_the_time_spent_waiting_for_the_person_is_left_out_of_the_rate():
    clock, stream = FakeClock(), io.StringIO()
    progress = Progress(stream, 1_000_000, clock)
    clock.now += 1.0
    progress.wait()  # LIRE waits ten seconds for the person
    clock.now += 10.0
    progress.resume()
    clock.now += 1.0
    progress.update(90_000_000)
    assert stream.getvalue().endswith("90 000 000 CYCLES  45 000 000 CYCLES/S (x45)")


def test_the_line_is_erased_before_a_question_and_not_drawn_while_lire_waits():
    from machine.lse.runtime import Status
    from machine.watch import Watch
    micro = Micro()
    micro.load_text("10 AFFICHER 'COMBIEN ?'\n20 LIRE N\n30 TERMINER\n")
    stream, clock = Tty(), FakeClock()
    watch = Watch(micro, progress=stream)
    watch.progress.clock = clock
    watch.progress.started = clock.now
    clock.now += 2.0
    watch.on_slice()
    assert watch.progress.width > 0  # the line is up while the program computes
    assert micro.run_until_blocked() is Status.WAITING
    shown = stream.getvalue()
    for _ in range(3):
        clock.now += 1.0
        watch.on_slice()
    assert watch.progress.width == 0 and stream.getvalue()[len(shown):] == ""
    assert shown.endswith("\r" + " " * len(shown.split("\r")[1]) + "\r")  # erased when the question printed
