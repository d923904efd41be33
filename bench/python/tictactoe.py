"""Tic-tac-toe valued by negamax with alpha-beta pruning, counting nodes, like tictactoe.lse."""

import sys

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Search:
    def __init__(self) -> None:
        self.board = [0] * 9
        self.nodes = 0

    def wins(self, player: int) -> bool:
        b = self.board
        return any(b[i] + b[j] + b[k] == 3 * player for i, j, k in LINES)

    def negamax(self, player: int, alpha: int, beta: int, depth: int) -> int:
        """The value of the board for `player` to move, `depth` moves played."""
        self.nodes += 1
        if self.wins(-player):
            return depth - 10
        if depth == 9:
            return 0
        best = -100
        board = self.board
        for square in range(9):
            if board[square]:
                continue
            board[square] = player
            value = -self.negamax(-player, -beta, -alpha, depth + 1)
            board[square] = 0
            if value > best:
                best = value
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        return best


def main() -> None:
    k = int(sys.stdin.read())
    search = Search()
    value = search.negamax(1, -100, 100, 0)
    print(value, search.nodes)
    total = 0
    for square in range(k):
        search.board[square] = 1
        search.nodes = 0
        value = -search.negamax(-1, -100, 100, 1)
        search.board[square] = 0
        print(square + 1, value, search.nodes)
        total += search.nodes
    print(total)


if __name__ == "__main__":
    main()
