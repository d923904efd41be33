"""Arsac's Game 13, foxes and hens (programs/renard.lse): the longest-capture search and the game.

The search is driven through the LSE procedure itself (Micro.call('&PRISE', ...)) on the two
example boards of the book notes §3(b) and on random boards checked against a recursive Python
search that really removes the captured hens. The game is played headless with scripted moves.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from machine.lse.runtime import Status
from machine.micro import Micro
from tests.lse_harness import run_lse

ROOT = Path(__file__).resolve().parent.parent
SOURCE = (ROOT / "programs" / "renard.lse").read_text(encoding="utf-8")

MARGIN = 13                     # blanks left of column 0 in the board string
LINE = 2 * MARGIN + 2           # characters per line of the string, CR LF included
HENS = "ABCDEFGHIJKLMNOPQRSTUVW"
CROSS = [(r, c) for r in range(7) for c in range(7) if 2 <= r <= 4 or 2 <= c <= 4]
TOP_SQUARE = [(r, c) for r in range(3) for c in range(2, 5)]
ORTHOGONAL = [(0, 1), (0, -1), (1, 0), (-1, 0)]
TITLE = "LES RENARDS ET LES POULES (ARSAC, 13)"


def board(grid: list[str]) -> str:
    """The program's board string from 7 rows of 7 cells written as in the book notes."""
    blank = " " * (2 * MARGIN)
    lines = [blank, blank]
    for row in grid:
        cells = [" "] * (2 * MARGIN)
        for col, cell in enumerate(row):
            cells[MARGIN + 2 * col] = cell
        lines += ["".join(cells), blank]
    lines.append(blank)
    return "".join(line + "\r\n" for line in lines)


def square(position: int) -> tuple[int, int]:
    """(row, col) of a 1-based position in the board string."""
    line, col = divmod(position - 1, LINE)
    return (line - 2) // 2, (col - MARGIN) // 2


def squares(duplets: str) -> list[tuple[int, int]]:
    """The squares of a chain from the string of duplets (3-digit position, 1-digit direction)."""
    return [square(int(duplets[k:k + 3])) for k in range(0, len(duplets), 4)]


@pytest.fixture(scope="module")
def micro() -> Micro:
    machine = Micro()
    machine.load_text(SOURCE)
    return machine


def lse_capture(micro: Micro, text: str, directions: int) -> tuple[int, str, str]:
    """&PRISE(B, ND, T, C): chain length, letters taken, duplets of the chain."""
    length, (_, _, taken, duplets) = micro.call("&PRISE", text, directions, "", "")
    return int(length), taken, duplets


def python_capture(text: str, directions: int) -> tuple[int, str, str]:
    """A recursive search that removes each hen it takes; the first longest chain in the same order."""
    step = 2 * (text.index("\n") + 1)
    moves = [2, -2, step, -step, step + 2, step - 2, 2 - step, -step - 2][:directions]
    cells = list(text)
    best = (0, "", "")

    def jump(x: int, taken: str, duplets: str) -> None:
        nonlocal best
        for i, d in enumerate(moves, 1):
            hen, land = x + d, x + 2 * d
            if cells[hen] in HENS and cells[land] == ".":
                letter, cells[hen] = cells[hen], "."
                chain = duplets + f"{x + 1:03d}{i}"
                if len(taken) + 1 > best[0]:
                    best = (len(taken) + 1, taken + letter, chain + f"{land + 1:03d}0")
                jump(land, taken + letter, chain)
                cells[hen] = letter

    for fox in [x for x, cell in enumerate(cells) if cell == "X"]:
        cells[fox] = "."
        jump(fox, "", "")
        cells[fox] = "X"
    return best


EXAMPLE_1 = ["  ...  ", "  .A.  ", "..BXC..", ".D...E.", "..F.G..", "  ...  ", "  ...  "]
EXAMPLE_2 = ["  ...  ", "  .A.  ", "..BX...", "...F.H.", "....G..", "  ...  ", "  ...  "]
EXAMPLE_2_MORE = ["  ...  ", "  .A.  ", "..BX...", "...F.H.", "X...G..", "  .I.  ", "  ...  "]
OPENING = ["  ...  ", "  ...  ", "..X.X..", "ABCDEFG", "HIJKLMN", "  OPQ  ", "  RST  "]
NO_JUMP = ["  ...  ", "  ...  ", "BAXCE..", "..D....", "..F....", "  ...  ", "  ...  "]
LONG_PATH = [(2, 3), (2, 5), (4, 5), (4, 3), (4, 1), (2, 1), (2, 3), (0, 3)]
FGH_PATH = [(2, 3), (4, 3), (4, 5), (2, 5)]

EXAMPLES = [
    ("example 1, 4 directions", EXAMPLE_1, 4, "CEGFDBA", LONG_PATH),
    ("example 1, 8 directions", EXAMPLE_1, 8, "CEGFDBA", LONG_PATH),
    ("example 2 (down is longest)", EXAMPLE_2, 4, "FGH", FGH_PATH),
    ("example 2, second fox and hen I", EXAMPLE_2_MORE, 4, "FGH", FGH_PATH),
    ("the opening position", OPENING, 4, "", []),
    ("hens with no empty square behind", NO_JUMP, 4, "", []),
]


@pytest.mark.parametrize("grid, directions, letters, path",
                         [case[1:] for case in EXAMPLES], ids=[case[0] for case in EXAMPLES])
def test_the_lse_search_finds_the_longest_capture_of_the_book_examples(micro, grid, directions, letters, path):
    length, taken, duplets = lse_capture(micro, board(grid), directions)
    assert (length, taken, squares(duplets)) == (len(letters), letters, path)


def test_the_longest_capture_of_example_1_passes_through_the_fox_start_square(micro):
    _, _, duplets = lse_capture(micro, board(EXAMPLE_1), 4)
    assert squares(duplets).count((2, 3)) == 2


def random_board(rng: random.Random) -> str:
    """The cross with 1 or 2 foxes and 3 to 23 hens with distinct letters, at random."""
    grid = [[" "] * 7 for _ in range(7)]
    for r, c in CROSS:
        grid[r][c] = "."
    places = rng.sample(CROSS, len(CROSS))
    foxes, hens = rng.randint(1, 2), rng.randint(3, 23)
    for r, c in places[:foxes]:
        grid[r][c] = "X"
    for (r, c), letter in zip(places[foxes:foxes + hens], rng.sample(HENS, hens)):
        grid[r][c] = letter
    return board(["".join(row) for row in grid])


@pytest.mark.parametrize("directions", [4, 8])
def test_the_iterative_search_equals_a_recursive_search_that_removes_the_hens(micro, directions):
    rng = random.Random(13)
    lengths = []
    for _ in range(300):
        text = random_board(rng)
        found = lse_capture(micro, text, directions)
        assert found == python_capture(text, directions), text
        lengths.append(found[0])
    assert max(lengths) >= 5 and sum(n >= 3 for n in lengths) >= 10   # the sample has long chains


def test_the_delay_loop_shows_a_jump_for_about_0_4_seconds(micro):
    before = micro.cycles
    micro.call("&ATTENDS", 300)
    assert 0.35 < (micro.cycles - before) / micro.profile.clock_hz < 0.45


def test_the_longest_search_of_example_1_takes_under_a_second_at_1_mhz(micro):
    before = micro.cycles
    lse_capture(micro, board(EXAMPLE_1), 4)
    assert micro.cycles - before < micro.profile.clock_hz


# ------------------------------------------------------------------ the game

def screen_board(rows: list[str]) -> dict[tuple[int, int], str]:
    """The cross as shown on the screen (board row r is screen row 3 + 2r)."""
    return {(r, c): rows[3 + 2 * r].ljust(LINE)[MARGIN + 2 * c] for r, c in CROSS}


def longest(cells: dict[tuple[int, int], str]) -> int:
    """Longest orthogonal capture, hens removed as they are taken."""
    best = 0

    def jump(at: tuple[int, int], n: int) -> None:
        nonlocal best
        best = max(best, n)
        for dr, dc in ORTHOGONAL:
            hen, land = (at[0] + dr, at[1] + dc), (at[0] + 2 * dr, at[1] + 2 * dc)
            if cells.get(hen, " ") in HENS and cells.get(land) == ".":
                letter, cells[hen] = cells[hen], "."
                jump(land, n + 1)
                cells[hen] = letter

    for fox in [p for p, cell in cells.items() if cell == "X"]:
        cells[fox] = "."
        jump(fox, 0)
        cells[fox] = "X"
    return best


def hens_on(cells: dict[tuple[int, int], str]) -> int:
    return sum(cell in HENS for cell in cells.values())


def hen_move(cells: dict[tuple[int, int], str], move: str) -> dict[tuple[int, int], str]:
    letter, way = move.split()
    (r, c), = [p for p, cell in cells.items() if cell == letter]
    dr, dc = {"H": (-1, 0), "G": (0, -1), "D": (0, 1)}[way]
    after = dict(cells)
    after[(r, c)], after[(r + dr, c + dc)] = ".", letter
    return after


def play(moves: list[str], seed: int = 0) -> tuple[Status, list[str], list[tuple[int, int, str]]]:
    """Play the moves; for each fox turn: longest capture offered, hens taken, the Micro's message."""
    micro = Micro(seed=seed)
    micro.load_text(SOURCE)
    status = micro.run_until_blocked()
    turns = []
    for move in moves:
        assert status is Status.WAITING, micro.screen.rows_text()
        before = screen_board(micro.screen.rows_text())
        offered = longest(hen_move(before, move))
        micro.feed(move)
        status = micro.run_until_blocked()
        rows = micro.screen.rows_text()
        taken = hens_on(before) - hens_on(screen_board(rows))
        turns.append((offered, taken, rows[20]))
    return status, micro.screen.rows_text(), turns


FOXES_WIN = ["F H", "D H", "M H", "K H", "N G", "C H", "Q H", "J H", "Q G", "T H"]
HENS_BLOCK = ("D H,D D,F H,M H,C H,J H,B H,I H,G H,C H,J H,O H,R H,K H,P H,D H,F G,M H,N H,S H,D H,F H,"
              "T G,M G,G G,N H,M G,G G,T D,N G,T G,N D,T G,O G,O D,H D,B G,I H,H H,D G").split(",")
HENS_FILL = ("D H,D D,F H,M H,C H,J H,B H,I H,D H,E H,C H,J H,D H,E H,A H,G H,N H,F G,M H,H H,L H,Q H,"
             "T H,C H,J H,L D,Q H,T H,T D,T G,D G,E H,F H,Q H,B D,I H,J D,B H,I D,P D,S H,A D,T H,P H,"
             "H H,O H,R H,S D,S G,Q G,T H").split(",")


def test_the_micro_always_takes_the_longest_capture_offered_and_moves_its_fox_otherwise():
    status, rows, turns = play(FOXES_WIN)
    assert status is Status.ENDED
    assert all(taken == offered for offered, taken, _ in turns)
    assert all(("MANGE" in message) == (offered > 0) for offered, _, message in turns[:-1])
    assert max(offered for offered, _, _ in turns) >= 3      # the script offers chains


def foxes_cannot_move(cells: dict[tuple[int, int], str]) -> bool:
    for (r, c), cell in cells.items():
        if cell == "X":
            for dr, dc in ORTHOGONAL:
                near, far = cells.get((r + dr, c + dc), " "), cells.get((r + 2 * dr, c + 2 * dc), " ")
                if near == "." or (near in HENS and far == "."):
                    return False
    return True


ENDINGS = [
    ("foxes eat all but 8 hens", FOXES_WIN, "IL RESTE MOINS DE 9 POULES", "LES RENARDS GAGNENT",
     lambda cells: hens_on(cells) < 9),
    ("hens block both foxes", HENS_BLOCK, "LES RENARDS SONT BLOQUES", "BRAVO: LES POULES GAGNENT EN 40 COUPS",
     foxes_cannot_move),
    ("hens fill the top square", HENS_FILL, "LES POULES ONT REMPLI LE CARRE",
     "BRAVO: LES POULES GAGNENT EN 51 COUPS", lambda cells: all(cells[p] in HENS for p in TOP_SQUARE)),
]


@pytest.mark.parametrize("moves, reason, verdict, holds", [e[1:] for e in ENDINGS], ids=[e[0] for e in ENDINGS])
def test_a_scripted_game_ends_with_the_right_winner(moves, reason, verdict, holds):
    result = run_lse(SOURCE, moves, seed=0)
    assert result.status is Status.ENDED, result.error
    assert result.rows[20:22] == [reason, verdict]
    assert holds(screen_board(result.rows))


def test_a_game_played_on_stdin_runs_to_its_end_and_exits_0():
    typed = "\n".join(["Z H", "f h"] + FOXES_WIN[1:]) + "\n"   # a bad move, then F H in lower case
    done = subprocess.run([sys.executable, "main.py", "programs/renard.lse", "--headless", "--seed", "0"],
                          input=typed, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "LES POULES SONT LES LETTRES A A T" in done.stdout
    assert done.stdout.rstrip().endswith("LES RENARDS GAGNENT")


BAD_MOVES = [
    ("nothing typed", [""], "TAPEZ UNE LETTRE PUIS H, G OU D"),
    ("no direction", ["K"], "TAPEZ UNE LETTRE PUIS H, G OU D"),
    ("something after the direction", ["K H H"], "TAPEZ UNE LETTRE PUIS H, G OU D"),
    ("not a hen", ["X H"], "LES POULES SONT LES LETTRES A A T"),
    ("a digit", ["1 H"], "LES POULES SONT LES LETTRES A A T"),
    ("unknown direction", ["K B"], "DIRECTION: H, G OU D, PAS B"),
    ("backwards is not a direction", ["D B"], "DIRECTION: H, G OU D, PAS B"),
    ("square taken", ["K H"], "LA POULE K NE PEUT PAS ALLER LA"),
    ("off the cross", ["A G"], "LA POULE A NE PEUT PAS ALLER LA"),
    ("a hen already eaten", ["F H", "F H"], "LA POULE F A ETE MANGEE"),
]


@pytest.mark.parametrize("typed, message", [b[1:] for b in BAD_MOVES], ids=[b[0] for b in BAD_MOVES])
def test_a_bad_move_is_refused_with_a_message_and_asked_again(typed, message):
    result = run_lse(SOURCE, typed, seed=0, close_input=False)
    assert result.status is Status.WAITING
    assert result.rows[20] == message
    assert result.rows[23] == "VOTRE COUP ?"


@pytest.mark.parametrize("typed", ["FIN", "fin", "  Fin"])
def test_fin_abandons_and_the_foxes_win(typed):
    result = run_lse(SOURCE, [typed], seed=0)
    assert result.status is Status.ENDED
    assert result.rows[20:22] == ["VOUS ABANDONNEZ", "LES RENARDS GAGNENT"]


@pytest.mark.parametrize("typed", ["D H", "d h", "DH", " d  H "])
def test_a_move_is_a_letter_and_a_direction_in_either_case(typed):
    result = run_lse(SOURCE, [typed], seed=0, close_input=False)
    assert result.rows[19].endswith("COUPS: 1")
    assert screen_board(result.rows)[(2, 3)] == "D"


def test_the_screen_is_the_board_string_and_fits_40_by_25():
    result = run_lse(SOURCE, [], seed=0, close_input=False)
    rows = result.rows
    assert rows[0] == TITLE
    assert rows[1:18] == [line.rstrip() for line in board(OPENING).split("\r\n")[:-1]]
    assert rows[19:24] == ["POULES: 20   COUPS: 0", "A VOUS: LES POULES MONTENT",
                           "COUP: LETTRE PUIS H, G OU D (EX: K H)", "H=HAUT G=GAUCHE D=DROITE  FIN=ABANDON",
                           "VOTRE COUP ?"]
    assert max(len(row) for row in rows) <= 40
