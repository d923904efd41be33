"""The determinant of an N x N matrix by Gaussian elimination, R times, like bench/lse/gauss.lse."""

import sys


def determinant(a: list[list[float]]) -> float:
    """Eliminate below the diagonal in place; the product of the pivots."""
    n, d = len(a), 1.0
    for k in range(n):
        pivot_row = a[k]
        p = pivot_row[k]
        d *= p
        for i in range(k + 1, n):
            row = a[i]
            f = row[k] / p
            for j in range(k, n):
                row[j] -= f * pivot_row[j]
    return d


def main() -> None:
    n, r = map(int, sys.stdin.read().split())
    s = 0.0
    for t in range(1, r + 1):
        a = [[2 + t / r if i == j else 1 / (i + j + 2) for j in range(n)] for i in range(n)]
        d = determinant(a)
        s = d if t == 1 else s + d / 1000
    print(s)


if __name__ == "__main__":
    main()
