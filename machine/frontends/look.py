"""How the screen looks on a monitor of the period: tints, the tube's aspect, the cursor; no drawing.

Shared by the pygame renderer and the web page; must not import pygame or any host's library.
"""

from __future__ import annotations

from machine.profile import Profile
from machine.rom import Font

# Monitors of the period: the profile's own colours, or a monochrome tube.
MONITORS = {
    "green": ((0x33, 0xFF, 0x66), (0x00, 0x12, 0x04)),
    "amber": ((0xFF, 0xB0, 0x00), (0x14, 0x0A, 0x00)),
    "white": ((0xE8, 0xE8, 0xE0), (0x10, 0x10, 0x10)),
}
MONITOR_NAMES = ("colour", *MONITORS)
SCANLINE_DIM = 0.55  # brightness of every other pixel row with --scanlines
ASPECTS = ("tv", "square")
CURSOR_DOTS = 2  # the cursor is a bar as tall as two rows of font dots


def cell_height(font: Font, profile: Profile, scale: int, aspect: str) -> int:
    """Return the pixel height of a character cell whose width is `scale` pixels per font dot.

    Decision: "square" draws square dots (an integer scale both ways). "tv" makes the text area fill
    the profile's tube (4:3): 320x200 dots on a television had dots taller than wide, so each cell is
    stretched to the whole number of pixel rows nearest the tube's shape. Widths stay an integer scale;
    the row height is an integer per dot whenever the shape allows it (micro40 at scale 5: 6 rows per
    dot); otherwise every cell repeats its dot rows by the same nearest-neighbour pattern.
    """
    if aspect == "square":
        return font.height * scale
    width, height = profile.aspect
    text_width = profile.columns * font.width * scale
    return max(font.height, round(text_width * height / (width * profile.rows)))


def monitor_colours(profile: Profile, monitor: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Return (foreground, background) for a monitor name."""
    if monitor == "colour":
        return profile.colour(profile.foreground), profile.colour(profile.background)
    return MONITORS[monitor]
