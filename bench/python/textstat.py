"""Text statistics: generated words joined in a text, vowels counted, each word reversed, like textstat.lse."""

import sys

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZEAIOU"
VOWELS = set("AEIOUY")


def main() -> None:
    rounds, word_count = map(int, sys.stdin.read().split())
    x = 5
    vowels = smaller = palindromes = h = 0
    for _ in range(rounds):
        words = []
        for _ in range(word_count):
            x = (x * 137 + 187) % 10007
            letters = []
            for _ in range(2 + x % 7):
                x = (x * 137 + 187) % 10007
                letters.append(ALPHABET[x % 31])
            words.append("".join(letters))
        text = " ".join(words) + " "
        vowels += sum(1 for c in text if c in VOWELS)
        for w, word in enumerate(text.split(), 1):
            rev = word[::-1]
            if rev < word:
                smaller += 1
            if rev == word:
                palindromes += 1
            h = (h + ord(rev[0]) * w) % 10007
    print(vowels, smaller, palindromes, h, len(text), text[:24])


if __name__ == "__main__":
    main()
