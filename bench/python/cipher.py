"""A Caesar shift of a text, N times over, a character at a time, like bench/lse/cipher.lse."""

import sys


def main() -> None:
    n = int(sys.stdin.read())
    text = "LESPOULESETLERENARDJOUENTSURLEDAMIERDEJACQUESARSAC"
    for _ in range(n):
        shifted = ""
        for char in text:
            code = ord(char) + 3
            if code > 90:
                code -= 26
            shifted += chr(code)
        text = shifted
    print(text)


if __name__ == "__main__":
    main()
