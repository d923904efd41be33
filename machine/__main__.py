"""`python -m machine`, main.py and the installed `micro-lse` command: one command line."""

import atexit
import gc
import sys

from machine.cli import main


def run() -> int:
    """Entry point of the `micro-lse` command (and of main.py)."""
    # Decision: at exit, the interpreter's last collection went through every object the run
    # left (modules, compiled units): about 5 ms of each whole run. Frozen, they are skipped;
    # atexit runs before that collection, and only when the process ends.
    atexit.register(gc.freeze)
    return main(sys.argv[1:], sys.stdin, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(run())
