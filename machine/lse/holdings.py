"""What the program's variables can hold, proved over the whole program: arrays of bounded whole
numbers, names that are only ever vectors, TABLEAU names that only ever hold arrays, CHAINE variables
that only ever hold strings, variables that only ever hold whole numbers.

Each fact holds as long as nothing but the program stores: the linker checks, when a stopped run goes
on, that the monitor broke none of them (linker.CompiledProgram.goes_on_with). Imports nodes, layout,
builtins (their result kinds), analyses and ownership (what a statement stores whole); never the runtime or
the code generator.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import Flow, given_whole, referenced_globals, whole_stores
from machine.lse.builtins import BUILTINS
from machine.lse.checks import walk
from machine.lse.kinds import result_expressions, whole_names
from machine.lse.layout import MAIN, Layout, Unit, given_by_reference, reference_classes
from machine.lse.operands import whole_constant
from machine.lse.ownership import stored_whole
from machine.lse.reach import NameBits, NameIndex


def own_names(layout: Layout) -> set[str]:
    """The names some procedure has as its own (a parameter or a local): not always the program's variable."""
    return {name for unit in layout.units.values() for name in unit.locals}


def own_declared(layout: Layout, foreign: set[int] | None = None) -> set[str]:
    """The names some procedure has as its own that its lines may make a CHAINE or an array (declared, loaded,
    handed to a parameter that may: Layout.unsettled_in), which layout.array_names and string_names count as the
    program's too; every own name (own_names) where a line may run in a frame not its own (`foreign`, None:
    unknown).

    Decision: `PROCEDURE &F(H) LOCAL H` beside the program's `TABLEAU H` (Arsac's short names) made the program's
    H no array for these facts, by name: its elements were not counted whole, each read tested its bounds
    apart, its filling loop lost its `for` (a probe's BFS 9 %, a Nim search 11 % of console80's time). A parameter by
    reference counts only where its procedure declares or loads it: handed on, it is the caller's variable handed
    (`&PUISS(A,E,R)` giving its R on to `&MULT(A,B,C)`, whose A is named as the program's TABLEAU A, made the
    program's R no counted array, and in console80 every product of its elements was rounded the general way: a
    matrix power 0.80 of its time)."""
    if foreign is None or foreign:
        return own_names(layout)
    declared: dict[str, set[str]] = {}  # (by unit, the names its own lines declare or load)
    for unit, node in layout.noted:
        if type(node) in (n.Chaine, n.Tableau, n.Charger):
            declared.setdefault(unit.name, set()).update(
                [name for name, _ in node.decls] if type(node) is n.Tableau else
                [node.var.name] if type(node) is n.Charger else node.names)
    return {name for unit in layout.units.values() if unit.name != MAIN
            for name in layout.unsettled_in[unit.name] & unit.locals
            if name not in unit.by_reference or name in declared.get(unit.name, ())}


def own_here(unit: Unit, foreign: set[int] | None) -> frozenset[str]:
    """The names a statement of `unit` stores into as its own variables, none of them the program's: its locals
    and parameters by value, where no line runs in a frame not its own (`foreign` empty); else none."""
    return unit.locals - unit.by_reference if foreign is not None and not foreign and unit.name != MAIN else (
        frozenset())


class Bounds(dict):
    """Arrays' bounds by name (bounded_arrays), with `mates`: the program's arrays whose bounds stand or fall with
    a name's (those of its class, or of the classes of a parameter of that name); and `asked`: the names the code
    generator asked for, with their mates, whose bounds the code counts on (linker.CompiledProgram.arrays_kept).

    Decision: an array given to a procedure by reference is bounded with its parameter, and the monitor's
    `TABLEAU T[3]` then `T[1]←42` at a stop refused CONTINUER where the code only read T[1] (test_settled_arrays):
    a value the monitor gives an array whose bounds no code asked for breaks nothing."""

    def __init__(self, found: dict[str, tuple[int, int]], mates: dict[str, frozenset[str]]) -> None:
        super().__init__(found)
        self.mates = mates
        self.asked: set[str] = set()

    def __getitem__(self, name: str) -> tuple[int, int]:
        self.asked |= self.mates.get(name, frozenset()) | {name}
        return super().__getitem__(name)

    def get(self, name: str, default: object = None) -> object:
        return self[name] if name in self else default


def bounded_arrays(layout: Layout, foreign: set[int] | None = None) -> Bounds:
    """The arrays whose elements only ever hold whole numbers between two bounds (0 included, as TABLEAU makes
    them), by name: the program's, and the parameters by reference they are given to (one bound for a parameter and
    every array given to it: ArrayClasses). Every store to them is of a whole constant, a SI choosing between such
    values, or an element of such an array; none is typed in (LIRE), loaded, given back as a position, given to a
    procedure by value, nor given a value whole; no procedure has a name of theirs as its own array or CHAINE
    (own_declared; any own name where a line may run in another unit's frame), and a procedure's stores into its own
    number of the name are not theirs (own_here). A parameter counts where every procedure that has its name has it
    as a parameter by reference, no TABLEAU declares it, and no line runs in a frame not its own (`foreign` empty).

    Sums and products of their elements may then need no test (pyexpr.bounds); a value the monitor gives an element
    outside the bounds stops the run (linker.arrays_kept), and the host's call is refused one (Runtime.call_from_host).
    """
    names = layout.array_names - layout.parameters - layout.string_names - layout.loaded_names - own_declared(
        layout, foreign)
    classes = ArrayClasses(layout, names, foreign is not None and not foreign)
    ranges = classes.settle()
    programs: dict[tuple[str, str], set[str]] = {}  # each class's arrays of the program
    for name in names:
        programs.setdefault(classes.find((MAIN, name)), set()).add(name)
    found = {name: ranges[classes.find((MAIN, name))] for name in names}
    mates = {name: frozenset(programs[classes.find((MAIN, name))]) for name in names}
    for name in layout.parameters - layout.array_names - layout.string_names - layout.loaded_names:
        keys = [(unit.name, name) for unit in layout.units.values() if name in unit.locals]
        if all(key in classes.members for key in keys):
            hull = [ranges[classes.find(key)] for key in keys]
            found[name] = (min(low for low, _ in hull), max(high for _, high in hull)) if None not in hull else None
            mates[name] = frozenset().union(*(programs.get(classes.find(key), ()) for key in keys))
    return Bounds({name: bounds for name, bounds in found.items() if bounds is not None}, mates)


class ArrayClasses:
    """The arrays of bounded_arrays, by (unit, name): the program's (MAIN, name), and each procedure's parameters by
    reference where `lent`; a parameter and every array or element given to it are one class (layout.reference_classes),
    with the stores of all of them. Each class's stores: None for one that leaves it unbounded (a class that holds
    anything else than its members, through such a store where the two meet)."""

    def __init__(self, layout: Layout, names: set[str], lent: bool) -> None:
        self.layout, self.names = layout, names
        self.members: set[tuple[str, str]] = {(MAIN, name) for name in names}
        if lent:
            self.members |= {(unit.name, param) for unit in layout.units.values() for param in unit.by_reference}
        self.classes = reference_classes(layout)
        self.stores: list[tuple[tuple[str, str], object, Unit]] = []  # (key, expression or None, its unit)
        for unit, node in layout.noted:
            self.note(unit, node)

    def key(self, unit: Unit, name: str) -> tuple[str, str] | None:
        """The member a name read or stored in `unit` is, or None (a procedure's own array, anything else)."""
        if unit.name != MAIN and name in unit.locals:
            key = (unit.name, name)
            return key if key in self.members else None
        return (MAIN, name) if name in self.names else None

    def find(self, key: tuple[str, str]) -> tuple[str, str]:
        return self.classes.get(key, key)

    def note(self, unit: Unit, node: object) -> None:
        """The stores and the joins a statement or an expression makes."""
        kind = type(node)
        if kind is n.Assign and (key := self.key(unit, node.target.name)) is not None:
            self.stores.append((key, node.expr if type(node.target) is n.Index else None, unit))
        elif kind is n.Lire:
            self.unbound(unit, *(target.name for target in node.targets))
        elif kind is n.BuiltinCall and node.position_out is not None:
            self.unbound(unit, node.position_out.name)
        elif kind is n.Faire:
            self.unbound(unit, node.var)
        elif kind is n.Charger:  # (through a parameter, into what it was given)
            self.unbound(unit, *(target.name for target in (node.var, node.status) if target is not None))
        elif kind is n.Call and (callee := self.layout.units.get(node.name)) is not None:
            for param, arg in zip(callee.params, node.args):  # (joined where both are members: reference_classes)
                named = self.key(unit, arg.name) if type(arg) in (n.Var, n.Index) else None
                lent = (callee.name, param) if (callee.name, param) in self.members else None
                if named is None or lent is None:
                    self.stores.extend((key, None, unit) for key in (named, lent) if key is not None)

    def unbound(self, unit: Unit, *names: str) -> None:
        self.stores.extend((key, None, unit) for name in names if (key := self.key(unit, name)) is not None)

    def settle(self) -> dict[tuple[str, str], tuple[int, int] | None]:
        """Each class's bounds (None: none), from zeros up until no store widens them (a store of another class's
        element widens by that class's: a chain of them is followed, each widening to a bound of some constant)."""
        ranges: dict[tuple[str, str], tuple[int, int] | None] = {self.find(key): (0, 0) for key in self.members}
        readers: dict[tuple[str, str], list[int]] = {}  # the stores whose value reads a class's elements, by class
        for at, (_, expr, unit) in enumerate(self.stores):
            for item in walk(expr) if expr is not None else ():
                if type(item) is n.Index and (key := self.key(unit, item.name)) is not None:
                    readers.setdefault(self.find(key), []).append(at)
        work, waiting = deque(range(len(self.stores))), set(range(len(self.stores)))  # (first in, first out)
        while work:
            at = work.popleft()
            waiting.discard(at)
            key, expr, unit = self.stores[at]
            root = self.find(key)
            now = ranges[root]
            if now is None:
                continue
            given = None if expr is None else self.range_of(expr, unit, ranges)
            wider = None if given is None else (min(now[0], given[0]), max(now[1], given[1]))
            if wider != now:
                ranges[root] = wider
                for reader in readers.get(root, ()):
                    if reader not in waiting:
                        waiting.add(reader)
                        work.append(reader)
        return ranges

    def range_of(self, expr: object, unit: Unit, ranges: dict) -> tuple[int, int] | None:
        """The least and greatest value a stored expression gives: a whole constant, a SI between such, an element of
        a class (as its bounds are now); None for any other."""
        kind = type(expr)
        if kind is n.Conditional:
            then, other = self.range_of(expr.then, unit, ranges), self.range_of(expr.other, unit, ranges)
            return None if then is None or other is None else (min(then[0], other[0]), max(then[1], other[1]))
        if kind is n.Index:
            key = self.key(unit, expr.name)
            return None if key is None else ranges[self.find(key)]
        value = whole_constant(expr)
        return None if value is None else (value, value)


def lent_parameters(layout: Layout, foreign: set[int] | None) -> set[str]:
    """The parameters that may hold an array sized elsewhere (the caller's): those by reference, every one where a
    line may run in a frame not its own (`foreign`, None: unknown). A parameter by value given an array is
    refused (an array is given by reference only): the procedure's own number, or an array it declares itself."""
    if foreign is None or foreign:
        return layout.parameters
    return {param for unit in layout.units.values() for param in unit.by_reference}


def vectors(layout: Layout, foreign: set[int] | None = None) -> set[str]:
    """The names that can only be a vector when they are an array: every TABLEAU of theirs has one size, none is a
    CHAINE or given by CHARGER, no PAUSE (a fast path reads them without the upper test); none a parameter, but one
    by reference (wherever it is a parameter) given only such names (vector_parameters)."""
    if layout.paused:  # the monitor may declare anything while the program waits
        return set()
    sizes: dict[str, set[int]] = {}
    for _, node in layout.noted:
        if type(node) is n.Tableau:
            for name, dims in node.decls:
                sizes.setdefault(name, set()).add(len(dims))
    plain = {name for name, counts in sizes.items() if counts == {1}} - lent_parameters(layout, foreign) - (
        layout.string_names) - layout.loaded_names
    return plain | vector_parameters(layout, plain, sizes)


def vector_parameters(layout: Layout, plain: set[str], sizes: dict[str, set[int]]) -> set[str]:
    """The parameters that can only be a vector when they are an array: by reference in every procedure that has
    one of their name, no TABLEAU of theirs of two sizes, no CHAINE, no CHARGER, and every argument given to one
    a name of a vector (the greatest fixpoint: a recursion gives its parameter on to itself).

    Decision: a heap's sift given the array by reference (`A[C]`) tested each index against the array's size
    before reading it; a vector's past the end is an IndexError already (pyarray.Element.fast_test).
    """
    by_value = {param for unit in layout.units.values() for param in unit.params if param not in unit.by_reference}
    found = {name for name in layout.parameters - by_value - layout.string_names - layout.loaded_names
             if sizes.get(name, {1}) == {1}}  # (`sizes`: of each name's TABLEAU, see vectors)
    given = [(param, arg) for call in layout.calls if call.name in layout.units
             for param, arg in zip(layout.units[call.name].params, call.args)
             if param in layout.units[call.name].by_reference]
    changed = True
    while changed:
        changed = False
        for param, arg in given:
            if param in found and not (type(arg) is n.Var and (arg.name in plain or arg.name in found)):
                found.discard(param)
                changed = True
    return found


def shapes(layout: Layout, foreign: set[int] | None = None) -> dict[str, tuple[int, ...]]:
    """The arrays whose sizes are known before the run: every TABLEAU of theirs gives the same whole constants,
    none is a parameter, a CHAINE, given by CHARGER or handed whole to a procedure (whose TABLEAU of its
    parameter may size it again), no PAUSE. Their bounds and row length are written out as numbers."""
    if layout.paused:  # the monitor may declare anything while the program waits
        return {}
    found: dict[str, set[tuple[int, ...]]] = {}
    for _, node in layout.noted:
        if type(node) is n.Tableau:
            for name, dims in node.decls:
                sizes = tuple(whole_constant(dim) for dim in dims)
                found.setdefault(name, set()).add(sizes if all(size and size > 0 for size in sizes) else ())
    passed = {arg.name for call in layout.calls for arg in call.args if type(arg) is n.Var}
    excluded = lent_parameters(layout, foreign) | layout.string_names | layout.loaded_names | passed
    return {name: next(iter(sizes)) for name, sizes in found.items()
            if len(sizes) == 1 and () not in sizes and name not in excluded}


def array_variables(layout: Layout, foreign: set[int] | None = None) -> set[str]:
    """The program's TABLEAU names that hold an array whenever they are set.

    TABLEAU refuses a name that holds a number, and an element store needs an array: a number gets into
    such a name only by a store to the whole name. So it is never given a value (`T←...`), read in (LIRE
    gives a number where it is no array yet), loaded, a loop's variable, a position, given whole by
    reference, a CHAINE, nor a procedure's own array or CHAINE (own_declared; a store into a procedure's own
    number of the name is not one: own_here). Indexed, such a name needs no test that it is a list.
    """
    names = layout.array_names - layout.string_names - layout.loaded_names - own_declared(layout, foreign) - (
        referenced_globals(layout))
    for unit, node in layout.noted:
        own = own_here(unit, foreign)
        names.difference_update(name for name in whole_stores(node) if name not in own)
    return names


def counted_arrays(layout: Layout, foreign: set[int] | None = None) -> set[str]:
    """The program's TABLEAU names whose every store kinds.whole_names can count (zeros when declared): never a
    CHAINE, loaded, nor a procedure's own array or CHAINE (own_declared). Unlike array_variables, one given whole
    by reference or given a value as a whole counts: what the callee stores through the reference, or the store
    itself, is counted."""
    return layout.array_names - layout.string_names - layout.loaded_names - own_declared(layout, foreign)


def string_variables(layout: Layout) -> set[str]:
    """The program's CHAINE variables that hold a string whenever they are set.

    LSE keeps a string in a CHAINE only, and a CHAINE refuses a number; a number gets into such a name
    only where it is stored while the name is no CHAINE yet. So every store to it must be of a string
    (a literal, `!`, a built-in giving one, another such variable), and it is never read in (LIRE gives
    a number where it is no CHAINE), loaded, a loop's variable, a position, given whole by reference,
    or any procedure's own name. Read, such a name needs no test of its kind (pyexpr, pystrings).
    """
    return string_kinds(layout, {})[0]


def string_kinds(layout: Layout, exits: dict[str, list], broken: set[str] | frozenset[str] = frozenset(),
                 own: dict[str, set[str]] | None = None,
                 foreign: set[int] | None = None) -> tuple[set[str], set[str]]:
    """The program's CHAINE variables that hold a string whenever they are set (string_variables) and the
    procedures whose every RESULTAT gives one (a string written out, a join, a string built-in, either value of
    a SI, a call of such a procedure, one of those variables that is not the procedure's own, or the procedure's
    `own` CHAINE, by procedure: ownership.own_strings_and_arrays; a store, into the name or through a parameter
    by reference given it, is proved by the same values), found together, optimistically then refuted
    to a fixpoint. `exits`: each procedure's ways out (analyses.procedure_exits), whose RESULTAT it runs.
    `broken`: the names that hold something else as the run starts (kept from the prompt), and so none that a
    store of one sets. `foreign`: the lines a unit other than their own may run (analyses.foreign_lines); given,
    a procedure's store into a name of its own, on a line only it runs, is no store into the program's name of
    that name (which may then be one); None: no procedure's own name is one."""
    names = layout.string_names - layout.array_names - layout.loaded_names - broken
    if foreign is None:
        names -= own_names(layout)
    # A name given whole to a parameter by reference holds what the procedure stores into the parameter too: those
    # stores count as its own (and it is none where the parameter is declared an array, loaded or given on).
    given, passed = given_whole(layout, foreign), _given_on(layout)
    names -= {name for (unit, param), held in given.items() if param in layout.array_names or
              param in layout.loaded_names or (unit, param) in passed for name in held}
    own = own or {}
    # (name, expression, the names read there that are not the program's, the procedure's own CHAINE there)
    stores: list[tuple[str, object, set[str], set[str]]] = []
    for owner, node in layout.noted:
        mine = set() if owner.name == MAIN or foreign is None or node.line in foreign else owner.locals
        if type(node) is n.Assign:
            if type(node.target) is n.Var:
                target = node.target.name
                strings = own.get(owner.name, set()) & mine
                if target not in mine:
                    stores.append((target, node.expr, mine, strings))
                stores.extend((name, node.expr, mine, strings) for name in given.get((owner.name, target), ()))
        else:
            stored = set(whole_stores(node))
            names.difference_update(stored - mine)
            for target in stored:  # (through a parameter by reference, which is a name of the procedure's)
                names.difference_update(given.get((owner.name, target), ()))
    results = result_expressions(exits)
    functions = set(results)
    # A store of another such variable, or of such a function's call, holds while that one does: each store and
    # function asked again only when a name or function its values name is refuted (a chain of 4 000 functions,
    # each giving the next one's call, was refuted one a round, every function asked each round: 18 s).
    asks = [(name, [expr], mine, strings) for name, expr, mine, strings in stores] + [
        (name, results[name], layout.units[name].locals, own.get(name, set())) for name in functions]
    askers: dict[str, list[int]] = {}
    for at, (_, exprs, _, _) in enumerate(asks):
        for expr in exprs:
            for leaf in _string_leaves(expr):
                askers.setdefault(leaf, []).append(at)
    work = list(range(len(asks)))
    while work:
        name, exprs, mine, strings = asks[work.pop()]
        if name not in names and name not in functions:
            continue

        def is_string(leaf: str, mine: set[str] = mine, strings: set[str] = strings) -> bool:
            return leaf in strings or leaf in names and leaf not in mine
        if not all(gives_string(expr, is_string, functions) for expr in exprs):
            names.discard(name)
            functions.discard(name)
            work.extend(askers.get(name, ()))
    return names, functions


def _string_leaves(node: object) -> Iterator[str]:
    """The names of the variables and procedures whose kind decides gives_string of an expression."""
    kind = type(node)
    if kind is n.Conditional:
        yield from _string_leaves(node.then)
        yield from _string_leaves(node.other)
    elif kind is n.Var or kind is n.Call:
        yield node.name


def _given_on(layout: Layout) -> set[tuple[str, str]]:
    """The (procedure, name) pairs where a procedure gives a name of its, whole, to a parameter by reference."""
    return {(owner.name, name) for owner, node in layout.noted if type(node) is n.Call
            for name in given_by_reference(node, layout.units)}


def string_params(layout: Layout, strings: set[str], functions: set[str],
                  foreign: set[int] | None) -> dict[str, set[str]]:
    """Each procedure's parameters by value that every call gives a string, and that nothing but an assignment
    stores into (so they hold a string whenever set: a parameter given one is a CHAINE of the call).

    An argument is a string written out, a join, a string built-in, a call of a function of `functions`, one of
    the program's `strings` (string_kinds) that is not the calling procedure's own name, or a parameter of this
    kind of the calling procedure; found optimistically, then refuted to a fixpoint. A call on a line another
    unit may run (`foreign`; None: not known) reads no procedure's names. (A host call must give a string:
    runtime.call_from_host.)"""
    if foreign is None:
        return {}
    units = {name: unit for name, unit in layout.units.items() if name != MAIN}
    others: dict[str, set[str]] = {name: set() for name in units}  # stored into otherwise than by an assignment
    calls = []
    for owner, node in layout.noted:
        if owner.name in others:
            others[owner.name].update(stored_whole(node, layout.units, assignments=False))
        if type(node) is n.Call and node.name in units:
            caller = None if node.line in foreign else owner
            calls.extend((node.name, caller, param, arg) for param, arg in zip(units[node.name].params, node.args))
    called = {callee for callee, _, _, _ in calls}  # (one the program never calls is the host's: it may give any)
    proven = {name: {param for param in unit.params if param not in unit.by_reference} - others[name]
              if name in called else set() for name, unit in units.items()}
    every_local = {name for unit in units.values() for name in unit.locals}
    changed = True
    while changed:
        changed = False
        for callee, caller, param, arg in calls:
            if param not in proven[callee]:
                continue
            known = strings - every_local if caller is None else strings if caller.name == MAIN else (
                strings - caller.locals) | proven[caller.name]
            if not _string(arg, known, functions):
                proven[callee].discard(param)
                changed = True
    return proven


def string_references(layout: Layout, strings: set[str], foreign: set[int] | None) -> dict[str, set[str]]:
    """Each procedure's parameters by reference that every call gives, whole, one of the program's `strings`
    (string_kinds, which counts the stores through such a parameter as the name's own), not the calling
    procedure's own name: they hold a string whenever set. None where a line may run in another unit's frame
    (`foreign`: any, or None: not known), nor for a procedure the program never calls (the host's)."""
    if foreign is None or foreign:
        return {}
    units = {name: unit for name, unit in layout.units.items() if name != MAIN}
    proven = {name: set(unit.by_reference) for name, unit in units.items()}
    called = set()
    for owner, node in layout.noted:
        if type(node) is n.Call and node.name in units:
            called.add(node.name)
            known = strings if owner.name == MAIN else strings - owner.locals
            proven[node.name] -= {param for param, arg in zip(units[node.name].params, node.args)
                                  if not (type(arg) is n.Var and arg.name in known)}
    return {name: params for name, params in proven.items() if name in called and params}


def _string(node: object, names: set[str], functions: frozenset[str] | set[str] = frozenset()) -> bool:
    return gives_string(node, names.__contains__, functions)


def gives_string(node: object, is_string: Callable[[str], bool],
                 functions: frozenset[str] | set[str] = frozenset()) -> bool:
    """True if an expression can only give a string (or fail), its variables those `is_string` says hold one and
    its calls of the `functions` giving strings."""
    kind = type(node)
    if kind is n.Conditional:
        return gives_string(node.then, is_string, functions) and gives_string(node.other, is_string, functions)
    return kind is n.Str or (kind is n.Binary and node.op == "!") or (kind is n.Var and is_string(node.name)) or (
        kind is n.BuiltinCall and BUILTINS[node.name].result_kind == "s") or (kind is n.Call and node.name in functions)


def whole_variables(layout: Layout, foreign_lines: set[int], broken: set[str],
                    exits: dict[str, list] | None = None) -> dict[str, set[str]]:
    """Each unit's number variables, and the program's arrays and functions (of `exits`), that hold or give
    whole numbers whenever they are set (kinds.whole_names, but what LIRE reads may be a fraction).

    A line that a unit other than the one whose lines hold it runs (`foreign_lines`: a jump into a
    procedure's lines, a RETOUR EN) may store into any unit's variable of a name it stores into, or
    give any argument to the procedures it calls, or store into an array what another unit's variable
    holds; the program's variables in `broken` (what a run kept from the prompt holds, an array's elements
    included) may be fractions. In single precision, a sum, difference or product of such variables and
    elements is then rounded by a test of its size alone (numbers.NumberModel.result).
    """
    tainted = {(MAIN, name) for name in broken}
    for _, node in layout.noted:
        if getattr(node, "line", None) not in foreign_lines:  # (a format has no line)
            continue
        names = whole_stores(node)
        if type(node) is n.Call and node.name in layout.units:
            tainted.update((node.name, param) for param in layout.units[node.name].params)
            # (what it gives by reference is some unit's variable, or array, of that name)
            names = [arg.name for arg in node.args if type(arg) in (n.Var, n.Index)]
        if type(node) is n.Assign and type(node.target) is n.Index:  # its value read in some other unit
            names = [node.target.name]  # (the program's array, or any procedure's own of the name)
        for name in names:
            tainted.add((MAIN, name))
            tainted.update((unit.name, name) for unit in layout.units.values() if name in unit.locals)
    return whole_names(layout, typed_whole=False, tainted=frozenset(tainted),
                       arrays=counted_arrays(layout, foreign_lines), exits=exits, foreign=foreign_lines)


def undeclarable(layout: Layout) -> set[str]:
    """The names that something may make no CHAINE again once declared: LIBERER (in any unit) and CHARGER."""
    freed = {name for _, node in layout.noted if type(node) is n.Liberer for name in node.names}
    return freed | layout.loaded_names


def declared_strings(program: ir.ProgramIR, blocks: list[int], roots: list[int],
                     names: set[str]) -> dict[int, frozenset[str]]:
    """Which of `names` are surely CHAINE before each operation of the main program's `blocks` (by the
    operation's id): what every way from its `roots` (where none is) declares on the way.

    A store of a string into such a name needs no test of its declaration (pynames.store). `names` must be
    ones nothing undeclares (see undeclarable); the monitor freeing one while the run is stopped stops it
    (linker.declarations_kept).
    """
    if not names:
        return {}
    return surely_done(program, blocks, roots, lambda op: frozenset(op.node.names) & names if type(
        op.node) is n.Chaine else frozenset())


def assigned(op: object) -> frozenset[str]:
    """The variables a statement surely sets when it ends (as a whole: an element's array is another matter):
    analyses.whole_stores' assignment, LIRE and FAIRE, not CHARGER's status (no test gives one here)."""
    node = op.node
    kind = type(node)
    if kind is n.Assign and type(node.target) is n.Var:
        return frozenset((node.target.name,))
    if kind is n.Lire:
        return frozenset(target.name for target in node.targets if type(target) is n.Var)
    if kind is n.Faire:
        return frozenset((node.var,))
    return frozenset()


def surely_done(program: ir.ProgramIR, blocks: list[int], roots: list[int],
                done_by: Callable[[ir.Do], frozenset[str]]) -> dict[int, NameBits | DoneBefore]:
    """What every way from `roots` (where nothing is) has done before each operation of `blocks`, by the
    operation's id, and before each block's exit, by the exit's id: a must-analysis of what each operation
    does (`done_by`: the names it declares, assigns...), that nothing undoes.

    Decision: what arrives at each block is the bits of an int over the names done (reach.NameBits), not a set:
    2 000 lines each storing a string of its own arrived with all those before, 218 MB of sets (the square of
    the lines), now 0.5 MB."""
    own = set(blocks)
    does = {block_id: [(op, done_by(op)) for op in program.blocks[block_id].ops if type(op) is not ir.Charge]
            for block_id in blocks}
    names = NameIndex()
    block_does = {block_id: names.bits_of(name for _, done in pairs for name in done)
                  for block_id, pairs in does.items()}
    arriving: dict[int, int] = {root: 0 for root in roots if root in own}
    flow = Flow(program)  # (a hub does nothing)
    work = list(arriving)
    while work:  # what arrives at a block is what every way into it has done
        block_id = work.pop()
        leaving = arriving[block_id] | block_does.get(block_id, 0)
        for after in flow.after(block_id):
            if (after in own or after < 0) and (known := arriving.get(after)) != (
                    met := leaving if known is None else known & leaving):
                arriving[after] = met
                work.append(after)
    found: dict[int, NameBits | DoneBefore] = {}
    for block_id, bits in arriving.items():
        if block_id < 0:
            continue
        arrived = names.set_of(bits)
        first: dict[str, int] = {}  # each name the block does, and how many of its operations come before the first
        before: NameBits | DoneBefore = arrived
        for count, (op, done) in enumerate(does[block_id]):
            found[id(op)] = before
            if done:
                for name in done:
                    first.setdefault(name, count)
                before = DoneBefore(arrived, first, count + 1)
        found[id(program.blocks[block_id].exit)] = before
    return found


class DoneBefore:
    """What is surely done before an operation of a block: what arrives at the block, and what the first `count`
    operations of the block do (`first`: by the block's operation that first does each name, shared by them all).

    Decision: a set for each operation made the memory of surely_done the square of a block's length (14 000
    assignments of as many variables on five lines, a legal program of 140 KB, took 4.5 GB); the readers ask
    only whether a name is in it, and one that wants a set has it made (an operator with a set).
    """

    __slots__ = ("arrived", "first", "count")

    def __init__(self, arrived: NameBits, first: dict[str, int], count: int) -> None:
        self.arrived, self.first, self.count = arrived, first, count

    def __contains__(self, name: object) -> bool:
        return name in self.arrived or self.first.get(name, self.count) < self.count

    def names(self) -> frozenset[str]:
        """The names as a set."""
        return frozenset(self.arrived) | frozenset(name for name, at in self.first.items() if at < self.count)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())

    def __or__(self, other: object) -> frozenset[str]:
        return self.names() | other

    __ror__ = __or__

    def __and__(self, other: object) -> frozenset[str]:
        return self.names() & other

    __rand__ = __and__

    def __eq__(self, other: object) -> bool:
        return self.names() == (other.names() if isinstance(other, DoneBefore) else other)

    __hash__ = None  # type: ignore[assignment]  (a set of names: unhashable, as a set is)
