"""A bank with NG tellers and a bounded waiting line, like bank.lse: a linear congruential generator
drives arrivals (busier in rush hours) and service times; a deque is the waiting line."""

import sys
from collections import deque

CAPACITY = 64


class Lcg:
    """s <- (197*s + 11) mod 65536."""

    def __init__(self, seed: int) -> None:
        self.s = seed

    def next(self) -> int:
        self.s = (self.s * 197 + 11) % 65536
        return self.s


def main() -> None:
    nt, ng = map(int, sys.stdin.read().split())
    rng = Lcg(12345)
    line: deque[int] = deque()
    busy = [0] * ng
    served = rejected = wait_sum = wait_max = longest = 0
    for t in range(1, nt + 1):
        limit = 42598 if t % 1000 < 400 else 21000
        if rng.next() < limit:
            if len(line) == CAPACITY:
                rejected += 1
            else:
                line.append(t)
                longest = max(longest, len(line))
        for g in range(ng):
            if busy[g] > 0:
                busy[g] -= 1
            if busy[g] == 0 and line:
                wait = t - line.popleft()
                wait_sum = (wait_sum + wait) % 65521
                wait_max = max(wait_max, wait)
                served += 1
                busy[g] = 2 + rng.next() // 6554
        if t % 10000 == 0:
            print(f"T={t} SERVIS {served} FILE {len(line)} REFUSES {rejected}")
    print(f"SERVIS {served} REFUSES {rejected} EN ATTENTE {len(line)}")
    print(f"ATTENTE MAX {wait_max} FILE MAX {longest} SOMME DES ATTENTES {wait_sum}")


if __name__ == "__main__":
    main()
