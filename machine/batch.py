"""Many runs of one program at once: ALE seeds seed..seed+N-1 over a pool of processes (or a Dask
cluster), outputs in seed order, then an optional reducer that reads them all.

Must not import pygame; the process pool (concurrent.futures) is imported only when runs are asked
for, and Dask only for --cluster (machine/cluster.py).
"""

from __future__ import annotations

import io
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from machine.disk import Disk
from machine.errors import Err
from machine.frontends.terminal import for_terminal, run_headless
from machine.lse.parser import parse
from machine.lse.source import limits_of
from machine.micro import Micro
from machine.profile import load_profile
from machine.progress import emulated_time, spaced

INTERRUPTED_STATUS = 130  # Ctrl-C: the shell's status for SIGINT, as machine/__main__.py exits with


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
    interrupted: bool = False  # stopped by Ctrl-C (INTERROMPU), which ends the whole batch


# How often a worker of the process pool looks whether the process that waits for its runs is still there.
PARENT_POLL_SECONDS = 0.2


def _in_pool(parent: int) -> None:
    """Start a worker of the pool: it leaves when the process that waits for its runs is gone."""
    import threading
    threading.Thread(target=_leave_when_orphaned, args=(parent,), daemon=True).start()


def _leave_when_orphaned(parent: int) -> None:
    """Decision: when the process that waits for the runs is gone (Ctrl-C, which interrupts the run under way
    in every worker too; or it was killed), a worker leaves at once, running or waiting for a seed, instead of
    running the rest of the seeds for nobody (a program that never ends: for ever) or waiting for ever."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


class KeptOutput(io.StringIO):
    """What a run prints, kept up to `most` characters: the rest is counted (`dropped`), not kept, so that a run
    printing for ever grows no process (its output waits in memory to be printed in seed order)."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most
        self.dropped = 0

    def write(self, text: str) -> int:
        room = max(self.most - self.tell(), 0)
        if len(text) > room:
            self.dropped += len(text) - room
            super().write(text[:room])
            return len(text)
        return super().write(text)


def run_once(job: Job, seed: int) -> RunResult:
    """Run the program once, headless at full speed, with ALE seeded by `seed` (in a worker process). What it
    prints is kept up to what a data file holds (the profile's max_data_file_bytes): past it, the run fails."""
    micro = Micro(load_profile(job.machine), seed=seed, disk=Disk(Path(job.disk)))
    micro.load(parse(job.source, limits_of(micro.profile)))
    out, err = KeptOutput(micro.profile.max_data_file_bytes), io.StringIO()
    status = run_headless(micro, speed=None, stdin=io.StringIO(job.typed), stdout=out, stderr=err, bell=False)
    error = micro.runtime.error
    if out.dropped:
        status = 1
        err.write(f"SORTIE COUPEE APRES {spaced(out.most)} CARACTERES ({spaced(out.dropped)} DE PLUS)\n")
    return RunResult(seed, status, out.getvalue(), err.getvalue(), micro.cycles,
                     interrupted=error is not None and error.code is Err.INTERRUPTED)


class _Interrupted(Exception):
    """Ctrl-C interrupted a run of the batch run in this process: the batch ends."""


def _one_after_another(job: Job, seeds: Iterable[int]) -> Iterable[RunResult]:
    """The runs in this process, one after the other. Ctrl-C interrupts the run under way (INTERROMPU, shown
    under its seed) and ends the batch, as it ends the processes of a pool: not the next seed."""
    for seed in seeds:
        result = run_once(job, seed)
        yield result
        if result.interrupted:
            raise _Interrupted


# Decision: each process has a run ahead of the one it runs, so that none waits between runs; no more is
# handed out (Executor.map and Client.map hand out every run at once: a future and the job's text for each
# of N runs, before the first is printed).
AHEAD_PER_PROCESS = 2


def submitted_in_order(submit: Callable[[int], object], seeds: range, ahead: int) -> Iterator[tuple[int, object]]:
    """(seed, future) of each run, in seed order, each run submitted (submit(seed) gives its future) only
    when fewer than `ahead` submitted runs wait to be taken: memory grows with the processes, not with N."""
    waiting: deque[tuple[int, object]] = deque()
    for seed in seeds:
        waiting.append((seed, submit(seed)))
        if len(waiting) >= ahead:
            yield waiting.popleft()
    while waiting:
        yield waiting.popleft()


def reducer_input(results: list[RunResult]) -> str:
    """What the reducer's LIRE reads: the number of runs, then each run's output in seed order,
    each ended by a new line. A carriage return ends a line too: a line rewritten in place (a
    progress count printed with format C) is as many lines as the screen showed, not one line
    longer than any string of the Micro."""
    outputs = [r.output.replace("\r\n", "\n").replace("\r", "\n") for r in results]
    return f"{len(results)}\n" + "".join(o if o.endswith("\n") else o + "\n" for o in outputs)


def run_batch(job: Job, *, seed: int, runs: int, jobs: int, stdout: TextIO, stderr: TextIO,
              reducer: str | None = None, cluster: str | None = None) -> int:
    """Run `runs` seeds over `jobs` processes (or the Dask scheduler at `cluster`); print each run's
    output in seed order under its seed, then the reducer's output (if any), then the summary."""
    seeds = range(seed, seed + runs)
    jobs = max(1, min(jobs, runs))
    kept = reducer is not None  # only the reducer needs every run's output once it is printed
    if cluster is not None:
        from machine.cluster import cluster_results
        with cluster_results(cluster, run_once, job, seeds) as results:
            done = _report(results, stdout, stderr, kept)
        where = f"GRAPPE {cluster}"
    elif jobs == 1:
        try:
            done = _report(_one_after_another(job, seeds), stdout, stderr, kept)
        except _Interrupted:
            return INTERRUPTED_STATUS
        where = "1 PROCESSUS"
    else:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs, initializer=_in_pool, initargs=(os.getpid(),)) as pool:
            # The results in the order of the seeds, whichever process finishes first.
            runs_in_order = submitted_in_order(lambda s: pool.submit(run_once, job, s), seeds,
                                               AHEAD_PER_PROCESS * jobs)
            done = _report((future.result() for _, future in runs_in_order), stdout, stderr, kept)
        where = f"{jobs} PROCESSUS"
    failures, cycles, kept_runs = done
    status = 1 if failures else 0
    if reducer is not None:
        status = _reduce(job, reducer, kept_runs, seed, stdout, stderr) or status
    clock_hz = load_profile(job.machine).clock_hz
    stderr.write(f"{runs} EXECUTION{'S' if runs > 1 else ''} (GERMES {seed} A {seed + runs - 1}, "
                 f"{where}), {failures} ECHEC{'S' if failures > 1 else ''}, "
                 f"{spaced(cycles)} CYCLES EMULES ({emulated_time(cycles / clock_hz)})\n")
    return status


def _reduce(job: Job, reducer: str, done: list[RunResult], seed: int, stdout: TextIO, stderr: TextIO) -> int:
    """Run the reducer over every run's output (only if every run ended well); its exit status."""
    failures = sum(r.status != 0 for r in done)
    if failures:
        stderr.write(f"REDUCTION ABANDONNEE: {failures} ECHEC{'S' if failures > 1 else ''}\n")
        return 1
    result = run_once(Job(reducer, job.machine, job.disk, reducer_input(done)), seed)
    stdout.write(f"REDUCTION DES {len(done)} EXECUTIONS\n")
    output = for_terminal(result.output, stdout)
    stdout.write(output if output.endswith("\n") else output + "\n")
    stdout.flush()
    if result.error:
        stderr.write(f"REDUCTION: {for_terminal(result.error, stderr)}")
    return result.status


def _report(results: Iterable[RunResult], stdout: TextIO, stderr: TextIO,
            kept: bool) -> tuple[int, int, list[RunResult]]:
    """Print each run as it comes (in order) under its seed; return the failures, the cycles of all, and the
    runs if `kept` (for the reducer; else none is held once printed)."""
    done = []
    failures = cycles = 0
    for result in results:
        failures += result.status != 0
        cycles += result.cycles
        stdout.write(f"GERME {result.seed}\n")
        stdout.write(for_terminal(result.output, stdout))
        if result.output and not result.output.endswith("\n"):
            stdout.write("\n")
        stdout.flush()
        if result.error:
            stderr.write(f"GERME {result.seed}: {for_terminal(result.error, stderr)}")
        if kept:
            done.append(result)
    return failures, cycles, done
