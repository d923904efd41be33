"""Run an LSE program on a fresh Micro and collect what happened; used by the core's tests."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from machine.disk import Disk
from machine.lse.runtime import Status
from machine.micro import Micro

SLICE = 100_000
DEFAULT_MAX_CYCLES = 2_000_000_000


@dataclass
class Result:
    """What a run left behind."""

    output: str                 # program output, CR LF made LF, BEL removed
    raw: str                    # program output exactly as printed
    rows: list[str]             # the screen, row by row
    status: Status
    error: str | None           # the rendered error (None unless FAILED)
    cycles: int
    micro: Micro
    pauses: list[int] = field(default_factory=list)   # line of each PAUSE met

    @property
    def transcript(self) -> str:
        """Output then the error message, as the golden files hold them."""
        text = self.output
        if self.error is not None:
            if text and not text.endswith("\n"):
                text += "\n"
            text += self.error + "\n"
        return text


def normalise(text: str) -> str:
    """Make the Micro's CR LF a plain LF and drop the bell."""
    return text.replace("\r\n", "\n").replace("\a", "")


def run_lse(source: str, inputs: Iterable[str] = (), seed: int | None = 0, profiling: bool = False,
            max_cycles: int = DEFAULT_MAX_CYCLES, close_input: bool = True, disk: Disk | None = None) -> Result:
    """Load `source` (SyntaxErrors propagate) and run it to its end, feeding `inputs` one line per LIRE wait.

    PAUSE is resumed at once (its line is recorded). The run stops with status RUNNING if
    `max_cycles` are spent (at a PAUSE too). When the inputs run out, input is closed (DONNEE ABSENTE) unless
    `close_input` is False, in which case the run returns with status WAITING. Without a
    `disk`, GARER, CHARGER, SUPPRIMER and EXECUTER fail with ERREUR DISQUE.
    """
    micro = Micro(seed=seed, profiling=profiling, disk=disk)
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    micro.load_text(source)
    pending = list(inputs)
    pauses: list[int] = []
    while True:
        status = micro.run(min(SLICE, max(1, max_cycles - micro.cycles)))
        if status is Status.RUNNING:
            if micro.cycles >= max_cycles:
                break
            continue
        if status is Status.WAITING:
            if pending:
                micro.feed(pending.pop(0))
                continue
            if not close_input:
                break
            micro.end_input()
            continue
        if status is Status.PAUSED:
            pauses.append(micro.runtime.current_line)
            if micro.cycles >= max_cycles:  # a PAUSE in a loop: the cycles are spent as well
                status = Status.RUNNING
                break
            continue
        break
    raw = "".join(chunks)
    return Result(normalise(raw), raw, micro.screen.rows_text(), status, micro.error_text(),
                  micro.cycles, micro, pauses)


def lines(*numbered: str) -> str:
    """Join program lines into one source text."""
    return "\n".join(numbered) + "\n"


def assigned_expression(statement: str) -> object:
    """The expression of one assignment written as line 10 (`X←...`), parsed."""
    from machine.lse import nodes as n  # (the harness runs programs; only this helper reads syntax)
    from machine.lse.parser import parse
    parsed = parse(f"10 {statement}\n").lines[0].statements[0]
    assert type(parsed) is n.Assign, statement
    return parsed.expr
