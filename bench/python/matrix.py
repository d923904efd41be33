"""The product of two 40 x 40 matrices, like bench/lse/matrix.lse (float arithmetic as in LSE)."""


def main() -> None:
    n = 40
    a = [[float(i + j) for j in range(1, n + 1)] for i in range(1, n + 1)]
    b = [[float(i - j) for j in range(1, n + 1)] for i in range(1, n + 1)]
    c = [[sum(a[i][k] * b[k][j] for k in range(n)) for j in range(n)] for i in range(n)]
    print(sum(c[i][j] * (i - j) for i in range(n) for j in range(n)))


if __name__ == "__main__":
    main()
