"""Speed benchmark: each bench/lse program against its CPython twin in bench/python, run as whole processes.

Prints, per workload, the median wall times of both sides, their ratio, the Micro's emulated
cycles, the peak memory of the Micro's process, the time with the single-precision profile
(console80), and whether both printed the same result; then the worst ratio.

Before timing, the Micro's modules are byte-compiled (as `pip install` does) and the
profiles' parsed tables cached, so that a machine where PYTHONDONTWRITEBYTECODE is set does not
recompile or re-parse them at every start.
"""

from __future__ import annotations

import argparse
import compileall
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
from machine.profile import cache_profiles  # noqa: E402

SEED = 1985
CASES = {  # case: (program stem in bench/lse and bench/python, stdin)
    "startup": ("empty", ""),
    "queens9": ("queens", "9\n"),
    "queens10": ("queens", "10\n"),
    "fib24": ("fib", ""),
    "calls": ("calls", ""),
    "matrix40": ("matrix", ""),
    "bubble2000": ("bubble", ""),
    "strings": ("strings", ""),
    "report": ("report", ""),
    "add_loop": ("add_loop", ""),
    "div_loop": ("div_loop", ""),
    "montecarlo": ("montecarlo", ""),
}
CLOCK_HZ = 1_000_000
GNU_TIME = "/usr/bin/time"


def run_once(command: list[str], stdin: str) -> tuple[float, str]:
    """Run one whole process; return its wall time and its output (fail loudly on error)."""
    started = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed, done.stdout


def peak_mib(command: list[str], stdin: str) -> str:
    """The peak resident memory of one run, measured by GNU time (a small process of its own).

    A child forked from this benchmark would count this process's memory as its own.
    """
    if not Path(GNU_TIME).exists():
        return "n/a"
    done = subprocess.run([GNU_TIME, "-f", "%M", *command], input=stdin, capture_output=True, text=True, cwd=ROOT)
    return f"{int(done.stderr.strip().splitlines()[-1]) / 1024:.1f}"


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
    micro = Micro(seed=SEED)
    micro.load(parse((ROOT / "bench" / "lse" / f"{stem}.lse").read_text(encoding="utf-8")))
    run_headless(micro, speed=None, stdin=io.StringIO(stdin), stdout=io.StringIO(), stderr=io.StringIO())
    return micro.cycles


def lse_command(stem: str, machine: str = "micro40") -> list[str]:
    return [sys.executable, "main.py", f"bench/lse/{stem}.lse", "--headless", "--seed", str(SEED),
            "--machine", machine]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", default=list(CASES), help=f"cases to run (default all: {', '.join(CASES)})")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per side (median is reported)")
    parser.add_argument("--target", type=float, default=3.0, help="largest acceptable ratio LSE/CPython")
    args = parser.parse_args()
    unknown = set(args.cases) - set(CASES)
    if unknown:
        parser.error(f"unknown cases: {', '.join(sorted(unknown))}")
    compileall.compile_dir(ROOT / "machine", quiet=1)
    cache_profiles()  # likewise the parsed profiles (machine/profile.py)
    print("| case | LSE (s) | CPython (s) | ratio | emulated cycles | emulated s @ 1 MHz | peak MiB "
          "| LSE single (s) | single/double | same output |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    missed, worst = [], ("", 0.0)
    for case in args.cases:
        stem, stdin = CASES[case]
        commands = [lse_command(stem), [sys.executable, f"bench/python/{stem}.py"], lse_command(stem, "console80")]
        (lse, lse_out), (py, py_out), (single, _) = timed(commands, stdin, args.runs)
        cycles = emulated_cycles(stem, stdin)
        ratio = lse / py
        same = same_result(lse_out, py_out)
        if ratio > args.target or not same:
            missed.append(case)
        worst = max(worst, (case, ratio), key=lambda pair: pair[1])
        peak = peak_mib(commands[0], stdin)
        print(f"| {case} | {lse:.3f} | {py:.3f} | {ratio:.2f} | {cycles:,} | {cycles / CLOCK_HZ:.1f} | {peak} "
              f"| {single:.3f} | {single / lse:.2f} "
              f"| {'yes' if same else 'NO: ' + repr(lse_out[-80:]) + ' vs ' + repr(py_out[-80:])} |")
    verdict = f"Missed: {', '.join(missed)}." if missed else "Every case meets it."
    print(f"\nWorst ratio: {worst[1]:.2f} ({worst[0]}). Target: ratio <= {args.target:g}. {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
