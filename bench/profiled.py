"""How much slower `--profile` runs than a plain run: each workload of run.py, compute only (CPU time in-process).

    python bench/profiled.py [--runs N] [--only NAME,...]

Per workload, the median run time of a plain run and of a profiled one (`--profile`: each line's cycles and each
kind of operation counted), their ratio, and a check that both printed the same and spent the same cycles; then
the geometric mean and the worst ratio.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from inprocess import run_micro, warm_up  # noqa: E402
from run import CASES  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="")
    args = parser.parse_args(argv)
    names = [name for name in (args.only.split(",") if args.only else CASES) if name != "startup"]
    warm_up()
    ratios = []
    print("| case | plain (cpu s) | --profile (cpu s) | --profile / plain | same |")
    print("|---|---:|---:|---:|---|")
    for name in names:
        case = CASES[name]
        source = (ROOT / "bench" / "lse" / f"{case.stem}.lse").read_text(encoding="utf-8")
        plain = [run_micro(source, case.stdin) for _ in range(args.runs)]
        profiled = [run_micro(source, case.stdin, profiling=True) for _ in range(args.runs)]
        same = all((run.output, run.cycles) == (plain[0].output, plain[0].cycles) for run in plain + profiled)
        a, b = statistics.median(r.run_s for r in plain), statistics.median(r.run_s for r in profiled)
        ratios.append(b / a)
        print(f"| {name} | {a:.3f} | {b:.3f} | {b / a:.2f} | {'yes' if same else 'NO'} |", flush=True)
    if ratios:
        worst = max(zip(ratios, names))
        print(f"\nGeometric mean --profile / plain: {math.exp(statistics.fmean(map(math.log, ratios))):.2f}; "
              f"worst {worst[0]:.2f} ({worst[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
