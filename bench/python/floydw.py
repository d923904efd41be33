"""All-pairs shortest paths (Floyd-Warshall) on a generated directed graph, like bench/lse/floydw.lse:
a ring i -> i+1 of length 60 plus pseudo-random arcs."""

import sys

NO_ARC = 1_000_000


def make_graph(n: int) -> list[list[int]]:
    dist = [[0] * n for _ in range(n)]
    x = 1
    for i in range(n):
        row = dist[i]
        for j in range(n):
            x = (x * 137 + 187) % 10007
            if i != j:
                row[j] = 1 + x % 97 if x < 1200 else NO_ARC
    for i in range(n):
        j = (i + 1) % n
        dist[i][j] = min(dist[i][j], 60)
    return dist


def floyd_warshall(dist: list[list[int]]) -> int:
    """Shorten dist in place; return the number of improvements made."""
    n = len(dist)
    improved = 0
    for k in range(n):
        row_k = dist[k]
        for i in range(n):
            row_i = dist[i]
            d_ik = row_i[k]
            if d_ik == NO_ARC:
                continue
            for j in range(n):
                w = d_ik + row_k[j]
                if w < row_i[j]:
                    row_i[j] = w
                    improved += 1
    return improved


def main() -> None:
    n = int(sys.stdin.read())
    dist = make_graph(n)
    improved = floyd_warshall(dist)
    total = sum(map(sum, dist))
    longest = max(map(max, dist))
    print(total, longest, improved)
    print(dist[0][n - 1], dist[n - 1][0], dist[n // 2 - 1][n // 3 - 1])


if __name__ == "__main__":
    main()
