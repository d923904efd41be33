"""Minesweeper counts on a board held in a string bordered by #, like bench/lse/mines.lse."""

import sys


def board(width: int, height: int, x: int) -> tuple[str, int]:
    """A board ('*' where x <- (75x + 74) mod 65537 falls below 13000), and the generator's last x."""
    border = "#" * (width + 2)
    rows = [border]
    for _ in range(height):
        cells = []
        for _ in range(width):
            x = (x * 75 + 74) % 65537
            cells.append("*" if x < 13000 else ".")
        rows.append("#" + "".join(cells) + "#")
    rows.append(border)
    return "".join(rows), x


def found(text: str, char: str) -> tuple[int, int]:
    """How many times `char` occurs in `text`, and the sum of its 1-based positions."""
    count = total = 0
    at = text.find(char)
    while at >= 0:
        count += 1
        total += at + 1
        at = text.find(char, at + 1)
    return count, total


def counts(cells: str, width: int, height: int) -> str:
    """Row after row, each mine as '*' and each other square as its number of neighbouring mines."""
    row = width + 2
    around = (-row - 1, -row, -row + 1, -1, 1, row - 1, row, row + 1)
    out = []
    for j in range(1, height + 1):
        for i in range(1, width + 1):
            p = j * row + i
            if cells[p] == "*":
                out.append("*")
            else:
                out.append(str(sum(1 for d in around if cells[p + d] == "*")))
    return "".join(out)


def main() -> None:
    width, height, rounds = map(int, sys.stdin.read().split())
    x = 1
    mines = mine_sum = zeros = zero_sum = 0
    for _ in range(rounds):
        cells, x = board(width, height, x)
        m, s = found(cells, "*")
        result = counts(cells, width, height)
        z, t = found(result, "0")
        mines, mine_sum, zeros, zero_sum = mines + m, mine_sum + s, zeros + z, zero_sum + t
    print(mines, mine_sum, zeros, zero_sum, result[:width])


if __name__ == "__main__":
    main()
