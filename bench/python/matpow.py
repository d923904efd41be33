"""Powers of a companion matrix modulo 997 by fast exponentiation, products in a local matrix, like matpow.lse."""

import sys


def mult(a: list[list[int]], b: list[list[int]], c: list[list[int]], n: int) -> None:
    w = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            t = 0
            for k in range(1, n + 1):
                t += a[i][k] * b[k][j]
            w[i][j] = t % 997
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            c[i][j] = w[i][j]


def power(a: list[list[int]], e: int, r: list[list[int]], n: int) -> None:
    p = [row[:] for row in a]
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            r[i][j] = 0
        r[i][i] = 1
    while e != 0:
        if e % 2 == 1:
            mult(r, p, r, n)
        e //= 2
        if e > 0:
            mult(p, p, p, n)


def main() -> None:
    n, ne = map(int, sys.stdin.read().split())
    a = [[0] * (n + 1) for _ in range(n + 1)]
    r = [[0] * (n + 1) for _ in range(n + 1)]
    for j in range(1, n + 1):
        a[1][j] = j
    for i in range(2, n + 1):
        a[i][i - 1] = 1
    s = 0
    for e in range(1, ne + 1):
        power(a, e * 37 + 5, r, n)
        t = sum(r[i][i] for i in range(1, n + 1))
        s = (s + t * e) % 99991
    print(f"CONTROLE {s} R[1,1] {r[1][1]} R[N,N] {r[n][n]}")


if __name__ == "__main__":
    main()
