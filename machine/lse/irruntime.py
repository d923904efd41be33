"""Run a program compiled by the one pipeline (ir -> analyses -> pygen -> linker), in slices of cycles.

The machine state the generated closure shares with the front ends: the cycle counter (a cell of the
closure), the variables (its cells, shown as a table), the profile's accounts and the debugger's hook.
Must not import pygame or any front end.
"""

from __future__ import annotations

from types import CellType

from greenlet import greenlet

from machine.errors import Err, LseError
from machine.lse import ir
from machine.lse.layout import MAIN
from machine.lse.linker import RET, Back, CompiledProgram, Globals, Terminate
from machine.lse.runtime import Runtime
from machine.lse.status import Status
from machine.lse.values import Vars


class IRRuntime(Runtime):
    """One loaded program run by its closure: the runtime of the one code generator."""

    def __init__(self, program: object, costs: dict, *, variables: Vars | None = None, **options: object) -> None:
        self._cyc_cell = CellType(0)
        table = Globals()
        if variables is not None:
            table.strings.update(variables.strings)
            for name, value in variables.items():
                dict.__setitem__(table, name, value)
        super().__init__(program, costs, variables=table, **options)
        self.debugging = bool(options.get("debug"))
        self.kept = variables  # the monitor's table: it sees the variables after each slice
        self.ir = ir.lower(program)
        self.compiled: CompiledProgram | None = None
        self.segment_line = 0  # --profile: the line whose segment is running, and the cycles when it began
        self.segment_mark = 0

    @property
    def cyc(self) -> int:
        """Cycles spent so far (a cell the generated code adds to directly)."""
        return self._cyc_cell.cell_contents

    @cyc.setter
    def cyc(self, value: int) -> None:
        self._cyc_cell.cell_contents = value

    def build(self, roots: list[int]) -> CompiledProgram:
        compiled = CompiledProgram(self, self.layout, self.ir, self.profiling, self.debugging, roots)
        compiled.cyc_cell.cell_contents = self.cyc
        self._cyc_cell = compiled.cyc_cell
        self.compiled = compiled
        return compiled

    def start(self, line: int | None = None) -> None:
        program = self.ir
        if line is None:
            block = program.line_block[self.layout.program.lines[0].number] if program.line_block else program.off_end
        elif line in program.line_block:
            block = program.line_block[line]
        else:
            raise LseError(Err.UNKNOWN_LINE, line)
        self.build([block])
        self._program = greenlet(self._run_program)
        self._start_pc = block
        self.status = Status.RUNNING
        self.segment_mark = self.cyc

    def run(self, cycles: int) -> Status:
        if self._program is None:
            self.start()
        status = super().run(cycles)
        if self.kept is not None:
            self.kept.clear()
            self.kept.update(self.G.items())
            self.kept.strings.clear()
            self.kept.strings.update(self.G.strings)
        if status in (Status.ENDED, Status.FAILED) and self.profiling:
            self.segment(0)
        return status

    def resume(self) -> bool:
        """Go on after PAUSE or an interruption, with the variables as the monitor left them."""
        if self.kept is not None and self.status in (Status.PAUSED, Status.FAILED):
            for name in [name for name in self.G.keys() if name not in self.kept]:
                self.G.pop(name, None)
            for name, value in self.kept.items():
                self.G[name] = value
            self.G.strings.clear()
            self.G.strings.update(self.kept.strings)
        return super().resume()

    def _run_program(self, block: int) -> None:
        try:
            self.compiled.units[MAIN](block)
        except Terminate:
            return

    def terminate(self) -> None:
        raise Terminate()

    def slice_end(self, line: int) -> None:
        """The slice is spent: give control back (INTERROMPU if Esc was pressed)."""
        self.current_line = line
        self._slice_end()

    def before_line(self, line: int) -> None:
        """The debugger: let the hook see each line start, and pause there when it asks."""
        if self.line_hook is not None:
            self._before_line(line)

    # --------------------------------------------------------- --profile
    def block(self, block: int) -> None:
        """Charge a charge point, counting each kind of operation."""
        cycles, kinds, line = self.compiled.shared.blocks[block]
        self.cyc += cycles
        self.counts.update(kinds)
        if "div" in kinds:
            self.line_divisions[line] += kinds["div"]

    def segment(self, line: int) -> None:
        """A segment begins: the cycles since the last one began are its line's."""
        if self.segment_line:
            self.line_cycles[self.segment_line] += self.cyc - self.segment_mark
        self.segment_line, self.segment_mark = line, self.cyc

    def enter_call(self) -> int:
        """A call begins: the caller's segment stops counting; return its line."""
        caller = self.segment_line
        self.segment(0)
        return caller

    def leave_call(self, caller: int) -> None:
        """A call ends: its last segment is counted, the caller's goes on."""
        self.segment(caller)

    # ------------------------------------------------------------ host calls
    def call_from_host(self, name: str, args: tuple, cycles: int) -> tuple[object, list]:
        unit = self.layout.units.get(name)
        if unit is None or name == MAIN:
            raise LseError(Err.UNKNOWN_PROCEDURE, name)
        if len(args) != len(unit.params):
            raise LseError(Err.ARGUMENT_COUNT, name)
        if self.compiled is None:
            self.build([self.ir.line_block[self.layout.program.lines[0].number]])
        packed = [([value], 0) if param in unit.by_reference else value for param, value in zip(unit.params, args)]
        self.budget = self.cyc + cycles
        function = self.compiled.units[name]
        call = greenlet(function)
        outcome = self._switch_into(call, *packed)
        if not call.dead:
            call.throw()  # it wanted to wait: unwind it
            raise LseError(Err.INTERRUPTED if outcome is Status.RUNNING else Err.MISSING_INPUT, name)
        result = None if outcome is RET or type(outcome) is Back else outcome
        return result, [cell[0][0] if type(cell) is tuple else None for cell in packed]
