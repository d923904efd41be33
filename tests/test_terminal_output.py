"""The headless front end gathers a slice's output and writes it at once, in order, before any wait."""

from __future__ import annotations

import io

import pytest

from machine.frontends.terminal import TerminalOutput, run_headless
from machine.micro import Micro


class Stdin(io.StringIO):
    """Typed lines that note what stdout already showed each time the program asked for one."""

    def __init__(self, text: str, stdout: io.StringIO) -> None:
        super().__init__(text)
        self.stdout = stdout
        self.shown: list[str] = []

    def readline(self, *args) -> str:
        self.shown.append(self.stdout.getvalue())
        return super().readline(*args)


@pytest.mark.parametrize(("chunks", "expected"), [
    (["\r\nA", "B\r\n", "C"], "\nAB\nC\n"),
    (["N=  1\r\n", "N=  2\r\n"], "N=  1\nN=  2\n"),
    (["X\a", "\aY"], "XY\n"),
    (["\r\n"], "\n"),
    (["AB\r"], "AB\r"),                      # a carriage return leaves no line open
    (["A", "B\rC"], "AB\rC\n"),
    (["\a"], ""),
    ([], ""),
])
def test_the_chunks_of_a_slice_reach_the_stream_only_at_flush_and_unchanged(chunks, expected):
    stream = io.StringIO()
    output = TerminalOutput(stream)
    for chunk in chunks:
        output.write(chunk)
    assert stream.getvalue() == ""
    output.finish_line()
    assert stream.getvalue() == expected


def test_a_prompt_is_on_the_terminal_before_the_program_waits_for_its_answer():
    micro = Micro(seed=1)
    micro.load_text("10 AFFICHER 'NOMBRE ?';LIRE X\n20 AFFICHER 'DOUBLE ',2*X;LIRE Y\n30 AFFICHER Y;TERMINER\n")
    stdout = io.StringIO()
    stdin = Stdin("4\n7\n", stdout)
    assert run_headless(micro, speed=None, stdin=stdin, stdout=stdout, stderr=io.StringIO()) == 0
    assert stdin.shown == ["\nNOMBRE ?", "\nNOMBRE ?\nDOUBLE 8 "]
    assert stdout.getvalue() == "\nNOMBRE ?\nDOUBLE 8 \n7 \n"


def test_the_output_before_an_error_is_written_before_the_message():
    micro = Micro(seed=1)
    micro.load_text("10 AFFICHER 'AVANT'\n20 X←1/0\n")
    stdout, stderr = io.StringIO(), io.StringIO()
    assert run_headless(micro, speed=None, stdin=io.StringIO(""), stdout=stdout, stderr=stderr) == 1
    assert stdout.getvalue() == "\nAVANT\n"
    assert "EN LIGNE 20" in stderr.getvalue()


class Clock:
    """The host's clock of a paced run, in a test: sleeping and waiting for a typed line move it on."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept = 0.0
        self.longest = 0.0  # the longest sleep: how long Ctrl-C or the next output may wait

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.slept += seconds
        self.longest = max(self.longest, seconds)


class SlowStdin(io.StringIO):
    """A person who takes `seconds` to type each answer."""

    def __init__(self, text: str, clock: Clock, seconds: float) -> None:
        super().__init__(text)
        self.clock, self.seconds = clock, seconds

    def readline(self, *args) -> str:
        self.clock.now += self.seconds
        return super().readline(*args)


@pytest.mark.parametrize(("speed", "answer_seconds"), [
    (1.0, 0.0),
    (1.0, 10.0),    # a person answers LIRE slowly: what follows is paced all the same
    (2.0, 10.0),
    (0.5, 3.0),
])
def test_a_paced_run_computes_at_its_speed_after_waiting_for_an_answer(monkeypatch, speed, answer_seconds):
    from machine.frontends import terminal
    clock = Clock()
    monkeypatch.setattr(terminal, "time", clock)
    micro = Micro(seed=1)
    micro.load_text("10 LIRE A\n20 FAIRE 30 POUR I←1 JUSQUA 800\n30 X←I\n40 TERMINER\n")
    status = run_headless(micro, speed=speed, stdin=SlowStdin("1\n", clock, answer_seconds),
                          stdout=io.StringIO(), stderr=io.StringIO())
    assert status == 0
    computing = micro.emulated_seconds() / speed  # about 1.4 s of the Micro's time, whenever the answer came
    assert clock.slept == pytest.approx(computing, abs=0.2 / speed)


@pytest.mark.parametrize(("speed", "how", "answer_seconds"), [
    (1.0, "typed", 0.0),
    (1.0, "typed", 5.0),   # the person types EX five seconds after the program
    (2.0, "tape", 0.0),    # a tape's EX starts the run in the slice that types it
    (0.5, "typed", 2.0),
])
def test_a_session_at_the_prompt_runs_its_programs_at_the_speed_asked(monkeypatch, tmp_path, speed, how,
                                                                      answer_seconds):
    from machine.disk import Disk
    from machine.frontends import terminal
    from machine.monitor import Monitor
    clock = Clock()
    monkeypatch.setattr(terminal, "time", clock)
    micro = Micro(seed=1)
    monitor = Monitor(micro, Disk(tmp_path))
    program = ["10 FAIRE 20 POUR I←1 JUSQUA 800\n", "20 X←I\n", "30 TERMINER\n", "EX\n"]
    typed = "".join(program) if how == "typed" else ""
    if how == "tape":
        monitor.type_ahead([line.rstrip("\n") for line in program])
    status = terminal.run_monitor_headless(monitor, stdin=SlowStdin(typed, clock, answer_seconds),
                                           stdout=io.StringIO(), bell=False, speed=speed)
    assert status == 0
    assert micro.cycles > 1_000_000  # the program ran: about 1.4 s of the Micro's time
    assert clock.slept == pytest.approx(micro.emulated_seconds() / speed, abs=0.2 / speed)


@pytest.mark.parametrize("speed", [1.0, 0.1, 0.01, 0.001])
def test_a_slow_paced_run_sleeps_a_tenth_of_a_second_at_most_at_a_time(monkeypatch, tmp_path, speed):
    from machine.disk import Disk
    from machine.frontends import terminal
    from machine.monitor import Monitor
    clock = Clock()
    monkeypatch.setattr(terminal, "time", clock)
    micro = Micro(seed=1)
    micro.load_text("10 FAIRE 20 POUR I←1 JUSQUA 200\n20 X←I\n30 AFFICHER I;TERMINER\n")
    assert run_headless(micro, speed=speed, stdin=io.StringIO(""), stdout=io.StringIO(), stderr=io.StringIO()) == 0
    beyond = 3000 / micro.profile.clock_hz / speed  # a slice ends after its loop pass (the last one unslept)
    assert clock.slept == pytest.approx(micro.emulated_seconds() / speed, abs=0.1 + beyond)
    assert clock.longest <= 0.1 + beyond  # (Ctrl-C is seen, and what the program prints shown, within that)
    clock.longest = 0.0
    monitor = Monitor(Micro(seed=1), Disk(tmp_path))
    monitor.type_ahead(["10 FAIRE 20 POUR I←1 JUSQUA 200", "20 X←I", "30 TERMINER", "EX"])
    terminal.run_monitor_headless(monitor, stdin=io.StringIO(""), stdout=io.StringIO(), bell=False, speed=speed)
    assert clock.longest <= 0.1 + beyond


class Tty(io.StringIO):
    """A terminal: what a program prints reaches a person's terminal, which obeys escape sequences."""

    def isatty(self) -> bool:
        return True


ESCAPES = "\x1b]52;c;SGVsbG8=\a\x1b[31mROUGE\x9b2J\x9d0;TITRE\x9c\x05\x00\t\x7fFIN"


@pytest.mark.parametrize(("stream", "expected"), [
    (Tty, "]52;c;SGVsbG8=\a[31mROUGE2J0;TITREFIN\b\x0c\n"),  # only what the Micro's screen obeys or shows
    (io.StringIO, ESCAPES.replace("\a", "") + "\b\x0c\n"),  # a pipe or a file: as printed (the bell aside)
], ids=["a terminal", "a pipe"])
def test_a_program_cannot_send_escape_sequences_to_the_terminal_it_runs_in(stream, expected):
    out = stream()
    output = TerminalOutput(out, bell=stream is Tty)
    output.write(ESCAPES + "\b\x0c\r\n")
    output.finish_line()
    assert out.getvalue() == expected


@pytest.mark.parametrize(("source", "said"), [
    ("10 CHAINE N;N←EQC(27)!']0;X'!EQC(7);X←1;GARER X,1,N\n", "NOM DE FICHIER INVALIDE \\X1B]0;X\\X07 EN LIGNE 10\n"),
    ("10 X←1\x1b]0;X\x07\n",
     "CARACTERE INVALIDE '\\X1B' EN LIGNE 10\n10 X←1\\X1B]0;X\\X07\n      ^\n1 ERREUR DE SYNTAXE\n"),
], ids=["a message naming a string", "a wrong line shown"])
def test_a_program_cannot_send_escape_sequences_to_the_terminal_in_its_messages(tmp_path, source, said):
    from machine.cli import main
    program = tmp_path / "p.lse"
    program.write_text(source)
    err = Tty()
    main([str(program), "--headless", "--disk", str(tmp_path)], io.StringIO(""), io.StringIO(), err)
    assert err.getvalue() == said


def test_aide_at_a_terminal_names_the_terminal_s_keys_not_the_window_s(tmp_path) -> None:
    # (it named F9 to F12 and the screen-wide cursor, which the terminal does not have, and not Ctrl-R nor Tab)
    from machine.disk import Disk
    from machine.frontends import terminal
    from machine.monitor import Monitor

    out = io.StringIO()
    terminal.run_monitor_headless(Monitor(Micro(seed=1), Disk(tmp_path)), stdin=io.StringIO("AIDE\nAIDE TOUCHES\n"),
                                  stdout=out, bell=False)
    shown = " ".join(out.getvalue().split())
    assert "CTRL-R" in shown and "TAB: COMPLETER" in shown and "CTRL-D SUR UNE LIGNE VIDE" in shown, shown
    assert "F9" not in shown and "F12" not in shown and "MAJ+HAUT" not in shown, shown


def test_a_program_that_prints_without_end_and_no_new_line_keeps_only_the_row_s_end() -> None:
    output = TerminalOutput(io.StringIO())
    for _ in range(2000):  # AFFICHER['X...'] in a loop, a slice at a time
        output.write("LSE " * 50)
        output.flush()
    output.write("TA REPONSE ?")
    output.flush()
    assert output.tail.endswith("LSE TA REPONSE ?") and len(output.tail) <= 4096  # (it held all 400 000)


class Screen(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("stream", "expected"), [
    (Screen, "\nA\n\nB\n"),  # one terminal for both: the message starts a line of its own
    (io.StringIO, "\nA\nB\n"),  # a file or a pipe: no line the program never printed
])
def test_a_pause_ends_the_open_line_only_where_its_message_shares_the_screen(stream, expected):
    micro = Micro(seed=0)
    micro.load_text("10 AFFICHER 'A'\n20 PAUSE\n30 AFFICHER 'B';TERMINER\n")
    out, err = stream(), stream()
    assert run_headless(micro, speed=None, stdin=io.StringIO(""), stdout=out, stderr=err, bell=False) == 0
    assert (out.getvalue(), err.getvalue()) == (expected, "PAUSE EN LIGNE 20\n")
