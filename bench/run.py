"""Speed benchmark: each bench/lse program against its CPython twin in bench/python, both profiles.

For every workload it prints (medians of --runs timed runs):
- whole process: `main.py --headless` on micro40 and on console80 against `python twin.py`
  (their CPU time, or with --wall their wall time);
- compute only: the Micro's run in this process after parse and compile (bench/inprocess.py),
  against the twin's main() timed inside this process, so neither side's start-up counts (CPU
  time of this process, which a shared machine disturbs less than the wall clock);
- the Micro's compile time (parse + compile of every unit), its emulated cycles, the peak memory
  of its process, and whether the Micro printed what the twin printed.
Then the compile time of programs/renard.lse, the start-up of an empty program against
`python -c pass`, and a summary against the targets of issue 15.

Before timing, the Micro's modules are byte-compiled (as `pip install` does) and the profiles'
parsed tables cached, so that a machine where PYTHONDONTWRITEBYTECODE is set does not recompile
or re-parse them at every start.
"""

from __future__ import annotations

import argparse
import compileall
import math
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.inprocess import MicroRun, compile_seconds, load_twin, run_micro, run_twin, warm_up  # noqa: E402
from machine.profile import cache_profiles  # noqa: E402

SEED = 1985
PROFILES = ("micro40", "console80")


@dataclass(frozen=True)
class Case:
    """A workload: its program stem (bench/lse/STEM.lse and bench/python/STEM.py), its input, and a small one."""

    stem: str
    stdin: str = ""
    small: str | None = None  # the input of a quick run (tests/test_bench_workloads.py), if it reads its size


def numbers_typed(count: int) -> str:
    """`count`, then `count` whole numbers from -100 to 200, ten a line (a congruence: the same each run)."""
    numbers, seed = [], 1
    for _ in range(count):
        seed = (seed * 137 + 187) % 10007
        numbers.append(str(seed % 301 - 100))
    rows = [" ".join(numbers[at:at + 10]) for at in range(0, count, 10)]
    return "\n".join([str(count), *rows]) + "\n"


CASES = {
    "startup": Case("empty"),
    "queens9": Case("queens", "9\n", "6\n"),
    "queens10": Case("queens", "10\n"),
    "fib24": Case("fib"),
    "calls": Case("calls"),
    "matrix40": Case("matrix"),
    "bubble2000": Case("bubble"),
    "strings": Case("strings"),
    "report": Case("report"),
    "add_loop": Case("add_loop"),
    "div_loop": Case("div_loop"),
    "montecarlo": Case("montecarlo"),
    # programs of the kinds issue 15 measured, not written for this compiler
    "queens_abs10": Case("queens_abs", "10\n", "6\n"),
    "strbuild": Case("strbuild", "60 1500\n", "4 200\n"),
    "numeric": Case("numeric", "200000\n", "2000\n"),
    "sieve": Case("sieve", "16000 100\n", "500 3\n"),
    "hanoi19": Case("hanoi", "19\n", "6\n"),
    "paths5x5": Case("paths", "5 5\n", "3 3\n"),
    "automaton": Case("automaton", "600000\n", "5000\n"),
    "quicksort": Case("quicksort", "1500 25\n", "200 2\n"),
    "report80k": Case("report80k", "80000\n", "300\n"),
    "life": Case("life", "60 150\n", "12 20\n"),
    "mines": Case("mines", "30 30 100\n", "8 6 3\n"),
    # kinds this round found slow, written then (not tuned before): codes of characters, a recursive
    # function on a string by value, a text scanned a character at a time, parameters by reference (no
    # LOCAL), a computed ALLER EN beside a function with a local array
    "cipher": Case("cipher", "4000\n", "30\n"),
    "reverse": Case("reverse", "3000\n", "40\n"),
    "words": Case("words", "3000\n", "5\n"),
    "gcdref": Case("gcdref", "150\n", "12\n"),
    "digits": Case("digits", "20000\n", "300\n"),
    # kinds a later round wrote to look for what was still slow: a recursive function of two parameters
    # beside another with a parameter of the same name, a text scanned by SKP, GRL and CNB, the
    # characters of a string sorted by SCH and !
    "binom": Case("binom", "19\n", "8\n"),
    "scan": Case("scan", "20000\n", "30\n"),
    "chsort": Case("chsort", "1200\n", "60\n"),
    # kinds a helper session wrote in the round after, measured before anything was changed for them (the
    # first three were the slowest): a cellular automaton on a CHAINE by SCH, POS and !, a string rewritten
    # at stops (SCH with a stop set and a position), a heap sort whose sift is given the array by reference,
    # a flood fill with a stack in a TABLEAU, dates by ENT and a remainder function, a factorial in digits,
    # mutual recursion, an insertion sort placed by binary search; and a recursive permutation by exchanges
    "rule30": Case("rule30", "300 500\n", "20 10\n"),
    "dragon": Case("dragon", "9 60\n", "4 3\n"),
    "heap": Case("heap", "500 40\n", "40 2\n"),
    "flood": Case("flood", "40 30 80\n", "8 6 3\n"),
    "calendar": Case("calendar", "1583 11582\n", "1900 1960\n"),
    "fact": Case("fact", "200 15\n", "30 2\n"),
    "mutual": Case("mutual", "40\n", "12\n"),
    "binins": Case("binins", "300 40\n", "30 2\n"),
    "perm": Case("perm", "8\n", "4\n"),
    # kinds written in a later round, measured before anything was changed for them: a knight's tour by a
    # recursive procedure with a FAIRE over its moves and a global matrix, a text justified by POS, SCH and !
    "knight4x5": Case("knight", "4 5\n", "3 4\n"),
    "justify": Case("justify", "30 3000\n", "30 20\n"),
    # kinds a helper session wrote in a later round, measured before anything was changed for them (the
    # three slowest of nine): a stack machine switched by a computed ALLER EN, a procedure's own TABLEAU
    # given by reference to another, a line of numbers read back by CNB
    "stackvm": Case("stackvm", "30000\n", "300\n"),
    "histo": Case("histo", "20000\n", "200\n"),
    "cnbline": Case("cnbline", "300 150\n", "30 5\n"),
    # the slowest of ten more a helper wrote in a later round, before anything was changed for it: numbers
    # read one LIRE at a time (the count first, then ten a line)
    "readstat": Case("readstat", numbers_typed(50_000), numbers_typed(30)),
    # a probe a helper wrote in a later round (13x its twin then): Floyd-Warshall on a TABLEAU, whose pass leaves
    # early by an ALLER EN to the loops' last line from before the inner loop (see machine/lse/splitting.py)
    "floydw110": Case("floydw", "110\n", "12\n"),
    # kinds written in session 14 as probes of what nobody had tuned for, measured when written (compute,
    # micro40: anagram 5.0, state 5.0, packed 4.3, sboard 4.0, primes 3.6, binary 3.2, transp 3.1, collatz 2.9,
    # gauss 2.6; then two were made faster: primes by a remainder by a variable, anagram by strings given as
    # values, see docs/COMPILER.md): a Collatz walk by FAIRE ... TANT QUE, trial division by a function
    # (a remainder by a variable), a matrix transposed by a procedure given it by reference, an automaton
    # over a text by a computed ALLER EN, names kept end to end in one CHAINE and sorted, the permutations
    # of a word by a recursion on strings given by reference, a determinant by Gauss, numbers written in
    # base 2 by halvings, the queens on a board held in a CHAINE given by reference
    "collatz": Case("collatz", "10000\n", "50\n"),
    "primes": Case("primes", "50000\n", "100\n"),
    "transp": Case("transp", "100 200\n", "5 3\n"),
    "state": Case("state", "4000\n", "5\n"),
    "packed": Case("packed", "500\n", "12\n"),
    "anagram": Case("anagram", "8\n", "4\n"),
    "gauss": Case("gauss", "40 30\n", "4 3\n"),
    "binary": Case("binary", "20000\n", "40\n"),
    "sboard9": Case("sboard", "9\n", "5\n"),
    # kinds written in session 15 as probes of what nobody had tuned for, measured when written (compute,
    # micro40: mandel 2.0, sudoku 2.65, josephus 4.5, roman 5.2, simpson 3.7, matdet 4.6, bst 2.6, expr 2.05,
    # maze 2.1, bignum 1.6, wordfreq 14.5 (its twin counts with a dict where the program searches a string of
    # words with POS), menu 7.3 (most of it its text read a character at a time, which the twin splits); then
    # two were made faster: josephus by loops of computed bounds written both ways, simpson by the lines of a jump on a
    # loop's variable): the Mandelbrot set in characters by real arithmetic and ALLER EN, a line built by !,
    # a sudoku solved by backtracking in ALLER EN over a TABLEAU, a ring in a procedure's own TABLEAU
    # (Josephus) checked by a recurrence, Roman numerals built by ! and read back by POS and SCH, Simpson's
    # rule on a function that picks its formula by a computed ALLER EN, determinants by a recursive function
    # given the matrix by reference (its minors in a local TABLEAU), a binary search tree in TABLEAUs walked
    # by a recursive procedure, expressions built by a recursive function on strings and evaluated by
    # recursive descent over a global CHAINE, a maze carved with a stack and solved breadth first with a
    # queue, numbers in decimal digits multiplied by a procedure given the array and its length by reference,
    # the words of a text counted by searching a CHAINE of words with POS, a stack calculator whose
    # operations a procedure switches by a computed ALLER EN
    "mandel": Case("mandel", "78 40 500\n", "20 10 50\n"),
    "sudoku": Case("sudoku", "3\n", "1\n"),
    "josephus": Case("josephus", "500 3\n", "60 3\n"),
    "roman": Case("roman", "3999\n", "300\n"),
    "simpson": Case("simpson", "1000 25\n", "100 5\n"),
    "matdet": Case("matdet", "7 12\n", "5 4\n"),
    "bst": Case("bst", "2000 3000 10\n", "200 300 2\n"),
    "expr": Case("expr", "4000 5\n", "300 4\n"),
    "maze": Case("maze", "30 24 30\n", "8 6 3\n"),
    "bignum": Case("bignum", "2500 450\n", "300 60\n"),
    "wordfreq": Case("wordfreq", "800 6\n", "40 4\n"),
    "menu": Case("menu", "2000\n", "150\n"),
    # a probe a helper wrote in session 32: powers of a matrix by procedures given the arrays by reference, one
    # handing its own on to the other under the program's names (20x its twin when written, 3.3x after two fixes)
    "matpow": Case("matpow", "6 60\n", "3 5\n"),
    # kinds a helper session wrote in session 36 as probes of what nobody had tuned for, measured before anything
    # was changed for them (compute, micro40, two runs on a noisy machine: rle 5.4 and 7.0, puzzle8 3.4 and 1.9,
    # partit 2.6 and 2.2, nbody 1.9 and 1.5, bank 1.7 and 1.3, pascal 1.45 and 1.4): a bank's queue in a circular
    # TABLEAU driven by a congruence and ALLER EN, four bodies pulled by gravity in real arithmetic with RAC and
    # formatted output, partitions of an integer by a recursive function of three parameters with a memo in two
    # matrices, Pascal's triangle modulo 1000 updated in place, the 8-puzzle searched breadth first (positions
    # ranked as permutations, a queue and a hash table in TABLEAUs, procedures over a global board), and strings
    # coded by runs and decoded again (CCA, CNB, SCH and a character at a time by !)
    "bank": Case("bank", "100000 3\n", "2000 3\n"),
    "nbody": Case("nbody", "40000 4000\n", "300 100\n"),
    "partit": Case("partit", "80 100\n", "30 3\n"),
    "pascal": Case("pascal", "1600\n", "120\n"),
    "puzzle8": Case("puzzle8", "14\n", "6\n"),
    "rle": Case("rle", "150 3000\n", "5 60\n"),
    # and six more another helper wrote beside them, measured before any change (compute, micro40, the last of four
    # runs on a busy machine, each moving by up to 30 %: textstat 7.3, factor 3.9, mergesort 2.5, tictactoe 1.9,
    # knapsack 1.8, lcs 1.7): prime factors by trial division in ALLER EN, a knapsack by dynamic programming in a
    # matrix, the longest common subsequence of two CHAINE read by SCH, a recursive merge sort of a global array,
    # a text built of words by !, its vowels found by POS and each word reversed, tic-tac-toe by negamax with
    # alpha-beta pruning in a recursive function over a global board
    "factor": Case("factor", "40000\n", "300\n"),
    "knapsack": Case("knapsack", "50 250 50\n", "8 30 2\n"),
    "lcs": Case("lcs", "120 30\n", "12 2\n"),
    "mergesort": Case("mergesort", "3000 20\n", "40 2\n"),
    "textstat": Case("textstat", "100 500\n", "2 20\n"),
    "tictactoe": Case("tictactoe", "9\n", "1\n"),
}
STARTUP = "startup"
CLOCK_HZ = 1_000_000
GNU_TIME = "/usr/bin/time"
RENARD = ROOT / "programs" / "renard.lse"
TARGETS = {"compute": 2.5, "single": 1.3, "renard_ms": 15.0, "startup_factor": 1.5, "startup_extra": 0.030,
           "compiler_lines": 2000}
# The compiler as issue 15 counts it: the IR, the analyses and the one generator (the front end, the
# built-ins, the runtime and its frames, and the reference interpreter are not the compiler).
COMPILER = ("ir", "costs", "analyses", "kinds", "holdings", "magnitudes", "ownership", "passing", "operands", "pygen",
            "pynames", "pykept", "pycharges", "pyflow", "pystmt", "pyloops", "pyexpr", "pyoperators", "pyindex",
            "pyarray", "pystrings", "pyshared", "pystructure", "pydispatch", "pysure", "targets", "linker", "reuse",
            "pyslices", "splitting", "pyframe", "pyprogram", "pybuiltins", "pybounds", "counters", "pydeclare",
            "reaching", "subroutines", "speculation", "reach", "pytail", "pyleaf")


def lse_source(case: Case) -> str:
    return (ROOT / "bench" / "lse" / f"{case.stem}.lse").read_text(encoding="utf-8")


def twin_path(case: Case) -> Path:
    return ROOT / "bench" / "python" / f"{case.stem}.py"


def lse_command(stem: str, machine: str) -> list[str]:
    return [sys.executable, "main.py", f"bench/lse/{stem}.lse", "--headless", "--seed", str(SEED),
            "--machine", machine]


def children_cpu() -> float:
    """CPU seconds (user + system) spent so far by the finished child processes of this one."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(command: list[str], stdin: str, wall: bool = False) -> tuple[float, str, str]:
    """Run one whole process; return its time, its output and, if it failed, what it said.

    Decision: the time is the process's CPU time (user + system) unless `wall` is asked: on a
    shared machine, wall time also counts other processes' turns (medians of three swung by 3x);
    for a single-threaded process on an idle machine both are the same.
    """
    started, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - started if wall else children_cpu() - cpu
    failure = "" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()[-200:]}"
    return elapsed, done.stdout, failure


def whole_process(commands: list[list[str]], stdin: str, runs: int, wall: bool) -> list[tuple[float, str, str]]:
    """For each command: the median wall time of `runs` runs, the output of the first and any failure.

    The commands take turns so that a busy machine slows them alike. No warm-up run: the Micro's
    modules are byte-compiled before the bench starts, as an installed package's are.
    """
    results: list[list[tuple[float, str, str]]] = [[] for _ in commands]
    for _ in range(runs):
        for command, samples in zip(commands, results):
            samples.append(run_once(command, stdin, wall))
    return [(statistics.median(time for time, _, _ in samples), samples[0][1],
             next((failure for _, _, failure in samples if failure), "")) for samples in results]


def peak_mib(command: list[str], stdin: str) -> str:
    """The peak resident memory of one run, measured by GNU time (a small process of its own).

    A child forked from this benchmark would count this process's memory as its own.
    """
    if not Path(GNU_TIME).exists():
        return "n/a"
    done = subprocess.run([GNU_TIME, "-f", "%M", *command], input=stdin, capture_output=True, text=True, cwd=ROOT)
    return f"{int(done.stderr.strip().splitlines()[-1]) / 1024:.1f}"


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


def difference(lse: str, python: str) -> str:
    """Where two outputs part, for a report: the first differing word of each."""
    left, right = lse.split(), python.split()
    for index, (a, b) in enumerate(zip(left, right)):
        if not same_result(a, b):
            return f"word {index + 1}: Micro {a!r}, twin {b!r}"
    return f"Micro {len(left)} words, twin {len(right)} words"


@dataclass
class Row:
    """What one workload measured."""

    case: str
    whole: dict[str, float]      # profile or "python" -> median seconds of the whole process
    run: dict[str, float]        # profile -> median CPU seconds of the in-process run (compute only)
    twin: float                  # median CPU seconds of the twin's main() in-process
    compile_ms: float
    cycles: int
    peak: str
    verdict: str                 # "yes" (and a note), or what went wrong

    def compute_ratio(self, profile: str) -> float:
        return self.run[profile] / self.twin if self.twin > 0 else math.nan


def measure(name: str, runs: int, wall: bool = False) -> Row:
    """Time one workload every way; a failure or a different output is recorded, not raised."""
    case = CASES[name]
    commands = [lse_command(case.stem, PROFILES[0]), [sys.executable, str(twin_path(case).relative_to(ROOT))],
                lse_command(case.stem, PROFILES[1])]
    (lse, lse_out, lse_fail), (py, py_out, py_fail), (single, single_out, single_fail) = \
        whole_process(commands, case.stdin, runs, wall)
    source, main = lse_source(case), load_twin(twin_path(case)).main
    twin_out = run_twin(main, case.stdin)[1]  # also a warm-up: the twin's first run imports what it needs
    twin_times: list[float] = []
    timed: dict[str, list[MicroRun]] = {profile: [] for profile in PROFILES}
    for _ in range(runs):  # taking turns, as the whole processes do
        twin_times.append(run_twin(main, case.stdin)[0])
        for profile in PROFILES:
            timed[profile].append(run_micro(source, case.stdin, machine=profile, seed=SEED))
    twin = statistics.median(twin_times)
    first = timed[PROFILES[0]][0]
    failures = (("micro40", lse_fail), ("twin", py_fail), ("console80", single_fail),
                ("micro40 in-process", first.error.strip()),
                ("console80 in-process", timed[PROFILES[1]][0].error.strip()))
    problems = [f"{what} failed ({failure})" for what, failure in failures if failure]
    if not problems:
        for what, output in (("micro40", lse_out), ("micro40 in-process", first.output)):
            if not same_result(output, py_out):
                problems.append(f"{what} output differs: {difference(output, py_out)}")
        if not same_result(twin_out, py_out):
            problems.append(f"the twin in-process differs from its own process: {difference(twin_out, py_out)}")
    verdict = "yes" if not problems else "; ".join(problems)
    if not problems and not same_result(single_out, py_out):  # single precision may print other digits
        verdict += f" (console80 prints otherwise, {difference(single_out, py_out)})"
    return Row(name, {"micro40": lse, "python": py, "console80": single},
               {profile: statistics.median(r.run_s for r in timed[profile]) for profile in PROFILES}, twin,
               1000 * statistics.median(r.compile_s for r in timed[PROFILES[0]]), first.cycles,
               peak_mib(commands[0], case.stdin), verdict)


def print_row(row: Row) -> None:
    whole = row.whole
    if row.case == STARTUP:
        compute = "| — | — | — | — | — | — "
    else:
        compute = (f"| {row.run['micro40']:.3f} | {row.run['console80']:.3f} | {row.twin:.3f} "
                   f"| {row.compute_ratio('micro40'):.2f} | {row.compute_ratio('console80'):.2f} "
                   f"| {row.run['console80'] / row.run['micro40']:.2f} ")
    print(f"| {row.case} | {whole['micro40']:.3f} | {whole['console80']:.3f} | {whole['python']:.3f} "
          f"| {whole['micro40'] / whole['python']:.2f} | {whole['console80'] / whole['python']:.2f} "
          f"{compute}| {row.compile_ms:.1f} | {row.cycles:,} | {row.cycles / CLOCK_HZ:.1f} | {row.peak} "
          f"| {row.verdict} |", flush=True)


def median_process(command: list[str], runs: int, wall: bool) -> float:
    """The median time of a whole process (one untimed warm-up)."""
    run_once(command, "")
    return statistics.median(run_once(command, "", wall)[0] for _ in range(runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", help=f"workloads to run (default all: {', '.join(CASES)})")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="run only this workload (repeat, or NAME,NAME)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per measure (the median is reported)")
    parser.add_argument("--target", type=float, default=TARGETS["compute"],
                        help="largest acceptable compute-only ratio LSE/CPython on micro40")
    parser.add_argument("--wall", action="store_true",
                        help="time whole processes by the wall clock (default: their CPU time)")
    parser.add_argument("--list", action="store_true", help="list the workloads and their inputs, and stop")
    args = parser.parse_args()
    if args.list:
        for name, case in CASES.items():
            print(f"{name}: bench/lse/{case.stem}.lse, input {case.stdin.strip() or '(none)'}")
        return 0
    chosen = args.cases + [name for names in args.only for name in names.split(",") if name]
    unknown = set(chosen) - set(CASES)
    if unknown:
        parser.error(f"unknown workloads: {', '.join(sorted(unknown))} (see --list)")
    chosen = chosen or list(CASES)
    compileall.compile_dir(ROOT / "machine", quiet=1)
    cache_profiles()  # likewise the parsed profiles (machine/profile.py)
    warm_up()
    unit = "wall s" if args.wall else "cpu s"
    print(f"| case | whole µ40 ({unit}) | whole c80 ({unit}) | whole py ({unit}) | whole µ40/py | whole c80/py "
          "| run µ40 (cpu s) | run c80 (cpu s) | twin work (cpu s) | compute µ40/py | compute c80/py | c80/µ40 "
          "| compile (cpu ms) | emulated cycles | emulated s @ 1 MHz | peak MiB | same output |")
    print("|---|" + "---:|" * 15 + "---|")
    rows = []
    for name in chosen:
        rows.append(measure(name, args.runs, args.wall))
        print_row(rows[-1])
    return summary(rows, args.runs, args.target, args.wall)


def summary(rows: list[Row], runs: int, target: float, wall: bool) -> int:
    """Print the worst ratios, renard's compile time and the start-up against the targets; 0 if all met."""
    missed = []
    computed = [row for row in rows if row.case != STARTUP]
    if computed:
        worst = max(computed, key=lambda row: row.compute_ratio("micro40"))
        single = max(computed, key=lambda row: row.run["console80"] / row.run["micro40"])
        whole = max(computed, key=lambda row: row.whole["micro40"] / row.whole["python"])
        print(f"\nWorst compute-only ratio (micro40): {worst.compute_ratio('micro40'):.2f} ({worst.case}); "
              f"target <= {target:g}")
        print(f"Worst console80/micro40 (compute only): {single.run['console80'] / single.run['micro40']:.2f} "
              f"({single.case}); target <= {TARGETS['single']:g}")
        print(f"Worst whole-process ratio (micro40): {whole.whole['micro40'] / whole.whole['python']:.2f} "
              f"({whole.case})")
        missed += [f"compute {row.case}" for row in computed if row.compute_ratio("micro40") > target]
        missed += [f"console80 {row.case}" for row in computed
                   if row.run["console80"] / row.run["micro40"] > TARGETS["single"]]
    source = RENARD.read_text(encoding="utf-8")
    parts = [compile_seconds(source) for _ in range(max(runs, 5))]
    renard = 1000 * statistics.median(total for _, total in parts)
    parsing = 1000 * statistics.median(parsed for parsed, _ in parts)
    print(f"Compile of programs/renard.lse (cpu): {renard:.1f} ms, of which parsing {parsing:.1f} ms; "
          f"target <= {TARGETS['renard_ms']:g} ms")
    if renard > TARGETS["renard_ms"]:
        missed.append("renard compile")
    bare = median_process([sys.executable, "-c", "pass"], max(runs, 11), wall)
    empty = median_process(lse_command("empty", "micro40"), max(runs, 11), wall)
    limit = TARGETS["startup_factor"] * bare + TARGETS["startup_extra"]
    print(f"Start-up ({'wall' if wall else 'cpu'}): empty program {empty * 1000:.0f} ms, "
          f"python -c pass {bare * 1000:.0f} ms "
          f"({empty / bare:.2f}x); target <= 1.5 x python + 30 ms = {limit * 1000:.0f} ms")
    if empty > limit:
        missed.append("start-up")
    lines = compiler_lines()
    print(f"Compiler ({', '.join(COMPILER)}): {lines} lines; target about {TARGETS['compiler_lines']}")
    if lines > TARGETS["compiler_lines"] * 1.1:
        missed.append("compiler lines")
    wrong = [row.case for row in rows if not row.verdict.startswith("yes")]
    if wrong:
        print(f"Failed or different output: {', '.join(wrong)}.")
    print(f"Missed: {', '.join(missed)}." if missed else "Every target met.")
    return 1 if missed or wrong else 0


def compiler_lines() -> int:
    """The lines of the compiler's modules, as `wc -l` counts them."""
    folder = ROOT / "machine" / "lse"
    return sum(len((folder / f"{name}.py").read_text(encoding="utf-8").splitlines()) for name in COMPILER)


if __name__ == "__main__":
    sys.exit(main())
