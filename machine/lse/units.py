"""The code tables of a loaded program: each unit's segments and single function, lean procedures.

Compiled on first use; imports the compilers and the error catalogue, never the runtime (typing only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from machine.errors import Err, InternalError, LseError
from machine.lse.flow import reachable
from machine.lse.layout import Unit
from machine.lse.leancode import procedure_globals
from machine.lse.segments import SegmentCompiler
from machine.lse.unitcode import UnitCompiler
from machine.lse.values import Vars

if TYPE_CHECKING:
    from machine.lse.runtime import Runtime


class CompiledUnit:
    """The code table of one unit: a function per segment, compiled on first use."""

    def __init__(self, machine: Runtime, unit: Unit) -> None:
        self.unit = unit
        self.machine = machine
        self.namespace = machine.namespace_base()
        self.compiler = SegmentCompiler(machine.layout, unit, machine.tables)
        size = machine.layout.end_pc + 1
        self.code: list[Callable] = [self._stub(pc) for pc in range(size)]
        lines = machine.layout.program.lines
        self.code[machine.layout.end_pc] = _fell_off_the_end(lines[-1].number if lines else None)
        self.roots = {unit.entry_pc} | machine.flow.returns
        self.fast_pcs: set[int] = set()
        self.fast: Callable | None = None
        self.fast_source = ""  # the unit's generated code, kept for tests and for reading

    def fast_run(self, G: Vars, L: Vars, pc: int) -> int:
        """Run the unit as one function from pc (compiled, with pc among its blocks, on first need)."""
        loops = self.machine.loops  # a run taken up again may have loops open: their bodies must be here
        if pc not in self.fast_pcs or any(loop.body_pc not in self.fast_pcs for loop in loops):
            self.roots.add(pc)
            self.roots.update(loop.body_pc for loop in loops)
            self._compile_fast()
        return self.fast(G, L, self.machine, pc)

    def _compile_fast(self) -> None:
        layout = self.machine.layout
        self.fast_pcs = reachable(layout, self.roots, self.machine.flow.computed)
        compiler = UnitCompiler(layout, self.unit, self.machine.tables, self.fast_pcs, self.machine.flow)
        self.fast, self.fast_source = self.machine.build(compiler, f"<lse unit {self.unit.name}>")


    def _stub(self, pc: int) -> Callable:
        def compile_then_dispatch(G: Vars, L: Vars, M: Runtime) -> int:
            self.compile(pc)
            return pc
        compile_then_dispatch.stub = True
        return compile_then_dispatch

    def compile(self, pc: int) -> None:
        """Compile segment pc for this unit (once)."""
        if not getattr(self.code[pc], "stub", False):
            return
        source = self.compiler.segment(pc)
        try:
            exec(compile(source, f"<lse segment {pc}>", "exec"), self.namespace)
        except SyntaxError as error:
            raise InternalError(f"generated code does not compile: {error}\n{source}") from None
        self.code[pc] = self.namespace[f"_seg{pc}"]


class LeanProcedures:
    """The lean procedures of a program as plain Python functions, each compiled on its first call.

    Decision: generated code calls a procedure by a global of its own (see
    leancode.procedure_globals), set in every namespace of generated code: a global is found
    faster than a dict entry. It holds a stub until the first call compiles the procedure.
    """

    def __init__(self, machine: Runtime) -> None:
        self.machine = machine
        self.sources: dict[str, str] = {}
        self._table: dict[str, Callable] | None = None
        self.globals: dict[str, str] = {}  # name -> the global that generated code calls it by
        self.namespaces: list[dict] = []  # those of generated code, where each procedure is a global

    @property
    def table(self) -> dict[str, Callable]:
        """Name -> function (or the stub that compiles it), for every lean procedure of the program."""
        if self._table is None:
            self._table = {name: self._stub(name) for name in self.machine.flow.lean}
            self.globals = procedure_globals(self._table)
        return self._table

    def bind(self, namespace: dict) -> dict:
        """Give a namespace of generated code a global per lean procedure (see leancode.procedure_globals)."""
        self.namespaces.append(namespace)
        namespace.update((self.globals[name], function) for name, function in self.table.items())
        return namespace

    def __getitem__(self, name: str) -> Callable:
        """The compiled function of a lean procedure (compiled now if it was not yet)."""
        if name not in self.sources:
            return self._compile(name)
        return self.table[name]

    def _stub(self, name: str) -> Callable:
        def compile_then_call(*args: object) -> object:
            return self._compile(name)(*args)
        return compile_then_call

    def _compile(self, name: str) -> Callable:
        machine = self.machine
        unit = machine.layout.units[name]
        compiler = UnitCompiler(machine.layout, unit, machine.tables, machine.flow.code[name], machine.flow,
                                lean=True)
        function, self.sources[name] = machine.build(compiler, f"<lse procedure {name}>")
        self.table[name] = function
        for namespace in self.namespaces:
            namespace[self.globals[name]] = function
        return function


def _fell_off_the_end(last_line: int | None) -> Callable:
    """The code past the last line: only the last line leads there, so the error names it."""
    def fell_off(G: Vars, L: Vars, M: Runtime) -> int:
        raise LseError(Err.NO_TERMINER, line=last_line)
    return fell_off
