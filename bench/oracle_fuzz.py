"""Differential fuzz: N random programs through the reference interpreter and every mode of the Micro.

    python bench/oracle_fuzz.py [--count 100000] [--seed 0] [--jobs 2] [--size 6]
                                [--modes plain,profile,debug] [--save DIR] [--corpus] [--shapes]
                                [--timeout 300] [--long-loops] [--tall] [--machine console80] [--basic]

Prints how many agree, the disagreements by kind (output / error / cycles / pauses, per mode), the Python
exceptions (of the reference, or of a Micro mode), and saves the smallest failing programs of
each kind (source .lse, the smallest program found that still fails .min.lse, typed lines .in,
and what differed .txt) in DIR. Program k is made from
random.Random(seed + k) (seed of the Micro's ALE: k % 7; profile: console80 for every fifth),
so any one can be run again alone. --shapes makes programs whose bodies are graphs of jumps and loops
of every shape (randprog.Generator.graph), not nested statements. --corpus also runs every recorded
run of tests/test_cycle_totals.py (slow: minutes). A program whose comparison takes more than --timeout
seconds is counted as a "timeout" and saved, unreduced. --long-loops makes every counted loop a Python `for`
however few its passes (pyloops.SHORT_PASSES 0), assigns a slice's passes at once from 2 (pyslices.BULK_LEAST), as
the tests of those loops do, and runs a loop whose passes read its float as a `for` from 2 passes (pyloops.FOR_START 0):
random loops are short, and would otherwise seldom reach them. --tall makes some values chains of 41 to 80 terms
(randprog.Generator.chain), which the compiler computes in steps (pyexpr.stepwise). --machine runs every
program on that profile (micro40 or console80) instead of one in five on console80. --basic makes the main
program go the BASIC ways: subroutines called by a variable's line (`R1←<line>;ALLER EN <line>` ... `ALLER EN R1`),
whose blocks the compiler copies per call where it can (subroutines.py), and choices by a computed line
(`ALLER EN 120+10*ETL(X,7)`), whose lines it guesses (speculation.py): transformations that no program of the
corpus but one probe needs.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.oracle.differential import MODES, compare, report  # noqa: E402
from tests.oracle.randprog import random_program  # noqa: E402
from tests.oracle.reduce import reduce_disagreement  # noqa: E402

KEEP = 3  # smallest failing programs kept per kind


def case(k: int, seed: int, size: int, shapes: bool = False, tall: bool = False,
         machine: str | None = None, basic: bool = False) -> tuple[str, list[str], int, str]:
    """Program number k: its source, typed lines, ALE seed and profile (`machine`, else one in five console80)."""
    source, typed = random_program(random.Random(seed + k), size, shapes, tall, basic)
    return source, typed, k % 7, machine or ("console80" if k % 5 == 4 else "micro40")


class TimeUp(BaseException):
    """A program's comparison took longer than --timeout seconds (a BaseException: no handler takes it)."""


def time_up(signum: int, frame: object) -> None:
    raise TimeUp


def check(job: tuple) -> tuple[int, list[str], str]:
    """Run one program; return its number, the kinds it failed in, and a readable account."""
    k, seed, size, modes, shapes, tall, machine, basic, timeout = job
    source, typed, ale, profile = case(k, seed, size, shapes, tall, machine, basic)
    signal.signal(signal.SIGALRM, time_up)
    signal.alarm(timeout)  # (a worker is stuck no more: the fuzz goes on, and says which program)
    try:
        result = compare(source, typed, ale, profile, modes)
    except TimeUp:
        return k, ["timeout"], f"compared in more than {timeout} s"
    except Exception:  # the reference itself failed: a bug of the oracle
        return k, ["reference exception"], traceback.format_exc(limit=3)
    finally:
        signal.alarm(0)
    kinds = sorted({f"{mode} {kind}" for mode, found in result.items() for kind, _ in found})
    return k, kinds, report(result)


def long_loops() -> None:
    """Every counted loop a `for`, and two passes enough for a slice assignment or for the `for` of a loop whose
    passes read its float (see --long-loops)."""
    from machine.lse import pyloops, pyslices

    pyloops.SHORT_PASSES, pyslices.BULK_LEAST, pyloops.FOR_START = 0, 2, 0


def chunks(count: int, seed: int, size: int, modes: tuple, shapes: bool, tall: bool, machine: str | None,
           basic: bool, timeout: int) -> list[tuple]:
    return [(k, seed, size, modes, shapes, tall, machine, basic, timeout) for k in range(count)]


def save(folder: Path, kind: str, k: int, made: tuple[int, int, bool, bool, str | None, bool], account: str) -> None:
    """Save a failing program, and (name.min.lse) the smallest program found that still fails."""
    source, typed, ale, profile = case(k, *made)
    stem = folder / f"{kind.replace(' ', '_')}_{k}"
    stem.with_suffix(".lse").write_text(source, encoding="utf-8")
    if kind not in ("reference exception", "timeout"):
        smallest = reduce_disagreement(source, typed, ale, profile)
        stem.with_suffix(".min.lse").write_text(smallest, encoding="utf-8")
        account += "\nreduced:\n" + report(compare(smallest, typed, ale, profile))
    stem.with_suffix(".in").write_text("\n".join(typed) + "\n", encoding="utf-8")
    stem.with_suffix(".txt").write_text(f"seed {ale} profile {profile}\n{account}\n", encoding="utf-8")


def corpus() -> Counter:
    """Every recorded run of the cycle-totals test, through every mode."""
    from tests.test_cycle_totals import ROOT as TESTS_ROOT
    from tests.test_cycle_totals import RUNS
    counts: Counter = Counter()
    for name, (where, typed, ale) in RUNS.items():
        text = where if name.startswith("inline ") else (TESTS_ROOT / where).read_text(encoding="utf-8")
        if typed is None:
            typed_file = (TESTS_ROOT / where).with_suffix(".in")
            typed = typed_file.read_text(encoding="utf-8").splitlines() if typed_file.exists() else []
        account = report(compare(text, typed, ale))
        counts["corpus agree" if not account else "corpus disagree"] += 1
        if account:
            print(f"{name}: {account}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--save", type=Path, default=Path("oracle-failures"))
    parser.add_argument("--corpus", action="store_true")
    parser.add_argument("--shapes", action="store_true")
    parser.add_argument("--timeout", type=int, default=300, help="seconds a program may take (all its modes)")
    parser.add_argument("--long-loops", action="store_true", help="every counted loop a Python for")
    parser.add_argument("--tall", action="store_true", help="some values chains of 41 to 80 terms")
    parser.add_argument("--machine", choices=("micro40", "console80"), help="every program on this profile")
    parser.add_argument("--basic", action="store_true", help="subroutines and computed choices, the BASIC ways")
    args = parser.parse_args(argv)
    modes = tuple(args.modes.split(","))
    args.save.mkdir(parents=True, exist_ok=True)
    started = time.time()
    counts: Counter = Counter()
    smallest: dict[str, list[tuple[int, int, str]]] = {}
    made = (args.seed, args.size, args.shapes, args.tall, args.machine, args.basic)
    jobs = chunks(args.count, *made[:2], modes, *made[2:], args.timeout)
    if args.long_loops:
        long_loops()  # (here too: the smallest failing programs are found in this process)
    with ProcessPoolExecutor(max_workers=args.jobs, initializer=long_loops if args.long_loops else None) as pool:
        for done, (k, kinds, account) in enumerate(pool.map(check, jobs, chunksize=20), 1):
            counts["programs"] += 1
            counts["agree" if not kinds else "disagree"] += 1
            for kind in kinds:
                counts[kind] += 1
                length = len(case(k, *made)[0])
                kept = smallest.setdefault(kind, [])
                kept.append((length, k, account))
                kept.sort()
                del kept[KEEP:]
            if done % 1000 == 0:
                print(f"{done} programs, {counts['disagree']} disagree, {time.time() - started:.0f} s", flush=True)
    if args.corpus:
        counts.update(corpus())
    for kind, kept in smallest.items():
        for _, k, account in kept:
            save(args.save, kind, k, made, account)
    told = f"seed {args.seed}, size {args.size}" + (", shapes" if args.shapes else "") + (
        ", long loops" if args.long_loops else "") + (", tall" if args.tall else "") + (
        f", all on {args.machine}" if args.machine else "") + (", basic" if args.basic else "")
    print(f"{counts['programs']} programs in {time.time() - started:.0f} s ({told})")
    for kind, count in sorted(counts.items()):
        print(f"  {kind}: {count}")
    if smallest:
        print(f"smallest failing programs saved in {args.save}/")
    return 0 if counts["disagree"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
