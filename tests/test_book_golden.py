"""The book's new and changed programs, each run to its golden transcript in tests/golden/book/ (a program in,
its screen out; `pytest --update-golden` rewrites them: read the diff before committing it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from machine.batch import Job, RunResult, reducer_input, run_once
from tests.lse_harness import run_lse

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "book"
NIM_GAME = ["0", "1 3 5 7", "1", "1 1", "2 1", "2 1", "2 1", "3 1", "3 1", "3 1", "3 1"]

# name: (program, lines typed for LIRE, ALE seed)
RUNS = {
    "queens1_c8": ("queens1_c8.lse", [], 0),
    "queens2_colonnes": ("queens2_colonnes.lse", [], 0),
    "queens3_final": ("queens3_final.lse", [], 0),
    "nimdiv_game": ("nimdiv.lse", NIM_GAME, 0),
    "solitaire_30_deals_seed_11": ("solitaire.lse", ["30"], 11),
    "solitaire_0_deals": ("solitaire.lse", ["0"], 11),
}


def check(name: str, transcript: str, update_golden: bool) -> None:
    expected = GOLDEN / f"{name}.out"
    if update_golden:
        expected.write_bytes(transcript.encode("utf-8"))  # bytes: the solitaire's progress line has CRs
    assert expected.exists(), f"no {expected.name}: run pytest --update-golden"
    assert transcript == expected.read_bytes().decode("utf-8")


@pytest.mark.parametrize("name", RUNS)
def test_the_book_program_prints_its_golden_transcript(name, update_golden):
    program, typed, seed = RUNS[name]
    result = run_lse((ROOT / "programs" / program).read_text(encoding="utf-8"), typed, seed=seed)
    assert result.error is None
    check(name, result.transcript, update_golden)


def test_the_solitaire_reducer_prints_its_golden_bilan_of_two_runs(tmp_path, update_golden):
    source = (ROOT / "programs" / "solitaire.lse").read_text(encoding="utf-8")
    runs = [run_once(Job(source, "micro40", str(tmp_path), "15\n"), seed) for seed in (11, 12)]
    typed = reducer_input([RunResult(r.seed, r.status, r.output, r.error, r.cycles) for r in runs])
    reducer = (ROOT / "programs" / "solitaire_bilan.lse").read_text(encoding="utf-8")
    result = run_lse(reducer, typed.splitlines())
    assert result.error is None
    check("solitaire_bilan_two_runs", result.transcript, update_golden)
