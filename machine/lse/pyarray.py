"""Python code for one LSE array element on the list layout of values.new_array; imports values only (slot numbers).

An element is written one of three ways. In a fast path (pystmt.evaluated) it is a plain `a[p]`
whose position p is tested, and any failure reruns the statement the general way. Elsewhere the
test is written out and an element that fails it goes to the general functions (`_rd`, `_put`,
`_elref`), which take any index and give the LSE error. An index part's kind is 'n' (a float,
what every index is today), 'i' (a Python int, already whole) or anything else (known only at
run time: 'n' plus a test of its type where no failure may be raised).
"""

from __future__ import annotations

from machine.lse.values import BOUND, COLUMN_BOUND, COLUMNS, INT_BOUND, INT_COLUMN_BOUND, INT_ROW_BOUND, ROW_BOUND

# Each kind of index part: the test that it is at least 1, and the slots of the description (slot 0)
# holding the bound it must stay under, for a vector's index, a matrix's row and its column.
# Decision: a float is floored (math.floor gives an int, several times faster than int()); the
# test is written `k >= 1.0 and bound > k`, which measured faster than `1.0 <= k < bound`.
LOW = {"i": "> 0", "n": ">= 1.0"}
HOISTED = "_H"  # the name of a description read before a counted loop's `for`, then its number (pyloops)
SLOTS = {"i": (INT_BOUND, INT_ROW_BOUND, INT_COLUMN_BOUND), "n": (BOUND, ROW_BOUND, COLUMN_BOUND)}


def simple(code: str) -> bool:
    """True if code can be evaluated twice with no cost and no effect: a name or a number written out."""
    if code.isidentifier():
        return True
    try:
        float(code)
    except ValueError:
        return False
    return True


class Element:
    """The operands of one element access: the array, then its index parts, each named once.

    `tag` makes the temporaries of this access apart from those of the accesses inside its index.
    """

    def __init__(self, array: str, parts: list[str], kinds: list[str], tag: str,
                 fallback: list[str] | None = None, vector: bool = False, above: list[bool] | None = None,
                 described: str | None = None, pinned: bool = False, row: str | None = None,
                 column: str | None = None, listed: bool = False, capped: bool = False,
                 dims: tuple[int, ...] | None = None) -> None:
        self.array = array
        self.listed = listed  # the array is a list whenever it is set (holdings.array_variables): not tested
        # Pinned: the array and each part held as first evaluated, where what runs after them (a call in
        # a later part, the value stored) may change the variables they read.
        self.a = array if array.isidentifier() and not pinned else f"_a{tag}"
        self.parts = list(parts)
        temps = (f"_k{tag}", f"_kb{tag}")
        self.names = [part if simple(part) and not (pinned and part.isidentifier()) else temps[at]
                      for at, part in enumerate(parts)]
        self.kinds = [kind if kind == "i" else "n" for kind in kinds]
        self.guards = [kind not in ("n", "i") for kind in kinds]  # a type to test where nothing may fail
        self.positive = [False] * len(parts)  # a constant from 1
        # Known to be at least 1 where it is a number: FAIRE counters' ints and constants whose least
        # value is 1 or more (pyexpr.least; a NaN names no element: a list indexed by a float is a
        # TypeError, a test with it False).
        self.above = list(above) if above else [False] * len(parts)
        for at, part in enumerate(parts):
            whole = counting_number(part)
            if whole is not None:  # a whole constant from 1: an int written out, at least 1 (the same element)
                self.parts[at] = self.names[at] = str(whole)
                self.kinds[at], self.guards[at], self.positive[at], self.above[at] = "i", False, True, True
        self.m = f"_m{tag}"
        self.fallback = fallback  # the parts as floats, for the general functions (see key)
        self.vector = vector  # the array is a vector whenever it is an array (holdings.vectors)
        # A fast path's name for the array's description, read once before the statement (see fast_test).
        self.described = described
        # A fast path's names for a matrix row's offset and its column, read before a counted loop (None there:
        # no such row or column, a TypeError).
        self.row, self.column = row, column
        # An index, or a matrix's column, whose upper bound a counted loop tests before its `for`
        # (pyloops.LoopCode.capped): tested here from below only, and written where it is used where it needs
        # no test at all.
        self.capped = capped
        # The array's sizes where they are known before the run (holdings.shapes): its bounds and row length
        # written out, its description not read.
        self.dims = dims if dims and len(dims) == len(parts) else None

    # ------------------------------------------------------------ pieces
    def container(self) -> str:
        """The array, first evaluated (a temporary is set)."""
        return self.array if self.a == self.array else f"({self.a} := {self.array})"

    def first(self, at: int) -> str:
        """Index part `at`, first evaluated (a temporary is set)."""
        name, part = self.names[at], self.parts[at]
        return name if name == part else f"({name} := {part})"

    def key(self) -> str:
        """The index as the general functions take it: a number or an (i, j) pair (the floats, if given)."""
        names = self.fallback or self.names
        return names[0] if len(names) == 1 else f"({names[0]}, {names[1]})"

    def whole(self, at: int) -> str:
        return self.names[at] if self.kinds[at] == "i" else f"_floor({self.names[at]})"

    def position(self) -> str:
        if len(self.names) == 1:
            return self.whole(0)
        column = self.column or (self.parts[1] if self.capped and self.above[1] else self.whole(1))
        if self.row is not None:
            return f"{self.row} + {column}"
        stride = f"{self.described}s" if self.described else (
            str(self.dims[1]) if self.dims else f"{self.m}[{COLUMNS}]")
        if self.positive[0]:  # a constant row: its offset
            row = int(self.names[0]) - 1
            return column if row == 0 else f"{row} * {stride} + {column}"
        row = self.parts[0] if self.above[0] else self.whole(0)  # (a row from 1 is not tested: written here)
        return f"({row} - 1) * {stride} + {column}"

    # ------------------------------------------------------------ tests
    def within(self, at: int, bound: str, evaluate: bool) -> str:
        """Index part `at` is at least 1 and under `bound` (evaluated here first if `evaluate`)."""
        if self.dims and self.positive[at]:  # a constant from 1 against sizes known: decided here
            return "True" if int(self.names[at]) <= self.dims[at] else "False"
        first = self.first(at) if evaluate else self.names[at]
        if self.above[at]:
            return f"{bound} > {first}"
        return f"{first} {LOW[self.kinds[at]]} and {bound} > {self.names[at]}"

    def fast_test(self) -> str:
        """True if the index names an element; it may raise instead of being False (a fast path reruns).

        The row of a matrix is tested from below only: a row past the last is a position past the
        end of the list, an IndexError. A column is tested both ways, so that it never lands in
        the next row; a vector's column bound is 0, and a matrix's vector bound, so that an index of
        the wrong number of parts never names an element. A name that can only be a vector needs no
        upper test: a position past the end is an IndexError (and a number indexed a TypeError).
        """
        if len(self.names) == 1 and (self.vector or self.capped):  # past the end: an IndexError, or not reached
            return "True" if self.above[0] else f"{self.first(0)} {LOW[self.kinds[0]]}"  # (not a list: a TypeError)
        description = self.described or f"{self.a}[0]"
        if len(self.names) == 1:
            return self.within(0, self.bound(description, 0, "v"), True)
        description = self.described or f"({self.m} := {self.a}[0])"
        if self.column or self.capped and self.above[1]:
            column = "True"
        elif self.capped:
            column = f"{self.first(1)} {LOW[self.kinds[1]]}"
        else:
            column = self.within(1, self.bound(description, 2, "c"), True)
        if self.above[0] or self.row is not None:
            return column
        row = f"{self.first(0)} {LOW[self.kinds[0]]}"
        return row if column == "True" else f"{row} and {column}"

    def bound(self, description: str, slot: int, suffix: str) -> str:
        """The bound an index part is tested against: read before a counted loop's `for` (its description
        named `_H`, pyloops.description) where the part is an int, else from the description."""
        at = 0 if slot == 0 else 1
        if self.kinds[at] == "i" and description.startswith(HOISTED):
            return f"{description}{suffix}"
        if self.dims:
            return self.written_bound(at)
        return f"{description}[{SLOTS[self.kinds[at]][slot]}]"

    def written_bound(self, at: int) -> str:
        """The bound of index part `at` of an array of known sizes, written out (an int for an int part)."""
        return f"{self.dims[at] + 1}" if self.kinds[at] == "i" else f"{self.dims[at] + 1}.0"

    def general_test(self) -> str:
        """True if the index names an element, False for anything else (never raises): the array first
        evaluated, then each index part, then the tests."""
        evaluated = []
        if self.a != self.array or self.names != self.parts:
            evaluated.append(f"{self.container()} is not None")  # always true: the array, evaluated first
            evaluated.extend(f"{self.first(at)} is not None" for at in range(len(self.names))
                             if self.names[at] != self.parts[at])
        tests = [] if self.listed else [f"_type({self.a}) is _list"]
        if self.listed and not evaluated and any(kind == "n" and not positive
                                                 for kind, positive in zip(self.kinds, self.positive)):
            # The tests read the index first (and the array not at all where its sizes are known): the array, a list
            # or unset, is read first all the same, as the reference reads it, so that an unset array fails on its
            # own name before an unset index does (found by the fuzz: PN1←&F0(D-1,LT[LA],PN1,PA2);TABLEAU LT[3]).
            # An index part that is an int (a loop's, or of ints) or a whole constant is always set: no test.
            tests.append(f"{self.a} is not None")
        tests.extend(f"_type({name}) is _float" for name, guard in zip(self.names, self.guards) if guard)
        if self.dims:
            tests.extend(self.within(at, self.written_bound(at), False) for at in range(len(self.names)))
        elif len(self.names) == 1:
            tests.append(self.within(0, f"{self.a}[0][{SLOTS[self.kinds[0]][0]}]", False))
        else:
            tests.append(self.within(0, f"({self.m} := {self.a}[0])[{SLOTS[self.kinds[0]][1]}]", False))
            tests.append(self.within(1, f"{self.m}[{SLOTS[self.kinds[1]][2]}]", False))
        return " and ".join(evaluated + tests)

    # ------------------------------------------------------------ forms
    def fast_read(self, at: str | None = None) -> str:
        """The element read in a fast path; `at`: a name its position is kept in, for a store into it after."""
        if at is None:
            return f"{self.container()}[{self.tested()}]"
        test = self.fast_test()
        kept = f"({at} := {self.parts[0] if test == 'True' and len(self.names) == 1 else self.position()})"
        return f"{self.container()}[{kept if test == 'True' else f'{kept} if {test} else None'}]"

    def tested(self) -> str:
        """The position if the index names an element (see fast_test), else None (a TypeError)."""
        test = self.fast_test()
        if test == "True":  # a vector's index from 1: written where it is used, as nothing else reads it
            return self.parts[0] if len(self.names) == 1 else self.position()
        return f"{self.position()} if {test} else None"

    def read(self) -> str:
        return f"({self.a}[{self.position()}] if {self.general_test()} else _rd({self.a}, {self.key()}))"

    def reference(self, name: str) -> str:
        return f"(({self.a}, {self.position()}) if {self.general_test()} else _elref({self.a}, {self.key()}, {name!r}))"

    def simple(self, number: str) -> bool:
        """True if the array, the index and the number stored are all simple: the store is tried, see store."""
        return self.a == self.array and self.names == self.parts and simple_number(number)

    def fast_store(self, value: str) -> str:
        """One statement storing value; it raises (the statement reruns) where the index names no element."""
        return f"{self.container()}[{self.tested()}] = {value}"

    def store(self, number: str, tried: Element | None = None) -> list[str]:
        """Statements storing a number: the array, then the index, then the number evaluated.

        Decision: where all of them are simple, the store is tried (by `tried`, the same element
        written with the ints of FAIRE variables, if given) and a failure goes to `_put` (which
        evaluates them again, in order): an index out of range and an array that is not one (a
        number or a string, which cannot be stored into) are the only failures.
        """
        if self.simple(number):
            return [f"try: {(tried or self).fast_store(number)}",
                    f"except _Exception: _put({self.a}, {self.key()}, {number})"]
        return [f"if {self.general_test()}: {self.a}[{self.position()}] = {number}",
                f"else: _put({self.a}, {self.key()}, {number})"]


def counting_number(code: str) -> int | None:
    """The value of a whole number from 1 written out (a constant index), else None."""
    try:
        value = float(code)
    except ValueError:
        return None
    return int(value) if value.is_integer() and 1.0 <= value < 2.0 ** 53 else None


def simple_number(code: str) -> bool:
    """True if code is simple, or the check of a simple value's kind (pure: it fails the same each time)."""
    if code.startswith("_num(") and code.endswith(")"):
        code = code[5:-1]
    return simple(code)
