"""programs/solitaire.lse: Wetherell's solitaire analysis (book notes §2 and §3(e)).

The rules are the program's own choice (see its header). The tests drive the whole program with
LIRE input (its one input, the number of deals; ALE seeded as by --seed; its constants AVEC and
DET set in a copy of the text) and single procedures with Micro.call, and check the search against
an independent Python model of the same rules. Seed 1 is used because its first deals are small: a
search without position memory stays short on them (some deals of other seeds take minutes without it).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.lse_harness import run_lse

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "programs" / "solitaire.lse"
SOURCE = PROGRAM.read_text(encoding="utf-8")
SEED = "1"          # its first 10 deals: small trees, one where the greedy player falls short
CONSTANTS = "AVEC←1;DET←0;PREC←0.25;Z←1.96"      # the program's choices, the line at its top
DEALS = "10"

RANKS = "A23456789XVDR"
SUITS = "PCKT"


# ----------------------------------------------------------------- an independent model of the rules
def parse_deal(text: str) -> tuple:
    """'AP2C/…' (7 piles, bottom to top) → piles of (suit, rank)."""
    piles = []
    for part in text.replace(" ", "").split("/"):
        piles.append(tuple((SUITS.index(part[k + 1]), RANKS.index(part[k]) + 1) for k in range(0, len(part), 2)))
    assert len(piles) == 7
    return tuple(piles)


def legal_moves(piles, face_up, marked) -> list[str | None]:
    """One entry per pile: 'M' (its top card goes to a scoring pile), 'D' (its run moves) or None.

    marked[r] = cards of rank r on the scoring piles, marked[0] = 4: a scoring pile of height r-1
    exists when marked[r-1] > marked[r].
    """
    tops = {pile[-1] for pile in piles if pile}
    moves = []
    for pile, up in zip(piles, face_up):
        if not pile:
            moves.append(None)
            continue
        _, rank = pile[-1]
        if marked[rank - 1] > marked[rank]:
            moves.append("M")
            continue
        suit, base = pile[-up]
        moves.append("D" if base < 13 and (suit, base + 1) in tops else None)
    return moves


def make_move(piles, face_up, marked, i: int, kind: str):
    piles, face_up, marked = [list(p) for p in piles], list(face_up), list(marked)
    if kind == "M":
        _, rank = piles[i].pop()
        marked[rank] += 1
        face_up[i] -= 1
    else:
        run = piles[i][-face_up[i]:]
        del piles[i][-face_up[i]:]
        j = next(j for j, p in enumerate(piles) if p and p[-1] == (run[0][0], run[0][1] + 1))
        piles[j] += run
        face_up[j] += len(run)
        face_up[i] = 0
    if piles[i] and face_up[i] == 0:
        face_up[i] = 1                                  # turn over the new top card
    return tuple(map(tuple, piles)), tuple(face_up), tuple(marked)


def opening(text: str):
    piles = parse_deal(text)
    return piles, tuple(1 if p else 0 for p in piles), (4,) + (0,) * 13


def reference_optimum(text: str) -> int:
    @cache
    def best(piles, face_up, marked) -> int:
        moves = legal_moves(piles, face_up, marked)
        scores = [best(*make_move(piles, face_up, marked, i, k)) for i, k in enumerate(moves) if k]
        return max(scores, default=sum(marked[1:]))
    return best(*opening(text))


def reference_greedy(text: str) -> int:
    position = opening(text)
    while True:
        moves = legal_moves(*position)
        if not any(moves):
            return sum(position[2][1:])
        i = moves.index("M") if "M" in moves else next(i for i, k in enumerate(moves) if k)
        position = make_move(*position, i, moves[i])


# ------------------------------------------------------------------------------ running the program
def configured(memory: str = "1", detail: str = "0") -> str:
    """The program with its constants AVEC (position memory) and DET (one line per deal) set."""
    assert SOURCE.count(CONSTANTS) == 1
    return SOURCE.replace(CONSTANTS, f"AVEC←{memory};DET←{detail};PREC←0.25;Z←1.96")


def run(deals: str = DEALS, seed: str = SEED, memory: str = "1", detail: str = "1"):
    result = run_lse(configured(memory, detail), [deals], seed=int(seed))
    assert result.error is None, result.error
    return result


def deal_lines(output: str) -> list[dict[str, int]]:
    names = ("deal", "optimum", "greedy", "moves", "decisions", "kept", "positions")
    rows = [line.split() for line in output.splitlines()]
    return [dict(zip(names, map(int, row))) for row in rows if len(row) == 7 and all(x.isdigit() for x in row)]


def summary_value(output: str, label: str) -> float:
    line = next(line for line in output.splitlines() if line.startswith(label))
    return float(line[len(label):].split()[0].rstrip("%"))


@pytest.fixture(scope="module")
def micro():
    """A Micro that has run the program for 0 deals: its procedures are ready for Micro.call."""
    return run(deals="0").micro


def analyse(micro, deal: str, memory: int) -> dict[str, float]:
    cycles = micro.cycles
    assert micro.call("&DONNE", deal)[0] >= 0
    optimum, (_, moves, decisions, kept, positions) = micro.call("&ANALYSE", memory, 0, 0, 0, 0)
    return {"optimum": optimum, "moves": moves, "decisions": decisions, "kept": kept,
            "positions": positions, "cycles": micro.cycles - cycles}


# ------------------------------------------------------------------------------------------- tests
def test_the_program_passes_the_syntax_check_and_runs_headless_to_its_end():
    for args, stdin in ((["--check"], ""), (["--headless", "--speed", "max", "--seed", "1985"], "3\n")):
        done = subprocess.run([sys.executable, "main.py", *args, str(PROGRAM)], input=stdin, cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
    assert "CASES UTILISEES" in done.stdout


@pytest.mark.parametrize("detail", ["1", "0"])
def test_every_line_fits_the_40_column_screen_and_the_summary_its_25_rows(detail):
    result = run(detail=detail)
    text = result.raw.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")  # CR rewrites, FF clears
    lines = text.rstrip("\n").split("\n")
    assert lines[-1].startswith("SOMMES") and len(lines[-1]) <= 4 * 40       # the line for a reducer: 4 rows
    assert max(len(line) for line in lines[:-1]) <= 40
    rows = "\n".join(result.rows).rstrip("\n").split("\n")
    assert rows[-5].startswith("CASES UTILISEES") and rows[-4].startswith("SOMMES")
    assert "PATIENCE DE WETHERELL" in rows      # the whole summary is on screen
    assert detail == "1" or result.rows[0] == "PATIENCE DE WETHERELL"      # the screen was cleared


def test_a_fixed_seed_gives_the_same_statistics_twice_and_another_seed_other_deals():
    first, second, other = run(), run(), run(seed="2")
    assert first.output == second.output
    assert first.cycles == second.cycles
    assert deal_lines(first.output) != deal_lines(other.output)


def test_the_printed_statistics_are_those_of_the_per_deal_optima():
    output = run().output
    optima = [row["optimum"] for row in deal_lines(output)]
    mean, sd = statistics.mean(optima), statistics.stdev(optima)      # the n-1 divisor
    half = 1.96 * sd / len(optima) ** 0.5
    assert len(optima) == 10
    assert summary_value(output, "SCORE OPTIMAL MOYEN") == round(mean, 2)
    assert summary_value(output, "ECART TYPE (DIVISEUR N-1)") == round(sd, 2)
    interval = next(line for line in output.splitlines() if line.startswith("INTERVALLE A 95%"))
    assert [float(x) for x in interval.split()[3::2]] == [round(mean - half, 2), round(mean + half, 2)]
    rows = deal_lines(output)
    assert summary_value(output, "COUPS JUSQU'A L'OPTIMUM") == round(statistics.mean(r["moves"] for r in rows), 2)
    assert summary_value(output, "DECISIONS JUSQU'A L'OPTIMUM") == round(
        statistics.mean(r["decisions"] for r in rows), 2)
    needed = int((1.96 * sd / 0.25) ** 2) + 1      # deals for a 95 % interval of +-0.25
    assert summary_value(output, "DONNES POUR +-0.25 A 95%") == needed
    assert f"PAS ASSEZ: ENCORE{needed - 10:9d} DONNES" in output


def test_the_memory_report_adds_up_the_per_deal_counts():
    output = run().output
    rows = deal_lines(output)
    assert summary_value(output, " GARDEES EN TOUT") == sum(r["kept"] for r in rows)
    assert summary_value(output, " AU PLUS POUR UNE DONNE") == max(r["kept"] for r in rows)
    assert summary_value(output, "POSITIONS EXAMINEES") == sum(r["positions"] for r in rows)
    assert summary_value(output, "SANS AUCUN COUP A LA DONNE") == sum(r["positions"] == 1 for r in rows)
    assert all(r["kept"] <= r["positions"] for r in rows)


def test_every_optimum_is_at_least_the_greedy_score_and_sometimes_more():
    rows = deal_lines(run().output)
    assert all(r["optimum"] >= r["greedy"] for r in rows)
    assert any(r["optimum"] > r["greedy"] for r in rows)


def test_position_memory_changes_the_cycles_but_not_the_optimum_nor_the_first_optimal_line():
    with_memory, without = run(memory="1"), run(memory="0")
    kept = ("optimum", "greedy", "moves", "decisions")
    rows_with, rows_without = deal_lines(with_memory.output), deal_lines(without.output)
    assert [[r[k] for k in kept] for r in rows_with] == [[r[k] for k in kept] for r in rows_without]
    assert all(a["positions"] <= b["positions"] for a, b in zip(rows_with, rows_without))
    assert sum(r["positions"] for r in rows_with) < sum(r["positions"] for r in rows_without)
    assert with_memory.cycles < without.cycles
    assert "SANS MEMOIRE DES POSITIONS" in without.output


@pytest.mark.parametrize("deal, optimum, greedy, moves, decisions", [
    ("2P/3C/4K/5T/6P/7C/8K", 0, 0, 0, 0),          # no move at all after the deal
    ("//////", 0, 0, 0, 0),                          # no cards
    ("AP//////", 1, 1, 1, 0),
    ("/2C/AP/AC2P///4P", 4, 2, 4, 1),                # marking 2C first strands AC under 2P
    ("AP/AC/AK/AT///XP", 4, 4, 4, 3),                # 4 aces in any order: 3 decision points
    ("3P/AC/2P/AP///", 4, 4, 4, 3),                  # 2P may go onto 3P or be marked
    ("2PAP/2CAC/2KAK/2TAT///XP", 8, 8, 8, 6),
])
def test_hand_made_deals_have_their_known_optimum_and_first_optimal_line(micro, deal, optimum, greedy,
                                                                          moves, decisions):
    assert micro.call("&DONNE", deal)[0] == len(deal.replace("/", "")) // 2
    assert micro.call("&GLOUTON")[0] == greedy == reference_greedy(deal)
    found = analyse(micro, deal, 1)
    assert (found["optimum"], found["moves"], found["decisions"]) == (optimum, moves, decisions)
    assert optimum == reference_optimum(deal)


def test_a_deal_without_any_move_scores_zero_after_examining_one_position(micro):
    for memory in (1, 0):
        found = analyse(micro, "2P/3C/4K/5T/6P/7C/8K", memory)
        assert (found["optimum"], found["moves"], found["decisions"], found["kept"], found["positions"]) \
            == (0, 0, 0, 0, 1)


@pytest.mark.parametrize("deal, kept, positions_with, positions_without", [
    ("AP/AC/AK/AT///XP", 11, 41, 65),                # the 11 sets of 0..2 marked aces
    ("2PAP/2CAC/2KAK/2TAT///XP", 72, 245, 7365),
])
def test_remembering_positions_prunes_transpositions_and_saves_cycles(micro, deal, kept, positions_with,
                                                                     positions_without):
    remembered, forgotten = analyse(micro, deal, 1), analyse(micro, deal, 0)
    assert remembered["optimum"] == forgotten["optimum"]
    assert (remembered["kept"], remembered["positions"]) == (kept, positions_with)
    assert (forgotten["kept"], forgotten["positions"]) == (0, positions_without)
    assert remembered["cycles"] < forgotten["cycles"]


def test_the_search_agrees_with_an_independent_python_search_on_random_deals(micro):
    micro.call("&DONNE", "//////")
    for _ in range(25):
        micro.call("&BATTRE")
        deal = micro.call("&TEXTE")[0]
        assert len(deal.replace("/", "")) == 104
        assert micro.call("&GLOUTON")[0] == reference_greedy(deal)
        assert micro.call("&ANALYSE", 1, 0, 0, 0, 0)[0] == reference_optimum(deal)


def test_a_written_deal_reads_back_the_same(micro):
    micro.call("&BATTRE")
    deal = micro.call("&TEXTE")[0]
    assert micro.call("&DONNE", deal)[0] == 52
    assert micro.call("&TEXTE")[0] == deal


@pytest.mark.parametrize("deal", [
    "AP/2P",                       # 2 piles, not 7
    "AP////////",                  # 9 piles
    "AP/AP/////",                  # the same card twice
    "ZP//////",                    # no such rank
    "AZ//////",                    # no such suit
    "A//////",                     # a rank without its suit
    "AP2P3P4P5P6P7P8P9P//////",    # 9 cards on one pile
])
def test_a_badly_written_deal_is_refused(micro, deal):
    assert micro.call("&DONNE", deal)[0] == -1
    assert micro.call("&ANALYSE", 1, 0, 0, 0, 0)[0] == 0      # and leaves an empty deal behind


def test_the_position_table_still_works_after_63_analyses_empty_it(micro):
    micro.call("&DONNE", "2P/3C/4K/5T/6P/7C/8K")
    for _ in range(64):
        micro.call("&ANALYSE", 1, 0, 0, 0, 0)
    found = analyse(micro, "AP/AC/AK/AT///XP", 1)
    assert (found["optimum"], found["kept"], found["positions"]) == (4, 11, 41)


# A deal with 724 positions of choice (counted by the Python model): with the table limited to 300
# positions a deal, new positions replace old ones instead of being forgotten, and the search still
# finds the optimum and ends (before, a full table made the search exponential: seed 11's deal 9791,
# 13 371 positions of choice, ran for minutes).
BIG_DEAL = ("DPVKXP5K3CRT9T4K/RP7P9C2CXTVP8TAC/DT6PXC5T9KAP5P2K/8P3TDK6T6C8K4T/9PRK6KVCDC7T5C/"
            "7CXKAT8C4PRCVT/7K3K2PAK4C2T3P")


def test_a_full_position_table_replaces_old_positions_and_still_finds_the_optimum():
    assert SOURCE.count("LIM←11700") == 1
    small = run_lse(configured().replace("LIM←11700", "LIM←300"), ["0"], seed=1).micro
    found = analyse(small, BIG_DEAL, 1)
    assert found["optimum"] == reference_optimum(BIG_DEAL) == 35
    assert found["kept"] == 300
    assert found["positions"] > 724  # some forgotten positions were explored again
