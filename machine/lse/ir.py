"""The IR: a program as basic blocks of statements and charge points, with exits; imports nodes, costs, record.

Every block starts where control can arrive (a line, the rest of a line after a FAIRE, a branch
of a SI, the statements after a SI) and ends with one exit. Its operations are the statements it
runs, in order, each preceded by the charge point that pays for it: what a point pays is data
(`Charge.kinds`, priced by the profile) and the block pays the sum of its points once. An error
raised after a point refunds the points that come after it in its block, so a run stopped by an
error has paid exactly what the statement-by-statement order of charging pays: the statements of
a straight run are paid together, before the first of them runs (the run's one point).
The same blocks serve every unit (the main program, each procedure): lines are shared, and a
unit's graph is the part that its entry reaches (`machine.lse.analyses`).
"""

from __future__ import annotations

from collections import Counter

from machine.lse import nodes as n
from machine.lse.costs import add_expression_cost, add_statement_cost, counted, statement_cost
from machine.record import field, record

STRAIGHT_RUN = (n.Assign, n.Afficher, n.Chaine, n.Tableau, n.Liberer)  # paid together, before the first
_STRAIGHT = frozenset(STRAIGHT_RUN)  # node classes have no subclasses: their type() is enough
# What one pass of a FAIRE costs besides its body (the pass of an end line).
PASS_COST = Counter({"loop_step": 1, "variable": 1, "add": 1, "compare": 1, "assign": 1})


# ------------------------------------------------------------------ operations
@record(slots=True)
class Charge:
    """A charge point: the operations it pays for, before what follows it runs."""

    kinds: Counter
    line: int


@record(slots=True)
class Do:
    """A statement that neither jumps nor branches (assignment, output, input, declaration, call...)."""

    node: object
    line: int


@record(slots=True)
class LoopEntry:
    """A FAIRE's set-up: bounds evaluated and the variable set; `go` says whether the body runs."""

    node: n.Faire
    line: int


# ----------------------------------------------------------------------- exits
@record(slots=True)
class Goto:
    """Go on at a block of the same line or of the next one (no loop is left)."""

    block: int


@record(slots=True)
class Branch:
    """SI: the condition (already paid for) chooses a block."""

    cond: object
    yes: int
    no: int
    line: int
    join: int | None = None  # where both branches meet again (the rest of the line)


@record(slots=True)
class Jump:
    """ALLER EN a line (`line`), or to the line an expression computes (`expr`)."""

    line: int | None
    expr: object | None
    at: int  # the line of the ALLER EN
    # Computed: the lines its values may be, as the build being made found them (linker: targets.jump_targets);
    # None: any line. Decision: set on the exit by each build, as what the run starts with counts.
    found_lines: tuple[int, ...] | None = None
    to_copy: int | None = None  # a copy of the (given) line's first block to go to instead (splitting.py), if one
    given: int | None = None  # the line a copy's computed jump goes to: its variable's one store (subroutines.py)
    speculative: bool = False  # found_lines are the lines it likely goes to, set by the build (speculation.py)


@record(slots=True)
class OpenLoop:
    """A FAIRE after its LoopEntry: into `body` if the loop runs, else to the end of its last line."""

    node: n.Faire
    body: int  # the block of the rest of the line after the FAIRE
    end: int | None  # the loop's last line (None: it is not in the program)
    at: int
    copies: dict[int, int] | None = None  # a copy's: the blocks its region's ways go to instead (subroutines.py)


@record(slots=True)
class LineEnd:
    """The end of a line that ends loops: step the innermost while it ends here, then `next`."""

    line: int
    next: int
    copies: dict[int, int] | None = None  # a copy's: the blocks its region's ways go to instead (subroutines.py)


@record(slots=True)
class Leave:
    """Leave the unit: RETOUR (`kind` 'return'), RESULTAT ('result', `expr`), RETOUR EN ('return_to'),
    TERMINER ('end'), past the last line ('off_end')."""

    kind: str
    expr: object | None
    target: n.Target | None
    at: int


# ---------------------------------------------------------------------- blocks
@record(slots=True)
class Block:
    """Operations run in order, then the exit."""

    id: int
    line: int
    ops: list = field(default_factory=list)
    exit: object = None
    line_start: bool = False  # the first block of its line (the debugger stops here)
    segment_start: bool = False  # a line's first block or a FAIRE's body: the profiler counts from here

    def cost(self) -> Counter:
        """What the block's charge points pay together."""
        total: Counter = Counter()
        for op in self.ops:
            if type(op) is Charge:
                total.update(op.kinds)
        return total


@record(slots=True)
class ProgramIR:
    """The blocks of a whole program; `line_block` maps a line number to its first block."""

    program: n.Program
    blocks: list[Block] = field(default_factory=list)
    line_block: dict[int, int] = field(default_factory=dict)
    line_index: dict[int, int] = field(default_factory=dict)  # line number -> its rank in the program
    loop_ends: set[int] = field(default_factory=set)
    off_end: int = 0  # the block past the last line
    body_block: dict[tuple[int, int], int] = field(default_factory=dict)  # (line, FAIRE position) -> body
    proc_entry: dict[str, int] = field(default_factory=dict)  # procedure name -> its first block
    nodes: dict[int, list] = field(default_factory=dict)  # the nodes each block runs, found on first need
    bodies: dict[int, list] = field(default_factory=dict)  # line -> the bodies of the FAIRE loops ending there
    computed: bool = False  # some ALLER EN or RETOUR EN computes its line
    # The node each node of a copied block was copied from, by the copy's id (splitting.py): a fact that an
    # analysis keeps for a node of the program holds for it only if it holds for each of its copies.
    copied_from: dict[int, object] = field(default_factory=dict)

    def jump_target(self, jump: Jump) -> int | None:
        """The block an ALLER EN to a line goes to: the line's first block, or the copy of it the jump was given."""
        return jump.to_copy if jump.to_copy is not None else self.line_block.get(jump.line)

    def line_target(self, jump: Jump, line: int) -> int:
        """The block a computed ALLER EN goes to for one of its lines: the line's first block, or the copy of it
        that a copy's jump given that line was sent to (subroutines.py)."""
        return jump.to_copy if jump.to_copy is not None and line == jump.given else self.line_block[line]

    def original(self, node: object) -> object:
        """The node of the program that `node` is, or is a copy of."""
        return self.copied_from.get(id(node), node)


class _Lowering:
    """Turn the lines of a program into blocks."""

    def __init__(self, program: n.Program) -> None:
        self.program = program
        self.ir = ProgramIR(program)
        self.pending: list[tuple[Block, int]] = []  # blocks whose Goto goes to the next line

    def new(self, line: int) -> Block:
        block = Block(len(self.ir.blocks), line)
        self.ir.blocks.append(block)
        return block

    def resolve(self, target: n.Target) -> int | None:
        if target.number is not None:
            return target.number
        if target.label is not None:
            return self.program.labels.get(target.label)
        return None

    def lower(self) -> ProgramIR:
        lines = self.program.lines
        for line in lines:
            for node in line.statements:
                if type(node) not in _HOLD_FAIRE:
                    continue
                for item in _faires(node):
                    end = self.resolve(item.end)
                    if end is not None:
                        self.ir.loop_ends.add(end)
        starts = []
        for line in lines:
            block = self.new(line.number)
            block.line_start = block.segment_start = True
            self.ir.line_block[line.number] = block.id
            self.ir.line_index[line.number] = len(starts)
            starts.append(block)
        self.ir.off_end = self.new(lines[-1].number if lines else 0).id
        self.ir.blocks[self.ir.off_end].exit = Leave("off_end", None, None, lines[-1].number if lines else 0)
        for index, line in enumerate(lines):
            next_block = starts[index + 1].id if index + 1 < len(lines) else self.ir.off_end
            last = self.statements(starts[index], line.statements, line.number, top=True)
            if last is not None:
                self.line_end(last, line.number, next_block)
        return self.ir

    def line_end(self, block: Block, line: int, next_block: int) -> None:
        block.exit = LineEnd(line, next_block) if line in self.ir.loop_ends else Goto(next_block)

    def statements(self, block: Block, statements: tuple, line: int, top: bool = False) -> Block | None:
        """Lower statements into block and the blocks after it; return the block control falls out of."""
        run: list = []
        for position, statement in enumerate(statements):
            if type(statement) in _STRAIGHT:
                run.append(statement)
                continue
            self.flush(block, run, line)
            run = []
            block = self.statement(block, statement, line, position if top else None)
            if block is None:
                return None
        self.flush(block, run, line)
        return block

    def flush(self, block: Block, run: list, line: int) -> None:
        if not run:
            return
        kinds: dict = {}
        for statement in run:
            add_statement_cost(statement, kinds)
        block.ops.append(Charge(counted(kinds), line))
        block.ops.extend(Do(statement, line) for statement in run)

    def statement(self, block: Block, node: object, line: int, position: int | None) -> Block | None:
        """Lower one statement that is not part of a straight run."""
        ops = block.ops
        kind = type(node)
        if kind is n.If:
            ops.append(Charge(counted(add_expression_cost(node.cond, {"statement": 1})), line))
            yes, no, join = self.new(line), self.new(line), self.new(line)
            block.exit = Branch(node.cond, yes.id, no.id if node.other is not None else join.id, line, join.id)
            for branch, part in ((yes, node.then), (no, node.other)):
                if part is None:
                    continue
                end = self.statements(branch, (part,), line)
                if end is not None:
                    end.exit = Goto(join.id)
            if node.other is None:
                self.ir.blocks[no.id] = _placeholder(no.id, line)
            return join
        if kind is n.Block:
            ops.append(Charge(Counter({"statement": 1}), line))
            return self.statements(block, node.statements, line)
        if kind is n.Faire:
            return self.faire(block, node, line, position)
        ops.append(Charge(statement_cost(node), line))
        if kind is n.Goto:
            number = self.resolve(node.target)
            block.exit = Jump(number, node.target.expr if number is None else None, line)
            return None
        if kind is n.Terminer:
            block.exit = Leave("end", None, None, line)
            return None
        if kind is n.Retour:
            block.exit = Leave("return" if node.target is None else "return_to", None, node.target, line)
            return None
        if kind is n.Resultat:
            block.exit = Leave("result", node.expr, None, line)
            return None
        if kind is n.Procedure:
            ops.append(Do(node, line))  # reached by running on: an error
            entry = self.new(line)
            entry.segment_start = True
            self.ir.proc_entry[node.name] = entry.id
            # Decision: the PROCEDURE line fails, so the way on ends there, as an EXECUTER's does: a Goto into the
            # procedure's body made every unit that may run into the line run the procedures after it (a unit's
            # loop that makes no pass on its last line: each procedure held the code of all those after it, 200 of
            # them 27 MB of Python, 1.7 GB and 26 s to compile), and their lines foreign to it
            block.exit = Leave("end", None, None, line)
            return entry
        if kind is n.Executer:
            ops.append(Do(node, line))
            block.exit = Leave("end", None, None, line)
            return None
        if kind is n.Lire:
            for target in node.targets:  # an element's index is paid when that element is read
                if isinstance(target, n.Index):
                    ops.append(Charge(_index_cost(target, "array_write"), line))
                ops.append(Do(n.Lire((target,), node.line), line))
            return block
        ops.append(Do(node, line))
        return block

    def faire(self, block: Block, node: n.Faire, line: int, position: int | None) -> Block:
        """FAIRE: set-up, then the body (the rest of the line) or, if it runs zero times, its last line's end."""
        block.ops.append(Charge(Counter({"statement": 1}), line))
        kinds = add_expression_cost(node.start, {})
        kinds["loop_init"] = 1  # no expression pays loop_init
        if node.step is not None:
            add_expression_cost(node.step, kinds)
        if node.limit is not None:
            add_expression_cost(node.limit, kinds)
        block.ops.append(Charge(counted(kinds), line))
        block.ops.append(LoopEntry(node, line))
        if node.cond is not None:
            block.ops.append(Charge(counted(add_expression_cost(node.cond, {})), line))
        body = self.new(line)
        body.segment_start = True
        if position is not None:
            self.ir.body_block[(line, position)] = body.id
        block.exit = OpenLoop(node, body.id, self.resolve(node.end), line)
        return body


def _placeholder(block_id: int, line: int) -> Block:
    """A block kept for its number that nothing reaches (the missing SINON of a SI)."""
    return Block(block_id, line, exit=Leave("off_end", None, None, line))


_HOLD_FAIRE = frozenset({n.Faire, n.If, n.Block})  # the statements that are or may hold a FAIRE


def _faires(node: object):
    if isinstance(node, n.Faire):
        yield node
    elif isinstance(node, n.If):
        yield from _faires(node.then)
        if node.other is not None:
            yield from _faires(node.other)
    elif isinstance(node, n.Block):
        for item in node.statements:
            yield from _faires(item)


def _index_cost(target: n.Index, key: str) -> Counter:
    kinds = {key: 1}
    for index in target.indices:
        add_expression_cost(index, kinds)
    return counted(kinds)


def lower(program: n.Program) -> ProgramIR:
    """The blocks of a parsed program."""
    ir = _Lowering(program).lower()
    ir.blocks.sort(key=lambda block: block.id)
    for block in ir.blocks:
        exit_ = block.exit
        if type(exit_) is OpenLoop:
            ir.bodies.setdefault(exit_.end, []).append(exit_.body)
        elif (type(exit_) is Jump and exit_.line is None) or (
                type(exit_) is Leave and exit_.kind == "return_to" and exit_.target.expr is not None):
            ir.computed = True
    return ir
