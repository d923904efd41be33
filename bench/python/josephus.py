"""The Josephus problem for 1 to NM people, every K-th out, like bench/lse/josephus.lse (a ring, a recurrence)."""

import sys


def josephus(n: int, k: int) -> int:
    """The survivor of n people in a ring linked by a list of successors, every k-th removed."""
    nxt = list(range(1, n)) + [0]
    p, left = n - 1, n
    while left > 1:
        for _ in range(k - 1):
            p = nxt[p]
        nxt[p] = nxt[nxt[p]]
        left -= 1
    return p + 1


def formula(n: int, k: int) -> int:
    """The survivor by the recurrence J(1) = 0, J(i) = (J(i-1) + k) mod i."""
    j = 0
    for i in range(2, n + 1):
        j = (j + k) % i
    return j + 1


def main() -> None:
    nm, k = map(int, sys.stdin.read().split())
    total = bad = 0
    for n in range(1, nm + 1):
        j = josephus(n, k)
        total += j
        if j != formula(n, k):
            bad += 1
    print(f"SOMME DES SURVIVANTS: {total}")
    print(f"DESACCORDS: {bad}")


if __name__ == "__main__":
    main()
