"""Longest common subsequence of two generated ACGT strings by a DP table, then traced back, like lcs.lse."""

import sys


def lcs_table(a: str, b: str) -> list[list[int]]:
    """table[i][j]: the length of an LCS of a[:i] and b[:j]."""
    table = [[0] * (len(b) + 1)]
    for ca in a:
        prev = table[-1]
        row = [0]
        for j, cb in enumerate(b, 1):
            row.append(prev[j - 1] + 1 if ca == cb else max(prev[j], row[j - 1]))
        table.append(row)
    return table


def trace_back(table: list[list[int]], a: str, b: str) -> str:
    """One LCS, found walking back from the table's corner."""
    out = []
    i, j = len(a), len(b)
    while i and j:
        if a[i - 1] == b[j - 1]:
            out.append(a[i - 1])
            i -= 1
            j -= 1
        elif table[i - 1][j] >= table[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return "".join(reversed(out))


def main() -> None:
    length, rounds = map(int, sys.stdin.read().split())
    letters = "ACGT"
    x = 11
    total = positions = 0
    for _ in range(rounds):
        a, b = [], []
        for _ in range(length):
            x = (x * 137 + 187) % 10007
            a.append(letters[x % 4])
            x = (x * 137 + 187) % 10007
            b.append(letters[x // 7 % 4])
        a, b = "".join(a), "".join(b)
        table = lcs_table(a, b)
        z = trace_back(table, a, b)
        total += len(z)
        positions += z.find("TT") + 1
    print(total, positions, table[length][length], z[:30])


if __name__ == "__main__":
    main()
