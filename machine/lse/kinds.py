"""What the variables and parameters of a program hold: numbers, whole numbers; and what its functions give.

Each answer is found optimistically, then refuted to a fixpoint over the program's calls and stores. Imports
nodes, ir, builtins (their result kinds), layout, operands (what makes an expression whole) and analyses (a
procedure's own names); never the runtime.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import own_names
from machine.lse.builtins import BUILTINS
from machine.lse.layout import MAIN, Layout, Unit, handed_strings
from machine.lse.operands import whole


def number_params(layout: Layout, foreign: set[int] | None = None,
                  numeric: frozenset[str] | set[str] = frozenset(),
                  refs: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """Each procedure's by-value parameters that every call passes a number and nothing makes other.

    An argument is read in the unit whose lines hold the call, but where a line may be run by another
    (`foreign`: see foreign_lines; None: not known), in any unit that has its names as parameters; a call
    of a function in `numeric` (numeric_results) gives a number, and a parameter by reference in `refs`
    (number_references) holds one."""
    units = {name: unit for name, unit in layout.units.items() if name != MAIN}
    proven = {name: {p for p in unit.params if p not in unit.by_reference and layout.is_own_number(p, unit, foreign)}
              for name, unit in units.items()}
    # (the call, the unit it is read in, the argument's rank, the argument)
    calls = [(node, None if foreign is None or node.line in foreign else owner, index, arg)
             for owner, node in layout.noted if type(node) is n.Call and node.name in units
             for index, arg in enumerate(node.args)]
    known = {name: params | (refs or {}).get(name, set()) for name, params in proven.items()}  # (read as numbers)
    changed = True
    while changed:
        changed = False
        for call, caller, index, arg in calls:
            param = units[call.name].params[index] if index < len(units[call.name].params) else None
            if param in proven[call.name] and not _numeric(arg, caller, layout, known, numeric, foreign):
                proven[call.name].discard(param)
                known[call.name].discard(param)
                changed = True
    return proven


def numbers_given(layout: Layout, foreign: set[int] | None,
                  exits: dict[str, list[ir.Leave]]) -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    """Each procedure's parameters by value and by reference that every call gives a number (number_params,
    number_references), and the procedures whose every RESULTAT is a number (numeric_results).

    Decision: a function's number given as an argument proves a parameter, which may prove a function: the three
    are found together, from every function a number, each round refuting what the last one's answers cannot
    prove (the greatest fixpoint: a call's result is a number where every RESULTAT of what it calls is, by
    induction on the calls' ends). Takeuchi's &TAK(X,Y,Z), whose RESULTAT Z is given &TAK's results, ran in 0.2
    of its time; the least fixpoint proved nothing there.
    """
    numeric: set[str] = set(result_expressions(exits))
    refs = {name: set(unit.by_reference) for name, unit in layout.units.items() if name != MAIN}
    while True:
        params = number_params(layout, foreign, numeric, refs)
        given = number_references(layout, params, numeric, foreign)
        given = {name: found & refs[name] for name, found in given.items()}
        numbers = {name: params.get(name, set()) | found for name, found in given.items()}
        results = numeric_results(exits, layout, numbers, foreign) & numeric
        if results == numeric and given == refs:
            return params, given, numeric
        numeric, refs = results, given


def numeric_results(exits: dict[str, list[ir.Leave]], layout: Layout, proven: dict[str, set[str]],
                    foreign: set[int] | None = None) -> set[str]:
    """The procedures whose every RESULTAT is a number (`foreign`: see number_params)."""
    return results_proved(exits, layout, lambda expr, unit, found: _numeric(expr, unit, layout, proven, found,
                                                                             foreign))


def results_proved(exits: dict[str, list[ir.Leave]], layout: Layout,
                   proves: Callable[[object, Unit, set[str]], bool]) -> set[str]:
    """The procedures of whose every RESULTAT `proves(expression, procedure, found)` holds, found optimistically
    then refuted to a fixpoint (`found`: the procedures not refuted yet, which a call of one may count on)."""
    results = result_expressions(exits)
    found = set(results)
    changed = True
    while changed:
        changed = False
        for name in list(found):
            unit = layout.units[name]
            if not all(proves(expr, unit, found) for expr in results[name]):
                found.discard(name)
                changed = True
    return found


def result_expressions(exits: dict[str, list[ir.Leave]]) -> dict[str, list[object]]:
    """Each procedure's RESULTAT expressions, of its ways out (procedure_exits)."""
    return {name: [leave.expr for leave in leaves if leave.kind == "result"] for name, leaves in exits.items()}


def _numeric(node: object, unit: Unit | None, layout: Layout, proven: dict[str, set[str]], numeric: set[str],
             foreign: set[int] | None = None) -> bool:
    """True if an expression of a unit (None: of any unit) can only be a number (a parameter: one `proven`;
    a procedure's own variable: see Layout.is_own_number, given the lines run by another unit, `foreign`)."""
    kind = type(node)
    if kind in (n.Num, n.Unary, n.Index):
        return True
    if kind is n.Binary:
        return node.op != "!"
    if kind is n.BuiltinCall:
        return BUILTINS[node.name].result_kind == "n"
    if kind is n.Conditional:
        return all(_numeric(part, unit, layout, proven, numeric, foreign) for part in (node.then, node.other))
    if kind is n.Call:
        return node.name in numeric
    if kind is n.Var:
        if not layout.is_own_number(node.name, unit, foreign):
            return False
        units = [unit] if unit is not None else [each for each in layout.units.values() if node.name in each.params]
        return all(node.name not in each.params or node.name in proven.get(each.name, ()) for each in units)
    return False


def number_references(layout: Layout, proven: dict[str, set[str]], numeric: frozenset[str] | set[str] = frozenset(),
                      foreign: set[int] | None = None) -> dict[str, set[str]]:
    """Each procedure's by-reference parameters that every call gives a number (found optimistically, then
    refuted to a fixpoint): an element, an expression sure to be a number (a temporary cell), or a variable
    of the caller that only ever holds numbers (one of the program's, its own, a parameter by value that
    `proven` holds, or one of these). A store into one is then checked only where its value may not be a
    number (set_ref refuses it), as a store into that variable is."""
    units = layout.units
    found = {name: set(unit.by_reference) for name, unit in units.items() if name != MAIN}
    calls = [(owner, node) for owner, node in layout.noted if type(node) is n.Call]
    changed = True
    while changed:
        changed = False
        for caller, call in calls:
            for param, arg in zip(units[call.name].params, call.args):
                seen = None if foreign is None or call.line in foreign else foreign  # (another unit may run it)
                if param in found[call.name] and not _numeric_argument(arg, caller, layout, proven, found, numeric,
                                                                       seen):
                    found[call.name].discard(param)
                    changed = True
    return found


def _numeric_argument(arg: object, caller: Unit, layout: Layout, proven: dict[str, set[str]],
                      found: dict[str, set[str]], numeric: frozenset[str] | set[str] = frozenset(),
                      foreign: set[int] | None = None) -> bool:
    """True if what a call gives a by-reference parameter is sure to hold a number (see number_references)."""
    if type(arg) is not n.Var:
        return _numeric(arg, caller, layout, proven, numeric, foreign)
    if not layout.is_own_number(arg.name, caller, foreign):
        return False
    if arg.name not in caller.params:
        return True
    return arg.name in (found if arg.name in caller.by_reference else proven).get(caller.name, ())


def whole_names(layout: Layout, typed_whole: bool = True, tainted: frozenset[tuple[str, str]] = frozenset(),
                arrays: frozenset[str] | set[str] = frozenset(),
                exits: dict[str, list[ir.Leave]] | None = None,
                foreign: set[int] | None = None) -> dict[str, WholeView]:
    """Each unit's variables expected to hold whole numbers: every store to them keeps them whole.

    A parameter counts the arguments of its calls, and one by reference counts for them in turn (what
    the callee stores into it, they hold); a position is whole, and so is expected what LIRE reads
    (unless not `typed_whole`); CHARGER and the `tainted` (unit, name) may store anything. The program's
    `arrays` (holdings.counted_arrays, zeros when declared) count too, by their element stores and
    what a callee stores into an element it is handed, or into the array given whole by reference (the
    parameter holds what each call gives it, whatever its name; a variable set only through one counts its
    stores); the program's array given by value is refused (none is whole), not a procedure's own number named
    so. A hint only: the code that relies on it (single precision's test of a whole result first) tests the value (the
    monitor may change a variable, a line may belong to a unit other than the one read here);
    holdings.whole_variables makes it a proof. The functions of `exits` (procedure_exits) count too,
    by name (`&F`), by what each RESULTAT that the procedure itself runs gives. A variable is a number by
    Layout.is_own_number, given the lines that run in a frame not their own (`foreign`, None: unknown, when any
    CHAINE or TABLEAU of its name in any unit makes it none).
    """
    units = layout.units
    typed = TYPED if typed_whole else FRACTION

    def key(unit: Unit, name: str) -> tuple[str, str]:
        return (unit.name, name) if name in unit.locals or name in unit.params else (MAIN, name)

    def local_number(unit: Unit, name: str) -> bool:  # (a procedure's own number named as the program's array)
        return unit.name != MAIN and name in unit.locals and layout.is_own_number(name, unit, foreign)

    stores: list[tuple[tuple[str, str], object, Unit]] = []
    excluded = set(tainted)
    handed: list[tuple[tuple[str, str], tuple[str, str]]] = []  # (a parameter by reference, what a call gives it)
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Assign:  # (an element's store counts for its array, one of `arrays` or none)
            stores.append((key(unit, node.target.name), node.expr, unit))
        elif kind is n.Faire:
            stores.extend((key(unit, node.var), part, unit) for part in (node.start, node.step) if part is not None)
        elif kind is n.Lire:  # what is typed in: whole numbers, most often (counts, sizes, moves)
            stores.extend((key(unit, target.name), typed, unit) for target in node.targets)
        elif kind is n.Charger:
            excluded.update(key(unit, target.name) for target in (node.var, node.status) if type(target) is n.Var)
        elif kind is n.BuiltinCall and node.position_out is not None:  # a position: always whole
            stores.append((key(unit, node.position_out.name), TYPED, unit))
        elif kind is n.Call:
            callee = units.get(node.name)
            for at, arg in enumerate(node.args):
                param = callee.params[at] if callee is not None and at < len(callee.params) else None
                if param is not None:  # what the call gives: the parameter's value, by value or by reference
                    stores.append(((callee.name, param), arg, unit))
                if type(arg) not in (n.Var, n.Index):
                    continue
                if param is None or (type(arg) is n.Var and arg.name in arrays and param not in callee.by_reference
                                     and not local_number(unit, arg.name)):
                    excluded.add(key(unit, arg.name))  # (no such parameter, or an array given by value: refused)
                elif param in callee.by_reference:  # (an array given whole: the parameter is it, stores counted)
                    handed.append(((callee.name, param), key(unit, arg.name)))  # stored into by the callee
    for name, exprs in result_expressions(exits or {}).items():  # a function: whole when every RESULTAT it runs is
        stores.extend(((MAIN, name), expr, units[name]) for expr in exprs)
    # (a variable set only through a parameter by reference, `&DIV(...,DR)`, holds what the callee stores into it)
    candidates = [k for k, _, _ in stores] + [given for _, given in handed]
    unfit = layout.string_names | layout.loaded_names | handed_strings(layout)
    keys = {k for k in candidates if k not in excluded and (
        # (a parameter by reference named as some array, `&DIV(A,...)`: its stores and what each call gives it count)
        k[1] not in unfit if k[0] in units and k[1] in units[k[0]].by_reference else
        layout.is_pure_number(k[1]) if foreign is None or k[0] not in units else
        layout.is_own_number(k[1], units[k[0]], foreign))}
    keys.update((MAIN, name) for name in arrays if (MAIN, name) not in excluded)
    keys.update(own for own in own_arrays(layout) if own not in excluded)

    def views_of_keys() -> dict[str, WholeView]:
        """Each unit's view of `keys` as they are now (the program's names are one set, shared by every view)."""
        main: set[str] = set()
        own: dict[str, set[str]] = {}
        for owner, name in keys:
            (main if owner == MAIN else own.setdefault(owner, set())).add(name)
        return {name: WholeView(own.get(name, main if name == MAIN else set()), main, unit.locals, unit.params)
                for name, unit in units.items()}

    changed = True
    while changed:  # the views of a pass may be stale: the pass that changes nothing has them right
        changed = False
        views = views_of_keys()
        for k, expr, unit in stores:
            if k in keys and not whole(expr, views[unit.name]):
                keys.discard(k)
                changed = True
        for param, given in handed:  # what a parameter by reference may hold, its argument may
            if param not in keys and given in keys:
                keys.discard(given)
                changed = True
    return views


class WholeView:
    """A unit's names expected whole: its own, and the program's it does not shadow by a LOCAL or a parameter.

    Decision: the program's names are one set that every unit's view shares, not a copy per unit: a copy made
    the memory of whole_names the number of procedures times the program's variables (3 000 procedures and
    12 000 variables in a legal program of 200 KB took 6 GB).
    """

    __slots__ = ("own", "main", "locals", "params")

    def __init__(self, own: set[str], main: set[str], locals_: object, params: object) -> None:
        self.own, self.main, self.locals, self.params = own, main, locals_, params

    def __contains__(self, name: object) -> bool:
        return name in self.own or (name in self.main and name not in self.locals and name not in self.params)

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        yield from (name for name in self.main if name not in self.own and name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __eq__(self, other: object) -> bool:
        return set(self) == (set(other) if isinstance(other, (set, frozenset, WholeView)) else other)

    __hash__ = None  # type: ignore[assignment]  (a view is a set of names: unhashable, as a set is)

    def __repr__(self) -> str:
        return f"WholeView({sorted(self)!r})"


def own_arrays(layout: Layout) -> set[tuple[str, str]]:
    """(procedure, name) of the arrays a procedure declares as its own (a TABLEAU of one of its LOCAL names, zeros
    when declared), never a CHAINE nor loaded: whole_names counts their stores as the program's arrays'."""
    unfit = layout.string_names | layout.loaded_names
    return {(unit.name, name) for unit, node in layout.noted if type(node) is n.Tableau
            for name, _ in node.decls if name in own_names(unit) and name not in unfit}


TYPED = n.Num(0.0, 0)  # the expression whole_names counts for a store that is expected whole
FRACTION = n.Num(0.5, 0)  # and for what LIRE reads, where only a proof will do
