"""A word reversed by a recursive function on its string, like bench/lse/reverse.lse."""

import sys


def reverse(word: str) -> str:
    """The word backwards: the rest reversed, then the first letter."""
    if len(word) < 2:
        return word
    return reverse(word[1:]) + word[0]


def main() -> None:
    n = int(sys.stdin.read())
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    total = 0
    for i in range(1, n + 1):
        word = reverse(letters[:1 + i % 26])
        total += ord(word[0])
    print(total, word)


if __name__ == "__main__":
    main()
