"""The pygame window: draws the Micro's screen at 50 Hz, types keys into it, paces its clock.

The only module that opens a window; imports pygame, and the core never imports it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from machine import keyboard as keys
from machine.frontends.render import ScreenRenderer, pygame
from machine.frontends.seat import Seat
from machine.lse.runtime import Status
from machine.monitor import Monitor
from machine.recorder import Recorder
from machine.rom import Font
from machine.sound import SAMPLE_RATE, Bell, square_wave

FRAME_HZ = 50
BLINK_FRAMES = 25          # the cursor changes every half second
MAX_SCALE = 16
RECORD_SCALE = 2  # recordings are drawn at this scale unless --scale says otherwise: GIFs to share stay small
NOTICE_SECONDS = 2.0  # how long F12 and F9 are confirmed on the status line under the screen
EDIT_KEYS = {
    pygame.K_BACKSPACE: keys.BACKSPACE, pygame.K_DELETE: keys.DELETE, pygame.K_INSERT: keys.INSERT,
    pygame.K_LEFT: keys.LEFT, pygame.K_RIGHT: keys.RIGHT, pygame.K_UP: keys.UP, pygame.K_DOWN: keys.DOWN,
    pygame.K_HOME: keys.HOME, pygame.K_END: keys.END,
}


def fit_scale(look: Callable[[int], ScreenRenderer], room: tuple[int, int]) -> int:
    """Return the largest integer scale at which the renderer that `look` makes fits in `room`."""
    scale = 1
    while scale < MAX_SCALE and all(n <= r for n, r in zip(look(scale + 1).size, room)):
        scale += 1
    return scale


def desktop_room() -> tuple[int, int] | None:
    """The room a window has on the display: the desktop less its borders and panels; None if unknown."""
    info = pygame.display.Info()
    if info.current_w <= 0 or info.current_h <= 0:
        return None
    return info.current_w - 64, info.current_h - 96


class Window:
    """One window on one Micro's monitor: frame() draws, feeds keys and runs the slice of this frame."""

    def __init__(self, session: Monitor, font: Font, *, speed: float | None, scale: int | None = None,
                 monitor: str = "colour", scanlines: bool = False, screenshot: Path | None = None,
                 mute: bool = False, aspect: str = "tv", record: Path | None = None) -> None:
        pygame.display.init()
        self.session = session
        micro = self.micro = session.micro
        self.look = lambda s: ScreenRenderer(font, micro.profile, s, monitor, scanlines, aspect=aspect)
        room = desktop_room()
        self.scale = scale or (fit_scale(self.look, room) if room else 2)
        self.record_scale = scale or RECORD_SCALE
        self.fullscreen = False
        self.set_mode()
        pygame.display.set_caption(micro.profile.title)
        self.seat = Seat(session, speed=speed, history=Seat.history_of(session))
        self.line = self.seat.line
        self.notice: tuple[str, float] | None = None  # a confirmation on the status line, until a time
        self.screenshot = screenshot
        self.frames = 0
        self.closed = False
        self.bell = Bell(micro.screen, self.beep, muted=mute)
        self.sound: pygame.mixer.Sound | None = None
        self.no_audio = False
        self.record_path = record
        self.recorder = Recorder(micro.profile.frame_hz) if record is not None else None

    # ------------------------------------------------------------- keys
    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event."""
        if event.type == pygame.QUIT:
            self.close()
        elif event.type == pygame.TEXTINPUT:
            for ch in event.text:
                self.seat.edit(ch)
        elif event.type == pygame.KEYDOWN:
            self.key_down(event)

    def key_down(self, event: pygame.event.Event) -> None:
        ctrl_c = event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE or ctrl_c:
            self.seat.escape()
        elif event.key == pygame.K_F12:
            self.save(Path(datetime.now().strftime("micro-lse-%Y%m%d-%H%M%S.png")))
        elif event.key == pygame.K_F9:
            if self.recorder is None:
                self.recorder = Recorder(self.micro.profile.frame_hz)
                print("ENREGISTREMENT: F9 POUR L'ARRETER", file=sys.stderr)
                self.tell("ENREGISTREMENT... F9 POUR L'ARRETER")
            else:
                self.stop_recording()
        elif event.key == pygame.K_F10:
            self.fullscreen = not self.fullscreen
            self.set_mode()
        elif event.key == pygame.K_F11:
            self.seat.toggle_turbo()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.seat.enter() and self.session.leaving:
                self.closed = True  # (never set back: a signal's handler may have set it meanwhile, see run)
        elif event.key in EDIT_KEYS:
            self.seat.edit(EDIT_KEYS[event.key], bool(event.mod & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL)))

    def close(self) -> None:
        """The window's close button: at the prompt with an unsaved program, ask first (a second close
        closes anyway, the program kept for RC)."""
        session = self.session
        if session.running or not session.unsaved() or session.confirming is not None:
            self.closed = True
            return
        self.line.clear()
        session.submit("QUITTER")

    def tell(self, text: str) -> None:
        """Confirm something on the status line under the screen for a moment."""
        self.notice = (text, time.monotonic() + NOTICE_SECONDS)
        self.micro.screen.dirty = True

    def set_mode(self) -> None:
        """Open the window at its scale, or fill the desktop with the screen at the largest scale, centred."""
        if self.fullscreen:
            room = pygame.display.get_desktop_sizes()[0]
            self.renderer = self.look(fit_scale(self.look, room))
            self.display = pygame.display.set_mode(room, pygame.FULLSCREEN)
        else:
            self.renderer = self.look(self.scale)
            self.display = pygame.display.set_mode(self.renderer.size)
            if self.display.get_size() != self.renderer.size:  # SDL leaving fullscreen keeps the old size once
                self.display = pygame.display.set_mode(self.renderer.size)
        self.display.fill(self.renderer.background)
        left = (self.display.get_width() - self.renderer.size[0]) // 2
        top = (self.display.get_height() - self.renderer.size[1]) // 2
        self.canvas = self.display.subsurface(pygame.Rect((left, top), self.renderer.size))
        self.micro.screen.dirty = True

    # ------------------------------------------------------------ running
    @property
    def status(self) -> Status | None:
        """RUNNING or WAITING while a program runs; else how the last run stopped."""
        if self.session.running:
            return self.micro.runtime.status
        return self.session.last_status

    def run_frame(self) -> None:
        """Run the program for this frame's share of cycles; the --screenshot when it stops."""
        if self.seat.run_frame() and self.screenshot is not None:
            self.save(self.screenshot)
            self.screenshot = None

    def beep(self) -> None:
        """Play the profile's square wave; where there is no audio device, stay silent without an error."""
        if self.sound is None and not self.no_audio:
            try:  # the mixer starts at the first beep: a Micro that never beeps never opens the audio device
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=1)
                rate, _, channels = pygame.mixer.get_init()
                profile = self.micro.profile
                wave = square_wave(profile.bell_hz, profile.bell_ms, rate, channels)
                self.sound = pygame.mixer.Sound(buffer=wave.tobytes())
            except (pygame.error, NotImplementedError):  # no device, or a pygame built without its mixer
                self.no_audio = True
        if self.sound is not None:
            self.sound.play()

    def stop_recording(self) -> None:
        """Write the recording as a GIF (to --record's file, else a dated one in the current directory)."""
        path = self.record_path or Path(datetime.now().strftime("micro-lse-%Y%m%d-%H%M%S.gif"))
        recorder, self.recorder, self.record_path = self.recorder, None, None
        recorder.capture(self.micro.screen, time.monotonic())
        try:
            count = recorder.save(path, self.look(self.record_scale))
        except (OSError, ImportError, pygame.error) as error:  # the file cannot be written, or no Pillow
            print(f"ENREGISTREMENT NON SAUVE: {path} ({error})", file=sys.stderr)
            self.tell("GIF NON SAUVE")
            return
        cut = f", ARRETE A {recorder.longest_seconds:g} S" if recorder.full else ""
        print(f"ENREGISTREMENT SAUVE: {path} ({count} IMAGES{cut})", file=sys.stderr)
        self.tell(f"GIF SAUVE: {path.name}")

    def save(self, path: Path) -> None:
        """Save what the screen shows as a PNG."""
        try:
            pygame.image.save(self.renderer.surface(self.micro.screen), str(path))
        except (OSError, pygame.error) as error:
            print(f"ECRAN NON SAUVE: {path} ({error})", file=sys.stderr)
            self.tell("PNG NON SAUVE")
            return
        print(f"ECRAN SAUVE: {path}", file=sys.stderr)
        self.tell(f"PNG SAUVE: {path.name}")

    # ------------------------------------------------------------ frames
    def frame(self) -> None:
        """One 50 Hz frame: events, the Micro's slice, and drawing if anything changed."""
        for event in pygame.event.get():
            self.handle(event)
        self.run_frame()
        self.bell.poll()
        self.frames += 1
        blink_changed = self.frames % BLINK_FRAMES == 0
        cursor = self.seat.cursor_shown(self.frames, BLINK_FRAMES)
        if self.recorder is not None:
            self.recorder.capture(self.micro.screen, time.monotonic(), cursor)
            if self.recorder.full:  # saved as F9 would: what it holds is not lost, and it grows no further
                self.stop_recording()
        if self.notice is not None and time.monotonic() > self.notice[1]:
            self.notice = None
            self.micro.screen.dirty = True
        if self.micro.screen.dirty or blink_changed:
            self.renderer.draw(self.canvas, self.micro.screen, cursor)
            if self.notice is not None:
                self.renderer.draw_status(self.canvas, self.notice[0])
            pygame.display.flip()
            self.micro.screen.dirty = False

    def idle(self) -> bool:
        """True when nothing runs and the window only waits for a key (no tape's line is left to type)."""
        return self.session.wants_line() and not self.session.tape_waiting()

    def run(self) -> int:
        """Show the window until it is closed; return the exit status of the last run."""
        clock = pygame.time.Clock()
        while not self.closed:
            self.frame()
            if self.session.leaving:
                # (`closed = closed or leaving` read False, then stored it over a closing that came between)
                self.closed = True
            if self.idle():
                # Sleep until a key or the next blink: an idle Micro uses almost no CPU.
                event = pygame.event.wait(1000 * BLINK_FRAMES // FRAME_HZ)
                if event.type != pygame.NOEVENT:
                    pygame.event.post(event)
                self.frames += BLINK_FRAMES - self.frames % BLINK_FRAMES - 1
            else:
                clock.tick(FRAME_HZ)
        if self.recorder is not None:
            self.stop_recording()
        lost = self.session.shutdown()
        if lost:  # the screen is about to go: say it where the person will still see it
            sys.stderr.write(lost + "\n")
        if self.sound is not None:
            pygame.mixer.quit()
        pygame.display.quit()
        return 1 if self.session.last_status is Status.FAILED or lost else 0
