"""`python -m tests.fuzz [-n 100000] [--jobs K]`: run many fuzz cases and print the counts; imports the engine.

Prints the cases run, the tracebacks, the internal errors, the cases that took a process past
500 MB and the cases that killed their process, then each distinct finding with its count, shapes
and a seed to replay it with `python -m tests.fuzz --replay SEED`. Exit status 1 if anything was found.

Decision: each chunk of seeds runs in a process of its own (a subprocess, not a pool), under an
address-space limit, and says which seed it is on before each case: a case that kills its process
(a C stack overflow, the memory limit) is then named exactly, and the chunk goes on after it.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.fuzz.engine import Runner, Settings

MEMORY_LIMIT_MB = 500
ADDRESS_LIMIT = 3 << 30  # a case past this fails with MemoryError in its own process, not the machine's
CHUNK = 500


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux counts ru_maxrss in KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_chunk(first: int, count: int, settings: Settings, progress: Path) -> None:
    """Child: run seeds first..first+count-1; print one JSON line per finding, then the peak."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_LIMIT, ADDRESS_LIMIT))
    heavy = None
    with tempfile.TemporaryDirectory(prefix="lse-fuzz-") as scratch:
        runner = Runner(Path(scratch) / "disque", settings)
        for seed in range(first, first + count):
            progress.write_text(str(seed))
            outcome = runner.case(seed)
            if outcome.finding is not None:
                print(json.dumps({"seed": seed, "finding": outcome.finding, "shape": outcome.shape}), flush=True)
            if heavy is None and peak_mb() > MEMORY_LIMIT_MB:
                heavy = seed
    print(json.dumps({"done": count, "peak": peak_mb(), "heavy": heavy}), flush=True)


class Chunk:
    """A running child over a range of seeds."""

    def __init__(self, first: int, count: int, terms: int, scratch: Path) -> None:
        self.first, self.count = first, count
        self.progress = scratch / f"{first}.seed"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.fuzz", "--chunk", str(first), str(count), "--terms", str(terms),
             "--progress", str(self.progress)], stdout=subprocess.PIPE, text=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--cases", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--terms", type=int, default=10_000, help="longest operator chain written")
    parser.add_argument("--replay", type=int, help="run one seed and print its text and traceback")
    parser.add_argument("--chunk", type=int, nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--progress", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    settings = Settings(max_terms=args.terms)
    if args.chunk:
        run_chunk(*args.chunk, settings, args.progress)
        return 0
    if args.replay is not None:
        with tempfile.TemporaryDirectory() as scratch:
            outcome = Runner(Path(scratch) / "disque", settings).case(args.replay)
        print(f"{outcome.kind} {outcome.shape}\n{outcome.text}\n{outcome.finding or 'RIEN'}\n{outcome.trace}")
        return 0 if outcome.finding is None else 1
    return run_all(args)


def run_all(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    findings: dict[str, list[dict]] = {}
    heavy, killed = [], []
    done, peak = 0, 0.0
    todo = [(first, min(CHUNK, args.start + args.cases - first))
            for first in range(args.start, args.start + args.cases, CHUNK)]
    running: list[Chunk] = []
    with tempfile.TemporaryDirectory(prefix="lse-fuzz-progress-") as scratch:
        while todo or running:
            while todo and len(running) < args.jobs:
                running.append(Chunk(*todo.pop(0), args.terms, Path(scratch)))
            chunk = running.pop(0)
            out, _ = chunk.process.communicate()
            finished = False
            for line in out.splitlines():
                record = json.loads(line)
                if "finding" in record:
                    findings.setdefault(record["finding"], []).append(record)
                else:
                    finished = True
                    done += record["done"]
                    peak = max(peak, record["peak"])
                    if record["heavy"] is not None:
                        heavy.append(record["heavy"])
            if not finished:  # the child died on a case: name it, go on after it
                seed = int(chunk.progress.read_text())
                killed.append((seed, chunk.process.returncode))
                done += seed - chunk.first + 1
                rest = chunk.first + chunk.count - seed - 1
                if rest > 0:
                    todo.insert(0, (seed + 1, rest))
    internal = sum(len(v) for k, v in findings.items() if k.startswith("InternalError"))
    tracebacks = sum(len(v) for k, v in findings.items() if not k.startswith("InternalError"))
    print(f"{done} CAS EN {time.perf_counter() - started:.0f} S ({args.jobs} PROCESSUS), GERMES {args.start} A "
          f"{args.start + args.cases - 1}")
    print(f"TRACEBACKS: {tracebacks}")
    print(f"ERREURS INTERNES: {internal}")
    print(f"CAS AU-DELA DE {MEMORY_LIMIT_MB} MO: {len(heavy)} (PIC D'UN PROCESSUS: {peak:.0f} MO)"
          + (f" GERMES {heavy[:10]}" if heavy else ""))
    print(f"PROCESSUS TUES: {len(killed)}" + (f" (GERME, STATUT) {killed[:10]}" if killed else ""))
    for finding, records in sorted(findings.items(), key=lambda item: -len(item[1])):
        shapes = sorted({record["shape"] for record in records})
        print(f"{len(records):6d}  {finding}\n        formes: {', '.join(shapes[:8])}"
              f"\n        germe: {records[0]['seed']}")
    return 1 if findings or heavy or killed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
