"""Bubble sort of 2000 numbers from the same congruential sequence as bench/lse/bubble.lse."""


def main() -> None:
    n, x = 2000, 1.0
    t = [0.0] * (n + 1)
    for i in range(1, n + 1):
        x = x * 137 + 187
        x -= (x // 10007) * 10007
        t[i] = x
    for i in range(n - 1, 0, -1):
        for j in range(1, i + 1):
            if t[j] > t[j + 1]:
                t[j], t[j + 1] = t[j + 1], t[j]
    print(t[1], t[2], t[1000], t[n - 1], t[n])


if __name__ == "__main__":
    main()
