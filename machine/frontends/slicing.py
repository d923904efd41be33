"""How many cycles the next slice of a run at full speed gets: the host time a slice takes kept about steady.

Used by the front ends (terminal, seat); imports nothing of the Micro.
"""

from __future__ import annotations

import time
from collections.abc import Callable

GREATEST = 5_000_000_000  # cycles: a slice past this would be seconds of even the fastest program


class SliceSizer:
    """The cycles of the next slice of an unpaced run, from how long the last one took on the host.

    Decision: a slice of a fixed number of cycles was 0.1 ms of a program charging many cycles a statement
    (a string rebuilt a character at a time: 5 million cycles a slice), and the end of a slice (the suspension's
    switch, the output given to the screen, the loop taken up again) ~14 us: a tenth of that program's time.
    A slice now doubles while it takes less than half of `seconds`, and halves past twice it (down to
    `least`), so that output, Ctrl-C and the screen still come within some tens of milliseconds. The cycles a run
    counts do not depend on its slices (the oracle resumes programs at every slice end).
    """

    def __init__(self, least: int, seconds: float, clock: Callable[[], float] = time.perf_counter) -> None:
        self.least, self.seconds, self.clock = least, seconds, clock
        self.cycles = least
        self.started = clock()

    def next(self) -> int:
        """The cycles of the next slice, after the one that ended now."""
        now = self.clock()
        took, self.started = now - self.started, now
        if took < self.seconds / 2 and self.cycles < GREATEST:
            self.cycles *= 2
        elif took > self.seconds * 2 and self.cycles > self.least:
            self.cycles //= 2
        return self.cycles

    def waited(self) -> None:
        """The program waited (a line, a pause, the next frame): the time that took is no slice's."""
        self.started = self.clock()
