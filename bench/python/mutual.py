"""Hofstadter's Female and Male sequences by plain mutual recursion, like bench/lse/mutual.lse."""

import sys


def female(n: int) -> int:
    return 1 if n == 0 else n - male(female(n - 1))


def male(n: int) -> int:
    return 0 if n == 0 else n - female(male(n - 1))


def main() -> None:
    n = int(sys.stdin.read())
    sf = sum(female(i) for i in range(n + 1))
    sm = sum(male(i) for i in range(n + 1))
    print(sf, sm, female(n), male(n))


if __name__ == "__main__":
    main()
