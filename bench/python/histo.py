"""The most frequent digit of numbers, by a list local to a function given to another, like bench/lse/histo.lse."""

import sys


def maxi(a):
    b = 0
    for k in range(1, len(a)):
        if a[k] > a[b]:
            b = k
    return b


def histo(x):
    h = [0] * 10
    while True:
        q = x // 10
        h[x - q * 10] += 1
        x = q
        if x == 0:
            break
    return maxi(h)


def main():
    n = int(sys.stdin.read().split()[0])
    s = 0
    for i in range(1, n + 1):
        s += histo(i * 97)
    print(s)


if __name__ == "__main__":
    main()
