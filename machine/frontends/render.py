"""Draw the Micro's character screen with the ROM font into a pygame Surface; the only drawing code.

Imports pygame (front ends only); the core never imports this module.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from machine.frontends.look import CURSOR_DOTS, SCANLINE_DIM, cell_height, monitor_colours  # noqa: E402
from machine.profile import Profile  # noqa: E402
from machine.rom import Font  # noqa: E402
from machine.screen import TextScreen  # noqa: E402


class ScreenRenderer:
    """Turn TextScreen cells into pixels: one cached glyph surface per character."""

    def __init__(self, font: Font, profile: Profile, scale: int = 1, monitor: str = "colour",
                 scanlines: bool = False, margin: bool = True, aspect: str = "square") -> None:
        self.font = font
        self.scale = scale
        self.aspect = aspect
        self.foreground, self.background = monitor_colours(profile, monitor)
        self.scanlines = scanlines and scale >= 2
        self.cell_w = font.width * scale
        self.cell_h = cell_height(font, profile, scale, aspect)
        # A margin of one cell all round, as the screens of the period never wrote to the tube's edge.
        self.margin = (self.cell_w, self.cell_h) if margin else (0, 0)
        self.size = ((profile.columns + 2 * bool(margin)) * self.cell_w,
                     (profile.rows + 2 * bool(margin)) * self.cell_h)
        self.cache: dict[str, pygame.Surface] = {}

    def glyph(self, ch: str) -> pygame.Surface:
        """Return the surface of one character at the renderer's scale and colours."""
        surface = self.cache.get(ch)
        if surface is None:
            small = pygame.Surface((self.font.width, self.font.height))
            small.fill(self.background)
            for y, row in enumerate(self.font.pixels(ch)):
                for x, lit in enumerate(row):
                    if lit:
                        small.set_at((x, y), self.foreground)
            surface = pygame.transform.scale(small, (self.cell_w, self.cell_h))
            self.cache[ch] = surface
        return surface

    def draw(self, target: pygame.Surface, screen: TextScreen, cursor: bool = False) -> None:
        """Draw every cell of the screen, and the cursor if it is showing."""
        target.fill(self.background)
        left, top = self.margin
        for y, row in enumerate(screen.cells):
            for x, ch in enumerate(row):
                if ch != " ":
                    target.blit(self.glyph(ch), (left + x * self.cell_w, top + y * self.cell_h))
        if cursor:
            row, col = screen.cursor_cell()
            bar = round(CURSOR_DOTS * self.cell_h / self.font.height)
            block = pygame.Rect(left + col * self.cell_w, top + (row + 1) * self.cell_h - bar, self.cell_w, bar)
            target.fill(self.foreground, block)
        if self.scanlines:
            self._scanlines(target)

    def draw_status(self, target: pygame.Surface, text: str) -> None:
        """Write a short notice in the bottom margin, the status line under the screen (no margin: none)."""
        left, top = self.margin
        if not top:
            return
        y = self.size[1] - top
        for x, ch in enumerate(text[:self.size[0] // self.cell_w - 2]):
            if ch != " ":
                target.blit(self.glyph(ch), (left + x * self.cell_w, y))

    def _scanlines(self, target: pygame.Surface) -> None:
        shade = pygame.Surface((self.size[0], 1))
        shade.fill(tuple(int(255 * SCANLINE_DIM) for _ in range(3)))
        for y in range(1, self.size[1], 2):
            target.blit(shade, (0, y), special_flags=pygame.BLEND_MULT)

    def surface(self, screen: TextScreen, cursor: bool = False) -> pygame.Surface:
        """Return a new surface with the screen drawn on it (off-screen)."""
        target = pygame.Surface(self.size)
        self.draw(target, screen, cursor)
        return target


    def rgb(self, screen: TextScreen, cursor: bool = False,
            box: tuple[int, int, int, int] | None = None) -> tuple[tuple[int, int], bytes]:
        """Draw the screen off-screen; return the size and RGB bytes of the box (x, y, w, h), or of all."""
        surface = self.surface(screen, cursor)
        if box is not None:
            surface = surface.subsurface(pygame.Rect(box))
        return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def save_screenshot(screen: TextScreen, path: Path, font: Font, profile: Profile, scale: int = 2,
                    monitor: str = "colour", aspect: str = "square") -> None:
    """Save the screen as a PNG, without any display."""
    renderer = ScreenRenderer(font, profile, scale, monitor, aspect=aspect)
    pygame.image.save(renderer.surface(screen), str(path))
