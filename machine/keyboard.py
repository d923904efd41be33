"""The Micro's line input: keys typed by a person become a line, echoed on the screen.

Owns the editing rules of the old consoles; must not import pygame or the front ends.
"""

from __future__ import annotations

from machine.screen import TextScreen

RETURN = "\r"
BACKSPACE = "\b"
# On the consoles where LSE was born, \ erased the previous character.
ERASE = "\\"
MAX_LINE = 250


class LineInput:
    """Collect typed characters until Return, echoing them on the screen."""

    def __init__(self, screen: TextScreen) -> None:
        self.screen = screen
        self.chars: list[str] = []

    @property
    def text(self) -> str:
        """What has been typed so far on this line."""
        return "".join(self.chars)

    def key(self, key: str) -> str | None:
        """Take one key; return the finished line on Return, else None."""
        if key == RETURN:
            line = self.text
            self.chars.clear()
            return line
        if key in (BACKSPACE, ERASE):
            if self.chars:
                self.chars.pop()
                self.screen.erase_char()
            return None
        if key.isprintable() and len(key) == 1 and len(self.chars) < MAX_LINE:
            self.chars.append(key)
            self.screen.write(key)
        return None

    def clear(self) -> None:
        """Forget a half-typed line (when the program it was for has stopped)."""
        self.chars.clear()
