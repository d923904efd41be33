"""The pygame window and the screenshots, off-screen with SDL's dummy driver."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from machine.frontends.render import ScreenRenderer, monitor_colours, save_screenshot  # noqa: E402
from machine.frontends.window import Window  # noqa: E402
from machine.lse.runtime import Status  # noqa: E402
from machine.micro import Micro  # noqa: E402
from machine.monitor import Monitor  # noqa: E402
from machine.profile import load_profile  # noqa: E402
from machine.screen import TextScreen  # noqa: E402
from tests.pixels import FONT, cells_text  # noqa: E402


def decode(surface: pygame.Surface, renderer: ScreenRenderer, rows: int, cols: int) -> list[str]:
    """Read the text back from pixels, glyph by glyph (only characters that the ROM has)."""
    return cells_text(surface.get_at, renderer, rows, cols, lambda colour: colour == renderer.foreground)


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_each_cell_is_drawn_with_the_rom_glyph_of_its_character(scale):
    profile = load_profile()
    screen = TextScreen(profile.columns, profile.rows)
    screen.write("PRET\r\nÉTÉ ← ↑ █ ЖБ\r\nA[K]←1")
    renderer = ScreenRenderer(FONT, profile, scale)
    surface = renderer.surface(screen)
    assert decode(surface, renderer, 3, profile.columns) == ["PRET", "ÉTÉ ← ↑ █ ЖБ", "A[K]←1"]


def test_a_screenshot_of_a_run_decodes_back_to_the_text_on_the_screen(tmp_path):
    micro = Micro()
    micro.load_text("10 AFFICHER 'BONJOUR LE MICRO'\n20 AFFICHER 6*7\n30 TERMINER\n")
    assert micro.run_until_blocked() is Status.ENDED
    path = tmp_path / "screen.png"
    save_screenshot(micro.screen, path, FONT, micro.profile, scale=2)
    image = pygame.image.load(str(path))
    renderer = ScreenRenderer(FONT, micro.profile, 2)
    assert image.get_size() == renderer.size
    rows = decode(image, renderer, 3, micro.profile.columns)
    assert rows == ["", "BONJOUR LE MICRO", "42"]


@pytest.mark.parametrize("name, columns, rows", [("micro40", 40, 25), ("console80", 80, 25)])
def test_the_window_has_the_profile_geometry_at_its_scale(name, columns, rows):
    window = Window(Monitor(Micro(load_profile(name))), FONT, speed=None, scale=2, aspect="square")
    assert window.display.get_size() == ((columns + 2) * 16, (rows + 2) * 16)
    pygame.display.quit()


@pytest.mark.parametrize("monitor", ["green", "amber", "white"])
def test_a_monochrome_monitor_replaces_the_profile_colours(monitor):
    profile = load_profile()
    assert monitor_colours(profile, monitor) != monitor_colours(profile, "colour")


def key(window: Window, key: int, text: str = "", mod: int = 0) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))


def typed(window: Window, text: str) -> None:
    window.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def running_window(source: str) -> Window:
    monitor = Monitor(Micro())
    monitor.load_text(source)
    monitor.executer("")
    window = Window(monitor, FONT, speed=None, scale=1)
    window.frame()
    return window


def test_typing_goes_through_the_line_input_with_backspace_and_backslash():
    window = running_window("10 LIRE N\n20 AFFICHER N*2\n30 TERMINER\n")
    assert window.status is Status.WAITING
    typed(window, "129")
    key(window, pygame.K_BACKSPACE)
    typed(window, "7\\1")
    key(window, pygame.K_RETURN)
    for _ in range(5):
        window.frame()
    assert window.status is Status.ENDED
    assert window.micro.screen.rows_text()[:4] == ["121", "242", "TERMINE", "PRET"]
    pygame.display.quit()


@pytest.mark.parametrize("press", [
    lambda w: key(w, pygame.K_ESCAPE),
    lambda w: key(w, pygame.K_c, "c", pygame.KMOD_CTRL),
])
def test_escape_or_ctrl_c_interrupts_a_running_program_with_its_line(press):
    window = running_window("10 X←0\n20 X←X+1;ALLER EN 20\n")
    press(window)
    window.frame()
    assert window.status is Status.FAILED
    assert window.micro.error_text() == "INTERROMPU EN LIGNE 20"
    assert "INTERROMPU EN LIGNE 20" in window.micro.screen.text()
    pygame.display.quit()


def test_escape_interrupts_a_program_waiting_for_input():
    window = running_window("10 LIRE N\n20 TERMINER\n")
    key(window, pygame.K_ESCAPE)
    window.frame()
    assert window.micro.error_text() == "INTERROMPU EN LIGNE 10"
    pygame.display.quit()


def test_the_screenshot_key_saves_a_png(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    window = running_window("10 AFFICHER 'X'\n20 TERMINER\n")
    key(window, pygame.K_F12)
    assert len(list(tmp_path.glob("micro-lse-*.png"))) == 1
    pygame.display.quit()


def test_closing_the_window_ends_cleanly():
    window = running_window("10 X←0\n20 X←X+1;ALLER EN 20\n")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert window.run() == 0


def test_a_tape_is_typed_into_the_window_to_its_end_a_run_after_another():
    monitor = Monitor(Micro())
    monitor.boot()
    monitor.type_ahead(["10 AFFICHER 'A'", "20 TERMINER", "EX", "10 AFFICHER 'B'", "EX"])
    window = Window(monitor, FONT, speed=None, scale=1)
    for _ in range(10):
        window.frame()
    rows = [row for row in window.micro.screen.rows_text() if row]
    assert rows[-9:] == ["EX", "A", "TERMINE", "PRET", "10 AFFICHER 'B'", "EX", "B", "TERMINE", "PRET"]
    assert window.idle()
    pygame.display.quit()


def test_authentic_speed_gives_the_cycles_of_the_wall_time_elapsed():
    monitor = Monitor(Micro())
    monitor.load_text("10 X←0\n20 X←X+1;ALLER EN 20\n")
    monitor.executer("")
    micro = monitor.micro
    window = Window(monitor, FONT, speed=1.0, scale=1)
    window.seat.anchor = (window.seat.anchor[0] - 0.05, micro.cycles)  # pretend 50 ms went by
    budget = window.seat.budget()
    assert 0.05 * micro.profile.clock_hz <= budget < 0.2 * micro.profile.clock_hz
    pygame.display.quit()


def test_the_window_runs_the_monitor_typed_lines_list_and_run_a_program():
    window = Window(Monitor(Micro()), FONT, speed=None, scale=1)
    for line in ["10 AFFICHER 'OUI'", "20 TERMINER", "LI", "EX"]:
        typed(window, line)
        key(window, pygame.K_RETURN)
        for _ in range(3):
            window.frame()
    rows = [row for row in window.micro.screen.rows_text() if row]
    assert rows[-6:] == ["10 AFFICHER 'OUI'", "20 TERMINER", "LI", "10 AFFICHER 'OUI'", "20 TERMINER", "PRET"][:0] + [
        "20 TERMINER", "PRET", "EX", "OUI", "TERMINE", "PRET"]
    pygame.display.quit()


# A window on SDL's dummy driver whose process is sent a signal once the tape's line is typed (a frame typed it),
# or while the window opens (SDL's display started: its handlers were put up then).
CLOSED_FROM_OUTSIDE = """
import io, os, sys
from pathlib import Path
from machine.cli import build_parser, run_window
from machine.disk import Disk
from machine.frontends.window import Window
from machine.micro import Micro
disk, closing, when = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
micro = Micro(disk=Disk(disk))
frame, set_mode = Window.frame, Window.set_mode
def typed(window):
    frame(window)
    if window.session.lines and not getattr(window, "told", False):
        window.told = True
        os.kill(os.getpid(), closing)
def opening(window):
    os.kill(os.getpid(), closing)
    set_mode(window)
if when == "typed":
    Window.frame = typed
else:
    Window.set_mode = opening
sys.exit(run_window(micro, build_parser().parse_args(["--disk", str(disk)]), None, io.StringIO(),
                    ["10 AFFICHER 'PRECIEUX'"]))
"""


@pytest.mark.parametrize("closing", [signal.SIGHUP, signal.SIGTERM], ids=["its terminal closed", "told to end"])
@pytest.mark.parametrize("when", ["typed", "opening"], ids=["once a line is typed", "while the window opens"])
def test_the_window_closed_from_outside_keeps_its_unsaved_program_for_rc(tmp_path, closing, when):
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", CLOSED_FROM_OUTSIDE, str(tmp_path), str(int(closing)), when],
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy"},
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    if when == "typed":  # (closed while it opened, it may close before its first frame types the tape's line)
        assert (tmp_path / ".recuperation.lse").read_text(encoding="utf-8") == "10 AFFICHER 'PRECIEUX'\n"


def window_closed_at(moment: int) -> bool:
    """Whether an idle window told to close at the `moment`-th bytecode of its own code closes (two frames on)."""
    from machine.frontends import window as window_module
    window = Window(Monitor(Micro()), FONT, speed=None, scale=1)
    typed(window, "?1")
    opcodes, frames = 0, 0  # frames: those begun since the closing

    def tracer(frame, event, arg):
        nonlocal opcodes
        frame.f_trace_opcodes = True
        if event == "opcode":
            opcodes += 1
            if opcodes == moment:
                window.closed = True  # what the handler of SIGHUP, SIGTERM and SIGINT does (cli.run_window)
        return tracer

    def calls(frame, event, arg):
        nonlocal frames
        if frame.f_code.co_filename != window_module.__file__:
            return None
        if frame.f_code.co_name == "frame" and opcodes >= moment:
            frames += 1
            if frames > 2:
                raise TimeoutError(moment)  # (the loop went on: the closing was lost)
        return tracer

    sys.settrace(calls)
    try:
        window.run()
    except TimeoutError:
        return False
    finally:
        sys.settrace(None)
    return True


def test_a_window_told_to_close_between_any_two_bytecodes_of_its_loop_closes(monkeypatch):
    monkeypatch.setattr(pygame.event, "wait", lambda timeout=0: pygame.event.Event(pygame.NOEVENT))  # (no idle)
    assert [moment for moment in range(1, 400, 2) if not window_closed_at(moment)] == []
