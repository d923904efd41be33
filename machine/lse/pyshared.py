"""What the units of one generated program share: the source written, prices, charge points, constants, string stores.

A part of the one code generator (pygen.py); imports the analyses (analyses, kinds, holdings, ownership, passing),
checks (the walk), ir and layout; never the runtime.
"""

from __future__ import annotations

from collections import Counter

from machine.lse import analyses, counters, holdings, ir, kinds, ownership, passing
from machine.lse.checks import nodes_below
from machine.lse.costs import paid_ahead_lines
from machine.lse.layout import Layout

INDENT = "    "  # one level of generated Python
# --profile: the segment running ends, its cycles given to its line (Runtime.line_cycles): `sl` is the line whose
# segment runs (0: none), `sm` the cycles when it began, cells of the program's closure (pyprogram.program_source).
SEGMENT_ENDS = "_LC[sl] += cyc - sm"
# Decision: a line ending this many loops kept at run time has its end written once (pyloops.LoopCode.crowded_ends);
# the bench's lines end at most 3.
CROWDED_END = 8


class Source:
    """Lines of Python, each with the LSE line it runs and the cycles paid ahead of it in its block."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.table: list[tuple[int, int]] = []  # one (LSE line, refund) per line
        self.depth = 0
        self.where = (0, 0)
        self.last_code = -1  # where the last line that is no comment was written
        self.last_add: tuple[int, str, int, int] | None = None  # the last add written: where, its line, amount, depth

    def emit(self, text: str) -> None:
        """One line of code, or several (each indented here, and beyond by its own spaces)."""
        if "\n" not in text:
            self.lines.append(INDENT * self.depth + text)
            self.table.append(self.where)
            if text[:1] != "#":
                self.last_code = len(self.lines) - 1
            return
        for line in text.split("\n"):
            self.lines.append(INDENT * self.depth + line)
            self.table.append(self.where)
        self.last_code = len(self.lines) - 1

    def add(self, amount: int) -> None:
        """`cyc += amount`; where the last code written is an add at this depth (only comments since: another
        line's), that add pays this one too.

        Decision: an arm that pays a test's add and then runs a block copied in paid two adds in a row (the
        block's line starts with its own); nothing can run between them. The add is known by the line object
        written (not read back from the text): a line inserted or taken out before it leaves no such add.
        """
        last = self.last_add
        if last is not None:
            at, written, total, depth = last
            if self.last_code == at and depth == self.depth and at < len(self.lines) and self.lines[at] is written:
                total += amount
                self.lines[at] = line = INDENT * depth + f"cyc += {total}.0"
                self.last_add = (at, line, total, depth)
                return
        self.emit(f"cyc += {amount}.0")
        self.last_add = (len(self.lines) - 1, self.lines[-1], amount, self.depth)

    def insert(self, at: int, lines: list[str], depth: int) -> None:
        """Lines written before line `at`, at `depth` (code that what follows turned out to need)."""
        self.lines[at:at] = [INDENT * depth + line for line in lines]
        self.table[at:at] = [self.table[at]] * len(lines)


class ProgramCode:
    """What every unit of one program shares: the IR, cost prices, constants, the names of variables."""

    def __init__(self, program: ir.ProgramIR, layout: Layout, costs: dict, numbers: object,
                 profile: bool, debug: bool, foreign: set[int] | None = None,
                 exits: dict[str, list[ir.Leave]] | None = None) -> None:
        self.ir = program
        self.flat = False  # every unit written with the dispatch (linker.TooNested), set by the linker
        self.line_written: int | None = None  # the LSE line whose code is being written (pygen.UnitCode.where)
        self.layout = layout
        self.costs = costs
        self.numbers = numbers
        self.profile = profile or debug
        self.debug = debug
        self.foreign = foreign  # the lines a unit other than their own runs (analyses.foreign_lines; None: unknown)
        self.constants: list[object] = []  # _K: formats and other objects, never source
        self.lent: list[str] = []  # _LT: the names of the tables that lend own arrays (lent_table)
        self.reads_numbers = False  # an inline CNB matches with `_cnbm` (pystrings.number_read)
        self.converts_numbers = False  # an inline CCA or EQC looks its text up (`_ccat`, `_eqct`: pystrings)
        self.blocks: list[tuple[int, Counter, int]] = []  # charge points of --profile: (cycles, kinds, line)
        # --profile's lines counted by the runs of their charge points, not marked (costs.paid_ahead_lines; the
        # debugger marks every line), and the points counted so: the line their cycles are given to
        self.unmarked = paid_ahead_lines(layout.program, CROWDED_END) if profile and not debug else frozenset()
        self.by_runs: dict[int, int] = {}
        # each procedure's RETOUR EN lines (analyses.comes_back; None: one is computed), set by the linker
        self.comes_back: dict[str, set[int]] | None = {}
        # each procedure's ways out (a RETOUR EN's caller may go on in its lines to one: return_roots), as the
        # linker found them (or here, for a test)
        self.exits = exits = analyses.procedure_exits(program, analyses.return_roots(program, layout)) if (
            exits is None) else exits
        self.leaves = {name: {leave.kind for leave in leaves} for name, leaves in exits.items()}  # how each ends
        # Parameters by value and by reference given only numbers, procedures whose RESULTAT is always a number.
        self.number_params, self.number_refs, self.numeric = kinds.numbers_given(layout, foreign, exits)
        # Parameters by reference that every call gives the program's variable of their name: that variable (not
        # for the debugger, whose frames show a procedure's parameters).
        self.aliased = {} if debug else passing.aliased_references(layout, foreign)
        self.referenced = analyses.referenced_globals(layout, self.aliased, foreign)  # the program's variables in `_R`
        self.arrays = holdings.array_variables(layout, foreign)  # TABLEAU names that only ever hold arrays
        # Variables expected to hold whole numbers (a hint), the arrays' elements counted by their stores.
        self.whole = kinds.whole_names(layout, arrays=holdings.counted_arrays(layout, foreign), exits=exits,
                                        foreign=foreign)
        self.proven: dict[str, set[str]] = {name: set() for name in layout.units}  # sure to (set by the linker)
        self.counters = counters.shadowed_counters(layout, foreign)  # variables with an int to index by
        self.stepped = counters.faire_variables(layout)  # of them, those a FAIRE steps (by Unit.key)
        # Of them, the least value their int can have: by variable (Unit.key) where no line runs in a frame not its
        # own, else by name (see floor).
        self.keyed_floors = foreign is not None and not foreign
        self.floors = counters.counter_floors(layout, by_key=self.keyed_floors)
        self.vectors = holdings.vectors(layout, foreign)  # arrays that are vectors whenever they are arrays
        self.shapes = holdings.shapes(layout, foreign)  # arrays whose sizes are constants, by name
        self.bounded = holdings.bounded_arrays(layout, foreign)  # arrays of whole numbers between two bounds
        # Each unit's number variables with a bound on their size, by name (set by the linker: magnitudes.py).
        self.bounds: dict[str, dict[str, float]] = {}
        self.strings: set[str] = set()  # CHAINE variables that only ever hold strings (set by the linker)
        self.undeclarable = holdings.undeclarable(layout)  # names that LIBERER or CHARGER may make no CHAINE
        self.string_results: set[str] = set()  # procedures whose RESULTAT is always a string (set by the linker)
        self.string_params: dict[str, set[str]] = {}  # parameters by value always given a string (by the linker)
        self.string_refs: dict[str, set[str]] = {}  # and by reference, holding a string whenever set (likewise)
        self.indexed = ownership.indexed_references(layout)  # parameters by reference only indexed
        # and those only read, that may be given a procedure's own CHAINE (not where a line may run in another
        # unit's frame, nor for the debugger, whose monitor may set any variable)
        self.read_refs = set() if foreign is None or foreign or debug else ownership.read_references(layout)
        self.copied: dict[str, frozenset[str]] = {}  # parameters by reference held in locals (set by the linker)
        # and those given values (passing.read_only_references: by value in the layout, set by the linker)
        self.valued: dict[str, frozenset[str]] = {}
        self.max_depth = 0  # the machine's max_call_depth (set by the linker; 0: every called procedure tests it)
        self.leaf_exits: dict[str, object] = {}  # the exits at procedures' entries taken at their calls (pyleaf)
        self.still: frozenset[str] = frozenset()  # procedures whose calls unsettle nothing (set by the linker)
        self.held = False  # some procedure holds a settled array across such a call (set by pygen)
        self.charge_prices: dict[int, int] = {}  # by the id of a Charge of the IR (it lives as long as this)
        self.block_prices: dict[int, int] = {}  # by block id
        self.counter_cells: list[str] = []  # the main program's ints of FAIRE variables (cells)
        # A run going on inside FAIRE loops (a guess left there: speculation.py): the main program keeps its loops on
        # its run-time stack, which the run starts with (set by the linker); the loops it so keeps, by the
        # bodies of those that end on each line its code may reach the end of (None: its loops are decided).
        self.inside_loops = False
        self.main_loop_ends: dict[int, frozenset[int]] | None = None
        self.sure_globals: set[str] = set()  # the main program's variables a condition counts on as set (pynames)
        self.read_numbers: set[str] = set()  # the main program's variables LIRE stores a number into (pystmt)
        self.globals: dict[str, str] = {}  # python name -> LSE name of every variable of the program
        # Labels written beside the code of their lines (names of letters and digits only: never code).
        self.labels = {line: label for label, line in program.program.labels.items() if label.isalnum()}
        self.walked: dict[int, tuple[object, list]] = {}  # below's answers, by node id, with the node they are of

    def below(self, node: object) -> list:
        """A node and every node below it (checks.nodes_below), walked once per program: copies of a block,
        and the questions the generator asks of one expression, ask again. The caller must not change it."""
        entry = self.walked.get(id(node))
        if entry is None:  # (the node is kept with its walk: its id is not reused while this lives)
            entry = self.walked[id(node)] = (node, nodes_below(node))
        return entry[1]

    def price(self, kinds: Counter) -> int:
        return sum(self.costs[key] * count for key, count in kinds.items())

    def charge_price(self, charge: ir.Charge) -> int:
        """What a charge point of the IR pays (kept: copies of a block ask again)."""
        price = self.charge_prices.get(id(charge))
        if price is None:
            price = self.charge_prices[id(charge)] = self.price(charge.kinds)
        return price

    def block_price(self, block: ir.Block) -> int:
        """What a block's charge points pay together."""
        price = self.block_prices.get(block.id)
        if price is None:
            price = self.block_prices[block.id] = sum(
                self.charge_price(op) for op in block.ops if type(op) is ir.Charge)
        return price

    def point(self, kinds: Counter, line: int) -> int:
        """Register a charge point for --profile; return its number."""
        self.blocks.append((self.price(kinds), Counter(kinds), line))
        return len(self.blocks) - 1

    def floor(self, unit: object, name: str) -> int | None:
        """The least a FAIRE variable's int can be in `unit` (a layout Unit) where not NaN (counters.counter_floors):
        that variable's own where no line runs in a frame not its own, else the least of every variable of the name."""
        return self.floors.get(unit.key(name) if self.keyed_floors else name)

    def lent_table(self, name: str) -> int:
        """The index in _LT of a table lending a procedure's own array `name` by reference, made once for the program.

        Decision: a unit that no call it makes can enter again lends its array through one table, the name set
        anew at each call (the callee only indexes it: ownership.indexed_references); a table made at each call
        (Vars.lent) took ~250 ns of histo's ~2.3 us a call.
        """
        self.lent.append(name)
        return len(self.lent) - 1

    def constant(self, value: object) -> int:
        self.constants.append(value)
        return len(self.constants) - 1

