"""--runs N --jobs K: one program N times with consecutive seeds over a process pool, outputs in order."""

from __future__ import annotations

import re

from tests.test_cli import run_cli

DRAW = "10 AFFICHER ENT(ALE(0)*1000000)\n20 TERMINER\n"


def draws(out: str) -> list[tuple[int, int, str]]:
    return [(int(run), int(seed), value) for run, seed, value in
            re.findall(r"=== EXECUTION (\d+)/\d+, GRAINE (\d+) ===\n\n(\d+) \n", out)]


def test_runs_come_back_in_order_with_consecutive_seeds_and_match_single_runs(tmp_path):
    status, out, err = run_cli(tmp_path, "--runs", "5", "--jobs", "2", "--seed", "7", program=DRAW)
    assert (status, err) == (0, "")
    runs = draws(out)
    assert [(run, seed) for run, seed, _ in runs] == [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11)]
    for _, seed, value in runs:
        single = run_cli(tmp_path, "--headless", "--seed", str(seed), program=DRAW)[1]
        assert single.split() == [value]
    assert out.splitlines()[-1].startswith("=== 5 EXECUTIONS, 0 ECHEC, ")


def test_a_batch_is_deterministic_whatever_the_number_of_processes(tmp_path):
    one = run_cli(tmp_path, "--runs", "4", "--jobs", "1", program=DRAW)[1]
    two = run_cli(tmp_path, "--runs", "4", "--jobs", "2", program=DRAW)[1]
    assert one == two and len(draws(one)) == 4


def test_failures_are_counted_reported_and_make_the_status_1(tmp_path):
    program = "10 SI ALE(0)<2 ALORS X←1/0\n20 TERMINER\n"
    status, out, err = run_cli(tmp_path, "--runs", "2", program=program)
    assert status == 1
    assert "=== 2 EXECUTIONS, 2 ECHECS," in out
    assert err.count("DIVISION PAR ZERO EN LIGNE 10") == 2 and "EXECUTION 2 (GRAINE 1)" in err


def test_runs_without_a_file_or_below_one_is_a_usage_error(tmp_path):
    assert run_cli(tmp_path, "--runs", "0", program=DRAW)[0] == 2
    assert run_cli(tmp_path, "--jobs", "2", program=DRAW)[0] == 2
