"""The N queens (N read from stdin), counting every solution with the same automaton as bench/lse/queens.lse."""

import sys


def count(n: int) -> int:
    """Arsac's automaton: c[k] = column of row k; a, b, d = busy columns and diagonals."""
    c, a, b, d = [0] * (n + 1), [0] * (n + 1), [0] * (2 * n + 1), [0] * (2 * n)
    k, i, s = 1, 0, 0
    while True:
        i += 1                                      # CHERCHE
        if i <= n:
            if a[i] + b[k + i] + d[k - i + n] > 0:
                continue
            c[k] = i                                # SOK
            a[i] = b[k + i] = d[k - i + n] = 1
            k += 1
            i = 0
            if k != n + 1:                          # ESSAI
                continue
            s += 1                                  # CN: one more solution
            i = c[n]
            a[i] = b[n + i] = d[2 * n - i] = 0
            k = n
        k -= 1                                      # RECUL
        if k == 0:
            return s
        i = c[k]
        a[i] = b[k + i] = d[k - i + n] = 0


def main() -> None:
    print(count(int(sys.stdin.readline())))


if __name__ == "__main__":
    main()
