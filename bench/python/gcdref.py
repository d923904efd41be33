"""The sum of the greatest common divisors of every pair up to N, by Euclid's recursion, like bench/lse/gcdref.lse."""

import sys


def gcd(a: int, b: int) -> int:
    """Euclid's algorithm, recursively."""
    if b == 0:
        return a
    return gcd(b, a % b)


def main() -> None:
    n = int(sys.stdin.read())
    print(sum(gcd(a, b) for a in range(1, n + 1) for b in range(1, n + 1)))


if __name__ == "__main__":
    main()
