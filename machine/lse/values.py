"""LSE run-time values: numbers are floats, strings are str, arrays are plain dicts (Array); variable tables.

Imports only the error catalogue.
"""

from __future__ import annotations

import math

from machine.errors import Err, LseError

Array = dict  # an LSE array is a plain dict: see new_array
META = None  # the key under which an array keeps its (name, dims); never an index


def new_array(name: str, dims: tuple[int, ...]) -> dict:
    """A zero-filled LSE array of numbers, 1-based, keyed by float index or (i, j) pairs.

    Decision: a plain dict keyed by the index value, so that an element is one
    hash lookup that CPython specialises (a dict subclass is not). Its name and
    dims ride along under the key META. A key that is not there (a fractional
    index, to be truncated, or one out of range) is the business of read/put.
    """
    if len(dims) == 1:
        array = dict.fromkeys(_indices(dims[0]), 0.0)
    else:
        columns = _indices(dims[1])
        array = dict.fromkeys([(i, j) for i in _indices(dims[0]) for j in columns], 0.0)
    array[META] = (name, dims)
    return array


_INDICES: list[float] = []  # 1.0, 2.0, ...: the keys of every array made so far, made once


def _indices(count: int) -> list[float]:
    """The float indices 1 to count."""
    if len(_INDICES) < count:
        _INDICES.extend(float(i) for i in range(len(_INDICES) + 1, count + 1))
    return _INDICES[:count]


def array_name(array: dict) -> str:
    """The name the array was declared with."""
    return array[META][0]


def array_dims(array: dict) -> tuple[int, ...]:
    """The array's sizes: (n,) or (rows, columns)."""
    return array[META][1]


def fix_key(array: dict, key: object) -> object:
    """The key an index names: a fractional index truncated (ENT); INDICE HORS LIMITES if none."""
    # A key with the wrong number of indices is never in the dict: INDICE HORS LIMITES.
    name = array_name(array)
    if isinstance(key, tuple):
        if not all(type(k) is float or type(k) is int for k in key):
            raise LseError(Err.TYPE_MISMATCH, name)
        fixed: object = tuple(float(math.floor(k)) if math.isfinite(k) else k for k in key)
    elif type(key) is float or type(key) is int:  # an int: the index of a FAIRE's pass (ops.make_passes)
        fixed = float(math.floor(key)) if math.isfinite(key) else key
    else:
        raise LseError(Err.TYPE_MISMATCH, name)
    if fixed is META or fixed not in array:
        raise LseError(Err.INDEX_RANGE, f"{name}[{_show(key)}]")
    return fixed


def read(array: dict, key: object) -> float:
    """An element, whatever the index: the path of a key that is not in the dict as it is."""
    if key in array and key is not META:
        return array[key]
    return array[fix_key(array, key)]


def put(array: dict, key: object, value: object) -> None:
    """Store a number at an index that missed the fast path, or fail in LSE terms."""
    fixed = fix_key(array, key)
    array[fixed] = check_number(value, array_name(array))


def element_keys(array: dict) -> list[object]:
    """Every index, rows first."""
    return [key for key in array if key is not META]


def elements(array: dict) -> list[float]:
    """Every element, rows first."""
    return [value for key, value in array.items() if key is not META]


def rows(array: dict) -> list[list[float]]:
    """The array as a list of rows (one row for a vector)."""
    flat = elements(array)
    dims = array_dims(array)
    if len(dims) == 1:
        return [flat]
    width = dims[1]
    return [flat[i:i + width] for i in range(0, len(flat), width)]


def copy_array(array: dict) -> dict:
    """An independent copy (used for arrays passed by value)."""
    return array.copy()


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
