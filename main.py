"""Start the Micro: `python main.py [FILE] [options]`; `--help` lists the options."""

import sys

from machine.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
