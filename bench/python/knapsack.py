"""0/1 knapsack by dynamic programming over a table (items x capacity), items from a congruence, like knapsack.lse."""

import sys


def knapsack(weights: list[int], values: list[int], capacity: int) -> list[list[int]]:
    """The table best[i][c]: the best value of the first i items within capacity c."""
    best = [[0] * (capacity + 1)]
    for w, v in zip(weights, values):
        prev = best[-1]
        best.append([max(prev[c], prev[c - w] + v) if c >= w else prev[c] for c in range(capacity + 1)])
    return best


def chosen(best: list[list[int]], weights: list[int], capacity: int) -> list[int]:
    """The 1-based indices of the items taken, from the last one back."""
    taken, c = [], capacity
    for i in range(len(weights), 0, -1):
        if best[i][c] != best[i - 1][c]:
            taken.append(i)
            c -= weights[i - 1]
    return taken


def main() -> None:
    n, capacity, rounds = map(int, sys.stdin.read().split())
    x = 7
    total = count = weighted = 0
    for r in range(1, rounds + 1):
        weights, values = [], []
        for _ in range(n):
            x = (x * 137 + 187) % 10007
            weights.append(1 + x % 30)
            x = (x * 137 + 187) % 10007
            values.append(1 + x % 50)
        best = knapsack(weights, values, capacity)
        total += best[n][capacity]
        taken = chosen(best, weights, capacity)
        count += len(taken)
        weighted += sum(i * r for i in taken)
    print(total, count, weighted, best[n][capacity])


if __name__ == "__main__":
    main()
