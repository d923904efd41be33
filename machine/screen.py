"""The Micro's character screen: cells, cursor, wrap, scroll, control codes; imports errors only, never pygame."""

from __future__ import annotations

import re

from machine.errors import InternalError

BEL, BS, LF, FF, CR, DEL = 7, 8, 10, 12, 13, 127

# A run of printable characters, or one control character (below 32, or DEL).
_CHUNK = re.compile(r"[^\x00-\x1f\x7f]+|[\x00-\x1f\x7f]")
SETTLE_SIZE = 1 << 18  # characters written and kept before they are placed unread (see TextScreen.write)
# The most characters of row 0's logical line kept once scrolled off the top (see TextScreen.above): past them
# the start of that line is unknown (more than twice the longest line the Micro takes: 32 767 characters).
ABOVE_MOST = 1 << 16


class TextScreen:
    """A grid of characters with a cursor, written to like a teleprinter.

    Decision (deferred wrap): writing a character in the last column leaves the
    cursor logically past the end of the row, at cursor_col == cols, and only
    the NEXT printable character wraps to column 0 of the following row
    (scrolling if needed). So a line of exactly `cols` characters followed by
    CR LF takes one row, not two. Control characters act on that logical
    position: CR goes to column 0, BS to the last column, LF moves down and
    keeps the wrap pending. Front ends draw the cursor at cursor_cell(), which
    clamps the pending position to the last column.
    """

    def __init__(self, cols: int, rows: int) -> None:
        if cols <= 0 or rows <= 0:
            raise InternalError(f"screen size must be positive, got {cols}x{rows}")
        self.cols = cols
        self.rows = rows
        self._cells: list[list[str]] = [[" "] * cols for _ in range(rows)]
        # joined[r]: row r continues row r-1 (a line that wrapped), so the two are one logical line.
        self._joined: list[bool] = [False] * rows
        # The rows of row 0's logical line that scrolled off the top, oldest first; None past ABOVE_MOST.
        self._above: list[str] | None = []
        self._row = 0
        self._col = 0
        self._bells = 0
        self._pending: list[str] = []  # text written and not yet placed (see write)
        self._pending_size = 0
        self.dirty = True

    # ------------------------------------------------ the state, settled when read

    @property
    def cells(self) -> list[list[str]]:
        self._settle()
        return self._cells

    @property
    def joined(self) -> list[bool]:
        self._settle()
        return self._joined

    @property
    def above(self) -> str | None:
        """The start of row 0's logical line that scrolled off the top ("" if row 0 starts it); None if too long
        to have been kept (a line sent again from the screen is then unknown, and refused rather than cut)."""
        self._settle()
        return None if self._above is None else "".join(self._above)

    @property
    def bells(self) -> int:
        self._settle()
        return self._bells

    @property
    def cursor_row(self) -> int:
        self._settle()
        return self._row

    @cursor_row.setter
    def cursor_row(self, row: int) -> None:
        self._settle()
        self._row = row

    @property
    def cursor_col(self) -> int:
        self._settle()
        return self._col

    @cursor_col.setter
    def cursor_col(self, col: int) -> None:
        self._settle()
        self._col = col

    # ---------------------------------------------------------------- output

    def write(self, text: str) -> None:
        """Write text at the cursor, obeying BEL, BS, LF, FF and CR; ignore other controls.

        Decision: the text is kept and placed when the screen is next read (or once much has come), and
        only what can still be seen is placed then (see _seen): a program that prints 80 000 lines
        spent half its time scrolling rows nobody looked at.
        """
        if not text:
            return
        self.dirty = True
        self._pending.append(text)
        self._pending_size += len(text)
        if self._pending_size > SETTLE_SIZE:
            self._settle()

    def _settle(self) -> None:
        """Place the text written since the screen was last read."""
        if not self._pending:
            return
        text = "".join(self._pending)
        self._pending.clear()
        self._pending_size = 0
        self._place(self._seen(text))

    def _seen(self, text: str) -> str:
        """The end of text that makes the whole screen; the bells of what comes before it counted.

        After a CR the cursor is at column 0 whatever came before; if 2 x rows line feeds follow it,
        at least rows + 1 of them scroll wherever the cursor was: every row then shows what comes
        after the CR, in the same rows with the same wraps, and the cursor is on the last row.
        """
        at = len(text)
        for _ in range(2 * self.rows):
            at = text.rfind("\r\n", 0, at)
            if at < 0:
                return text
        self._bells += text.count("\a", 0, at)
        self._row, self._col = self.rows - 1, 0
        return text[at + 1:]

    def _place(self, text: str) -> None:
        """Place text at the cursor: printable runs, wrapping and scrolling, and control characters."""
        for chunk in _CHUNK.findall(text):
            code = ord(chunk[0])
            if code >= 32 and code != DEL:
                self._put(chunk)
            elif code == CR:
                self._col = 0
            elif code == LF:
                self._line_feed()
            elif code == BS:
                if self._col > 0:
                    self._col -= 1
            elif code == BEL:
                self._bells += 1
            elif code == FF:
                self.clear()
            # any other control character is ignored

    def _put(self, run: str) -> None:
        """Place a run of printable characters, wrapping and scrolling as needed."""
        cols = self.cols
        start, n = 0, len(run)
        col = self._col
        if col + n <= cols:  # it fits on the row (so no wrap is pending)
            self._cells[self._row][col:col + n] = run
            self._col = col + n
            return
        while start < n:
            if self._col >= cols:  # the pending wrap happens now
                self._col = 0
                self._line_feed()
                self._joined[self._row] = True
            col = self._col
            take = min(cols - col, n - start)
            self._cells[self._row][col:col + take] = run[start:start + take]
            self._col = col + take
            start += take

    def _line_feed(self) -> None:
        """Move the cursor down one row, scrolling at the bottom."""
        if self._row < self.rows - 1:
            self._row += 1
            self._joined[self._row] = False
        else:
            self._scroll()

    def scroll(self) -> None:
        """Scroll up by one row: the top row leaves (kept in `above` while its line goes on), a blank row comes in."""
        self._settle()
        self._scroll()

    def _scroll(self) -> None:
        if self.rows == 1 or not self._joined[1]:
            self._above = []  # row 1, now the top row, starts its line (one row alone: its start is not kept)
        elif self._above is not None:
            self._above.append("".join(self._cells[0]))
            if len(self._above) * self.cols > ABOVE_MOST:
                self._above = None
        self._cells.pop(0)
        self._cells.append([" "] * self.cols)
        self._joined.pop(0)
        self._joined.append(False)
        self._joined[0] = False
        self.dirty = True

    def clear(self) -> None:
        """Blank the whole screen and put the cursor home (what was written before is placed first: its bells)."""
        self._settle()
        self._cells = [[" "] * self.cols for _ in range(self.rows)]
        self._joined = [False] * self.rows
        self._above = []
        self._row = 0
        self._col = 0
        self.dirty = True

    def erase_char(self) -> None:
        """Move back one character and blank it (backspace while typing a line).

        At column 0 this goes back to the last column of the previous row, so an
        input line that wrapped can be erased; at the top-left corner it does nothing.
        """
        if self.cursor_col > 0:
            self.cursor_col -= 1
        elif self.cursor_row > 0:
            self.cursor_row -= 1
            self.cursor_col = self.cols - 1
        else:
            return
        self.cells[self.cursor_row][self.cursor_col] = " "
        self.dirty = True

    # ------------------------------------------------------- logical lines

    def span(self, row: int) -> tuple[int, int]:
        """The first and last rows of the logical line (a line and its wrapped rows) through `row`."""
        first = last = row
        while first > 0 and self.joined[first]:
            first -= 1
        while last + 1 < self.rows and self.joined[last + 1]:
            last += 1
        return first, last

    def open_row_below(self, row: int) -> int:
        """Make row+1 a blank row continuing `row`; return how far the screen scrolled up (0 or 1)."""
        self.dirty = True
        if row == self.rows - 1:
            self.scroll()
            self.joined[row] = True
            return 1
        self.cells.insert(row + 1, [" "] * self.cols)
        self.cells.pop()
        self.joined.insert(row + 1, True)
        self.joined.pop()
        return 0

    # --------------------------------------------------------------- reading

    def cursor_cell(self) -> tuple[int, int]:
        """Return the (row, col) where the cursor is drawn; a pending wrap shows on the last column."""
        return self.cursor_row, min(self.cursor_col, self.cols - 1)

    def rows_text(self) -> list[str]:
        """Return each row as a string, trailing spaces removed."""
        return ["".join(row).rstrip(" ") for row in self.cells]

    def text(self) -> str:
        """Return the rows joined by newlines, trailing empty rows removed."""
        rows = self.rows_text()
        while rows and not rows[-1]:
            rows.pop()
        return "\n".join(rows)
