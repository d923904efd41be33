"""Binomial coefficients by a recursive function of two parameters, and Ackermann's, like bench/lse/binom.lse."""

import sys


def binom(n: int, k: int) -> int:
    """C(n, k) by Pascal's rule, recursively."""
    if k == 0 or k == n:
        return 1
    return binom(n - 1, k - 1) + binom(n - 1, k)


def ackermann(m: int, n: int) -> int:
    """Ackermann's function, recursively."""
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def main() -> None:
    n = int(sys.stdin.read())
    print(sum(binom(n, k) for k in range(n + 1)), binom(n, n // 2), ackermann(2, 3))


if __name__ == "__main__":
    main()
