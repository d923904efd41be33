"""Recordings: the GIF decodes back to the screen text of each frame, at the Micro's frame rate."""

from __future__ import annotations

import io
import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
from PIL import Image, ImageSequence  # noqa: E402

from machine.cli import main  # noqa: E402
from machine.frontends.render import ScreenRenderer  # noqa: E402
from machine.frontends.window import Window  # noqa: E402
from machine.micro import Micro  # noqa: E402
from machine.monitor import Monitor  # noqa: E402
from machine.profile import load_profile  # noqa: E402
from machine.recorder import HOLD_LAST_SECONDS, Recorder  # noqa: E402
from machine.screen import TextScreen  # noqa: E402
from tests.pixels import FONT, cells_text  # noqa: E402

# Three screens, each held by an empty FAIRE of 100 passes (128 ms at 1 MHz).
THREE_SCREENS = """10 AFFICHER[U] 'UN'
20 FAIRE 20 POUR I←1 JUSQUA 100
30 AFFICHER[U] EQC(12),'DEUX'
40 FAIRE 40 POUR I←1 JUSQUA 100
50 AFFICHER[U] EQC(12),'TROIS',EQC(13),EQC(10),'FIN'
60 TERMINER
"""


def lit(px: tuple[int, int, int], renderer: ScreenRenderer) -> bool:
    """A dot is lit if its colour is nearer the foreground than the background (scanlines dim both)."""
    def distance(colour):
        return sum(abs(a - b) for a, b in zip(px, colour))
    return distance(renderer.foreground) < distance(renderer.background)


def gif_texts(path, renderer: ScreenRenderer, rows: int = 3, cols: int = 40) -> list[tuple[list[str], int]]:
    """Decode every frame of a GIF back to text (the ROM glyph under each cell) and its duration."""
    frames = []
    for frame in ImageSequence.Iterator(Image.open(path)):
        image = frame.convert("RGB")
        assert image.size == renderer.size
        text = cells_text(image.getpixel, renderer, rows, cols, lambda colour: lit(colour, renderer))
        frames.append((text, frame.info["duration"]))
    return frames


def screen_with(text: str) -> TextScreen:
    screen = TextScreen(40, 25)
    screen.write(text)
    return screen


def test_a_frame_is_kept_only_when_the_picture_changes():
    recorder = Recorder(50)
    for t, text in [(0.0, "A"), (0.02, "A"), (0.04, "AB"), (0.06, "AB"), (0.1, "ABC")]:
        recorder.capture(screen_with(text), t)
    assert [(f.rows[0].rstrip(), f.number) for f in recorder.frames] == [("A", 0), ("AB", 2), ("ABC", 5)]


def test_two_pictures_in_one_frame_keep_the_later_one():
    recorder = Recorder(50)
    recorder.capture(screen_with("A"), 0.0)
    recorder.capture(screen_with("B"), 0.04)
    recorder.capture(screen_with("C"), 0.045)  # still frame 2: C replaces B
    recorder.capture(screen_with("A"), 0.06)   # frame 3
    assert [f.rows[0].rstrip() for f in recorder.frames] == ["A", "C", "A"]
    recorder.capture(screen_with("C"), 0.062)  # frame 3 again, now the same as frame 2: merged into it
    assert [f.rows[0].rstrip() for f in recorder.frames] == ["A", "C"]


@pytest.mark.parametrize(("frame_hz", "numbers", "last", "durations"), [
    (50, [0, 1, 5], 7, [20, 80, 40 + 2000]),
    (60, [0, 1, 2, 3], 3, [20, 10, 20, 20 + 2000]),  # 1/60 s is not whole centiseconds: rounding spreads it
])
def test_durations_are_whole_centiseconds_summing_to_the_recorded_time(frame_hz, numbers, last, durations):
    recorder = Recorder(frame_hz)
    for i, number in enumerate(numbers):
        recorder.capture(screen_with(str(i)), number / frame_hz)
    recorder.capture(screen_with(str(len(numbers) - 1)), last / frame_hz)
    assert recorder.durations_ms() == durations
    assert HOLD_LAST_SECONDS == 2.0


@pytest.mark.parametrize(("aspect", "scanlines"), [("tv", False), ("square", False), ("tv", True)])
def test_a_headless_recording_decodes_back_to_each_screen_in_order(tmp_path, aspect, scanlines):
    program = tmp_path / "trois.lse"
    program.write_text(THREE_SCREENS, encoding="utf-8")
    gif = tmp_path / "trois.gif"
    out, err = io.StringIO(), io.StringIO()
    options = ["--aspect", aspect] + (["--scanlines"] if scanlines else [])
    status = main([str(program), "--headless", "--record", str(gif), "--disk", str(tmp_path), *options],
                  io.StringIO(), out, err)
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue() == "UN\fDEUX\fTROIS\nFIN\n"
    renderer = ScreenRenderer(FONT, load_profile(), 2, scanlines=scanlines, aspect=aspect)
    frames = gif_texts(gif, renderer)
    assert [text for text, _ in frames] == [["UN", "", ""], ["DEUX", "", ""], ["TROIS", "FIN", ""]]
    # each screen stays as long as its FAIRE of 100 passes at 1.28 ms (a frame is 20 ms); the last 2 s more
    assert [abs(ms - 128) <= 30 for _, ms in frames[:2]] == [True, True]
    assert frames[2][1] >= 2000


def test_a_recording_needs_a_gif_file_name_and_headless_a_program(tmp_path):
    err = io.StringIO()
    assert main(["--headless", "--record", "x.png"], io.StringIO(), io.StringIO(), err) == 2
    assert "--record: un fichier .gif" in err.getvalue()
    err = io.StringIO()
    assert main(["--headless", "--record", "x.gif"], io.StringIO(), io.StringIO(), err) == 2
    assert "--record: sans fenetre, il faut un fichier .lse" in err.getvalue()


def test_an_unwritable_recording_is_reported_and_the_run_fails(tmp_path):
    program = tmp_path / "p.lse"
    program.write_text("10 AFFICHER 'X'\n20 TERMINER\n", encoding="utf-8")
    err = io.StringIO()
    status = main([str(program), "--headless", "--record", str(tmp_path / "nulle" / "part.gif")],
                  io.StringIO(), io.StringIO(), err)
    assert status == 1
    assert err.getvalue().startswith("ENREGISTREMENT NON SAUVE: ")


def press(window: Window, key: int) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_f9_starts_and_stops_a_recording_of_the_window(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monitor = Monitor(Micro())
    monitor.load_text("10 AFFICHER 'QUESTION';LIRE N\n20 AFFICHER N*2\n30 TERMINER\n")
    monitor.executer("")
    window = Window(monitor, FONT, speed=None, scale=1, aspect="tv")
    window.frame()
    press(window, pygame.K_F9)
    window.frame()
    time.sleep(0.05)  # frames are 20 ms apart in a real window; changes within one frame are merged
    window.handle(pygame.event.Event(pygame.TEXTINPUT, text="21"))
    press(window, pygame.K_RETURN)
    for _ in range(3):
        window.frame()
        time.sleep(0.025)
    press(window, pygame.K_F9)
    assert window.recorder is None
    [gif] = tmp_path.glob("micro-lse-*.gif")
    frames = gif_texts(gif, ScreenRenderer(FONT, load_profile(), 1, aspect="tv"), rows=5)
    assert frames[0][0][1].startswith("QUESTION")  # and the blinking cursor after it
    assert frames[-1][0] == ["", "QUESTION21", "42", "TERMINE", "PRET"]
    pygame.display.quit()


def test_record_in_the_window_saves_the_file_when_the_window_closes(tmp_path):
    monitor = Monitor(Micro())
    monitor.load_text("10 AFFICHER 'BONJOUR'\n20 TERMINER\n")
    monitor.executer("")
    gif = tmp_path / "fenetre.gif"
    window = Window(monitor, FONT, speed=None, scale=1, record=gif)
    window.frame()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert window.run() == 0
    frames = gif_texts(gif, ScreenRenderer(FONT, load_profile(), 1, aspect="tv"), rows=2)
    assert frames[-1][0] == ["", "BONJOUR"]


def test_a_recording_keeps_its_longest_time_and_no_more():
    recorder = Recorder(50, longest_seconds=1)
    for frame in range(120):
        recorder.capture(screen_with(str(frame)), frame / 50)
    assert recorder.full
    assert [f.number for f in recorder.frames] == list(range(51))  # frames 0 to 50: one second
    recorder.capture(screen_with("APRES"), 0.5)  # nothing is kept once it is full, even earlier in time
    assert recorder.frames[-1].rows[0].rstrip() == "50"


def test_a_screen_that_scrolls_keeps_each_row_once():
    recorder, screen = Recorder(50), TextScreen(40, 25)
    for line in range(60):
        screen.write(f"LIGNE {line}\n")
        recorder.capture(screen, line / 50)
    last, before = recorder.frames[-1].rows, recorder.frames[-2].rows
    assert last[:-2] == before[1:-1]
    assert all(row is kept for row, kept in zip(last[:-2], before[1:-1]))


def test_a_headless_recording_that_reaches_its_longest_is_saved_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr("machine.recorder.LONGEST_SECONDS", 0.1)
    program = tmp_path / "long.lse"
    program.write_text(THREE_SCREENS, encoding="utf-8")
    gif = tmp_path / "long.gif"
    out, err = io.StringIO(), io.StringIO()
    status = main([str(program), "--headless", "--record", str(gif), "--disk", str(tmp_path), "--aspect", "square"],
                  io.StringIO(), out, err)
    assert status == 0
    assert out.getvalue() == "UN\fDEUX\fTROIS\nFIN\n"  # the run goes on to its end
    assert err.getvalue() == f"ENREGISTREMENT ARRETE A 0.1 S: {gif} EN GARDE LE DEBUT\n"
    frames = gif_texts(gif, ScreenRenderer(FONT, load_profile(), 2, aspect="square"))
    assert [text for text, _ in frames] == [["UN", "", ""]]


def test_a_window_recording_that_reaches_its_longest_is_saved_at_once(tmp_path, monkeypatch, capsys):
    monitor = Monitor(Micro())
    monitor.load_text("10 AFFICHER 'BONJOUR'\n20 TERMINER\n")
    gif = tmp_path / "court.gif"
    window = Window(monitor, FONT, speed=None, scale=1, record=gif)
    window.recorder.longest_seconds = 0.05
    window.frame()
    assert window.recorder is not None
    time.sleep(0.1)
    window.frame()
    assert window.recorder is None and gif.exists()
    assert capsys.readouterr().err == f"ENREGISTREMENT SAUVE: {gif} (1 IMAGES, ARRETE A 0.05 S)\n"
    pygame.display.quit()
