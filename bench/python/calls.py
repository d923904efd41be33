"""100 000 procedure calls, each adding to one array element passed by reference (bench/lse/calls.lse)."""


def add(cells: list, index: int, value: float) -> None:
    cells[index] += value


def main() -> None:
    t = [0.0] * 101
    for _ in range(1000):
        for i in range(1, 101):
            add(t, i, float(i))
    print(sum(t[1:]))


if __name__ == "__main__":
    main()
