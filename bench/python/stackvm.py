"""A small stack machine whose instructions a chain of ifs dispatches, like bench/lse/stackvm.lse."""

import sys


def run(n):
    code = [None, 7, 2, 1, 4, 3, 1, 5, 6, 8, 9, 10]
    arg = [0] * 21
    arg[3] = 7
    arg[6] = 1000
    arg[10] = 1
    stack = [0] * 51
    i, s, pc, sp, ni = 1, 0, 1, 0, 0
    while True:
        op = code[pc]
        pc += 1
        ni += 1
        if op == 1:
            sp += 1
            stack[sp] = arg[pc - 1]
        elif op == 2:
            sp += 1
            stack[sp] = i
        elif op == 3:
            sp -= 1
            stack[sp] = stack[sp] + stack[sp + 1]
        elif op == 4:
            sp -= 1
            stack[sp] = stack[sp] * stack[sp + 1]
        elif op == 5:
            sp -= 1
            stack[sp] = stack[sp] % stack[sp + 1]
        elif op == 6:
            s = stack[sp]
            sp -= 1
        elif op == 7:
            sp += 1
            stack[sp] = s
        elif op == 8:
            i += 1
        elif op == 9:
            if i <= n:
                pc = arg[pc - 1]
        else:
            return s, ni, i


def main():
    n = int(sys.stdin.read().split()[0])
    print(*run(n))


if __name__ == "__main__":
    main()
