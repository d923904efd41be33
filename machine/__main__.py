"""`python -m machine`, main.py and the installed `micro-lse` command: one command line."""

import _signal  # first, and the C module itself: signal.py builds enums, long enough to be interrupted
import atexit
import gc
import os
import sys

# Ctrl-C before the Micro has put up its own handler (importing, loading, parsing): exit with
# the shell's status for SIGINT and no traceback.
INTERRUPTED_STATUS = 130


def _leave(signum: int, frame: object) -> None:
    # Decision: exit at once rather than raise KeyboardInterrupt, which an import under way may
    # swallow ("Exception ignored in ...") and go on; nothing is kept yet, nothing is lost.
    os._exit(INTERRUPTED_STATUS)


def run() -> int:
    """Entry point of the `micro-lse` command (and of main.py)."""
    _signal.signal(_signal.SIGINT, _leave)  # the front ends put up their own while a program runs
    # Decision: at exit, the interpreter's last collection went through every object the run
    # left (modules, compiled units): about 5 ms of each whole run. Frozen, they are skipped;
    # atexit runs before that collection, and only when the process ends.
    atexit.register(gc.freeze)
    from machine.cli import main
    try:
        return main(sys.argv[1:], sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:  # a handler restored by a test harness or an embedding program
        return INTERRUPTED_STATUS


if __name__ == "__main__":
    sys.exit(run())
