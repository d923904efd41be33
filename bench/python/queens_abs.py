"""The N queens by backtracking (N read from stdin), like bench/lse/queens_abs.lse: first solution, then the count."""

import sys


def safe(cols: list[int], col: int) -> bool:
    """May a queen go in column `col` of the next row, below the queens of `cols`?"""
    row = len(cols)
    for j, c in enumerate(cols):
        if c == col or abs(c - col) == row - j:
            return False
    return True


def solve(n: int) -> int:
    count = 0

    def place(cols: list[int]) -> None:
        nonlocal count
        if len(cols) == n:
            count += 1
            if count == 1:
                print(*cols)
            return
        for col in range(1, n + 1):
            if safe(cols, col):
                cols.append(col)
                place(cols)
                cols.pop()

    place([])
    return count


def main() -> None:
    print(solve(int(sys.stdin.readline())))


if __name__ == "__main__":
    main()
