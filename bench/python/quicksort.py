"""A recursive quicksort on a list, partitioning through a scratch list per call, like bench/lse/quicksort.lse."""

import sys


def quicksort(a: list[int], lo: int, hi: int) -> None:
    """Sort a[lo..hi] (inclusive): smaller than the pivot to the front of a scratch list, larger to the back."""
    if hi - lo < 1:
        return
    pivot = a[lo]
    scratch = [0] * (hi - lo + 1)
    front, back = 0, hi - lo + 1
    for v in a[lo:hi + 1]:
        if v < pivot:
            scratch[front] = v
            front += 1
        elif v > pivot:
            back -= 1
            scratch[back] = v
    scratch[front:back] = [pivot] * (back - front)
    a[lo:hi + 1] = scratch
    quicksort(a, lo, lo + front - 1)
    quicksort(a, lo + back, hi)


def main() -> None:
    n, rounds = map(int, sys.stdin.read().split())
    x, checksum, errors = 1, 0, 0
    a = [0] * n
    for r in range(1, rounds + 1):
        for i in range(n):
            x = (x * 137 + 187) % 10007
            a[i] = x
        quicksort(a, 0, n - 1)
        errors += sum(1 for i in range(1, n) if a[i - 1] > a[i])
        checksum += a[0] + a[n // 2 - 1] * r + a[n - 1]
    print(errors, checksum, a[0], a[-1])


if __name__ == "__main__":
    main()
