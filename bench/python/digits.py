"""The digits of numbers reversed by a function with a list of its own, like bench/lse/digits.lse."""

import sys


def reverse(x: int, base: int) -> int:
    """x with its digits in `base` the other way round."""
    digits = []
    while True:
        digits.append(x % base)
        x //= base
        if x <= 0:
            break
    result = 0
    for digit in digits:
        result = result * base + digit
    return result


def main() -> None:
    n = int(sys.stdin.read())
    print(sum(reverse(i * 7919, 10) for i in range(1, n + 1)))


if __name__ == "__main__":
    main()
