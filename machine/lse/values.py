"""LSE run-time values: numbers are floats, strings are str, arrays are plain lists (Array); variable tables.

Imports only the error catalogue (and formats, for an index shown in an error, when it is shown).
"""

from __future__ import annotations

import math
from functools import lru_cache

from machine.errors import Err, LseError

Array = list  # an LSE array is a plain list: see new_array
# Slot 0 of an array holds its description, a tuple read by the generated code at these places:
BOUND = 0  # float: a vector's size + 1.0 (a 1-D index k is an element if 1.0 <= k < BOUND); 0.0 for a matrix
INT_BOUND = 1  # the same as an int, for indices known to be Python ints; 0 for a matrix
COLUMN_BOUND = 2  # float: a matrix's columns + 1.0 (a column j is one if 1.0 <= j < COLUMN_BOUND); 0.0 for a vector
COLUMNS = 3  # int: a matrix's columns (the stride of a row); 0 for a vector
INT_COLUMN_BOUND = 4  # COLUMN_BOUND as an int
NAME, DIMS = 5, 6  # the name it was declared with, its sizes (n,) or (rows, columns)
ROW_BOUND = 7  # float: a matrix's rows + 1.0; 0.0 for a vector
INT_ROW_BOUND = 8  # ROW_BOUND as an int


def new_array(name: str, dims: tuple[int, ...]) -> list:
    """A zero-filled LSE array of numbers: its description in slot 0, then its elements, rows first.

    Decision: a plain list (its exact type, so that CPython specialises `a[i]` for an int i). A 1-D
    index k is at position k (1..n), a 2-D (i, j) at (i - 1) * columns + j. Slot 0 is never an
    element: every access tests its index against the bounds the description holds (a matrix's
    vector bound is 0, and a vector's column bound, so that an index of the wrong number of parts
    never finds an element), and position() turns any other index into the error LSE gives.
    """
    size = dims[0] if len(dims) == 1 else dims[0] * dims[1]
    array = [0.0] * (size + 1)
    array[0] = description(name, dims)
    return array


@lru_cache(maxsize=1024)
def description(name: str, dims: tuple[int, ...]) -> tuple:
    """Slot 0 of an array (kept: a procedure's TABLEAU makes the same one at every call)."""
    if len(dims) == 1:
        size = dims[0]
        return (size + 1.0, size + 1, 0.0, 0, 0, name, dims, 0.0, 0)
    rows, columns = dims
    return (0.0, 0, columns + 1.0, columns, columns + 1, name, dims, rows + 1.0, rows + 1)


def array_name(array: list) -> str:
    """The name the array was declared with."""
    return array[0][NAME]


def array_dims(array: list) -> tuple[int, ...]:
    """The array's sizes: (n,) or (rows, columns)."""
    return array[0][DIMS]


def _whole(part: object, name: str) -> object:
    """One index as a whole number (a fractional one truncated: ENT), or itself if not finite."""
    kind = type(part)
    if kind is int:
        return part
    if kind is not float:
        raise LseError(Err.TYPE_MISMATCH, name)
    return math.floor(part) if math.isfinite(part) else None


def position(array: list, key: object) -> int:
    """The list position an index names (float, int or an (i, j) pair); TYPES INCOMPATIBLES or INDICE HORS LIMITES."""
    meta = array[0]
    name = meta[NAME]
    dims = meta[DIMS]
    if type(key) is tuple:
        parts = [_whole(part, name) for part in key]
    else:
        parts = [_whole(key, name)]
    if len(parts) == len(dims) and None not in parts and all(1 <= part <= size for part, size in zip(parts, dims)):
        if len(parts) == 1:
            return parts[0]
        return (parts[0] - 1) * dims[1] + parts[1]
    raise LseError(Err.INDEX_RANGE, f"{name}[{_show(key)}]")


def read(array: list, key: object) -> float:
    """An element, whatever the index: the general path of an access the generated code did not make."""
    return array[position(array, key)]


def put(array: list, key: object, value: object) -> None:
    """Store a number at an index that missed the fast path, or fail in LSE terms."""
    at = position(array, key)
    array[at] = check_number(value, array[0][NAME])


def positions(array: list) -> range:
    """The position of every element, rows first."""
    return range(1, len(array))


def elements(array: list) -> list[float]:
    """Every element, rows first."""
    return array[1:]


def rows(array: list) -> list[list[float]]:
    """The array as a list of rows (one row for a vector)."""
    dims = array[0][DIMS]
    if len(dims) == 1:
        return [array[1:]]
    width = dims[1]
    return [array[i:i + width] for i in range(1, len(array), width)]


def copy_array(array: list) -> list:
    """An independent copy (used for arrays passed by value); the description is shared, it never changes."""
    return array.copy()


def _show(key: object) -> str:
    """An index as the Micro prints a number (`T[0.1]`, `T[2.5E+10]`, `T[INFINI]`), not as Python does."""
    if isinstance(key, tuple):
        return ",".join(_show(k) for k in key)
    from machine.lse.formats import cca, count_text  # (an error's text only: formats imports this module)
    if type(key) is float:
        return cca(key)
    if type(key) is int:  # (an int index of the generated code: any size)
        return count_text(key) if key >= 0 else "-" + count_text(-key)
    return str(key)


class Memory:
    """The variable memory of a program: array elements and string characters, one cell each."""

    __slots__ = ("limit", "used")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def take(self, cells: int, what: str) -> None:
        """Use `cells` more (fewer if negative), or fail with MEMOIRE PLEINE and use nothing."""
        if cells > 0 and self.used + cells > self.limit:
            raise LseError(Err.MEMORY_FULL, what)
        self.used += cells


def cells_of(value: object) -> int:
    """The memory a value holds: its elements (an array) or characters (a string)."""
    if type(value) is Array:
        return len(value) - 1
    if type(value) is str:
        return len(value)
    return 0


def hold_string(memory: Memory | None, name: str, value: str, held: int) -> None:
    """Count a string stored into the CHAINE `name`, which held `held` cells: MEMOIRE PLEINE if it does not fit.

    Memory.take, inline: the message is only made for the error. No memory: a table nobody counts.
    """
    if memory is None:
        return
    more = len(value) - held
    if more > 0 and memory.used + more > memory.limit:
        raise LseError(Err.MEMORY_FULL, f"CHAINE {name}")
    memory.used += more


class Vars(dict):
    """A table of variables (the globals, or one procedure call's locals)."""

    __slots__ = ("strings", "memory")

    def __init__(self, memory: Memory | None = None) -> None:
        super().__init__()
        self.strings: set[str] = set()
        self.memory = memory  # None: a table whose strings nobody counts (the host's own)

    def __missing__(self, name: str) -> object:
        raise LseError(Err.UNASSIGNED, name)

    @classmethod
    def lent(cls, memory: Memory | None, value: object, name: str) -> Vars:
        """A table holding one variable, made with no call of __init__ (a call lends a procedure's own array in
        one: ownership.indexed_references; ~150 ns less a call)."""
        table = cls.__new__(cls)
        table.strings = set()
        table.memory = memory
        dict.__setitem__(table, name, value)
        return table

    def assign(self, name: str, value: object) -> None:
        """Assign with the kind check: a CHAINE takes strings, anything else numbers."""
        if name in self.strings:
            if type(value) is not str:
                raise LseError(Err.TYPE_MISMATCH, name)
            hold_string(self.memory, name, value, len(self.get(name, "")))
        elif type(value) is not float:
            raise LseError(Err.ALREADY_DECLARED if type(self.get(name)) is Array else Err.TYPE_MISMATCH, name)
        elif type(self.get(name)) is Array:
            raise LseError(Err.ALREADY_DECLARED, name)
        self[name] = value

    def declare_string(self, name: str) -> None:
        """Make a name a CHAINE; its kind is fixed until LIBERER."""
        current = self.get(name)
        if current is not None and type(current) is not str:
            raise LseError(Err.ALREADY_DECLARED, name)
        self.strings.add(name)

    def release(self, name: str) -> None:
        """Forget a variable and its kind (LIBERER), and the memory it held."""
        value = self.pop(name, None)
        self.strings.discard(name)
        if self.memory is not None:
            self.memory.take(-cells_of(value), name)

    def held(self) -> int:
        """The memory all the variables of this table hold."""
        return sum(cells_of(value) for value in self.values())


def check_number(value: object, what: str = "") -> float:
    """Return value if it is a number, else fail with TYPES INCOMPATIBLES."""
    if type(value) is not float:
        raise LseError(Err.TYPE_MISMATCH, what)
    return value


def check_string(value: object, what: str = "") -> str:
    """Return value if it is a string, else fail with TYPES INCOMPATIBLES."""
    if type(value) is not str:
        raise LseError(Err.TYPE_MISMATCH, what)
    return value
