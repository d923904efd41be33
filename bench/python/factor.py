"""Prime factorisation of 2..N by trial division, like factor.lse."""

import sys


def factorise(m: int) -> list[int]:
    """The prime factors of m, with repeats, in increasing order."""
    factors = []
    d = 2
    while d * d <= m:
        while m % d == 0:
            factors.append(d)
            m //= d
        d += 1
    if m > 1:
        factors.append(m)
    return factors


def main() -> None:
    n = int(sys.stdin.read())
    total = primes = most = most_at = h = 0
    for k in range(2, n + 1):
        factors = factorise(k)
        total += len(factors)
        if len(factors) == 1:
            primes += 1
        if len(factors) > most:
            most, most_at = len(factors), k
        h = (h + factors[-1]) % 10007
    print(total, primes, most, most_at, h)


if __name__ == "__main__":
    main()
