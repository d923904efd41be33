"""The beep of BEL (EQC(7)): a square wave made from numbers, and the bell that decides when to ring.

Must not import pygame: the window hands the samples to pygame's mixer itself.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from machine.screen import TextScreen

# Host choices, not machine constants: the pitch and length come from the profile ([sound]).
SAMPLE_RATE = 22050
VOLUME = 0.25  # a quarter of full scale: a square wave at full scale is harsh


def square_wave(hz: int, ms: int, rate: int = SAMPLE_RATE, channels: int = 1,
                volume: float = VOLUME) -> array:
    """Return signed 16-bit samples of a square wave, interleaved for `channels`, ready for a mixer."""
    level = int(32767 * volume)
    count = rate * ms // 1000
    samples = array("h")
    for i in range(count):
        # The first half of each period high, the second low; phase from the sample index, no drift.
        value = level if (2 * i * hz // rate) % 2 == 0 else -level
        samples.extend([value] * channels)
    return samples


class Bell:
    """Watches the screen's count of BEL characters and rings once per frame that saw some."""

    def __init__(self, screen: TextScreen, ring: Callable[[], None], *, muted: bool = False) -> None:
        self.screen = screen
        self.ring = ring
        self.muted = muted
        self.heard = screen.bells
        self.rung = 0

    def poll(self) -> bool:
        """Ring if BEL was printed since the last poll (and the Micro is not muted); True if it rang."""
        if self.screen.bells == self.heard:
            return False
        self.heard = self.screen.bells
        if self.muted:
            return False
        self.rung += 1
        self.ring()
        return True
