"""The empty program: measures the start-up of CPython (twin of bench/lse/empty.lse)."""


def main() -> None:
    """Nothing to do: the whole cost of this twin is the interpreter's start-up."""
