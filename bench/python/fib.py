"""Fibonacci(24) by its definition, like bench/lse/fib.lse."""


def fib(n: float) -> float:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def main() -> None:
    print(fib(24.0))


if __name__ == "__main__":
    main()
