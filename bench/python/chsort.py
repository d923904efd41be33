"""A bubble sort of the characters of a string, like bench/lse/chsort.lse (which swaps them with SCH and !)."""

import sys


def bubble_sort(chars: list[str]) -> int:
    """Sort in place; return the number of swaps."""
    swaps = 0
    for k in range(len(chars) - 1, 0, -1):
        for i in range(k):
            if chars[i] > chars[i + 1]:
                chars[i], chars[i + 1] = chars[i + 1], chars[i]
                swaps += 1
    return swaps


def main() -> None:
    n = int(sys.stdin.read())
    x, chars = 7, []
    for _ in range(n):
        x = (x * 75 + 74) % 65537
        chars.append(chr(65 + x % 26))
    swaps = bubble_sort(chars)
    print(swaps, "", "".join(chars)[:30])


if __name__ == "__main__":
    main()
