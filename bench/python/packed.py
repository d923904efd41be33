"""A selection sort of N six-letter names, like bench/lse/packed.lse (which keeps them end to end in one string)."""

import sys


def names(n: int) -> list[str]:
    """N names of letters drawn by a congruence."""
    x, made = 11, []
    for _ in range(n):
        name = ""
        for _ in range(6):
            x = (x * 75 + 74) % 65537
            name += chr(65 + x % 26)
        made.append(name)
    return made


def main() -> None:
    n = int(sys.stdin.read())
    held = names(n)
    for i in range(n - 1):
        k = i
        for j in range(i + 1, n):
            if held[j] < held[k]:
                k = j
        held[i], held[k] = held[k], held[i]
    text = "".join(held)
    print(text[:18], text[-12:])


if __name__ == "__main__":
    main()
