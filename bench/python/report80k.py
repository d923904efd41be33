"""Formatted lines (integers, decimals, text), like bench/lse/report80k.lse."""

import sys


def line(i: int) -> str:
    q = i % 97
    return f"LIGNE{i:7d}  R={q:3d} {i / 7 + q / 3:15.4f} {q * q}"


def main() -> None:
    n = int(sys.stdin.readline())
    print("\n".join(line(i) for i in range(1, n + 1)))
    print("FIN", n)


if __name__ == "__main__":
    main()
