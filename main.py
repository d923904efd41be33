"""Start the Micro: `python main.py [FILE] [options]`; `--help` lists the options."""

import sys

from machine.__main__ import run

if __name__ == "__main__":
    sys.exit(run())
