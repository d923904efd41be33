"""Arsac's games and puzzles as LSE programs (programs/*.lse), checked against answers computed here in Python.

Every program runs headless to its end with scripted input; the answers it prints are
recomputed independently (move counts and rules of the Chinese rings, brute-force
cryptarithms, the sequence itself for Floyd, an exhaustive search for le compte est bon).
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import pytest

from machine.lse.parser import parse
from machine.micro import Micro
from tests.lse_harness import run_lse

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "programs"
GAMES = ["baguenaudier", "compte", "crypto", "floyd", "cavalier", "demo"]


def source(name: str) -> str:
    return (PROGRAMS / f"{name}.lse").read_text(encoding="utf-8")


def run_game(name: str, *typed: str, seed: int = 0):
    result = run_lse(source(name), typed, seed=seed)
    assert result.error is None, result.transcript
    return result


# ---------------------------------------------------------------- all programs

@pytest.mark.parametrize("name", GAMES)
def test_each_game_parses_without_line_numbers(name):
    program = parse(source(name))
    assert program.lines
    assert not re.match(r"\s*\d", source(name).splitlines()[0])


@pytest.mark.parametrize("name", GAMES)
def test_each_game_names_arsacs_book_in_its_header(name):
    header = "\n".join(line for line in source(name).splitlines()[:6] if line.startswith("*"))
    assert "J. ARSAC, JEUX ET CASSE-TETE A PROGRAMMER" in header
    assert "DUNOD 1985" in header
    assert "REGLES CHOISIES" in source(name)


# ---------------------------------------------------------------- baguenaudier

CHINESE_RINGS_MOVES = {1: 1, 2: 2, 3: 5, 4: 10, 5: 21, 6: 42, 7: 85, 8: 170}
MOVE = re.compile(r"^\s*(\d+) (ENLEVE|REMET)\s+(\d+)\s+([●○]+)$")


def ring_moves(output: str) -> list[tuple[int, str, int, str]]:
    found = []
    for line in output.splitlines():
        match = MOVE.match(line)
        if match:
            found.append((int(match[1]), match[2], int(match[3]), match[4]))
    return found


@pytest.mark.parametrize("rings,count", sorted(CHINESE_RINGS_MOVES.items()))
def test_baguenaudier_takes_the_known_number_of_moves(rings, count):
    output = run_game("baguenaudier", str(rings)).output
    assert f"{count} COUP(S) POUR {rings} ANNEAU(X)" in output
    assert f"FORMULE (2^(N+1)-1 OU 2)/3: {count} " in output
    assert len(ring_moves(output)) == count


@pytest.mark.parametrize("rings", [3, 5, 8])
def test_baguenaudier_moves_obey_the_ring_rule_and_free_the_bar(rings):
    """Ring 1 always moves; ring k>1 only when ring k-1 is on and rings 1..k-2 are off."""
    on = [True] * rings
    moves = ring_moves(run_game("baguenaudier", str(rings)).output)
    for number, (index, verb, ring, shown) in enumerate(moves, start=1):
        assert index == number
        if ring > 1:
            assert on[ring - 2] and not any(on[:ring - 2]), f"move {index}: ring {ring} cannot pass"
        assert verb == ("ENLEVE" if on[ring - 1] else "REMET")
        on[ring - 1] = not on[ring - 1]
        assert shown == "".join("●" if ring_on else "○" for ring_on in on)
    assert not any(on)


def test_baguenaudier_asks_again_for_a_ring_count_out_of_range():
    output = run_game("baguenaudier", "0", "13", "2.5", "2").output
    assert output.count("NOMBRE D'ANNEAUX") == 4
    assert "2 COUP(S) POUR 2 ANNEAU(X)" in output


# ---------------------------------------------------------------- cryptarithm

def brute_force(puzzle: str) -> list[dict[str, int]]:
    """Every digit assignment of an addition cryptarithm, no leading zero in a word of 2+ letters."""
    left, total = puzzle.split("=")
    words = left.split("+") + [total]
    letters = sorted(set("".join(words)))
    leading = {word[0] for word in words if len(word) > 1}

    def value(word, digits):
        return int("".join(str(digits[c]) for c in word))

    solutions = []
    for choice in permutations(range(10), len(letters)):
        digits = dict(zip(letters, choice))
        if any(digits[c] == 0 for c in leading):
            continue
        if value(words[0], digits) + value(words[1], digits) == value(words[2], digits):
            solutions.append(digits)
    return solutions


def printed_solutions(output: str) -> list[dict[str, int]]:
    """The letter lines that follow each 'SOLUTION n :' line."""
    lines = output.splitlines()
    return [dict((a, int(d)) for a, d in re.findall(r"([A-Z])=(\d)", lines[i + 1]))
            for i, line in enumerate(lines) if line.startswith("SOLUTION ")]


@pytest.mark.parametrize("typed,words,numbers,letters", [
    ("", ("SEND", "MORE", "MONEY"), (9567, 1085, 10652), "D=7 E=5 Y=2 N=6 R=8 O=0 S=9 M=1"),
    ("donald + gerald = robert", ("DONALD", "GERALD", "ROBERT"), (526485, 197485, 723970),
     "D=5 T=0 L=8 R=7 A=4 E=9 N=6 B=3 O=2 G=1"),
])
def test_crypto_finds_the_unique_solution_of_the_classic_puzzles(typed, words, numbers, letters):
    output = run_game("crypto", typed).output
    assert f"JE CHERCHE {words[0]}+{words[1]}={words[2]}" in output
    assert re.search(r"^1 SOLUTION\(S\), \d+ ESSAIS$", output, re.M)
    assert " ".join(output.splitlines()[output.splitlines().index("SOLUTION 1 :") + 1].split()) == letters
    for sign, word, number in zip(" +=", words, numbers):
        assert re.search(rf"^\{sign}?\s*{word}\s+\{sign}?\s*{number}$" if sign != " "
                         else rf"^\s*{word}\s+{number}$", output, re.M)
    digits = dict(pair.split("=") for pair in letters.split())
    assert [int("".join(digits[c] for c in word)) for word in words] == list(numbers)
    assert numbers[0] + numbers[1] == numbers[2]


@pytest.mark.parametrize("puzzle", ["TO+GO=OUT", "AB+BA=CC", "A+B=C", "SO+SO=TOO", "AB+C=DE", "IS+IT=OK"])
def test_crypto_prints_every_solution_that_brute_force_finds(puzzle):
    output = run_game("crypto", puzzle).output
    expected = brute_force(puzzle)
    found = printed_solutions(output)
    assert f"{len(expected)} SOLUTION(S)" in output
    key = sorted
    assert key(tuple(sorted(s.items())) for s in found) == key(tuple(sorted(s.items())) for s in expected)


@pytest.mark.parametrize("typed", ["AB+CD=E", "SEND", "SEND+=MONEY", "ABCDEF+GHIJK=LMNOPQ"])
def test_crypto_refuses_what_is_not_a_solvable_addition(typed):
    output = run_game("crypto", typed).output
    assert "JE NE COMPRENDS PAS" in output or "PLUS DE 10 LETTRES" in output
    assert "SOLUTION(S)" not in output


# ---------------------------------------------------------------- Floyd

def lcg(a, c, m):
    return lambda u: (a * u + c) % m


def middle_square(u):
    return (u * u // 100) % 10000


def period_by_table(f, u0):
    """Tail and period by remembering every term (what Floyd's method avoids), and Floyd's index."""
    seen, terms, u = {}, [], u0
    while u not in seen:
        seen[u] = len(terms)
        terms.append(u)
        u = f(u)
    tail, period = seen[u], len(terms) - seen[u]
    meet = next(i for i in range(1, 2 * (tail + period) + 1)
                if terms_at(terms, tail, period, i) == terms_at(terms, tail, period, 2 * i))
    return meet, period, tail, terms[tail]


def terms_at(terms, tail, period, i):
    return terms[i] if i < len(terms) else terms[tail + (i - tail) % period]


@pytest.mark.parametrize("typed,f,u0", [
    (("1", "7 3 100", "1"), lcg(7, 3, 100), 1),
    (("1", "21 1 1000", "5"), lcg(21, 1, 1000), 5),
    (("1", "6 0 1000", "7"), lcg(6, 0, 1000), 7),
    (("1", "13 5 4096", "0"), lcg(13, 5, 4096), 0),
    (("1", "25173 13849 1024", "1"), lcg(25173, 13849, 1024), 1),
    (("1", "3 1 97", "96"), lcg(3, 1, 97), 96),
    (("2", "1234"), middle_square, 1234),
    (("2", "2100"), middle_square, 2100),
    (("2", "6100"), middle_square, 6100),
    (("2", "0"), middle_square, 0),
])
def test_floyd_finds_index_period_and_tail_of_the_sequence(typed, f, u0):
    meet, period, tail, start = period_by_table(f, u0)
    output = run_game("floyd", *typed).output
    assert f"U(I) = U(2I) POUR I = {meet} " in output
    assert f"PERIODE: {period} " in output
    assert f"QUEUE (TERMES AVANT LE CYCLE): {tail} " in output
    assert f"LE CYCLE COMMENCE EN U({tail}) = {start} " in output


@pytest.mark.parametrize("typed,f,u0", [
    (("1", "7 3 100", "1"), lcg(7, 3, 100), 1),
    (("2", "1234"), middle_square, 1234),
])
def test_floyd_shows_the_first_terms_and_counts_the_evaluations_of_f(typed, f, u0):
    meet, period, tail, _ = period_by_table(f, u0)
    terms = [u0]
    while len(terms) < 8:
        terms.append(f(terms[-1]))
    output = run_game("floyd", *typed).output
    assert "U: " + " ".join(map(str, terms)) + " " in output
    # u(1), u(2), then 3 per step to u(I), u(2I); P for the tour of the cycle; 2 per step of the tail
    assert f"F A ETE CALCULEE {3 * meet - 1 + period + 2 * tail} FOIS" in output


def test_floyd_asks_again_for_a_bad_choice_or_modulus():
    output = run_game("floyd", "3", "1", "2 1 0", "2 1 2.5", "2 1 9", "1").output
    assert output.count("CHOIX (1 OU 2)") == 2
    assert output.count("A, C, M") == 3
    assert "F(U) = (2*U+1) MOD 9" in output


# ---------------------------------------------------------------- le compte est bon

POOL = Counter(list(range(1, 11)) * 2 + [25, 50, 75, 100])
STEP = re.compile(r"^  (\d+) ([-+*/]) (\d+) = (\d+)$")


def exhaustive(tiles, target):
    """Best distance and number of calculations of the full search with the program's pruning rules."""
    best, calcs = min(abs(t - target) for t in tiles), 0

    def search(values):
        nonlocal best, calcs
        seen = set()
        for i in range(len(values)):
            for j in range(i + 1, len(values)):
                a, b = max(values[i], values[j]), min(values[i], values[j])
                if (a, b) in seen:
                    continue
                seen.add((a, b))
                rest = values[:i] + values[i + 1:j] + values[j + 1:]
                results = [a + b, a - b if a not in (b, 2 * b) else 0, a * b if b > 1 else 0,
                           a // b if b > 1 and a % b == 0 and a // b != b else 0]
                for r in results:
                    if r:
                        calcs += 1
                        best = min(best, abs(r - target))
                        if len(rest):
                            search(rest + [r])
    search(list(tiles))
    return best, calcs


def checked_steps(output: str, tiles) -> int | None:
    """Replay the printed calculations on the tiles; return the last value (None if no step)."""
    available = Counter(tiles)
    last = None
    for line in output.splitlines():
        if " = " not in line or not line.startswith("  "):
            continue
        match = STEP.match(line)
        assert match, f"not a calculation on positive integers: {line!r}"
        a, op, b, r = int(match[1]), match[2], int(match[3]), int(match[4])
        for operand in (a, b):
            assert available[operand] > 0, f"{operand} is not available in {line!r}"
            available[operand] -= 1
        exact = {"+": a + b, "-": a - b, "*": a * b, "/": Fraction(a, b)}[op]
        assert exact == r and r > 0, line
        available[r] += 1
        last = r
    return last


@pytest.mark.parametrize("tiles,target", [
    ((100, 8, 9, 4, 1, 1), 122),
    ((3, 25, 6, 50, 7, 8), 112),
    ((100, 1, 7, 8, 5, 6), 666),
    ((7, 4, 6, 100, 3, 2), 601),
    ((1, 25, 8, 100, 3, 7), 532),
    ((75, 50, 2, 3, 8, 6), 812),
])
def test_compte_finds_a_correct_calculation_for_the_target(tiles, target):
    output = run_game("compte", "2", " ".join(map(str, tiles)), str(target)).output
    assert "LE COMPTE EST BON !" in output
    assert checked_steps(output, tiles) == target


@pytest.mark.parametrize("tiles,target", [((1, 1, 1, 2, 2, 2), 999), ((5, 5, 5, 5, 5, 5), 997)])
def test_compte_gives_the_nearest_value_after_trying_everything(tiles, target):
    best, calcs = exhaustive(tiles, target)
    output = run_game("compte", "2", " ".join(map(str, tiles)), str(target)).output
    assert "LE COMPTE EST BON" not in output.split("A TROUVER")[1]
    reached = checked_steps(output, tiles)
    assert abs(reached - target) == best
    assert f"LE PLUS PROCHE: {reached} (A {best} PRES)" in output
    assert f"{calcs} CALCULS ESSAYES" in output


def test_compte_sees_that_a_tile_may_already_be_the_target():
    output = run_game("compte", "2", "100 3 5 7 9 10", "100").output
    assert "LE COMPTE EST BON !" in output
    assert checked_steps(output, (100, 3, 5, 7, 9, 10)) is None


@pytest.mark.parametrize("seed", [1, 3, 4])
def test_compte_draws_six_tiles_from_the_bag_and_a_target_from_100_to_999(seed):
    output = run_game("compte", "1", seed=seed).output
    tiles = [int(t) for t in re.search(r"PLAQUES:((?:\s+\d+){6})$", output, re.M)[1].split()]
    target = int(re.search(r"A TROUVER: (\d+)", output)[1])
    assert not Counter(tiles) - POOL
    assert 100 <= target <= 999
    last = checked_steps(output, tiles)
    if "LE COMPTE EST BON !" in output:
        assert last == target


@pytest.mark.parametrize("number,text", [(42, "42"), (999999, "999999"), (1000000, "1000000"),
                                         (5000007, "5000007"), (937500000, "937500000")])
def test_compte_writes_large_results_in_full_digits(number, text):
    micro = Micro(seed=0)
    micro.load_text(source("compte"))
    assert micro.call("&TXT", number)[0] == text


# ---------------------------------------------------------------- knight's tour

def knight_board(output: str, size: int) -> list[list[int]]:
    rows = [line.split() for line in output.splitlines()]
    return [[int(x) for x in row] for row in rows if len(row) == size and all(x.isdigit() for x in row)]


@pytest.mark.parametrize("size,line,column,seed", [
    (5, 1, 1, 0), (5, 3, 3, 1), (6, 2, 5, 0), (7, 4, 4, 0), (7, 1, 3, 2), (8, 1, 1, 0), (8, 4, 5, 5),
])
def test_cavalier_visits_every_square_once_by_knight_jumps(size, line, column, seed):
    output = run_game("cavalier", str(size), f"{line} {column}", seed=seed).output
    board = knight_board(output, size)
    assert len(board) == size
    where = {board[r][c]: (r, c) for r in range(size) for c in range(size)}
    assert sorted(where) == list(range(1, size * size + 1))
    assert where[1] == (line - 1, column - 1)
    for k in range(1, size * size):
        (r1, c1), (r2, c2) = where[k], where[k + 1]
        assert {abs(r1 - r2), abs(c1 - c2)} == {1, 2}, f"jump {k} -> {k + 1}"
    assert re.search(r"TOUR TROUVE: \d+ SAUTS, \d+ DEPART\(S\)", output)


@pytest.mark.parametrize("size,line,column", [(5, 1, 2), (7, 4, 3)])
def test_cavalier_explains_why_an_odd_board_has_no_tour_from_the_wrong_colour(size, line, column):
    output = run_game("cavalier", str(size), f"{line} {column}").output
    assert "PAS DE TOUR" in output
    assert not knight_board(output, size)


def test_cavalier_asks_again_for_a_bad_size_or_square():
    output = run_game("cavalier", "4", "9", "6", "0 1", "7 1", "1 1").output
    assert output.count("TAILLE DE L'ECHIQUIER") == 3
    assert output.count("DEPART: LIGNE ET COLONNE") == 3
    assert len(knight_board(output, 6)) == 6


# ---------------------------------------------------------------- demo

def test_demo_ends_by_itself_within_thirty_seconds_with_the_banner_on_screen():
    result = run_game("demo")
    assert result.cycles < 30 * result.micro.profile.clock_hz
    assert result.cycles > 10 * result.micro.profile.clock_hz  # the scenes do pause
    rows = result.micro.screen.rows_text()
    assert rows[1].strip("║ ") == "MICRO LSE 40 - 1985"
    assert rows[0] == "╔" + "═" * 38 + "╗"
    assert any("AU REVOIR" in row for row in rows)


def test_demo_uses_the_control_codes_and_only_characters_of_the_rom():
    result = run_game("demo")
    for code in "\b\r\n\f":
        assert code in result.raw
    font = (ROOT / "roms" / "font.txt").read_text(encoding="utf-8")
    glyphs = {chr(int(line.split(":")[0], 16)) for line in font.splitlines() if re.match(r"[0-9A-F]{4}:", line)}
    printable = set(result.raw) - set("\a\b\n\f\r")
    assert printable <= glyphs, printable - glyphs
    assert {"Ж", "█", "╬", "é", "←"} <= printable
