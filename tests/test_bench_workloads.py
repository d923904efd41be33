"""Each bench workload that reads its size runs on the Micro at a small size and prints what its twin prints."""

from __future__ import annotations

import pytest

from bench.inprocess import load_twin, run_micro, run_twin
from bench.run import CASES, COMPILER, ROOT, compiler_lines, same_result
from tests.lse_harness import run_lse

SMALL = {name: case for name, case in CASES.items() if case.small is not None}


def test_the_bench_has_at_least_twenty_workloads_besides_start_up() -> None:
    assert len([name for name in CASES if name != "startup"]) >= 20


def test_every_workload_has_its_program_and_its_twin() -> None:
    for case in CASES.values():
        assert (ROOT / "bench" / "lse" / f"{case.stem}.lse").is_file()
        assert (ROOT / "bench" / "python" / f"{case.stem}.py").is_file()


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_small_run_prints_what_the_twin_prints(name: str) -> None:
    case = SMALL[name]
    source = (ROOT / "bench" / "lse" / f"{case.stem}.lse").read_text(encoding="utf-8")
    micro = run_micro(source, case.small)
    _, expected = run_twin(load_twin(ROOT / "bench" / "python" / f"{case.stem}.py").main, case.small)
    assert micro.error == ""
    assert expected.split(), "the twin printed nothing"
    assert same_result(micro.output, expected), f"Micro:\n{micro.output[-300:]}\nTwin:\n{expected[-300:]}"
    assert micro.cycles > 0 and micro.run_s >= 0 and micro.compile_s > 0


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_small_run_profiled_prints_and_costs_what_the_plain_run_does(name: str) -> None:
    case = SMALL[name]
    source = (ROOT / "bench" / "lse" / f"{case.stem}.lse").read_text(encoding="utf-8")
    plain = run_lse(source, case.small.strip().splitlines(), seed=1985)
    profiled = run_lse(source, case.small.strip().splitlines(), seed=1985, profiling=True)
    assert plain.error is None and profiled.error is None
    assert (profiled.output, profiled.cycles) == (plain.output, plain.cycles)


def test_the_compiler_the_bench_counts_is_modules_that_exist() -> None:
    assert all((ROOT / "machine" / "lse" / f"{name}.py").is_file() for name in COMPILER)
    assert compiler_lines() > 1000


def test_the_bench_counts_every_module_of_the_generator() -> None:
    generator = {path.stem for path in (ROOT / "machine" / "lse").glob("py*.py")}
    assert generator | {"analyses", "holdings"} <= set(COMPILER)


def test_the_profile_bench_times_a_workload_both_ways_and_finds_them_alike(capsys) -> None:
    from bench.profiled import main

    assert main(["--runs", "1", "--only", "fib24"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| fib24 |"))
    plain, profiled, ratio, same = (cell.strip() for cell in row.split("|")[2:6])
    assert same == "yes" and float(plain) > 0 and float(profiled) > 0 and float(ratio) > 0
