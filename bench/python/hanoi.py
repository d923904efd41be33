"""The towers of Hanoi by a recursive function, like bench/lse/hanoi.lse: moves and their checksum."""

import sys


def hanoi(n: int, source: int, target: int, spare: int, tally: list[int]) -> None:
    """Move n discs from `source` to `target`; tally = [moves, sum of 10*source+target]."""
    if n == 0:
        return
    hanoi(n - 1, source, spare, target, tally)
    tally[0] += 1
    tally[1] += 10 * source + target
    hanoi(n - 1, spare, target, source, tally)


def main() -> None:
    tally = [0, 0]
    hanoi(int(sys.stdin.readline()), 1, 3, 2, tally)
    print(*tally)


if __name__ == "__main__":
    main()
