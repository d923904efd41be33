"""Static checks of a parsed program (labels, procedures, argument counts) and the tree walk; imports nodes."""

from __future__ import annotations

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
        for node in walk(line.statements):
            check_node(node, program, line, diagnostics)
    return program


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


def walk(node: object):
    """Yield a node and every node below it, depth first (without recursion: it runs at every compile).

    Decision: the fields of each kind of node are looked up once; any child is pushed, and what
    is not a node (a name, a number, None) is dropped when it is popped.
    """
    stack = [node]
    pop, extend = stack.pop, stack.extend
    fields_of = _FIELDS
    while stack:
        item = pop()
        kind = type(item)
        if kind is tuple or kind is list:
            extend(reversed(item))
            continue
        fields = fields_of.get(kind, _UNKNOWN)
        if fields is _UNKNOWN:
            fields = fields_of[kind] = getattr(kind, "_fields", None)
        if fields is None:
            continue
        yield item
        extend([getattr(item, name) for name in reversed(fields)])


_FIELDS: dict[type, tuple | None] = {}  # each kind of node's fields (None: not a node)
_UNKNOWN = object()
