"""NR mazes of W x H cells carved depth first and solved breadth first, like bench/lse/maze.lse."""

import sys
from collections import deque

STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


class Random:
    """The congruential sequence x <- (75x + 74) mod 65537."""

    def __init__(self) -> None:
        self.x = 1

    def below(self, n: int) -> int:
        """The next number of the sequence, modulo n."""
        self.x = (self.x * 75 + 74) % 65537
        return self.x % n


def carve(w: int, h: int, rnd: Random) -> tuple[list[list[int]], int]:
    """Depth-first carving with an explicit stack; cell (i, j) is grid[2i+1][2j+1]. The grid, the deepest stack."""
    grid = [[1] * (2 * w + 1) for _ in range(2 * h + 1)]
    grid[1][1] = 0
    stack = [(0, 0)]
    deepest = 1
    while stack:
        i, j = stack[-1]
        choices = [(di, dj) for di, dj in STEPS
                   if 0 <= i + di < h and 0 <= j + dj < w and grid[2 * (i + di) + 1][2 * (j + dj) + 1] == 1]
        if not choices:
            stack.pop()
            continue
        di, dj = choices[rnd.below(len(choices))]
        grid[2 * i + 1 + di][2 * j + 1 + dj] = 0
        i, j = i + di, j + dj
        grid[2 * i + 1][2 * j + 1] = 0
        stack.append((i, j))
        deepest = max(deepest, len(stack))
    return grid, deepest


def solve(grid: list[list[int]]) -> tuple[int, int]:
    """Breadth-first search from the top-left cell to the bottom-right one; (length in cells, cells taken)."""
    goal = (len(grid) - 2, len(grid[0]) - 2)
    dist = {(1, 1): 0}
    queue = deque([(1, 1)])
    taken = 0
    while queue:
        i, j = queue.popleft()
        taken += 1
        if (i, j) == goal:
            return dist[goal] // 2, taken
        for di, dj in STEPS:
            a, b = i + di, j + dj
            if grid[a][b] == 0 and (a, b) not in dist:
                dist[a, b] = dist[i, j] + 1
                queue.append((a, b))
    raise ValueError("PAS DE CHEMIN")


def dead_ends(grid: list[list[int]]) -> int:
    """The cells with a single opening."""
    return sum(1 for i in range(1, len(grid) - 1, 2) for j in range(1, len(grid[0]) - 1, 2)
               if grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1] == 3)


def main() -> None:
    w, h, nr = map(int, sys.stdin.read().split())
    rnd = Random()
    total = longest = explored = deepest = ends = 0
    for _ in range(nr):
        grid, depth = carve(w, h, rnd)
        length, taken = solve(grid)
        total += length
        longest = max(longest, length)
        explored += taken
        deepest = max(deepest, depth)
        ends += dead_ends(grid)
    print(f"LABYRINTHES: {nr} CHEMINS: {total} LE PLUS LONG: {longest}")
    print(f"CASES EXPLOREES: {explored} PILE MAXIMALE: {deepest} CULS-DE-SAC: {ends}")


if __name__ == "__main__":
    main()
