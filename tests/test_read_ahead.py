"""A headless run whose input is a file (or text in memory) is given the file's next lines at each wait, as if
typed ahead: the same screen and cycles as a line at a time, in fewer waits; a terminal or a pipe, whose next
line may wait for what the program prints, is still read a line at a time."""

from __future__ import annotations

import io
import os

import pytest

from machine.frontends.terminal import READ_AHEAD, _all_there, run_headless
from machine.micro import Micro
from tests.lse_harness import lines

READER = lines(
    "10 CHAINE C;LIRE N;S←0", "20 FAIRE 40 POUR I←1 JUSQUA N", "30 LIRE V;S←S+V",
    "40 SI I=3 ALORS DEBUT LIRE C;AFFICHER C FIN", "50 AFFICHER S", "60 LIRE V", "70 TERMINER")
TYPED = "6\n1 2\n3\nun texte\n4 5 6\n"  # then the input ends: LIRE V at line 60 finds none


class LineByLine(io.TextIOBase):
    """Text read a line at a time with no descriptor and no StringIO: what a pipe looks like to the run."""

    def __init__(self, text: str) -> None:
        self.lines = io.StringIO(text)

    def readline(self, size: int = -1) -> str:
        return self.lines.readline(size)

    def isatty(self) -> bool:
        return False


def ran(stdin: io.TextIOBase) -> tuple[str, str, int, int, int]:
    micro = Micro(seed=1)
    micro.load_text(READER)
    waits = []
    out, err = io.StringIO(), io.StringIO()
    status = run_headless(micro, speed=None, stdin=stdin, stdout=out, stderr=err, bell=False,
                          on_input=lambda: waits.append(1))
    return out.getvalue(), err.getvalue(), micro.cycles, status, len(waits)


def test_a_file_typed_ahead_gives_the_screen_and_cycles_of_a_line_at_a_time() -> None:
    *ahead, ahead_waits = ran(io.StringIO(TYPED))
    *one_by_one, waits = ran(LineByLine(TYPED))
    assert ahead == one_by_one
    assert ahead[0].split() == ["un", "texte", "21"] and ahead[1] == "DONNEE ABSENTE EN LIGNE 60\n"
    assert ahead_waits == 1 and waits == len(TYPED.splitlines()) + 1


def test_at_most_so_many_lines_are_typed_ahead_at_a_wait() -> None:
    many = f"{READ_AHEAD + 10}\n" + "1\n" * (READ_AHEAD + 10)
    micro = Micro(seed=1)
    micro.load_text(lines("10 LIRE N;S←0", "20 FAIRE 30 POUR I←1 JUSQUA N", "30 LIRE V;S←S+V", "40 AFFICHER S",
                          "50 TERMINER"))
    waits = []
    out = io.StringIO()
    assert run_headless(micro, speed=None, stdin=io.StringIO(many), stdout=out, stderr=io.StringIO(), bell=False,
                        on_input=lambda: waits.append(1)) == 0
    assert out.getvalue().split() == [str(READ_AHEAD + 10)] and len(waits) == 2


@pytest.mark.parametrize(("kind", "there"), [("a file", True), ("a pipe", False), ("text in memory", True),
                                             ("a stream with no descriptor", False)])
def test_only_a_file_or_text_in_memory_is_read_ahead(kind: str, there: bool, tmp_path) -> None:
    if kind == "a file":
        path = tmp_path / "typed.txt"
        path.write_text(TYPED)
        with path.open() as stdin:
            assert _all_there(stdin) is there
    elif kind == "a pipe":
        reading, writing = os.pipe()
        os.close(writing)
        with os.fdopen(reading) as stdin:
            assert _all_there(stdin) is there
    elif kind == "text in memory":
        assert _all_there(io.StringIO(TYPED)) is there
    else:
        assert _all_there(LineByLine(TYPED)) is there
