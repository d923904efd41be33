"""`python -m tests.fuzz [-n 100000] [--jobs K]`: run many fuzz cases and print the counts; imports the engine.

Prints the cases run by kind, the tracebacks, the internal errors and the cases whose process
passed 500 MB, then each distinct finding with its count, shapes and a seed to replay it with
`python -m tests.fuzz --replay SEED`. Exit status 1 if anything was found.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tests.fuzz.engine import Outcome, Runner, Settings, Tally

MEMORY_LIMIT_MB = 500
CHUNK = 500


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux counts ru_maxrss in KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_chunk(first: int, count: int, settings: Settings) -> tuple[list[Outcome], list[int], float]:
    """Run seeds first..first+count-1 in this process: the outcomes with findings, the seeds past the memory limit."""
    found, heavy = [], []
    with tempfile.TemporaryDirectory(prefix="lse-fuzz-") as scratch:
        runner = Runner(Path(scratch) / "disque", settings)
        for seed in range(first, first + count):
            outcome = runner.case(seed)
            outcome.text = outcome.text[:4000]
            if outcome.finding is not None:
                found.append(outcome)
            if peak_mb() > MEMORY_LIMIT_MB and not heavy:
                heavy.append(seed)  # the first case that took the process past the limit
    return found, heavy, peak_mb()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("-n", "--cases", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--terms", type=int, default=10_000, help="longest operator chain written")
    parser.add_argument("--replay", type=int, help="run one seed and print its text and traceback")
    args = parser.parse_args(argv)
    settings = Settings(max_terms=args.terms)
    if args.replay is not None:
        with tempfile.TemporaryDirectory() as scratch:
            outcome = Runner(Path(scratch) / "disque", settings).case(args.replay)
        print(f"{outcome.kind} {outcome.shape}\n{outcome.text}\n{outcome.finding or 'RIEN'}\n{outcome.trace}")
        return 0 if outcome.finding is None else 1
    started = time.perf_counter()
    tally = Tally()
    heavy: list[int] = []
    peak = 0.0
    chunks = [(first, min(CHUNK, args.start + args.cases - first))
              for first in range(args.start, args.start + args.cases, CHUNK)]
    with ProcessPoolExecutor(max_workers=args.jobs, max_tasks_per_child=4) as pool:
        futures = [pool.submit(run_chunk, first, count, settings) for first, count in chunks]
        for (_, count), future in zip(chunks, futures):
            found, over, chunk_peak = future.result()
            tally.cases += count
            for outcome in found:
                tally.cases -= 1
                tally.add(outcome)
            heavy += over
            peak = max(peak, chunk_peak)
    seconds = time.perf_counter() - started
    print(f"{tally.cases} CAS EN {seconds:.0f} S ({args.jobs} PROCESSUS), GERMES {args.start} A "
          f"{args.start + args.cases - 1}")
    print(f"TRACEBACKS: {tally.tracebacks}")
    print(f"ERREURS INTERNES: {tally.internal_errors}")
    print(f"CAS AU-DELA DE {MEMORY_LIMIT_MB} MO: {len(heavy)} (PIC D'UN PROCESSUS: {peak:.0f} MO)"
          + (f" GERMES {heavy[:10]}" if heavy else ""))
    for finding, outcomes in sorted(tally.findings.items(), key=lambda item: -len(item[1])):
        shapes = sorted({outcome.shape for outcome in outcomes})
        print(f"{len(outcomes):6d}  {finding}\n        formes: {', '.join(shapes[:8])}"
              f"\n        germe: {outcomes[0].seed}")
    return 1 if tally.findings or heavy else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
