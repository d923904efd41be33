"""Words and vowels of a text counted a character at a time, N times over, like bench/lse/words.lse."""

import sys


def main() -> None:
    n = int(sys.stdin.read())
    text = "LE RENARD ET LES POULES SONT SUR LE DAMIER, LE RENARD MANGE UNE POULE QUI NE BOUGE PAS "
    words = vowels = 0
    for _ in range(n):
        between = True
        for char in text:
            if char == " ":
                between = True
                continue
            if between:
                words += 1
            between = False
            if char in "AEIOUY":
                vowels += 1
    print(words, vowels)


if __name__ == "__main__":
    main()
