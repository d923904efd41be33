"""The reference interpreter of LSE: a plain tree walker over the parser's nodes, used only by tests.

Independent of the compilers and of machine/lse/runtime.py: it reuses only the language's
value-level pieces (values, builtins, formats, numbers, inputs, the error catalogue, the
profile). Where cycles are charged is defined in costs.py. The file store is left out: the
reference is a Micro with no disk (GARER, CHARGER, SUPPRIMER, EXECUTER fail with ERREUR DISQUE
PAS DE DISQUE), as the in-process Micro is when given none; the random generator never writes them.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field

from machine.errors import Err, LseError, clip, render
from machine.lse import nodes as n
from machine.lse.environment import Environment
from machine.lse.formats import count_text, render_formatted, render_plain
from machine.lse.inputs import InputBuffer, parse_number_field
from machine.lse.numbers import FLOAT32_BEYOND, checked, round32
from machine.lse.parser import parse
from machine.lse.source import limits_of
from machine.lse.values import Array, Memory, Vars, cells_of, new_array, position, positions
from machine.profile import load_profile

from .costs import PASS, STRAIGHT, call_price, cycles, straight_price
from .decimals import nearest32
from .evaluate import RESULT, RETURN, RETURN_TO, Expressions, Frame, Jump, Return, line_number, set_ref

MAIN = "&"
DISK = (n.Garer, n.Charger, n.Supprimer, n.Executer)


class Terminate(Exception):
    """TERMINER, wherever it runs."""


class Exhausted(Exception):
    """The run spent max_cycles without ending: stopped, as the harness stops a Micro that runs on."""


@dataclass
class Unit:
    """The main program or one procedure: its parameters, own names, references and first statement."""

    name: str
    params: tuple = ()
    locals: frozenset = frozenset()
    by_reference: frozenset = frozenset()
    entry: tuple = (0, 0)


@dataclass
class Loop:
    """One open FAIRE of a running unit."""

    faire: n.Faire
    step: float
    limit: object
    body: tuple  # (line index, statement index) of the body's first statement
    first: int
    end: int


NOT_ENDED = (-1, "DID NOT END", None)  # the error of a run stopped at its bound of cycles


@dataclass
class Outcome:
    """What a run did: output as printed, the error (number, message, line), cycles, PAUSE lines."""

    output: str
    error: tuple | None
    cycles: int
    pauses: list = field(default_factory=list)

    @property
    def ended(self) -> bool:
        """True if the run ended (well or by an error), not stopped at its bound of cycles."""
        return self.error != NOT_ENDED


def units_of(program: n.Program) -> dict[str, Unit]:
    units = {MAIN: Unit(MAIN)}
    for index, line in enumerate(program.lines):
        first = line.statements[0] if line.statements else None
        if isinstance(first, n.Procedure):
            by_value = set(first.locals) & set(first.params)
            units[first.name] = Unit(first.name, first.params, frozenset(first.params) | frozenset(first.locals),
                                     frozenset(first.params) - by_value, (index, 1))
    return units


def array_names(program: n.Program) -> set[str]:
    """Names a TABLEAU (or CHARGER) anywhere may make an array."""
    from machine.lse.parser import walk
    names: set[str] = set()
    for line in program.lines:
        for node in walk(line.statements):
            if isinstance(node, n.Tableau):
                names.update(name for name, _ in node.decls)
            elif isinstance(node, n.Charger):
                names.add(node.var.name)
    return names


class Reference(Expressions):
    """One run of one program."""

    def __init__(self, program: n.Program, inputs: Iterable[str] = (), seed: int = 0,
                 profile: str = "micro40", max_cycles: int = 4_000_000_000) -> None:
        machine = load_profile(profile)
        self.program = program
        self.lines = program.lines
        self.index = {line.number: i for i, line in enumerate(self.lines)}
        self.costs = dict(machine.costs)
        self.limits = {"max_string": machine.max_string, "max_call_depth": machine.max_call_depth}
        self.tallest = max((len(line.source) for line in program.lines), default=0)  # (an expression's levels)
        self.single = machine.numbers == "single"
        self.units = units_of(program)
        self.signatures = {name: (unit.params, unit.by_reference) for name, unit in self.units.items()}
        self.array_names = array_names(program)
        self.prices: dict[int, int] = {}
        self.memory = Memory(machine.memory_cells)
        self.G = Vars(self.memory)
        self.environment = Environment(seed, single=self.single)
        # (a longer line typed than the machine takes: LIGNE TROP LONGUE)
        self.inputs = InputBuffer(FLOAT32_BEYOND if self.single else math.inf, machine.max_line_chars,
                                  nearest32 if self.single else float)
        for line in inputs:
            self.inputs.feed(line)
        self.inputs.close()
        self.cyc = 0
        self.max_cycles = max_cycles
        self.depth = 0
        self.printed: list[str] = []
        self.pauses: list[int] = []

    # ------------------------------------------------------------ charging
    def charge(self, key: str, times: int = 1) -> None:
        self.cyc += self.costs[key] * times

    def pay(self, kinds) -> None:
        self.cyc += cycles(kinds, self.costs)

    def out(self, text: str) -> None:
        self.charge("print_char", len(text))
        self.printed.append(text)

    # ------------------------------------------------------------- running
    def run(self) -> Outcome:
        error = None
        limit = sys.getrecursionlimit()
        # Decision: room for every call as deep as the machine allows, each inside an expression as tall as the
        # program's longest line (the walk recurses a few frames a level; in CPython 3.11 a Python call takes
        # no C stack): an operator chain of thousands of terms is a legal program.
        sys.setrecursionlimit(max(limit, (self.limits["max_call_depth"] + 1) * (60 + 3 * self.tallest) + 2000))
        try:
            self.run_unit(Frame(self.units[MAIN], self.G), (0, 0))
        except Terminate:
            pass
        except LseError as failure:
            error = (int(failure.code), render(LseError(failure.code, failure.text)), failure.line)
        except Exhausted:
            error = NOT_ENDED
        finally:
            sys.setrecursionlimit(limit)
        return Outcome("".join(self.printed), error, self.cyc, self.pauses)

    def run_unit(self, frame: Frame, where: tuple) -> None:
        """Run a unit from a (line index, statement index) until it ends, returns or fails."""
        lines = self.lines
        while True:
            index, start = where
            if index >= len(lines):
                raise LseError(Err.NO_TERMINER, line=lines[-1].number if lines else None)
            line = lines[index]
            if self.cyc > self.max_cycles:
                raise Exhausted()
            try:
                where = self.run_line(frame, index, start)
            except Jump as jump:
                loops = frame.loops
                while loops and not (loops[-1].first <= jump.line <= loops[-1].end):
                    loops.pop()
                where = (self.index[jump.line], 0)
            except LseError as failure:
                raise failure.at(line.number) from None

    def run_line(self, frame: Frame, index: int, start: int) -> tuple:
        """Run a line from a statement on; return where to go on (its FAIRE's body, or the next line)."""
        line = self.lines[index]
        statements = line.statements
        position = start
        while position < len(statements):
            statement = statements[position]
            if isinstance(statement, n.Faire):
                self.charge("statement")
                return self.faire(frame, statement, index, position)
            position = self.run_from(frame, statements, position)
        return self.end_of_line(frame, line.number, index + 1)

    def statements(self, frame: Frame, statements: tuple) -> None:
        position = 0
        while position < len(statements):
            position = self.run_from(frame, statements, position)

    def run_from(self, frame: Frame, statements: tuple, position: int) -> int:
        """Run the statement at position (a whole straight run, paid up front); return the next position."""
        statement = statements[position]
        if isinstance(statement, STRAIGHT):
            end = position
            while end < len(statements) and isinstance(statements[end], STRAIGHT):
                end += 1
            run = statements[position:end]
            for item in run:
                self.pay(straight_price(item, self.signatures))
            for item in run:
                self.straight(frame, item)
            return end
        self.charge("statement")
        self.statement(frame, statement)
        return position + 1

    def end_of_line(self, frame: Frame, number: int, next_index: int) -> tuple:
        """At the end of a line: the innermost loops ending there take a pass, or are left."""
        loops = frame.loops
        while loops and loops[-1].end == number:
            loop = loops[-1]
            self.pay(PASS)
            if self.next_pass(frame, loop):
                return loop.body
            loops.pop()
        return (next_index, 0)

    # ----------------------------------------------------------- FAIRE
    def faire(self, frame: Frame, node: n.Faire, index: int, position: int) -> tuple:
        self.charge("loop_init")
        for part in (node.start, node.step, node.limit):
            if part is not None:
                self.cyc += self.price_of(part)
        start = self.value(frame, node.start)
        step = self.value(frame, node.step) if node.step is not None else 1.0
        if type(step) is not float:
            raise LseError(Err.TYPE_MISMATCH)
        limit = self.value(frame, node.limit) if node.limit is not None else None
        if limit is not None and type(limit) is not float:
            raise LseError(Err.TYPE_MISMATCH)
        self.store(frame, node.var, start)
        if node.cond is not None:
            self.cyc += self.price_of(node.cond)
            go = self.value(frame, node.cond)
        else:
            go = within(start, limit, step)
        end = self.target_line(node.end)
        if end not in self.index:
            raise LseError(Err.UNKNOWN_LINE, end)
        first = self.lines[index].number
        body = (index, position + 1)
        loops = frame.loops
        while loops and loops[-1].body == body:
            loops.pop()  # the same FAIRE again: its old pass is abandoned
        if end < first:
            raise LseError(Err.BAD_NESTING, f"{end} < {first}")
        if loops and loops[-1].end < end and loops[-1].first <= first:
            raise LseError(Err.BAD_NESTING, f"{end} > {loops[-1].end}")
        if not go:
            return self.end_of_line(frame, end, self.index[end] + 1)
        loops.append(Loop(node, step, limit, body, first, end))
        return body

    def next_pass(self, frame: Frame, loop: Loop) -> bool:
        """Step a loop's variable; say whether the body runs again."""
        node = loop.faire
        current = self.read_var(frame, node.var)
        if type(current) is not float:
            raise LseError(Err.TYPE_MISMATCH)
        following = current + loop.step
        if self.single:
            following = round32(following)
        if node.cond is None:
            if not within(following, loop.limit, loop.step):
                return False
            self.store(frame, node.var, following)
            return True
        self.store(frame, node.var, following)
        self.cyc += self.price_of(node.cond)
        return self.value(frame, node.cond)

    def target_line(self, target: n.Target) -> int | None:
        if target.number is not None:
            return target.number
        if target.label is not None and target.label in self.program.labels:
            return self.program.labels[target.label]
        return None

    # ------------------------------------------------------ statements
    def straight(self, frame: Frame, node: object) -> None:
        """A statement of a straight run (already paid)."""
        if isinstance(node, n.Assign):
            self.assign(frame, node)
        elif isinstance(node, n.Afficher):
            values = [self.value(frame, item) for item in node.items]
            self.out(render_plain(values) if node.format is None else render_formatted(node.format, values))
        elif isinstance(node, n.Chaine):
            for name in node.names:
                if name in frame.unit.by_reference:
                    container, key = frame.local[name]
                    if type(container) is not Vars:
                        raise LseError(Err.ALREADY_DECLARED, key)
                    container.declare_string(key)
                else:
                    self.env(frame, name).declare_string(name)
        elif isinstance(node, n.Tableau):
            for name, dims in node.decls:
                sizes = [self.value(frame, dim) for dim in dims]
                self.declare_array(self.env(frame, name), name, sizes)
        else:
            for name in node.names:
                if name in frame.unit.by_reference:
                    raise LseError(Err.NOT_A_REFERENCE, name)
                self.env(frame, name).release(name)

    def assign(self, frame: Frame, node: n.Assign) -> None:
        target = node.target
        if isinstance(target, n.Var):
            self.store(frame, target.name, self.value(frame, node.expr))
            return
        array = self.array_of(frame, target.name)
        key = self.key(frame, target.indices)
        value = self.value(frame, node.expr)  # (then a name that may be an array but holds none: as the Micro does)
        if type(array) is not Array or type(value) is not float:
            raise LseError(Err.TYPE_MISMATCH)
        array[position(array, key)] = value

    def declare_array(self, env: Vars, name: str, sizes: list) -> None:
        dims = []
        for size in sizes:
            if type(size) is not float or not size.is_integer() or size < 1:
                raise LseError(Err.BAD_ARRAY_SIZE, name)
            dims.append(int(size))
        count = math.prod(dims)
        if name in env.strings or (name in env and type(env[name]) is not Array):
            raise LseError(Err.ALREADY_DECLARED, name)
        self.memory.take(count - cells_of(env.get(name)), f"TABLEAU {name} DE {count_text(count)} ELEMENTS")
        self.charge("element_init", count)
        env[name] = new_array(name, tuple(dims))

    def statement(self, frame: Frame, node: object) -> None:
        """A statement that is not straight (its `statement` already paid)."""
        kind = type(node)
        if kind is n.If:
            self.cyc += self.price_of(node.cond)
            branch = node.then if self.value(frame, node.cond) else node.other
            if branch is not None:
                self.statements(frame, (branch,))
        elif kind is n.Block:
            self.statements(frame, node.statements)
        elif kind is n.Goto:
            self.charge("jump")
            raise Jump(self.jump_line(frame, node.target))
        elif kind is n.CallStatement:
            self.pay(call_price(node.call, self.signatures))
            how, value = self.invoke(node.call.name, self.arguments(frame, node.call))
            if how == RESULT:
                raise LseError(Err.RESULTAT_IN_SUBROUTINE)
            if how == RETURN_TO:
                raise Jump(value)
        elif kind is n.Retour:
            self.charge("return")
            if frame.unit.name == MAIN:
                raise LseError(Err.RETURN_OUTSIDE_PROCEDURE)
            if node.target is None:
                raise Return(RETURN)
            raise Return(RETURN_TO, self.jump_line(frame, node.target))
        elif kind is n.Resultat:
            self.cyc += self.price_of(node.expr) + self.costs["return"]
            if frame.unit.name == MAIN:
                raise LseError(Err.RETURN_OUTSIDE_PROCEDURE)
            raise Return(RESULT, self.value(frame, node.expr))
        elif kind is n.Lire:
            for target in node.targets:
                self.read_target(frame, target)
        elif kind is n.Terminer:
            raise Terminate()
        elif kind is n.Pause:
            self.pauses.append(node.line)
        elif kind is n.Procedure:
            raise LseError(Err.PROCEDURE_REACHED, node.name)
        elif kind in DISK:
            self.no_disk(frame, node)
        else:
            raise TypeError(f"not a statement: {kind.__name__}")

    def no_disk(self, frame: Frame, node: object) -> None:
        """The file store is left out: a Micro without a disk pays `disk`, evaluates the operands (unpaid) and fails."""
        self.charge("disk")
        if isinstance(node, n.Garer):
            operands = (node.var, node.record, node.file)
        elif isinstance(node, n.Charger):
            operands = (node.record, node.file)
        elif isinstance(node, n.Supprimer):
            operands = (node.file, node.record)
        else:
            operands = (node.program, node.start)
        for operand in operands:
            if operand is not None:
                self.value(frame, operand)
        raise LseError(Err.DISK_ERROR, "PAS DE DISQUE")

    def jump_line(self, frame: Frame, target: n.Target) -> int:
        """The existing line a jump names (a computed target's expression is evaluated, not paid)."""
        number = self.target_line(target)
        if number is None:
            number = line_number(self.value(frame, target.expr))
        if number not in self.index:
            raise LseError(Err.UNKNOWN_LINE, number)
        return number

    # ------------------------------------------------------------ calls
    def invoke(self, name: str, args: tuple) -> tuple:
        """Run a procedure with its arguments; return how it ended and its value (RESULTAT, RETOUR EN line)."""
        if self.depth >= self.limits["max_call_depth"]:
            raise LseError(Err.RECURSION)
        unit = self.units[name]
        local = Vars(self.memory)
        for param, value in zip(unit.params, args):
            local[param] = value
            if type(value) is str:
                local.strings.add(param)
        self.memory.take(local.held(), name)
        self.depth += 1
        try:
            self.run_unit(Frame(unit, local), unit.entry)
        except Return as ending:
            return ending.how, ending.value
        finally:
            self.depth -= 1
            self.memory.take(-local.held(), name)
        raise AssertionError("a unit ends only by raising")

    # ------------------------------------------------------------- LIRE
    def read_target(self, frame: Frame, target: object) -> None:
        if isinstance(target, n.Var):
            if target.name in frame.unit.by_reference:
                self.read_ref(frame.local[target.name])
            else:
                self.read_into(self.env(frame, target.name), target.name)
            return
        self.charge("array_write")
        for index in target.indices:
            self.cyc += self.price_of(index)
        from .evaluate import element_ref
        array = self.array_of(frame, target.name)
        self.read_ref(element_ref(array, self.key(frame, target.indices), target.name))

    def read_into(self, env: Vars, name: str) -> None:
        current = env.get(name)
        if type(current) is Array:
            for at in positions(current):
                self.read_ref((current, at))
            return
        want_string = name in env.strings
        raw = self.field(want_string)
        env.assign(name, raw if want_string else self.typed_number(raw))

    def read_ref(self, ref: tuple) -> None:
        container, key = ref
        if type(container) is Vars:
            self.read_into(container, key)
            return
        want_string = type(container[key]) is str
        raw = self.field(want_string)
        set_ref(ref, raw if want_string else self.typed_number(raw))

    def field(self, want_string: bool) -> str:
        self.out("\a")  # LIRE rings the bell
        value = self.inputs.take(want_string)
        self.charge("input_char", len(value))
        if want_string and len(value) > self.limits["max_string"]:
            raise LseError(Err.MEMORY_FULL, f"CHAINE DE {len(value)} CARACTERES")
        return value

    def typed_number(self, raw: str) -> float:
        value = parse_number_field(raw, self.inputs.beyond, self.inputs.decimal)
        if value is None:
            raise LseError(Err.BAD_INPUT, clip(raw))  # named by its start, as the Micro does
        return round32(value) if self.single else checked(value)


def within(value: object, limit: object, step: float) -> bool:
    """The JUSQUA test: value not past the limit in the step's direction."""
    if type(value) is not float or type(limit) is not float:
        raise LseError(Err.TYPE_MISMATCH)
    return value <= limit if step >= 0 else value >= limit


def run_reference(source: str, inputs: Iterable[str] = (), seed: int = 0, profile: str = "micro40") -> Outcome:
    """Parse and run a program in the reference interpreter (SyntaxErrors propagate: the machine's limits)."""
    return Reference(parse(source, limits_of(load_profile(profile))), inputs, seed, profile).run()
