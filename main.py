"""Start the Micro: `python main.py [FILE] [options]`; `--help` lists the options."""

import _signal  # first, and the C module itself: signal.py builds enums, long enough to be interrupted
import os
import sys


def _leave(signum: int, frame: object) -> None:
    os._exit(130)  # Ctrl-C while the Micro starts: nothing to keep yet, no traceback


if __name__ == "__main__":
    _signal.signal(_signal.SIGINT, _leave)
    from machine.__main__ import start
    sys.exit(start())
