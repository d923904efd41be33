"""A matrix transposed R times by a function given it, like bench/lse/transp.lse."""

import sys


def transpose(t: list[list[int]], m: int) -> None:
    """Swap the elements on either side of the diagonal, in place."""
    for i in range(m - 1):
        row = t[i]
        for j in range(i + 1, m):
            row[j], t[j][i] = t[j][i], row[j]


def main() -> None:
    n, r = map(int, sys.stdin.read().split())
    a = [[(i + 1) * n + j + 1 for j in range(n)] for i in range(n)]
    for _ in range(r):
        transpose(a, n)
    print(sum(a[i][0] * (i + 1) for i in range(n)))


if __name__ == "__main__":
    main()
