"""The browser's suspension: a running program on a stack of its own that waits on JavaScript promises.

Decision: Pyodide has no greenlet, but with JavaScript Promise Integration (JSPI) a Python call started
by JavaScript can wait on a promise (run_sync) and its whole stack is kept meanwhile. Two such stacks,
the page's frame and the program, hand a baton to each other through promises (static/baton.js), which
is what a greenlet switch does: the runtime and the monitor see the same Suspension as on the desktop.
Imports pyodide's ffi only when made, so the desktop can import and test it with a baton of its own.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from machine.errors import InternalError
from machine.lse.status import Status
from machine.lse.suspension import Unwound

GO, UNWIND = "go", "unwind"  # what the host sends a paused program with the baton


class PromisedSuspension:
    """One program's stack, started and taken up through a baton (a JavaScript object, or a stand-in).

    The baton has start(entry) -> awaitable, returned when the program first pauses or ends;
    pause() -> awaitable of what the host sends back (GO or UNWIND); go(word) -> awaitable, returned
    when the program pauses again or ends; failed() -> what broke the program's stack outside Python,
    or None. `wait` turns an awaitable into its value (run_sync).
    """

    def __init__(self, baton: object, wait: Callable[[object], object]) -> None:
        self.baton = baton
        self.wait = wait
        self.body: Callable[..., object] | None = None
        self.finished = True
        self.status: Status | None = None
        self.result: object = None
        self.error: BaseException | None = None

    def _entry(self, *args: object) -> None:
        """The program's own stack: run the body and keep how it ended for the host."""
        try:
            self.result = self.body(*args)
        except Unwound:
            pass
        except BaseException as error:  # handed over to the host's stack, raised there
            self.error = error
        self.finished = True

    def _switched(self, awaitable: object) -> Status | None:
        """Wait for the program to pause or end; raise on the host's stack what it raised."""
        self.wait(awaitable)
        failure = self.baton.failed()
        if failure is not None:  # the stack itself broke (out of memory, a JavaScript error)
            self.finished = True
            raise InternalError(f"the program's stack broke: {failure}")
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        if self.finished:
            return None
        return self.status

    def prepare(self, body: Callable[[int], None]) -> None:
        self.body = body
        self.finished = False

    def begin(self, start: int) -> Status | None:
        return self._switched(self.baton.start(self._entry, start))

    def resume(self) -> Status | None:
        if self.finished:
            raise InternalError("a program that has ended was taken up again")
        return self._switched(self.baton.go(GO))

    def suspend(self, status: Status) -> None:
        self.status = status
        if self.wait(self.baton.pause()) == UNWIND:
            raise Unwound

    def done(self) -> bool:
        return self.finished

    def call(self, function: Callable, args: list) -> tuple[object, bool]:
        self.body, self.finished, self.result = function, False, None
        status = self._switched(self.baton.start(self._entry, *args))
        if self.finished:
            return self.result, True
        self._switched(self.baton.go(UNWIND))  # it wanted to wait: unwind it
        return status, False


def browser_suspension() -> PromisedSuspension:
    """A suspension whose baton is the page's (window.lseBaton), waiting with pyodide's run_sync."""
    import js  # noqa: PLC0415 - only inside Pyodide
    from pyodide.ffi import create_proxy, run_sync  # noqa: PLC0415

    baton = js.lseBaton

    class ProxyBaton:
        """The page's baton, given Python callables as proxies that live as long as the run."""

        def start(self, entry: Callable, *args: object) -> object:
            return baton.start(create_proxy(entry), *args)

        def pause(self) -> object:
            return baton.pause()

        def go(self, word: str) -> object:
            return baton.go(word)

        def failed(self) -> str | None:
            failure, baton.failure = baton.failure, None
            return failure

    return PromisedSuspension(ProxyBaton(), run_sync)


def own_collection() -> None:
    """Automatic garbage collection off; the page collects in full every few seconds (page.COLLECT_FRAMES).

    Decision: Pyodide 314's automatic collection walks the frames of every suspended stack, whose memory
    another stack may have reused (pyodide issue 6464: "memory access out of bounds", a fatal error); a
    full collection walks none. While a program runs, the page's stack or the program's is suspended.
    """
    gc.disable()
