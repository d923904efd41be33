"""The beep of BEL: the square wave from numbers, the bell, --mute, the terminal bell only on a tty."""

from __future__ import annotations

import io
import os

import pytest

from machine.cli import main
from machine.frontends.terminal import TerminalOutput
from machine.profile import load_profile
from machine.screen import TextScreen
from machine.sound import Bell, square_wave

BEEP = "10 AFFICHER 'ATTENTION';AFFICHER[U] EQC(7)\n20 TERMINER\n"


class Tty(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("hz", "ms", "rate", "channels"), [(1000, 100, 22050, 1), (440, 50, 44100, 2)])
def test_the_square_wave_has_the_length_pitch_and_two_levels_asked_for(hz, ms, rate, channels):
    wave = square_wave(hz, ms, rate, channels, volume=0.5)
    assert len(wave) == rate * ms // 1000 * channels
    mono = wave[::channels]
    assert set(mono) == {16383, -16383}
    assert all(wave[i] == wave[i - i % channels] for i in range(len(wave)))  # channels carry the same sample
    changes = sum(1 for a, b in zip(mono, mono[1:]) if a != b)
    assert abs(changes - 2 * hz * ms / 1000) <= 1  # two edges per period


def test_the_bell_rings_once_for_the_bels_printed_since_the_last_poll():
    screen = TextScreen(40, 25)
    rung = []
    bell = Bell(screen, lambda: rung.append(1))
    assert bell.poll() is False
    screen.write("A\a\aB")
    assert bell.poll() is True and bell.poll() is False
    screen.write("\a")
    bell.poll()
    assert len(rung) == 2


def test_a_muted_bell_hears_the_bels_but_never_rings():
    screen = TextScreen(40, 25)
    rung = []
    bell = Bell(screen, lambda: rung.append(1), muted=True)
    screen.write("\a")
    assert bell.poll() is False
    assert rung == [] and bell.heard == 1


@pytest.mark.parametrize(("stream", "bell", "rings"), [
    (Tty(), True, True),
    (Tty(), False, False),        # --mute
    (io.StringIO(), True, False),  # a pipe or a file: never a bell
])
def test_headless_the_terminal_bell_rings_only_on_a_tty_and_not_muted(stream, bell, rings):
    output = TerminalOutput(stream, bell=bell)
    output.write("A\aB")
    output.flush()
    assert stream.getvalue() == ("A\aB" if rings else "AB")


@pytest.mark.parametrize(("mute", "expected"), [([], "\nATTENTION\a\n"), (["--mute"], "\nATTENTION\n")])
def test_the_command_line_rings_the_terminal_unless_muted(tmp_path, mute, expected):
    path = tmp_path / "bip.lse"
    path.write_text(BEEP, encoding="utf-8")
    out = Tty()
    status = main([str(path), "--headless", "--disk", str(tmp_path), *mute], io.StringIO(), out, io.StringIO())
    assert (status, out.getvalue()) == (0, expected)


# ------------------------------------------------------------- the window's beep, with SDL's dummy drivers
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def beeping_window(mute: bool):
    pygame = pytest.importorskip("pygame")
    from machine.frontends.window import Window
    from machine.micro import Micro
    from machine.monitor import Monitor
    from machine.rom import load_font
    monitor = Monitor(Micro())
    monitor.load_text(BEEP)
    monitor.executer("")
    window = Window(monitor, load_font(), speed=None, scale=1, mute=mute)
    for _ in range(3):
        window.frame()
    return pygame, window


def test_the_window_beeps_with_the_profile_square_wave_made_by_the_mixer(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame, window = beeping_window(mute=False)
    try:
        assert window.bell.rung == 1
        rate, _, channels = pygame.mixer.get_init()
        profile = load_profile()
        assert window.sound.get_raw() == square_wave(profile.bell_hz, profile.bell_ms, rate, channels).tobytes()
        assert window.sound.get_length() == pytest.approx(profile.bell_ms / 1000, abs=0.002)
    finally:
        pygame.mixer.quit()
        pygame.display.quit()


def test_a_muted_window_makes_no_sound():
    pygame, window = beeping_window(mute=True)
    assert window.micro.screen.bells == 1
    assert (window.bell.rung, window.sound) == (0, None)
    assert not pygame.mixer.get_init()
    pygame.display.quit()


def test_without_an_audio_device_the_window_beeps_silently_without_an_error(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_device")
    pygame, window = beeping_window(mute=False)
    assert window.bell.rung == 1
    assert (window.no_audio, window.sound) == (True, None)
    window.beep()  # and again: still nothing, still no error
    assert window.status.name == "ENDED"
    pygame.display.quit()
