"""Speed benchmark: each bench/lse program against its CPython twin in bench/python, run as whole processes."""

from __future__ import annotations

import argparse
import io
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine.frontends.terminal import run_headless  # noqa: E402
from machine.lse.parser import parse  # noqa: E402
from machine.micro import Micro  # noqa: E402

CASES = {  # case: (program stem in bench/lse and bench/python, stdin)
    "startup": ("empty", ""),
    "queens9": ("queens", "9\n"),
    "queens10": ("queens", "10\n"),
    "add_loop": ("add_loop", ""),
    "div_loop": ("div_loop", ""),
    "strings": ("strings", ""),
}
CLOCK_HZ = 1_000_000


def run_once(command: list[str], stdin: str) -> tuple[float, str]:
    """Run one whole process; return its wall time and its output (fail loudly on error)."""
    started = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed, done.stdout


def timed(commands: list[list[str]], stdin: str, runs: int) -> list[tuple[float, str]]:
    """For each command: the median wall time of `runs` runs and its output.

    One untimed warm-up run each, then the commands take turns so that a busy machine slows them alike.
    """
    outputs = [run_once(command, stdin)[1] for command in commands]
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for command, samples in zip(commands, times):
            samples.append(run_once(command, stdin)[0])
    return [(statistics.median(samples), output) for samples, output in zip(times, outputs)]


def same_result(lse: str, python: str) -> bool:
    """Same words, and numbers equal to the 8 digits that LSE prints."""
    left, right = lse.split(), python.split()
    if len(left) != len(right):
        return False
    for a, b in zip(left, right):
        try:
            if not math.isclose(float(a), float(b), rel_tol=1e-7):
                return False
        except ValueError:
            if a != b:
                return False
    return True


def emulated_cycles(stem: str, stdin: str) -> int:
    """Run the LSE program in this process, without the profiler, and return the cycles it spent."""
    micro = Micro()
    micro.load(parse((ROOT / "bench" / "lse" / f"{stem}.lse").read_text(encoding="utf-8")))
    run_headless(micro, speed=None, stdin=io.StringIO(stdin), stdout=io.StringIO(), stderr=io.StringIO())
    return micro.cycles


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("cases", nargs="*", default=list(CASES), help=f"cases to run (default all: {', '.join(CASES)})")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per side (median is reported)")
    parser.add_argument("--target", type=float, default=10.0, help="largest acceptable ratio LSE/CPython")
    args = parser.parse_args()
    unknown = set(args.cases) - set(CASES)
    if unknown:
        parser.error(f"unknown cases: {', '.join(sorted(unknown))}")
    print("| case | LSE (s) | CPython (s) | ratio LSE/CPython | net ratio | emulated cycles | emulated s @ 1 MHz "
          "| same output |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    base = None  # start-up times of both sides, subtracted for the net ratio
    missed = []
    for case in ["startup"] + [c for c in args.cases if c != "startup"]:
        stem, stdin = CASES[case]
        commands = [[sys.executable, "main.py", f"bench/lse/{stem}.lse", "--headless"],
                    [sys.executable, f"bench/python/{stem}.py"]]
        (lse, lse_out), (py, py_out) = timed(commands, stdin, args.runs)
        cycles = emulated_cycles(stem, stdin)
        ratio = lse / py
        net = "" if base is None or py - base[1] < 0.02 else f"{(lse - base[0]) / (py - base[1]):.1f}"
        base = base or (lse, py)
        same = same_result(lse_out, py_out)
        if ratio > args.target or not same:
            missed.append(case)
        print(f"| {case} | {lse:.3f} | {py:.3f} | {ratio:.1f} | {net} | {cycles:,} | {cycles / CLOCK_HZ:.1f} "
              f"| {'yes' if same else 'NO: ' + repr(lse_out) + ' vs ' + repr(py_out)} |")
    print("\nnet ratio = (LSE - LSE startup) / (CPython - CPython startup), shown when CPython's net is >= 20 ms.")
    verdict = f"Missed: {', '.join(missed)}." if missed else "Every case meets it."
    print(f"Target: ratio <= {args.target:g}. {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
