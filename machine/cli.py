"""The command line of the Micro: options, loading a file, choosing the front end."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import TextIO

from machine import __version__
from machine.commands import tape_lines, tape_program_lines
from machine.disk import Disk
from machine.errors import Err, InternalError, message, render
from machine.frontends.look import ASPECTS, MONITOR_NAMES  # no pygame: --help needs none
from machine.frontends.terminal import (
    for_terminal,
    install_closings,
    restore_closings,
    run_headless,
    run_monitor_headless,
)
from machine.lse.parser import SyntaxErrors, parse, parse_line
from machine.lse.source import Limits, limits_of, number_prefix, split_source
from machine.micro import Micro
from machine.monitor import Monitor
from machine.profile import ProfileError, load_profile

MAX_SCALE = 16
# The most processes --jobs starts: a host's limit, not the Micro's (each process is a Python of ~30 MB; --jobs 5000
# --runs 5000 started 5 000 of them, a machine's memory, where a few per core are all that help).
MAX_JOBS = 64
# --speed between a thousandth and a million times the real Micro: beyond, pacing would
# sleep for ages or not at all (and 1e-320 overflows the host's clock).
SPEED_RANGE = (1e-3, 1e6)

PROGRAM = "micro-lse"
KEYS_HELP = """FILE may also name one of the book's programs: micro-lse queens.

keys in the window: arrows move the cursor over the screen, Return sends the line under it,
Up/Down on the line being typed recall earlier lines (Shift+Up/Down move the cursor), Insert,
Delete, Backspace, \\ (erase), Home, End; Esc or Ctrl-C interrupts a program; F9 records a GIF
(F9 again saves it), F10 fullscreen, F11 turbo, F12 saves a PNG screenshot.
at a terminal: arrows, Home/End, history (kept in the disk folder), Ctrl-R search, Tab completes
commands and program names, Ctrl-C abandons the line, Ctrl-D on an empty line leaves.
at the PRET prompt: AIDE lists the commands, AIDE NAME explains one, QUITTER leaves."""
DEFAULT_DISK = Path.home() / ".micro-lse" / "disque"


class UsageError(Exception):
    """A bad command line: one line of explanation, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print usage and exit itself
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """Describe every option of the command line."""
    parser = _Parser(prog=PROGRAM, description="Le Micro LSE: runs LSE programs.", epilog=KEYS_HELP,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", help="an LSE program (.lse, UTF-8), or a tape of lines and commands")
    parser.add_argument("--version", action="store_true", help="print the version and stop")
    parser.add_argument("--headless", action="store_true",
                        help="no window: output to stdout, LIRE reads stdin")
    parser.add_argument("--check", action="store_true",
                        help="only parse the program: report every syntax error, exit 0 or 1")
    parser.add_argument("--profile", action="store_true",
                        help="after the run, print the cost report (cycles, operations, lines)")
    parser.add_argument("--seed", type=int, help="seed of ALE, for reproducible runs")
    parser.add_argument("--scale", type=int, default=None,
                        help="window: pixels per font dot (default: the largest that fits)")
    parser.add_argument("--monitor", default="colour", choices=MONITOR_NAMES,
                        help="window: the profile's colours, or a green, amber or white tube")
    parser.add_argument("--scanlines", action="store_true", help="window: dim every other pixel row")
    parser.add_argument("--aspect", default="tv", choices=ASPECTS,
                        help="tv: rows stretched so the screen keeps the 4:3 of its television (default); "
                             "square: square pixels")
    parser.add_argument("--screenshot", metavar="FILE.png",
                        help="save the Micro's screen as a PNG when the run ends (window or headless)")
    parser.add_argument("--record", metavar="FILE.gif",
                        help="record the screen as an animated GIF at the Micro's frame rate (window or headless)")
    parser.add_argument("--mute", action="store_true",
                        help="no beep for BEL (EQC(7)): neither the window's sound nor the terminal's bell")
    parser.add_argument("--speed", default=None,
                        help="authentic (the profile's clock), max, or N times authentic; "
                             "default: authentic in the window, max headless")
    parser.add_argument("--runs", type=int, default=None, metavar="N",
                        help="run the program N times, headless at full speed, with ALE seeds "
                             "seed..seed+N-1 (--seed, default 1); outputs in order, then a summary on stderr")
    parser.add_argument("--jobs", type=int, default=None, metavar="K",
                        help=f"with --runs: K processes at once (default: the number of cores; {MAX_JOBS} at most)")
    parser.add_argument("--reduce", metavar="FILE.lse",
                        help="with --runs: after the runs, run FILE.lse, whose LIRE reads the number of runs, "
                             "then every run's output in seed order (e.g. programs/solitaire_bilan.lse)")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="with --runs: send the runs to the Dask scheduler at ADDRESS (tcp://host:port) "
                             "instead of local processes; needs pip install micro-lse[cluster]")
    parser.add_argument("--machine", default="micro40", help="machine profile from roms/")
    parser.add_argument("--disk", default=str(DEFAULT_DISK),
                        help=f"the Micro's disk: a directory for GARER, CHARGER, EXECUTER (default {DEFAULT_DISK})")
    return parser


def parse_speed(text: str | None) -> float | None:
    """Return the speed factor: None for max, 1.0 for authentic, N for N times."""
    if text is None or text == "max":
        return None
    if text == "authentic":
        return 1.0
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"--speed: authentic, max ou un nombre, pas {text!r}") from None
    low, high = SPEED_RANGE
    if not low <= value <= high:
        raise UsageError(f"--speed: un nombre de {low:g} a {high:g}, pas {text!r}")
    return value


def read_program(path_text: str, limits: Limits) -> str:
    """Read a program file, or raise UsageError with one line that says why not.

    At most one byte more than the limit is read: /dev/zero or a huge file is refused, not loaded.
    """
    path = Path(path_text)
    most = limits.max_program_bytes
    try:
        with path.open("rb") as stream:
            raw = stream.read(most + 1)
        if len(raw) > most:
            raise UsageError(f"{message(Err.PROGRAM_TOO_LARGE, f'({most} OCTETS AU PLUS)')}: {path_text}")
        return raw.decode("utf-8")
    except FileNotFoundError:
        from machine.book import read_book  # `micro-lse queens`: a program of the book, by its name
        text = read_book(path_text)
        if text is None:
            raise UsageError(f"FICHIER INEXISTANT: {path_text}") from None
        return text
    except IsADirectoryError:
        raise UsageError(f"CE N'EST PAS UN FICHIER: {path_text}") from None
    except UnicodeDecodeError:
        raise UsageError(f"FICHIER ILLISIBLE (PAS EN UTF-8): {path_text}") from None
    except OSError as error:
        raise UsageError(f"FICHIER ILLISIBLE: {path_text} ({error.strerror})") from None


def report_syntax(errors: SyntaxErrors, stderr: TextIO) -> None:
    """Print every syntax error, one block each."""
    for diagnostic in errors.diagnostics:
        stderr.write(for_terminal(render(diagnostic), stderr) + "\n")
    count = len(errors.diagnostics)
    stderr.write(f"{count} ERREUR{'S' if count > 1 else ''} DE SYNTAXE\n")


def tape_of(source: str, errors: SyntaxErrors) -> list[str] | None:
    """A file refused only for mixing numbered lines with monitor commands is a tape: its lines to type."""
    if not all(diagnostic.code is Err.MIXED_NUMBERING for diagnostic in errors.diagnostics):
        return None
    return tape_lines(source)


def tape_syntax(tape: list[str], limits: Limits) -> SyntaxErrors | None:
    """The syntax errors of a tape's program lines, each line parsed alone as the prompt takes it (None: none)."""
    typed = [raw for raw in tape_program_lines(tape) if raw[number_prefix(raw)[1]:].strip()]  # (a number alone erases)
    source_lines, diagnostics = split_source("\n".join(typed), limits)
    for source_line in source_lines:
        try:
            parse_line(source_line)
        except SyntaxErrors as errors:
            diagnostics.extend(errors.diagnostics)
    return SyntaxErrors(diagnostics) if diagnostics else None


def replaced_in_tape(tape: list[str]) -> list[int]:
    """The line numbers a tape types again over a stored line (the later line wins, as at the prompt).

    Only the lines surely typed at the prompt count (after a run that may read they may be its answers:
    `12`, `10 20`), and a number alone erases its line: nothing is replaced then, nor by the next line of
    that number.
    """
    stored, replaced = set(), []
    for raw in tape_program_lines(tape):
        number, start = number_prefix(raw)
        if not raw[start:].strip():
            stored.discard(number)
            continue
        if number in stored:
            replaced.append(number)
        stored.add(number)
    return replaced


def warn_replaced(numbers: list[int], stderr: TextIO) -> None:
    """A repeated line number is no error on a tape: say which lines were replaced."""
    for number in numbers:
        stderr.write(f"{message(Err.LINE_REPLACED, str(number))}\n")


def _reader_gone(stdout: TextIO) -> int:
    """stdout was a pipe whose reader left (`main.py prog.lse | head`): stop quietly, status 1."""
    if stdout is sys.stdout:  # keep Python from failing again when it flushes stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return 1


def wants_window(headless: bool) -> bool:
    """True if a window can be opened: not --headless, and a display to open it on."""
    if headless:
        return False
    if sys.platform in ("win32", "darwin"):
        return True
    if os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen"):
        return False  # SDL was told there is no screen
    return any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def check_options(args: argparse.Namespace) -> None:
    """Refuse option values that parse but make no sense."""
    if args.scale is not None and not 1 <= args.scale <= MAX_SCALE:
        raise UsageError(f"--scale: un entier de 1 a {MAX_SCALE}, pas {args.scale}")
    if args.screenshot is not None and not args.screenshot.lower().endswith(".png"):
        raise UsageError(f"--screenshot: un fichier .png, pas {args.screenshot}")
    if args.record is not None and not args.record.lower().endswith(".gif"):
        raise UsageError(f"--record: un fichier .gif, pas {args.record}")
    if args.jobs is not None and (args.jobs < 1 or args.runs is None):
        raise UsageError("--jobs: un entier positif, avec --runs")
    if args.jobs is not None and args.jobs > MAX_JOBS:
        raise UsageError(f"--jobs: {MAX_JOBS} processus au plus, pas {args.jobs}")
    for name, value in (("--reduce", args.reduce), ("--cluster", args.cluster)):
        if value is not None and args.runs is None:
            raise UsageError(f"{name}: avec --runs")
    if args.cluster is not None and args.jobs is not None:
        raise UsageError("--jobs: sans --cluster (la grappe choisit ses processus)")
    if args.runs is not None:
        if args.runs < 1:
            raise UsageError(f"--runs: un entier positif, pas {args.runs}")
        if args.file is None:
            raise UsageError("--runs: il faut un fichier .lse")
        clash = [name for name, value in (("--record", args.record), ("--screenshot", args.screenshot),
                                          ("--profile", args.profile)) if value]
        if clash or args.speed not in (None, "max"):
            raise UsageError(f"--runs: sans {(clash or ['--speed'])[0]} (les executions vont a la vitesse max)")


def session_for(micro: Micro, source: str | None, tape: list[str] | None = None, run: bool = True) -> Monitor:
    """The booted monitor of a window session, with the file's program running (or its tape typed).

    With run=False (a file with syntax errors) the program is loaded, its errors shown, to be fixed.
    """
    monitor = Monitor(micro, micro.disk)
    monitor.boot(prompt=run)
    if tape is not None:
        monitor.type_ahead(tape)
    elif source is not None:
        monitor.load_text(source)
        monitor.dirty = False
        if run:
            monitor.executer("")
        else:
            monitor.prompt()
    return monitor


def run_window(micro: Micro, args: argparse.Namespace, source: str | None, stderr: TextIO,
               tape: list[str] | None = None, run: bool = True) -> int | None:
    """Run the monitor in the pygame window; None if no window could be opened (then run headless)."""
    try:
        from machine.frontends.render import pygame
        from machine.frontends.window import Window
        from machine.rom import load_font
    except ImportError:
        stderr.write(f"{PROGRAM}: pygame absent, pas de fenetre: sortie sur le terminal\n")
        return None
    speed = parse_speed(args.speed) if args.speed is not None else 1.0
    screenshot = Path(args.screenshot) if args.screenshot else None
    # Ctrl-C in the terminal closes the window as its close button does, and so do the terminal closed or the
    # Micro told to end: the unsaved program is kept. Decision: the handlers are put up before the window is
    # opened; after it, a signal while it opened ended the process (SIGHUP) or met SDL's own handler (SIGTERM),
    # which made it the close button, whose question at the prompt no one would answer.
    window, told = None, False

    def close(signum: int, frame: object) -> None:
        nonlocal told
        told = True
        if window is not None:
            window.closed = True

    previous = signal.signal(signal.SIGINT, close)
    closings = install_closings(close)
    try:
        try:
            window = Window(session_for(micro, source, tape, run), load_font(), speed=speed, scale=args.scale,
                            monitor=args.monitor, scanlines=args.scanlines, screenshot=screenshot, mute=args.mute,
                            aspect=args.aspect, record=Path(args.record) if args.record else None)
        except pygame.error as error:
            stderr.write(f"{PROGRAM}: pas de fenetre ({error}): sortie sur le terminal\n")
            return None
        if told:  # (while it opened)
            window.closed = True
        return window.run()
    finally:
        signal.signal(signal.SIGINT, previous)
        restore_closings(closings)


def run_many(source: str, args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """--runs N --jobs K: the program N times over K processes; each run reads the same piped input."""
    from machine.batch import Job, run_batch
    from machine.cluster import ClusterError  # Dask itself is imported only to reach a cluster
    reducer = None
    if args.reduce is not None:
        try:
            reducer = read_program(args.reduce, limits_of(load_profile(args.machine)))
            parse(reducer)
        except UsageError as error:
            stderr.write(f"{PROGRAM}: --reduce: {error}\n")
            return 2
        except SyntaxErrors as errors:
            report_syntax(errors, stderr)
            return 1
    # What is typed for LIRE is read whole, to be given to every run: no more of it than a data file of the
    # Micro holds (`yes | micro-lse p.lse --runs 2` read for ever, half a GB a second, before any run).
    most = load_profile(args.machine).max_data_file_bytes
    typed = "" if stdin.isatty() else stdin.read(most + 1)
    if len(typed) > most:
        stderr.write(f"{PROGRAM}: --runs: ENTREE TROP GRANDE POUR LIRE ({most} CARACTERES AU PLUS)\n")
        return 2
    job = Job(source, args.machine, args.disk, typed)
    try:
        return run_batch(job, seed=1 if args.seed is None else args.seed, runs=args.runs,
                         jobs=args.jobs or os.cpu_count() or 1, stdout=stdout, stderr=stderr,
                         reducer=reducer, cluster=args.cluster)
    except BrokenPipeError:
        return _reader_gone(stdout)
    except ClusterError as error:  # Dask absent or no scheduler: nothing has run yet
        stderr.write(f"{PROGRAM}: {error}\n")
        return 2


def headless_watch(micro: Micro, args: argparse.Namespace, stderr: TextIO, stdout: TextIO | None = None):
    """The recording and the progress line of a headless run (progress: at --speed max, stderr a terminal)."""
    from machine.watch import Watch
    progress = stderr if parse_speed(args.speed) is None and stderr.isatty() else None
    return Watch(micro, record=Path(args.record) if args.record else None, progress=progress,
                 shared_terminal=stdout is None or stdout.isatty())


def off_screen_look(micro: Micro, args: argparse.Namespace):
    """The renderer of headless screenshots and recordings: the window's look, scale 2 unless --scale."""
    from machine.frontends.render import ScreenRenderer
    from machine.rom import load_font
    return ScreenRenderer(load_font(), micro.profile, args.scale or 2, args.monitor, args.scanlines,
                          aspect=args.aspect)


def save_headless_screenshot(micro: Micro, path: str, args: argparse.Namespace, stderr: TextIO) -> bool:
    """Save the screen of a headless run as a PNG; False (with a message) if it cannot be written."""
    from machine.frontends.render import save_screenshot
    from machine.rom import load_font
    try:
        save_screenshot(micro.screen, Path(path), load_font(), micro.profile, scale=args.scale or 2,
                        monitor=args.monitor, aspect=args.aspect)
    except Exception as error:  # pygame.error or OSError: the file cannot be written
        stderr.write(f"{PROGRAM}: ECRAN NON SAUVE: {path} ({error})\n")
        return False
    return True


def tolerant(*streams: TextIO) -> None:
    """Bytes that are not UTF-8 on stdin (or characters the terminal cannot show) become '?'-like
    replacement characters: LIRE refuses them as a number, the monitor as a character, none crashes."""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a stream already closed or detached: leave it
                pass


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    """Run the command line; return the process exit status."""
    tolerant(stdin, stdout, stderr)
    try:
        args = build_parser().parse_args(argv)
        if args.version:
            stdout.write(f"{PROGRAM} {__version__}\n")
            return 0
        check_options(args)
        parse_speed(args.speed)
        try:
            profile = load_profile(args.machine)
        except ProfileError as error:
            raise UsageError(str(error)) from None
        source = read_program(args.file, limits_of(profile)) if args.file is not None else None
        if args.check and source is None:
            raise UsageError("--check: il faut un fichier .lse")
        if args.record and source is None and not wants_window(args.headless):
            raise UsageError("--record: sans fenetre, il faut un fichier .lse")
    except UsageError as error:
        stderr.write(f"{PROGRAM}: {error}\n")
        return 2
    program, tape = None, None
    if source is not None:
        try:
            program = parse(source, limits_of(profile))
        except SyntaxErrors as errors:
            tape = tape_of(source, errors)
            if tape is None:
                report_syntax(errors, stderr)
                if args.check or not wants_window(args.headless):
                    return 1
                # The window opens with the program loaded and its errors on the screen, to be fixed there.
                status = run_window(Micro(profile, seed=args.seed, disk=Disk(Path(args.disk))), args, source,
                                    stderr, run=False)
                return 1 if status is None else status
        warn_replaced(program.replaced if program is not None else replaced_in_tape(tape), stderr)
    if args.check:
        wrong = tape_syntax(tape, limits_of(profile)) if tape is not None else None
        if wrong is not None:
            report_syntax(wrong, stderr)
            return 1
        return 0
    if tape is not None and args.record and not wants_window(args.headless):
        # A tape is typed at the prompt, whose runs headless are not recorded (the window records a session).
        stderr.write(f"{PROGRAM}: --record: sans fenetre, il faut un programme, pas une bande de commandes\n")
        return 2
    if args.runs is not None:
        if program is None:
            stderr.write(f"{PROGRAM}: --runs: il faut un programme, pas une bande de commandes\n")
            return 2
        return run_many(source, args, stdin, stdout, stderr)
    micro = Micro(profile, seed=args.seed, profiling=args.profile, disk=Disk(Path(args.disk), limits_of(profile)))
    status = run_window(micro, args, source, stderr, tape) if wants_window(args.headless) else None
    try:
        if status is None and program is None:
            monitor = Monitor(micro, micro.disk)
            monitor.type_ahead(tape or [])
            status = run_monitor_headless(monitor, stdin=stdin, stdout=stdout, bell=not args.mute,
                                          speed=parse_speed(args.speed))
        elif status is None:
            if not program.lines:  # an empty file: nothing to run, said plainly (it reached no TERMINER at line 0)
                stderr.write(message(Err.NO_PROGRAM) + "\n")
                return 1
            micro.load(program)
            watch = headless_watch(micro, args, stderr, stdout)
            status = run_headless(micro, speed=parse_speed(args.speed), stdin=stdin, stdout=stdout,
                                  stderr=stderr, bell=not args.mute, on_slice=watch.on_slice,
                                  slice_cycles=watch.slice_cycles, on_input=watch.on_input)
            if not watch.finish(lambda: off_screen_look(micro, args), stderr):
                status = status or 1
    except (BrokenPipeError, InternalError) as error:
        if not isinstance(error, BrokenPipeError) and not isinstance(error.__cause__, BrokenPipeError):
            raise
        return _reader_gone(stdout)
    if args.screenshot and not wants_window(args.headless):
        if not save_headless_screenshot(micro, args.screenshot, args, stderr):
            status = status or 1
    if args.profile and micro.runtime is not None:
        stderr.write(for_terminal(micro.report(), stderr) + "\n")
    return status
