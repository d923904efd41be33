"""A true picture: --aspect tv keeps the screen 4:3 with tall pixels, square keeps them square; F10 fullscreen."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from machine.cli import build_parser  # noqa: E402
from machine.frontends.render import ScreenRenderer, cell_height  # noqa: E402
from machine.frontends.window import Window, fit_scale  # noqa: E402
from machine.micro import Micro  # noqa: E402
from machine.monitor import Monitor  # noqa: E402
from machine.profile import load_profile  # noqa: E402
from machine.screen import TextScreen  # noqa: E402
from tests.pixels import FONT, cells_text  # noqa: E402


def read_cells(surface: pygame.Surface, renderer: ScreenRenderer, rows: int, cols: int) -> list[str]:
    """Read text back from pixels, sampling the middle of each font dot (any cell size)."""
    return cells_text(surface.get_at, renderer, rows, cols, lambda colour: colour == renderer.foreground)


@pytest.mark.parametrize(("name", "scale", "cell"), [
    ("micro40", 1, (8, 10)), ("micro40", 2, (16, 19)), ("micro40", 3, (24, 29)), ("micro40", 5, (40, 48)),
    ("console80", 1, (8, 19)), ("console80", 2, (16, 38)),
])
def test_tv_cells_are_taller_than_wide_so_the_text_area_keeps_four_by_three(name, scale, cell):
    profile = load_profile(name)
    renderer = ScreenRenderer(FONT, profile, scale, aspect="tv")
    assert (renderer.cell_w, renderer.cell_h) == cell
    exact = profile.columns * renderer.cell_w * 3 / (4 * profile.rows)  # the cell height of a 4:3 text area
    assert abs(renderer.cell_h - exact) <= 0.5


def test_square_cells_are_the_integer_scale_both_ways():
    profile = load_profile()
    assert [cell_height(FONT, profile, s, "square") for s in (1, 2, 3)] == [8, 16, 24]


def test_micro40_at_scale_five_is_an_integer_scale_both_ways_and_exactly_four_by_three():
    profile = load_profile()
    assert cell_height(FONT, profile, 5, "tv") == 6 * FONT.height
    assert profile.columns * 40 * 3 == profile.rows * 48 * 4


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_a_tv_screen_still_shows_every_glyph_dot_for_dot(scale):
    profile = load_profile()
    screen = TextScreen(profile.columns, profile.rows)
    screen.write("PRET\r\nÉTÉ ← ↑ █ ЖБ\r\nA[K]←1")
    renderer = ScreenRenderer(FONT, profile, scale, aspect="tv")
    assert read_cells(renderer.surface(screen), renderer, 3, profile.columns) == ["PRET", "ÉTÉ ← ↑ █ ЖБ", "A[K]←1"]


@pytest.mark.parametrize(("aspect", "size"), [("tv", (42 * 16, 27 * 19)), ("square", (42 * 16, 27 * 16))])
def test_the_aspect_option_changes_the_window_geometry(aspect, size):
    window = Window(Monitor(Micro()), FONT, speed=None, scale=2, aspect=aspect)
    assert window.display.get_size() == size
    pygame.display.quit()


def test_the_command_line_draws_the_tv_look_unless_told_square():
    assert build_parser().parse_args([]).aspect == "tv"
    assert build_parser().parse_args(["--aspect", "square"]).aspect == "square"


def test_the_largest_scale_that_fits_is_chosen_with_the_stretched_rows():
    profile = load_profile()

    def look(s):
        return ScreenRenderer(FONT, profile, s, aspect="tv")

    assert fit_scale(look, (1920 - 64, 1080 - 96)) == 3   # 1008 x 783; scale 4 would be 1036 high
    assert fit_scale(look, (100, 100)) == 1


def press(window: Window, key: int) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_f10_fills_the_desktop_with_the_screen_centred_and_comes_back():
    monitor = Monitor(Micro())
    monitor.load_text("10 AFFICHER 'PLEIN ECRAN'\n20 TERMINER\n")
    monitor.executer("")
    window = Window(monitor, FONT, speed=None, scale=1)
    windowed = window.display.get_size()
    press(window, pygame.K_F10)
    for _ in range(3):
        window.frame()
    desktop = pygame.display.get_desktop_sizes()[0]
    assert window.fullscreen and window.display.get_size() == desktop
    renderer = window.renderer
    assert renderer.scale >= 1 and all(n <= d for n, d in zip(renderer.size, desktop))
    left, top = window.canvas.get_abs_offset()
    assert (left, top) == ((desktop[0] - renderer.size[0]) // 2, (desktop[1] - renderer.size[1]) // 2)
    assert read_cells(window.canvas, renderer, 2, 40)[1] == "PLEIN ECRAN"
    press(window, pygame.K_F10)
    assert not window.fullscreen and window.display.get_size() == windowed
    pygame.display.quit()
