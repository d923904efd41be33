"""Conway's game of life on a list of lists with a dead border, like bench/lse/life.lse."""

import sys


def first_generation(n: int) -> list[list[int]]:
    """An (n+2) x (n+2) grid whose inner cells live where x <- (75x + 74) mod 65537 falls below 21846."""
    grid = [[0] * (n + 2) for _ in range(n + 2)]
    x = 1
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            x = (x * 75 + 74) % 65537
            if x < 21846:
                grid[i][j] = 1
    return grid


def step(grid: list[list[int]], n: int) -> int:
    """Replace grid by its next generation; return how many cells live."""
    neighbours = [[0] * (n + 2) for _ in range(n + 2)]
    for i in range(1, n + 1):
        above, row, below = grid[i - 1], grid[i], grid[i + 1]
        counts = neighbours[i]
        for j in range(1, n + 1):
            counts[j] = (above[j - 1] + above[j] + above[j + 1] + row[j - 1] + row[j + 1]
                         + below[j - 1] + below[j] + below[j + 1])
    alive = 0
    for i in range(1, n + 1):
        row, counts = grid[i], neighbours[i]
        for j in range(1, n + 1):
            k = counts[j]
            if k == 3:
                row[j] = 1
            elif k < 2 or k > 3:
                row[j] = 0
            alive += row[j]
    return alive


def main() -> None:
    n, generations = map(int, sys.stdin.read().split())
    grid = first_generation(n)
    for t in range(1, generations + 1):
        alive = step(grid, n)
        if t % 10 == 0:
            print(t, alive)


if __name__ == "__main__":
    main()
