"""The progress line of a long headless run: emulated time and cycles per second, on a terminal's stderr.

Imports nothing of the project; the caller decides that stderr is a terminal (never in pipes or CI).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

REFRESH_SECONDS = 0.25  # at most 4 refreshes a second
SHOW_AFTER_SECONDS = 1.0  # a run shorter than this never shows the line


def emulated_time(seconds: float) -> str:
    """Emulated time as the Micro says it: 1 H 02 MN 03.4 S."""
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{int(hours)} H {int(minutes):02d} MN {seconds:04.1f} S"
    if minutes:
        return f"{int(minutes)} MN {seconds:04.1f} S"
    return f"{seconds:.1f} S"


def spaced(number: int) -> str:
    """An integer with its thousands apart, as French prints them: 1 234 567."""
    return f"{number:,}".replace(",", " ")


class Progress:
    """One line on stderr, redrawn in place with a carriage return; hidden before the program prints."""

    def __init__(self, stream: TextIO, clock_hz: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.clock_hz = clock_hz
        self.clock = clock
        self.started = clock()
        self.last: float | None = None
        self.width = 0  # characters of the line on the terminal now (0: nothing shown)
        self.refreshes = 0
        self.waited = 0.0  # wall seconds spent waiting for the person (LIRE): not computing time
        self.waiting_since: float | None = None

    def line(self, cycles: int, elapsed: float) -> str:
        """The text of the line after `cycles` emulated cycles in `elapsed` wall seconds."""
        rate = cycles / elapsed if elapsed > 0 else 0.0
        return (f"TEMPS EMULE {emulated_time(cycles / self.clock_hz)}  {spaced(cycles)} CYCLES  "
                f"{spaced(round(rate))} CYCLES/S (x{rate / self.clock_hz:.0f})")

    def update(self, cycles: int) -> None:
        """Redraw the line if the run is long enough and the last refresh is a quarter second old."""
        now = self.clock()
        self.resume(now)
        computing = now - self.started - self.waited
        if computing < SHOW_AFTER_SECONDS or (self.last is not None and now - self.last < REFRESH_SECONDS):
            return
        self.last = now
        text = self.line(cycles, computing)
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)
        self.refreshes += 1

    def wait(self) -> None:
        """The program waits for the person (LIRE): erase the line, stop counting time until resume()."""
        self.hide()
        if self.waiting_since is None:
            self.waiting_since = self.clock()

    def resume(self, now: float | None = None) -> None:
        """The person answered: the wait is left out of the rate."""
        if self.waiting_since is not None:
            self.waited += (self.clock() if now is None else now) - self.waiting_since
            self.waiting_since = None

    def hide(self, _text: str = "") -> None:
        """Erase the line (before the program prints, and at the end); a listener of the Micro's output."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
