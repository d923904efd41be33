"""A stack calculator run by a program of words, for N from 1 to NR, like bench/lse/menu.lse (a dict of functions)."""

import sys
from collections.abc import Callable

PROGRAM = ("N N * 3 N * + 7 - 97 % ; N 2 * 1 + D * N 13 % S - 1000 % ; "
           "N 5 / N 3 % M N 11 % D * + ; N 100 + N 7 % 1 + / N 9 % M 17 * 251 % ; ")

Operation = Callable[[list[int], int], None]


def binary(f: Callable[[int, int], int]) -> Operation:
    """The operation that replaces the two numbers on top of the stack by f of them."""
    def op(stack: list[int], n: int) -> None:
        b = stack.pop()
        stack[-1] = f(stack[-1], b)
    return op


def push_n(stack: list[int], n: int) -> None:
    """Push n."""
    stack.append(n)


def dup(stack: list[int], n: int) -> None:
    """Push the top again."""
    stack.append(stack[-1])


def swap(stack: list[int], n: int) -> None:
    """Exchange the two numbers on top."""
    stack[-1], stack[-2] = stack[-2], stack[-1]


OPERATIONS: dict[str, Operation] = {
    "N": push_n,
    "+": binary(lambda a, b: a + b),
    "-": binary(lambda a, b: a - b),
    "*": binary(lambda a, b: a * b),
    "/": binary(lambda a, b: a // b),
    "%": binary(lambda a, b: a % b),
    "D": dup,
    "S": swap,
    "M": binary(max),
}


def main() -> None:
    nr = int(sys.stdin.read().split()[0])
    total = ops = runs = 0
    for n in range(1, nr + 1):
        stack: list[int] = []
        for word in PROGRAM.split():
            if word == ";":
                total = (total + stack[-1]) % 99991
                stack = []
                runs += 1
            elif word in OPERATIONS:
                OPERATIONS[word](stack, n)
                ops += 1
            else:
                stack.append(int(word))
    print(f"CALCULS: {runs} OPERATIONS: {ops} SOMME: {total}")


if __name__ == "__main__":
    main()
