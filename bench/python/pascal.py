"""Pascal's triangle modulo 1000, one row updated in place, like pascal.lse: every 50 rows the row's sum
and middle coefficient, and two checksums at the end."""

import sys


def main() -> None:
    nl = int(sys.stdin.read().split()[0])
    row = [0] * (nl + 1)
    row[0] = 1
    h = 0
    for n in range(1, nl + 1):
        row[n] = 1
        for k in range(n - 1, 0, -1):
            row[k] = (row[k] + row[k - 1]) % 1000
        h = (h + row[n // 2] * n) % 65521
        if n % 50 == 0:
            print(f"LIGNE {n} SOMME {sum(row[:n + 1]) % 1000} MILIEU {row[n // 2]}")
    s = sum(k * c for k, c in enumerate(row, 1)) % 65521
    print(f"CONTROLE {h} {s}")


if __name__ == "__main__":
    main()
