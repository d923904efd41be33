"""Insertion sort, each place found by binary search, like bench/lse/binins.lse."""

import sys


def place(a: list[int], m: int, v: int) -> int:
    """The first index of a[1..m] (sorted) whose element exceeds v, m+1 if none."""
    lo, hi = 1, m + 1
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] > v:
            hi = mid
        else:
            lo = mid + 1
    return lo


def insert(a: list[int], m: int, p: int, v: int) -> None:
    """Shift a[p..m] up by one, element by element, and put v at a[p]."""
    for i in range(m, p - 1, -1):
        a[i + 1] = a[i]
    a[p] = v


def main() -> None:
    n, rounds = map(int, sys.stdin.read().split())
    t = [0] * (n + 1)
    x = 1
    h = e = 0
    for r in range(1, rounds + 1):
        for k in range(1, n + 1):
            x = (x * 137 + 187) % 10007
            insert(t, k - 1, place(t, k - 1, x), x)
        e += sum(1 for i in range(2, n + 1) if t[i - 1] > t[i])
        h += t[1] + t[n // 2] * r + t[n]
    print(e, h, t[1], t[n])


if __name__ == "__main__":
    main()
