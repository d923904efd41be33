"""The LSE syntax tree: frozen records (machine.record), each carrying its line number; imports only record."""

from __future__ import annotations

from machine.record import field, record


# ---------------------------------------------------------------- expressions
@record(frozen=True, slots=True)
class Num:
    value: float
    line: int


@record(frozen=True, slots=True)
class Str:
    value: str
    line: int


@record(frozen=True, slots=True)
class Var:
    name: str
    line: int


@record(frozen=True, slots=True)
class Index:
    name: str
    indices: tuple
    line: int


@record(frozen=True, slots=True)
class Call:
    """A call of a PROCEDURE, as a statement or inside an expression."""

    name: str
    args: tuple
    line: int


@record(frozen=True, slots=True)
class BuiltinCall:
    name: str
    args: tuple
    position_out: Var | None
    line: int


@record(frozen=True, slots=True)
class Unary:
    op: str  # '-' or '+'
    operand: object
    line: int


@record(frozen=True, slots=True)
class Binary:
    op: str  # + - * / ^ !
    left: object
    right: object
    line: int


@record(frozen=True, slots=True)
class Compare:
    op: str  # = # < <= > >=
    left: object
    right: object
    line: int


@record(frozen=True, slots=True)
class Logic:
    op: str  # ET OU
    left: object
    right: object
    line: int


@record(frozen=True, slots=True)
class Not:
    operand: object
    line: int


@record(frozen=True, slots=True)
class Conditional:
    cond: object
    then: object
    other: object
    line: int


# ----------------------------------------------------------------- statements
@record(frozen=True, slots=True)
class Target:
    """Where a jump goes: a line number, a label, or (ALLER EN only) an expression."""

    number: int | None
    label: str | None
    expr: object | None
    line: int


@record(frozen=True, slots=True)
class Assign:
    target: Var | Index
    expr: object
    line: int


@record(frozen=True, slots=True)
class Afficher:
    format: tuple | None
    items: tuple
    line: int


@record(frozen=True, slots=True)
class Lire:
    targets: tuple
    line: int


@record(frozen=True, slots=True)
class Goto:
    target: Target
    line: int


@record(frozen=True, slots=True)
class If:
    cond: object
    then: object
    other: object | None
    line: int


@record(frozen=True, slots=True)
class Block:
    statements: tuple
    line: int


@record(frozen=True, slots=True)
class Faire:
    end: Target
    var: str
    start: object
    step: object | None
    limit: object | None
    cond: object | None
    line: int


@record(frozen=True, slots=True)
class Terminer:
    line: int


@record(frozen=True, slots=True)
class Pause:
    line: int


@record(frozen=True, slots=True)
class Procedure:
    name: str
    params: tuple
    locals: tuple
    line: int


@record(frozen=True, slots=True)
class CallStatement:
    call: Call
    line: int


@record(frozen=True, slots=True)
class Retour:
    target: Target | None
    line: int


@record(frozen=True, slots=True)
class Resultat:
    expr: object
    line: int


@record(frozen=True, slots=True)
class Chaine:
    names: tuple
    line: int


@record(frozen=True, slots=True)
class Tableau:
    decls: tuple  # of (name, (dim exprs))
    line: int


@record(frozen=True, slots=True)
class Liberer:
    names: tuple
    line: int


@record(frozen=True, slots=True)
class Garer:
    var: Var
    record: object
    file: object
    line: int


@record(frozen=True, slots=True)
class Charger:
    var: Var
    record: object
    file: object
    status: Var | Index | None
    line: int


@record(frozen=True, slots=True)
class Supprimer:
    file: object
    record: object | None
    line: int


@record(frozen=True, slots=True)
class Executer:
    program: object
    start: object | None
    line: int


# ------------------------------------------------------------------- program
@record(frozen=True, slots=True)
class Line:
    number: int
    label: str | None
    statements: tuple
    source: str


@record(slots=True)
class Program:
    """A whole parsed program: lines in ascending order, labels, procedures."""

    lines: list[Line] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)
    procedures: dict[str, tuple[int, Procedure]] = field(default_factory=dict)
    replaced: list[int] = field(default_factory=list)  # numbers a later line of the file took over
