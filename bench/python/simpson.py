"""Tables of integrals of five functions by Simpson's rule, N intervals, NB bounds each, like bench/lse/simpson.lse."""

import math
import sys
from collections.abc import Callable

PI = 4 * math.atan(1)
FUNCTIONS: list[tuple[Callable[[float], float], float, float]] = [
    (lambda x: 4 / (1 + x * x), 0, 1),
    (lambda x: 2 * math.exp(-x * x) / math.sqrt(PI), 0, 2),
    (lambda x: 4 * math.sqrt(1 - x * x), 0, 1),
    (math.log, 1, 3),
    (lambda x: math.cos(x) * math.exp(math.sin(x)), 0, PI / 2),
]


def simpson(f: Callable[[float], float], a: float, b: float, m: int) -> float:
    """The integral of f from a to b by Simpson's rule on m intervals."""
    h = (b - a) / m
    s = f(a) + f(b)
    for i in range(1, m):
        s += (2 if i % 2 == 0 else 4) * f(a + i * h)
    return s * h / 3


def main() -> None:
    n, nb = map(int, sys.stdin.read().split())
    for nf, (f, a, b) in enumerate(FUNCTIONS, 1):
        table = [simpson(f, a, a + k * (b - a) / nb, n) for k in range(1, nb + 1)]
        print(f"{nf}: " + " ".join(str(math.floor(1000 * s + 0.5)) for s in table))


if __name__ == "__main__":
    main()
