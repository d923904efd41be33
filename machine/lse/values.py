"""LSE run-time values: numbers are floats, strings are str, arrays are Array; variable tables.

Imports only the error catalogue.
"""

from __future__ import annotations

import math

from machine.errors import Err, LseError


class Array(dict):
    """A zero-filled LSE array of numbers, 1-based, keyed by float index or (i, j) pairs.

    Decision: a dict keyed by the index value makes the hot read path one hash
    lookup; a miss falls to __missing__, which truncates a fractional index
    (ENT) and otherwise reports INDICE HORS LIMITES.
    """

    __slots__ = ("name", "dims")

    def __init__(self, name: str, dims: tuple[int, ...]) -> None:
        super().__init__()
        self.name = name
        self.dims = dims
        if len(dims) == 1:
            for i in range(1, dims[0] + 1):
                self[float(i)] = 0.0
        else:
            for i in range(1, dims[0] + 1):
                for j in range(1, dims[1] + 1):
                    self[(float(i), float(j))] = 0.0

    def _fix(self, key: object) -> object:
        # A key with the wrong number of indices is never in the dict: INDICE HORS LIMITES.
        if isinstance(key, tuple):
            if not all(type(k) is float for k in key):
                raise LseError(Err.TYPE_MISMATCH, self.name)
            fixed: object = tuple(float(math.floor(k)) if math.isfinite(k) else k for k in key)
        elif type(key) is float:
            fixed = float(math.floor(key)) if math.isfinite(key) else key
        else:
            raise LseError(Err.TYPE_MISMATCH, self.name)
        if fixed not in self:
            raise LseError(Err.INDEX_RANGE, f"{self.name}[{_show(key)}]")
        return fixed

    def __missing__(self, key: object) -> float:
        return dict.__getitem__(self, self._fix(key))

    def put(self, key: object, value: object) -> None:
        """Store a number at an index that missed the fast path, or fail in LSE terms."""
        fixed = self._fix(key)
        self[fixed] = check_number(value, self.name)

    def values_rowmajor(self) -> list[float]:
        """Return every element, rows first."""
        return list(self.values())

    def rows(self) -> list[list[float]]:
        """Return the array as a list of rows (one row for a vector)."""
        flat = self.values_rowmajor()
        if len(self.dims) == 1:
            return [flat]
        width = self.dims[1]
        return [flat[i:i + width] for i in range(0, len(flat), width)]

    def copy_array(self) -> Array:
        """Return an independent copy (used for arrays passed by value)."""
        other = Array.__new__(Array)
        dict.update(other, self)
        other.name = self.name
        other.dims = self.dims
        return other


def _show(key: object) -> str:
    if isinstance(key, tuple):
        return ",".join(_show(k) for k in key)
    if isinstance(key, float) and key.is_integer():
        return str(int(key))
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
        return len(value)
    if type(value) is str:
        return len(value)
    return 0


class Vars(dict):
    """A table of variables (the globals, or one procedure call's locals)."""

    __slots__ = ("strings", "memory")

    def __init__(self, memory: Memory | None = None) -> None:
        super().__init__()
        self.strings: set[str] = set()
        self.memory = memory  # None: a table whose strings nobody counts (the host's own)

    def __missing__(self, name: str) -> object:
        raise LseError(Err.UNASSIGNED, name)

    def assign(self, name: str, value: object) -> None:
        """Assign with the kind check: a CHAINE takes strings, anything else numbers."""
        if name in self.strings:
            if type(value) is not str:
                raise LseError(Err.TYPE_MISMATCH, name)
            memory = self.memory
            if memory is not None:  # Memory.take, inline: the message is only made for the error
                cells = len(value) - len(self.get(name, ""))
                if cells > 0 and memory.used + cells > memory.limit:
                    raise LseError(Err.MEMORY_FULL, f"CHAINE {name}")
                memory.used += cells
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
