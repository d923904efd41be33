"""Partitions of N into parts of at most K, modulo MO, by the memoised recursion p(n,k) = p(n,k-1) + p(n-k,k),
like partit.lse: R rounds, each with its own modulus and a fresh memo."""

import sys


def partitions(n: int, k: int, mo: int, memo: dict[tuple[int, int], int]) -> int:
    """The partitions of n into parts <= k, modulo mo."""
    if n == 0:
        return 1
    if k == 0:
        return 0
    if k > n:
        k = n
    key = (n, k)
    if key in memo:
        return memo[key]
    a = (partitions(n, k - 1, mo, memo) + partitions(n - k, k, mo, memo)) % mo
    memo[key] = a
    return a


def main() -> None:
    n, r = map(int, sys.stdin.read().split())
    total = 0
    for ir in range(1, r + 1):
        mo = 9973 + 7 * ir
        memo: dict[tuple[int, int], int] = {}
        v = partitions(n, n, mo, memo)
        w = partitions(n, n // 3, mo, memo)
        total = (total + v + w) % 65521
        print(ir, mo, v, w)
    print("TOTAL", total)


if __name__ == "__main__":
    main()
