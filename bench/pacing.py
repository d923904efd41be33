"""Check the window's pacing: emulated time against wall time at --speed authentic, and idle CPU."""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from machine.frontends.window import Window, pygame  # noqa: E402
from machine.lse.runtime import Status  # noqa: E402
from machine.micro import Micro  # noqa: E402
from machine.rom import load_font  # noqa: E402

BUSY = "10 X←0\n20 FAIRE 30 POUR I←1 JUSQUA 100\n30 X←X+I/3\n40 AFFICHER X;ALLER EN 20\n"
IDLE = "10 LIRE N\n20 TERMINER\n"


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_for(source: str, seconds: float, speed: float | None) -> tuple[float, float, float]:
    """Run a program in the window for `seconds` of wall time; return (wall, emulated, cpu)."""
    micro = Micro()
    micro.load_text(source)
    window = Window(micro, load_font(), speed=speed, scale=1)
    clock = pygame.time.Clock()
    start, cpu = time.monotonic(), cpu_seconds()
    while time.monotonic() - start < seconds:
        window.frame()
        if window.idle():
            pygame.event.wait(500)
        else:
            clock.tick(50)
    wall = time.monotonic() - start
    emulated = micro.emulated_seconds()
    pygame.display.quit()
    assert window.status in (Status.RUNNING, Status.WAITING)
    return wall, emulated, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    for speed in (1.0, 2.0):
        wall, emulated, cpu = run_for(BUSY, args.seconds, speed)
        print(f"speed {speed:g}x: wall {wall:.2f} s, emulated {emulated:.2f} s, "
              f"emulated/(wall*speed) = {emulated / (wall * speed):.3f}, host CPU {cpu / wall:.0%}")
    wall, emulated, cpu = run_for(IDLE, args.seconds / 2, 1.0)
    print(f"idle (LIRE waiting): host CPU {cpu / wall:.1%} over {wall:.1f} s")


if __name__ == "__main__":
    main()
