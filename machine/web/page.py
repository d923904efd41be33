"""The web page's Micro: keys from the page in, the screen's rows out, one frame at a time.

Runs inside Pyodide (static/micro.js calls it) and on the desktop in tests; speaks JSON strings to
the page so that no JavaScript object is kept by Python. Must not import pygame or pyodide.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Callable
from pathlib import Path

from machine import helptext
from machine import keyboard as keys
from machine.book import book_names, read_book
from machine.commands import tape_lines
from machine.disk import Disk
from machine.errors import Diagnostic, Err, LseError, clip
from machine.frontends.look import MONITORS, cell_height, monitor_colours
from machine.frontends.seat import Seat
from machine.lse.source import characters, limits_of, too_large
from machine.lse.suspension import Suspension
from machine.micro import Micro
from machine.monitor import Monitor
from machine.profile import known_profiles, load_profile
from machine.rom import Font, load_font
from machine.sound import Bell
from machine.web import share

BLINK_FRAMES = 25  # the cursor changes every half second at 50 frames a second
COLLECT_FRAMES = 250  # where automatic collection is off (promised.own_collection): a full one every 5 s
FRAME_WORK = 0.025  # seconds of Python work per frame in turbo: the page still draws and takes keys
# Decision: a second tab of the page reads the disk that the first one owns and writes nothing to it (a write is
# refused, DISQUE A UN AUTRE ONGLET): the two wrote over each other's disk, each its own copy, the last
# one written winning. Its unsaved program is kept by the page (localStorage) as the owner's is.
ELSEWHERE = ("LE DISQUE EST A UN AUTRE ONGLET:", "ICI, IL EST EN LECTURE SEULE")
EDIT_KEYS = {  # the page's key names (KeyboardEvent.key) to the screen editor's
    "Backspace": keys.BACKSPACE, "Delete": keys.DELETE, "Insert": keys.INSERT,
    "ArrowLeft": keys.LEFT, "ArrowRight": keys.RIGHT, "ArrowUp": keys.UP, "ArrowDown": keys.DOWN,
    "Home": keys.HOME, "End": keys.END,
}


def kept_copy(copy: object) -> list[str]:
    """The program texts of one visit's copy in localStorage: one text, or a JSON list of them (a text of the
    Micro's begins with a line number, never with [); anything else, none."""
    if isinstance(copy, str) and copy.startswith("["):
        try:
            texts = json.loads(copy)
        except ValueError:
            return []
        return [text for text in texts if isinstance(text, str)] if isinstance(texts, list) else []
    return [copy] if isinstance(copy, str) else []


class Page:
    """One Micro on one page: its monitor, the seat of the person at it, what the page must draw."""

    def __init__(self, profile: str, disk_root: str,
                 suspension: Callable[[], Suspension] | None = None, kept: str = "[]", elsewhere: bool = False) -> None:
        self.font: Font = load_font()
        self.disk_root = Path(disk_root)
        self.suspension = suspension
        self.frames = 0
        self.shown: tuple | None = None  # what the page drew last: (rows, cursor, turbo)
        self.rings = 0
        self.disk_changed = False
        self.disk_time: int | None = None  # when a file of the disk was last written, as the last frame saw it
        self.pending: Callable[[], None] | None = None  # what the page brought, done once the running program stopped
        self.partial = ""  # what follows a paste's last line break, typed once the lines before are in
        self.kept: str | None = None  # what the page was last told to keep (a program's text, or a JSON list of them)
        self.keeping: tuple[list[str], str | None] = ([], None)  # the texts to keep, and what the page is told
        self.adopted = True  # every program kept by the page at earlier visits is now in the recovery slot
        self.elsewhere = elsewhere  # another tab owns the disk: this one reads it and writes nothing (own_disk)
        self.boot(profile, {}, False, json.loads(kept))

    def boot(self, profile: str, lines: dict[int, str], dirty: bool, kept: list[str] = (),
             replaced: list | None = None) -> None:
        """Switch the Micro on with a profile, the program in memory carried over, and the programs the page
        kept at its earlier visits put in the recovery slot first (the boot then offers them)."""
        chosen = load_profile(profile if profile in known_profiles() else "micro40")
        disk = Disk(self.disk_root, limits_of(chosen), self.elsewhere)
        if not self.elsewhere:
            self.adopt(disk, kept)
        self.micro = Micro(chosen, disk=disk, suspension=self.suspension)
        self.session = Monitor(self.micro, disk)
        self.session.keys = helptext.PAGE  # AIDE names the page's keys
        self.session.boot(prompt=False)
        if self.elsewhere:
            self.session.say(ELSEWHERE[0])
            self.session.say(ELSEWHERE[1])
        self.session.prompt()
        if lines:
            self.session.replace_program(lines, dirty)
        self.session.replaced = list(replaced or [])  # (another profile: RC still holds what it held)
        self.seat = Seat(self.session, speed=1.0, history=Seat.history_of(self.session))
        if self.elsewhere:
            self.seat.history = None  # the history read, its file left to the owner (lines are kept in memory)
        self.bell = Bell(self.micro.screen, self._ring)
        self.shown = None

    # Decision: a page that goes away cannot run Python (the loop's next frame never comes, and IndexedDB is
    # written asynchronously), so the page keeps the unsaved program's text up to date (each frame's reply says
    # when it changed) and writes it synchronously to the browser's localStorage when hidden or left; the next
    # visit brings it here, into the recovery slot, where RC finds it. A copy already in the slot (the disk was
    # written before the page went) is not added twice.
    def adopt(self, disk: Disk, kept: list[str]) -> None:
        """Put the programs the page kept at earlier visits in the recovery slot, each once (a visit's copy is
        a program's text, or the JSON list of the texts a closing keeps: Page.frame)."""
        there = {text for _, text in disk.kept_programs()} if kept else set()
        for text in [text for copy in kept for text in kept_copy(copy)]:
            if not text.strip() or text in there:
                continue
            try:
                disk.save_recovery(text)
                there.add(text)
            except LseError:
                self.adopted = False  # the page keeps its copy for a visit whose disk can take it

    def own_disk(self) -> None:
        """The tab that owned the disk has gone and the page read the disk again: this one owns it now."""
        self.elsewhere = self.session.disk.elsewhere = False
        self.seat.history = Seat.history_of(self.session)

    def _ring(self) -> None:
        self.rings += 1

    # ------------------------------------------------------------ what the page asks
    def describe(self, monitor: str = "colour", aspect: str = "tv", scale: int = 2) -> str:
        """The screen's geometry, colours and font for the page to draw with (JSON)."""
        profile = self.micro.profile
        foreground, background = monitor_colours(profile, monitor if monitor in MONITORS else "colour")
        glyphs = {chr(code): list(self.font.glyph(chr(code))) for code in sorted(self.font.codes)}
        return json.dumps({
            "profile": profile.name, "profiles": known_profiles(), "title": profile.title,
            "columns": profile.columns, "rows": profile.rows, "font_width": self.font.width,
            "font_height": self.font.height, "cell_width": self.font.width * scale,
            "cell_height": cell_height(self.font, profile, scale, aspect),
            "foreground": foreground, "background": background, "glyphs": glyphs,
            "bell_hz": profile.bell_hz, "bell_ms": profile.bell_ms,
            "book": book_names(), "max_program_bytes": profile.max_program_bytes,
        })

    def frame(self, events: str = "[]") -> str | None:
        """Take the page's keys, run this frame's slice; the screen to draw (JSON), None if unchanged."""
        for event in json.loads(events):
            self.event(*event)
        if self.session.leaving:  # QUITTER: a page cannot close itself, so the Micro is switched off and on
            self.session.shutdown()
            self.disk_changed = True
            self.boot(self.micro.profile.name, {}, False)
        if self.pending is not None and not self.session.running:
            action, self.pending = self.pending, None
            action()
        was_running, queued = self.session.running, len(self.session.typed_ahead)
        self.seat.run_frame(FRAME_WORK if self.seat.turbo else FRAME_WORK / 2)
        if len(self.session.typed_ahead) < queued:
            self.seat.line.clear()  # the monitor typed them: the next line starts where its cursor is now
        self.type_partial()
        written = self.disk_written()  # (looked at every frame: a look skipped left the next frame a stale time)
        if was_running and not self.session.running or len(self.session.typed_ahead) < queued or written:
            self.disk_changed = True  # a program may have written its data files; a pasted line may be RA
        self.bell.poll()
        self.frames += 1
        if self.frames % COLLECT_FRAMES == 0 and not gc.isenabled():
            gc.collect()  # a full collection: it walks no stack's frames, suspended or not
        cursor = self.micro.screen.cursor_cell() if self.seat.cursor_shown(self.frames, BLINK_FRAMES) else None
        screen = self.micro.screen
        drawn = (tuple("".join(row) for row in screen.cells), cursor, self.seat.turbo)  # turbo: the button
        kept = self.to_keep()
        if drawn == self.shown and not self.rings and not self.disk_changed and kept == self.kept:
            return None
        self.shown = drawn
        reply = {"rows": drawn[0], "cursor": cursor, "rings": self.rings, "sync": self.disk_changed,
                 "running": self.session.running, "cycles": self.micro.cycles, "turbo": self.seat.turbo}
        if kept != self.kept:
            reply["kept"] = self.kept = kept  # the text the page keeps if it goes away (None: nothing to keep)
        self.rings, self.disk_changed = 0, False
        return json.dumps(reply)

    def to_keep(self) -> str | None:
        """What the page keeps if it goes away: the unsaved program's text, or the JSON list of the texts a closing
        keeps (the unsaved programs RC holds too); None: nothing. Made again only when they changed (9 programs
        of 256 KB took 30 ms a frame to write as JSON)."""
        texts = self.session.kept_texts()
        if texts != self.keeping[0]:  # (the texts RC holds are the same objects from frame to frame: quick)
            self.keeping = texts, None if not texts else texts[0] if len(texts) == 1 else json.dumps(texts)
        return self.keeping[1]

    # Decision: a run is written back when it ends, and also whenever it has written a file of the disk (its folder's
    # time changed: every write replaces a file), so that data files a program writes and then waits for an answer,
    # or goes on for hours, are kept when the page is closed meanwhile.
    def disk_written(self) -> bool:
        """True if a file of the disk was written, replaced or removed since the last frame looked."""
        try:
            now = self.disk_root.stat().st_mtime_ns
        except OSError:
            now = None
        written, self.disk_time = now != self.disk_time, now
        return written

    def still(self) -> bool:
        """True when a frame given no keys can run no program: none running, none to open, no switch-off,
        no pasted line to type (one may be EX)."""
        return (not self.session.running and self.pending is None and not self.session.leaving
                and not self.session.typed_ahead)

    def event(self, kind: str, value: str = "", shifted: bool = False) -> None:
        """One event of the page: ("text", chars), ("key", KeyboardEvent.key, shift), ("turbo",), ("paste", text)."""
        if kind == "text":
            for char in value:
                if char.isprintable():
                    self.seat.edit(char)
        elif kind == "key" and value == "Escape":
            self.session.typed_ahead.clear()  # what is left of a paste is not typed
            self.partial = ""
            self.seat.escape()
        elif kind == "key" and value == "Enter":
            at_prompt = not self.session.running
            if self.seat.enter() and at_prompt:
                self.disk_changed = True  # RA, MO, SU, data files: the page keeps the disk
        elif kind == "key" and value in EDIT_KEYS:
            self.seat.edit(EDIT_KEYS[value], shifted)
        elif kind == "turbo":
            self.seat.toggle_turbo()
        elif kind == "paste":
            if self.refused_as_too_large(value):
                return
            self.paste(value.replace("\r\n", "\n").replace("\r", "\n").split("\n"))

    # Decision: pasted text is typed line by line as the Micro asks for a line, as a tape is (Monitor.type_ahead):
    # at the prompt, or when LIRE waits, never into a run, which would drop the keys (a pasted EX then lost its
    # LIRE answers and all after). The first line joins a line half typed, as typed keys would; what follows the
    # last line break is typed without Return, once the lines before are in. Esc stops what is left of it.
    def paste(self, lines: list[str]) -> None:
        """Type pasted lines (split at their line breaks; the last one is not ended by Return)."""
        if self.partial:  # the tail of an earlier paste, not typed yet: this one goes on from it
            lines[0] = self.partial + lines[0]
        *whole, self.partial = lines
        if whole and not self.session.typed_ahead and self.session.wants_line():
            first, *whole = whole
            self.event("text", first)
            self.event("key", "Enter")
        self.session.type_ahead(whole)
        self.type_partial()

    def type_partial(self) -> None:
        """Type what follows a paste's last line break, once its lines are in and the Micro awaits a line."""
        if self.partial and not self.session.typed_ahead and self.session.wants_line():
            self.event("text", self.partial)
            self.partial = ""

    # ------------------------------------------------------------ programs
    def open(self, text: str) -> None:
        """Put a program in memory (the one there is kept for RC) and type EX; one running is stopped first."""
        if self.stopped_first(lambda: self.open(text)):
            return
        text = characters(text)  # a JavaScript string's half pair (Pyodide passes it on): no disk could write it
        self.seat.line.abandon()  # (what loading says starts on a row of its own)
        tape = tape_lines(text)
        if tape is not None:
            self.open_tape(text, tape)
            return
        try:
            self.session.load_text(text, dirty=True)
        except LseError as error:
            self.refuse(error)
            return
        self.fresh_row()  # below a half-typed line, or the wrong lines loading reported
        self.type_line("EX")

    # Decision: a file of numbered lines mixed with monitor commands and LIRE's answers is a tape, typed into
    # the monitor line by line as the Micro asks for one (Monitor.type_ahead), as the terminal and the window
    # type it: loading it refused its commands (LIGNES NUMEROTEES ET NON NUMEROTEES MELANGEES) and its
    # answers were never given. It is typed into an empty memory, as at the terminal's boot; RC takes back
    # the program it replaces.
    def open_tape(self, text: str, tape: list[str]) -> None:
        """Type a tape's lines into the monitor, each when the Micro asks for a line."""
        if self.refused_as_too_large(text):
            return
        self.fresh_row()
        self.session.replace_program({}, False)
        self.session.type_ahead(tape)

    # Decision: what the page types (EX) or says starts on a row of its own, as if the person had pressed Esc
    # first: a half-typed line stays on the screen unsent, and the cursor leaves a row the Micro was writing on
    # (a caret, a refused line). The screen's typed line is forgotten, so that no later key goes back to its row.
    def fresh_row(self) -> None:
        """Abandon a half-typed line where it is and put the cursor at the start of a row of its own."""
        self.seat.line.abandon()
        if self.micro.screen.cursor_col:
            self.micro.show("\r\n")

    def refused_as_too_large(self, text: str) -> bool:
        """Refuse a paste or a tape larger than a program may be, and say so; True if refused (typed key by key
        or line by line, a huge one would hold the page for minutes)."""
        refused = too_large(text, limits_of(self.micro.profile))
        if refused is not None:
            self.refuse(refused)
        return refused is not None

    def stopped_first(self, action: Callable[[], None]) -> bool:
        """Interrupt a running program and do `action` once it has stopped; True if one was running."""
        if not self.session.running:
            return False
        self.session.interrupt()
        self.pending = action
        return True

    # Decision: a refusal says PRET, so it waits for the program to stop (a link or a paste may come mid-run).
    def refuse(self, error: LseError | Diagnostic) -> None:
        """Say why what the page brought cannot be taken, and prompt again; one running is stopped first."""
        if self.stopped_first(lambda: self.refuse(error)):
            return
        self.seat.line.abandon()  # the typed line's row is left: the next line is typed below the prompt
        self.session.fail(error)
        self.session.prompt()

    def open_file(self, name: str, text: str | None) -> None:
        """Open a file brought to the page (Ouvrir, a drop); its text None: it is not UTF-8, FICHIER ILLISIBLE."""
        if text is None:
            self.refuse(LseError(Err.FILE_UNREADABLE, clip(name)))
        else:
            self.open(text)

    def open_book(self, name: str) -> None:
        """Open one of the book's programs and run it."""
        text = read_book(name)
        if text is not None:
            self.open(text)

    def open_link(self, fragment: str) -> None:
        """Open the program a link carries (#prog=...), or say why it cannot be read."""
        try:
            text = share.decode(fragment, self.micro.profile.max_program_bytes)
        except LseError as error:
            self.refuse(error)
            return
        if text is not None:
            self.open(text)

    def link(self) -> str:
        """The fragment of a link that carries the program in memory."""
        return share.encode(self.session.source())

    def type_line(self, text: str) -> None:
        """Type a line at the Micro and press Return, as a person would."""
        self.seat.line.begin()
        for char in text:
            self.seat.edit(char)
        self.event("key", "Enter")

    def switch(self, profile: str) -> None:
        """Another machine profile: the Micro restarts with the program in memory (a running one stops)."""
        if self.session.running:
            self.session.interrupt()
            self.session.tick(1)  # it stops at once, INTERROMPU: the variables are not carried over
        self.boot(profile, dict(self.session.lines), self.session.dirty, replaced=self.session.replaced)

    # ------------------------------------------------------------ for tests and the page's status line
    def screen_text(self) -> str:
        """The screen's rows, as text."""
        return "\n".join(self.micro.screen.rows_text())

    def cycles(self) -> int:
        """Cycles spent by the program in memory so far."""
        return self.micro.cycles
