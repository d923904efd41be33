"""Words, numbers and other characters of a text counted by an automaton, R times, like bench/lse/state.lse."""

import sys

TEXT = "IL Y A 12 CHATS, 3 CHIENS ET 147 OISEAUX DANS LA COUR DE 2 ECOLES. "


def kind(ch: str) -> int:
    """1 for a capital letter, 2 for a digit, 0 for anything else."""
    return 1 if "A" <= ch <= "Z" else 2 if "0" <= ch <= "9" else 0


def main() -> None:
    rounds = int(sys.stdin.read())
    words = numbers = others = 0
    for _ in range(rounds):
        state = 0
        for ch in TEXT:
            q = kind(ch)
            if q == state != 0:
                continue
            state = q
            if q == 1:
                words += 1
            elif q == 2:
                numbers += 1
            else:
                others += 1
    print(words, numbers, others)


if __name__ == "__main__":
    main()
