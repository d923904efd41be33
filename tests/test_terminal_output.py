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
    ("10 CHAINE N;N←EQC(27)!']0;X'!EQC(7);X←1;GARER X,1,N\n", "NOM DE FICHIER INVALIDE ]0;X\a EN LIGNE 10\n"),
    ("10 X←1\x1b]0;X\x07\n", "CARACTERE INVALIDE '\\X1B' EN LIGNE 10\n10 X←1]0;X\a\n      ^\n1 ERREUR DE SYNTAXE\n"),
], ids=["a message naming a string", "a wrong line shown"])
def test_a_program_cannot_send_escape_sequences_to_the_terminal_in_its_messages(tmp_path, source, said):
    from machine.cli import main
    program = tmp_path / "p.lse"
    program.write_text(source)
    err = Tty()
    main([str(program), "--headless", "--disk", str(tmp_path)], io.StringIO(""), io.StringIO(), err)
    assert err.getvalue() == said
