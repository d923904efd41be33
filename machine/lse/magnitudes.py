"""How large each number variable of a program can ever be: a bound on its size, from every store into it.

An analysis of the layout (imports nodes, layout, holdings and operands; never the runtime, nor the code
generator): pyexpr leaves out the overflow test of a sum or product whose operands' bounds keep it far
inside the double range.

A variable's stores are of two forms: one that sets it (`X←E`, a FAIRE's start, a position given back, a
parameter by value given an argument, what the host or the monitor may give: up to GIVEN) and one that adds
to it (`X←X+E`, `X←E-X`, a FAIRE's step). Its bound is the largest set value plus PASSES times the largest
addend, the bounds of the expressions being worked out from those of the variables they read, until no
bound grows (one that passes LARGEST, or keeps growing, has none). A variable read in (LIRE) or loaded
(CHARGER) has none. The program's arrays count as variables, by their element stores; a parameter by
reference and whatever every call gives it are one variable, with the stores of all of them.

Decision: PASSES is 2^53 stores into one variable. No run gets there (at 10^8 statements a second, it
would take three years), and a variable that only grows by bounded steps is then bounded: a counter, a
sum of bounded terms, a loop's variable, whatever its limit. What doubles at each pass (a power, the
Fibonacci numbers) has no bound.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping

from machine.lse import nodes as n
from machine.lse.checks import walk
from machine.lse.holdings import array_variables, counted_arrays, own_names
from machine.lse.layout import MAIN, Layout, Unit, reference_classes
from machine.lse.operands import SMALL_RESULTS, magnitude, remainder_divisor

PASSES = 2.0 ** 53  # the most stores into one variable that a run can make (see the docstring)
LARGEST = 1e250  # a bound beyond this is none: sums and products of two bounded values stay below 1e300
# The largest number the host may give a parameter by value (Micro.call), or the monitor a variable of the program
# with the run going on after (CONTINUER): a remainder of its product by a 2^20 constant is still found exactly.
GIVEN = 2.0 ** 32
GROWTHS = 12  # how often a bound may grow before it is given up (a chain of stores this deep is followed)

NAMED = (n.Var, n.Index)  # what reads a variable: itself, or an element of an array
Key = tuple[str, str]  # (the unit whose own variable it is, or MAIN; its name)


def variable_bounds(layout: Layout, start: Mapping[str, object] | None = None) -> dict[str, dict[str, float]]:
    """Each unit's number variables with a bound on their size, by name (its own, and the program's it reads);
    `start`: the program's variables the run starts with (kept from the prompt: REPRENDRE), their values."""
    if layout.paused:  # the monitor may set any variable while the program waits
        return {name: {} for name in layout.units}
    alias = reference_classes(layout)
    stores, unbounded = _stores(layout, alias)
    for name, value in (start or {}).items():
        key = alias.get((MAIN, name), (MAIN, name))
        if key in stores and (size := largest(value)) is not None:
            if not size <= LARGEST:  # (NaN too)
                unbounded.add(key)
            stores[key].append((False, n.Num(size, 0), layout.units[MAIN]))
    bounds = _settle(stores, unbounded, alias)
    names = set(alias) | set(stores)
    own: dict[str, dict[str, float]] = {name: {} for name in layout.units}
    for owner, name in names:
        bound = bounds.get(alias.get((owner, name), (owner, name)))
        if bound is not None and owner in own:
            own[owner][name] = bound
    main = own[MAIN]  # (the program's variable where the unit has no name of its own so)
    return {name: main if name == MAIN else UnitBounds(own[name], main, unit.locals)
            for name, unit in layout.units.items()}


class UnitBounds(Mapping):
    """A procedure's bounds by name: its own variables', and the program's where it has no LOCAL of that name.

    Decision: the program's bounds are one dict that every procedure's mapping reads, not a copy per procedure:
    a copy made the memory of variable_bounds the number of procedures times the program's variables.
    """

    __slots__ = ("own", "main", "locals")

    def __init__(self, own: dict[str, float], main: dict[str, float], locals_: frozenset) -> None:
        self.own, self.main, self.locals = own, main, locals_

    def get(self, name: str, default: float | None = None) -> float | None:
        if name in self.own:
            return self.own[name]
        return default if name in self.locals else self.main.get(name, default)

    def __getitem__(self, name: str) -> float:
        if (found := self.get(name)) is None:
            raise KeyError(name)
        return found

    def __contains__(self, name: object) -> bool:
        return name in self.own or (name not in self.locals and name in self.main)

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        yield from (name for name in self.main if name not in self.locals and name not in self.own)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def largest(value: object) -> float | None:
    """The size of a number, the largest of an array's numbers (None: neither)."""
    if type(value) is float:
        return abs(value)
    if type(value) is list:
        return max((abs(item) for item in value[1:] if type(item) is float), default=0.0)
    return None


def _key(unit: Unit, name: str, alias: dict[Key, Key]) -> Key:
    key = unit.key(name)
    return alias.get(key, key)


def _stores(layout: Layout, alias: dict[Key, Key]) -> tuple[dict[Key, list[tuple[bool, object, Unit]]], set[Key]]:
    """Every store into a number variable or an element of the program's arrays (those whose name is only ever an
    array's), as (adds, expression, the unit it is read in); and the variables with no bound whatever their stores.

    An array is one variable: an element stored adds to it where it is another of its elements plus something,
    and sets it otherwise. One read in, loaded or given to a parameter by value (a copy) has no bound.
    """
    stores: dict[Key, list[tuple[bool, object, Unit]]] = {}
    unbounded: set[Key] = set()
    reduced = _reduced(layout.program)
    arrays = array_variables(layout) - own_names(layout) - layout.parameters
    counted = counted_arrays(layout)  # (arrays, and those given whole by reference or given a value as a whole)

    def store(unit: Unit, name: str, expr: object, reader: Unit | None = None) -> None:
        key = _key(unit, name, alias)
        reader = unit if reader is None else reader
        adds, part = _addend(key, expr, reader, alias)
        stores.setdefault(key, []).append((adds, part, reader))

    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Assign and id(node) in reduced:  # what only the remainder after it reads: that remainder
            stores.setdefault(_key(unit, node.target.name, alias), []).append((False, reduced[id(node)], unit))
        elif kind is n.Assign:  # (an element: into its array, bounded below if it is one of the program's)
            store(unit, node.target.name, node.expr)
        elif kind is n.Faire:
            key = _key(unit, node.var, alias)
            stores.setdefault(key, []).append((False, node.start, unit))
            stores[key].append((True, n.Num(1.0, node.line) if node.step is None else node.step, unit))
        elif kind is n.Lire:
            unbounded.update(_key(unit, target.name, alias) for target in node.targets)
        elif kind is n.Charger:
            unbounded.update(_key(unit, target.name, alias) for target in (node.var, node.status) if target is not None)
        elif kind is n.BuiltinCall and node.position_out is not None:
            store(unit, node.position_out.name, n.Num(SMALL_RESULTS["POS"], node.line))
        elif kind is n.Call:
            callee = layout.units.get(node.name)
            if callee is None:
                continue
            for param, arg in zip(callee.params, node.args):
                if param not in callee.by_reference or type(arg) not in NAMED:  # (an expression: its value)
                    store(callee, param, arg, reader=unit)
                if param not in callee.by_reference and type(arg) is n.Var and arg.name in counted:
                    unbounded.add(_key(unit, arg.name, alias))  # (an array given by value: a copy of it)
    given = [(False, n.Num(GIVEN, 0), layout.units[MAIN])]  # (runtime.call_from_host, linker.bounds_kept refuse more)
    for unit in layout.units.values():  # what the host may give
        for param in unit.params:
            stores.setdefault(_key(unit, param, alias), []).extend(given)
    shown = {class_ for key, class_ in alias.items() if key[0] == MAIN}  # (keys that stand for a program variable)
    for key, entries in stores.items():  # what the monitor may give
        if key[0] == MAIN or key in shown:
            entries.extend(given)
    # A key is bounded only if every variable it stands for is a number, an array of the program, or one of them
    # given by reference (every store through the parameter is one of the class's: layout.reference_classes).
    members: dict[Key, set[Key]] = {key: {key} for key in stores}
    for key, class_ in alias.items():
        members.setdefault(class_, set()).add(key)
    unbounded.update(key for key, keys in members.items() if not all(
        layout.is_pure_number(name) or owner == MAIN and name in arrays
        or _referenced_array(layout, owner, name, counted) for owner, name in keys))
    return stores, unbounded


def _referenced_array(layout: Layout, owner: str, name: str, counted: set[str]) -> bool:
    """True if a variable of a class of parameters by reference holds only numbers or arrays of them: one of the
    program's arrays whose every store is counted (holdings.counted_arrays), or a parameter by reference never
    a CHAINE nor loaded by that name."""
    if owner == MAIN:
        return name in counted
    return (name in layout.units[owner].by_reference and name not in layout.string_names
            and name not in layout.loaded_names)


def _reduced(program: n.Program) -> dict[int, n.Binary]:
    """The assignments X←E followed in their line by X←X-ENT(X/M)*M (a random number's step then its remainder:
    nothing else can read E), by id, each with that remainder with E in the place of X (see operands.magnitude).

    Decision: a statement after the first of its line is only ever reached from the one before it (a jump goes
    to a line, a loop's body starts after its FAIRE, and no slice ends in between).
    """
    found: dict[int, n.Binary] = {}
    for line in program.lines:
        for first, then in zip(line.statements, line.statements[1:]):
            named = first.target.name if type(first) is n.Assign and type(first.target) is n.Var else None
            if named is not None and type(then) is n.Assign and type(then.target) is n.Var and (
                    then.target.name == named and type(then.expr) is n.Binary and type(then.expr.left) is n.Var) and (
                    then.expr.left.name == named and remainder_divisor(then.expr) is not None):
                product = then.expr.right  # ENT(X/M)*M or M*ENT(X/M), X now E
                whole, constant = (product.left, product.right) if type(product.right) is n.Num else (
                    product.right, product.left)
                ent = n.BuiltinCall("ENT", (n.Binary("/", first.expr, constant, then.line),), None, then.line)
                found[id(first)] = n.Binary("-", first.expr, n.Binary("*", ent, constant, then.line), then.line)
    return found


def _addend(key: Key, expr: object, reader: Unit, alias: dict[Key, Key]) -> tuple[bool, object]:
    """A store as (True, E) where it adds E to the variable it stores into (X+E, E+X, X-E, E-X), else (False, expr)."""
    if type(expr) is n.Binary and expr.op in "+-":
        for mine, other in ((expr.left, expr.right), (expr.right, expr.left)):
            if type(mine) in NAMED and _key(reader, mine.name, alias) == key and not _reads(other, key, reader, alias):
                return True, other
    return False, expr


def _reads(node: object, key: Key, reader: Unit, alias: dict[Key, Key]) -> bool:
    return any(type(item) in NAMED and _key(reader, item.name, alias) == key for item in walk(node))


def _settle(stores: dict[Key, list[tuple[bool, object, Unit]]], unbounded: set[Key],
            alias: dict[Key, Key]) -> dict[Key, float]:
    """Raise the bounds from none until no store gives more (a worklist: a key is worked out again when one it
    reads grows); a key that grows GROWTHS times has none, and so do those that read it."""
    readers: dict[Key, set[Key]] = {}  # the keys whose stores read a key
    for key, entries in stores.items():
        for _, expr, reader in entries:
            for item in walk(expr):
                if type(item) in NAMED:
                    readers.setdefault(_key(reader, item.name, alias), set()).add(key)
    bounds = {key: 0.0 for key in stores if key not in unbounded}
    grown = dict.fromkeys(bounds, 0)
    work = deque(bounds)  # first in, first out, each key at most once in it: a key that reads n others is worked
    waiting = set(bounds)  # out once after they all grew, not once after each (n stores of X←Vn: n*n magnitudes)
    while work:
        key = work.popleft()
        waiting.discard(key)
        if key not in bounds:
            continue
        bound = _bound(stores[key], bounds, alias)
        if bound is None or bound > LARGEST or bound > bounds[key] and grown[key] == GROWTHS:
            del bounds[key]
        elif bound > bounds[key]:
            bounds[key] = bound
            grown[key] += 1
        else:
            continue
        for reader in readers.get(key, ()):
            if reader not in waiting:
                waiting.add(reader)
                work.append(reader)
    return bounds


def _bound(entries: list[tuple[bool, object, Unit]], bounds: dict[Key, float], alias: dict[Key, Key]) -> float | None:
    set_to = added = 0.0
    for adds, expr, reader in entries:
        size = magnitude(expr, lambda name, reader=reader: bounds.get(_key(reader, name, alias)))
        if size is None:
            return None
        if adds:
            added = max(added, size)
        else:
            set_to = max(set_to, size)
    return set_to + PASSES * added
