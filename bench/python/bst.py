"""A binary search tree in lists, built NR times from N keys, walked in order and searched, like bench/lse/bst.lse."""

import sys


def build(n: int, x: int) -> tuple[list[int], list[int], list[int], int, int, int]:
    """Insert n keys x mod 3001 (x <- (137x + 187) mod 10007); the keys, the children, duplicates, height, last x."""
    keys: list[int] = []
    left: list[int] = []
    right: list[int] = []
    dup = height = 0
    for _ in range(n):
        x = (x * 137 + 187) % 10007
        c = x % 3001
        if not keys:
            keys.append(c)
            left.append(-1)
            right.append(-1)
            continue
        p, h = 0, 1
        while True:
            if c == keys[p]:
                dup += 1
                break
            h += 1
            branch = left if c < keys[p] else right
            if branch[p] >= 0:
                p = branch[p]
                continue
            branch[p] = len(keys)
            keys.append(c)
            left.append(-1)
            right.append(-1)
            height = max(height, h)
            break
    return keys, left, right, dup, height, x


def walk_and_search(keys: list[int], left: list[int], right: list[int], r: int, ns: int,
                    check: int) -> tuple[int, int, int, int, int, int]:
    """Walk the tree in order, then search it ns times; count, total, check, disorders, found, comparisons."""
    count = total = bad = comparisons = rank = 0
    prev = -1

    def inorder(p: int) -> None:
        """Walk the subtree of p in order: count, add up and check the order of its keys."""
        nonlocal rank, prev, count, total, check, bad
        if p < 0:
            return
        inorder(left[p])
        k = keys[p]
        rank += 1
        count += 1
        total += k
        check = (check + rank * k) % 9973
        if k <= prev:
            bad += 1
        prev = k
        inorder(right[p])

    def search(c: int) -> int:
        """The node of key c counted from 1, or 0 if it is not in the tree."""
        nonlocal comparisons
        p = 0
        while p >= 0:
            comparisons += 1
            if c == keys[p]:
                return p + 1
            p = left[p] if c < keys[p] else right[p]
        return 0

    inorder(0)
    found = sum(1 for j in range(1, ns + 1) if search((7 * j + r) % 3001) > 0)
    return count, total, check, bad, found, comparisons


def main() -> None:
    n, ns, nr = map(int, sys.stdin.read().split())
    x = 1
    nodes = dups = hmax = count = total = check = bad = found = comparisons = 0
    for r in range(1, nr + 1):
        keys, left, right, dup, height, x = build(n, x)
        nodes += len(keys)
        dups += dup
        hmax = max(hmax, height)
        walked, added, check, disorders, hits, compared = walk_and_search(keys, left, right, r, ns, check)
        count += walked
        total += added
        bad += disorders
        found += hits
        comparisons += compared
    print(f"NOEUDS: {nodes} DOUBLONS: {dups} HAUTEUR: {hmax}")
    print(f"PARCOURS: {count} MOYENNE: {total // count} CONTROLE: {check} DESORDRES: {bad}")
    print(f"RECHERCHES: {ns * nr} TROUVEES: {found} COMPARAISONS: {comparisons}")


if __name__ == "__main__":
    main()
