"""The sieve of Eratosthenes in a list, done again and again, like bench/lse/sieve.lse."""

import sys


def sieve(n: int) -> list[bool]:
    """is_prime[i] for i in 0..n."""
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    i = 2
    while i * i <= n:
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
        i += 1
    return is_prime


def main() -> None:
    n, rounds = map(int, sys.stdin.read().split())
    for _ in range(rounds):
        is_prime = sieve(n)
        primes = [i for i in range(2, n + 1) if is_prime[i]]
        count, total = len(primes), sum(primes)
    print(count, total, int(is_prime[n - 6]))


if __name__ == "__main__":
    main()
