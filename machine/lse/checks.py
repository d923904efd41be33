"""Static checks of a parsed program (labels, procedures, argument counts) and the tree walk; imports nodes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter

from machine.errors import Diagnostic, Err
from machine.lse import nodes as n


def build_program(lines: list[n.Line], diagnostics: list[Diagnostic]) -> n.Program:
    """Index lines, labels and procedures, and check every static reference."""
    program = n.Program()
    seen: set[int] = set()
    for line in sorted(lines, key=lambda item: item.number):
        if line.number in seen:
            diagnostics.append(Diagnostic(Err.DUPLICATE_LINE, str(line.number), line.number, line.source))
            continue
        seen.add(line.number)
        program.lines.append(line)
        if line.label:
            if line.label in program.labels:
                diagnostics.append(Diagnostic(Err.DUPLICATE_LABEL, line.label, line.number, line.source))
            program.labels[line.label] = line.number
        if line.statements and isinstance(line.statements[0], n.Procedure):
            proc = line.statements[0]
            if proc.name in program.procedures:
                diagnostics.append(Diagnostic(Err.DUPLICATE_PROCEDURE, proc.name, line.number, line.source))
            program.procedures[proc.name] = (line.number, proc)
    for line in program.lines:
        for node in statement_nodes(line.statements):
            if type(node) in CHECKED:
                check_node(node, program, line, diagnostics)
    return program


CHECKED = frozenset({n.Faire, n.Call})  # the kinds of node check_node may report


def check_node(node: object, program: n.Program, line: n.Line, diagnostics: list[Diagnostic]) -> None:
    """Report a static error of one node: unknown label or procedure, wrong argument count."""
    if isinstance(node, n.Faire) and node.end.label and node.end.label not in program.labels:
        diagnostics.append(Diagnostic(Err.UNKNOWN_TARGET, node.end.label, line.number, line.source))
    elif isinstance(node, n.Call):
        known = program.procedures.get(node.name)
        if known is None:
            diagnostics.append(Diagnostic(Err.UNKNOWN_PROCEDURE, node.name, line.number, line.source))
        elif len(known[1].params) != len(node.args):
            diagnostics.append(Diagnostic(Err.ARGUMENT_COUNT, node.name, line.number, line.source))


def walk(node: object) -> Iterator:
    """Yield a node and every node below it, depth first (see nodes_below)."""
    return iter(nodes_below(node))


def nodes_below(node: object) -> list:
    """A node and every node below it, depth first (without recursion: it runs at every compile).

    Decision: each kind of node's children are read by one attrgetter made once per class; the
    fields of a syntax node declared as names or numbers (its line, a variable's name, an
    operator) are not read at all; any other child is pushed, and what is not a node (a name
    in a tuple of names, None) is dropped when it is popped.
    """
    found: list = []
    keep = found.append
    stack = [node]
    pop, push, extend = stack.pop, stack.append, stack.extend
    children_of = _CHILDREN
    while stack:
        item = pop()
        kind = type(item)
        if kind is tuple or kind is list:
            extend(reversed(item))
            continue
        children = children_of.get(kind, _UNKNOWN)
        if children is _UNKNOWN:
            children = children_of[kind] = _children(kind)
        if children is None:
            continue
        keep(item)
        if children is _ONE:
            continue
        if type(children) is str:
            push(getattr(item, children))
        else:
            extend(children(item))
    return found


def statement_nodes(statements: tuple) -> list:
    """nodes_below(statements) of one parsed line, worked out once for the same tuple of statements.

    Decision: the checks (at parse) and the layout (at load) both need every node of every
    line; a parsed line's statements are an immutable tuple of immutable nodes, so what is
    below them is kept, keyed by the tuple itself (held here, so its id is not reused), and a
    line edited at the prompt is a new tuple. The caller must not change the list.
    """
    entry = _BELOW.get(id(statements))
    if entry is not None and entry[0] is statements:
        return entry[1]
    found = nodes_below(statements)
    if len(_BELOW) >= KEPT_LINES:
        _BELOW.clear()
    _BELOW[id(statements)] = (statements, found)
    return found


def _children(kind: type) -> Callable | str | object | None:
    """How to read a kind of node's children, last first: an attrgetter, one field's name, _ONE (none)."""
    fields = getattr(kind, "_fields", None)
    if fields is None:
        return None
    if kind.__module__ == n.__name__:  # a syntax node: its names, numbers and line hold no node
        notes = kind.__annotations__
        fields = tuple(name for name in fields if notes[name] not in SCALARS)
    fields = tuple(reversed(fields))
    if not fields:
        return _ONE
    if len(fields) == 1:
        return fields[0]
    return attrgetter(*fields)


SCALARS = ("str", "int", "float", "str | None", "int | None")  # annotations of fields that hold no node
KEPT_LINES = 20_000  # lines whose nodes statement_nodes keeps (then it starts again)
_CHILDREN: dict[type, object] = {}  # each kind of node's children getter (None: not a node)
_BELOW: dict[int, tuple[tuple, list]] = {}
_UNKNOWN = object()
_ONE = object()  # a node with no field that can hold a node (Num, Var, Terminer...)
