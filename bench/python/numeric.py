"""A numeric loop full of math functions and remainders, like bench/lse/numeric.lse."""

import math
import sys


def main() -> None:
    n = int(sys.stdin.readline())
    s = 0.0
    r = 0
    m = 0.0
    for i in range(1, n + 1):
        x = i / 37
        y = math.sin(x) * math.cos(x / 3) + math.atan(x - 50)
        z = math.sqrt(i) * abs(y) - math.floor(x)
        r += i % 17 - i % 5
        s += z + math.log(1 + abs(y)) - math.exp(-x)
        m = max(m, abs(y))
    print(s, r, m)


if __name__ == "__main__":
    main()
