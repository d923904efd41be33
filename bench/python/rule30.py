"""Rule 30 on a string of 'X' and '.', dead cells fixed at both ends, like bench/lse/rule30.lse."""

import sys

BORN = {"X..", ".XX", ".X.", "..X"}


def main() -> None:
    width, generations = map(int, sys.stdin.read().split())
    s = "".join("X" if i == width // 2 + 2 else "." for i in range(1, width + 3))
    alive = 0
    for _ in range(generations):
        cells = ["."]
        for i in range(1, width + 1):
            if s[i - 1:i + 2] in BORN:
                cells.append("X")
                alive += 1
            else:
                cells.append(".")
        cells.append(".")
        s = "".join(cells)
    print(alive, s[1:61])


if __name__ == "__main__":
    main()
