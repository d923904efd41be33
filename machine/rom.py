"""The character-generator ROM: reads roms/font.txt into 8x8 glyphs for the front ends; must not import pygame."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from machine.errors import InternalError
from machine.profile import ROMS_DIR

FONT_PATH = ROMS_DIR / "font.txt"
PLACEHOLDER = 0xFFFD  # the glyph shown for any character the ROM lacks; font.txt must define it

_LINE = re.compile(r"^([0-9A-Fa-f]{1,6}):(\S*)$")
_ROWS = re.compile(r"^[0-9A-Fa-f]{16}$")


class Font:
    """An 8x8 font: each glyph is 8 row bytes, top row first, most significant bit = leftmost pixel."""

    width = 8
    height = 8

    def __init__(self, glyphs: Mapping[int, tuple[int, ...]]) -> None:
        if PLACEHOLDER not in glyphs:
            raise InternalError(f"font has no placeholder glyph {PLACEHOLDER:04X}")
        self._glyphs = MappingProxyType(dict(glyphs))
        self.placeholder: tuple[int, ...] = self._glyphs[PLACEHOLDER]

    def __len__(self) -> int:
        return len(self._glyphs)

    @property
    def codes(self) -> frozenset[int]:
        """The code points the ROM has a glyph for (the placeholder's among them)."""
        return frozenset(self._glyphs)

    def has(self, ch: str) -> bool:
        """Whether the ROM has a glyph of its own for the one character ch."""
        return isinstance(ch, str) and len(ch) == 1 and ord(ch) in self._glyphs

    def glyph(self, ch: str) -> tuple[int, ...]:
        """The 8 row bytes of ch; the placeholder for anything the ROM lacks (never raises)."""
        if isinstance(ch, str) and len(ch) == 1:
            return self._glyphs.get(ord(ch), self.placeholder)
        return self.placeholder

    def pixels(self, ch: str) -> list[list[bool]]:
        """The glyph of ch as 8 rows of 8 booleans, True where the dot is lit, leftmost first."""
        return [[bool(row & (0x80 >> x)) for x in range(self.width)] for row in self.glyph(ch)]


def parse_font(text: str, name: str = "font.txt") -> Font:
    """Parse the text of a font file; a malformed line raises InternalError naming it."""
    glyphs: dict[int, tuple[int, ...]] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{name} line {lineno}"
        m = _LINE.match(line)
        if not m:
            raise InternalError(f"{where}: expected CODE:ROWS (hex code point, colon, 16 hex digits), got {line!r}")
        code = int(m.group(1), 16)
        if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            raise InternalError(f"{where}: {m.group(1)} is not a Unicode code point")
        if not _ROWS.match(m.group(2)):
            raise InternalError(f"{where}: glyph {code:04X} needs exactly 16 hex digits, got {m.group(2)!r}")
        if code in glyphs:
            raise InternalError(f"{where}: glyph {code:04X} defined twice")
        glyphs[code] = tuple(bytes.fromhex(m.group(2)))
    if PLACEHOLDER not in glyphs:
        raise InternalError(f"{name}: no placeholder glyph {PLACEHOLDER:04X}")
    return Font(glyphs)


def load_font(path: str | Path | None = None) -> Font:
    """Load the character-generator ROM from path (default roms/font.txt)."""
    path = Path(path) if path is not None else FONT_PATH
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InternalError(f"cannot read font {path}: {exc}") from exc
    return parse_font(text, str(path))
