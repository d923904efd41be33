"""Front-end benchmark: parse and load (layout, IR) times of a few programs, CPU time medians in ms.

    python bench/frontend.py [runs]

Issue 15: programs/renard.lse parsed in at most 3 ms and loaded (Micro.load: layout and IR
lowering, no code generation) in at most 1.5 ms. Each load is of a freshly parsed program, so
nothing the parse left on one program is reused by a later sample.
"""

from __future__ import annotations

import statistics
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine.lse import ir  # noqa: E402
from machine.lse.layout import layout  # noqa: E402
from machine.lse.parser import parse  # noqa: E402
from machine.micro import Micro  # noqa: E402

PROGRAMS = ("programs/renard.lse", "programs/queens.lse", "programs/solitaire.lse", "bench/lse/life.lse",
            "bench/lse/mines.lse")
PARSE_TARGET_MS = 3.0
LOAD_TARGET_MS = 1.5


def median_ms(work, prepare, runs: int) -> float:
    """The median CPU time of work(prepare()) over `runs` samples, after two warm-up runs."""
    for _ in range(2):
        work(prepare())
    samples = []
    for _ in range(runs):
        argument = prepare()
        started = time.process_time()
        work(argument)
        samples.append(time.process_time() - started)
    return 1000 * statistics.median(samples)


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 41
    micro = Micro()
    print(f"{'program':28} {'parse':>8} {'load':>8} {'layout':>8} {'lower':>8}   (ms, CPU, medians of {runs})")
    for name in PROGRAMS:
        path = ROOT / name
        if not path.exists():
            continue
        source = path.read_text(encoding="utf-8")
        parsed = partial(parse, source)
        parse_ms = median_ms(parse, partial(str, source), runs)
        load_ms = median_ms(micro.load, parsed, runs)
        layout_ms = median_ms(layout, parsed, runs)
        lower_ms = median_ms(ir.lower, parsed, runs)
        print(f"{name:28} {parse_ms:8.2f} {load_ms:8.2f} {layout_ms:8.2f} {lower_ms:8.2f}")
        if name == PROGRAMS[0]:
            verdict = parse_ms <= PARSE_TARGET_MS and load_ms <= LOAD_TARGET_MS
            target = f"targets: parse <= {PARSE_TARGET_MS} ms, load <= {LOAD_TARGET_MS} ms"
    print(f"{target} -> {'met' if verdict else 'MISSED'}")
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())
