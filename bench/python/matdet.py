"""Determinants of NR random N x N matrices by cofactor expansion along the first row, like bench/lse/matdet.lse."""

import sys


def det(a: list[list[int]]) -> int:
    """The determinant of a, expanded along its first row (a recursion on the minors)."""
    n = len(a)
    if n == 2:
        return a[0][0] * a[1][1] - a[0][1] * a[1][0]
    d = 0
    sign = 1
    for c in range(n):
        if a[0][c] != 0:
            minor = [row[:c] + row[c + 1:] for row in a[1:]]
            d += sign * a[0][c] * det(minor)
        sign = -sign
    return d


def main() -> None:
    n, nr = map(int, sys.stdin.read().split())
    x = 1
    zeros = 0
    for r in range(1, nr + 1):
        m = []
        for _ in range(n):
            row = []
            for _ in range(n):
                x = (x * 137 + 187) % 10007
                row.append(x % 9 - 4)
            m.append(row)
        d = det(m)
        if d == 0:
            zeros += 1
        print(r, d)
    print(f"NULS: {zeros}")


if __name__ == "__main__":
    main()
