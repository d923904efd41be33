"""Compile LSE expressions and statements into Python source with cycle costs; imports nodes, layout, emit, operands.

Decision: generated Python is the fast executable form. No text of the program
reaches it unescaped: names are checked identifiers written through repr(),
strings are written through repr(), numbers through float repr(), formats and
other objects are passed as constants in the namespace, never as source.
"""

from __future__ import annotations

import re
from collections import Counter

from machine.errors import Err, InternalError
from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS
from machine.lse.diskcode import DiskStatements
from machine.lse.emit import Cost, Emitter, Ex
from machine.lse.formats import compile_format
from machine.lse.layout import MAIN, Layout, Unit
from machine.lse.numbers import NumberModel
from machine.lse.operands import cannot_overflow, scales, whole24

# The cost key of each operator, beside the operator it prices.
BINARY_COST = {"+": "add", "-": "sub", "*": "mul", "/": "div", "^": "pow", "!": "concat"}
COMPARE_PY = {"=": "==", "#": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
END, RETURN, RESULT, RETURN_TO = -1, -2, -3, -4
NUMBER = re.compile(r"^[0-9.e+-]+$")
SIMPLE = re.compile(r"^(?:[A-Za-z_]\w*|[0-9.e+-]+)$")  # a local or a number: no effect, no error to order


class CompileTables:
    """What all compiled segments of a machine share: cost blocks and constants."""

    def __init__(self, costs: dict, profile: bool = False, numbers: NumberModel | None = None) -> None:
        self.costs = costs
        self.profile = profile
        self.numbers = numbers or NumberModel("double")
        self.blocks: list[tuple[int, Counter, int]] = []
        self.line = 0  # the line whose code is being generated, for per-line division counts
        self.constants: list[object] = []

    def block(self, kinds: Counter) -> int:
        """Register a block of operations of the line being compiled; return its id."""
        cycles = sum(self.costs[key] * count for key, count in kinds.items())
        self.blocks.append((cycles, Counter(kinds), self.line))
        return len(self.blocks) - 1

    def constant(self, value: object) -> int:
        """Register a constant object for generated code; return its index in _K."""
        self.constants.append(value)
        return len(self.constants) - 1


# Statements that neither jump, call, wait nor end: a run of them is charged once.
STRAIGHT_RUN = (n.Assign, n.Afficher, n.Chaine, n.Tableau, n.Liberer)


class StatementCompiler(DiskStatements):
    """Generate Python for the expressions and statements of one unit (main or a procedure)."""

    def __init__(self, layout: Layout, unit: Unit, tables: CompileTables) -> None:
        self.layout = layout
        self.unit = unit
        self.tables = tables
        self.gen = False
        self.in_index = 0  # compiling an array index (see key)
        self.deferred: Cost | None = None  # collecting the cost of a straight run

    # ------------------------------------------------------------ charging
    def block_id(self, cost: Cost) -> int:
        return self.tables.block(cost.kinds)

    def charge(self, out: Emitter, cost: Cost) -> None:
        if not cost.kinds:
            return
        if self.deferred is not None:
            self.deferred.merge(cost)
            return
        self.emit_charge(out, cost)

    def emit_charge(self, out: Emitter, cost: Cost) -> None:
        """Emit the code that pays for a block of operations."""
        block = self.block_id(cost)
        if self.tables.profile:
            out.emit(f"M.block({block})")
        else:
            out.emit(f"M.cyc += {self.tables.blocks[block][0]}")

    def charged(self, cost: Cost, code: str) -> str:
        if not cost.kinds:
            return code
        return f"M.charged({self.block_id(cost)}, {code})"

    # ------------------------------------------------------------- storage
    def env(self, name: str) -> str:
        return "L" if name in self.unit.locals else "G"

    def is_ref(self, name: str) -> bool:
        return name in self.unit.by_reference

    def whole_counter(self, faire: n.Faire) -> bool:
        """A loop variable that only its FAIRE sets, from a whole constant by a whole constant step."""
        return faire.var not in self.layout.assigned_names and whole24(faire.start) and whole24(
            faire.step or n.Num(1.0, faire.line))

    def step_sum(self, variable: str, step: str, faire: n.Faire) -> str:
        """Code for a loop variable plus its step, in the number model.

        A whole counter (see whole_counter) up to a whole constant limit within 24 bits counts
        exactly in any model: no rounding; up to another limit, it is exact until 2^24.
        """
        if self.whole_counter(faire):
            code = f"{variable} + {step}"
            return code if whole24(faire.limit) else self.tables.numbers.whole_step(code)
        return self.tables.numbers.step(f"{variable} + {step}")

    def ref_cell(self, name: str) -> str:
        """Code for the (table, key) reference that a by-reference parameter holds."""
        return f"L[{name!r}]"

    def read_var(self, name: str) -> str:
        if self.is_ref(name):
            return f"(_r := {self.ref_cell(name)})[0][_r[1]]"
        return f"{self.env(name)}[{name!r}]"

    def read_array(self, name: str) -> str:
        """Code reading a name that is indexed; checked when no TABLEAU, parameter or CHARGER can make it an array."""
        if self.is_ref(name) or self.layout.may_be_array(name, self.unit.params):
            return self.read_var(name)
        return f"_array({self.read_var(name)}, {name!r})"

    def var_kind(self, name: str) -> str:
        return "n" if self.layout.is_pure_number(name, self.unit.params) and not self.is_ref(name) else "?"

    def store_var(self, out: Emitter, name: str, value: Ex) -> None:
        if self.is_ref(name):
            out.emit(f"_setref({self.ref_cell(name)}, {value.code})")
        elif value.kind == "n" and self.layout.is_pure_number(name, self.unit.params):
            out.emit(f"{self.env(name)}[{name!r}] = {value.code}")
        else:
            out.emit(f"{self.env(name)}.assign({name!r}, {value.code})")

    def key(self, indices: tuple, cost: Cost) -> Ex:
        # Decision: index arithmetic is neither rounded nor checked: an index beyond the
        # number model's range or precision is beyond any array anyway (INDICE HORS LIMITES).
        self.in_index += 1
        try:
            parts = [self.expr(index) for index in indices]
        finally:
            self.in_index -= 1
        for part in parts:
            cost.merge(part.cost)
        gen = any(part.gen for part in parts)
        if len(parts) == 1:
            return Ex(parts[0].code, "n", cost, gen)
        return Ex(f"({parts[0].code}, {parts[1].code})", "n", cost, gen)

    # --------------------------------------------------------- expressions
    def expr(self, node: object) -> Ex:
        method = getattr(self, "ex_" + type(node).__name__)
        return method(node)

    def ex_Num(self, node: n.Num) -> Ex:
        return Ex(self.tables.numbers.constant(float(node.value)), "n", Cost().add("constant"))

    def ex_Str(self, node: n.Str) -> Ex:
        return Ex(repr(node.value), "s", Cost().add("constant"))

    def ex_Var(self, node: n.Var) -> Ex:
        return Ex(self.read_var(node.name), self.var_kind(node.name), Cost().add("variable"))

    def ex_Index(self, node: n.Index) -> Ex:
        index = self.key(node.indices, Cost().add("array_read"))
        array = self.read_array(node.name)
        return Ex(self.element(array, index.code), "n", index.cost, index.gen)

    def element(self, array: str, key: str) -> str:
        """Code reading an element: ops.read, or one lookup for a constant index found as it is.

        Decision: the array is looked at before the index, as a plain lookup does, so that an
        unset array and an unset index give the same error on every path.
        """
        if SIMPLE.match(array) and NUMBER.match(key):
            return f"({array}[{key}] if {key} in {array} else _rd({array}, {key}))"
        return f"_rd({array}, {key})"

    def ex_Unary(self, node: n.Unary) -> Ex:
        inner = self.expr(node.operand)
        if node.op == "+":
            return Ex(f"_num({inner.code})", "n", inner.cost, inner.gen)
        return Ex(f"(-{inner.code})", "n", inner.cost.add("neg"), inner.gen)

    def ex_Binary(self, node: n.Binary) -> Ex:
        unchecked = self.unchecked_result()
        left, right = self.operand(node, node.left), self.operand(node, node.right)
        cost = left.cost.merge(right.cost).add(BINARY_COST[node.op])
        gen = left.gen or right.gen
        op = node.op
        if op == "!":
            return Ex(f"_cat({left.code}, {right.code})", "s", cost, gen)
        if op == "^":
            return Ex(self.tables.numbers.builtin(f"_pow({left.code}, {right.code})"), "n", cost, gen)
        code = f"({left.code} {op} {right.code})"
        if op == "+" and not (left.kind == "n" and right.kind == "n"):
            code = self.add_code(left.code, right.code)
        if self.in_index:
            return Ex(code, "n", cost, gen)
        fits = unchecked or (cannot_overflow(op, node.left, node.right) and not self.unchecked_operands(node))
        if scales(op, node.left, node.right):
            if op == "/" and isinstance(node.left, n.Var) and node.left.name in self.layout.whole_counters and (
                    1.0 <= abs(node.right.value) <= 2.0 ** 100):
                return Ex(code, "n", cost, gen)  # a whole number of 24 bits halved: exact in any model
            return Ex(self.tables.numbers.scaled(code, fits), "n", cost, gen)
        return Ex(self.tables.numbers.result(code, fits), "n", cost, gen)

    def operand(self, parent: n.Binary, child: object) -> Ex:
        """Compile an operand of a binary operation (see unchecked_result)."""
        return self.expr(child)

    def unchecked_result(self) -> bool:
        """True if the binary operation being compiled needs no overflow check of its own."""
        return False

    def unchecked_operands(self, node: n.Binary) -> bool:
        """True if an operand of node was left unchecked (it may be infinite: node checks it)."""
        return False

    def ex_Compare(self, node: n.Compare) -> Ex:
        left, right = self.expr(node.left), self.expr(node.right)
        cost = left.cost.merge(right.cost).add("compare")
        gen = left.gen or right.gen
        same = left.kind == right.kind and left.kind in "ns"
        if same:
            return Ex(f"({left.code} {COMPARE_PY[node.op]} {right.code})", "b", cost, gen)
        helper = {"=": "_eq", "#": "_ne"}.get(node.op)
        if helper:
            return Ex(f"{helper}({left.code}, {right.code})", "b", cost, gen)
        return Ex(self.order_code(left.code, right.code, COMPARE_PY[node.op]), "b", cost, gen)

    def add_code(self, left: str, right: str) -> str:
        """Code for + when either operand may not be a number."""
        return f"_add({left}, {right})"

    def order_code(self, left: str, right: str, op: str) -> str:
        """Code for < > <= >= when the operands' kinds are not known to agree."""
        return f"(_order({left}, {right}) {op} 0)"

    def ex_Logic(self, node: n.Logic) -> Ex:
        # Decision: ET and OU evaluate both sides (no short circuit), like the
        # stack machines LSE ran on; & and | on Python bools do just that.
        left, right = self.expr(node.left), self.expr(node.right)
        op = "&" if node.op == "ET" else "|"
        cost = left.cost.merge(right.cost).add("logic")
        return Ex(f"({left.code} {op} {right.code})", "b", cost, left.gen or right.gen)

    def ex_Not(self, node: n.Not) -> Ex:
        inner = self.expr(node.operand)
        return Ex(f"(not {inner.code})", "b", inner.cost.add("logic"), inner.gen)

    def ex_Conditional(self, node: n.Conditional) -> Ex:
        cond, then, other = self.expr(node.cond), self.expr(node.then), self.expr(node.other)
        cost = cond.cost.add("conditional")
        then_code = self.charged(then.cost, then.code)
        other_code = self.charged(other.cost, other.code)
        kind = then.kind if then.kind == other.kind else "?"
        code = f"({then_code} if {cond.code} else {other_code})"
        return Ex(code, kind, cost, cond.gen or then.gen or other.gen)

    def ex_BuiltinCall(self, node: n.BuiltinCall) -> Ex:
        spec = BUILTINS[node.name]
        args = [self.expr(arg) for arg in node.args]
        cost = Cost().add(spec.cost)
        for arg in args:
            cost.merge(arg.cost)
        gen = any(arg.gen for arg in args)
        call = f"_B[{node.name!r}]({', '.join(arg.code for arg in args)})"
        if spec.returns_position:
            if node.position_out is None:
                call = f"{call}[0]"
            else:
                name = node.position_out.name
                cost.add("assign")
                call = self.position_store(name, call)
        if spec.result_kind == "n":
            call = self.tables.numbers.builtin(call)
        return Ex(call, spec.result_kind, cost, gen)

    def position_store(self, name: str, call: str) -> str:
        """Code that stores the position part of a built-in's result in `name` and gives the value part."""
        if self.is_ref(name):
            return f"_posref({self.ref_cell(name)}, {call})"
        return f"_pos({self.env(name)}, {name!r}, {call})"

    def ex_Call(self, node: n.Call) -> Ex:
        args, cost, _ = self.call_args(node)
        self.gen = True
        code = f"M.call_function({node.name!r}, {args})"
        return Ex(code, "?", cost.add("call"), True)

    def call_args(self, node: n.Call) -> tuple[str, Cost, bool]:
        unit = self.layout.units[node.name]
        cost = Cost()
        parts = []
        gen = False
        for param, arg in zip(unit.params, node.args):
            if param in unit.by_reference:
                code, part_cost, part_gen = self.reference_arg(arg)
            else:
                value = self.expr(arg)
                code, part_cost, part_gen = f"_byval({value.code})", value.cost, value.gen
            parts.append(code)
            cost.merge(part_cost)
            gen = gen or part_gen
        return "(" + "".join(part + ", " for part in parts) + ")", cost, gen

    def reference_arg(self, arg: object) -> tuple[str, Cost, bool]:
        if isinstance(arg, n.Var):
            if self.is_ref(arg.name):
                return self.ref_cell(arg.name), Cost().add("variable"), False
            return f"({self.env(arg.name)}, {arg.name!r})", Cost().add("variable"), False
        if isinstance(arg, n.Index):
            index = self.key(arg.indices, Cost().add("array_read"))
            return f"_elref({self.read_array(arg.name)}, {index.code}, {arg.name!r})", index.cost, index.gen
        value = self.expr(arg)
        return f"([{value.code}], 0)", value.cost, value.gen

    # ---------------------------------------------------------- statements
    def statements(self, out: Emitter, statements: tuple) -> None:
        """Emit statements; a run of straight-line ones is charged once, before it runs.

        Decision: charging a run up front makes one `M.cyc +=` of several; the
        totals are the same, except that a run stopped by an error has paid for
        all of it.
        """
        run: list[object] = []
        for statement in statements:
            if isinstance(statement, STRAIGHT_RUN):
                run.append(statement)
                continue
            self._flush_run(out, run)
            run = []
            self.charge(out, Cost().add("statement"))
            self.statement(out, statement)
        self._flush_run(out, run)

    def _flush_run(self, out: Emitter, run: list) -> None:
        if not run:
            return
        lines = Emitter()
        lines.depth, lines.temp = out.depth, out.temp
        cost = self.straight_run(lines, run)
        out.temp = lines.temp
        self.charge(out, cost)
        out.lines.extend(lines.lines)

    def straight_run(self, out: Emitter, run: list) -> Cost:
        """Emit a run of straight-line statements without charging them; return what they cost."""
        cost = Cost()
        for statement in run:
            cost.merge(self.uncharged(out, statement))
        return cost

    def uncharged(self, out: Emitter, statement: object) -> Cost:
        """Emit one statement of a straight run; return its cost instead of charging it."""
        self.deferred = Cost().add("statement")
        try:
            self.statement(out, statement)
            return self.deferred
        finally:
            self.deferred = None

    def statement(self, out: Emitter, statement: object) -> None:
        """Emit one statement (its cost is charged by the caller)."""
        if isinstance(statement, n.Assign):
            self.st_Assign(out, statement, Cost())
        else:
            getattr(self, "st_" + type(statement).__name__)(out, statement)

    def transfer(self, out: Emitter, code: str) -> None:
        """Emit a jump to the pc (or the return code) that `code` computes."""
        out.emit(f"return {code}")

    def value(self, node: object) -> Ex:
        value = self.expr(node)
        self.gen = self.gen or value.gen
        return value

    def st_Assign(self, out: Emitter, node: n.Assign, pending: Cost) -> None:
        value = self.value(node.expr)
        pending.merge(value.cost).add("assign")
        target = node.target
        if isinstance(target, n.Var):
            self.charge(out, pending)
            self.store_var(out, target.name, value)
            return
        index = self.key(target.indices, pending.add("array_write"))
        self.gen = self.gen or index.gen
        self.charge(out, pending)
        number = value.code if value.kind == "n" else f"_num({value.code})"
        self.store_element(out, self.read_array(target.name), index.code, number)

    def store_element(self, out: Emitter, array: str, key: str, number: str) -> None:
        """Emit the store of a number into an element: one lookup when the key is there as it is."""
        if not (SIMPLE.match(array) and SIMPLE.match(key)):  # evaluate them once, before the value
            fresh_array, fresh_key = out.fresh("a"), out.fresh("k")
            out.emit(f"{fresh_array} = {array}; {fresh_key} = {key}")
            array, key = fresh_array, fresh_key
        elif not NUMBER.match(key):
            out.emit(array)  # the array before the key, as everywhere else: the same error if both are unset
        out.emit(f"if {key} in {array}: {array}[{key}] = {number}")
        out.emit(f"else: _put({array}, {key}, {number})")

    def st_Afficher(self, out: Emitter, node: n.Afficher) -> None:
        values = [self.value(item) for item in node.items]
        cost = Cost()
        for value in values:
            cost.merge(value.cost)
        self.charge(out, cost)
        items = "(" + "".join(value.code + ", " for value in values) + ")"
        if node.format is None:
            out.emit(f"M.out(_plain({items}))")
        else:
            out.emit(f"M.out(_K[{self.tables.constant(compile_format(node.format, len(values)))}]({items}))")

    def st_Lire(self, out: Emitter, node: n.Lire) -> None:
        self.gen = True
        for target in node.targets:
            if isinstance(target, n.Var):
                if self.is_ref(target.name):
                    out.emit(f"M.read_into_ref({self.ref_cell(target.name)})")
                else:
                    out.emit(f"M.read_into({self.env(target.name)}, {target.name!r})")
            else:
                cost = Cost().add("array_write")
                index = self.key(target.indices, cost)
                self.charge(out, index.cost)
                out.emit(f"M.read_into_ref(_elref({self.read_array(target.name)}, {index.code}, "
                         f"{target.name!r}))")

    def jump_code(self, target: n.Target) -> str:
        number = self.layout.resolve(target)
        if number is None:
            value = self.value(target.expr)
            return f"M.jump_to_value({value.code})"
        pc = self.layout.line_pc.get(number)
        if pc is None:
            return f"M.unknown_line({number})"
        return f"({pc} if not M.loops else M.jump({pc}, {number}))"

    def st_Goto(self, out: Emitter, node: n.Goto) -> None:
        self.charge(out, Cost().add("jump"))
        self.transfer(out, self.jump_code(node.target))

    def st_If(self, out: Emitter, node: n.If) -> None:
        cond = self.value(node.cond)
        self.charge(out, cond.cost)
        out.emit(f"if {cond.code}:")
        self.branches(out, node)

    def branches(self, out: Emitter, node: n.If) -> None:
        """The ALORS and SINON parts of a SI, after its `if` line."""
        out.depth += 1
        self.statements(out, (node.then,))
        out.emit("pass")
        out.depth -= 1
        if node.other is not None:
            out.emit("else:")
            out.depth += 1
            self.statements(out, (node.other,))
            out.emit("pass")
            out.depth -= 1

    def st_Block(self, out: Emitter, node: n.Block) -> None:
        self.statements(out, node.statements)

    def st_Terminer(self, out: Emitter, node: n.Terminer) -> None:
        out.emit("M.terminate()")

    def st_Pause(self, out: Emitter, node: n.Pause) -> None:
        self.gen = True
        out.emit(f"M.current_line = {node.line}")
        out.emit("M.pause()")

    def st_Procedure(self, out: Emitter, node: n.Procedure) -> None:
        out.emit(f"M.fail({int(Err.PROCEDURE_REACHED)}, {node.name!r})")

    def st_CallStatement(self, out: Emitter, node: n.CallStatement) -> None:
        args, cost, _ = self.call_args(node.call)
        self.gen = True
        self.charge(out, cost.add("call"))
        out.emit(f"M.call_subroutine({node.call.name!r}, {args})")

    def st_Retour(self, out: Emitter, node: n.Retour) -> None:
        self.charge(out, Cost().add("return"))
        if self.unit.name == MAIN:
            out.emit(f"M.fail({int(Err.RETURN_OUTSIDE_PROCEDURE)})")
        if node.target is None:
            self.transfer(out, str(RETURN))
            return
        number = self.layout.resolve(node.target)
        if number is None:
            value = self.value(node.target.expr)
            self.transfer(out, f"M.return_to(_line_number({value.code}))")
        else:
            self.transfer(out, f"M.return_to({number})")

    def st_Resultat(self, out: Emitter, node: n.Resultat) -> None:
        value = self.value(node.expr)
        self.charge(out, value.cost.add("return"))
        if self.unit.name == MAIN:
            out.emit(f"M.fail({int(Err.RETURN_OUTSIDE_PROCEDURE)})")
        out.emit(f"M.result = {value.code}")
        self.transfer(out, str(RESULT))

    def st_Chaine(self, out: Emitter, node: n.Chaine) -> None:
        self.charge(out, Cost().add("declare", len(node.names)))
        for name in node.names:
            if self.is_ref(name):
                out.emit(f"_declare_ref({self.ref_cell(name)})")
            else:
                out.emit(f"{self.env(name)}.declare_string({name!r})")

    def st_Tableau(self, out: Emitter, node: n.Tableau) -> None:
        for name, dims in node.decls:
            values = [self.value(dim) for dim in dims]
            cost = Cost().add("declare")
            for value in values:
                cost.merge(value.cost)
            self.charge(out, cost)
            sizes = "(" + "".join(value.code + ", " for value in values) + ")"
            out.emit(f"M.declare_array({self.env(name)}, {name!r}, {sizes})")

    def st_Liberer(self, out: Emitter, node: n.Liberer) -> None:
        self.charge(out, Cost().add("declare", len(node.names)))
        for name in node.names:
            if self.is_ref(name):
                out.emit(f"M.fail({int(Err.NOT_A_REFERENCE)}, {name!r})")
            else:
                out.emit(f"{self.env(name)}.release({name!r})")

    def st_Faire(self, out: Emitter, node: n.Faire) -> None:
        raise InternalError("FAIRE is compiled by its segment")
