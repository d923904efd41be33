"""A sudoku solved by backtracking over its empty cells, R times, like bench/lse/sudoku.lse (jumps by ALLER EN)."""

import sys

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def solve(puzzle: str) -> tuple[list[list[int]], int] | None:
    """The solved grid and the digits placed on the way, or None if there is no solution."""
    g = [[int(puzzle[i * 9 + j]) for j in range(9)] for i in range(9)]
    empty = [(i, j) for i in range(9) for j in range(9) if g[i][j] == 0]
    placed = 0
    k = 0
    while k < len(empty):
        if k < 0:
            return None
        i, j = empty[k]
        row = g[i]
        bi, bj = i // 3 * 3, j // 3 * 3
        c = row[j] + 1
        while c <= 9:
            if c not in row and all(g[l][j] != c for l in range(9)) and \
                    all(g[l][m] != c for l in range(bi, bi + 3) for m in range(bj, bj + 3)):
                break
            c += 1
        if c > 9:
            row[j] = 0
            k -= 1
        else:
            row[j] = c
            placed += 1
            k += 1
    return g, placed


def main() -> None:
    rounds = int(sys.stdin.read().split()[0])
    for _ in range(rounds):
        solved = solve(PUZZLE)
        if solved is None:
            print("PAS DE SOLUTION")
            return
    g, placed = solved
    for row in g:
        print("".join(map(str, row)))
    print(f"CHIFFRES POSES: {placed}")


if __name__ == "__main__":
    main()
