"""The primes up to N, by a function that tries divisors, like bench/lse/primes.lse: their count and sum."""

import sys


def prime(p: int) -> bool:
    """True if no divisor from 2 to the square root divides p."""
    d = 2
    while d * d <= p:
        if p % d == 0:
            return False
        d += 1
    return True


def main() -> None:
    n = int(sys.stdin.read())
    found = [i for i in range(2, n + 1) if prime(i)]
    print(len(found), sum(found))


if __name__ == "__main__":
    main()
