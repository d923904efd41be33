"""The numbers 1 to N written in base 2 by successive halvings, like bench/lse/binary.lse: ones and digits."""

import sys


def binary(x: int) -> str:
    """x in base 2, its digits found from the last."""
    digits = ""
    while True:
        q = x // 2
        digits = str(x - 2 * q) + digits
        x = q
        if x <= 0:
            return digits


def main() -> None:
    n = int(sys.stdin.read())
    ones = length = 0
    for i in range(1, n + 1):
        b = binary(i)
        length += len(b)
        ones += b.count("1")
    print(ones, length, b)


if __name__ == "__main__":
    main()
