"""The numbers 1 to NM written in Roman numerals and read back two ways, like bench/lse/roman.lse."""

import sys

NUMERALS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
LETTERS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def to_roman(n: int) -> str:
    """n in Roman numerals, the largest symbol first."""
    parts = []
    for value, symbol in NUMERALS:
        while n >= value:
            parts.append(symbol)
            n -= value
    return "".join(parts)


def from_roman(r: str) -> int:
    """The value of r read letter by letter (a letter before a larger one subtracts)."""
    values = [LETTERS[c] for c in r] + [0]
    return sum(-a if a < b else a for a, b in zip(values, values[1:]))


def read_symbols(r: str) -> int:
    """The value of r read symbol by symbol in the order of NUMERALS, or -1 if some is left over."""
    p = v = 0
    for value, symbol in NUMERALS:
        while r.startswith(symbol, p):
            v += value
            p += len(symbol)
    return v if p == len(r) else -1


def main() -> None:
    nm = int(sys.stdin.read().split()[0])
    total = bad = bad2 = longest = best_n = 0
    best = ""
    for n in range(1, nm + 1):
        r = to_roman(n)
        total += len(r)
        if from_roman(r) != n:
            bad += 1
        if read_symbols(r) != n:
            bad2 += 1
        if len(r) > longest:
            longest, best, best_n = len(r), r, n
    print(f"LONGUEUR TOTALE: {total}")
    print(f"LE PLUS LONG: {best_n} = {best}")
    print(f"RELECTURES FAUSSES: {bad} {bad2}")


if __name__ == "__main__":
    main()
