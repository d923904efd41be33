"""Run a compiled LSE program in slices of cycles: frames, loops, calls, input, output.

Owns the execution state of one program; must not import pygame or any front end.
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from collections.abc import Callable

from greenlet import getcurrent, greenlet

from machine.errors import Err, InternalError, LseError
from machine.lse import ops
from machine.lse.builtins import BUILTINS
from machine.lse.compiler import END, RESULT, RETURN, RETURN_TO, CompileTables
from machine.lse.exact import NOKEY
from machine.lse.flow import Flow
from machine.lse.formats import render_plain
from machine.lse.inputs import InputBuffer
from machine.lse.layout import MAIN, Layout, layout
from machine.lse.nodes import Program
from machine.lse.numbers import NumberModel
from machine.lse.programio import ProgramIO
from machine.lse.segments import PASS_COST
from machine.lse.status import Status
from machine.lse.unitcode import UnitCompiler
from machine.lse.units import CompiledUnit, LeanProcedures
from machine.lse.values import Array, Memory, Vars, cells_of, check_number, new_array, store_string

# Python errors that compiled code lets escape on purpose, and what they mean in LSE.
TRANSLATED = {
    ZeroDivisionError: Err.DIVISION_BY_ZERO,
    TypeError: Err.TYPE_MISMATCH,
    OverflowError: Err.OVERFLOW,
    MemoryError: Err.MEMORY_FULL,
    RecursionError: Err.RECURSION,
}
TRANSLATABLE = (LseError, *TRANSLATED)  # what run_unit turns into an LSE error with its line
UNBOUND_LOCAL = re.compile(r"'(_v\d+)'")  # a cached variable never given a value
UNSET = object()  # what a variable table gives for a name it does not hold


from machine.lse.linker import Terminate as _Terminate  # noqa: E402 - TERMINER: unwinds every frame


class _ReturnTo(Exception):
    """RETOUR EN n: the caller goes on at line n."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


class Loop:
    """One active FAIRE loop of a frame."""

    __slots__ = ("step_fn", "step", "limit", "body_pc", "first", "end")

    def __init__(self, step_fn: Callable, step: float, limit: object, body_pc: int,
                 first: int, end: int) -> None:
        self.step_fn = step_fn
        self.step = step
        self.limit = limit
        self.body_pc = body_pc
        self.first = first
        self.end = end


class Runtime(ProgramIO):
    """One loaded program and its execution state, run from outside in slices."""

    def __init__(self, program: Program, costs: dict, *, environment: object,
                 output: Callable[[str], None], limits: dict, profile: bool = False,
                 debug: bool = False, variables: Vars | None = None) -> None:
        self.layout: Layout = layout(program)
        self.costs = costs
        self.output = output
        self.limits = limits
        self.environment = environment
        # Profiling and debugging both need one segment per line and no fast loops.
        self.numbers = NumberModel(limits.get("numbers", "double"))
        self.tables = CompileTables(costs, profile or debug, self.numbers)
        self.pass_block = self.tables.block(Counter(PASS_COST))
        self.profiling = profile or debug
        self.line_hook: Callable[[int], bool] | None = None  # True: pause before that line
        self.resumable = False
        self.cyc = 0
        self.budget = 0
        self.counts: Counter = Counter()
        self.line_cycles: Counter = Counter()
        self.line_divisions: Counter = Counter()
        self.nested_cycles = 0
        self.memory = Memory(limits["memory_cells"])
        self.G = variables if variables is not None else Vars()
        self.G.memory = self.memory
        self.memory.used = self.G.held()  # variables kept from an earlier run still hold theirs
        self.loops: list[Loop] = []
        self.depth = 0
        self.result: object = None
        self.return_line = 0
        self.interrupted = False
        self.inputs = InputBuffer()
        self.error: LseError | None = None
        self.status = Status.RUNNING
        self.current_line = 0
        self.disk = None
        self.units: dict[str, CompiledUnit] = {}
        self.max_depth = limits["max_call_depth"]
        self._flow: Flow | None = None
        self.lean = LeanProcedures(self)
        self._program = None

    # ------------------------------------------------------------- set-up
    @property
    def flow(self) -> Flow:
        """What the program's procedures can reach and touch (found once, when first compiled)."""
        if self._flow is None:
            self._flow = Flow(self.layout)
        return self._flow

    def build(self, compiler: UnitCompiler, filename: str) -> tuple[Callable, str]:
        """Compile a unit's function; return it and its source."""
        source = compiler.unit_source("_unit")
        namespace = self.namespace_base()
        namespace.update(compiler.code_constants)
        try:
            exec(compile(source, filename, "exec"), namespace)
        except SyntaxError as error:
            raise InternalError(f"generated code does not compile: {error}\n{source}") from None
        return namespace["_unit"], source

    def namespace_base(self) -> dict:
        """Return the globals that generated code sees: checked operations and built-ins."""
        return self.lean.bind({
            "__builtins__": {}, "_B": self.builtin_table(), "_K": self.tables.constants,
            "_num": ops.num, "_add": ops.add, "_pow": ops.power, "_eq": ops.equal,
            "_ne": ops.not_equal, "_order": ops.order, "_put": ops.put, "_rd": ops.read, "_array": ops.array,
            "_elref": ops.element_ref, "_KeyError": KeyError,
            "_byval": ops.by_value, "_setref": ops.set_ref, "_declare_ref": ops.declare_ref,
            "_pos": ops.position, "_posref": ops.position_ref, "_line_number": ops.line_number,
            "_cat": ops.make_concat(self.limits["max_string"], self.charge),
            "_plain": render_plain, "_Exception": Exception,
            "_U": UNSET, "_number": check_number, "_BaseException": BaseException,
            "_MAXD": self.max_depth, "_same_kind": ops.same_kind, **NumberModel.namespace(),
            "_NameError": NameError, "_type": type, "_float": float, "_Array": Array, "_NOKEY": NOKEY, "_Loop": Loop,
            "_len": len, "_str": str, "_cells": cells_of, "_store_string": store_string,
        })

    def builtin_table(self) -> dict:
        """Bind each built-in to this machine: machine-bound ones, and per-character charging."""
        table = {}
        per_char = self.costs["char_scan"]
        for name, spec in BUILTINS.items():
            fn = spec.fn if spec.fn is not None else getattr(self.environment, name.lower())
            if spec.paid is not None and not self.profiling:
                fn = spec.paid(self, per_char)  # charges self.cyc itself: one call per use
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
                self.counts["char_scan"] += chars
            return result
        return charged

    def _charging(self, fn: Callable, scan: Callable, per_char: int) -> Callable:
        def charged(*args: object) -> object:
            result = fn(*args)
            chars = scan(args, result)
            self.cyc += per_char * chars
            if self.profiling:
                self.counts["char_scan"] += chars
            return result
        return charged

    def unit(self, name: str) -> CompiledUnit:
        """Return the compiled unit of the main program (MAIN) or of a procedure."""
        compiled = self.units.get(name)
        if compiled is None:
            compiled = self.units[name] = CompiledUnit(self, self.layout.units[name])
        return compiled

    def start(self, line: int | None = None) -> None:
        """Get ready to run from the first line, or from a given line."""
        if line is None:
            pc = 0 if self.layout.segments else self.layout.end_pc
        elif line in self.layout.line_pc:
            pc = self.layout.line_pc[line]
        else:
            raise LseError(Err.UNKNOWN_LINE, line)
        self._program = greenlet(self._run_program)
        self._start_pc = pc
        self.status = Status.RUNNING

    # ------------------------------------------------------------ running
    def run(self, cycles: int) -> Status:
        """Run until `cycles` more are spent, or the program waits, pauses, ends or fails."""
        if self._program is None:
            self.start()
        if self.status in (Status.ENDED, Status.FAILED):
            return self.status
        self.budget = self.cyc + cycles
        program = self._program
        try:
            status = self._switch_into(program, *(() if program else (self._start_pc,)))
            self.status = Status.ENDED if program.dead else status
        except _Terminate:
            self.status = Status.ENDED
        except LseError as error:
            self.error = error
            self.status = Status.FAILED
        except InternalError:
            raise
        except Exception as error:  # a bug of the Micro, never shown as a guest error
            raise InternalError(f"{type(error).__name__}: {error}") from error
        return self.status

    def interrupt(self) -> None:
        """Ask the running program to stop at the next segment (ESC, Ctrl-C)."""
        self.interrupted = True
        self.budget = 0

    def _switch_into(self, program: greenlet, *args: object) -> object:
        """Run the program's own stack until it suspends (returning a Status) or ends.

        Decision: a program runs on a greenlet, a stack of its own, so compiled LSE
        is plain Python calls and can stop anywhere (a slice spent, LIRE, PAUSE),
        with no thread: the front end still steps the Micro from outside.
        """
        self._caller = getcurrent()
        program.parent = self._caller
        return program.switch(*args)

    def _suspend(self, status: Status) -> None:
        """Give control back to whoever called run(), saying why; return when run() is called again."""
        self._caller.switch(status)

    def _run_program(self, pc: int) -> None:
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 50 * self.limits["max_call_depth"] + 1000))
        code = self.run_unit(self.unit(MAIN), pc, self.G)
        if code != END:
            raise LseError(Err.RETURN_OUTSIDE_PROCEDURE, line=self.current_line)

    def _slice_end(self) -> None:
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
        """Make an interrupted or paused program go on at the next run(); False if it cannot."""
        if self.status is Status.PAUSED or (self.status is Status.FAILED and self.resumable):
            self.status, self.error, self.resumable = Status.RUNNING, None, False
            return True
        return False

    def run_unit(self, compiled: CompiledUnit, pc: int, L: Vars) -> int:
        """Run one unit from pc until it returns; the profiler and debugger go segment by segment."""
        code, G = compiled.code, self.G
        segments = self.layout.segments
        profiling = self.profiling
        if not profiling:
            return compiled.fast_run(G, L, pc)
        before = nested = 0
        while True:
            try:
                while True:
                    if profiling:
                        before, nested = self.cyc, self.nested_cycles
                    if self.cyc >= self.budget:
                        self.current_line = segments[pc].line if pc < len(segments) else 0
                        self._slice_end()
                    if self.line_hook is not None and pc < len(segments) and segments[pc].start == 0:
                        compiled.compile(pc)  # so that the line is seen once, not again after compiling
                        self._before_line(segments[pc].line)
                    next_pc = code[pc](G, L, self)
                    if profiling and pc < len(segments):
                        spent = self.cyc - before - (self.nested_cycles - nested)
                        self.line_cycles[segments[pc].line] += spent
                    pc = next_pc
                    if pc < 0:
                        return pc
            except Exception as error:
                if profiling and pc < len(segments):  # the segment left early: still its line's cycles
                    self.line_cycles[segments[pc].line] += self.cyc - before - (self.nested_cycles - nested)
                pc = self._after_error(error, pc)

    def _after_error(self, error: Exception, pc: int) -> int:
        """Where a run goes after a segment raised: RETOUR EN jumps, anything else is reported."""
        if type(error) is _ReturnTo:
            return self.jump_line(error.line)
        if isinstance(error, TRANSLATABLE):
            raise self.at_line(error, self._line_of(pc)) from None
        raise error

    def _before_line(self, line: int) -> None:
        """Debugging: let the hook see each line start, and pause there when it asks."""
        if self.line_hook(line):
            self.current_line = line
            self._suspend(Status.PAUSED)

    @staticmethod
    def at_line(error: Exception, line: int | None) -> Exception:
        """The LSE error for an exception raised on a line (a fast loop's body names its own lines)."""
        if isinstance(error, LseError):
            return error.at(line)
        for python_error, code in TRANSLATED.items():
            if isinstance(error, python_error):
                return LseError(code, line=line)
        return error

    def unit_error(self, error: BaseException, line: int, names: dict[str, str], points: tuple) -> int:
        """Where a unit goes after raising at `line` (or a point, see charges): RETOUR EN jumps, errors are reported."""
        if line < 0:
            line, paid_ahead = points[-line - 1]
            self.cyc -= paid_ahead  # the statements after this point did not run
        if type(error) is _ReturnTo:
            return self.jump_line(error.line)
        if type(error) in (UnboundLocalError, NameError):  # a cached variable never given a value
            found = UNBOUND_LOCAL.search(str(error))
            if found is None or found.group(1) not in names:
                raise InternalError(f"generated code: {error}") from error
            raise LseError(Err.UNASSIGNED, names[found.group(1)], line=line) from None
        if isinstance(error, TRANSLATABLE):
            raise self.at_line(error, line) from None
        raise error

    @staticmethod
    def point_line(line: int, points: tuple) -> int:
        """The line number that `ln` names (a line, or a point of merged charges)."""
        return points[-line - 1][0] if line < 0 else line

    def fell_off_the_end(self) -> None:
        """Past the last line: only the last line leads there, so the error names it."""
        lines = self.layout.program.lines
        raise LseError(Err.NO_TERMINER, line=lines[-1].number if lines else None)

    @staticmethod
    def foreign_loop(body_pc: int) -> None:
        """A loop that no FAIRE of this unit opened is on top of its stack: a bug of the Micro."""
        raise InternalError(f"loop of pc {body_pc} ends on a line that no FAIRE of it names")

    def _line_of(self, pc: int) -> int | None:
        segments = self.layout.segments
        return segments[pc].line if 0 <= pc < len(segments) else None

    # ------------------------------------------------------- control flow
    def block(self, block: int) -> None:
        """Charge a block of operations, counting each kind (profile mode)."""
        cycles, kinds, line = self.tables.blocks[block]
        self.cyc += cycles
        if self.profiling:
            self.counts.update(kinds)
            if "div" in kinds:
                self.line_divisions[line] += kinds["div"]

    def charged(self, block: int, value: object) -> object:
        """Charge a block and pass a value through (branches of SI ... ALORS ... SINON)."""
        self.block(block)
        return value

    def charge(self, key: str, times: int = 1) -> None:
        """Charge a dynamic operation by its cost key."""
        self.cyc += self.costs[key] * times
        if self.profiling:
            self.counts[key] += times

    def jump(self, pc: int, line: int) -> int:
        """Go to a line, leaving every loop whose range does not contain it."""
        loops = self.loops
        while loops and not (loops[-1].first <= line <= loops[-1].end):
            loops.pop()
        return pc

    def jump_line(self, line: int) -> int:
        """Go to a line by number, or fail with LIGNE n INEXISTANTE."""
        pc = self.layout.line_pc.get(line)
        if pc is None:
            raise LseError(Err.UNKNOWN_LINE, line)
        return self.jump(pc, line)

    def jump_to_value(self, value: object) -> int:
        """ALLER EN expression."""
        return self.jump_line(ops.line_number(value))

    def return_to(self, line: int) -> int:
        """RETOUR EN line: check the line exists (the error names the RETOUR), then leave."""
        if line not in self.layout.line_pc:
            raise LseError(Err.UNKNOWN_LINE, line)
        self.return_line = line
        return RETURN_TO

    def unknown_line(self, line: int) -> int:
        """A static jump to a line that is not in the program."""
        raise LseError(Err.UNKNOWN_LINE, line)

    def _open_loop(self, step_fn: Callable | None, step: float, limit: object, go: bool,
                   first: int, end: int, body_pc: int) -> bool:
        """Push a FAIRE loop if it runs at least once; say whether it does."""
        loops = self.loops
        while loops and loops[-1].body_pc == body_pc:
            loops.pop()  # the same FAIRE again: its old pass is abandoned
        if end < first:
            raise LseError(Err.BAD_NESTING, f"{end} < {first}")
        if loops and loops[-1].end < end and loops[-1].first <= first:
            raise LseError(Err.BAD_NESTING, f"{end} > {loops[-1].end}")
        if go:
            loops.append(Loop(step_fn, step, limit, body_pc, first, end))
        return go

    def faire(self, step_fn: Callable, step: float, limit: object, go: bool, G: Vars, L: Vars,
              first: int, end: int, body_pc: int, after_end_pc: int) -> int:
        """Start a FAIRE loop: push it and enter its body, or skip it when it runs zero times."""
        if self._open_loop(step_fn, step, limit, go, first, end, body_pc):
            return body_pc
        return self.end_of_line(end, G, L, after_end_pc)

    def enter_loop(self, step: float, limit: object, go: bool, first: int, end: int, body_pc: int,
                   end_of_line_pc: int) -> int:
        """FAIRE in a unit's generator: the body's pc, or the block after the end line when it runs zero times."""
        if self._open_loop(None, step, limit, go, first, end, body_pc):
            return body_pc
        return end_of_line_pc

    def end_of_line(self, line: int, G: Vars, L: Vars, next_pc: int) -> int:
        """At the end of a line that ends loops: step the innermost, or leave it."""
        loops = self.loops
        while loops:
            loop = loops[-1]
            if loop.end != line:
                break
            self.block(self.pass_block)
            if loop.step_fn(G, L, self, loop):
                return loop.body_pc
            loops.pop()
        return next_pc

    def terminate(self) -> None:
        """TERMINER."""
        raise _Terminate()

    def fail(self, code: int, text: str = "") -> None:
        """Raise a catalogue error from generated code."""
        raise LseError(Err(code), text)

    def pause(self) -> None:
        """PAUSE: suspend until run() is called again."""
        self._suspend(Status.PAUSED)

    # -------------------------------------------------------------- calls
    def _enter(self, name: str, args: tuple) -> tuple[CompiledUnit, Vars]:
        if self.depth >= self.max_depth:
            raise LseError(Err.RECURSION)
        compiled = self.unit(name)
        unit = compiled.unit
        frame = Vars(self.memory)
        for param, value in zip(unit.params, args):
            frame[param] = value
            if type(value) is str:
                frame.strings.add(param)
        self.memory.take(frame.held(), name)  # strings and array copies passed by value
        return compiled, frame

    def _invoke(self, name: str, args: tuple) -> int:
        compiled, frame = self._enter(name, args)
        saved_loops = self.loops
        self.loops = []
        self.depth += 1
        start, nested = self.cyc, self.nested_cycles
        try:
            code = self.run_unit(compiled, compiled.unit.entry_pc, frame)
        finally:
            self.loops = saved_loops
            self.depth -= 1
            self.memory.take(-frame.held(), name)  # the call's own arrays and strings are gone
            if self.profiling:  # the whole call, its own nested calls included once
                self.nested_cycles = nested + self.cyc - start
        if code == END:
            raise _Terminate()
        return code

    def too_deep(self) -> None:
        """A call past the profile's nesting limit."""
        raise LseError(Err.RECURSION)

    @staticmethod
    def stray_jump(pc: int) -> None:
        """A procedure compiled without a dispatch on pc was asked to go on at pc: a bug of the Micro."""
        raise InternalError(f"straight procedure asked to go on at pc {pc}")

    def function_code(self, code: int) -> None:
        """A lean procedure called as a function ended without RESULTAT: say how."""
        if code == RETURN:
            raise LseError(Err.RETOUR_IN_FUNCTION)
        self.subroutine_code(code)

    def subroutine_code(self, code: int) -> None:
        """A lean procedure called as an instruction ended otherwise than by RETOUR: say how."""
        if code == RESULT:
            raise LseError(Err.RESULTAT_IN_SUBROUTINE)
        if code == RETURN_TO:
            raise _ReturnTo(self.return_line)
        if code == END:
            raise _Terminate()
        raise InternalError(f"procedure ended with code {code}")

    def call_subroutine(self, name: str, args: tuple) -> None:
        """&P(...) as an instruction."""
        code = self._invoke(name, args)
        if code == RESULT:
            raise LseError(Err.RESULTAT_IN_SUBROUTINE)
        if code == RETURN_TO:
            raise _ReturnTo(self.return_line)

    def call_function(self, name: str, args: tuple) -> object:
        """&F(...) inside an expression: its RESULTAT is the value."""
        code = self._invoke(name, args)
        if code == RETURN:
            raise LseError(Err.RETOUR_IN_FUNCTION)
        if code == RETURN_TO:
            raise _ReturnTo(self.return_line)
        return self.result

    def call_from_host(self, name: str, args: tuple, cycles: int) -> tuple[object, list]:
        """Call a procedure from Python (tests, tools): return its RESULTAT and its by-reference values.

        Arguments are numbers, strings or Arrays; a by-reference parameter gets a
        cell whose final content comes back in the list. The call must finish
        within `cycles` without waiting for input.
        """
        unit = self.layout.units.get(name)
        if unit is None or name == MAIN:
            raise LseError(Err.UNKNOWN_PROCEDURE, name)
        if len(args) != len(unit.params):
            raise LseError(Err.ARGUMENT_COUNT, name)
        packed = [([value], 0) if param in unit.by_reference else value
                  for param, value in zip(unit.params, args)]
        self.budget = self.cyc + cycles
        call = greenlet(self._invoke)
        outcome = self._switch_into(call, name, tuple(packed))
        if not call.dead:
            call.throw()  # it wanted to wait: unwind it
            raise LseError(Err.INTERRUPTED if outcome is Status.RUNNING else Err.MISSING_INPUT, name)
        code = outcome
        result = self.result if code == RESULT else None
        return result, [cell[0][0] if type(cell) is tuple else None for cell in packed]

    # --------------------------------------------------- data and storage
    def declare_array(self, env: Vars, name: str, sizes: tuple) -> None:
        """TABLEAU name[sizes]: a new zero-filled array."""
        dims = []
        for size in sizes:
            if type(size) is not float or not size.is_integer() or size < 1:
                raise LseError(Err.BAD_ARRAY_SIZE, f"{name}")
            dims.append(int(size))
        cells = math.prod(dims)
        if name in env.strings or (name in env and type(env[name]) is not Array):
            raise LseError(Err.ALREADY_DECLARED, name)
        # Decision: the memory limit bounds every array and string of the program together.
        self.memory.take(cells - cells_of(env.get(name)), f"TABLEAU {name} DE {cells} ELEMENTS")
        self.charge("element_init", cells)
        env[name] = new_array(name, tuple(dims))
