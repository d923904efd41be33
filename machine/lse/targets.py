"""The lines a computed ALLER EN may go to: the values its expression can take, found from every store of the
variables and arrays it reads (a loop's variable: the values its constant bounds give; a procedure's parameter
by value: what its calls give it), or else from the stores that reach the jump (reaching.py). Imports nodes,
ir, layout, analyses (which lines a unit runs), holdings (which names are the program's) and reaching; never
the runtime.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

from machine.lse import ir
from machine.lse import nodes as n
from machine.lse.analyses import foreign_lines, return_roots
from machine.lse.holdings import array_variables, own_names
from machine.lse.layout import MAIN, Layout, Unit
from machine.lse.numbers import round32
from machine.lse.operands import DEEPEST
from machine.lse.reaching import START, predecessors, reaching_stores
from machine.record import record

SPREAD = 16  # the most values followed for a name: with more, it may be anything
WITHIN = 256  # the most values followed inside an expression (the places POS may find in a line of text)
# Decision: only values below 2^24 that single precision holds are followed, each operation's result too: the
# run computes each exactly in either precision, so the value it computes is the one found here, to the bit.
# (ENT of a quotient, inexact as it may be, is the floor of the exact one below 2^23: see _whole_quotients.)
WHOLE_BELOW = float(1 << 24)
QUOTIENT_BELOW = 1 << 23

Key = tuple[str, str]  # (the unit whose own name it is, or MAIN; the name)


def length_key(key: Key) -> Key:
    """Where the lengths of a string variable's values are kept among the values followed (no name has a $)."""
    return key[0], "$" + key[1]


@record(slots=True)
class Targets:
    """What the analysis found: the lines of each computed jump it knows, and what the names it counts on hold."""

    lines: dict[int, tuple[int, ...]]  # by the jump exit's id: the program's lines among its values, in order
    values: dict[str, frozenset[float]]  # the program's variables and arrays (their elements) those come from
    # the procedures' own names they come from, by (procedure, name): what a host's call may give a parameter
    params: dict[Key, frozenset[float]]
    # the program's variables whose values were found from the stores that reach a jump: the monitor changing
    # one at a pause stops the run (the value it gives is no store's)
    fixed: frozenset[str] = frozenset()


def jump_targets(program: ir.ProgramIR, layout: Layout, held: dict, roots: list[int] | None = None) -> Targets:
    """The lines each computed ALLER EN of `program` may go to, where its expression can only take a few whole
    values: constants, the places POS finds in a constant string, and the variables and array elements that only
    ever get such values.

    `held`: the program's variables as the run starts (kept from the prompt), counted as stores; `roots`: where
    the run starts (the first line's block if None). A value that is no line of the program fails the jump as
    before; the monitor giving a name another value at a pause stops the run (linker.targets_kept), and a host
    giving a parameter another value is refused (runtime.call_from_host).

    Decision: a procedure's own names (its parameters by value, its locals) are followed apart from the
    program's where no line is run by a unit other than its own (a line so run reads and stores the names of
    the unit that runs it: a procedure's `L←200` run by the main program stores the program's `L`): found so
    first, then checked; where some are, only the program's names are followed, and none that a procedure has
    as its own (a calculator's `ALLER EN 1000+100*OP` in `&OPER(OP)`).
    """
    jumps = [block.exit for block in program.blocks if type(block.exit) is ir.Jump and block.exit.line is None]
    if not jumps:
        return Targets({}, {}, {})
    if roots is None:
        lines = program.program.lines
        roots = [program.line_block[lines[0].number]] if lines else [program.off_end]
    found = _found(program, layout, held, jumps, keyed=True, roots=roots)
    if found.lines and _runs_foreign_lines(program, layout, jumps, found, roots):
        found = _found(program, layout, held, jumps, keyed=False)
    return found


def _runs_foreign_lines(program: ir.ProgramIR, layout: Layout, jumps: list[ir.Jump], found: Targets,
                        roots: list[int]) -> bool:
    """True if, with the jumps going to the lines found, some unit runs a line another unit's lines hold."""
    with _going_to(jumps, found.lines):
        returns = return_roots(program, layout)
        units = [(unit, [*roots, *returns] if name == MAIN else [program.proc_entry[name], *returns])
                 for name, unit in layout.units.items()]
        return bool(foreign_lines(program, layout, units))


@contextmanager
def _going_to(jumps: list[ir.Jump], lines: dict[int, tuple[int, ...]]) -> Iterator[None]:
    """The jumps going to the lines found for them (any line where none were) while the block runs, then as
    before."""
    before = [jump.found_lines for jump in jumps]
    for jump in jumps:
        jump.found_lines = lines.get(id(jump))
    try:
        yield
    finally:
        for jump, old in zip(jumps, before):
            jump.found_lines = old


def _found(program: ir.ProgramIR, layout: Layout, held: dict, jumps: list[ir.Jump], keyed: bool,
           roots: list[int] | None = None) -> Targets:
    """The lines of the jumps, a procedure's own names followed apart (`keyed`) or none of them; where `roots`
    are given, a jump of the program's lines that every store does not tell is told by the stores that reach it."""
    arrays = _arrays(layout)
    resolve = _resolver(keyed)
    values, stores = _followed(layout, arrays, resolve, keyed)
    for name, kept in held.items():
        key = (MAIN, name)
        if length_key(key) in values:  # a string the run starts with: its length is one it may have
            told = values[length_key(key)]
            if type(kept) is str and len(told | {float(len(kept))}) <= SPREAD:
                values[length_key(key)] = told | {float(len(kept))}
            else:
                del values[length_key(key)]
        if key not in values:
            continue
        now = (kept[1:] if type(kept) is list else None) if name in arrays else [kept] if type(kept) is float else None
        if now is None or not all(_whole(value) for value in now) or len(merged := values[key] | set(now)) > SPREAD:
            del values[key]
        else:
            values[key] = merged
    changed = True
    while changed:  # a value found may be another's: to a fixpoint, a name dropped when it may be anything
        changed = False
        for key, expr, unit in stores:
            if key not in values:
                continue
            found = _values(expr, values, arrays, unit, resolve)
            if found is None or len(merged := values[key] | found) > SPREAD:
                del values[key]
                changed = True
            elif merged != values[key]:
                values[key] = merged
                changed = True
    owners = {line: unit for unit in layout.units.values() for line in unit.own_lines}
    main = layout.units[MAIN]
    lines: dict[int, tuple[int, ...]] = {}
    needed: set[Key] = set()
    reached: dict[Key, frozenset[float]] = {}  # the names a jump's reaching stores told: their values there
    told: _Reaching | None = None  # (made for the first jump that needs it)
    for jump in jumps:
        unit = owners.get(jump.at, main)
        found = _values(jump.expr, values, arrays, unit, resolve)
        names = _names(jump.expr, unit, resolve)
        if found is None and roots is not None and unit is main:
            told = told or _Reaching(program, layout, held, jumps, lines, roots)
            found = told.jump_values(jump, values, arrays, resolve)
            if found is not None:
                reached.update(told.told)
                names = told.read
        if found is not None:
            lines[id(jump)] = tuple(sorted(int(value) for value in found if value in program.line_block))
            needed |= names
    kept = {key: values[key] for key in _closure(needed, stores, resolve) if key in values}
    strings = {key for key in kept if key[1].startswith("$")}  # (their lengths: kept as they are)
    return Targets(lines, {name: found for (owner, name), found in kept.items() if owner == MAIN and
                           (owner, name) not in strings},
                   {key: found for key, found in kept.items() if key[0] != MAIN and key not in strings},
                   frozenset([*(name for _, name in reached), *(name[1:] for owner, name in strings)]))


class _Reaching:
    """The values of a jump's variables told by the stores that reach it (reaching.py), and theirs by the stores
    that reach them, for the jumps that every store of them does not tell."""

    DEPTH = 4  # the most stores followed back from a jump, one reading what another stored

    def __init__(self, program: ir.ProgramIR, layout: Layout, held: dict, jumps: list[ir.Jump],
                 lines: dict[int, tuple[int, ...]], roots: list[int]) -> None:
        self.program, self.held = program, held
        self.main = layout.units[MAIN]
        self.lines = frozenset(self.main.own_lines)
        self.roots = frozenset(roots)
        self.closed = frozenset([*program.proc_entry.values(), *return_roots(program, layout)])
        self.block_of = {id(block.exit): block.id for block in program.blocks if type(block.exit) is ir.Jump}
        self.read: set[Key] = set()  # the names followed everywhere that the values found last read
        self.told: dict[Key, frozenset[float]] = {}  # the names told by their stores that the values found read
        with _going_to(jumps, lines):  # (a jump not told yet may go to any line)
            self.before = predecessors(program)

    def jump_values(self, jump: ir.Jump, values: dict, arrays: set[str], resolve) -> frozenset[float] | None:
        """The values the jump's expression may take where it is made, or None."""
        self.read, self.told = set(), {}
        block = self.block_of[id(jump)]
        return self._values(jump.expr, (block, len(self.program.blocks[block].ops)), values, arrays, resolve,
                            self.DEPTH)

    def _values(self, expr: object, at: tuple[int, int], values: dict, arrays: set[str], resolve,
                depth: int) -> frozenset[float] | None:
        names = _names(expr, self.main, resolve)
        own: dict[Key, frozenset[float]] = {}
        for key in names:
            if key in values or key[1].startswith("$") or key[1] in arrays:
                self.read.add(key)
                continue
            found = self._name_values(key, at, values, arrays, resolve, depth) if depth else None
            if found is None:
                return None
            own[key] = found
        self.told.update(own)
        return _values(expr, {**values, **own}, arrays, self.main, resolve)

    def _name_values(self, key: Key, at: tuple[int, int], values: dict, arrays: set[str], resolve,
                     depth: int) -> frozenset[float] | None:
        stores = reaching_stores(self.program, self.before, at, key[1], self.lines, self.roots, self.closed)
        if stores is None:
            return None
        found: set[float] = set()
        for store in stores:
            if store is START:
                start = self.held.get(key[1])
                part = None if start is not None and not _whole(start) else frozenset(
                    () if start is None else (start,))
            else:
                node, block, place = store
                part = self._values(node.expr, (block, place), values, arrays, resolve, depth - 1)
            if part is None or len(found | part) > WITHIN:
                return None
            found |= part
        return frozenset(found)


def _resolver(keyed: bool):
    """What a name read or stored in a unit is: a procedure's own name apart (`keyed`), else the program's."""
    def resolve(unit: Unit, name: str) -> Key:
        return unit.key(name) if keyed else (MAIN, name)
    return resolve


def _arrays(layout: Layout) -> set[str]:
    """The program's arrays whose elements may be followed: held whenever set, nothing hands an element out."""
    return array_variables(layout) - layout.parameters


def _followed(layout: Layout, arrays: set[str], resolve, keyed: bool) -> tuple[dict[Key, frozenset[float]], list]:
    """The names whose every value comes from a store written in the program (with what they start with: an
    array's zeros), and those stores (key, expression, the unit whose lines hold it). Not one read in (LIRE,
    CHARGER), a loop's variable but of constant bounds, a position, CHARGER's status, nor one given to a
    procedure by reference (it may store into it), nor a parameter by reference; a procedure's own name only
    where they are followed apart (`keyed`), a parameter by value from what each call gives it; `arrays`: the
    arrays that may be followed (_arrays)."""
    units = layout.units
    excluded = {(MAIN, name) for name in layout.loaded_names}
    if not keyed:  # (keyed, a procedure's parameter is its own name: one by reference is left out below)
        excluded |= {(MAIN, name) for name in own_names(layout) | layout.parameters}
    excluded |= {(unit.name, name) for unit in units.values() for name in unit.by_reference}
    excluded |= {(unit.name, name) for unit in units.values() for name in unit.locals if name in layout.loaded_names}
    stores: list[tuple[Key, object, Unit]] = []
    stepped: dict[Key, frozenset[float]] = {}  # the variables of loops of constant bounds: the values they pass
    lengths: dict[Key, set[float] | None] = {}  # the program's strings: the lengths of the constants they get
    for unit, node in layout.noted:
        kind = type(node)
        if kind is n.Assign:
            key = resolve(unit, node.target.name)
            stores.append((key, node.expr, unit))
            if key[0] == MAIN and type(node.target) is n.Var and key[1] in layout.string_names:
                told = lengths.setdefault(key, set())
                if type(node.expr) is not n.Str or told is None:
                    lengths[key] = None
                else:
                    told.add(float(len(node.expr.value)))
        elif kind is n.Lire:
            excluded.update(resolve(unit, target.name) for target in node.targets)
        elif kind is n.Charger:  # (its status too: a number it gives, a variable or an element)
            excluded.update(resolve(unit, target.name) for target in (node.var, node.status) if target is not None)
        elif kind is n.Faire:
            passes = _passed(node)
            if passes is None:
                excluded.add(resolve(unit, node.var))
            else:
                key = resolve(unit, node.var)
                stepped[key] = stepped.get(key, frozenset()) | passes
        elif kind is n.BuiltinCall and node.position_out is not None:
            excluded.add(resolve(unit, node.position_out.name))
        elif kind is n.Call:
            callee = units.get(node.name)
            for index, arg in enumerate(node.args):
                param = callee.params[index] if callee is not None and index < len(callee.params) else None
                if param is None or param in callee.by_reference:
                    if type(arg) in (n.Var, n.Index):
                        excluded.add(resolve(unit, arg.name))
                elif keyed:  # (given by value: a store into the procedure's own name)
                    stores.append(((callee.name, param), arg, unit))
    keys = {key for key, _, _ in stores} | set(stepped) | {(MAIN, name) for name in arrays}
    values = {key: frozenset((0.0,)) if key[0] == MAIN and key[1] in arrays else stepped.get(key, frozenset())
              for key in keys - excluded if key[0] == MAIN and key[1] in arrays or layout.is_pure_number(key[1])}
    values.update((length_key(key), frozenset(told)) for key, told in lengths.items()
                  if told is not None and key not in excluded and key[1] not in layout.parameters)
    return values, stores


def _passed(node: n.Faire) -> frozenset[float] | None:
    """The values a FAIRE gives its variable, where its start, step and limit are whole constants and it has no
    TANT QUE: its start, and each step's while it is within the limit (the variable stays at the last); None
    where they are not so, or more than SPREAD."""
    if node.cond is not None or node.limit is None:
        return None
    start, step, limit = (_constant(part) for part in (node.start, node.step or n.Num(1.0, node.line), node.limit))
    if start is None or step is None or limit is None:
        return None
    found, value = {start}, start + step
    while step and (value <= limit if step > 0 else value >= limit) and len(found) <= SPREAD:
        found.add(value)
        value += step
    return frozenset(found) if len(found) <= SPREAD else None


def _constant(node: object) -> float | None:
    """A whole constant's value (a minus before one too), else None."""
    if type(node) is n.Unary and node.op == "-":
        value = _constant(node.operand)
        return None if value is None else -value
    return node.value if type(node) is n.Num and _whole(node.value) else None


def _whole(value: object) -> bool:
    return type(value) is float and value.is_integer() and -WHOLE_BELOW < value < WHOLE_BELOW


def _values(node: object, values: dict[Key, frozenset[float]], arrays: set[str], unit: Unit,
            resolve, deep: int = 0) -> frozenset[float] | None:
    """The values an expression read in `unit` can take, or None if it may take others (or too many to follow,
    or more than operands.DEEPEST operations deep: `deep` so far); `values`: of the names and `arrays` followed."""
    if deep > DEEPEST:  # (X←X/X/.../X, a line of the fuzzer)
        return None
    deep += 1
    kind = type(node)
    if kind is n.Num:
        return _exact({node.value})
    if kind is n.Var or kind is n.Index:  # (an element of an array that `values` follows: its elements' values)
        return values.get(resolve(unit, node.name)) if (kind is n.Index) is (node.name in arrays) else None
    if kind is n.Unary:
        found = _values(node.operand, values, arrays, unit, resolve, deep)
        return found if found is None or node.op == "+" else frozenset(-value for value in found)
    if kind is n.Conditional:
        then = _values(node.then, values, arrays, unit, resolve, deep)
        other = _values(node.other, values, arrays, unit, resolve, deep)
        return None if then is None or other is None or len(then | other) > WITHIN else then | other
    if kind is n.BuiltinCall and node.position_out is None and len(node.args) == 1 and node.name == "ENT":
        quotient = node.args[0]
        if type(quotient) is n.Binary and quotient.op == "/":
            return _whole_quotients(*_operands(quotient, values, arrays, unit, resolve, deep))
        found = _values(quotient, values, arrays, unit, resolve, deep)
        return None if found is None else _exact({float(math.floor(value)) for value in found})
    if kind is n.BuiltinCall and node.name == "POS" and node.position_out is None:
        text = node.args[0]  # (a place in a constant string, or 0: a code chosen by a word)
        if type(text) is n.Str:
            return _positions(len(text.value))
        lengths = values.get(length_key(resolve(unit, text.name))) if type(text) is n.Var else None
        return None if not lengths else _positions(int(max(lengths)))
    if kind is n.Binary and node.op in "+-*/":
        left, right = _operands(node, values, arrays, unit, resolve, deep)
        if left is None or right is None:
            return None
        if node.op == "/":  # (by zero: an error, no value)
            quotients = [_quotient(a, b) for a in left for b in right if b]
            return None if None in quotients else _exact(set(quotients))
        return _exact({a + b if node.op == "+" else a - b if node.op == "-" else a * b for a in left for b in right})
    return None


def _operands(node: n.Binary, values: dict, arrays: set[str], unit: Unit,
              resolve, deep: int = 0) -> tuple[frozenset[float] | None, frozenset[float] | None]:
    """The values of an operation's two sides; None for both where there are too many pairs to follow."""
    left = _values(node.left, values, arrays, unit, resolve, deep)
    right = _values(node.right, values, arrays, unit, resolve, deep)
    if left is None or right is None or len(left) * len(right) > WITHIN * SPREAD:
        return None, None
    return left, right


def _whole_quotients(left: frozenset[float] | None, right: frozenset[float] | None) -> frozenset[float] | None:
    """ENT(a/b) for whole a and b: the floor of the exact quotient, which is the run's where |a| < 2^23 (in
    single precision the quotient is rounded by at most |a/b|·2^-24 < 1/|b|, less than its distance to a whole
    number if it is not one); by zero, an error: no value."""
    if left is None or right is None or not all(value.is_integer() and abs(value) < QUOTIENT_BELOW
                                                for value in (*left, *right)):
        return None
    return _exact({float(int(a) // int(b)) for a in left for b in right if b})


def _quotient(a: float, b: float) -> float | None:
    """a/b where it is a number of a few binary places (which _exact then tests), else None: the run rounds it."""
    top, below = a.as_integer_ratio()
    top_b, below_b = b.as_integer_ratio()
    top, below = top * below_b, below * top_b
    if below < 0:
        top, below = -top, -below
    common = math.gcd(top, below)
    top, below = top // common, below // common
    if below & (below - 1) or abs(top) >= 1 << 53:  # (a denominator of a power of two: a binary fraction)
        return None
    return top / below


def _exact(found: set[float]) -> frozenset[float] | None:
    """The values, if there are few enough and each is held exactly in single precision, else None."""
    if len(found) > WITHIN or not all(-WHOLE_BELOW < value < WHOLE_BELOW and (
            value.is_integer() or round32(value) == value) for value in found):
        return None
    return frozenset(found)


def _positions(length: int) -> frozenset[float] | None:
    """What POS gives in a string of at most `length` characters: 0, or a place from 1 to one past its end (an
    empty string is found there)."""
    return frozenset(float(place) for place in range(length + 2)) if length + 2 <= WITHIN else None


def _names(node: object, unit: Unit, resolve) -> set[Key]:
    """The names whose values an expression read in `unit` is made of (not an element's index); without
    recursion, as a chain of operations may be thousands deep."""
    found: set[Key] = set()
    work = [node]
    while work:
        node = work.pop()
        kind = type(node)
        if kind is n.Var or kind is n.Index:
            found.add(resolve(unit, node.name))
        elif kind is n.Unary:
            work.append(node.operand)
        elif kind is n.Conditional:
            work += (node.then, node.other)
        elif kind is n.Binary:
            work += (node.left, node.right)
        elif kind is n.BuiltinCall and node.name == "ENT":
            work.append(node.args[0])
        elif kind is n.BuiltinCall and node.name == "POS" and type(node.args[0]) is n.Var:
            found.add(length_key(resolve(unit, node.args[0].name)))  # (its places: the text's length alone)
    return found


def _closure(keys: set[Key], stores: list, resolve) -> set[Key]:
    """`keys` and every name that a store into one of them reads the value of, and so on."""
    found, work = set(), list(keys)
    while work:
        key = work.pop()
        if key not in found:
            found.add(key)
            work.extend(part for target, expr, unit in stores if target == key for part in _names(expr, unit, resolve))
    return found
