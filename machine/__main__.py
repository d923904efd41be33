"""`python -m machine`: the Micro's command line, as main.py and the micro-lse command."""

from machine.cli import entry

entry()
