"""Run a compiled LSE program in slices of cycles: the state its closure shares with the front ends.

Owns the execution state of one program (cycles, variables, memory, input, the profile's accounts, the
debugger's hook); the program itself is the closure the one code generator made (linker.py). Must not
import pygame or any front end.
"""

from __future__ import annotations

import gc
import math
import sys
from collections import Counter
from collections.abc import Callable
from types import CellType

from machine.errors import Err, InternalError, LseError
from machine.lse import ir, magnitudes
from machine.lse.builtins import builtins_of
from machine.lse.formats import count_text
from machine.lse.frames import RET, Back, Globals, Terminate
from machine.lse.inputs import InputBuffer
from machine.lse.layout import MAIN, Layout, layout
from machine.lse.linker import CompiledProgram, TooNested, within
from machine.lse.nodes import Program
from machine.lse.numbers import NumberModel
from machine.lse.programio import ProgramIO
from machine.lse.speculation import GUESSED_AGAIN, NotSpeculated, Speculated, on_a_row
from machine.lse.status import Status
from machine.lse.suspension import Suspension, default_suspension
from machine.lse.values import Array, Memory, Vars, cells_of, new_array


class Runtime(ProgramIO):
    """One loaded program and its execution state, run from outside in slices."""

    def __init__(self, program: Program, costs: dict, *, environment: object,
                 output: Callable[[str], None], limits: dict, profile: bool = False,
                 debug: bool = False, variables: Vars | None = None,
                 suspension: Suspension | None = None) -> None:
        # Decision: a CHAINE or an array kept from the prompt is one for the analyses, as if the program had
        # declared it (a line typed alone, CHAINE Q, then Q←'X' on the next, stored a string into a number).
        kept = variables if variables is not None else Vars()
        self.layout: Layout = layout(program, frozenset(kept.strings),
                                     frozenset(name for name, value in kept.items() if type(value) is Array))
        self.ir = ir.lower(program)
        self.costs = costs
        self.output = output
        self.limits = limits
        self.environment = environment
        self.numbers = NumberModel(limits.get("numbers", "double"))
        self.profiling = profile or debug  # per-line accounts (debug: a hook before each line too)
        self.debugging = debug
        self.line_hook: Callable[[int], bool] | None = None  # True: pause before that line
        self.resumable = False
        # Decision: the compiled program counts its cycles in a float (exact up to 2^53 cycles, some
        # 285 years at 1 MHz): adding to a float costs ~10 ns less a pass than to an int past 256,
        # which Python allocates anew at each add. The runtime sees whole numbers.
        self._cyc = CellType(0.0)  # the compiled program's own counter once it is built
        self._budget = CellType(0.0)  # the cycle count at which the slice ends: a cell of the program too
        self._counts: Counter = Counter()  # (read as counts and line_divisions: with the points folded in)
        # --profile: the cycles of each line's segments (0: of none). Decision: a plain dict holding every line
        # from the start, not a Counter: the code adds to it at every line, and a subclass of dict is indexed
        # by the slow path (~110 ns a line against ~50)
        self.segment_cycles: dict[int, float] = dict.fromkeys([0, *(line.number for line in program.lines)], 0.0)
        self._line_divisions: Counter = Counter()
        self.memory = Memory(limits["memory_cells"])
        self.kept = variables  # the monitor's table: it sees the variables after each slice
        self.printed: list[str] = []  # what the program printed in this slice, given at its end (see out)
        self.G = Globals(self.memory)
        if variables is not None:
            self.G.strings.update(variables.strings)
            for name, value in variables.items():
                dict.__setitem__(self.G, name, value)
        self.memory.used = self.G.held()  # variables kept from an earlier run still hold theirs
        self.max_depth = limits["max_call_depth"]
        self.interrupted = False
        self.inputs = InputBuffer(self.numbers.beyond, limits.get("max_line_chars"), self.numbers.decimal)
        self.error: LseError | None = None
        self.status = Status.RUNNING
        self.current_line = 0
        self.disk = None
        self.compiled: CompiledProgram | None = None
        # Jumps told the lines they likely go to, and the lines they were seen going to past their guesses, until one
        # goes elsewhere: then None (speculation.py).
        self.guessing: frozenset[int] | None = frozenset()
        # The run went on inside FAIRE loops where a guess was left: the main program keeps its loops at run time.
        self.inside_loops = False
        self.suspension = suspension or default_suspension()
        self._started = False
        self._prepared = False  # start() was called: the program's body is ready to run
        self._start_block = 0

    @property
    def cyc(self) -> int:
        """Cycles spent so far (a cell of the compiled program, which adds to it directly)."""
        return int(self._cyc.cell_contents)

    @cyc.setter
    def cyc(self, value: int) -> None:
        self._cyc.cell_contents = float(value)

    @property
    def budget(self) -> int:
        """The cycle count at which the running slice ends."""
        return int(self._budget.cell_contents)

    @budget.setter
    def budget(self, value: int) -> None:
        self._budget.cell_contents = float(value)

    # ------------------------------------------------------------- set-up
    def compile_all(self) -> None:
        """Compile the whole program now, to run from its first line (the bench times the two apart)."""
        self.build([self.first_block()])

    def compiled_program(self, roots: list[int], guess: bool) -> CompiledProgram:
        """The program compiled; again with every unit a dispatch where CPython refused it (linker.TooNested)."""
        try:
            return CompiledProgram(self, self.layout, self.ir, self.profiling, self.debugging, roots, guess,
                                   inside_loops=self.inside_loops)
        except TooNested:
            return CompiledProgram(self, self.layout, self.ir, self.profiling, self.debugging, roots, guess, flat=True,
                                   inside_loops=self.inside_loops)

    def build(self, roots: list[int]) -> CompiledProgram:
        """Compile the program with these blocks of the main program as entries (once for the same ones)."""
        if self.compiled is not None and self.compiled.roots == roots and self.compiled.asked == self.guessing:
            return self.compiled
        self.fold_points()  # (what the code being replaced counted, and the segment it was in: see below)
        segment = self.compiled.segment_cells if self.compiled is not None else None
        # Decision: no cyclic garbage collection while compiling: the analyses make many small containers that
        # live until the code is made, which the collector would walk again and again (renard.lse compiled in
        # 3-4 % less time); what is garbage then is collected after.
        collecting = gc.isenabled()
        gc.disable()
        try:
            try:
                compiled = self.compiled_program(roots, self.guessing)
            except NotSpeculated:  # a guess the code could not leave safely: none
                compiled = self.compiled_program(roots, None)
            compiled.asked = self.guessing
        finally:
            if collecting:
                gc.enable()
        compiled.cyc_cell.cell_contents = self.cyc
        compiled.budget_cell.cell_contents = self.budget
        self._cyc, self._budget = compiled.cyc_cell, compiled.budget_cell
        if segment is not None:  # the code replaced mid-run: the segment running goes on in the new one's cells
            for old, new in zip(segment, compiled.segment_cells):
                new.cell_contents = old.cell_contents
        self.compiled = compiled
        return compiled

    def first_block(self) -> int:
        lines = self.layout.program.lines
        return self.ir.line_block[lines[0].number] if lines else self.ir.off_end

    def builtin_table(self, meter: object) -> dict:
        """Bind each built-in to this machine: machine-bound ones, and per-character charging.

        `meter` is the compiled program's cycle counter (a cell), which the paying forms add to.
        """
        table = {}
        per_char = self.costs["char_scan"]
        for name, spec in builtins_of(self.numbers.single).items():
            fn = spec.fn if spec.fn is not None else getattr(self.environment, name.lower())
            if spec.paid is not None and not self.profiling:
                fn = spec.paid(meter, per_char)  # charges the counter itself: one call per use
            elif spec.measured is not None:
                fn = self._charging_measured(spec.measured, per_char)
            elif spec.scan is not None:
                fn = self._charging(fn, spec.scan, per_char)
            table[name] = fn
        return table

    def _charging_measured(self, measured: Callable, per_char: int) -> Callable:
        def charged(*args: object) -> object:
            result, chars = measured(*args)
            self.cyc += per_char * chars
            if self.profiling:
                self._counts["char_scan"] += chars
            return result
        return charged

    def _charging(self, fn: Callable, scan: Callable, per_char: int) -> Callable:
        def charged(*args: object) -> object:
            result = fn(*args)
            chars = scan(args, result)
            self.cyc += per_char * chars
            if self.profiling:
                self._counts["char_scan"] += chars
            return result
        return charged

    def start(self, line: int | None = None) -> None:
        """Get ready to run from the first line, or from a given line."""
        if line is None:
            block = self.first_block()
        elif line in self.ir.line_block:
            block = self.ir.line_block[line]
        else:
            raise LseError(Err.UNKNOWN_LINE, line)
        self.build([block])
        self._start_block = block
        self._started = False
        self._prepared = True
        self.suspension.prepare(self._run_program)
        self.status = Status.RUNNING
        if self.profiling:
            self.compiled.segment_cells[1].cell_contents = self._cyc.cell_contents

    # ------------------------------------------------------------ running
    def run(self, cycles: int) -> Status:
        """Run until `cycles` more are spent, or the program waits, pauses, ends or fails."""
        asked_before = self.interrupted  # (Esc between two slices: seen at the end of this one, as ever)
        if not self._prepared:
            try:
                self.start()
            except LseError as error:  # a program the compiler refuses (linker: a chain too long for it)
                self.error, self.status = error, Status.FAILED
                return self.status
        if self.status in (Status.ENDED, Status.FAILED):
            return self.status
        # Esc or Ctrl-C while the program was compiled here, which may take seconds: it stops before its first line
        # (the slice's end was the only place it was seen, and a program shorter than a slice ran to its end).
        self.budget = 0 if self.interrupted and not asked_before else self.cyc + cycles
        try:
            self._slice()
        finally:
            self.flush_output()
        if self.status in (Status.ENDED, Status.FAILED) and self.profiling:
            self.segment(0)
        if self.kept is not None:
            self.kept.clear()
            self.kept.update(self.G.items())
            self.kept.strings.clear()
            self.kept.strings.update(self.G.strings)
        return self.status

    def _slice(self) -> None:
        """Run the program for the slice run() set, and note how it stopped."""
        try:
            if self._started:
                status = self.suspension.resume()
            else:
                self._started = True
                status = self.suspension.begin(self._start_block)
            self.status = Status.ENDED if self.suspension.done() else status
        except Terminate:
            self.status = Status.ENDED
        except LseError as error:
            self.error = error
            self.status = Status.FAILED
        except InternalError:
            raise
        except Exception as error:  # a bug of the Micro, never shown as a guest error
            raise InternalError(f"{type(error).__name__}: {error}") from error

    def _run_program(self, block: int) -> None:
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 10 * self.limits["max_call_depth"] + 1000))
        loops: list = []
        try:
            while True:
                try:
                    self.compiled.units[MAIN](block, *([loops] if loops else []))
                    return
                except Speculated as going:
                    block, loops = self._unguessed(going.block, going.loops), going.loops
        except Terminate:
            return

    def _unguessed(self, block: int, loops: list) -> int:
        """A guessed jump went to a line it was not told (speculation.py): the program built again, from that line's
        block (returned), with the variables as they are; no procedure runs. Built with its guesses taken on to
        that line where it goes on a jump's row of lines (GUESSED_AGAIN times at most) and no loop is open there,
        else without any guess; with `loops` open there (frames.Loop), with the main program's loops kept at run
        time, which it starts with."""
        line, seen = self.ir.blocks[block].line, self.guessing
        again = seen is not None and line not in seen and len(seen) < GUESSED_AGAIN and not loops and on_a_row(
            self.ir, frozenset(self.layout.units[MAIN].own_lines), line)
        self.guessing = seen | {line} if again else None
        self.inside_loops = self.inside_loops or bool(loops)
        self.G.unbind()
        compiled = self.build([block])
        compiled.retake_counters()
        ends = compiled.main_loop_ends
        # (a loop whose last line the code cannot reach is left with the jump: analyses.reachable follows every way)
        if loops and (ends is None or any(loop.body not in ends.get(loop.end, (loop.body,)) for loop in loops)):
            raise InternalError("a guess left inside a FAIRE whose loop the code built again does not keep")
        return block

    def interrupt(self) -> None:
        """Ask the running program to stop at the next slice's end (ESC, Ctrl-C)."""
        self.interrupted = True
        self.budget = 0

    def _suspend(self, status: Status) -> None:
        """Give control back to whoever called run(), saying why; return when run() is called again."""
        self.suspension.suspend(status)

    def slice_end(self, line: int) -> None:
        """The slice is spent: give control back (INTERROMPU if Esc was pressed)."""
        self.current_line = line
        if self.interrupted:
            # Decision: an interrupted program can be continued (CONTINUER), so the
            # interruption is reported as a failure while the program stays alive.
            self.interrupted = False
            self.error = LseError(Err.INTERRUPTED, line=self.current_line)
            self.resumable = True
            self._suspend(Status.FAILED)
            return
        self._suspend(Status.RUNNING)

    def resume(self) -> bool:
        """Make an interrupted or paused program go on at the next run(); False if it cannot.

        The variables are taken as the monitor left them (an immediate line may have changed them):
        the ints beside FAIRE variables that index elements are taken again from their floats, and a
        program whose code counts on what the monitor changed cannot go on (a name read as a vector now
        a matrix, a whole counter given a fraction in single precision, a bounded array given a number
        out of its bounds, a string or array variable given a number: CompiledProgram.goes_on_with).
        """
        if not (self.status is Status.PAUSED or (self.status is Status.FAILED and self.resumable)):
            return False
        compiled = self.compiled
        if compiled is not None:
            if self.kept is not None and not compiled.goes_on_with(self.kept):
                return False  # its code counts on what the monitor changed: it cannot go on
        if self.kept is not None:
            for name in [name for name in self.G.keys() if name not in self.kept]:
                self.G.pop(name, None)
            for name, value in self.kept.items():
                self.G[name] = value
            self.G.strings.clear()
            self.G.strings.update(self.kept.strings)
        if compiled is not None:
            compiled.retake_counters()
        self.status, self.error, self.resumable = Status.RUNNING, None, False
        return True

    def broken(self) -> bool:
        """True if the stopped run's code counts on what the monitor changed (CompiledProgram.goes_on_with)."""
        return self.compiled is not None and self.kept is not None and not self.compiled.goes_on_with(self.kept)

    def freed(self) -> str | None:
        """The variable the stopped run's code counts on as set or declared that the monitor freed, if any."""
        if self.compiled is None or self.kept is None:
            return None
        return self.compiled.freed(self.kept)

    def before_line(self, line: int) -> None:
        """The debugger: let the hook see each line start, and pause there when it asks."""
        self.flush_output()  # what the lines before printed, before what the hook shows
        if self.line_hook is not None and self.line_hook(line):
            self.current_line = line
            self._suspend(Status.PAUSED)

    # ---------------------------------------------------------- charging
    def fold_points(self) -> None:
        """Add each kind of operation of the charge points run since the last fold to the accounts (--profile:
        the code counts how many times each point runs, not its kinds: a Counter's update cost ~1 us a point)."""
        compiled = self.compiled
        if compiled is None or not self.profiling:
            return
        counts, divisions, runs = self._counts, self._line_divisions, compiled.point_runs
        by_runs, lines = compiled.shared.by_runs, self.segment_cycles
        scanned = compiled.segment_cells[2]  # (the characters the string built-ins written inline scanned)
        if scanned.cell_contents:
            counts["char_scan"] += int(scanned.cell_contents)  # (a position less another: whole, maybe a float)
            scanned.cell_contents = 0
        for point, times in enumerate(runs):
            if times:
                price, kinds, line = compiled.shared.blocks[point]
                for kind, count in kinds.items():
                    counts[kind] += count * times
                if "div" in kinds:
                    divisions[line] += kinds["div"] * times
                if point in by_runs:  # (a line with no mark: its cycles are its points' runs)
                    lines[by_runs[point]] += price * times
                runs[point] = 0

    @property
    def counts(self) -> Counter:
        """--profile: how many operations of each kind the run made."""
        self.fold_points()
        return self._counts

    @property
    def line_divisions(self) -> Counter:
        """--profile: how many divisions each line made."""
        self.fold_points()
        return self._line_divisions

    def charge(self, key: str, times: int = 1) -> None:
        """Charge a dynamic operation by its cost key."""
        self._cyc.cell_contents += self.costs[key] * times  # the counter itself, not the property
        if self.profiling:
            self._counts[key] += times

    def segment(self, line: int) -> None:
        """--profile: a segment begins; the cycles since the last one began are its line's (as the code does at
        each line: pyshared.SEGMENT_ENDS)."""
        running, mark, _ = self.compiled.segment_cells
        now = self._cyc.cell_contents
        self.segment_cycles[running.cell_contents] += now - mark.cell_contents
        running.cell_contents, mark.cell_contents = line, now

    @property
    def line_cycles(self) -> Counter:
        """--profile: the cycles each line's segments spent (a whole number each)."""
        self.fold_points()
        return Counter({line: int(cycles) for line, cycles in self.segment_cycles.items() if line and cycles})

    # ------------------------------------------------------ what code calls
    def terminate(self) -> None:
        """TERMINER (and EXECUTER, which ends this program)."""
        raise Terminate()

    def fail(self, code: int, text: str = "") -> None:
        """Raise a catalogue error from generated code."""
        raise LseError(Err(code), text)

    def pause(self) -> None:
        """PAUSE: suspend until run() is called again (INTERROMPU if Esc was pressed: a loop of PAUSEs, which a
        headless run goes on from at once, never gets to the end of a slice, where an interruption is seen)."""
        if self.interrupted:
            self.slice_end(self.current_line)  # stopped there; continued (CO), the PAUSE is made as it was
        self._suspend(Status.PAUSED)

    @staticmethod
    def unknown_line(line: int) -> None:
        """A static jump to a line that is not in the program."""
        raise LseError(Err.UNKNOWN_LINE, line)

    def call_from_host(self, name: str, args: tuple, cycles: int) -> tuple[object, list]:
        """Call a procedure from Python (tests, tools): return its RESULTAT and its by-reference values.

        Arguments are numbers, strings or Arrays; a by-reference parameter gets a
        cell whose final content comes back in the list (one the procedure only reads is given the number
        or the string itself: passing.read_only_references). The call must finish
        within `cycles` without waiting for input. In single precision, a parameter by value that
        every call of the program gives a whole number refuses a fraction (holdings.whole_variables); one that
        a computed jump is made of, any value no call of the program gives it (targets.jump_targets).
        """
        unit = self.layout.units.get(name)
        if unit is None or name == MAIN:
            raise LseError(Err.UNKNOWN_PROCEDURE, name)
        if len(args) != len(unit.params):
            raise LseError(Err.ARGUMENT_COUNT, name)
        if self.compiled is None:
            self.build([self.first_block()])
        proven = self.compiled.shared.proven.get(name, ())
        strings = self.compiled.shared.string_params.get(name, ())  # (every call of the program gives a string)
        by_reference = self.compiled.shared.layout.units[name].by_reference  # less those given as values
        bounds = self.compiled.shared.bounds.get(name, {})  # (its parameters are its own names there: magnitudes)
        bounded = self.compiled.shared.bounded  # (arrays of whole numbers between two bounds: holdings.bounded_arrays)
        jumped = self.compiled.targets.params  # (a computed jump goes only to the lines its values give: targets)
        for param, value in zip(unit.params, args):
            if (name, param) in jumped and (type(value) is not float or value not in jumped[name, param]):
                raise LseError(Err.BAD_ARGUMENT, f"{name} {param}")
            if param in proven and type(value) is float and not value.is_integer() or (
                    param in strings and type(value) is not str):
                raise LseError(Err.TYPE_MISMATCH, f"{name} {param}")
            if param in unit.by_reference and param not in by_reference and type(value) not in (float, str):
                raise LseError(Err.TYPE_MISMATCH, f"{name} {param}")  # (passing: no array is given so)
            if (size := magnitudes.largest(value)) is not None and size > bounds.get(param, math.inf) or (
                    param in bounded and not within(value, bounded[param])):  # (sums untested, or not rounded)
                raise LseError(Err.BAD_ARGUMENT, f"{name} {param}")
        # A parameter that is the program's variable of its name (passing.aliased_references) is given through it:
        # the variable is set afresh (a string makes it a CHAINE), as the cell given to any other holds anything.
        aliased = self.compiled.shared.aliased.get(name, frozenset())
        for param, value in zip(unit.params, args):
            if param in aliased:
                self.G.release(param)
                if type(value) is str:
                    self.G.declare_string(param)
                if type(value) in (str, float):
                    self.G.assign(param, value)
                else:  # (an array: as given)
                    self.G[param] = value
        packed = [({0: value}, 0) if param in by_reference else value
                  for param, value in zip(unit.params, args) if param not in aliased]
        self.budget = self.cyc + cycles
        try:
            outcome, finished = self.suspension.call(self.compiled.units[name], [*packed, 0])  # at depth 0
        finally:
            self.flush_output()
        if not finished:
            raise LseError(Err.INTERRUPTED if outcome is Status.RUNNING else Err.MISSING_INPUT, name)
        result = None if outcome is RET or type(outcome) is Back else outcome
        cells = iter(packed)
        given = [self.G.get(param) if param in aliased else next(cells) for param in unit.params]
        return result, [cell[0][0] if type(cell) is tuple else cell if param in unit.by_reference else None
                        for param, cell in zip(unit.params, given)]

    # --------------------------------------------------- data and storage
    def declare_array(self, env: Vars, name: str, sizes: tuple) -> None:
        """TABLEAU name[sizes]: a new zero-filled array."""
        dims = _dims(name, sizes)
        if name in env.strings or (name in env and type(env[name]) is not Array):
            raise LseError(Err.ALREADY_DECLARED, name)
        env[name], _ = _zero_filled(self.memory, self._cyc, self.costs["element_init"],
                                    self._counts if self.profiling else None, name, dims, cells_of(env.get(name)))

    def own_arrays(self, meter: CellType) -> Callable[[str, tuple, int], tuple[Array, int]]:
        """TABLEAU of a procedure's own array (a Python local holding `held` cells), charged to the program's
        cycle counter `meter`: a function giving the array and its cells.

        Decision: one closure, bound once, with a vector's whole size checked inline, where a method went
        through _dims and a method making the array (a procedure may declare at every call: quicksort's W,
        digits' D): 0.8 us a declaration became about 0.4. The array is made by _zero_filled, as a TABLEAU of
        the program's is: one place for the memory's test and the charge (its call costs 1-2 % of histo).
        """
        memory, per_cell = self.memory, self.costs["element_init"]
        counts = self._counts if self.profiling else None

        def own_array(name: str, sizes: tuple, held: int) -> tuple[Array, int]:
            if len(sizes) == 1 and type(size := sizes[0]) is float and 1.0 <= size < 1e15 and (
                    cells := int(size)) == size:
                return _zero_filled(memory, meter, per_cell, counts, name, (cells,), held)
            return _zero_filled(memory, meter, per_cell, counts, name, _dims(name, sizes), held)
        return own_array


def _zero_filled(memory: Memory, meter: CellType, per_cell: int, counts: Counter | None, name: str,
                 dims: tuple[int, ...], held: int) -> tuple[Array, int]:
    """A zero-filled array of `dims` that takes the place of `held` cells, charged to `meter` (and counted in
    `counts` when profiling): the array and its cells.

    Decision: the memory limit bounds every array and string of the program together; Memory.take's
    test, written out so that its message is made only for the error (a procedure may declare an
    array at every call).
    """
    cells = dims[0] if len(dims) == 1 else dims[0] * dims[1]  # as values.new_array: one size or two
    if cells > held and memory.used + cells - held > memory.limit:
        raise LseError(Err.MEMORY_FULL, f"TABLEAU {name} DE {count_text(cells)} ELEMENTS")
    memory.used += cells - held
    meter.cell_contents += per_cell * cells  # charge(), written out likewise
    if counts is not None:
        counts["element_init"] += cells
    return new_array(name, dims), cells


def _dims(name: str, sizes: tuple) -> tuple[int, ...]:
    """The sizes of a TABLEAU as whole numbers, or TAILLE DE TABLEAU INVALIDE."""
    if len(sizes) == 1 and type(size := sizes[0]) is float and size >= 1.0 and size.is_integer():
        return (int(size),)  # a vector's size, the most frequent
    dims = []
    for size in sizes:
        if type(size) is not float or not size.is_integer() or size < 1:
            raise LseError(Err.BAD_ARRAY_SIZE, f"{name}")
        dims.append(int(size))
    return tuple(dims)
