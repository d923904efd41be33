"""Compile-time scaling: parse and compile of programs of n and 2n of one shape, CPU time in ms.

    python bench/compile_scaling.py [n]

For each shape (a straight run of lines, one sum of n terms, n products added, n strings joined, n
conditions joined by ET, n SI statements, n procedures, n lines that jump at random, a menu of n
choices), the time to parse and compile every unit of a program of n and of 2n
(bench/inprocess.compile_seconds), and their ratio: about 2 where the compiler's work grows with the
program, about 4 where it grows with its square. The counts behind
it are tested in tests/test_compile_scaling.py.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from inprocess import compile_seconds, warm_up  # noqa: E402


def jumps_at_random(count: int, seed: int = 15) -> str:
    """count lines that jump about at random (ALLER EN, SI ... ALORS ALLER EN), the way an old program of GOTOs
    grows: every line steps K, and the run ends once K passes 400."""
    rng = random.Random(seed)
    lines = ["10 X←0;K←0"]
    for at in range(count):
        target = 100 + 10 * rng.randrange(count)
        step = f"{100 + 10 * at} K←K+1;SI K>400 ALORS ALLER EN 9990"
        lines.append(step + rng.choice((
            f";SI X>{rng.randrange(40)} ALORS ALLER EN {target}", f";X←X+{rng.randrange(1, 4)}",
            f";SI X<{rng.randrange(40)} ALORS DEBUT X←X*2;ALLER EN {target} FIN SINON X←X-1", f";ALLER EN {target}")))
    return "\n".join(lines + ["9990 AFFICHER X,K", "9999 TERMINER"]) + "\n"


def menu(count: int) -> str:
    """A menu of count choices, one `SI C=k ALORS ALLER EN n` line each, chosen at random 50 times."""
    return (f"10 X←0;K←0\n20 K←K+1;SI K>50 ALORS ALLER EN 9000\n30 C←ENT(ALE(0)*{count})+1\n"
            + "".join(f"{100 + at} SI C={at + 1} ALORS ALLER EN {2000 + 10 * at}\n" for at in range(count))
            + "".join(f"{2000 + 10 * at} X←X+{at};ALLER EN 20\n" for at in range(count))
            + "9000 AFFICHER X,K;TERMINER\n")


SHAPES = {
    "straight lines": lambda k: "10 X←0\n" + "".join(f"{20 + at} X←X+1\n" for at in range(k)) + "65000 TERMINER\n",
    "one sum": lambda k: "10 X←1;Y←" + "+".join(["X"] * k) + "\n20 AFFICHER Y\n",
    "products added": lambda k: "10 X←1;Y←" + "+".join(["X*X"] * k) + "\n20 AFFICHER Y\n",
    "strings joined": lambda k: "10 CHAINE S;S←" + "!".join(["'A'"] * k) + "\n20 AFFICHER LGR(S)\n",
    "conditions by ET": lambda k: "10 SI " + " ET ".join(["1=1"] * k) + " ALORS AFFICHER 7\n",
    "SI statements": lambda k: "10 X←0\n" + "".join(f"{20 + at} SI X>=0 ALORS X←X+1 SINON X←X-1\n"
                                                     for at in range(k)) + f"{20 + k} AFFICHER X\n",
    "procedures": lambda k: "10 X←0\n" + "".join(f"{20 + at} &P{at}\n" for at in range(k)) + f"{20 + k} TERMINER\n" + (
        "".join(f"{30 + k + 2 * at} PROCEDURE &P{at}\n{31 + k + 2 * at} X←X+1;RETOUR\n" for at in range(k))),
    "jumps at random": jumps_at_random,
    "a menu of SI": menu,
}


def compile_ms(source: str, runs: int = 3) -> float:
    """The median time (ms) to parse and compile every unit of source."""
    return statistics.median(compile_seconds(source)[1] for _ in range(runs)) * 1000


def main(size: int = 1000) -> None:
    warm_up()
    print(f"{'shape':18s} {'n = ' + str(size):>12s} {'2n':>12s} {'ratio':>6s}")
    for name, make in SHAPES.items():
        small, large = compile_ms(make(size)), compile_ms(make(2 * size))
        print(f"{name:18s} {small:9.1f} ms {large:9.1f} ms {large / small:6.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
