"""Cut a parsed program into segments (entry points) and name its units; imports nodes, checks (the walk), operands."""

from __future__ import annotations

from itertools import repeat

from machine.lse import nodes as n
from machine.lse.checks import statement_nodes
from machine.lse.operands import whole24
from machine.record import field, record

MAIN = "&"  # the unit name of the main program (no procedure can be called that)


@record(frozen=True, slots=True)
class Segment:
    """Statements of one line from `start` to the end of the line or to a FAIRE."""

    line_index: int
    start: int
    line: int


@record(slots=True)
class Unit:
    """The main program or one procedure: which names are its own and how they are passed."""

    name: str
    params: tuple = ()
    locals: frozenset = frozenset()
    by_reference: frozenset = frozenset()
    entry_pc: int = 0
    decl_line: int = 0
    own_lines: tuple = ()  # the numbers of the lines that hold it (a procedure's: from its PROCEDURE to the next)

    def key(self, name: str) -> tuple[str, str]:
        """Whose variable `name` read or stored in this unit is: (this procedure, name) where it is its own, else
        (MAIN, name), the program's."""
        return (self.name, name) if self.name != MAIN and name in self.locals else (MAIN, name)


@record(slots=True)
class Layout:
    """Segments of the whole program and the static facts the code generator needs."""

    program: n.Program
    segments: list[Segment] = field(default_factory=list)
    line_pc: dict[int, int] = field(default_factory=dict)
    line_index: dict[int, int] = field(default_factory=dict)
    pc_of: dict[tuple[int, int], int] = field(default_factory=dict)
    end_pc: int = 0  # the segment past the last: where a run falls off the end
    loop_ends: set[int] = field(default_factory=set)
    shared_loop_ends: set[int] = field(default_factory=set)  # the last line of two FAIRE or more
    units: dict[str, Unit] = field(default_factory=dict)
    string_names: set[str] = field(default_factory=set)
    array_names: set[str] = field(default_factory=set)
    loaded_names: set[str] = field(default_factory=set)  # CHARGER may give them any kind
    stored_names: set[str] = field(default_factory=set)  # given a value by an assignment, LIRE, CHARGER, a position
    assigned_names: set[str] = field(default_factory=set)  # given a value other than by FAIRE (or by reference)
    parameters: set[str] = field(default_factory=set)  # every procedure's parameters
    # Every statement and expression node, with the name of the unit whose lines hold it, in order.
    statements: list[tuple[str, object]] = field(default_factory=list)
    # Of them, those of the kinds the analyses look for (_STORING), in order, each with its Unit.
    # Decision: the analyses read a program's stores, calls and declarations a dozen times at each
    # compile; this list of them is a fifth as long as `statements` (which holds every expression node).
    noted: list[tuple[Unit, object]] = field(default_factory=list)
    # Only ever set by a FAIRE from a whole constant by a whole constant step (see operands.whole24),
    # never a parameter: a whole number, or unset, unless the monitor sets it (pyloops.step_sum).
    whole_counters: set[str] = field(default_factory=set)
    calls: list = field(default_factory=list)  # every call of a procedure (n.Call), in program order
    # The names each line declares CHAINE or TABLEAU, loads by CHARGER or gives to a parameter by reference:
    # what may make a variable of the unit that runs the line other than a number (see is_own_number).
    unsettled_at: dict[int, frozenset[str]] = field(default_factory=dict)
    # Of them, by unit, those of all its own lines (asked for each name at each compile: made once).
    unsettled_in: dict[str, frozenset[str]] = field(default_factory=dict)
    # Of them, the variables given by reference to a parameter that its procedure may make a string or an array.
    handed_names: set[str] = field(default_factory=set)
    paused: bool = False  # a PAUSE lets the monitor set or declare any variable while the program waits
    # The names the run starts with declared CHAINE or holding an array (kept from the prompt): string_names and
    # array_names as if declared before the first line, by the main program.
    started: frozenset[str] = frozenset()

    def resolve(self, target: n.Target) -> int | None:
        """Return the line number a static target names, or None if it is computed."""
        if target.number is not None:
            return target.number
        if target.label is not None and target.label in self.program.labels:
            return self.program.labels[target.label]
        return None

    def is_pure_number(self, name: str, params: tuple = ()) -> bool:
        """True if a name, in a unit with these parameters, can only hold a number.

        Never declared CHAINE or TABLEAU, never given by CHARGER, and not one of the unit's
        parameters (which hold whatever the caller passed). Another procedure's parameter of the
        same name is that procedure's own variable, so it does not count.
        """
        return not (name in self.string_names or name in self.array_names or name in params
                    or name in self.loaded_names or name in self.handed_names)

    def is_own_number(self, name: str, unit: Unit | None, foreign: set[int] | None) -> bool:
        """True if a name read in `unit` can only hold a number: is_pure_number, or, for a procedure's own
        variable (given by value, not by reference), where no line that the procedure runs declares it, loads it
        or gives it by reference (its lines, and the lines another unit's may run: `foreign`, None if unknown).

        Decision: a CHAINE X in one procedure makes no other procedure's own X a string; is_pure_number, which
        counts every unit's declarations, kept their parameters named so out of the numbers (Wetherell's
        solitaire: &CHANGER's X, because &TEXTE has a CHAINE X of its own).
        """
        if foreign is None or unit is None or name in unit.by_reference:
            return self.is_pure_number(name)
        if unit.name == MAIN or name not in unit.locals:  # the program's variable
            return self.is_global_number(name, foreign)
        lines = self.unsettled_at
        # (a line another unit runs declares that unit's name: only the procedure's own lines and those it runs count)
        runs = getattr(foreign, "runs", None)
        return name not in self.unsettled_in[unit.name] and not any(
            name in lines.get(line, ()) for line in (foreign if runs is None else runs.get(unit.name, ())))

    def is_global_number(self, name: str, foreign: set[int] | None) -> bool:
        """True if the program's variable `name` can only hold a number: is_pure_number, or, where every CHAINE,
        TABLEAU, CHARGER or handing by reference of the name is run by a procedure that has a variable of that
        name of its own (in its lines, none of them run by another unit: `foreign`, None if unknown).

        Decision: a procedure's CHAINE R makes the main program's R no string (Arsac's and Wetherell's programs
        reuse short names), as is_own_number decides for the procedures' own variables.
        """
        if self.is_pure_number(name):
            return True
        if foreign is None or name in self.started:
            return False
        lines = self.unsettled_at
        return not any(name in lines.get(line, ()) for line in foreign) and not any(
            name in self.unsettled_in[unit.name] for unit in self.units.values()
            if unit.name == MAIN or name not in unit.locals)

    def may_be_array(self, name: str, params: tuple = ()) -> bool:
        """True if a TABLEAU, CHARGER or being one of the unit's parameters can make a name an array."""
        return name in self.array_names or name in params or name in self.loaded_names or name in self.handed_names

    def named_array(self, name: str, params: tuple = ()) -> bool:
        """True if the name itself may be an array: a TABLEAU or CHARGER of it, or one of the unit's parameters. A
        variable only given to a parameter that may make it one is not (indexed holding a number or a string, it
        is X N'EST PAS UN TABLEAU, as the reference says, not TYPES INCOMPATIBLES)."""
        return name in self.array_names or name in params or name in self.loaded_names


# The kinds of node the layout notes something of (node classes have no subclasses: type() is enough).
_NOTED = frozenset({n.Faire, n.Chaine, n.Tableau, n.Charger, n.Assign, n.Lire, n.BuiltinCall, n.Call})


# The kinds of node kept in Layout.noted: those above, and PAUSE and LIBERER.
_STORING = _NOTED | {n.Pause, n.Liberer}

_SEGMENT_ENDS = frozenset({n.Faire, n.Procedure})  # a new segment starts after each


def given_by_reference(call: n.Call, units: dict[str, Unit]) -> list[str]:
    """The variables a call gives whole to its procedure's parameters by reference (of a procedure the
    program lacks, none: the parser refuses such a call, and one with a wrong count of arguments)."""
    callee = units.get(call.name)
    if callee is None:
        return []
    return [arg.name for param, arg in zip(callee.params, call.args)
            if type(arg) is n.Var and param in callee.by_reference]


def _unsettling_arguments(calls: list[n.Call], units: dict[str, Unit], declared: set[str]) -> list[tuple]:
    """The (call, variable) of the variables given to a parameter by reference that its procedure may make other
    than a number: a parameter whose name some line declares or loads (any line: one of another unit may run in
    its procedure), or that is given on to such a parameter (to a fixpoint; by name, in every procedure that has
    a parameter by reference of that name, as a line may be run by another procedure than its own)."""
    given = [(call, (call.name, param), arg.name) for call in calls
             for param, arg in zip(units[call.name].params, call.args)
             if type(arg) is n.Var and param in units[call.name].by_reference]
    unsettling = {(unit.name, param) for unit in units.values() for param in unit.by_reference if param in declared}
    changed = True
    while changed:
        changed = False
        for _, target, name in given:
            if target in unsettling:
                found = {(unit.name, name) for unit in units.values() if name in unit.by_reference} - unsettling
                if found:
                    unsettling |= found
                    changed = True
    return [(call, name) for call, target, name in given if target in unsettling]


def handed_strings(result: Layout) -> set[str]:
    """Of the handed_names, those given to a parameter that its procedure may make a string or load (not only an
    array: one given whole still holds numbers, kinds.whole_names)."""
    return {name for _, name in _unsettling_arguments([call for call in result.calls if call.name in result.units],
                                                      result.units, result.string_names | result.loaded_names)}


def layout(program: n.Program, strings: frozenset[str] = frozenset(), arrays: frozenset[str] = frozenset()) -> Layout:
    """Compute the segments, units and name kinds of a parsed program that starts with these CHAINE and arrays."""
    result = Layout(program, string_names=set(strings), array_names=set(arrays), started=strings | arrays)
    for index, line in enumerate(program.lines):
        starts = [0]
        for position, statement in enumerate(line.statements):
            if type(statement) in _SEGMENT_ENDS:
                starts.append(position + 1)
        for start in starts:
            result.pc_of[(index, start)] = len(result.segments)
            result.segments.append(Segment(index, start, line.number))
        result.line_pc[line.number] = result.pc_of[(index, 0)]
        result.line_index[line.number] = index
    result.end_pc = len(result.segments)
    result.units[MAIN] = Unit(MAIN)
    counters: dict[str, bool] = {}
    noted: list[tuple[str, object]] = []
    owner = MAIN
    lines_of: dict[str, list[int]] = {MAIN: []}
    unsettled_at: dict[int, set[str]] = {}  # (see Layout.unsettled_at: the declarations here, the calls below)
    for index, line in enumerate(program.lines):
        first = line.statements[0] if line.statements else None
        if isinstance(first, n.Procedure):
            owner = first.name
        lines_of.setdefault(owner, []).append(line.number)
        nodes = statement_nodes(line.statements)
        result.statements.extend(zip(repeat(owner), nodes))
        for node in nodes:
            kind = type(node)
            if kind not in _STORING:
                continue
            noted.append((owner, node))
            if kind not in _NOTED:
                result.paused = result.paused or kind is n.Pause
                continue
            if kind is n.Faire:
                end = result.resolve(node.end)
                if end is not None:
                    if end in result.loop_ends:
                        result.shared_loop_ends.add(end)
                    result.loop_ends.add(end)
                counters[node.var] = counters.get(node.var, True) and all(
                    whole24(bound) for bound in (node.start, node.step or n.Num(1.0, node.line)))
            elif kind is n.Chaine:
                result.string_names.update(node.names)
                unsettled_at.setdefault(node.line, set()).update(node.names)
            elif kind is n.Tableau:
                result.array_names.update(name for name, _ in node.decls)
                unsettled_at.setdefault(node.line, set()).update(name for name, _ in node.decls)
            elif kind is n.Charger:
                result.loaded_names.add(node.var.name)
                unsettled_at.setdefault(node.line, set()).add(node.var.name)
                result.stored_names.add(node.var.name)
                if isinstance(node.status, n.Var):
                    result.stored_names.add(node.status.name)
            elif kind is n.Assign:
                if isinstance(node.target, n.Var):
                    result.stored_names.add(node.target.name)
            elif kind is n.Lire:
                result.stored_names.update(t.name for t in node.targets if isinstance(t, n.Var))
            elif kind is n.BuiltinCall:
                if node.position_out is not None:
                    result.stored_names.add(node.position_out.name)
            elif kind is n.Call:  # an argument may be passed by reference (see below)
                result.calls.append(node)
        if isinstance(first, n.Procedure):
            by_value = set(first.locals) & set(first.params)
            result.units[first.name] = Unit(
                first.name, first.params, frozenset(first.params) | frozenset(first.locals),
                frozenset(first.params) - by_value, result.pc_of[(index, 1)], line.number)
    for call in result.calls:  # an argument is stored into only through a parameter by reference
        result.assigned_names.update(given_by_reference(call, result.units))
    for name, unit in result.units.items():
        unit.own_lines = tuple(lines_of.get(name, ()))
    handed = _unsettling_arguments([call for call in result.calls if call.name in result.units], result.units,
                                   result.string_names | result.array_names | result.loaded_names)
    result.handed_names = {name for _, name in handed}
    for call, name in handed:
        unsettled_at.setdefault(call.line, set()).add(name)
    result.unsettled_at = {line: frozenset(names) for line, names in unsettled_at.items()}
    result.unsettled_in = {name: frozenset().union(*(unsettled_at.get(line, ()) for line in unit.own_lines))
                           for name, unit in result.units.items()}
    result.noted = [(result.units[owner], node) for owner, node in noted]
    result.assigned_names |= result.stored_names
    result.parameters = set().union(*(unit.params for unit in result.units.values()))
    result.whole_counters = {name for name, whole in counters.items()
                             if whole and name not in result.assigned_names and name not in result.parameters}
    return result


def reference_classes(layout: Layout) -> dict[tuple[str, str], tuple[str, str]]:
    """The variables that a parameter by reference may be, by (unit, name) as Unit.key gives them, each with the one
    key that stands for them all: the parameter, and every variable, array or element given to it (magnitudes gives
    them one bound, holdings.ArrayClasses one range)."""
    parent: dict[tuple[str, str], tuple[str, str]] = {}

    def find(key: tuple[str, str]) -> tuple[str, str]:
        root = key
        while parent.get(root, root) != root:
            root = parent[root]
        while key != root:  # (each key on the way points at the root: no long chains on a long program)
            key, parent[key] = parent[key], root
        return root

    for unit, node in layout.noted:
        callee = layout.units.get(node.name) if type(node) is n.Call else None
        for param, arg in zip(callee.params, node.args) if callee is not None else ():
            if param in callee.by_reference and type(arg) in (n.Var, n.Index):
                first, other = find(callee.key(param)), find(unit.key(arg.name))
                if first != other:
                    parent[other] = first
    keys = list(parent)
    return {key: find(key) for key in keys} | {find(key): find(key) for key in keys}
