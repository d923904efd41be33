"""Run-length coding of R generated strings, like rle.lse: encode, decode, compare, checksum."""

import re
import sys
from itertools import groupby

LETTERS = "ABCDF"


class Lcg:
    """x <- (197*x + 11) mod 65536."""

    def __init__(self, seed: int) -> None:
        self.x = seed

    def next(self) -> int:
        self.x = (self.x * 197 + 11) % 65536
        return self.x


def generate(length: int, rng: Lcg) -> str:
    """Runs of random letters, 1 to 13 long, up to `length` characters."""
    parts = []
    size = 0
    while size < length:
        c = LETTERS[rng.next() // 13108]
        n = min(1 + rng.next() // 5042, length - size)
        parts.append(c * n)
        size += n
    return "".join(parts)


def encode(s: str) -> str:
    return "".join(f"{len(list(run))}{c}" for c, run in groupby(s))


def decode(e: str) -> str:
    return "".join(c * int(n) for n, c in re.findall(r"(\d+)(\D)", e))


def checksum(e: str) -> int:
    k = 0
    for ch in e:
        k = (k * 31 + ord(ch)) % 65521
    return k


def main() -> None:
    r, ln = map(int, sys.stdin.read().split())
    rng = Lcg(4321)
    total = 0
    for ir in range(1, r + 1):
        s = generate(ln, rng)
        e = encode(s)
        k = checksum(e)
        total = (total + k) % 65521
        verdict = "BON" if decode(e) == s else "FAUX"
        print(ir, len(s), len(e), verdict, k, e[:12])
    print("TOTAL", total)


if __name__ == "__main__":
    main()
