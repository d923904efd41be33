"""Recursive merge sort of a list by index bounds with a shared buffer, counting inversions, like mergesort.lse."""

import sys


def merge_sort(a: list[int], buf: list[int], lo: int, hi: int) -> int:
    """Sort a[lo..hi] (inclusive) in place; return the number of inversions it held."""
    if lo >= hi:
        return 0
    mid = (lo + hi) // 2
    inversions = merge_sort(a, buf, lo, mid) + merge_sort(a, buf, mid + 1, hi)
    i, j, k = lo, mid + 1, lo
    while i <= mid and j <= hi:
        if a[i] <= a[j]:
            buf[k] = a[i]
            i += 1
        else:
            buf[k] = a[j]
            j += 1
            inversions += mid - i + 1
        k += 1
    rest = a[i:mid + 1] + a[j:hi + 1]
    buf[k:k + len(rest)] = rest
    a[lo:hi + 1] = buf[lo:hi + 1]
    return inversions


def main() -> None:
    n, rounds = map(int, sys.stdin.read().split())
    t = [0] * (n + 1)
    buf = [0] * (n + 1)
    x = 3
    errors = h = w = 0
    for r in range(1, rounds + 1):
        for i in range(1, n + 1):
            x = (x * 137 + 187) % 10007
            t[i] = x
        w = (w + merge_sort(t, buf, 1, n)) % 1000003
        errors += sum(1 for i in range(2, n + 1) if t[i - 1] > t[i])
        h = (h + t[1] + t[n // 2] * r + t[n]) % 10007
    print(errors, w, h, t[1], t[n])


if __name__ == "__main__":
    main()
