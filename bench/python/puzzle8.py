"""Breadth-first search of the 8-puzzle from a scrambled position, like puzzle8.lse: positions coded by
their rank among the permutations of 0..8, a queue in a list, the positions seen in a set."""

import sys
from math import factorial

WEIGHTS = [factorial(8 - i) for i in range(9)]
START = [8, 1, 3, 4, 0, 2, 7, 6, 5]


def rank(p: list[int]) -> int:
    """The rank of the permutation p (Lehmer code)."""
    r = 0
    for i in range(8):
        x = p[i]
        r += sum(1 for y in p[i + 1:] if y < x) * WEIGHTS[i]
    return r


def unrank(r: int) -> list[int]:
    """The permutation of 0..8 whose rank is r."""
    free = list(range(9))
    p = []
    for w in WEIGHTS:
        k, r = divmod(r, w)
        p.append(free.pop(k))
    return p


def neighbours(z: int) -> list[int]:
    """The cells the hole at z (0..8) may move to, up, down, left, right."""
    row, col = divmod(z, 3)
    out = []
    if row > 0:
        out.append(z - 3)
    if row < 2:
        out.append(z + 3)
    if col > 0:
        out.append(z - 1)
    if col < 2:
        out.append(z + 1)
    return out


def main() -> None:
    depth = int(sys.stdin.read().split()[0])
    r0 = rank(START)
    seen = {r0}
    queue = [r0]
    head = 0
    print("DEPART", r0)
    for level in range(1, depth + 1):
        end = len(queue)
        count = total = 0
        while head < end:
            p = unrank(queue[head])
            head += 1
            z = p.index(0)
            for k in neighbours(z):
                p[z], p[k] = p[k], 0
                r = rank(p)
                if r not in seen:
                    seen.add(r)
                    queue.append(r)
                    count += 1
                    total = (total + r) % 99991
                p[k], p[z] = p[z], 0
        print(f"PROFONDEUR {level} : {count} POSITIONS, SOMME {total}")
    print("TOTAL", len(queue))


if __name__ == "__main__":
    main()
