"""The permutations of a word by a recursive function on strings, like bench/lse/anagram.lse."""

import sys


def permutations(prefix: str, rest: str, count: list[int]) -> None:
    """Count each permutation of rest after prefix, and the product of its first and last codes."""
    if not rest:
        count[0] += 1
        count[1] += ord(prefix[0]) * ord(prefix[-1])
        return
    for i in range(len(rest)):
        permutations(prefix + rest[i], rest[:i] + rest[i + 1:], count)


def main() -> None:
    n = int(sys.stdin.read())
    count = [0, 0]
    permutations("", "ABCDEFGHIJ"[:n], count)
    print(*count)


if __name__ == "__main__":
    main()
