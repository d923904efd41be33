"""A line of numbers written, read back and rewritten, like bench/lse/cnbline.lse."""

import sys


def main():
    m, nr = map(int, sys.stdin.read().split()[:2])
    line = "".join(f"{i * 37 % 101} " for i in range(1, m + 1))
    s = 0
    for r in range(1, nr + 1):
        parts = []
        for tok in line.split():
            x = int(tok)
            s += x
            parts.append(str((x * 3 + r) % 1000))
        line = " ".join(parts) + " "
        s %= 99991
    print(s, len(line), line[:20])


if __name__ == "__main__":
    main()
