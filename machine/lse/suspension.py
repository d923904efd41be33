"""The one place a running program stops and is taken up again: slice spent, LIRE, PAUSE, the debugger.

Decision: the runtime reaches its host through this hook only. On the desktop a program runs on a
greenlet, a stack of its own, so compiled LSE is plain Python calls that can stop anywhere with no
thread and the front end still steps the Micro from outside; another host (a browser, whose own
mechanism waits on a promise) gives its own Suspension (machine/web/promised.py). Imports the status
only, and greenlet when a desktop suspension is made (a browser has no greenlet).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from machine.lse.status import Status

if TYPE_CHECKING:
    from greenlet import greenlet


class Unwound(BaseException):
    """Thrown into a suspended call that is given up: it unwinds the call's stack, never an LSE error."""


def unwinding() -> tuple[type[BaseException], ...]:
    """The exceptions by which a suspension unwinds a stack: generated code lets them pass."""
    try:
        from greenlet import GreenletExit
    except ImportError:  # a browser: no greenlet
        return (Unwound,)
    return (Unwound, GreenletExit)


class Suspension(Protocol):
    """What a host gives the runtime so that a program can stop and go on."""

    def prepare(self, body: Callable[[int], None]) -> None:
        """Get a program's body ready to run (not started)."""

    def begin(self, start: int) -> Status | None:
        """Run body(start) until it suspends (its status) or ends (None)."""

    def resume(self) -> Status | None:
        """Go on from where the body suspended."""

    def suspend(self, status: Status) -> None:
        """From inside the body: give control back with a status; return when taken up again."""

    def done(self) -> bool:
        """True once the body has ended."""

    def call(self, function: Callable, args: list) -> tuple[object, bool]:
        """Run a call to its end: (its result, True); or (the status it stopped with, False), unwound."""


class GreenletSuspension:
    """The desktop's suspension: the program on a greenlet of its own."""

    def __init__(self) -> None:
        from greenlet import greenlet  # the desktop's only: imported when a desktop program runs
        self.greenlet = greenlet
        self.program: greenlet | None = None
        self.caller: greenlet | None = None

    def prepare(self, body: Callable[[int], None]) -> None:
        self.program = self.greenlet(body)

    def _switch(self, program: greenlet, *args: object) -> object:
        self.caller = self.greenlet.getcurrent()
        program.parent = self.caller
        return program.switch(*args)

    def begin(self, start: int) -> Status | None:
        return self._switch(self.program, start)

    def resume(self) -> Status | None:
        return self._switch(self.program)

    def suspend(self, status: Status) -> None:
        self.caller.switch(status)

    def done(self) -> bool:
        return self.program is not None and self.program.dead

    def call(self, function: Callable, args: list) -> tuple[object, bool]:
        call = self.greenlet(function)
        outcome = self._switch(call, *args)
        if not call.dead:
            call.throw()  # it wanted to wait: unwind it
            return outcome, False
        return outcome, True


def default_suspension() -> GreenletSuspension:
    """The suspension of a desktop Micro."""
    return GreenletSuspension()
