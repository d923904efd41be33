"""What watches a headless run slice by slice: the GIF recording (--record) and the progress line.

Must not import pygame or PIL at import time: the recording is drawn (render.py) only when saved.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from machine.lse.status import Status
from machine.micro import Micro


class Watch:
    """Hooks for run_headless: capture the screen at the frame rate, refresh the progress line."""

    def __init__(self, micro: Micro, *, record: Path | None = None, progress: TextIO | None = None,
                 shared_terminal: bool = True) -> None:
        self.micro = micro
        profile = micro.profile
        # Decision: the recorder and the progress line are imported only by a run that uses them (start-up).
        self.recorder = None
        if record is not None:
            from machine.recorder import Recorder
            self.recorder = Recorder(profile.frame_hz)
        self.record = record
        # Recording: one slice per frame of emulated time, so the GIF keeps the Micro's own timing.
        self.slice_cycles = profile.clock_hz // profile.frame_hz if record is not None else None
        self.progress = None
        if progress is not None:
            from machine.progress import Progress
            self.progress = Progress(progress, profile.clock_hz)
        if self.progress is not None and shared_terminal:
            micro.listeners.insert(0, self.progress.hide)  # stdout prints on the same terminal: erase first

    def on_slice(self) -> None:
        """After each slice of the run."""
        if self.recorder is not None:
            self.recorder.capture(self.micro.screen, self.micro.emulated_seconds())
        if self.progress is not None:
            if self.micro.runtime.status is Status.WAITING:
                self.progress.wait()  # never over a question, and waiting is not computing
            else:
                self.progress.update(self.micro.cycles)

    def on_input(self) -> None:
        """The person typed the line LIRE waited for: the progress line counts time again."""
        if self.progress is not None:
            self.progress.resume()

    def finish(self, look: Callable[[], object], stderr: TextIO) -> bool:
        """Erase the progress line and save the recording drawn by look(); False if it could not be saved."""
        if self.progress is not None:
            self.progress.hide()
        if self.recorder is None:
            return True
        self.recorder.capture(self.micro.screen, self.micro.emulated_seconds())
        try:
            self.recorder.save(self.record, look())
        except Exception as error:  # pygame.error, OSError, or no Pillow: the file cannot be written
            stderr.write(f"ENREGISTREMENT NON SAUVE: {self.record} ({error})\n")
            return False
        if self.recorder.full:
            longest = self.recorder.longest_seconds
            stderr.write(f"ENREGISTREMENT ARRETE A {longest:g} S: {self.record} EN GARDE LE DEBUT\n")
        return True
