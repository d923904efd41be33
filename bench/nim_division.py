"""The division experiment: nim.lse against nimdiv.lse (one statement apart), each move's cycles split by
the profiler's counts into divisions, ENT and the rest; prints the README's table (Markdown)."""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine.micro import Micro  # noqa: E402

PROGRAMS = ("nim", "nimdiv")
# The positions of the book notes' table (§3(c)); the last is a losing position.
POSITIONS = [(3, 4, 5, 0), (1, 2, 3, 4), (10, 11, 2, 8), (13, 7, 2, 4), (1, 3, 5, 7)]


def loaded(name: str) -> Micro:
    micro = Micro(profiling=True)
    micro.load_text((ROOT / "programs" / f"{name}.lse").read_text(encoding="utf-8"))
    return micro


def measure(micro: Micro, heaps: tuple[int, ...]) -> dict[str, int]:
    """One move chosen by &COUP: its move, its cycles, and the cycles of its divisions and ENT."""
    costs = micro.profile.costs
    before_cycles, before = micro.cycles, dict(micro.runtime.counts)
    _, values = micro.call("&COUP", *heaps, 0, 0)
    counts = {k: micro.runtime.counts.get(k, 0) - before.get(k, 0) for k in ("div", "ENT")}
    return {"heap": int(values[4]), "take": int(values[5]), "cycles": micro.cycles - before_cycles,
            "div": counts["div"], "div_cycles": counts["div"] * costs["div"],
            "ENT": counts["ENT"], "ENT_cycles": counts["ENT"] * costs["ENT"]}


def spaced(n: float) -> str:
    return f"{n:,.0f}".replace(",", " ")


def row(label: str, move: str, results: dict[str, dict[str, int]]) -> str:
    nim, div = results["nim"], results["nimdiv"]
    rest = div["cycles"] - nim["cycles"] - div["div_cycles"] - div["ENT_cycles"]
    return (f"| {label} | {move} | {spaced(nim['cycles'])} | {spaced(div['cycles'])} | "
            f"{div['cycles'] / nim['cycles']:.2f} | {spaced(div['div'])}: {spaced(div['div_cycles'])} | "
            f"{spaced(div['ENT'])}: {spaced(div['ENT_cycles'])} | {spaced(rest)} |")


def main() -> int:
    micros = {name: loaded(name) for name in PROGRAMS}
    print("| heaps | the Micro's move | `nim.lse` | `nimdiv.lse` | ratio | divisions | `ENT` | the rest |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for heaps in POSITIONS:
        results = {name: measure(micros[name], heaps) for name in PROGRAMS}
        assert results["nim"]["heap"] == results["nimdiv"]["heap"]
        move = f"{results['nim']['take']} from heap {results['nim']['heap']}"
        print(row(" ".join(map(str, heaps)), move, results))
    totals = {name: {"cycles": 0, "div": 0, "div_cycles": 0, "ENT": 0, "ENT_cycles": 0} for name in PROGRAMS}
    for heaps in product(range(16), repeat=4):
        for name in PROGRAMS:
            result = measure(micros[name], heaps)
            for key in totals[name]:
                totals[name][key] += result[key]
    print(row("all 65 536 positions", "", totals))
    per_move = {name: totals[name]["cycles"] / 65536 / micros[name].profile.clock_hz for name in PROGRAMS}
    print(f"\nper move at 1 MHz: nim {per_move['nim']:.4f} s, nimdiv {per_move['nimdiv']:.4f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
