"""Easter dates and Friday the 13ths over a range of years, like bench/lse/calendar.lse."""

import sys


def easter(y: int) -> tuple[int, int]:
    """(month, day) of Easter in year y, by Meeus's algorithm."""
    a, b, c = y % 19, y // 100, y % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month, day = divmod(h + l - 7 * m + 114, 31)
    return month, day + 1


def weekday(q: int, m: int, y: int) -> int:
    """Zeller's congruence: 0 = Saturday, ..., 6 = Friday."""
    if m < 3:
        m += 12
        y -= 1
    k, j = y % 100, y // 100
    return (q + 13 * (m + 1) // 5 + k + k // 4 + j // 4 + 5 * j) % 7


def main() -> None:
    first, last = map(int, sys.stdin.read().split())
    days = [0] * 36
    fridays = total = 0
    for y in range(first, last + 1):
        month, day = easter(y)
        days[day - 21 if month == 3 else day + 10] += 1
        total += month * 100 + day
        fridays += sum(1 for m in range(1, 13) if weekday(13, m, y) == 6)
    best = max(range(1, 36), key=lambda j: (days[j], -j))
    print(fridays, total, best, days[best])


if __name__ == "__main__":
    main()
