"""Recordings: what the screen showed and when, written as an animated GIF at the Micro's frame rate.

Must not import pygame or PIL at import time: a recording keeps text snapshots (cheap, so long
recordings cost little memory); only save() draws them with the window's renderer (render.py)
and encodes them one frame at a time with Pillow, so the GIF is streamed to the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from machine.record import record
from machine.screen import TextScreen

if TYPE_CHECKING:
    from machine.frontends.render import ScreenRenderer

# Decision: the last picture stays this long before the GIF starts again, so the end can be read.
HOLD_LAST_SECONDS = 2.0
# Decision: a recording holds ten minutes at most (of the clock it is given, wall or emulated): a program that
# prints for ever made ~50 frames an emulated second, 1.7 GB after 30 s at full speed, and a GIF to match.
LONGEST_SECONDS = 600


@record
class Frame:
    """One picture of the recording: the screen's rows, the cursor if shown, and its frame number."""

    rows: tuple[str, ...]
    cursor: tuple[int, int] | None
    number: int


class Still:
    """A recorded picture dressed as a screen, for the renderer (it reads cells and cursor_cell)."""

    def __init__(self, frame: Frame) -> None:
        self.cells = frame.rows
        self.cursor = frame.cursor

    def cursor_cell(self) -> tuple[int, int]:
        return self.cursor


class Recorder:
    """Collects the screen at the Micro's frame rate: a frame is kept only when the picture changed."""

    def __init__(self, frame_hz: int, longest_seconds: float | None = None) -> None:
        self.frame_hz = frame_hz
        self.frames: list[Frame] = []
        self.origin: float | None = None
        self.last_number = 0
        self.longest_seconds = LONGEST_SECONDS if longest_seconds is None else longest_seconds
        self.full = False  # the recording reached its longest: what comes after is not kept

    def capture(self, screen: TextScreen, now: float, cursor: bool = False) -> None:
        """Note what the screen shows at time `now` (seconds, wall or emulated: one clock per recording)."""
        if self.origin is None:
            self.origin = now
        number = round((now - self.origin) * self.frame_hz)
        if self.full or number > self.longest_seconds * self.frame_hz:
            self.full = True
            return
        self.last_number = max(self.last_number, number)
        frames = self.frames
        # (a row the last picture had is kept once: a screen that scrolls shares all its rows but one)
        known = {row: row for row in frames[-1].rows} if frames else {}
        rows = tuple(known.get(text, text) for text in ("".join(row) for row in screen.cells))
        shown = screen.cursor_cell() if cursor else None
        if frames and (frames[-1].rows, frames[-1].cursor) == (rows, shown):
            return
        if frames and number <= frames[-1].number:  # two pictures in one frame: the later one is seen
            frames[-1].rows, frames[-1].cursor = rows, shown
            if len(frames) > 1 and (frames[-2].rows, frames[-2].cursor) == (rows, shown):
                frames.pop()
            return
        frames.append(Frame(rows, shown, number))

    def durations_ms(self) -> list[int]:
        """Milliseconds each frame stays, in whole centiseconds (GIF's unit), summing to the recorded time."""
        def centis(number: float) -> int:
            return round(number * 100 / self.frame_hz)
        ends = [frame.number for frame in self.frames[1:]]
        last = max(self.last_number, self.frames[-1].number + 1) + HOLD_LAST_SECONDS * self.frame_hz
        ends.append(last)
        return [10 * (centis(end) - centis(frame.number)) for frame, end in zip(self.frames, ends)]

    def save(self, path: Path, renderer: ScreenRenderer) -> int:
        """Write the recording as a looping GIF drawn by `renderer`; return the number of frames."""
        from PIL import GifImagePlugin, Image

        if not self.frames:
            raise ValueError("nothing recorded")
        palette = _palette_image(renderer, len(self.frames[0].rows[0]), len(self.frames[0].rows))
        previous: Frame | None = None
        with open(path, "wb") as gif:
            for frame, duration in zip(self.frames, self.durations_ms()):
                # After the first, a frame is only the box of the cells that changed, drawn over the last.
                box = None if previous is None else _changed_box(previous, frame, renderer)
                size, data = renderer.rgb(Still(frame), frame.cursor is not None, box)
                image = Image.frombytes("RGB", size, data).quantize(palette=palette, dither=Image.Dither.NONE)
                if previous is None:
                    header, _ = GifImagePlugin.getheader(image, None, {"loop": 0})
                    gif.write(b"".join(header))
                offset = (0, 0) if box is None else box[:2]
                for chunk in GifImagePlugin.getdata(image, offset=offset, duration=duration, disposal=1):
                    gif.write(chunk)
                previous = frame
            gif.write(b";")
        return len(self.frames)


def _changed_box(before: Frame, after: Frame, renderer: ScreenRenderer) -> tuple[int, int, int, int]:
    """The pixel box (x, y, w, h) covering every cell that differs between two frames, cursors included."""
    cells = [(r, c) for r, (old, new) in enumerate(zip(before.rows, after.rows)) if old != new
             for c in range(len(new)) if old[c] != new[c]]
    cells += [cursor for cursor in (before.cursor, after.cursor) if cursor is not None]
    cells = cells or [(0, 0)]
    top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
    left, right = min(c for _, c in cells), max(c for _, c in cells)
    x0, y0 = renderer.margin
    return (x0 + left * renderer.cell_w, y0 + top * renderer.cell_h,
            (right - left + 1) * renderer.cell_w, (bottom - top + 1) * renderer.cell_h)


def _palette_image(renderer: ScreenRenderer, columns: int, rows: int):
    """A palette of every colour the renderer draws (a block, a blank, the cursor, scanlines and all)."""
    from PIL import Image

    probe = TextScreen(columns, rows)
    probe.write("█ ")
    size, data = renderer.rgb(probe, cursor=True)
    colours = sorted(colour for _, colour in Image.frombytes("RGB", size, data).getcolors(256))
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in colours for value in colour])
    return palette
