"""`python -m machine` and the installed `micro-lse` command: the same command line as main.py."""

import sys

from machine.cli import main


def run() -> int:
    """Entry point of the `micro-lse` command."""
    return main(sys.argv[1:], sys.stdin, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(run())
