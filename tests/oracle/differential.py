"""Run one program in the reference interpreter and in every mode of the Micro, and say how they differ.

Uses only the Micro's public in-process API (Micro, load_text/load, run, feed, end_input, error,
cycles), so a new compiler behind it plugs in unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from machine.errors import Err, message
from machine.lse.parser import SyntaxErrors, parse
from machine.lse.source import limits_of
from machine.lse.status import Status
from machine.micro import Micro
from machine.profile import load_profile

from .reference import NOT_ENDED, Outcome, Reference

MODES = ("plain", "profile", "debug", "resumed")
SLICE = 1_000_000
SHORT_SLICE = 733  # "resumed": stopped by Esc at every slice's end this short, and taken up again
DEBUG_STOP = 3  # "debug": the hook sees every line and stops the run before every third it sees
MAX_CYCLES = 4_000_000_000


def run_micro(source: str, inputs: Iterable[str] = (), seed: int = 0, profile: str = "micro40",
              mode: str = "plain", max_cycles: int = MAX_CYCLES) -> Outcome:
    """Run a program on a fresh Micro in one mode: plain, profile (--profile), debug (a trace hook that
    stops the run before some lines, as a breakpoint or a step does, then continued) or resumed (plain,
    interrupted as Esc does at the end of every short slice, then continued)."""
    return run_machine(source, inputs, seed, profile, mode, max_cycles)[0]


def run_machine(source: str, inputs: Iterable[str] = (), seed: int = 0, profile: str = "micro40",
                mode: str = "plain", max_cycles: int = MAX_CYCLES) -> tuple[Outcome, Micro]:
    """run_micro, and the Micro it ran on (to read its accounts: the cycles of each line)."""
    micro = Micro(load_profile(profile), seed=seed, profiling=mode == "profile")
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    seen: list[int] = []  # the lines the debugger's hook saw start
    stops: list[int] = []  # the line of a stop the hook asked for, until the run goes on
    if mode == "debug":
        micro.load(parse(source, limits_of(micro.profile)), debug=True)

        def hook(line: int) -> bool:
            seen.append(line)
            if len(seen) % DEBUG_STOP:
                return False
            stops.append(line)
            return True
        micro.runtime.line_hook = hook
    else:
        micro.load_text(source)
    pending = list(inputs)
    pauses: list[int] = []
    resumed = mode == "resumed"
    while True:
        status = micro.run(SHORT_SLICE if resumed else SLICE)
        if status is Status.RUNNING:
            if micro.cycles >= max_cycles:
                break
            if resumed:
                micro.interrupt()  # the next budget test stops the run, as Esc does
            continue
        if resumed:
            runtime = micro.runtime
            if status is Status.FAILED and runtime.resumable and runtime.error.code == Err.INTERRUPTED:
                assert runtime.resume(), "an interrupted run could not go on"  # CONTINUER
                continue
            runtime.interrupted = False  # the run waits or ends before a budget test: no Esc then
        if status is Status.WAITING:
            if pending:
                micro.feed(pending.pop(0))
            else:
                micro.end_input()
            continue
        if status is Status.PAUSED and stops:  # the hook's stop, not a PAUSE: go on, as CONTINUER does
            assert micro.runtime.current_line == stops.pop(), "the debugger stopped elsewhere than it asked"
            if micro.cycles >= max_cycles:  # (stopped every few lines, a debugged run may never end a slice)
                status = Status.RUNNING
                break
            assert micro.runtime.resume(), "a run stopped by the debugger could not go on"
            continue
        if status is Status.PAUSED:
            pauses.append(micro.runtime.current_line)
            if micro.cycles >= max_cycles:  # a PAUSE in a loop: the cycles are spent as well
                status = Status.RUNNING
                break
            micro.runtime.resume()
            continue
        break
    failure = micro.runtime.error
    error = None
    if failure is not None:
        from machine.errors import LseError, render
        error = (int(failure.code), render(LseError(failure.code, failure.text)), failure.line)
    elif status is Status.RUNNING:
        error = NOT_ENDED
    return Outcome("".join(chunks), error, micro.cycles, pauses), micro


def refused(errors: SyntaxErrors) -> Outcome:
    """The outcome of a program the parser refuses: its first syntax error, nothing run."""
    first = errors.diagnostics[0]
    return Outcome("", (int(first.code), message(first.code, first.text), first.line), 0)


def differences(expected: Outcome, got: Outcome) -> list[tuple[str, str]]:
    """The kinds in which two outcomes differ (output, error, cycles, the lines of PAUSE), each with a readable line.

    Two runs that both stopped at the bound of cycles unfinished stopped at different points past it (a mode at
    the end of a slice): only what both printed is compared, the one's output the start of the other's.
    """
    if not expected.ended and not got.ended:
        shorter, longer = sorted((expected.output, got.output), key=len)
        return [] if longer.startswith(shorter) else [
            ("output", f"output {got.output[-200:]!r} instead of {expected.output[-200:]!r} (both unfinished)")]
    found = []
    if expected.output != got.output:
        found.append(("output", f"output {got.output!r} instead of {expected.output!r}"))
    if expected.error != got.error:
        found.append(("error", f"error {got.error} instead of {expected.error}"))
    if expected.cycles != got.cycles:
        found.append(("cycles", f"cycles {got.cycles} instead of {expected.cycles}"))
    if expected.pauses != got.pauses:
        found.append(("pauses", f"pauses at lines {got.pauses} instead of {expected.pauses}"))
    return found


def compare(source: str, inputs: Sequence[str] = (), seed: int = 0, profile: str = "micro40",
            modes: Sequence[str] = MODES) -> dict[str, list[tuple[str, str]]]:
    """Each Micro mode's differences from the reference (empty lists: all agree).

    A Python exception of a Micro mode is a difference of kind "exception" (its first line).
    """
    try:
        expected = Reference(parse(source, limits_of(load_profile(profile))), inputs, seed, profile).run()
    except SyntaxErrors as errors:  # refused before anything runs: every mode must refuse it alike
        expected = refused(errors)
    # A mode that runs on where the reference ended is stopped soon after (DID NOT END: a difference found at
    # once), not at MAX_CYCLES: a wrong jump can make an endless loop of a program that ends.
    limit = min(MAX_CYCLES, 2 * expected.cycles + 10 * SLICE) if expected.ended else MAX_CYCLES
    result = {}
    for mode in modes:
        try:
            try:
                got = run_micro(source, inputs, seed, profile, mode, limit)
            except SyntaxErrors as errors:
                got = refused(errors)
            result[mode] = differences(expected, got)
        except Exception as error:  # an InternalError (or worse) of the Micro: reported, not raised
            first = str(error).splitlines()[0][:200] if str(error) else ""
            result[mode] = [("exception", f"{type(error).__name__}: {first}")]
    return result


def report(result: dict[str, list[tuple[str, str]]]) -> str:
    """A readable account of a comparison: one line per mode that disagrees."""
    return "\n".join(f"{mode}: {text}" for mode, found in result.items() for _, text in found)


def assert_agrees(source: str, inputs: Sequence[str] = (), profile: str = "micro40") -> None:
    """Fail with the account of the differences unless every mode agrees with the reference on a program."""
    result = compare(source, inputs, profile=profile)
    assert not any(result.values()), report(result)


__all__ = ["MODES", "assert_agrees", "compare", "differences", "report", "run_micro"]
