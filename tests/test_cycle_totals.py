"""Cycle totals are the product: a fixed list of programs, seeds and inputs spends exactly the recorded cycles.

The totals in tests/golden/cycle_totals.json were recorded before the speed work (each unit
compiled into one function) and must never move: `pytest --update-golden` rewrites them, for
a change of the cost model itself only. Each run is checked on the plain path and under the
profiler, which still runs segment by segment. A run added later is recorded with the engine of
commit 6c8889d (before the speed work), or, if it needs overflow checks (which came after), of
commit fe3a679 (before one-lookup array reads). Two runs keep the programs they were recorded
with, copied to tests/cycles/ when programs/ changed them (nimdiv_halving.lse, the Nim by halving
that nimdiv.lse was; solitaire_four_questions.lse, the solitaire that asked four questions).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.run import numbers_typed
from tests.lse_harness import run_lse
from tests.test_nim import GAMES as NIM_GAMES
from tests.test_renard import FOXES_WIN, HENS_BLOCK
from tests.test_unit_code import PROGRAMS as TRICKY
from tests.test_unit_code import TYPED

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "cycle_totals.json"

# name: (program file, typed lines, seed) -- every run ends (TERMINER, an error, or input closed).
RUNS = {
    "queens": ("programs/queens.lse", [], 0),
    "renard foxes win": ("programs/renard.lse", FOXES_WIN, 0),
    "renard hens block": ("programs/renard.lse", HENS_BLOCK, 0),
    "nim 1 3 5 7": ("programs/nim.lse", ["0", NIM_GAMES[0][0], str(NIM_GAMES[0][1]), *NIM_GAMES[0][2]], 0),
    "nimdiv 1 3 5 7": ("tests/cycles/nimdiv_halving.lse",
                       ["0", NIM_GAMES[0][0], str(NIM_GAMES[0][1]), *NIM_GAMES[0][2]], 0),
    "nim 3 4 5 0": ("programs/nim.lse", ["0", NIM_GAMES[1][0], str(NIM_GAMES[1][1]), *NIM_GAMES[1][2]], 0),
    "pythagore": ("programs/pythagore.lse", [], 0),
    "solitaire 10 deals": ("tests/cycles/solitaire_four_questions.lse", ["10", "2", "1", "1"], 0),
    "solitaire no memory": ("tests/cycles/solitaire_four_questions.lse", ["4", "2", "0", "0"], 0),
    "compte": ("programs/compte.lse", ["2", "100 3 5 7 9 10", "100"], 0),
    "compte random": ("programs/compte.lse", ["1"], 5),
    "baguenaudier": ("programs/baguenaudier.lse", ["5"], 0),
    "crypto": ("programs/crypto.lse", [""], 0),
    "floyd": ("programs/floyd.lse", ["2", "1234"], 0),
    "cavalier": ("programs/cavalier.lse", ["5", "1 1"], 0),
    "demo": ("programs/demo.lse", [], 0),
    "bench queens 6": ("bench/lse/queens.lse", ["6"], 0),
    "bench add loop": ("bench/lse/add_loop.lse", [], 0),
    "bench div loop": ("bench/lse/div_loop.lse", [], 0),
    "bench strings": ("bench/lse/strings.lse", [], 0),
    "bench fib": ("bench/lse/fib.lse", [], 0),
    "bench calls": ("bench/lse/calls.lse", [], 0),
    "bench matrix": ("bench/lse/matrix.lse", [], 0),
    "bench report": ("bench/lse/report.lse", [], 0),
    "bench montecarlo": ("bench/lse/montecarlo.lse", [], 1985),
    "bench stackvm": ("bench/lse/stackvm.lse", ["300"], 0),
    "bench histo": ("bench/lse/histo.lse", ["200"], 0),
    "bench cnbline": ("bench/lse/cnbline.lse", ["30 5"], 0),
    "bench readstat": ("bench/lse/readstat.lse", numbers_typed(30).splitlines(), 0),
    # probes written in session 36 (bench/run.py), at their small sizes
    "bench bank": ("bench/lse/bank.lse", ["2000 3"], 0),
    "bench nbody": ("bench/lse/nbody.lse", ["300 100"], 0),
    "bench partit": ("bench/lse/partit.lse", ["30 3"], 0),
    "bench pascal": ("bench/lse/pascal.lse", ["120"], 0),
    "bench puzzle8": ("bench/lse/puzzle8.lse", ["6"], 0),
    "bench rle": ("bench/lse/rle.lse", ["5 60"], 0),
    "bench factor": ("bench/lse/factor.lse", ["300"], 0),
    "bench knapsack": ("bench/lse/knapsack.lse", ["8 30 2"], 0),
    "bench lcs": ("bench/lse/lcs.lse", ["12 2"], 0),
    "bench mergesort": ("bench/lse/mergesort.lse", ["40 2"], 0),
    "bench textstat": ("bench/lse/textstat.lse", ["2 20"], 0),
    "bench tictactoe": ("bench/lse/tictactoe.lse", ["1"], 0),
    # tests/cycles: every kind of statement, and runs that end in a run-time error
    "cycles division in a loop": ("tests/cycles/error_division_in_loop.lse", [], 0),
    "cycles index in a loop": ("tests/cycles/error_index_in_loop.lse", [], 0),
    "cycles error in a procedure": ("tests/cycles/error_in_procedure.lse", [], 0),
    "cycles too deep": ("tests/cycles/error_too_deep.lse", [], 0),
    "cycles types after LIRE": ("tests/cycles/error_types_after_lire.lse", ["1", "2 3", "MOT"], 0),
    "cycles missing input": ("tests/cycles/error_missing_input.lse", ["1", "2", "3 4"], 0),
    "cycles bad input": ("tests/cycles/error_missing_input.lse", ["1", "DEUX"], 0),
    "cycles procedures": ("tests/cycles/procedures.lse", [], 0),
    "cycles loops and jumps": ("tests/cycles/loops_and_jumps.lse", [], 0),
    "cycles strings and formats": ("tests/cycles/strings_and_formats.lse", [], 0),
    "cycles ALE and PAUSE seed 0": ("tests/cycles/ale_and_pause.lse", [], 0),
    "cycles ALE and PAUSE seed 7": ("tests/cycles/ale_and_pause.lse", [], 7),
}
RUNS.update({f"golden {path.stem}": (str(path.relative_to(ROOT)), None, 0)
             for path in sorted((ROOT / "tests" / "programs").glob("*.lse"))})
RUNS.update({f"inline {name}": (source, TYPED, 0) for name, source in TRICKY.items()})  # errors, calls, jumps


def run(name: str, profiling: bool = False) -> dict:
    where, typed, seed = RUNS[name]
    if name.startswith("inline "):
        text = where
    else:
        text = (ROOT / where).read_text(encoding="utf-8")
        inputs = (ROOT / where).with_suffix(".in")
        if typed is None:
            typed = inputs.read_text(encoding="utf-8").splitlines() if inputs.exists() else []
    result = run_lse(text, typed, seed=seed, profiling=profiling, max_cycles=10**12)
    return {"cycles": result.cycles, "status": result.status.value, "error": result.error}


def recorded() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}


@pytest.mark.parametrize("name", RUNS)
def test_a_run_spends_exactly_the_recorded_cycles(name, update_golden):
    outcome = run(name)
    if update_golden:
        totals = recorded()
        totals[name] = outcome
        GOLDEN.write_text(json.dumps(totals, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    assert recorded().get(name) == outcome
    assert outcome["cycles"] > 0


@pytest.mark.parametrize("name", RUNS)
def test_the_profiler_counts_the_same_cycles(name):
    assert run(name, profiling=True) == recorded()[name]
