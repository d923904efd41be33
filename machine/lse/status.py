"""Why a run of the Micro came back to its caller; imports nothing."""

from __future__ import annotations

import enum


class Status(enum.Enum):
    """Why run() returned."""

    RUNNING = "running"      # the slice of cycles is spent; call run() again
    WAITING = "waiting"      # LIRE needs a line of input: feed() it, then run()
    PAUSED = "paused"        # PAUSE: run() again to continue
    ENDED = "ended"          # TERMINER
    FAILED = "failed"        # an LseError; see .error
