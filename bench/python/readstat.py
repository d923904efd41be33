"""Running statistics of numbers read from the input, like bench/lse/readstat.lse (one LIRE per number)."""

import sys


def main() -> None:
    words = sys.stdin.read().split()
    count = int(words[0])
    numbers = [int(word) for word in words[1:count + 1]]
    big = sum(1 for value in numbers if value > 150)
    rises = sum(1 for before, after in zip(numbers, numbers[1:]) if after > before)
    print(sum(numbers), min(numbers), max(numbers), big, rises)


if __name__ == "__main__":
    main()
