"""Strings built from computed positions, rotated and searched, like bench/lse/strbuild.lse."""

import sys

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def build(r: int, length: int) -> str:
    """The round's string: the letter at (i*r*7 + r) mod 26 for i = 1..length."""
    return "".join(ALPHABET[(i * r * 7 + r) % 26] for i in range(1, length + 1))


def occurrences(text: str, motif: str) -> tuple[int, int]:
    """How many times `motif` occurs in `text` (overlaps counted), and the sum of its 1-based positions."""
    count = total = 0
    at = text.find(motif)
    while at >= 0:
        count += 1
        total += at + 1
        at = text.find(motif, at + 1)
    return count, total


def main() -> None:
    rounds, length = map(int, sys.stdin.read().split())
    count = total = 0
    for r in range(1, rounds + 1):
        s = build(r, length)
        k = r % length
        t = s[k:] + s[:k]
        for p in range(0, length - 2, r):
            c, h = occurrences(t, s[p:p + 3])
            count += c
            total += h
    print(count, total // count, t[:20])


if __name__ == "__main__":
    main()
