"""Heap sort with a sift-down function on a list, like bench/lse/heap.lse."""

import sys


def sift(a: list[int], i: int, n: int) -> None:
    """Sift a[i] down the heap a[1..n] (1-based, a[0] unused)."""
    v = a[i]
    while True:
        c = 2 * i
        if c > n:
            break
        if c < n and a[c + 1] > a[c]:
            c += 1
        if a[c] <= v:
            break
        a[i] = a[c]
        i = c
    a[i] = v


def heap_sort(a: list[int], n: int) -> None:
    for i in range(n // 2, 0, -1):
        sift(a, i, n)
    for m in range(n, 1, -1):
        a[1], a[m] = a[m], a[1]
        sift(a, 1, m - 1)


def main() -> None:
    n, rounds = map(int, sys.stdin.read().split())
    t = [0] * (n + 1)
    x = 1
    h = e = 0
    for r in range(1, rounds + 1):
        for i in range(1, n + 1):
            x = (x * 137 + 187) % 10007
            t[i] = x
        heap_sort(t, n)
        e += sum(1 for i in range(2, n + 1) if t[i - 1] > t[i])
        h += t[1] + t[n // 2] * r + t[n]
    print(e, h, t[1], t[n])


if __name__ == "__main__":
    main()
