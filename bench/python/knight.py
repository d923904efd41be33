"""Knight's tours from a corner of an N x M board by recursive search, like bench/lse/knight.lse."""

import sys

MOVES = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def main() -> None:
    rows, columns = map(int, sys.stdin.read().split())
    board = [[0] * (columns + 1) for _ in range(rows + 1)]
    tours = visits = 0

    def trial(x: int, y: int, m: int) -> None:
        """Try every move from (x, y), the m-th square of the tour."""
        nonlocal tours, visits
        visits += 1
        if m > rows * columns:
            tours += 1
            return
        for dx, dy in MOVES:
            u, w = x + dx, y + dy
            if u < 1 or u > rows or w < 1 or w > columns:
                continue
            if board[u][w] == 0:
                board[u][w] = m
                trial(u, w, m + 1)
                board[u][w] = 0

    board[1][1] = 1
    trial(1, 1, 2)
    print(tours, visits)


if __name__ == "__main__":
    main()
