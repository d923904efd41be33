"""The run-time state compiled code shares with the runtime: the program's variables as a table of
closure cells, the loop stack kept at run time, and the signals that leave a unit (TERMINER, RETOUR EN).

Imports errors and values only; never the compiler nor the runtime.
"""

from __future__ import annotations

from machine.errors import Err, InternalError, LseError
from machine.lse.values import Memory, Vars, hold_string

RET = object()  # what a procedure gives back at RETOUR


class Terminate(Exception):
    """TERMINER: unwinds every unit."""


class ReturnTo(Exception):
    """RETOUR EN n, raised in the caller: it goes on at line n."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


class Back:
    """What a procedure gives back at RETOUR EN n."""

    __slots__ = ("line",)

    def __init__(self, line: int) -> None:
        self.line = line


class Loop:
    """One open FAIRE of a unit's run: its step, limit, body block and the lines it spans."""

    __slots__ = ("step", "limit", "body", "first", "end")

    def __init__(self, step: float, limit: object, body: int, first: int, end: int) -> None:
        self.step, self.limit, self.body, self.first, self.end = step, limit, body, first, end


_EMPTY = object()  # what an unassigned entry of a table cell reads as


class TableCell:
    """A cell of the program's variables that is an entry of the table `_R`, as a closure cell behaves."""

    __slots__ = ("table", "name")

    def __init__(self, table: Vars, name: str) -> None:
        self.table, self.name = table, name

    @property
    def cell_contents(self) -> object:
        # dict.get, never dict.__getitem__: the table is a Vars, whose __missing__ would raise
        # VARIABLE NON AFFECTEE where an empty closure cell raises ValueError.
        value = dict.get(self.table, self.name, _EMPTY)
        if value is _EMPTY:
            raise ValueError("empty cell")
        return value

    @cell_contents.setter
    def cell_contents(self, value: object) -> None:
        dict.__setitem__(self.table, self.name, value)

    @cell_contents.deleter
    def cell_contents(self) -> None:
        dict.pop(self.table, self.name, None)


class Globals(Vars):
    """The program's variables as a table: a name the program uses lives in its cell, any other here.

    Decision: a variable given whole to a by-reference parameter lives in `table` (`_R` in the
    code), a plain Vars: the callee reads it through its reference with one lookup in C, where a
    closure cell would be reached through this class's Python methods.
    """

    __slots__ = ("cells", "table")

    def __init__(self, memory: Memory | None = None) -> None:
        super().__init__(memory)
        self.cells: dict[str, object] = {}
        self.table = Vars(memory)
        self.table.strings = self.strings  # one set of CHAINE names, whichever table declares one

    def bind(self, cells: dict[str, object], shared: set[str] = frozenset()) -> None:
        """Move the values of the names the program uses into its cells (those of `shared` into the table)."""
        cells = {**cells, **{name: TableCell(self.table, name) for name in shared}}
        for name, cell in cells.items():
            if dict.__contains__(self, name):
                cell.cell_contents = dict.pop(self, name)
        self.cells = cells

    def unbind(self) -> None:
        """Move the values of the program's cells back here, for a build to come to bind its own (see bind)."""
        for name, cell in self.cells.items():
            try:
                value = cell.cell_contents
            except ValueError:  # an unset variable
                continue
            del cell.cell_contents
            dict.__setitem__(self, name, value)
        self.cells = {}

    def assign(self, name: str, value: object) -> None:
        """Vars.assign, straight to the cell of a number or string the program uses."""
        cell = self.cells.get(name)
        if cell is not None and type(value) is str and name in self.strings:
            try:
                old = cell.cell_contents
            except ValueError:
                old = ""
            hold_string(self.memory, name, value, len(old))
            cell.cell_contents = value
            return
        super().assign(name, value)

    def __getitem__(self, name: str) -> object:
        cell = self.cells.get(name)
        if cell is None:
            return dict.__getitem__(self, name)
        try:
            return cell.cell_contents
        except ValueError:
            raise LseError(Err.UNASSIGNED, name) from None

    def __setitem__(self, name: str, value: object) -> None:
        cell = self.cells.get(name)
        if cell is None:
            dict.__setitem__(self, name, value)
        else:
            cell.cell_contents = value

    def __contains__(self, name: object) -> bool:
        cell = self.cells.get(name)
        if cell is None:
            return dict.__contains__(self, name)
        try:
            cell.cell_contents  # noqa: B018 - the test of a cell's value
        except ValueError:
            return False
        return True

    def get(self, name: str, default: object = None) -> object:
        return self[name] if name in self else default

    def pop(self, name: str, *default: object) -> object:
        cell = self.cells.get(name)
        if cell is None:
            return dict.pop(self, name, *default)
        if name not in self:
            if default:
                return default[0]
            raise KeyError(name)
        value = cell.cell_contents
        del cell.cell_contents
        return value

    def __delitem__(self, name: str) -> None:
        self.pop(name)

    def keys(self) -> list[str]:
        return [name for name in self.cells if name in self] + list(dict.keys(self))

    def __iter__(self):
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def values(self) -> list[object]:
        return [self[name] for name in self.keys()]

    def items(self) -> list[tuple[str, object]]:
        return [(name, self[name]) for name in self.keys()]


# ------------------------------------------------------------ what units call
def open_loop(lp: list, step: float, limit: object, go: bool, first: int, end: int, body: int) -> bool:
    """Push a FAIRE loop if it runs at least once; say whether it does."""
    while lp and lp[-1].body == body:
        lp.pop()  # the same FAIRE again: its old pass is abandoned
    if end < first:
        raise LseError(Err.BAD_NESTING, f"{end} < {first}")
    if lp and lp[-1].end < end and lp[-1].first <= first:
        raise LseError(Err.BAD_NESTING, f"{end} > {lp[-1].end}")
    if go:
        lp.append(Loop(step, limit, body, first, end))
    return go


def leave_loops(lp: list, line: float) -> None:
    """A jump to a line leaves every loop whose lines do not contain it."""
    while lp and not (lp[-1].first <= line <= lp[-1].end):
        lp.pop()


def function_result(value: object) -> object:
    """&F(...) in an expression: its RESULTAT."""
    if value is RET:
        raise LseError(Err.RETOUR_IN_FUNCTION)
    if type(value) is Back:
        raise ReturnTo(value.line)
    return value


def subroutine_result(value: object) -> None:
    """&P(...) as an instruction: it must end by RETOUR (or RETOUR EN)."""
    if value is RET:
        return
    if type(value) is Back:
        raise ReturnTo(value.line)
    raise LseError(Err.RESULTAT_IN_SUBROUTINE)


def terminate() -> None:
    raise Terminate()


def too_deep() -> None:
    raise LseError(Err.RECURSION)


def unentered() -> None:
    """A case of the dispatch that the generator found no code enters was entered: its bug, not the program's."""
    raise InternalError("generated code entered a case written as unentered")
