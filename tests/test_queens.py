"""Arsac's eight queens automaton in its final form (programs/queens.lse): the 92 solutions, the
boards it draws, and how often it visits each state (book notes §3(a))."""

from __future__ import annotations

import io
from itertools import permutations
from pathlib import Path

import pytest

from machine.cli import main as cli_main
from machine.lse.runtime import Status
from tests.lse_harness import run_lse

ROOT = Path(__file__).resolve().parent.parent
PATH = ROOT / "programs" / "queens.lse"
QUEEN_TOP, QUEEN_BOTTOM, LIGHT, DARK = "▐▌", "██", "▒▒", "  "


def peaceful(columns: tuple[int, ...]) -> bool:
    n = len(columns)
    return all(columns[i] != columns[j] and abs(columns[i] - columns[j]) != j - i
               for i in range(n) for j in range(i + 1, n))


EXPECTED = [p for p in permutations(range(1, 9)) if peaceful(p)]  # lexicographic, like the automaton


@pytest.fixture(scope="module")
def run():
    return run_lse(PATH.read_text(encoding="utf-8"))


def solution_lines(text: str) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in line.split()) for line in text.splitlines() if len(line.split()) == 8]


def boards(text: str) -> list[list[str]]:
    """Each drawn board: its 16 rows of squares, inside the frame."""
    found, rows, inside = [], [], False
    for line in text.splitlines():
        if "╔" in line:
            rows, inside = [], True
        elif "╚" in line:
            found.append(rows)
            inside = False
        elif inside:
            rows.append(line.strip().strip("║"))
    return found


def test_the_automaton_prints_the_92_solutions_in_lexicographic_order(run):
    assert run.status is Status.ENDED and run.error is None
    solutions = solution_lines(run.output)
    assert len(solutions) == 92
    assert solutions == EXPECTED
    assert solutions[0] == (1, 5, 8, 6, 3, 7, 2, 4)
    assert solutions[-1] == (8, 4, 1, 3, 6, 2, 7, 5)
    assert run.output.rstrip().endswith("92  SOLUTIONS")


def test_each_board_shows_its_solution_on_a_checkered_board(run):
    drawn = boards(run.output)
    assert len(drawn) == 92
    for rows, columns in zip(drawn, EXPECTED):
        assert len(rows) == 16
        for k in range(8):
            top, bottom = rows[2 * k], rows[2 * k + 1]
            for j in range(8):
                square = slice(2 * j, 2 * j + 2)
                if columns[k] == j + 1:
                    assert (top[square], bottom[square]) == (QUEEN_TOP, QUEEN_BOTTOM)
                else:  # row 1's first square is light, as on a chessboard
                    colour = LIGHT if (k + j) % 2 == 0 else DARK
                    assert top[square] == bottom[square] == colour


def test_each_solution_screen_starts_by_clearing_the_screen_and_fits_40_columns(run):
    assert run.raw.count("\f") == 92
    assert all(len(line) <= 40 for line in run.output.replace("\f", "\n").splitlines())


def test_the_last_screen_shows_the_last_board_its_columns_and_the_count(run):
    rows = [row.rstrip() for row in run.rows]
    assert rows[0].startswith("LES HUIT REINES") and rows[0].endswith("SOLUTION 92")
    assert rows[2].strip() == "╔" + "═" * 16 + "╗" and rows[19].strip() == "╚" + "═" * 16 + "╝"
    assert rows[21].split() == "8 4 1 3 6 2 7 5".split()
    assert rows[23] == "92  SOLUTIONS"


# The states are the program's labels; the test counts the visits by adding one counter per state
# (and per square tested, per queen placed) to a copy of the program, which itself stays as the book.
COUNTERS = {"С: ": "NC", "И: ": "NI", "СОК: ": "NS", "СБ: ": "NB"}


def instrumented(text: str) -> str:
    lines = []
    for line in text.splitlines():
        label = next((label for label in COUNTERS if line.startswith(label)), None)
        if label:
            counter = COUNTERS[label]
            lines += [f"{label}{counter}←{counter}+1", line[len(label):]]
        elif line.startswith("ПОЛЕ: "):
            lines.append("ПОЛЕ: NT←NT+1;" + line[len("ПОЛЕ: "):])
        elif line.startswith("A[I]←1"):
            lines.append("NO←NO+1;" + line)
        elif line.startswith("K←1;N←0"):
            lines.append("NC←0;NI←0;NS←0;NB←0;NT←0;NO←0;" + line)
        elif line.startswith("Я: "):
            lines.append("Я: AFFICHER 'VISITES ',NC,NI,NS,NB,NT,NO;" + line[len("Я: "):])
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def test_the_automaton_visits_its_states_as_often_as_the_book_notes_say():
    result = run_lse(instrumented(PATH.read_text(encoding="utf-8")))
    assert result.error is None
    visits = next(line for line in result.output.splitlines() if line.startswith("VISITES"))
    c, i, sok, sb, tests, occupy = (int(x) for x in visits.split()[1:])
    assert (c, i, sok, sb) == (1965, 3929, 2056, 1965)
    assert (tests, occupy) == (15398, 1964)
    assert solution_lines(result.output) == EXPECTED  # the counters changed nothing else


def test_the_program_passes_the_check_and_runs_headless_to_its_end():
    out = io.StringIO()
    assert cli_main(["--check", str(PATH)], io.StringIO(), out, out) == 0
    stdout, stderr = io.StringIO(), io.StringIO()
    assert cli_main([str(PATH), "--headless"], io.StringIO(), stdout, stderr) == 0
    assert stderr.getvalue() == ""
    assert stdout.getvalue().rstrip().endswith("92  SOLUTIONS")
