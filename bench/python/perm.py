"""Every permutation of 1..N by exchanges, a recursive function on a list, like bench/lse/perm.lse."""

import sys


def main() -> None:
    n = int(sys.stdin.read())
    p = list(range(n + 1))
    total = count = 0

    def permute(k: int) -> None:
        nonlocal total, count
        if k >= n:
            total += sum(p[i] * i for i in range(1, n + 1))
            count += 1
            return
        for i in range(k, n + 1):
            p[k], p[i] = p[i], p[k]
            permute(k + 1)
            p[k], p[i] = p[i], p[k]

    permute(1)
    print(count, total)


if __name__ == "__main__":
    main()
