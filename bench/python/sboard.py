"""The N queens on a board held in a list, by a recursive function given it, like bench/lse/sboard.lse (a CHAINE)."""

import sys


def place(board: list[str], k: int, n: int) -> int:
    """The solutions with queens on the rows before k as the board holds them."""
    if k > n:
        return 1
    found = 0
    for c in range(1, n + 1):
        free = True
        for row in range(1, k):
            d, at = k - row, (row - 1) * n + c - 1
            if board[at] == "Q" or (c - d >= 1 and board[at - d] == "Q") or (c + d <= n and board[at + d] == "Q"):
                free = False
                break
        if free:
            at = (k - 1) * n + c - 1
            board[at] = "Q"
            found += place(board, k + 1, n)
            board[at] = "."
    return found


def main() -> None:
    n = int(sys.stdin.read())
    print(place(["."] * (n * n), 1, n))


if __name__ == "__main__":
    main()
