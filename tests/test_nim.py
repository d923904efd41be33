"""Game 19, Nim on 4 heaps: Arsac's division-free strategy (programs/nim.lse) against the same program
that takes each binary digit by a division (programs/nimdiv.lse), driven with Micro.call, and whole games."""

from __future__ import annotations

import io
import random
import re
from functools import reduce
from itertools import product
from operator import xor
from pathlib import Path

import pytest

from machine.cli import main as cli_main
from machine.lse.runtime import Status
from machine.micro import Micro
from tests.lse_harness import run_lse

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ("nim", "nimdiv")


def source(name: str) -> str:
    return (ROOT / "programs" / f"{name}.lse").read_text(encoding="utf-8")


def loaded(name: str, profiling: bool = False) -> Micro:
    micro = Micro(profiling=profiling)
    micro.load_text(source(name))
    return micro


@pytest.fixture(scope="module")
def micros() -> dict[str, Micro]:
    return {name: loaded(name) for name in PROGRAMS}


def move(micro: Micro, heaps: tuple[int, ...]) -> tuple[int, int]:
    """The Micro's move for `heaps`: (heap number, matches taken)."""
    _, values = micro.call("&COUP", *heaps, 0, 0)
    return int(values[4]), int(values[5])


def nim_sum(heaps) -> int:
    return reduce(xor, heaps, 0)


# Book notes §3(c): position -> Arsac's move (heap, take); losing positions (nim-sum 0) get
# the rule chosen in the programs' header: one match from the largest heap, the first if tied.
BOOK_TABLE = [
    ((3, 4, 5, 0), (1, 2)),
    ((1, 2, 3, 4), (4, 4)),
    ((1, 1, 1, 0), (3, 1)),
    ((10, 11, 2, 8), (4, 5)),
    ((5, 9, 12, 1), (4, 1)),
    ((8, 8, 8, 0), (3, 8)),
    ((13, 7, 2, 4), (1, 12)),
    ((1, 3, 5, 7), (4, 1)),
    ((9, 6, 3, 12), (4, 1)),
    ((15, 14, 13, 12), (1, 1)),
    ((2, 2, 3, 3), (3, 1)),
]

# A fixed pseudo-random sample of the 65 536 positions with heaps 0..15: the full sweep takes
# about 16 s for the two programs through Micro.call (it passed in full when written).
SAMPLE = random.Random(19).sample(list(product(range(16), repeat=4)), 4096)


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("heaps, expected", BOOK_TABLE, ids=[" ".join(map(str, h)) for h, _ in BOOK_TABLE])
def test_the_micro_plays_the_move_of_the_book_notes_table(micros, name, heaps, expected):
    assert move(micros[name], heaps) == expected


def test_the_sample_holds_winning_and_losing_positions():
    losing = sum(1 for heaps in SAMPLE if nim_sum(heaps) == 0)
    assert 150 < losing < 400  # about 1/16 of the positions have nim-sum 0


def test_arsacs_move_leaves_a_nim_sum_of_zero_whenever_one_exists_and_is_legal_otherwise(micros):
    for heaps in SAMPLE:
        if sum(heaps) == 0:
            continue
        k, taken = move(micros["nim"], heaps)
        assert 1 <= k <= 4 and 1 <= taken <= heaps[k - 1], heaps
        after = list(heaps)
        after[k - 1] -= taken
        if nim_sum(heaps):
            assert nim_sum(after) == 0, heaps
        else:
            assert (k, taken) == (heaps.index(max(heaps)) + 1, 1), heaps


def test_arsacs_heap_is_the_last_one_with_a_one_in_the_first_odd_column(micros):
    for heaps in SAMPLE:
        total = nim_sum(heaps)
        if total:
            top = 1 << (total.bit_length() - 1)
            last = max(i for i in range(4) if heaps[i] & top) + 1
            assert move(micros["nim"], heaps)[0] == last, heaps


@pytest.mark.parametrize("name", PROGRAMS)
def test_with_no_match_left_there_is_no_move(micros, name):
    assert move(micros[name], (0, 0, 0, 0)) == (0, 0)


def test_the_division_version_makes_the_same_moves_for_exactly_16_divisions_and_16_ent_more(micros):
    from machine.profile import load_profile
    costs = load_profile().costs
    digit_by_division = costs["div"] + costs["ENT"] + costs["constant"]  # ENT(W[I]/P)=1 against W[I]>=P
    for heaps in SAMPLE[:1024]:
        moves, cost = {}, {}
        for name in PROGRAMS:
            before = micros[name].cycles
            moves[name] = move(micros[name], heaps)
            cost[name] = micros[name].cycles - before
        assert moves["nimdiv"] == moves["nim"], heaps
        assert cost["nimdiv"] - cost["nim"] == 16 * digit_by_division, heaps


def test_the_two_nim_programs_differ_in_one_statement_only():
    statements = {name: [line for line in source(name).splitlines() if not line.startswith("*")]
                  for name in PROGRAMS}
    assert len(statements["nim"]) == len(statements["nimdiv"])
    different = [(a, b) for a, b in zip(statements["nim"], statements["nimdiv"]) if a != b]
    assert different == [("UN: SI W[I]>=P ALORS DEBUT W[I]←W[I]-P;Q←1-Q;L←I FIN",
                          "UN: SI ENT(W[I]/P)=1 ALORS DEBUT W[I]←W[I]-P;Q←1-Q;L←I FIN")]


@pytest.mark.parametrize("heaps", [h for h, _ in BOOK_TABLE], ids=[" ".join(map(str, h)) for h, _ in BOOK_TABLE])
def test_each_table_position_costs_nimdiv_more_than_nim(micros, heaps):
    cost = {}
    for name in PROGRAMS:
        before = micros[name].cycles
        move(micros[name], heaps)
        cost[name] = micros[name].cycles - before
    assert cost["nim"] < cost["nimdiv"]


@pytest.mark.parametrize("name, divides", [("nim", False), ("nimdiv", True)])
def test_only_nimdiv_divides_to_choose_its_move(name, divides):
    micro = loaded(name, profiling=True)
    move(micro, (10, 11, 2, 8))
    assert (micro.runtime.counts["div"] > 0) is divides


# Whole games typed on stdin: heaps chosen (0 then the heaps), who starts (1 you, 2 the Micro),
# then the person's moves "heap count"; the Micro's answers and the winner are what the strategy
# and the losing-position rule must give.
GAMES = [
    ("1 3 5 7", 1, ["1 1", "2 1", "2 1", "2 1", "3 1", "3 1", "3 1", "3 1"],
     [(1, 4), (1, 3), (1, 4), (1, 4), (1, 4), (1, 4), (1, 4), (1, 4)], "J'AI PRIS LA DERNIERE: J'AI GAGNE !"),
    ("3 4 5 0", 1, ["1 2", "1 1", "3 1", "3 1", "3 1", "3 1"],
     [(1, 3), (1, 2), (1, 2), (1, 2), (1, 2)], "VOUS AVEZ GAGNE, BRAVO !"),
    ("1 2 3 0", 2, ["1 1", "3 1", "3 1"], [(1, 3), (1, 2), (1, 2)], "VOUS AVEZ GAGNE, BRAVO !"),
    ("2 0 0 9", 2, ["1 1", "1 1"], [(7, 4), (1, 4), (1, 4)], "J'AI PRIS LA DERNIERE: J'AI GAGNE !"),
]


def game_input(heaps: str, first: int, moves: list[str]) -> list[str]:
    return ["0", heaps, str(first), *moves]


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("heaps, first, moves, answers, winner", GAMES, ids=[g[0] for g in GAMES])
def test_a_scripted_game_runs_to_the_winner(name, heaps, first, moves, answers, winner):
    result = run_lse(source(name), game_input(heaps, first, moves))
    assert result.error is None and result.status is Status.ENDED
    said = [line for line in result.output.splitlines() if line.startswith("JE PRENDS")]
    assert said == [f"JE PRENDS {m} AU TAS {k}" for m, k in answers]
    assert result.output.rstrip().splitlines()[-1] == winner
    assert all(len(row) <= 40 for row in result.output.splitlines())


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_game_runs_headless_from_stdin_and_exits_0(name):
    heaps, first, moves, _, _ = GAMES[1]
    stdin = io.StringIO("\n".join(game_input(heaps, first, moves)) + "\n")
    stdout, stderr = io.StringIO(), io.StringIO()
    status = cli_main([str(ROOT / "programs" / f"{name}.lse"), "--headless"], stdin, stdout, stderr)
    assert (status, stderr.getvalue()) == (0, "")
    assert "VOUS AVEZ GAGNE" in stdout.getvalue()


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_program_passes_the_syntax_check(name):
    assert cli_main(["--check", str(ROOT / "programs" / f"{name}.lse")], io.StringIO(), io.StringIO(),
                    io.StringIO()) == 0


# A bad answer is explained and the question asked again (the run then waits for input).
BAD_ANSWERS = [
    ([], "2", "REPONDEZ 1 OU 0", "TAS AU HASARD"),
    ([], "OUI", "REPONDEZ 1 OU 0", "TAS AU HASARD"),
    (["0"], "1 3 5", "IL FAUT 4 NOMBRES", "LES 4 TAS"),
    (["0"], "1 3 5 16", "UN TAS: UN ENTIER DE 0 A 15", "LES 4 TAS"),
    (["0"], "1 3 5 2.5", "UN TAS: UN ENTIER DE 0 A 15", "LES 4 TAS"),
    (["0"], "0 0 0 0", "IL FAUT DES ALLUMETTES", "LES 4 TAS"),
    (["0", "1 0 5 7"], "3", "REPONDEZ 1 OU 2", "QUI COMMENCE"),
    (["0", "1 0 5 7", "1"], "3 5 1", "DEUX NOMBRES: LE TAS PUIS LE NOMBRE", "VOTRE COUP"),
    (["0", "1 0 5 7", "1"], "TAS 3", "DEUX NOMBRES: LE TAS PUIS LE NOMBRE", "VOTRE COUP"),
    (["0", "1 0 5 7", "1"], "5 1", "LES TAS SONT NUMEROTES DE 1 A 4", "VOTRE COUP"),
    (["0", "1 0 5 7", "1"], "2 1", "LE TAS 2 EST VIDE", "VOTRE COUP"),
    (["0", "1 0 5 7", "1"], "3 0", "PRENEZ AU MOINS UNE ALLUMETTE", "VOTRE COUP"),
    (["0", "1 0 5 7", "1"], "3 1.5", "PRENEZ AU MOINS UNE ALLUMETTE", "VOTRE COUP"),
    (["0", "1 0 5 7", "1"], "3 6", "LE TAS 3 N'EN A QUE 5", "VOTRE COUP"),
]


@pytest.mark.parametrize("before, typed, message, question", BAD_ANSWERS, ids=[b[1] for b in BAD_ANSWERS])
def test_a_bad_answer_is_explained_and_the_question_asked_again(before, typed, message, question):
    result = run_lse(source("nim"), [*before, typed], close_input=False)
    assert result.status is Status.WAITING
    last = result.output.rstrip().splitlines()[-2:]
    assert last[0].rstrip() == message
    assert last[1].startswith(question)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_heaps_hold_1_to_15_matches(seed):
    result = run_lse(source("nim"), ["1", "1"], seed=seed, close_input=False)
    counts = [int(line.split()[-1]) for line in result.output.splitlines() if re.match(r"TAS \d", line)]
    assert len(counts) == 4 and all(1 <= c <= 15 for c in counts)
