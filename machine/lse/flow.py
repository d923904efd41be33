"""What control flow and procedure calls can do, found before compiling: reachable code, names touched.

Imports nodes, layout and the parser's walk only.
"""

from __future__ import annotations

from machine.lse import nodes as n
from machine.lse.layout import MAIN, Layout
from machine.lse.parser import walk

ENDS_FLOW = (n.Goto, n.Retour, n.Resultat, n.Terminer, n.Executer)
# Statements that need a procedure's own variables in a table: such a procedure keeps one.
NEEDS_TABLE = (n.Lire, n.Pause, n.Garer, n.Charger, n.Chaine, n.Tableau, n.Liberer, n.Executer)


def has_call(node: object) -> bool:
    """True if a procedure call (&F) appears anywhere in node."""
    return any(isinstance(item, n.Call) for item in walk(node))


def computed_jumps(layout: Layout) -> bool:
    """True if some ALLER EN or RETOUR EN computes its target (then any line may be entered)."""
    for line in layout.program.lines:
        for node in walk(line.statements):
            if isinstance(node, (n.Goto, n.Retour)) and node.target is not None:
                if layout.resolve(node.target) is None:
                    return True
    return False


def return_targets(layout: Layout) -> set[int]:
    """The pcs that a RETOUR EN n (static) makes a caller go on at."""
    pcs = set()
    for line in layout.program.lines:
        for node in walk(line.statements):
            if isinstance(node, n.Retour) and node.target is not None:
                number = layout.resolve(node.target)
                if number in layout.line_pc:
                    pcs.add(layout.line_pc[number])
    return pcs


def reachable(layout: Layout, roots: set[int], computed: bool) -> set[int]:
    """The segment pcs that control can reach from roots (all of them if some jump is `computed`)."""
    if computed:
        return set(range(layout.end_pc + 1))
    seen: set[int] = set()
    work = [pc for pc in roots if 0 <= pc <= layout.end_pc]
    while work:
        pc = work.pop()
        if pc in seen:
            continue
        seen.add(pc)
        work.extend(successors(layout, pc))
    return seen


def successors(layout: Layout, pc: int) -> list[int]:
    """Where a segment may go: static jumps, loop bodies and exits, the next line."""
    if pc >= layout.end_pc:
        return []
    segment = layout.segments[pc]
    statements = layout.program.lines[segment.line_index].statements[segment.start:]
    result = []
    for position, node in enumerate(statements):
        if isinstance(node, (n.Faire, n.Procedure)):
            statements = statements[:position + 1]
            break
    for node in walk(statements):
        if isinstance(node, n.Goto):
            number = layout.resolve(node.target)
            if number in layout.line_pc:
                result.append(layout.line_pc[number])
        elif isinstance(node, n.Faire):
            result.append(pc + 1)
            end = layout.resolve(node.end)
            if end in layout.line_index:
                result.append(layout.next_line_pc(layout.line_index[end]))
    last = statements[-1] if statements else None
    if isinstance(last, n.Faire):
        return result
    if isinstance(last, n.Procedure):
        return result  # reaching a PROCEDURE line is an error; its body is entered by calls
    if not isinstance(last, ENDS_FLOW):
        result.append(layout.next_line_pc(segment.line_index))
    return result


def single_values(node: object) -> list[str]:
    """The names a node gives a single value: assigned, looped over, given a position, read (LIRE)."""
    if isinstance(node, n.Assign) and isinstance(node.target, n.Var):
        return [node.target.name]
    if isinstance(node, n.Faire):
        return [node.var]
    if isinstance(node, n.BuiltinCall) and node.position_out is not None:
        return [node.position_out.name]
    if isinstance(node, n.Lire):
        return [target.name for target in node.targets if isinstance(target, n.Var)]
    return []


def declarations(node: object) -> list[str]:
    """The names a node may give another kind than number: CHAINE, TABLEAU, CHARGER."""
    if isinstance(node, n.Chaine):
        return list(node.names)
    if isinstance(node, n.Tableau):
        return [name for name, _ in node.decls]
    if isinstance(node, n.Charger):
        return [node.var.name]
    return []


def scalar_targets(layout: Layout) -> set[str]:
    """Names that are ever given a single value anywhere in the program."""
    return {name for line in layout.program.lines for node in walk(line.statements) for name in single_values(node)}


def written_names(nodes: object) -> set[str]:
    """Names that statements among `nodes` may give a new value or kind (LIBERER included)."""
    names = set()
    for node in nodes:
        names.update(single_values(node), declarations(node))
        if isinstance(node, n.Liberer):
            names.update(node.names)
    return names


def segment_statements(layout: Layout, pc: int) -> tuple:
    """The statements of segment pc (to the end of its line)."""
    segment = layout.segments[pc]
    return layout.program.lines[segment.line_index].statements[segment.start:]


class Flow:
    """Per procedure: the code it can run, the global names it (and what it calls) may touch, lean or not."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.returns = return_targets(layout)
        self.computed = computed_jumps(layout)
        self.scalars = scalar_targets(layout)
        self.code: dict[str, set[int]] = {}
        for name, unit in layout.units.items():
            if name != MAIN:
                self.code[name] = reachable(layout, {unit.entry_pc} | self.returns, self.computed)
        self.declared = {name: self._declared(pcs) for name, pcs in self.code.items()}
        self.touched = self._touched_globals()
        self.writes = self._written_globals()
        self.aliased = self._aliased()
        self.lean = {name for name in self.code if self._can_be_lean(name)}

    def nodes(self, pcs: set[int]):
        """Every node of the given segments."""
        for pc in pcs:
            if pc < self.layout.end_pc:
                yield from walk(segment_statements(self.layout, pc))

    def _written_globals(self) -> dict[str, set[str]]:
        """Per procedure, the globals it (and what it calls) may change."""
        writes = {}
        calls = {}
        for name, pcs in self.code.items():
            unit = self.layout.units[name]
            writes[name] = {target for target in written_names(self.nodes(pcs)) if target not in unit.locals}
            calls[name] = {node for node in self.nodes(pcs) if isinstance(node, n.Call)}
        changed = True
        while changed:
            changed = False
            for name in writes:
                for call in calls[name]:
                    extra = self.call_writes(call, writes) - writes[name]
                    extra -= self.layout.units[name].locals
                    if extra:
                        writes[name] |= extra
                        changed = True
        return writes

    def call_writes(self, call: n.Call, writes: dict[str, set[str]] | None = None) -> set[str]:
        """The names a call may change: the callee's globals, and variables passed by reference."""
        callee = self.layout.units[call.name]
        names = set((writes if writes is not None else self.writes).get(call.name, ()))
        for param, arg in zip(callee.params, call.args):
            if param in callee.by_reference and isinstance(arg, n.Var):
                names.add(arg.name)
        return names

    def _declared(self, pcs: set[int]) -> set[str]:
        """Names that CHAINE, TABLEAU or CHARGER may give another kind than number in this code."""
        return {name for node in self.nodes(pcs) for name in declarations(node)}

    def pure(self, unit_name: str, name: str) -> bool:
        """True if `name`, as the unit sees it, only ever holds a number.

        A procedure's own variable (not a parameter) lives in its call's table, which only
        its own code can declare; a global may be declared anywhere.
        """
        unit = self.layout.units[unit_name]
        if name in unit.locals and name not in unit.params:
            return name not in self.declared[unit_name]
        return self.layout.is_pure_number(name, unit.params)

    def _touched_globals(self) -> dict[str, set[str]]:
        own, calls = {}, {}
        for name, pcs in self.code.items():
            unit = self.layout.units[name]
            own[name], calls[name] = set(), set()
            for node in self.nodes(pcs):
                if isinstance(node, (n.Var, n.Index)) and node.name not in unit.locals:
                    own[name].add(node.name)
                elif isinstance(node, n.Faire) and node.var not in unit.locals:
                    own[name].add(node.var)
                elif isinstance(node, n.Call):
                    calls[name].add(node.name)
        touched = {name: set(names) for name, names in own.items()}
        changed = True
        while changed:
            changed = False
            for name in touched:
                for callee in calls[name]:
                    extra = touched.get(callee, set()) - touched[name]
                    if extra:
                        touched[name] |= extra
                        changed = True
        return touched

    def _can_be_lean(self, name: str) -> bool:
        """A procedure whose own variables never need a table: values in, numbers inside, no waiting on them."""
        unit = self.layout.units[name]
        for local in unit.locals - set(unit.params):
            if not self.pure(name, local):
                return False
        for node in self.nodes(self.code[name]):
            if isinstance(node, NEEDS_TABLE):
                return False
            if isinstance(node, n.Call):
                callee = self.layout.units[node.name]
                for param, arg in zip(callee.params, node.args):
                    if param in callee.by_reference and isinstance(arg, n.Var) and arg.name in unit.locals:
                        return False
            if isinstance(node, n.BuiltinCall) and node.position_out is not None:
                if node.position_out.name in unit.params:
                    return False
        return True

    def _aliased(self) -> dict[str, set[str] | None]:
        """Per procedure, the names its by-reference parameters may stand for (None: any name).

        A caller's own by-reference parameter passed on may stand for anything.
        """
        aliased: dict[str, set[str] | None] = {name: set() for name in self.code}
        every_line = set(range(self.layout.end_pc))
        for caller, pcs in [*self.code.items(), (MAIN, every_line)]:
            unit = self.layout.units[caller]
            for node in self.nodes(pcs):
                if not isinstance(node, n.Call) or aliased.get(node.name, set()) is None:
                    continue
                callee = self.layout.units[node.name]
                for param, arg in zip(callee.params, node.args):
                    if param in callee.by_reference and isinstance(arg, n.Var):
                        if arg.name in unit.by_reference:
                            aliased[node.name] = None
                            break
                        aliased[node.name].add(arg.name)
        return aliased

    def may_alias(self, procedure: str, name: str) -> bool:
        """True if a by-reference parameter of the procedure may be the variable `name` itself."""
        names = self.aliased.get(procedure, set())
        return names is None or name in names

    def call_touches(self, call: n.Call) -> set[str]:
        """The names a call may read or change: the callee's globals, and variables passed by reference."""
        callee = self.layout.units[call.name]
        names = set(self.touched.get(call.name, ()))
        for param, arg in zip(callee.params, call.args):
            if param in callee.by_reference and isinstance(arg, n.Var):
                names.add(arg.name)
        return names
