"""Nanoseconds per element access for each form the generator writes (pyarray.Element), by kind of index.

`python bench/elements.py` times, in a loop of one function as generated code runs, each form
(a fast-path read, a read where nothing may fail, a store tried then handed to `_put`, a store
behind the general test) for a float index ('n', every index today) and a Python int ('i'), on a
vector and a matrix; beside them, the same accesses on the float-keyed dicts arrays were before
(their code written here as the generator wrote it), and the loop alone.
"""

from __future__ import annotations

import math
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machine.lse.pyarray import Element  # noqa: E402
from machine.lse.values import new_array  # noqa: E402

SIZE, ROWS, COLUMNS = 1000, 30, 30


def _missed(*_: object) -> None:
    raise AssertionError("every index timed names an element")


NAMES = {"_floor": math.floor, "_type": type, "_list": list, "_float": float, "_put": _missed, "_rd": _missed,
         "_Exception": Exception}


def _dict(keys: list) -> dict:
    array = dict.fromkeys(keys, 0.0)
    array[None] = ("A", ())
    return array


def cases() -> list[tuple[str, object, list, str]]:
    """(name, array, keys, loop body) for every form; the body names the array `a` and the index `k` or `k, kb`."""
    floats = [float(i) for i in range(1, SIZE + 1)]
    ints = list(range(1, SIZE + 1))
    pairs = [(float(i), float(j)) for i in range(1, ROWS + 1) for j in range(1, COLUMNS + 1)]
    int_pairs = [(i, j) for i in range(1, ROWS + 1) for j in range(1, COLUMNS + 1)]
    found = [
        ("vector: loop alone", _dict(floats), floats, "pass"),
        ("vector: read fast, former dict", _dict(floats), floats, "try:\n    x = a[k]\nexcept _Exception:\n    pass"),
        ("vector: read, former dict", _dict(floats), floats, "x = (a[k] if a is not None and k in a else _rd(a, k))"),
        ("vector: store, former dict", _dict(floats), floats,
         "if a is not None and k in a: a[k] = 0.0\nelse: _put(a, k, 0.0)"),
        ("matrix: loop alone", _dict(pairs), pairs, "pass"),
        ("matrix: read fast, former dict", _dict(pairs), pairs,
         "try:\n    x = a[(k, kb)]\nexcept _Exception:\n    pass"),
        ("matrix: read, former dict", _dict(pairs), pairs,
         "x = (a[_k] if a is not None and (_k := (k, kb)) in a else _rd(a, _k))"),
        ("matrix: store, former dict", _dict(pairs), pairs,
         "if a is not None and (_k := (k, kb)) in a: a[_k] = 0.0\nelse: _put(a, _k, 0.0)"),
    ]
    for kind, vector_keys, matrix_keys in (("n", floats, pairs), ("i", ints, int_pairs)):
        for shape, keys, parts in (("vector", vector_keys, ["k"]), ("matrix", matrix_keys, ["k", "kb"])):
            element = Element("a", parts, [kind] * len(parts), "1")
            array = new_array("A", (SIZE,) if shape == "vector" else (ROWS, COLUMNS))
            found += [
                (f"{shape}: read fast, list '{kind}'", array, keys, f"try:\n    x = {element.fast_read()}\n"
                                                                   "except _Exception:\n    pass"),
                (f"{shape}: read, list '{kind}'", array, keys, f"x = {element.read()}"),
                (f"{shape}: store tried, list '{kind}'", array, keys, "\n".join(element.store("0.0"))),
                (f"{shape}: store tested, list '{kind}'", array, keys, "\n".join(element.store("(0.0 + 0.0)"))),
            ]
    return found


def timed(array: object, keys: list, body: str) -> float:
    """Nanoseconds per pass of a loop over keys running body (best of 7)."""
    head = "for k, kb in keys:" if type(keys[0]) is tuple else "for k in keys:"
    source = (f"def loop(a, keys, {', '.join(f'{name}={name}' for name in NAMES)}):\n    {head}\n"
              + "".join(f"        {line}\n" for line in body.split("\n")))
    namespace = dict(NAMES)
    exec(source, namespace)  # noqa: S102 - the forms timed are this file's and the generator's
    loop = namespace["loop"]
    loop(array, keys)
    return min(timeit.repeat(lambda: loop(array, keys), number=200, repeat=7)) / 200 / len(keys) * 1e9


def main() -> None:
    for name, array, keys, body in cases():
        print(f"{name:34s} {timed(array, keys, body):6.1f} ns")


if __name__ == "__main__":
    main()
