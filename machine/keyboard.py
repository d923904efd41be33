"""The Micro's screen editor: keys typed by a person edit the screen, and Return sends a line of it.

Owns the editing rules (the old consoles' `\\` erase, the 1985 micros' cursor over the whole screen,
the history of typed lines); must not import pygame or the front ends.

Decision: as on the micros of 1985, the screen is the editing buffer. The cursor moves over every
row; typing overwrites the character under it, Insert opens a blank, Delete and Backspace close the
gap. Return sends the logical line under the cursor (a line and the rows it wrapped onto): on the
line being typed, what was typed since the Micro asked; elsewhere the whole line (a listed program
line, changed in place), copied onto the line being typed so that the Micro answers below it, never
over the rows above; a line whose first rows scrolled off the top is sent whole, the screen keeping
what left it (a line too long for that is refused, never sent cut). Up and Down on the line being
typed walk the history of typed lines; elsewhere (and with Shift anywhere) they move the cursor.
"""

from __future__ import annotations

from machine.errors import Err, LseError
from machine.screen import TextScreen

RETURN = "\r"
BACKSPACE = "\b"
# On the consoles where LSE was born, \ erased the previous character.
ERASE = "\\"
LEFT, RIGHT, UP, DOWN = "LEFT", "RIGHT", "UP", "DOWN"
SCREEN_UP, SCREEN_DOWN = "SHIFT-UP", "SHIFT-DOWN"  # move the cursor even on the line being typed
HOME, END, INSERT, DELETE = "HOME", "END", "INSERT", "DELETE"
# Decision: a typed line holds 250 characters (the screen could hold no more than 960); a key past that, or
# past the screen's room, rings the bell and is not taken, what was typed staying as it was. A longer line
# (up to the machine's max_line_chars) comes from a file, a tape, or a listed line sent again with Return.
MAX_LINE = 250
MAX_HISTORY = 200


class LineInput:
    """The cursor's editing of the screen, the line being typed (from `anchor`), and the history."""

    def __init__(self, screen: TextScreen) -> None:
        self.screen = screen
        self.anchor: tuple[int, int] | None = None  # where the Micro's cursor was when it asked
        self.history: list[str] = []
        self.walk: int | None = None  # the history entry shown, while walking it
        self.draft = ""  # what was typed before walking the history

    # ------------------------------------------------------------ reading
    @property
    def text(self) -> str:
        """What has been typed so far on the line being typed ("" where it left the top of the screen)."""
        if self.anchor is None or self.anchor[0] < 0:
            return ""
        first, _ = self.screen.span(self.anchor[0])
        return self._line_text(first)[self._anchor_offset(first):].rstrip(" ")

    def _line_text(self, first: int) -> str:
        _, last = self.screen.span(first)
        return "".join("".join(self.screen.cells[row]) for row in range(first, last + 1))

    def _anchor_offset(self, first: int) -> int:
        row, col = self.anchor
        return (row - first) * self.screen.cols + col

    def _cursor(self) -> tuple[int, int]:
        """The cursor as (first row of its logical line, offset in that line)."""
        screen = self.screen
        first, _ = screen.span(screen.cursor_row)
        return first, (screen.cursor_row - first) * screen.cols + screen.cursor_col

    def _on_typed_line(self) -> bool:
        if self.anchor is None:
            return False
        first, last = self.screen.span(self.screen.cursor_row)
        return first <= self.anchor[0] <= last

    def _start(self, first: int) -> int:
        """The first offset the cursor may edit on its logical line (after the Micro's question)."""
        return self._anchor_offset(first) if self._on_typed_line() else 0

    # ------------------------------------------------------------ the keys
    def begin(self) -> None:
        """The Micro asks for a line: it is typed from the cursor."""
        if self.anchor is None:
            self.anchor = (self.screen.cursor_row, self.screen.cursor_col)
            self.walk = None

    def abandon(self) -> None:
        """Esc or Ctrl-C at the prompt: the line stays on the screen unsent, the cursor at its end."""
        if self.anchor is not None and self.anchor[0] >= 0:
            first, _ = self.screen.span(self.anchor[0])
            end = len(self._line_text(first).rstrip(" "))
            self._cursor_after(first, end, end > 0)
        self.clear()

    def clear(self) -> None:
        """Forget a half-typed line (when the program it was for has stopped)."""
        self.anchor = None
        self.walk = None

    def key(self, key: str) -> str | None:
        """Take one key; return the line sent on Return, else None.

        Return on a line whose start scrolled off the top and could not be kept raises START_OFF_SCREEN (the
        cursor back at the end of the line being typed, nothing sent).
        """
        self.begin()
        if key == RETURN:
            return self._send()
        action = {BACKSPACE: self._backspace, ERASE: self._backspace, DELETE: self._delete,
                  INSERT: self._insert, LEFT: lambda: self._step(-1), RIGHT: lambda: self._step(1),
                  HOME: self._home, END: self._end, UP: lambda: self._vertical(-1, True),
                  DOWN: lambda: self._vertical(1, True), SCREEN_UP: lambda: self._vertical(-1, False),
                  SCREEN_DOWN: lambda: self._vertical(1, False)}.get(key)
        if action is not None:
            action()
        elif len(key) == 1 and key.isprintable():
            self._type(key)
        self.screen.dirty = True
        return None

    def _send(self) -> str:
        screen = self.screen
        first, _ = screen.span(screen.cursor_row)
        line = self._line_text(first)[self._start(first):]
        if not self._on_typed_line():
            # Decision: where the line being typed left the top (another line, edited below it, grew and scrolled
            # the screen: _grow), the line sent stays where it is and what the Micro prints comes below it; its
            # anchor was a row above the screen, which span() read from the bottom (row -1).
            gone = self.anchor[0] < 0
            if gone:
                self.anchor = (first, 0)
            above = screen.above if first == 0 else ""  # (the rows of a line that scrolled off the top)
            if above is None:
                self._home_to_typed()
                raise LseError(Err.START_OFF_SCREEN)
            line = (above + line).rstrip(" ")
            if not gone:
                self._show_typed(line)  # copied onto the line being typed: what the Micro prints comes below it
        self._home_to_typed()
        return line.rstrip(" ")

    def _home_to_typed(self) -> None:
        """The line is done with: the cursor after the line being typed, where the Micro prints next."""
        screen = self.screen
        first = screen.span(self.anchor[0])[0]
        # The cursor goes to the end of the line sent, so that what the Micro prints comes below it.
        end = self._line_text(first).rstrip(" ")
        row = first + max(0, len(end) - 1) // screen.cols if end else first
        screen.cursor_row, screen.cursor_col = row, len(end) - (row - first) * screen.cols
        self.anchor = None
        self.walk = None

    def remember(self, line: str) -> None:
        """Keep a line sent at the prompt in the history (not LIRE's answers: 10 sent again at PRET erases line 10)."""
        if line.strip() and (not self.history or self.history[-1] != line):
            self.history = [*self.history, line][-MAX_HISTORY:]

    def _place(self, first: int, offset: int) -> bool:
        """Put the cursor at an offset of the logical line starting at `first`, opening rows if needed;
        False (the cursor unmoved) if the line would outgrow the screen."""
        screen = self.screen
        row = first + offset // screen.cols
        while row > screen.span(first)[1]:
            if first == 0 and screen.span(first)[1] == screen.rows - 1:
                return False  # the line fills the screen: scrolling would lose its start
            first -= self._grow(screen.span(first)[1])
            row = first + offset // screen.cols
        screen.cursor_row, screen.cursor_col = row, offset % screen.cols
        return True

    def _grow(self, last: int) -> int:
        """Open a row below `last`; return how many rows the screen scrolled (the anchor follows)."""
        scrolled = self.screen.open_row_below(last)
        if scrolled and self.anchor is not None:
            self.anchor = (self.anchor[0] - 1, self.anchor[1])
        return scrolled

    def _write(self, first: int, offset: int, text: str) -> bool:
        """Write text into the logical line from an offset, opening rows as it grows; False if it outgrew the screen."""
        cols = self.screen.cols
        for index, char in enumerate(text):
            if not self._place(first, offset + index):
                return False
            first = self.screen.span(self.screen.cursor_row)[0]
            self.screen.cells[self.screen.cursor_row][(offset + index) % cols] = char
        return True

    def _refuse(self) -> None:
        """A key the line has no room for: the bell rings, the key is not taken, what was typed stays."""
        self.screen.write("\a")

    def _type(self, char: str) -> None:
        first, offset = self._cursor()
        if offset - self._start(first) >= MAX_LINE or not self._write(first, offset, char):
            self._refuse()
            return
        first = self.screen.span(self.screen.cursor_row)[0]
        self._cursor_after(first, offset + 1)

    def _cursor_after(self, first: int, offset: int, wrote: bool = True) -> None:
        """The cursor just after what was written up to `offset`; after the last column of a row it is
        left pending there, as the screen leaves it, rather than opening a row no one typed on."""
        cols, last = self.screen.cols, self.screen.span(first)[1]
        if offset > (last - first + 1) * cols:  # the line could not grow that far: the end of its last row
            offset = (last - first + 1) * cols
        if offset % cols or not wrote:
            self._place(first, offset)
        else:
            self.screen.cursor_row = first + (offset - 1) // cols
            self.screen.cursor_col = cols

    def _shift(self, first: int, offset: int, text: str) -> None:
        """Rewrite the logical line from an offset with text, blanking what is left over."""
        old = self._line_text(first)[offset:]
        self._write(first, offset, text + " " * max(0, len(old.rstrip(" ")) - len(text)))

    def _backspace(self) -> None:
        first, offset = self._cursor()
        if offset <= self._start(first):
            return
        rest = self._line_text(first)[offset:].rstrip(" ")
        self._shift(first, offset - 1, rest)
        self._place(self.screen.span(self.screen.cursor_row)[0] if rest else first, offset - 1)

    def _delete(self) -> None:
        first, offset = self._cursor()
        rest = self._line_text(first)[offset + 1:].rstrip(" ")
        self._shift(first, offset, rest)
        self._place(first, offset)

    def _insert(self) -> None:
        first, offset = self._cursor()
        rest = self._line_text(first)[offset:].rstrip(" ")
        if len(rest) + offset - self._start(first) >= MAX_LINE:
            self._refuse()
            return
        self._shift(first, offset, " " + rest)
        self._place(self.screen.span(self.screen.cursor_row)[0], offset)

    def _step(self, delta: int) -> None:
        """Left or right over the whole screen, from the end of one row to the start of the next."""
        screen = self.screen
        place = screen.cursor_row * screen.cols + min(screen.cursor_col, screen.cols - 1) + delta
        if 0 <= place < screen.rows * screen.cols:
            screen.cursor_row, screen.cursor_col = divmod(place, screen.cols)

    def _home(self) -> None:
        first, _ = self._cursor()
        self._place(first, self._start(first))

    def _end(self) -> None:
        """After the last character of the line (after the Micro's question if nothing is typed yet)."""
        first, _ = self._cursor()
        length = max(len(self._line_text(first).rstrip(" ")), self._start(first))
        self._cursor_after(first, length, length > 0)

    def _vertical(self, delta: int, history: bool) -> None:
        if history and self._on_typed_line():
            self._walk(delta)
            return
        screen = self.screen
        screen.cursor_row = min(max(screen.cursor_row + delta, 0), screen.rows - 1)
        screen.cursor_col = min(screen.cursor_col, screen.cols - 1)

    def _walk(self, delta: int) -> None:
        """Up: the line typed before; Down: the one after, then back to what was being typed.

        A line the screen cannot hold (a terminal's, in the shared history) is passed over: shown cut, it
        would be sent cut.
        """
        if not self.history or (self.walk is None and delta > 0):
            return
        index = (len(self.history) if self.walk is None else self.walk) + delta
        while 0 <= index < len(self.history) and not self._fits(self.history[index]):
            index += delta
        if index < 0:
            return  # nothing older fits: the line stays as it is
        if self.walk is None:
            self.draft = self.text
        self.walk = index if index < len(self.history) else None
        self._show_typed(self.draft if self.walk is None else self.history[self.walk])

    def _fits(self, text: str) -> bool:
        """Whether text fits on the line being typed, the screen scrolled as far as the line may scroll it."""
        first, _ = self.screen.span(self.anchor[0])
        return self._anchor_offset(first) + len(text) <= self.screen.rows * self.screen.cols

    def _show_typed(self, text: str) -> None:
        """Put text on the line being typed in place of what is there, the cursor after it."""
        first, _ = self.screen.span(self.anchor[0])
        start = self._anchor_offset(first)
        self._shift(first, start, text)
        first = self.screen.span(self.anchor[0])[0]
        self._cursor_after(first, start + len(text), bool(text))
