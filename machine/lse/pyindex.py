"""The index parts of LSE array elements as expressions write them: their kinds, floors and bounds.

Imports nodes, operands and pyarray (the element's code); never the runtime. A part of the one code
generator: pyexpr.ExpressionCode is an IndexCode (through pyoperators.OperatorCode), and its constructor sets
the state these methods read (its scope, the fast-path and cold flags, the descriptions read before a counted loop).
"""

from __future__ import annotations

from machine.lse import nodes as n
from machine.lse.operands import changes_variables, signed_terms, whole24, whole_constant
from machine.lse.pyarray import Element, simple


class IndexCode:
    """Elements of one unit's arrays: their index parts, by ints where they help (see pyexpr.ExpressionCode)."""

    def key(self, indices: tuple) -> str:
        """An index as the general functions take it: a number or an (i, j) pair (floats, never ints)."""
        parts = [code for code, _ in self.float_parts(indices)]
        return parts[0] if len(parts) == 1 else f"({parts[0]}, {parts[1]})"

    def float_parts(self, indices: tuple) -> list[tuple[str, str]]:
        """key_parts written with the floats of FAIRE variables, never their ints."""
        self.floats += 1
        try:
            return self.key_parts(indices)
        finally:
            self.floats -= 1

    def key_parts(self, indices: tuple) -> list[tuple[str, str]]:
        """The code and kind of each index part (neither rounded nor checked: beyond any array anyway)."""
        self.in_index += 1
        try:
            parts = []
            for index in indices:
                self.int_index = True
                self.floor_var = self.floored(index)
                parts.append(self.sub(index))
                self.floor_var = None
            return parts
        finally:
            self.in_index -= 1
            self.int_index = False
            self.floor_var = None

    def floored(self, index: object) -> str | None:
        """The variable of an index in a counted loop's pass whose floor (pyloops.floor_of) can stand for it:
        added once, neither subtracted nor multiplied, to whole constants and the ints of loop variables.

        Decision: exact where V is whole, as V + n then is for a whole n (V below 2^53, or the index names no
        element); V's floor is None where V is not whole (pyloops.floor_of), since V + n may round to the next
        whole number (G←1-2^-53: G+1 is 2.0, so A[G+I-1] is A[I], not A[I-1]). Where the int names no element
        (V huge, not whole, a NaN of a loop) the pass reruns the general way, from the floats.
        """
        loops = self.scope.loops
        if loops.counting is None or not loops.floorable or self.floats or not self.fast:
            return None
        found: list[tuple[str, int]] = []
        for sign, node in signed_terms(index):
            kind = type(node)
            if kind is n.Var and node.name in loops.floorable:
                found.append((node.name, sign))
            elif not (whole24(node) or kind is n.Var and (
                    node.name == loops.counting.node.var or self.scope.live_counter(node.name))):
                return None
        return found[0][0] if len(found) == 1 and found[0][1] == 1 else None

    def element(self, array: str, parts: list[tuple[str, str]], tag: str, fallback: list[str] | None = None,
                vector: bool = False, above: list[bool] | None = None, described: str | None = None,
                pinned: bool = False, row: str | None = None, column: str | None = None,
                listed: bool = False, capped: bool = False, dims: tuple[int, ...] | None = None) -> Element:
        """An element access to write: the array's code, then its index parts with their kinds.

        A kind is 'n' (a float), 'i' (a Python int, whole already) or unknown; `fallback`, the
        parts as floats, for the general functions where an int part is no element (a NaN);
        `vector`, the array is one whenever it is an array; `above`, which int parts are at least 1 when
        they are numbers; `described`, `pinned`, `listed`, `capped` and `dims`, as pyarray.Element takes them.
        """
        return Element(array, [code for code, _ in parts], [kind for _, kind in parts], tag, fallback, vector, above,
                       described, pinned, row, column, listed, capped, dims)

    def indexed(self, name: str, indices: tuple, tag: str, pinned: bool = False) -> Element:
        """The element of the array `name` that `indices` name, by the ints of FAIRE variables where they help.

        Outside a fast path (which reruns on any failure) the general functions are given the parts
        as floats, computed again: only where every part is an int's (pure) or a name or a number.
        `pinned` (or a part that may change a variable): the array and each part are kept as they are
        first evaluated, in order, whatever runs after them (pyarray.Element).
        """
        array, vector = (self.scope.loops.fast_array if self.fast else self.scope.array)(name), self.scope.vector(name)
        listed = self.scope.listed(name) and array == self.scope.pyname(name)  # (not one read before a loop)
        dims = self.scope.shape(name)
        if pinned or any(changes_variables(index) for index in indices):
            return self.element(array, self.float_parts(indices), tag, vector=vector, pinned=True, listed=listed,
                                dims=dims)
        parts = self.key_parts(indices)
        kept = [False] * len(parts)  # a kept index is an int from 1, or NaN (no element)
        if not (self.floats or (self.fast and len(parts) == 2 and self.described.get(name))):  # (not a row read
            for at, index in enumerate(indices):  # before a `for`)
                parts[at], kept[at] = self.kept_index(index, parts[at])
        above = [kind == "i" and (kept[at] or self.at_least_one(index) or self.scope.loops.floored(index))
                 for at, (index, (_, kind)) in enumerate(zip(indices, parts))]
        if self.fast or all(kind != "i" for _, kind in parts):
            described = self.described.get(name) if self.fast else None
            row = column = None
            capped = False
            if described and len(parts) == 2:  # in a counted loop's `for`: what no pass changes, named before
                loops = self.scope.loops
                row = loops.row_offset(name, indices[0], parts[0][0], above[0]) if parts[0][1] == "i" else None
                column = loops.column(name, indices[1], parts[1][0], above[1]) if parts[1][1] == "i" else None
                capped = column is None and parts[1][1] == "i" and loops.capped(name, indices[1], True)
            elif described and not vector and parts[0][1] == "i":  # (a vector's end is an IndexError already)
                capped = self.scope.loops.capped(name, indices[0], False)
            return self.element(array, parts, tag, None, vector, above, described=described, row=row, column=column,
                                listed=listed, capped=capped, dims=dims)
        floats = self.float_parts(indices)
        if all(kind == "i" or simple(code) for code, kind in parts):
            return self.element(array, parts, tag, [code for code, _ in floats], vector, above, listed=listed,
                                dims=dims)
        return self.element(array, floats, tag, None, vector, listed=listed, dims=dims)

    def kept_index(self, index: object, part: tuple[str, str]) -> tuple[tuple[str, str], bool]:
        """An index part that is a number variable's float: the int it names, kept while the variable holds the
        same float (see pynames.UnitNames.kept_index); and whether it is one."""
        if type(index) is not n.Var or part[1] != "n":
            return part, False
        code = self.scope.kept_index(index.name)
        return (part, False) if code is None else ((code, "i"), True)

    def at_least_one(self, node: object) -> bool:
        """True if an index part written with ints is at least 1 wherever it is a number (not NaN)."""
        least = self.least(node)
        return least is not None and least >= 1

    def least(self, node: object) -> int | None:
        """The least value of a FAIRE variable's int (see counters.counter_floors) plus or minus whole
        constants, where it is a number (None: not known)."""
        if type(node) is n.Var:
            return self.scope.counter_floor(node.name)
        constant = whole_constant(node)
        if constant is not None:
            return constant
        if type(node) is n.Binary and node.op in "+-":
            left = self.least(node.left)
            right = self.least(node.right) if node.op == "+" else whole_constant(node.right)
            if left is not None and right is not None:
                return left + right if node.op == "+" else left - right
        return None

    def accessed(self, node: n.Index) -> Element:
        """The element an Index node names, its index written a level deeper (its temporaries apart)."""
        self.depth += 1
        try:
            return self.indexed(node.name, node.indices, str(self.depth))
        finally:
            self.depth -= 1
