"""Many runs of one program with consecutive seeds, over a pool of processes; never imports pygame.

`--runs N --jobs K`: how Wetherell's statistics over many deals are gathered. Each run is a
whole headless run in a process of the pool (the standard library's); outputs come back in
the order of the runs, whatever order the processes finish in.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from typing import TextIO

from machine.record import record


@record(frozen=True)
class RunResult:
    """What one run of the batch printed and spent."""

    index: int
    seed: int
    status: int
    output: str
    errors: str
    cycles: int


def run_one(source: str, machine: str, seed: int, stdin: str, index: int) -> RunResult:
    """One headless run (in a worker process): the program from its start, with this seed and input."""
    from machine.frontends.terminal import run_headless
    from machine.lse.parser import parse
    from machine.micro import Micro
    from machine.profile import load_profile

    micro = Micro(load_profile(machine), seed=seed)
    micro.load(parse(source))
    out, err = io.StringIO(), io.StringIO()
    status = run_headless(micro, speed=None, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return RunResult(index, seed, status, out.getvalue(), err.getvalue(), micro.cycles)


def run_batch(source: str, machine: str, first_seed: int, runs: int, jobs: int | None,
              stdin: str) -> Iterator[RunResult]:
    """Yield the results of `runs` runs with seeds first_seed, first_seed+1, ..., in that order."""
    from concurrent.futures import ProcessPoolExecutor

    workers = max(1, min(jobs or os.cpu_count() or 1, runs))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_one, source, machine, first_seed + index, stdin, index) for index in range(runs)]
        for future in futures:
            yield future.result()


def report_batch(results: Iterator[RunResult], runs: int, clock_hz: int, stdout: TextIO, stderr: TextIO) -> int:
    """Print each run's output in order, then the summary; return 0 if every run ended well, else 1."""
    failures = cycles = 0
    for result in results:
        stdout.write(f"=== EXECUTION {result.index + 1}/{runs}, GRAINE {result.seed} ===\n")
        stdout.write(result.output)
        if result.output and not result.output.endswith("\n"):
            stdout.write("\n")
        if result.errors:
            stderr.write(f"EXECUTION {result.index + 1} (GRAINE {result.seed}): {result.errors}")
        failures += result.status != 0
        cycles += result.cycles
        stdout.flush()
    stdout.write(f"=== {runs} EXECUTIONS, {failures} ECHEC{'S' if failures > 1 else ''}, "
                 f"{cycles} CYCLES ({cycles / clock_hz:.1f} S A {clock_hz / 1e6:g} MHZ) ===\n")
    return 1 if failures else 0
