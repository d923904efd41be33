"""Words, letters and the sum of the numbers of a text, N times over, like bench/lse/scan.lse (SKP, GRL, CNB)."""

import sys

TEXT = "LE 12 MAI 1974 IL Y AVAIT 35 ELEVES ET 2 PROFESSEURS DANS 14 SALLES DE 30 PLACES "


def main() -> None:
    n = int(sys.stdin.read())
    words = letters = total = codes = 0
    for _ in range(n):
        for token in TEXT.split():
            if token.isalpha():
                words += 1
                letters += len(token)
                codes += ord(token[0])
            else:
                total += int(token)
        total %= 99991
        codes %= 99991
        letters %= 99991
    print(words, letters, total, codes)


if __name__ == "__main__":
    main()
