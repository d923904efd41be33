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


def start() -> int:
    """Entry point of the `micro-lse` command, of main.py and of `python -m machine`: run, then leave at once."""
    return _end(run())


def run() -> int:
    """The command line of this process run; its exit status (it returns: an embedding program or a test calls it)."""
    _signal.signal(_signal.SIGINT, _leave)  # the front ends put up their own while a program runs
    # Decision: at exit, the interpreter's last collection went through every object the run
    # left (modules, compiled units): about 5 ms of each whole run. Frozen, they are skipped;
    # atexit runs before that collection, and only when the process ends.
    atexit.register(gc.freeze)
    from machine.cli import main
    try:
        status = main(sys.argv[1:], sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:  # a handler restored by a test harness or an embedding program
        return INTERRUPTED_STATUS
    return status


def _end(status: int) -> int:
    """Leave the process with status once what it printed is out; status back if that cannot be known.

    Decision: the interpreter's teardown (every module's dictionary emptied, the objects of the
    run finalised) was 5-10 ms of CPU, a fifth of what the Micro adds to Python's own start-up,
    and keeps nothing: the Micro closes its files, saves and sound itself before main returns
    (its one thread is a daemon). So once both streams are flushed, the process ends at once;
    a stream that cannot be flushed (a closed pipe) is left to the usual exit, which reports it. Only the
    command's own entry (start) ends so: run returns, for a process that goes on after it.
    """
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return status
    os._exit(status if isinstance(status, int) else 1)


if __name__ == "__main__":
    sys.exit(start())
