"""The Micro: a profile, a screen, and the loaded LSE program, stepped from outside.

Front ends drive it with run(cycles), feed() and interrupt(); must not import pygame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from machine.disk import Disk
from machine.errors import Err, LseError, render
from machine.lse.environment import Environment, host_now
from machine.lse.nodes import Program
from machine.lse.parser import SyntaxErrors, parse
from machine.lse.runtime import Runtime, Status
from machine.lse.source import limits_of
from machine.lse.suspension import Suspension
from machine.lse.values import Vars
from machine.profile import Profile, load_profile
from machine.screen import TextScreen

if TYPE_CHECKING:
    from datetime import datetime


class Micro:
    """One Micro: its screen, its clock and the program in memory."""

    def __init__(self, profile: Profile | None = None, *, seed: int | None = None,
                 profiling: bool = False, now: Callable[[], datetime] = host_now,
                 disk: Disk | None = None, suspension: Callable[[], Suspension] | None = None) -> None:
        self.profile = profile or load_profile()
        self.disk = disk
        self.screen = TextScreen(self.profile.columns, self.profile.rows)
        self.environment = Environment(seed, now, single=self.profile.numbers == "single")
        self.profiling = profiling
        self.listeners: list[Callable[[str], None]] = []
        self.runtime: Runtime | None = None
        self.program: Program | None = None
        # --profile of a run that went on in other programs (EXECUTER): the cycles and divisions of the lines
        # those ran, by line number and text (the same line in two of them is one row of the report).
        self.earlier_lines: Counter = Counter()
        self.earlier_divisions: Counter = Counter()
        self.keyboard = False  # set by a front end when a person types LIRE's answers (not a pipe)
        self.suspension = suspension  # makes each run's suspension (None: the desktop's greenlet)

    def limits(self) -> dict:
        """The profile's limits that the runtime enforces."""
        return {
            "max_call_depth": self.profile.max_call_depth,
            "memory_cells": self.profile.memory_cells,
            "max_string": self.profile.max_string,
            "max_line_chars": self.profile.max_line_chars,
            "numbers": self.profile.numbers,
        }

    def _output(self, text: str) -> None:
        self.screen.write(text)
        for listener in self.listeners:
            listener(text)

    def load_text(self, source: str) -> Program:
        """Parse a program text (raises SyntaxErrors) and load it."""
        program = parse(source, limits_of(self.profile))
        self.load(program)
        return program

    def load(self, program: Program, *, variables: Vars | None = None, debug: bool = False,
             continued: bool = True) -> None:
        """Load a parsed program, ready to run from its first line.

        `variables` keeps the variables of an earlier run (monitor); `debug` runs
        line by line so that a hook can trace, step and stop; `continued` keeps the
        clock and the typed input of the program loaded before (EXECUTER chaining).
        """
        previous, previous_program = self.runtime, self.program
        self.program = program
        self.runtime = Runtime(program, dict(self.profile.costs), environment=self.environment,
                               output=self._output, limits=self.limits(), profile=self.profiling,
                               debug=debug, variables=variables,
                               suspension=self.suspension() if self.suspension is not None else None)
        self.runtime.disk = self.disk
        if previous is not None and continued:
            self.runtime.cyc = previous.cyc
            self.runtime.inputs = previous.inputs
            if self.profiling:  # EXECUTER: the report counts what the programs before this one did
                self.runtime.counts.update(previous.counts)
                sources = line_texts(previous_program)
                self.earlier_lines.update(_by_text(previous.line_cycles, sources))
                self.earlier_divisions.update(_by_text(previous.line_divisions, sources))
        else:
            self.earlier_lines, self.earlier_divisions = Counter(), Counter()
        self.runtime.inputs.keyboard = self.keyboard

    def typed_by_a_person(self, keyboard: bool = True) -> None:
        """Say that LIRE's answers are typed at a keyboard (a bad one is asked again), not piped."""
        self.keyboard = keyboard
        if self.runtime is not None:
            self.runtime.inputs.keyboard = keyboard

    def show(self, text: str) -> None:
        """Print text of the Micro itself (messages, prompt) on the screen and to the listeners."""
        self._output(text)

    def run(self, cycles: int) -> Status:
        """Run the program for at most `cycles` emulated cycles."""
        if self.runtime is None:
            raise LseError(Err.NO_PROGRAM)
        status = self.runtime.run(cycles)
        request = getattr(self.runtime, "chain_request", None)
        if status is Status.ENDED and request is not None:
            if self.runtime.interrupted:
                # Esc or Ctrl-C: a program that chains before its slice is spent never reaches the end of a
                # slice, where an interruption is seen; it stops at its EXECUTER instead of chaining for ever.
                self.runtime.error = LseError(Err.INTERRUPTED, line=self.runtime.current_line)
                self.runtime.status = Status.FAILED
                return Status.FAILED
            return self._chain(*request)
        return status

    def _chain(self, text: str, line: int | None) -> Status:
        """EXECUTER: replace the program in memory by another and start it."""
        calling = self.runtime
        calling_line = calling.current_line
        try:
            self.load(parse(text, limits_of(self.profile)), debug=calling.debugging)  # with fresh variables
            self.runtime.line_hook = calling.line_hook  # traced, stopped, stepped as the program that called it
            self.runtime.start(line)
        except SyntaxErrors as errors:
            self.runtime.error = errors.diagnostics[0].error()
            self.runtime.status = Status.FAILED
            return Status.FAILED
        except LseError as error:
            self.runtime.error = error.at(calling_line)
            self.runtime.status = Status.FAILED
            return Status.FAILED
        self.runtime.kept = calling.kept  # the prompt's table of variables shows this program's from now on
        if calling.interrupted:  # Esc or Ctrl-C came as the program chained (parsing and compiling the next one
            self.runtime.interrupt()  # is most of the time of a short program that chains itself): it stops too
        return Status.RUNNING

    def call(self, name: str, *args: object, cycles: int = 10**10) -> tuple[object, list]:
        """Call one procedure of the loaded program from Python; numbers may be given as ints."""
        values = tuple(float(arg) if type(arg) is int else arg for arg in args)
        return self.runtime.call_from_host(name, values, cycles)

    def run_until_blocked(self, slice_cycles: int = 1_000_000) -> Status:
        """Run slices until the program waits, pauses, ends or fails."""
        while True:
            status = self.run(slice_cycles)
            if status is not Status.RUNNING:
                return status

    def feed(self, line: str) -> None:
        """Type a line for LIRE."""
        self.runtime.feed(line)

    def end_input(self) -> None:
        """No more input will come."""
        self.runtime.end_input()

    def interrupt(self) -> None:
        """ESC: stop the program with INTERROMPU EN LIGNE n."""
        self.runtime.interrupt()

    @property
    def cycles(self) -> int:
        """Cycles spent so far by the program."""
        return self.runtime.cyc if self.runtime else 0

    def emulated_seconds(self) -> float:
        """Emulated time spent so far."""
        return self.cycles / self.profile.clock_hz

    def error_text(self) -> str | None:
        """The message of the error that stopped the program, in the Micro's style."""
        if self.runtime is None or self.runtime.error is None:
            return None
        return render(self.runtime.error)

    def report(self, width: int | None = None) -> str:
        """The cost report: cycles, emulated time, operation counts, cycles per line (its rows `width` at most)."""
        from machine.costreport import report_lines  # only --profile needs it (start-up)
        runtime = self.runtime
        op_cycles = {kind: count * self.profile.costs[kind] for kind, count in runtime.counts.items()}
        sources = line_texts(self.program)
        line_cycles, line_divisions = dict(runtime.line_cycles), dict(runtime.line_divisions)
        if 0 in sources:  # a line typed without a number (the prompt's 0): its segment gives no line its cycles
            unplaced = runtime.cyc - sum(line_cycles.values()) - sum(self.earlier_lines.values())
            if unplaced > 0:
                line_cycles[0] = unplaced
        if self.earlier_lines:  # a run through several programs: each line named by its number and its text
            line_cycles = self.earlier_lines + _by_text(line_cycles, sources)
            line_divisions = self.earlier_divisions + _by_text(line_divisions, sources)
            sources = {key: key[1] for key in line_cycles}
        return "\n".join(report_lines(runtime.cyc, self.profile.clock_hz, runtime.counts, op_cycles,
                                      line_cycles, sources, line_divisions=line_divisions, width=width))


def line_texts(program: Program) -> dict[int, str]:
    """The text of each line of a program, as the cost report and the step mode show it."""
    return {line.number: line.source.strip() for line in program.lines}


def _by_text(counts: dict[int, int], sources: dict[int, str]) -> Counter:
    """Counts by line number made counts by line number and text (a run through several programs)."""
    return Counter({(number, sources.get(number, "")): count for number, count in counts.items()})
