"""Build a program's closure from its IR and give it what it calls; find the line and refund of its errors.

Imports the compiler phases (ir, pyprogram), frames, ops, values, builtins, formats and errors; the runtime
is only the `M` it is given. The program's variables are cells of the closure; `frames.Globals` shows
them to the runtime (LIRE, CHARGER, references, the monitor) as a table.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from functools import partial

from machine.errors import Err, InternalError, LseError
from machine.lse import (
    analyses,
    holdings,
    ir,
    magnitudes,
    ops,
    ownership,
    passing,
    speculation,
    splitting,
    strops,
    subroutines,
    targets,
)
from machine.lse.builtins import spaced_number, substring
from machine.lse.formats import render_plain
from machine.lse.frames import (
    RET,
    Back,
    Loop,
    ReturnTo,
    Terminate,
    function_result,
    leave_loops,
    open_loop,
    subroutine_result,
    terminate,
    too_deep,
    unentered,
)
from machine.lse.layout import MAIN, Layout
from machine.lse.numbers import WHOLE_EXACT, NumberModel
from machine.lse.pyexpr import python_name
from machine.lse.pyprogram import program_source
from machine.lse.pyshared import ProgramCode
from machine.lse.speculation import Speculated
from machine.lse.status import Status
from machine.lse.strops import make_cell_store, make_own_store, make_paid_substring, make_ref_store
from machine.lse.suspension import unwinding
from machine.lse.values import DIMS, Vars, cells_of, check_number, description

PROGRAM_FILE = "<lse program>"  # the file name the program's generated code is compiled under
UNWINDING = unwinding()  # a stack being unwound by its suspension passes through every handler

# Python errors that compiled code lets escape on purpose, and what they mean in LSE.
TRANSLATED = ((ZeroDivisionError, Err.DIVISION_BY_ZERO), (TypeError, Err.TYPE_MISMATCH),
              (OverflowError, Err.OVERFLOW), (MemoryError, Err.MEMORY_FULL), (RecursionError, Err.RECURSION))

def going_on_at(line: int, lp: list, line_block: dict, at: int | None = None) -> int:
    """The block a RETOUR EN to `line` goes on at, the caller's loops left for it; LIGNE INEXISTANTE (`at`: the
    caller's line, where it is known) for a line the program lacks."""
    if line not in line_block:
        raise LseError(Err.UNKNOWN_LINE, line, line=at)
    leave_loops(lp, line)
    return line_block[line]


def written_line(tables: dict, python_line: int | None) -> int | None:
    """The LSE line whose code a line of the generated source is (tables: program_source's), None if unknown."""
    for start, table in tables.values():
        if python_line is not None and 0 <= python_line - 1 - start < len(table):
            return table[python_line - 1 - start][0] or None
    return None


def running_line(tables: dict) -> int | None:
    """The LSE line the program's code is running now, from the innermost frame of its code (None if unknown)."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename == PROGRAM_FILE:
            line = written_line(tables, frame.f_lineno)
            if line is not None:
                return line
        frame = frame.f_back
    return None


class TooNested(Exception):  # noqa: N818
    """CPython refused the code: more than 20 loops and `try` one inside another (its limit of blocks nested).

    Decision: the nested loops the code of a unit is written as (pystructure) can pass it where twenty FAIRE
    share their last line; the program is then written again with every unit a dispatch on `pc`
    (runtime.compiled_program), whose loops do not nest across cases.
    """


class CompiledProgram:
    """A program's closure and what finds its errors' lines: built once per load (and again for a new root)."""

    def __init__(self, machine: object, layout: Layout, program: ir.ProgramIR, profile: bool, debug: bool,
                 roots: list[int], guess: frozenset[int] | None = frozenset(), flat: bool = False,
                 inside_loops: bool = False) -> None:
        self.machine = machine
        self.ir = program
        self.roots = list(roots)
        # Built with guesses, and asked to be (runtime.build): None for none, else the lines guessed jumps were seen
        # going to past their guesses (speculation.guess_lines).
        self.asked = guess
        self.guessed = guess is not None
        # The lines each computed jump may go to (not for the debugger, whose pauses let the monitor set any
        # variable at any line), counting what the run starts with: set on the jumps before any analysis.
        self.targets = (targets.jump_targets(program, layout, machine.G, roots) if not debug
                        else targets.Targets({}, {}, {}))
        for block in program.blocks:
            if type(block.exit) is ir.Jump and block.exit.line is None:
                block.exit.found_lines = self.targets.lines.get(id(block.exit))
                block.exit.speculative = False
        returns = analyses.return_roots(program, layout)  # a caller goes on there after a RETOUR EN
        main_lines = frozenset(layout.units[MAIN].own_lines)
        # The jumps no analysis tells, told the lines they likely go to (not for the debugger: see above); the
        # subroutines then copied as if they went nowhere else (else the run is built again: speculation.py).
        guessed = speculation.guess_lines(program, main_lines, guess) if guess is not None and not debug else set()
        if self.targets.lines:
            self.targets.fixed |= subroutines.copy_subroutines(
                program, main_lines, frozenset(roots), frozenset([*program.proc_entry.values(), *returns]))
        units = [(layout.units[MAIN], [*roots, *returns])]
        units += [(unit, [program.proc_entry[name], *returns]) for name, unit in layout.units.items() if name != MAIN]
        comes_back = analyses.comes_back(program, layout) if returns else {}  # (None: loops kept at run time)
        if comes_back is not None:
            for _, unit_roots in units:  # (from each unit's own root: a RETOUR EN's line is reached by its calls)
                splitting.split_by_loops(program, unit_roots[:1], comes_back)
        foreign = analyses.foreign_lines(program, layout, units)  # lines that a unit other than their own runs
        if guessed and (foreign is None or any(line in foreign for line in guessed)):
            raise speculation.NotSpeculated("a guessed jump may run in a procedure")
        # Parameters by reference that every call can give a number surely set, as values (not for the
        # debugger, whose pauses let the monitor set any variable at any line).
        quiet = {} if debug else passing.quiet_procedures(layout)
        exits = analyses.procedure_exits(program, returns)  # each procedure's ways out (see ProgramCode)
        passed = passing.read_only_references(layout, program, {unit.name: unit_roots for unit, unit_roots in units},
                                              foreign, quiet, exits)
        self.given_values = passing.argument_names(layout, passed)
        self.quiet_lines = passing.quiet_lines(layout, quiet) if passed else frozenset()
        layout = passing.given_as_values(layout, passed)
        units = [(layout.units[unit.name], unit_roots) for unit, unit_roots in units]
        shared = ProgramCode(program, layout, machine.costs, machine.numbers, profile, debug, foreign, exits)
        shared.comes_back = comes_back
        shared.flat = flat  # every unit written with the dispatch (see TooNested)
        shared.inside_loops = inside_loops
        shared.valued = passed  # (their strings are held by no memory: pyframe.take_held)
        # Parameters by reference kept in Python locals while their procedure runs (not for the debugger).
        shared.copied = {} if debug else passing.copied_references(layout, foreign)
        # (not those that are the program's variable of their name: ProgramCode.aliased)
        shared.copied = {name: rest for name, params in shared.copied.items()
                         if (rest := params - shared.aliased.get(name, frozenset()))}
        shared.max_depth = machine.max_depth  # a call as deep fails (TROP D'APPELS): see pyprogram.program_source
        # Procedures whose calls leave what each name names as it was (not for the debugger nor the profile, which
        # settle no parameter): their callers' settled parameters are not read anew after them.
        shared.still = frozenset() if debug or profile else analyses.still_procedures(
            program, layout, {unit.name: unit_roots for unit, unit_roots in units})
        self.copied_lines = passing.quiet_lines(layout, shared.copied) if shared.copied else frozenset()
        # What the run starts with (kept from the prompt: REPRENDRE) may already break what the analyses
        # found: a bounded array holding what its bounds leave out is not bounded, a matrix no vector, a
        # name given a number no string variable and no array variable.
        found = shared.bounded  # (a name's bounds stand where every array of its class holds what they let in)
        shared.bounded = holdings.Bounds({name: bounds for name, bounds in found.items() if all(
            within(machine.G.get(mate), found[mate]) for mate in found.mates.get(name, ()))}, found.mates)
        kept = {name for name in shared.vectors if not matrix(machine.G.get(name))}
        # (a parameter is a vector where every name given to it is: none, where one of them now is not)
        shared.vectors = kept if kept == shared.vectors else kept - layout.parameters
        shared.shapes = {name: dims for name, dims in shared.shapes.items() if shaped(machine.G.get(name), dims)}
        shared.arrays = {name for name in shared.arrays if unset_or(machine.G.get(name), list)}
        # Sums of variables with a bound need no overflow test (not where a line may run in another unit's frame, nor
        # for the debugger, whose monitor may set any variable); what the run starts with is one of their values.
        shared.bounds = {} if foreign is None or foreign or debug else magnitudes.variable_bounds(layout, machine.G)
        # The program's string variables and functions, the strings a function holds as its own counted.
        not_strings = {name for name, value in machine.G.items() if not unset_or(value, str)}
        own = {unit.name: ownership.own_strings_and_arrays(program, unit, analyses.naming_nodes(analyses.unit_nodes(
            program, analyses.reachable(program, unit_roots))), shared.indexed, layout.units, shared.read_refs)[0]
            for unit, unit_roots in units if unit.by_reference or any(
                leave.kind == "result" for leave in shared.exits.get(unit.name, ()))}
        shared.strings, shared.string_results = holdings.string_kinds(layout, shared.exits, not_strings, own, foreign)
        shared.string_params = holdings.string_params(layout, shared.strings, shared.string_results, foreign)
        shared.string_refs = holdings.string_references(layout, shared.strings, foreign)
        # Single precision's rounding counts on them, and a remainder of whole numbers (pyoperators.remainder).
        if machine.numbers.single or analyses.remainders(program):
            broken = {name for name, value in machine.G.items() if not whole_or_unset(value)}
            shared.proven = holdings.whole_variables(layout, foreign, broken, shared.exits)
        try:
            self.source, tables = program_source(shared, units)
            self.main_loop_ends = shared.main_loop_ends
        except RecursionError:
            # A chain of operations the writer could not take in steps (pyexpr.stepwise takes every place known
            # now: an arm, an argument, an index given by reference; this guards the ones it may not): refused.
            raise LseError(Err.EXPRESSION_TOO_DEEP, "(CHAINE D'OPERATIONS TROP LONGUE)", shared.line_written) from None
        self.shared = shared
        self.tables = tables
        self.names = dict(shared.globals)
        namespace = self.namespace(tables)
        # --profile: how many times each charge point ran, folded into the accounts when they are read
        # (Runtime.fold_points); a point adds to its count where it is met (pynames.pay).
        self.point_runs = namespace["_BR"] = [0] * len(shared.blocks)
        try:
            exec(compile(self.source, PROGRAM_FILE, "exec"), namespace)
        except (SyntaxError, RecursionError, MemoryError) as error:
            if not flat and "too many statically nested blocks" in str(error):
                raise TooNested(str(error)) from None
            if "too many nested parentheses" in str(error):  # (past CPython's 200: a guard, as the one above)
                raise LseError(Err.EXPRESSION_TOO_DEEP, "(CHAINE D'OPERATIONS TROP LONGUE)",
                               written_line(tables, getattr(error, "lineno", None))) from None
            raise InternalError(f"generated code does not compile: {error}") from None
        cells_fn, self.units = namespace["_program"](machine, machine.G)
        cells = dict(zip(cells_fn.__code__.co_freevars, cells_fn.__closure__))
        self.cyc_cell = cells.pop("cyc")
        # The built-ins are looked up when called: those that pay per character add to the cell itself.
        namespace.update({f"_b_{name}": fn for name, fn in machine.builtin_table(self.cyc_cell).items()})
        if not shared.profile:  # plain runs: a substring pays its characters to the cell
            namespace["_sch"] = make_paid_substring(self.cyc_cell, machine.costs["char_scan"], namespace["_b_SCH"])
        else:  # --profile: the built-in, which counts them too
            namespace["_sch"] = substring_of(namespace["_b_SCH"])
        self.budget_cell = cells.pop("bud")
        # --profile: the line whose segment runs, the cycles when it began (Runtime.segment), and the characters
        # scanned inline since the accounts were last read (Runtime.fold_points)
        self.segment_cells = (cells.pop("sl"), cells.pop("sm"), cells.pop("cs")) if shared.profile else None
        # The main program's ints, each with its variable's float (see retake_counters).
        self.counter_cells = [(cells.pop(name), cells.get("v" + name[1:]),
                               shared.floor(shared.layout.units[MAIN], self.names.get("v" + name[1:])))
                              for name in shared.counter_cells]
        machine.G.bind({self.names[name]: cell for name, cell in cells.items()}, shared.referenced)
        G = machine.G
        namespace["_sput"] = make_cell_store(G.cells, G.strings, machine.memory, G.assign)
        namespace["_GS"], namespace["_MM"] = G.strings, machine.memory  # what the written-out store reads
        namespace["_own"] = machine.own_arrays(self.cyc_cell)

    def retake_counters(self) -> None:
        """Set the main program's ints of FAIRE variables again from their floats, which the monitor may
        have set while the run was stopped (an unset, fractional or huge one gets NaN: the float indexes;
        so does one below the least value the code counts on, see counters.counter_floors)."""
        for shadow, variable, floor in self.counter_cells:
            try:
                value = variable.cell_contents
            except (AttributeError, ValueError):  # no cell, or an unset variable
                value = math.nan
            whole = type(value) is float and value.is_integer() and abs(value) <= WHOLE_EXACT and (
                floor is None or value >= floor)
            shadow.cell_contents = int(value) if whole else math.nan

    def goes_on_with(self, variables: dict) -> bool:
        """True if the code can go on with the variables as the monitor left them (see the fourteen below)."""
        return (self.vectors_kept(variables) and self.counters_kept(variables) and self.arrays_kept(variables)
                and self.kinds_kept(variables) and self.wholes_kept(variables) and self.declarations_kept(variables)
                and self.values_kept(variables) and self.sure_kept(variables) and self.numbers_kept(variables)
                and self.targets_kept(variables) and self.copies_kept(variables) and self.bounds_kept(variables)
                and self.shadows_kept(variables) and self.lists_kept(variables))

    def lists_kept(self, variables: dict) -> bool:
        """False if a procedure may be running (stopped outside the program's own lines, or any line where a
        line runs in a frame not its own) and the monitor made a name of the program another array, or none,
        where some procedure holds an array across a call of one that unsettles nothing (see
        analyses.still_procedures): it goes on with the array it read before the call."""
        shared = self.shared
        if not shared.held or (not shared.foreign and shared.foreign is not None
                                and self.machine.current_line in shared.layout.units[MAIN].own_lines):
            return True
        return all(variables.get(name) is value for name, value in self.machine.G.items() if type(value) is list)

    def shadows_kept(self, variables: dict) -> bool:
        """False if the run stopped inside a procedure and the monitor changed a variable of the program whose int a
        procedure keeps beside its float (counters.shadowed_counters): that procedure would go on with the old int.
        (Those ints are kept only where no line runs in a frame not its own: stopped on a line of the program's
        own, no procedure is running.)"""
        layout, machine = self.shared.layout, self.machine
        if machine.current_line in layout.units[MAIN].own_lines:
            return True
        return all(variables.get(name) == machine.G.get(name) for unit, names in self.shared.counters.items()
                   if unit != MAIN for name in names if name not in layout.units[unit].locals)

    def bounds_kept(self, variables: dict) -> bool:
        """False if the monitor gave a variable or an element of an array with a bound (magnitudes.variable_bounds)
        a larger number: sums of them are not tested for overflow."""
        bounds = self.shared.bounds.get(MAIN, {})
        return all((size := magnitudes.largest(variables.get(name))) is None or size <= bound
                   for name, bound in bounds.items())

    def copies_kept(self, variables: dict) -> bool:
        """False if the run stopped inside a procedure that keeps parameters by reference in Python locals
        (passing.copied_references) and the monitor freed a number variable, or gave it another kind: the code
        that reads them again after the slice counts on a number where one was."""
        if self.machine.current_line not in self.copied_lines:
            return True
        held = self.machine.G
        return all(type(variables.get(name)) is float for name in held.keys() if type(held.get(name)) is float)

    def targets_kept(self, variables: dict) -> bool:
        """False if a variable or an array that a computed jump's lines were found from (targets.py) now holds
        another value than those found, or one found from the stores that reach a jump (or a string from the
        lengths of its constants) another value at all: the jump could go to a line its code does not test for."""
        held = self.machine.G
        if any(variables.get(name) != held.get(name) for name in self.targets.fixed):
            return False
        for name, values in self.targets.values.items():
            value = variables.get(name)
            if value is not None and not all(item in values for item in (
                    value[1:] if type(value) is list else [value])):
                return False
        return True

    def numbers_kept(self, variables: dict) -> bool:
        """False if a variable of the main program that LIRE reads as a number (pystmt: M.read_number) was
        declared a CHAINE at the prompt, or holds a string or an array: LIRE would read a string, or fail."""
        declared = getattr(variables, "strings", set())
        return all(name not in declared and unset_or(variables.get(name), float) for name in self.shared.read_numbers)

    def sure_kept(self, variables: dict) -> bool:
        """False if a variable of the main program that a condition counts on as set (pynames.surely_set) was set
        when the run stopped and is not any more (LIBERER at the prompt): ET and OU would skip reading it, where
        LSE fails. (One unset where the run stopped is set on every way on to where it is counted on.)"""
        held = self.machine.G
        return all(name in variables or held.get(name) is None for name in self.shared.sure_globals)

    def freed(self, variables: dict) -> str | None:
        """A variable freed at the prompt that sure_kept, declarations_kept, values_kept or copies_kept refuse."""
        held = self.machine.G
        gone = {name for name in list(held.keys()) if name not in variables and held.get(name) is not None}
        counted = set(self.shared.sure_globals) | set(self.given_values)
        if self.machine.current_line in self.copied_lines:
            counted |= {name for name in gone if type(held.get(name)) is float}
        kept = getattr(variables, "strings", set())
        undeclared = {name for name in self.shared.strings - self.shared.undeclarable
                      if name in held.strings and name not in kept}
        found = sorted(gone & counted | undeclared)
        return found[0] if found else None

    def values_kept(self, variables: dict) -> bool:
        """False if the monitor changed a variable that a call gives as a value to a procedure's parameter by
        reference (passing.read_only_references) to another kind of value or to none (freed): the call would
        fail where the procedure reads it; or changed it at all where the run stopped inside such a call (a
        slice's end in a quiet procedure: passing.quiet_lines), which would not see the change."""
        machine = self.machine
        inside = machine.status is not Status.PAUSED and machine.current_line in self.quiet_lines
        for name in self.given_values:
            now, before = variables.get(name), machine.G.get(name)
            if now != before and (inside or type(now) is not type(before)):
                return False
        return True

    def declarations_kept(self, variables: dict) -> bool:
        """False if a CHAINE that was declared when the run stopped is not any more (LIBERER at the prompt): a
        store of a string into it after its CHAINE has run is not tested (holdings.declared_strings)."""
        kept = getattr(variables, "strings", set())
        declared = self.machine.G.strings
        return all(name in kept or name not in declared for name in self.shared.strings - self.shared.undeclarable)

    def wholes_kept(self, variables: dict) -> bool:
        """False if a variable or an array of the program proved whole (holdings.whole_variables) now holds a
        fraction: single precision rounds its sums by their size alone."""
        return all(whole_or_unset(variables.get(name)) for name in self.shared.proven[MAIN])

    def counters_kept(self, variables: dict) -> bool:
        """False if, in single precision, a variable that is a whole counter (layout.whole_counters) now
        holds a fraction or a number beyond 2^24: its step is not rounded (pyloops.step_sum)."""
        if not self.shared.numbers.single:
            return True
        return all(type(value := variables.get(name, 0.0)) is not float or (
            value.is_integer() and abs(value) <= WHOLE_EXACT) for name in self.shared.layout.whole_counters)

    def arrays_kept(self, variables: dict) -> bool:
        """False if an element of an array whose bounds the code counts on (holdings.bounded_arrays, those the code
        was written asking for: holdings.Bounds.asked) now holds what they leave out: a fraction, or a number beyond
        them (its sums are not tested). An array whose bounds no code asked for may be given anything."""
        bounded = self.shared.bounded
        return all(within(variables.get(name), dict.__getitem__(bounded, name)) for name in bounded.asked)

    def kinds_kept(self, variables: dict) -> bool:
        """False if a name the code reads as a string or indexes as an array without testing it
        (holdings.string_variables, array_variables) now holds something else: the monitor stored a
        number in it before its CHAINE or TABLEAU was run."""
        return all(unset_or(variables.get(name), str) for name in self.shared.strings) and all(
            unset_or(variables.get(name), list) for name in self.shared.arrays)

    def vectors_kept(self, variables: dict) -> bool:
        """False if a name the code reads as a vector (holdings.vectors) now holds a matrix, or one whose sizes
        the code writes out (holdings.shapes) an array of others."""
        return not any(matrix(value) for name, value in variables.items() if name in self.shared.vectors) and all(
            shaped(variables.get(name), dims) for name, dims in self.shared.shapes.items())

    def namespace(self, tables: dict) -> dict:
        machine = self.machine
        program = self.ir
        line_block = program.line_block
        lines = tuple(block.line for block in program.blocks)
        names = {python_name("v", name): name for name in self.shared.globals.values()}
        names.update({python_name(prefix, name): name for unit in self.shared.layout.units.values()
                      for name in unit.locals for prefix in ("v", "r")})

        def caught(error: BaseException, where: tuple, lp: list) -> int:
            return self.caught(error, where, lp, names, line_block)

        def goto(lp: list, value: object) -> int:
            # Decision: a whole float finds its line's block as its int does (100.0 == 100, same hash); any
            # other value (a fraction, below 1, no number, a line the program lacks) fails by line_number's
            # checks, in the order they are made.
            block = line_block.get(value) if type(value) is float else None
            if block is None:
                line = ops.line_number(value)
                block = line_block.get(line)
                if block is None:
                    raise LseError(Err.UNKNOWN_LINE, line)
            if lp:
                leave_loops(lp, value)
            return block

        def stray(lp: list, value: object) -> None:
            # A computed jump to a value that the analysis found (targets.py) is no line: fails as goto does.
            goto(lp, value)
            raise InternalError(f"computed jump to line {value!r}, which the analysis left out")

        def deopt(value: object, open_loops: tuple = ()) -> None:
            # A guessed jump to a value it was not told (speculation.py): a line goes on in code without the
            # guess, with those of the FAIRE loops open at the jump that hold it; any other value fails as goto
            # fails.
            lp = [Loop(*loop) for loop in open_loops]
            raise Speculated(goto(lp, value), lp)

        def came_back(result: object, lp: list) -> int:
            """A call statement's procedure ended otherwise than by RETOUR: the block its RETOUR EN goes on at
            (as caught() finds it from a ReturnTo), or RESULTAT's error."""
            if type(result) is not Back:
                raise LseError(Err.RESULTAT_IN_SUBROUTINE)
            return going_on_at(result.line, lp, line_block)

        def return_to(line: int) -> Back:
            if line not in line_block:
                raise LseError(Err.UNKNOWN_LINE, line)
            return Back(line)

        def frame(pairs: tuple, name: str) -> Vars:
            table = Vars(machine.memory)
            for param, value in pairs:
                table[param] = value
                if type(value) is str:
                    table.strings.add(param)
            machine.memory.take(table.held(), name)  # strings and array copies passed by value
            return table

        def lend_string(value: str, name: str) -> Vars:
            """A procedure's own CHAINE given by reference to a parameter that only reads it
            (ownership.read_references): a table of its own, whose cells the procedure counts."""
            table = Vars(machine.memory)
            table.strings.add(name)
            dict.__setitem__(table, name, value)
            return table

        def lend_unset(value: object, name: str) -> Vars:
            """The same for a CHAINE that may have no value yet: then the table has none (reading it fails)."""
            try:
                return lend_string(value(), name)
            except NameError:
                table = Vars(machine.memory)
                table.strings.add(name)
                return table

        def release(table: Vars, name: str) -> None:
            machine.memory.take(-table.held(), name)

        def off_end(line: int) -> None:
            raise LseError(Err.NO_TERMINER, line=line)

        namespace = {
            "__builtins__": {}, "_K": self.shared.constants, "_LINES": lines, "_MAXD": machine.max_depth,
            "_num": ops.num, "_add": ops.add, "_pow": ops.power, "_eq": ops.equal, "_ne": ops.not_equal,
            "_order": ops.order, "_number": check_number, "_put": ops.put, "_rd": ops.read, "_array": ops.array,
            "_elref": ops.element_ref, "_byval": ops.by_value, "_setref": ops.set_ref,
            "_declare_ref": ops.declare_ref, "_pos": ops.position, "_posref": ops.position_ref,
            "_line_number": ops.line_number, "_plain": render_plain,
            "_cat": ops.make_concat(machine.limits["max_string"], machine.charge),
            "_substring": substring, "_len": len, "_R": machine.G.table, "_MAXS": machine.limits["max_string"],
            "_sheld": make_own_store(machine.memory), "_rput": make_ref_store(ops.set_ref),
            "_caught": caught, "_goto": goto, "_stray": stray, "_deopt": deopt, "_return_to": return_to,
            "_frame": frame, "_release": release, "_lends": lend_string, "_lendu": lend_unset,
            "_lend": partial(Vars.lent, machine.memory),  # a procedure's own array lent (ownership.indexed_references)
            "_off_end": off_end, "_open": open_loop, "_leave": leave_loops, "_function": function_result,
            "_subroutine": subroutine_result, "_came_back": came_back, "_Back": Back,
            "_locals": locals,  # (a straight procedure hands its locals to its wide twin: pyprogram.twin_of)
            "_terminate": terminate, "_too_deep": too_deep, "_unentered": unentered,
            "_RET": RET,
            "BaseException": BaseException, "_abs": abs, "_list": list, "_type": type, "_str": str, "_int": int,
            "_Exception": Exception, "_NameError": NameError, "_float": float,
            "_floor": math.floor, "_sin": math.sin, "_cos": math.cos, "_atan": math.atan, "_exp": math.exp,
            "_sqrt": math.sqrt, "_log": math.log, **NumberModel.namespace(),
            "_whole_pass": ops.make_whole_pass(WHOLE_EXACT), "_counted": ops.make_counted(WHOLE_EXACT),
            "_range": range, "_min": min, "_NAN": math.nan, "_Vars": Vars, "_chr": chr, "_ord": ord,
            "_cells_of": cells_of, "_skpc": strops.skip_char, "_skps": strops.skip_set, "_ptrs": strops.pass_set,
            "_skpo": strops.skip_other, "_ptrl": strops.pass_letters, "_grlw": strops.get_word,
            "_dsc": description, "_dset": dict.__setitem__,
            "_LT": [Vars.lent(machine.memory, None, name) for name in self.shared.lent],
            "_LC": machine.segment_cycles,
        }
        namespace.update(tables)
        if self.shared.reads_numbers:  # (its expression compiled only where a program needs it)
            namespace["_cnbm"] = spaced_number().match
        if self.shared.converts_numbers:
            namespace["_ccat"], namespace["_eqct"] = strops.cca_texts().get, strops.code_texts().get
        return namespace

    def caught(self, error: BaseException, where: tuple, lp: list, names: dict, line_block: dict) -> int:
        """Where a unit goes after raising: RETOUR EN goes on at its line; anything else is reported.

        The LSE line and the cycles paid ahead are found from the Python line it arose on.
        """
        if isinstance(error, UNWINDING) or type(error) is Speculated:
            raise error  # (a guessed jump's: what the line paid stands, as at any jump)
        start, table = where
        tb = error.__traceback__
        line, refund = table[tb.tb_lineno - 1 - start] if tb is not None else (0, 0)
        machine = self.machine
        machine.cyc -= refund  # the statements after this point did not run
        if type(error) is ReturnTo:
            return going_on_at(error.line, lp, line_block, line or None)
        if type(error) is Terminate:
            raise error
        if isinstance(error, LseError):
            raise error.at(line or None)
        if isinstance(error, NameError):
            python = error.name if error.name else str(error).split("'")[1]
            if python not in names:
                raise InternalError(f"generated code: {error}") from error
            raise LseError(Err.UNASSIGNED, names[python], line=line or None) from None
        for python_error, code in TRANSLATED:
            if isinstance(error, python_error):
                raise LseError(code, line=line or None) from None
        raise error


def substring_of(paid_sch: Callable) -> Callable[[object, object, object], str]:
    """SCH(s, d, n) without its position, as the built-in `paid_sch` (which pays and counts) gives it."""
    def substring(text: object, start: object, count: object) -> str:
        return paid_sch(text, start, count)[0]
    return substring


def matrix(value: object) -> bool:
    """True if `value` is an array of two sizes."""
    return type(value) is list and len(value[0][DIMS]) != 1


def shaped(value: object, dims: tuple[int, ...]) -> bool:
    """False if `value` is an array of other sizes than `dims`."""
    return type(value) is not list or value[0][DIMS] == dims


def unset_or(value: object, kind: type) -> bool:
    """True if `value` is unset (None) or of `kind`: a string variable's str, an array variable's list."""
    return value is None or type(value) is kind


def whole_or_unset(value: object) -> bool:
    """False if `value` is a fraction, or an array holding one."""
    if type(value) is float:
        return value.is_integer()
    return type(value) is not list or all(type(item) is not float or item.is_integer() for item in value[1:])


def within(array: object, bounds: tuple[int, int]) -> bool:
    """True unless `array` is an array holding a fraction or a number out of `bounds`."""
    low, high = bounds
    return type(array) is not list or all(
        type(value) is float and low <= value <= high and value.is_integer() for value in array[1:])
