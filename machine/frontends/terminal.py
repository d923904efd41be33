"""The headless front end: program output to stdout, LIRE from stdin; must not import pygame."""

from __future__ import annotations

import errno
import io
import os
import signal
import stat
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import TextIO, TypeVar

from machine.book import book_names
from machine.commands import COMMANDS
from machine.errors import LseError
from machine.frontends.slicing import SliceSizer
from machine.helptext import TERMINAL
from machine.history import HISTORY_FILE
from machine.lineedit import EditorClosed, LineEditor
from machine.lse.runtime import Status
from machine.micro import Micro
from machine.monitor import Monitor

# At --speed max a slice starts at SLICE_CYCLES_MAX and grows or shrinks to about SLICE_SECONDS of host time
# (slicing.SliceSizer); paced runs take smaller steps.
SLICE_CYCLES_MAX = 5_000_000
SLICE_SECONDS = 0.01
SLICE_CYCLES_PACED = 100_000
PACED_SLICE_SECONDS = 0.1  # a paced slice is at most this much of the host's time (slower speeds: fewer cycles)
READ_AHEAD = 256  # lines of a file typed ahead at each wait of a program for a line (see _read_ahead)
# The most of the cursor's row TerminalOutput keeps for the line editor to draw again (a question LIRE asks): a
# program that prints without end and never a new line (AFFICHER['X'] in a loop) held all it printed, copied again
# at each slice.
TAIL_KEPT = 4096
# The signals that close the Micro from outside: its terminal closed, or the Micro told to end (by name: not
# every host has both).
CLOSINGS = ("SIGHUP", "SIGTERM")
T = TypeVar("T")


# The controls the Micro's screen ignores (all but BEL, BS, LF, FF and CR; DEL; the C1 controls, which a
# terminal may take as ESC [ and the like): on a terminal they are dropped, as the screen drops them, so that a
# program cannot speak to the host's terminal (ESC ] 52 writes its clipboard, some terminals write files).
_IGNORED_CONTROLS = dict.fromkeys([*(code for code in range(32) if code not in (7, 8, 10, 12, 13)),
                                   127, *range(128, 160)])


def for_terminal(text: str, stream: TextIO) -> str:
    """Text of the program (what it printed, its lines in a message or a report) as written to `stream`: on a
    terminal, without the controls the Micro's screen ignores."""
    return text.translate(_IGNORED_CONTROLS) if stream.isatty() else text


class TerminalOutput:
    """Writes what the program prints, turning the Micro's CR LF into the terminal's newline.

    Decision: the text of a slice is gathered and written at once by flush(), which the
    front end calls after every slice (before waiting for input, pausing or ending): one
    write instead of one per AFFICHER, which matters when stdout is unbuffered
    (PYTHONUNBUFFERED) or a pipe. The bytes and their order are the same.
    """

    def __init__(self, stream: TextIO, *, bell: bool = False) -> None:
        self.stream = stream
        # BEL rings the terminal's bell only on a terminal (never in a pipe or a file), unless muted.
        self.bell = bell and stream.isatty()
        self.terminal = stream.isatty()  # (a pipe or a file gets the bytes printed, as they were)
        self.column = 0
        self.typed_newline = False  # the terminal itself just echoed the Return of a typed line
        self.pending: list[str] = []
        self.tail = ""  # the text of the row the cursor is on (a question LIRE asks), for a line editor

    def typed(self) -> None:
        """A person typed a line on a terminal, whose echo already ended it."""
        self.flush()
        self.column = 0
        self.tail = ""
        self.typed_newline = True

    def write(self, text: str) -> None:
        """Take one chunk of program output (BEL rings only if the bell is on, else it is dropped)."""
        text = text.replace("\r\n", "\n")
        if self.terminal:
            text = text.translate(_IGNORED_CONTROLS)
        if not self.bell:
            text = text.replace("\a", "")
        if not text:
            return
        if self.typed_newline:
            self.typed_newline = False
            if text.startswith("\n"):
                text = text[1:]
                if not text:
                    return
        self.pending.append(text)

    def flush(self) -> None:
        """Write what was taken since the last flush, follow the cursor's column, and flush the stream."""
        if self.pending:
            text = "".join(self.pending)
            self.pending.clear()
            self.stream.write(text)
            text = text.replace("\a", "")  # the bell does not move the cursor
            last = max(text.rfind("\n"), text.rfind("\r"))
            self.column = len(text) - last - 1 if last >= 0 else self.column + len(text)
            self.tail = (text[last + 1:] if last >= 0 else self.tail[-TAIL_KEPT:] + text)[-TAIL_KEPT:]
        self.stream.flush()

    def finish_line(self) -> None:
        """End the last line if the program left it open, and flush."""
        self.flush()
        if self.column:
            self.stream.write("\n")
            self.column = 0
            self.stream.flush()


def run_headless(micro: Micro, *, speed: float | None, stdin: TextIO = sys.stdin,
                 stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr, bell: bool = True,
                 on_slice: Callable[[], None] | None = None, slice_cycles: int | None = None,
                 on_input: Callable[[], None] | None = None) -> int:
    """Run the loaded program to its end; return the exit status (0 ended, 1 error).

    `on_slice` is called after every slice of at most `slice_cycles` (a recording, the progress line),
    `on_input` after every line read for LIRE (the progress line's clock starts again).
    """
    output = TerminalOutput(stdout, bell=bell)
    micro.listeners.append(output.write)
    micro.typed_by_a_person(stdin.isatty())  # a bad LIRE answer typed by a person is asked again
    editor = None
    if stdin is sys.stdin and stdout is sys.stdout and stdin.isatty() and stdout.isatty():
        editor = _line_editor(None, [], list)  # LIRE's answers are edited too, and kept nowhere
    ctrl_c = CtrlC(micro)
    previous = _install_interrupt(ctrl_c)
    ahead = editor is None and _all_there(stdin)
    started = time.monotonic()
    cycles = slice_cycles or (_paced_slice(micro, speed) if speed else SLICE_CYCLES_MAX)
    sizer = SliceSizer(SLICE_CYCLES_MAX, SLICE_SECONDS) if slice_cycles is None and not speed else None
    try:
        while True:
            status = micro.run(cycles)
            output.flush()
            if on_slice is not None:
                on_slice()
            if status is Status.RUNNING:
                if speed:
                    _pace(micro, started, speed)
                elif sizer is not None:
                    cycles = sizer.next()
                continue
            if status is Status.WAITING:
                line = ctrl_c.readline(stdin) if editor is None else _answer(editor, output)
                if on_input is not None:
                    on_input()
                if line is None:  # Ctrl-C while LIRE waits: the program is interrupted
                    micro.interrupt()
                elif line:
                    micro.feed(line)
                    if ahead:
                        _read_ahead(micro, stdin)
                elif line is not None:
                    micro.end_input()
                if sizer is not None:
                    sizer.waited()
                if speed:  # the time the answer took is no computing: the pace goes on from here
                    started = _pace_start(micro, speed)
                continue
            if status is Status.PAUSED:
                # (the line is ended only where the message shares its screen: a file or a pipe given the
                # program's output gets no line the program never printed)
                if _shared_screen(stdout, stderr):
                    output.finish_line()
                else:
                    output.flush()
                stderr.write(f"PAUSE EN LIGNE {micro.runtime.current_line}\n")
                if sizer is not None:
                    sizer.waited()
                continue
            break
    finally:
        _restore_interrupt(previous)
        output.finish_line()
    if status is Status.FAILED:
        stderr.write(for_terminal(micro.error_text(), stderr) + "\n")
        return 1
    return 0


def _shared_screen(stdout: TextIO, stderr: TextIO) -> bool:
    """Whether what the program prints and the Micro's messages reach one terminal (both are terminals)."""
    try:
        return stdout.isatty() and stderr.isatty()
    except (OSError, ValueError):  # a closed stream
        return False


def _all_there(stdin: TextIO) -> bool:
    """Whether stdin holds what is typed already (a file, or text in memory), not a terminal or a pipe
    whose next line may wait for what the program prints first."""
    if stdin.isatty():
        return False
    try:
        return stat.S_ISREG(os.fstat(stdin.fileno()).st_mode)
    except (OSError, ValueError):  # no descriptor (io.UnsupportedOperation is one): text in memory?
        return type(stdin) is io.StringIO  # (a kind of its own may answer what it sees printed)


def _read_ahead(micro: Micro, stdin: TextIO) -> None:
    """Type the lines that follow in a file at once (READ_AHEAD at most, or up to its end).

    Decision: a program waiting for each line (a LIRE at a time) gave the front end a turn per line,
    which cost as much as reading the line's numbers; a file's next lines are there already, so they
    wait in the Micro's buffer instead, as if typed ahead.
    """
    for _ in range(READ_AHEAD):
        line = read_line(stdin, micro.profile.max_line_chars)
        if not line:
            micro.end_input()
            return
        micro.feed(line)


def read_line(stdin: TextIO, longest: int) -> str:
    """The next line of stdin as readline() gives it, with no more of it held than `longest` characters
    and one: the rest of a longer line is read in pieces of that size and dropped, and the line is given
    cut there, without its end, so that the prompt or LIRE refuses it (LIGNE TROP LONGUE). A line of
    100 MB, or /dev/zero, which has no end of line, is never held whole."""
    line = stdin.readline(longest + 1)
    if len(line) <= longest or line.endswith("\n"):
        return line
    while (rest := stdin.readline(longest + 1)) and not rest.endswith("\n"):
        pass
    return line


def run_monitor_headless(monitor: Monitor, *, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
                         bell: bool = True, editor: LineEditor | None = None, speed: float | None = None) -> int:
    """Boot the monitor in the terminal: each line of stdin is typed at the prompt (or read by LIRE).

    With an `editor` (stdin and stdout are terminals), lines are edited with it; else they are read
    as they come, exactly as piped. Its runs go at `speed` times the real Micro (None: at full speed).
    """
    if editor is None and stdin is sys.stdin and stdout is sys.stdout and stdin.isatty() and stdout.isatty():
        editor = editor_for(monitor)
    output = TerminalOutput(stdout, bell=bell)
    monitor.micro.listeners.append(output.write)
    monitor.micro.typed_by_a_person(stdin.isatty())  # a bad LIRE answer typed by a person is asked again
    monitor.keys = TERMINAL  # AIDE names the terminal's keys (not the window's F9, F10...)
    monitor.boot()
    ctrl_c = CtrlC(monitor.micro, monitor.typed_ahead, *([] if editor is None else [editor.pasted]))
    previous = _install_interrupt(ctrl_c)
    closing = Closing(editor)
    closings = install_closings(closing)
    sizer = SliceSizer(SLICE_CYCLES_MAX, SLICE_SECONDS)
    started = None  # a paced run: the host's time it would have begun at (see _pace); None: from the next slice
    try:
        while not monitor.leaving:
            closing.check()
            micro, began = monitor.micro, time.monotonic()
            runtime, cycles = micro.runtime, micro.cycles
            if not monitor.running or runtime.status is Status.WAITING:
                started = None  # (waiting is no computing)
            running = monitor.running
            status = monitor.tick(_paced_slice(micro, speed) if speed else sizer.cycles)
            if running and not monitor.running:
                ctrl_c.run_ended()  # (before its last output is shown: a Ctrl-C after it is for the prompt)
            closing.waiting_on(output.flush)  # (a terminal that takes no more: Ctrl-S, a pipe no one reads)
            if status is Status.RUNNING:
                if not speed:
                    sizer.next()
                elif monitor.running:
                    if started is None or micro.runtime is not runtime:  # a run began or went on in this slice
                        started = began - (cycles if micro.runtime is runtime else 0) / micro.profile.clock_hz / speed
                    _pace(micro, started, speed)
                continue
            if monitor.tape_waiting():
                continue  # the whole tape is typed, in its order, before the first line read from stdin
            if status is Status.WAITING or not monitor.running:
                closing.waiting_on(output.flush)
                sizer.waited()
                if editor is None:
                    line = closing.waiting_on(lambda: ctrl_c.readline(stdin))
                else:
                    line = _edited_line(monitor, editor, output)
                if line is None:
                    if editor is None and not monitor.running:  # Ctrl-C at the prompt: a new prompt
                        if monitor.confirming is not None:
                            monitor.abandon_line()  # a question is answered no, as with the line editor
                        else:
                            monitor.prompt()
                    continue  # the line was abandoned (Ctrl-C) or a question was asked (Ctrl-D)
                if not line:
                    if monitor.running:
                        monitor.micro.end_input()
                        continue
                    break
                if stdin.isatty():
                    output.typed()
                else:  # piped: show what was typed, as the screen does
                    output.write(line.rstrip("\r\n"))
                monitor.submit(line)
    except (_Closed, EditorClosed, OSError) as error:
        if not (closing.came or hung_up(error)):
            raise
        closing.came = True  # (closed from outside: the unsaved program is kept below, as at the end of piped input)
    finally:
        install_closings(signal.SIG_IGN)  # a second one must not cut the save short
        monitor.shutdown()  # a program that cannot be kept says so on the screen: before the last flush
        try:
            output.finish_line()
        except OSError:
            if not closing.came:
                raise
        _restore_interrupt(previous)  # only now: Ctrl-C during the save above must not cut it short
        restore_closings(closings)
        closing.restore()
    return 1 if monitor.last_status is Status.FAILED or monitor.not_kept is not None else 0


def _answer(editor: LineEditor, output: TerminalOutput) -> str | None:
    """A line typed for LIRE with the editor, as readline() gives it ('' at Ctrl-D); None at Ctrl-C."""
    shown = output.tail
    output.stream.write("\r")  # the editor draws the question again, then what is typed
    try:
        line = editor.read(shown, at_prompt=False)
    except KeyboardInterrupt:
        output.typed()
        return None
    output.typed()
    return "" if line is None else line + "\n"


def _line_editor(history, words, names) -> LineEditor | None:
    try:
        return LineEditor(history, words, names)
    except ImportError:  # prompt_toolkit absent: lines are read as they come
        return None


def editor_for(monitor: Monitor) -> LineEditor | None:
    """The line editor of a person at a terminal: history in the disk's folder, names from disk and book."""
    disk = monitor.disk

    def names() -> list[str]:
        saved = []
        if disk is not None:
            try:
                saved = disk.catalogue()[0]
            except LseError:
                saved = []
        return [*saved, *book_names()]

    words = [word for short, full, _ in COMMANDS for word in (short, full)]
    history = disk.root / HISTORY_FILE if disk is not None else None
    return _line_editor(history, words, names)


def _edited_line(monitor: Monitor, editor: LineEditor, output: TerminalOutput) -> str | None:
    """One line from the line editor, as readline() would give it ('' at the end); None: nothing to submit.

    Ctrl-C abandons the line at the prompt (and interrupts a program waiting in LIRE); Ctrl-D on an
    empty line leaves the Micro (asking first if the program is not saved; Ctrl-D again leaves anyway).
    """
    at_prompt = not monitor.running
    shown = output.tail
    output.stream.write("\r")  # the editor draws the row's text again, then what is typed
    try:
        line = editor.read(shown, at_prompt=at_prompt)
    except KeyboardInterrupt:
        output.typed()  # the editor ended the row
        if monitor.running:
            monitor.interrupt()
        else:
            monitor.abandon_line()
        return None
    if line is not None:
        return line + "\n"
    output.typed()
    if not at_prompt:
        return ""  # end of input for LIRE
    if monitor.confirming is not None:  # a second Ctrl-D: leave; the program is kept for RC (or said lost)
        monitor.confirming = None
        monitor.leave(forced=True)
    else:
        monitor.submit("QUITTER")
    return None


def _paced_slice(micro: Micro, speed: float) -> int:
    """The cycles of a paced slice: SLICE_CYCLES_PACED, fewer at a slow speed, so that no slice and no sleep
    after it takes more than PACED_SLICE_SECONDS of the host's time (at --speed 0.001, 100 000 cycles were
    100 s: the output came in bursts that far apart, and Ctrl-C was seen as late)."""
    return max(1, min(SLICE_CYCLES_PACED, int(micro.profile.clock_hz * speed * PACED_SLICE_SECONDS)))


def _pace_start(micro: Micro, speed: float) -> float:
    """The host's time at which a run paced from now at `speed` would have begun (see _pace)."""
    return time.monotonic() - micro.emulated_seconds() / speed


def _pace(micro: Micro, started: float, speed: float) -> None:
    """Sleep so that emulated time runs at `speed` times the real Micro, since the host's time `started`."""
    ahead = micro.emulated_seconds() / speed - (time.monotonic() - started)
    if ahead > 0:
        time.sleep(ahead)


class _StopWaiting(Exception):
    """Ctrl-C came while the front end waited for a typed line."""


class CtrlC:
    """The SIGINT handler: Ctrl-C stops the program like ESC, with INTERROMPU EN LIGNE n.

    Decision: while a line is awaited (LIRE, or the prompt) Ctrl-C also ends the wait at once,
    instead of when the next line comes (which was then thrown away): the program stops, and
    the lines typed after it go to the prompt.
    """

    def __init__(self, micro: Micro, *ahead: deque[str]) -> None:
        self.micro = micro
        # The lines typed ahead (a tape's, a paste's), dropped with the run as a terminal drops what was typed ahead.
        self.ahead = ahead
        self.waiting = False
        self.early = False  # Ctrl-C came since the last line read (or run ended), before the wait for the next

    def __call__(self, signum: int, frame: object) -> None:
        for lines in self.ahead:
            lines.clear()
        if self.micro.runtime is not None:
            self.micro.interrupt()
        if self.waiting:
            self.waiting = False
            raise _StopWaiting
        self.early = True

    def run_ended(self) -> None:
        """A run ended: a Ctrl-C that came during it was its INTERROMPU, not one for the next line awaited."""
        self.early = False

    def readline(self, stdin: TextIO) -> str | None:
        """The next line of stdin ('' at its end), or None if Ctrl-C came first.

        Decision: a Ctrl-C that came as the wait began (after LIRE's slice, or a question shown, and before
        `waiting`: the handler raised nothing) ends the wait as one during it; it was lost, and the Micro waited
        for a line (stdin held open: for ever) with the program interrupted, or took the next line as the answer.
        """
        try:
            self.waiting = True
            if self.early:
                return None
            line = read_line(stdin, self.micro.profile.max_line_chars)
            self.waiting = False
            return line
        except _StopWaiting:
            return None
        finally:
            self.waiting = False
            self.early = False


def _install_interrupt(handler: CtrlC):
    """Make Ctrl-C call the handler."""
    try:
        return signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread (tests): leave Ctrl-C alone
        return None


def _restore_interrupt(previous) -> None:
    if previous is not None:
        signal.signal(signal.SIGINT, previous)


def hung_up(error: BaseException) -> bool:
    """Whether an error is the terminal's, gone (its window closed before or without its SIGHUP: EIO)."""
    return isinstance(error, OSError) and error.errno == errno.EIO


class _Closed(SystemExit):
    """The terminal was closed, or the Micro told to end: it closes as at the end of piped input, the
    unsaved program kept for RC."""


class Closing:
    """The handler of the signals that close the Micro from outside; once one came, the terminal may be gone
    (what is written to it fails, and is dropped).

    Decision: the handler raises _Closed only into a wait of the front end's (waiting_on: a line read from stdin,
    its output written), which nothing else ends; anywhere else it only notes the closing, which the front end's
    loop sees at its next turn (check: a slice is some milliseconds). Raised at any point, it was raised between
    installing the handlers and the `try` that restores them, or in the `finally` before the save (the program
    lost, a SystemExit escaping); into the line editor's asyncio loop it could leave it waiting forever on a task
    it cut, so the editor ends its line itself, from its loop (LineEditor.close). What the editor's last drawing
    on the gone terminal raises (OSError EIO) asyncio logs (a traceback on stderr: in a log, or on the terminal
    when only told to end); the Micro ends quietly, so asyncio's log is silenced from then to the end.
    """

    def __init__(self, editor: LineEditor | None = None) -> None:
        self.came = False
        self.waiting = False  # in waiting_on: the handler raises
        self.editor = editor
        # Decision: only an editor runs asyncio, so only then is its log fetched (importing logging is 6 ms of
        # every start-up, a tenth of the empty program's whole run)
        self.log = None if editor is None else _asyncio_log()
        self.log_was_off = self.log is not None and self.log.disabled

    def __call__(self, signum: int, frame: object) -> None:
        self.came = True
        if self.log is not None:
            self.log.disabled = True
        if self.editor is not None:
            self.editor.close()  # the line it reads ends, or the next one it would read
        if self.waiting:
            self.waiting = False
            raise _Closed(1)

    def check(self) -> None:
        """Raise _Closed if a closing came."""
        if self.came:
            raise _Closed(1)

    def waiting_on(self, wait: Callable[[], T]) -> T:
        """What wait() returns; _Closed if a closing came before or while it waits."""
        self.waiting = True
        try:
            self.check()  # (one that came just before waiting was set)
            return wait()
        finally:
            self.waiting = False

    def restore(self) -> None:
        """Give asyncio's log back its state (a Micro run inside a longer process: the tests)."""
        if self.log is not None:
            self.log.disabled = self.log_was_off


def _asyncio_log():
    """asyncio's logger (logging imported here, when an editor needs it)."""
    import logging

    return logging.getLogger("asyncio")


def install_closings(handler) -> dict[int, object]:
    """Make the signals that close the Micro from outside call handler; return the handlers they had."""
    previous = {}
    for number in (getattr(signal, name) for name in CLOSINGS if hasattr(signal, name)):
        try:
            previous[number] = signal.signal(number, handler)
        except ValueError:  # not the main thread (tests): leave them alone
            pass
    return previous


def restore_closings(previous: dict[int, object]) -> None:
    """Give the signals that close the Micro from outside the handlers they had (one set outside Python: none)."""
    for number, handler in previous.items():
        if handler is not None:
            signal.signal(number, handler)
