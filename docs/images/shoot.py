"""Take the README's pictures: the demo in the window at its best moment (PNG) and recorded whole (GIF).

Run under a display (e.g. `xvfb-run python docs/images/shoot.py`); the window has the default look
(--aspect tv). The PNGs are the window's own pixels; the GIF is the demo recorded by --record.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

from machine.frontends.window import Window
from machine.micro import Micro
from machine.monitor import DEMO_PROGRAM, Monitor
from machine.profile import load_profile
from machine.rom import load_font

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BEST_MOMENT = 12.0  # emulated seconds: the character set is complete and held for 3.5 s


def shoot(machine: str, path: Path, scale: int) -> None:
    """Run the demo in a window of `machine` up to BEST_MOMENT and save what the window shows."""
    monitor = Monitor(Micro(load_profile(machine), seed=1))
    monitor.load_text(DEMO_PROGRAM.read_text(encoding="utf-8"))
    monitor.executer("")
    window = Window(monitor, load_font(), speed=None, scale=scale)
    micro = window.micro
    while micro.emulated_seconds() < BEST_MOMENT:
        monitor.tick(10_000)
    window.renderer.draw(window.canvas, micro.screen)
    pygame.display.flip()
    pygame.image.save(window.display, str(path))
    print(f"{path.name}: {window.display.get_size()}, {micro.emulated_seconds():.2f} s emulated")
    pygame.display.quit()


if __name__ == "__main__":
    shoot("micro40", HERE / "demo.png", 2)
    shoot("console80", HERE / "console80.png", 1)  # 80 columns: as wide as micro40 at scale 2
    subprocess.run([sys.executable, "main.py", "programs/demo.lse", "--headless", "--seed", "1",
                    "--record", str(HERE / "demo.gif")], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    print(f"demo.gif: {(HERE / 'demo.gif').stat().st_size} bytes")
