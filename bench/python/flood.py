"""Flood fill of pseudo-random mazes with an explicit stack, like bench/lse/flood.lse."""

import sys

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def maze(width: int, height: int, x: int) -> tuple[list[list[int]], int]:
    """1 = wall, 0 = free; bordered by walls; wall where x <- (75x + 74) mod 65537 falls below 21000."""
    grid = []
    for j in range(height + 2):
        row = []
        for i in range(width + 2):
            x = (x * 75 + 74) % 65537
            border = j == 0 or j == height + 1 or i == 0 or i == width + 1
            row.append(1 if border or x < 21000 else 0)
        grid.append(row)
    return grid, x


def fill(grid: list[list[int]]) -> tuple[int, int]:
    """Cells reached from (1, 1), and the number of pops + 1."""
    grid[1][1] = 2
    stack = [(1, 1)]
    reached = 1
    pops = 0
    while stack:
        i, j = stack.pop()
        pops += 1
        for di, dj in STEPS:
            if grid[j + dj][i + di] == 0:
                grid[j + dj][i + di] = 2
                reached += 1
                stack.append((i + di, j + dj))
    return reached, pops + 1


def main() -> None:
    width, height, rounds = map(int, sys.stdin.read().split())
    x = 1
    total = most = 0
    for _ in range(rounds):
        grid, x = maze(width, height, x)
        reached, k = fill(grid)
        total += reached
        most = max(most, k)
    print(total, most, x)


if __name__ == "__main__":
    main()
