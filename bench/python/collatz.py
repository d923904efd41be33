"""The longest Collatz walk of the numbers 1 to N, like bench/lse/collatz.lse (FAIRE ... TANT QUE, a parity test)."""

import sys


def walk(x: int) -> int:
    """The steps from x down to 1."""
    steps = 0
    while x != 1:
        x = x // 2 if x % 2 == 0 else 3 * x + 1
        steps += 1
    return steps


def main() -> None:
    n = int(sys.stdin.read())
    longest = start = 0
    for i in range(1, n + 1):
        steps = walk(i)
        if steps > longest:
            longest, start = steps, i
    print(start, longest)


if __name__ == "__main__":
    main()
