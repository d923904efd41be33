"""The Micro's character screen: cells, cursor, wrap, scroll, control codes; imports errors only, never pygame."""

from __future__ import annotations

import re

from machine.errors import InternalError

BEL, BS, LF, FF, CR, DEL = 7, 8, 10, 12, 13, 127

# A run of printable characters, or one control character (below 32, or DEL).
_CHUNK = re.compile(r"[^\x00-\x1f\x7f]+|[\x00-\x1f\x7f]")


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
        self.cells: list[list[str]] = [[" "] * cols for _ in range(rows)]
        # joined[r]: row r continues row r-1 (a line that wrapped), so the two are one logical line.
        self.joined: list[bool] = [False] * rows
        self.cursor_row = 0
        self.cursor_col = 0
        self.bells = 0
        self.dirty = True

    # ---------------------------------------------------------------- output

    def write(self, text: str) -> None:
        """Write text at the cursor, obeying BEL, BS, LF, FF and CR; ignore other controls."""
        if not text:
            return
        self.dirty = True
        end = _CHUNK.match(text).end()
        if end == len(text) - 2 and text.endswith("\r\n") and "\x1f" < text[0] != "\x7f":
            # the common line, printable text then CR LF, in one step
            col = self.cursor_col
            if col + end <= self.cols:
                self.cells[self.cursor_row][col:col + end] = text[:end]
            else:
                self._put(text[:end])
            self.cursor_col = 0
            if self.cursor_row < self.rows - 1:
                self.cursor_row += 1
                self.joined[self.cursor_row] = False
            else:
                self.scroll()
            return
        for chunk in _CHUNK.findall(text):
            code = ord(chunk[0])
            if code >= 32 and code != DEL:
                self._put(chunk)
            elif code == CR:
                self.cursor_col = 0
            elif code == LF:
                self._line_feed()
            elif code == BS:
                if self.cursor_col > 0:
                    self.cursor_col -= 1
            elif code == BEL:
                self.bells += 1
            elif code == FF:
                self.clear()
            # any other control character is ignored

    def _put(self, run: str) -> None:
        """Place a run of printable characters, wrapping and scrolling as needed."""
        cols = self.cols
        start, n = 0, len(run)
        col = self.cursor_col
        if col + n <= cols:  # it fits on the row (so no wrap is pending)
            self.cells[self.cursor_row][col:col + n] = run
            self.cursor_col = col + n
            return
        while start < n:
            if self.cursor_col >= cols:  # the pending wrap happens now
                self.cursor_col = 0
                self._line_feed()
                self.joined[self.cursor_row] = True
            col = self.cursor_col
            take = min(cols - col, n - start)
            self.cells[self.cursor_row][col:col + take] = run[start:start + take]
            self.cursor_col = col + take
            start += take

    def _line_feed(self) -> None:
        """Move the cursor down one row, scrolling at the bottom."""
        if self.cursor_row < self.rows - 1:
            self.cursor_row += 1
            self.joined[self.cursor_row] = False
        else:
            self.scroll()

    def scroll(self) -> None:
        """Scroll up by one row: the top row is lost, a blank row appears at the bottom."""
        self.cells.pop(0)
        self.cells.append([" "] * self.cols)
        self.joined.pop(0)
        self.joined.append(False)
        self.joined[0] = False
        self.dirty = True

    def clear(self) -> None:
        """Blank the whole screen and put the cursor home."""
        self.cells = [[" "] * self.cols for _ in range(self.rows)]
        self.joined = [False] * self.rows
        self.cursor_row = 0
        self.cursor_col = 0
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
