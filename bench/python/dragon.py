"""The dragon curve by string rewriting, then walked by a turtle, like bench/lse/dragon.lse."""

import sys

RULES = {"X": "X+YF+", "Y": "-FX-Y"}
MOVES = ((1, 0), (0, 1), (-1, 0), (0, -1))


def rewrite(s: str) -> str:
    return "".join(RULES.get(c, c) for c in s)


def walk(s: str) -> tuple[int, int, int, int, int]:
    x = y = d = xm = ym = forward = 0
    for c in s:
        if c == "+":
            d = (d + 1) % 4
        elif c == "-":
            d = (d + 3) % 4
        elif c == "F":
            forward += 1
            dx, dy = MOVES[d]
            x += dx
            y += dy
            xm = max(xm, abs(x))
            ym = max(ym, abs(y))
    return forward, x, y, xm, ym


def main() -> None:
    generations, rounds = map(int, sys.stdin.read().split())
    for _ in range(rounds):
        s = "FX"
        for _ in range(generations):
            s = rewrite(s)
        result = walk(s)
    print(len(s), *result)


if __name__ == "__main__":
    main()
