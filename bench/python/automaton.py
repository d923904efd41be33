"""A finite automaton counting the motif 11010 in a pseudo-random bit stream, like bench/lse/automaton.lse."""

import sys

MOTIF_FOUND = 5
# NEXT[state][bit]: state k = the first k bits of 11010 were just read (Knuth-Morris-Pratt)
NEXT = [[0, 1], [0, 2], [3, 2], [0, 4], [MOTIF_FOUND, 2]]


def main() -> None:
    n = int(sys.stdin.readline())
    state = motifs = ones = 0
    x = 1
    for _ in range(n):
        x = (x * 75 + 74) % 65537  # the generator; the bit is 1 when x > 32768
        bit = x > 32768
        ones += bit
        state = NEXT[state][bit]
        if state == MOTIF_FOUND:
            motifs += 1
            state = 0
    print(motifs, ones, x)


if __name__ == "__main__":
    main()
