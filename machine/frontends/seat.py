"""A person's seat at the Micro: keys into the screen editor and the monitor, each frame's share of cycles.

What the pygame window and the web page have in common; must not import pygame or any host's library.
"""

from __future__ import annotations

import time
from pathlib import Path

from machine.errors import LseError
from machine.frontends.slicing import SliceSizer
from machine.history import HISTORY_FILE, load_history, remember
from machine.keyboard import DOWN, MAX_HISTORY, MAX_LINE, RETURN, SCREEN_DOWN, SCREEN_UP, UP, LineInput
from machine.lse.runtime import Status
from machine.monitor import Monitor

MAX_LAG_SECONDS = 0.1      # a slow host never makes the Micro run ahead to catch up by more
MAX_FRAME_WORK = 0.016     # at full speed, run for this much wall time per frame
SLICE_CYCLES = 50_000      # a paced slice at most; at full speed the first, grown to a quarter of a frame's work
SHIFTED = {UP: SCREEN_UP, DOWN: SCREEN_DOWN}
# Decision: the keys typed while the Micro is busy (a program runs and asks nothing) wait for the next line it asks
# for, as a terminal keeps what is typed ahead (the window dropped them: an answer typed before its question was
# lost); a line's worth of them at most, characters, Backspace and Return (a key that moves the cursor has no line
# to move in yet); Esc drops them, as it drops a tape's lines.
TYPED_AHEAD = MAX_LINE


class Seat:
    """The keys a person types and the clock they watch, for one monitor session."""

    def __init__(self, session: Monitor, *, speed: float | None, history: Path | None = None) -> None:
        self.session = session
        self.micro = session.micro
        self.line = LineInput(self.micro.screen)
        self.history = history
        if history is not None:
            self.line.history = load_history(history)[-MAX_HISTORY:]
        self.micro.typed_by_a_person()  # a bad LIRE answer is refused and asked again
        self.speed = speed
        self.turbo = False
        self.anchor = (time.monotonic(), 0)  # wall time and cycles when pacing last (re)started
        self.sizer = SliceSizer(SLICE_CYCLES, MAX_FRAME_WORK / 4)  # the slices at full speed
        self.ahead: list[str] = []  # the keys typed while no line was asked for, in order (see TYPED_AHEAD)

    @staticmethod
    def history_of(session: Monitor) -> Path | None:
        """The file of typed lines beside the disk (shared by the window and the terminal), if any."""
        return session.disk.root / HISTORY_FILE if session.disk is not None else None

    # ------------------------------------------------------------- keys
    def escape(self) -> None:
        """Esc: interrupt the program; at the prompt, abandon the line and start a new one below it."""
        self.ahead.clear()
        if self.session.running:
            self.session.interrupt()
        else:
            self.line.abandon()
            if self.session.confirming is None:  # (a question answered no says so on the row below)
                self.micro.show("\r\n")
            self.session.abandon_line()

    def enter(self) -> bool:
        """Return: send the line to the monitor (or to LIRE); True if the Micro took a line (kept for the next line
        asked while the Micro is busy, or behind keys typed ahead)."""
        if self.ahead or not self.session.wants_line():
            self.keep(RETURN)
            return self.typed_ahead()
        return self.send()

    def send(self) -> bool:
        """Send the line typed to the monitor (or to LIRE)."""
        at_prompt = not self.session.running
        try:
            line = self.line.key(RETURN)
        except LseError as error:  # a line the screen no longer holds whole: refused, nothing sent
            self.session.refuse(error)
            return False
        if at_prompt:
            self.line.remember(line)
        if at_prompt and line.strip() and self.history is not None:
            remember(self.history, line)
        self.session.submit(line)
        return True

    def edit(self, key: str, shifted: bool = False) -> None:
        """An editing key (keyboard.py's names) or a typed character, when a line is awaited (a character or
        Backspace typed while the Micro is busy is kept for the next line it asks for)."""
        if self.ahead or not self.session.wants_line():
            if len(key) == 1:
                self.keep(key)
            self.typed_ahead()
        else:
            self.line.key(SHIFTED.get(key, key) if shifted else key)

    def keep(self, key: str) -> None:
        """Keep a key typed ahead (TYPED_AHEAD at most: past them a key is dropped, as a full keyboard buffer's)."""
        if len(self.ahead) < TYPED_AHEAD:
            self.ahead.append(key)

    def typed_ahead(self) -> bool:
        """Type the keys kept while the Micro was busy, as long as it asks for a line (a tape's lines first); True
        if a line was sent."""
        sent = False
        while self.ahead and self.session.wants_line() and not self.session.tape_waiting():
            key = self.ahead.pop(0)
            if key == RETURN:
                sent = self.send() or sent
            else:
                self.line.key(key)
        return sent

    def toggle_turbo(self) -> bool:
        """Turbo on or off (the pacing starts again from now); return whether it is on."""
        self.turbo = not self.turbo
        self.anchor = (time.monotonic(), self.micro.cycles)
        return self.turbo

    # ------------------------------------------------------------ running
    def budget(self) -> int | None:
        """Cycles the Micro may run this frame to keep emulated time on wall time; None: no limit."""
        if self.turbo or self.speed is None:
            return None
        start_wall, start_cycles = self.anchor
        hz = self.micro.profile.clock_hz * self.speed
        due = start_cycles + int((time.monotonic() - start_wall) * hz)
        floor = self.micro.cycles - int(MAX_LAG_SECONDS * hz)
        if due < floor:  # the host fell behind: forget the lost time rather than rush
            self.anchor = (time.monotonic(), self.micro.cycles)
            return 0
        return max(0, due - self.micro.cycles)

    def run_frame(self, work: float = MAX_FRAME_WORK) -> bool:
        """Run the program for this frame's share of cycles (at most `work` seconds); True if it stopped."""
        session = self.session
        while not session.running and session.feed_typed_ahead():
            pass  # a tape's lines are typed at the prompt until one starts a run (the ticks type the rest)
        if not session.running or self.micro.runtime.status is Status.WAITING:
            self.anchor = (time.monotonic(), self.micro.cycles)
            if not session.running:
                self.typed_ahead()  # (what was typed while a tape's lines were typed)
                return False
        budget = self.budget()
        deadline = time.monotonic() + work
        self.sizer.waited()  # (the time since the last frame is no slice's)
        while session.running:
            cycles = self.sizer.cycles if budget is None else min(SLICE_CYCLES, budget)
            if cycles <= 0:
                break
            status = session.tick(cycles)
            if budget is not None:
                budget -= cycles
            else:
                self.sizer.next()
            if status is Status.WAITING or time.monotonic() > deadline:
                break
        if session.running:
            self.typed_ahead()  # (LIRE asks: the answer typed before the question)
            return False
        self.line.clear()
        self.typed_ahead()
        return True

    def cursor_shown(self, frame: int, blink_frames: int) -> bool:
        """Whether the cursor shows in this frame: only when a line is awaited, blinking."""
        if not self.session.wants_line():
            return False
        self.line.begin()  # the line the person types starts where the Micro's cursor is now
        return (frame // blink_frames) % 2 == 0
