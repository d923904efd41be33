"""The Mandelbrot set drawn in characters, C columns by L lines, at most M iterations, like bench/lse/mandel.lse."""

import sys

PALETTE = ".,:;-=+*%"


def escape(x: float, y: float, m: int) -> int:
    """The iterations of z <- z*z + (x, y) before |z| passes 2, at most m."""
    a = b = 0.0
    k = 0
    while True:
        a2, b2 = a * a, b * b
        if a2 + b2 > 4:
            break
        b = 2 * a * b + y
        a = a2 - b2 + x
        k += 1
        if k >= m:
            break
    return k


def main() -> None:
    c, l, m = map(int, sys.stdin.read().split())
    inside = 0
    for j in range(l):
        y = 1.2 - 2.4 * j / (l - 1)
        row = []
        for i in range(c):
            k = escape(-2.1 + 2.7 * i / (c - 1), y, m)
            if k == m:
                row.append("#")
                inside += 1
            else:
                row.append(PALETTE[k % 9])
        print("".join(row))
    print(f"POINTS DANS L'ENSEMBLE: {inside}")


if __name__ == "__main__":
    main()
