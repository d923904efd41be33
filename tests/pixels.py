"""Reading a drawn screen back as text, for the window, screenshot and recording tests; imports the ROM only."""

from __future__ import annotations

from collections.abc import Callable

from machine.rom import load_font

FONT = load_font()
GLYPHS: dict[tuple[int, ...], str] = {}
for _code in sorted(FONT.codes):
    GLYPHS.setdefault(FONT.glyph(chr(_code)), chr(_code))


def cells_text(pixel: Callable[[tuple[int, int]], tuple], renderer: object, rows: int, cols: int,
               lit: Callable[[tuple], bool]) -> list[str]:
    """The character whose ROM glyph each cell shows ("?" if none), row by row, trailing blanks cut.

    Each font dot is sampled at the first pixel that nearest-neighbour scaling draws from it,
    so any cell size (square or tv) reads back.
    """
    left, top = renderer.margin
    text = []
    for row in range(rows):
        chars = []
        for col in range(cols):
            bits = []
            for y in range(FONT.height):
                value = 0
                for x in range(FONT.width):
                    colour = pixel((left + col * renderer.cell_w + -(-x * renderer.cell_w // FONT.width),
                                    top + row * renderer.cell_h + -(-y * renderer.cell_h // FONT.height)))
                    value = value << 1 | lit(tuple(colour)[:3])
                bits.append(value)
            chars.append(GLYPHS.get(tuple(bits), "?"))
        text.append("".join(chars).rstrip())
    return text
