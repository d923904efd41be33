"""In-process timing for the speed bench: the Micro's compile and run apart, and a twin's own work.

The one place in bench/ that knows how the Micro is driven from Python (parse, load, compile,
run to the end as `main.py --headless` does); run.py and the tests use it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from machine.frontends.terminal import run_headless  # noqa: E402
from machine.lse.parser import parse  # noqa: E402
from machine.micro import Micro  # noqa: E402
from machine.profile import load_profile  # noqa: E402

# Decision: in-process times are the CPU time of this process, not wall time: on a shared machine
# the wall clock also counts the turns of other processes, which made medians of three runs
# swing by 2x; the CPU time of a single-threaded run is what it computed.
clock = time.process_time


@dataclass
class MicroRun:
    """One in-process run of an LSE program: what it printed and where the time went."""

    output: str
    error: str           # what the run wrote on stderr (an LSE error message), "" if none
    compile_s: float     # parse + load + compile of every unit, plus any code compiled during the run
    run_s: float         # the run itself, from the first cycle to the end, less any compiling in it
    cycles: int


def compile_everything(micro: Micro) -> None:
    """Compile every unit of the loaded program now, so that the run that follows only runs.

    Decision: the runtime compiles lazily (a unit when first entered, a procedure when first
    called); the bench wants compile time apart from run time, so it asks for each unit at once.
    A runtime that offers `compile_all()` is trusted to do this itself.
    """
    runtime = micro.runtime
    compile_all = getattr(runtime, "compile_all", None)
    if compile_all is not None:
        compile_all()
        return
    lean = runtime.flow.lean
    for name in runtime.layout.units:
        if name in lean:
            runtime.lean[name]  # noqa: B018 - compiles the procedure's function
        else:
            runtime.unit(name)._compile_fast()


def _time_late_compiles(micro: Micro) -> list[float]:
    """Wrap the runtime's one compile entry point, if it has it, to add up compiling during the run."""
    spent: list[float] = []
    build = getattr(micro.runtime, "build", None)
    if build is None:
        return spent

    def timed_build(*args: object, **kwargs: object) -> object:
        started = clock()
        try:
            return build(*args, **kwargs)
        finally:
            spent.append(clock() - started)

    micro.runtime.build = timed_build
    return spent


def run_micro(source: str, stdin: str = "", *, machine: str = "micro40", seed: int | None = 1985,
              profiling: bool = False) -> MicroRun:
    """Compile then run `source` on a fresh Micro of profile `machine`, headless, timing each part (`profiling`:
    as `--profile` runs it, counting each line's cycles)."""
    micro = Micro(load_profile(machine), seed=seed, profiling=profiling)
    started = clock()
    micro.load(parse(source))
    compile_everything(micro)
    compiled = clock()
    late = _time_late_compiles(micro)
    out, err = io.StringIO(), io.StringIO()
    run_started = clock()
    run_headless(micro, speed=None, stdin=io.StringIO(stdin), stdout=out, stderr=err, bell=False)
    ended = clock()
    return MicroRun(out.getvalue(), err.getvalue(), compiled - started + sum(late),
                    ended - run_started - sum(late), micro.cycles)


def warm_up() -> None:
    """Run a tiny program once on each profile, so that what the Micro imports on first need
    (decimal, for printing numbers) is not charged to the first workload timed."""
    for machine in ("micro40", "console80"):
        run_micro("AFFICHER 1/3,CCA(2/3)\nAFFICHER[F5.2,E12.4] 1/3,2/3\nTERMINER\n", machine=machine)


def compile_seconds(source: str, machine: str = "micro40") -> tuple[float, float]:
    """The time to parse `source`, and the time to parse, load and compile every unit of it (nothing is run)."""
    micro = Micro(load_profile(machine), seed=0)
    started = clock()
    program = parse(source)
    parsed = clock()
    micro.load(program)
    compile_everything(micro)
    return parsed - started, clock() - started


def load_twin(path: Path) -> ModuleType:
    """Import a CPython twin as a module (its main() is not run on import)."""
    spec = importlib.util.spec_from_file_location(f"bench_twin_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_twin(main: Callable[[], None], stdin: str = "") -> tuple[float, str]:
    """Run a twin's main() with `stdin` as its input; return its time (CPU seconds) and what it printed."""
    out = io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out):
            started = clock()
            main()
            elapsed = clock() - started
    finally:
        sys.stdin = saved_stdin
    return elapsed, out.getvalue()
