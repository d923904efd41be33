"""Take the README's picture of the prompt: typed errors drawn row by row, a helpful word, AIDE NAME.

Run under a display (e.g. `xvfb-run python docs/images/shoot_prompt.py`); the keys are pygame events
typed into the window as a person would, and the PNG is the window's own pixels.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from machine.frontends.window import Window
from machine.micro import Micro
from machine.monitor import Monitor
from machine.rom import load_font

HERE = Path(__file__).resolve().parent
TYPED = ["10 X_3+*4", "FOO BAR", "RUN", "AIDE SCH", "?SCH('BONJOUR',4,4)"]


def shoot(path: Path, scale: int) -> None:
    """Boot the Micro in a window, type TYPED line by line, and save what the window shows."""
    monitor = Monitor(Micro())
    monitor.boot()
    window = Window(monitor, load_font(), speed=None, scale=scale)
    for line in TYPED:
        window.frame()
        for char in line:
            window.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        for _ in range(3):
            window.frame()
    window.renderer.draw(window.canvas, window.micro.screen, True)
    pygame.display.flip()
    pygame.image.save(window.display, str(path))
    print(f"{path.name}: {window.display.get_size()}")
    pygame.display.quit()


if __name__ == "__main__":
    shoot(HERE / "errors.png", 2)
