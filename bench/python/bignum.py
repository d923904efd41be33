"""2 to the power N and factorial M in decimal digits kept in a list, like bench/lse/bignum.lse."""

import sys


def multiply(digits: list[int], k: int) -> None:
    """Multiply in place the number whose decimal digits (units first) are in the list, by a small k."""
    carry = 0
    for i, d in enumerate(digits):
        q = d * k + carry
        carry = q // 10
        digits[i] = q - 10 * carry
    while carry:
        digits.append(carry % 10)
        carry //= 10


def trailing_zeros(digits: list[int]) -> int:
    """The zeros at the end of the number."""
    i = 0
    while digits[i] == 0:
        i += 1
    return i


def head(digits: list[int]) -> str:
    """The first 20 digits."""
    return "".join(str(d) for d in reversed(digits[-20:]))


def describe(label: str, digits: list[int]) -> str:
    """The number's count of digits, their sum, its trailing zeros, then its head."""
    return (f"{label}: {len(digits)} CHIFFRES, SOMME {sum(digits)} ZEROS {trailing_zeros(digits)}\n"
            f"{head(digits)}")


def main() -> None:
    n, m = map(int, sys.stdin.read().split())
    power = [1]
    for _ in range(n):
        multiply(power, 2)
    fact = [1]
    for k in range(2, m + 1):
        multiply(fact, k)
    print(describe(f"PUISSANCE {n} DE 2", power))
    print(describe(f"FACTORIELLE {m} ", fact))


if __name__ == "__main__":
    main()
