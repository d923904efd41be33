"""Many runs of one program at once: ALE seeds seed..seed+N-1 over a pool of processes, outputs in order.

Must not import pygame; the process pool (concurrent.futures) is imported only when runs are asked for.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from machine.disk import Disk
from machine.frontends.terminal import run_headless
from machine.lse.parser import parse
from machine.micro import Micro
from machine.profile import load_profile
from machine.progress import emulated_time, spaced


@dataclass(frozen=True)
class Job:
    """What every run shares: the program, the machine, the disk and the lines typed for LIRE."""

    source: str
    machine: str
    disk: str
    typed: str


@dataclass(frozen=True)
class RunResult:
    """One run: its seed, exit status (0 ended, 1 error), what it printed, its error and its cycles."""

    seed: int
    status: int
    output: str
    error: str
    cycles: int


def run_once(job: Job, seed: int) -> RunResult:
    """Run the program once, headless at full speed, with ALE seeded by `seed` (in a worker process)."""
    micro = Micro(load_profile(job.machine), seed=seed, disk=Disk(Path(job.disk)))
    micro.load(parse(job.source))
    out, err = io.StringIO(), io.StringIO()
    status = run_headless(micro, speed=None, stdin=io.StringIO(job.typed), stdout=out, stderr=err, bell=False)
    return RunResult(seed, status, out.getvalue(), err.getvalue(), micro.cycles)


def run_batch(job: Job, *, seed: int, runs: int, jobs: int, stdout: TextIO, stderr: TextIO) -> int:
    """Run `runs` seeds over `jobs` processes; print each run's output in seed order, then the summary."""
    seeds = range(seed, seed + runs)
    jobs = max(1, min(jobs, runs))
    failures = cycles = 0
    if jobs == 1:
        results = (run_once(job, s) for s in seeds)
        failures, cycles = _report(results, stdout, stderr)
    else:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            # map() hands results back in the order of the seeds, whichever process finishes first.
            failures, cycles = _report(pool.map(run_once, [job] * runs, seeds), stdout, stderr)
    clock_hz = load_profile(job.machine).clock_hz
    stderr.write(f"{runs} EXECUTION{'S' if runs > 1 else ''} (GERMES {seed} A {seed + runs - 1}, "
                 f"{jobs} PROCESSUS), {failures} ECHEC{'S' if failures > 1 else ''}, "
                 f"{spaced(cycles)} CYCLES EMULES ({emulated_time(cycles / clock_hz)})\n")
    return 1 if failures else 0


def _report(results, stdout: TextIO, stderr: TextIO) -> tuple[int, int]:
    """Print each run as it comes (in order); return the failures and the total cycles."""
    failures = cycles = 0
    for result in results:
        stdout.write(result.output)
        stdout.flush()
        if result.error:
            stderr.write(f"GERME {result.seed}: {result.error}")
        failures += result.status != 0
        cycles += result.cycles
    return failures, cycles
