"""N! in decimal digits held in a list (units first), NR times, like bench/lse/fact.lse."""

import sys


def factorial_digits(n: int) -> list[int]:
    digits = [1]
    for k in range(2, n + 1):
        carry = 0
        for j, d in enumerate(digits):
            carry, digits[j] = divmod(d * k + carry, 10)
        while carry:
            carry, d = divmod(carry, 10)
            digits.append(d)
    return digits


def main() -> None:
    n, rounds = map(int, sys.stdin.read().split())
    for _ in range(rounds):
        digits = factorial_digits(n)
    print(len(digits), sum(digits), "".join(map(str, reversed(digits[-30:]))))


if __name__ == "__main__":
    main()
