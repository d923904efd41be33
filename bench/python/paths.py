"""Simple paths from corner to corner of a W x H board, by recursive search, like bench/lse/paths.lse."""

import sys


def count_paths(width: int, height: int) -> tuple[int, int, int, str]:
    """Paths found, squares visited, deepest path, and the board afterwards (rows bordered by #)."""
    row = width + 2
    board = list("#" * row + ("#" + "." * width + "#") * height + "#" * row)
    goal = (height + 1) * row - 2  # 0-based
    steps = (1, row, -1, -row)
    paths = visits = deepest = 0

    def search(p: int, depth: int) -> None:
        nonlocal paths, visits, deepest
        visits += 1
        deepest = max(deepest, depth)
        if p == goal:
            paths += 1
            return
        board[p] = "O"
        for step in steps:
            if board[p + step] == ".":
                search(p + step, depth + 1)
        board[p] = "."

    search(row + 1, 0)
    return paths, visits, deepest, "".join(board)


def main() -> None:
    width, height = map(int, sys.stdin.read().split())
    print(*count_paths(width, height))


if __name__ == "__main__":
    main()
