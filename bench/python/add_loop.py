"""A million additions, like bench/lse/add_loop.lse: float arithmetic as in LSE."""


def main() -> None:
    x = 0.0
    for i in range(1, 1_000_001):
        x += i
    print(x)


if __name__ == "__main__":
    main()
