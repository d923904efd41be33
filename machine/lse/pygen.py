"""The one code generator's writer of a unit (UnitCode): its IR as the Python code of its function, which
pyprogram puts with the others into the program's one closure.

Plain runs, --profile and the debugger are flags of the same generator (profile: each charge point
counted where it is paid, and each segment's cycles given to its line; debug: a hook before each
line). Imports ir, analyses, pyflow, layout and the generator's other parts (pyshared, pynames, pycharges,
pystmt, pyloops, pyexpr, pystructure, pydispatch); never the runtime.

Decisions: the program's variables are local variables of the closure (`v_NAME`), shared by its
units as cells, so a procedure reads and writes them directly and nothing is ever written back;
a procedure's own variables are its Python locals, except those handed to the runtime by name (a
table, `L`); a unit's blocks are the cases of a dispatch on `pc`, a SI is a Python if, and each
block pays its cycles in one add. An error finds its LSE line, and the cycles paid ahead to refund,
in a table indexed by the Python line where it arose: hot code stores no line numbers.
"""

from __future__ import annotations

from machine.lse import analyses, counters, holdings, ir, ownership, pyflow, pytail
from machine.lse.layout import MAIN, Unit
from machine.lse.pycharges import ChargePlan
from machine.lse.pydispatch import DispatchCode
from machine.lse.pyexpr import ExpressionCode, python_name
from machine.lse.pykept import KeptIndexes, entry_indexes
from machine.lse.pyloops import LoopCode
from machine.lse.pynames import UnitNames
from machine.lse.pyshared import INDENT, SEGMENT_ENDS, ProgramCode, Source
from machine.lse.pystmt import StatementCode
from machine.lse.pystructure import NotStructured, StructuredCode
from machine.lse.reuse import reused_elements

INLINE_DEPTH = 1  # how many entry blocks deep a case copies the code of the blocks it jumps to (see pyflow)
LEADS_WALKED, LEADS_WALKED_ANYWAY = 64, 1024  # the blocks a unit's leads_to may pass, a block and more (leads_to)


class UnitCode(UnitNames):
    """The Python function of one unit."""

    def __init__(self, shared: ProgramCode, unit: Unit, roots: list[int]) -> None:
        self.shared = shared
        self.unit = unit
        self.is_main = unit.name == MAIN
        # Its parameters by reference held in Python locals while it runs (passing.copied_references).
        self.copied = shared.copied.get(unit.name, frozenset())
        # Its parameters by reference that are the program's variable of their name: no parameter of its function.
        self.aliased = shared.aliased.get(unit.name, frozenset())
        program = shared.ir
        self.block_ids = analyses.reachable(program, roots)
        own_root = [program.proc_entry[unit.name]] if not self.is_main else roots[:1]
        # Loops decided by the program's shape are plain Python locals (_stB, _limB: B the body's block); where a
        # RETOUR EN may come back (other roots), a call of its procedure goes on at its line (comes_back).
        returns = [root for root in roots if root not in own_root]
        self.states = analyses.loop_states(program, self.block_ids, own_root, shared.comes_back) if (
            not returns or shared.comes_back is not None) and not (self.is_main and shared.inside_loops) else None
        if self.states is not None:
            self.block_ids = sorted(self.states)  # what the loops let control reach
        self.entries = analyses.entries(program, self.block_ids, roots)
        self.alone = len(set(roots)) == 1  # no RETOUR EN comes back into it
        self.once: set[int] = set()  # the blocks that run rarely (see program_source)
        self.segment_line: int | None = None  # the line of the block being written (--profile: see block)
        self.reentered = True  # a call made in the unit may enter it again (see program_source)
        self.nested = True  # a procedure may call it: its depth may reach the limit (see program_source)
        nodes = analyses.naming_nodes(analyses.unit_nodes(program, self.block_ids))  # (what the analyses below read)
        self.entry_ints: set[str] = set()  # parameters whose int is worked out at the entry (set below)
        self.entry_used: set[str] = set()  # of them, those some index reads (their ints are written at the entry)
        # A procedure's own CHAINE and TABLEAU are Python locals when nothing hands them over by name.
        self.own_strings, self.own_arrays = ownership.own_strings_and_arrays(
            program, unit, nodes, shared.indexed, shared.layout.units, shared.read_refs)
        self.stored: dict[str, str] = {}  # storage's answers
        self.written: dict[int, list[str]] = {}  # each statement's lines, by the id of its IR operation
        by_value = set(unit.params) - set(unit.by_reference) - shared.number_params.get(unit.name, set())
        self.table = (analyses.table_locals(unit, nodes, shared.layout) | by_value) - (
            self.own_strings | self.own_arrays)
        # Parameters by value that are only read are Python locals too, when nothing else needs a table (the
        # memory their strings and arrays hold is then taken at the call in one test, as the table took it).
        held = ownership.held_params(unit, nodes, by_value, shared.layout.units)
        # And those that a CHAINE declares first and only assignments store into: strings counted as they change.
        given = shared.string_params.get(unit.name, set())  # (always given a string: as if a CHAINE came first)
        assigned = ownership.assigned_string_params(program, unit, nodes, by_value - held, shared.layout.units, given)
        alone = (held or assigned) and not self.table - held - assigned
        # (a reference given a value holds no memory: a Python local whatever else the table holds)
        self.valued = held & shared.valued.get(unit.name, frozenset())
        self.held, self.param_strings = (held, assigned) if alone else (self.valued, set())
        self.table -= self.held | self.param_strings
        self.held_strings = {name for name in self.held if name in given or ownership.declared_first(
            program, unit, name)}
        self.assigned: set[str] = set()  # globals this unit stores into directly
        # The program's CHAINE surely declared before each statement of the main program (by the id of its
        # operation): a string stored into one needs no test of its declaration (see store).
        self.declared = holdings.declared_strings(program, self.block_ids, roots, shared.strings - (
            shared.undeclarable)) if self.is_main else {}
        self.declared_here: frozenset[str] = frozenset()  # those before the statement being written
        # The variables that every way from the unit's roots assigns before each statement and each exit (by
        # the id of its operation or exit; not for the debugger, whose monitor may change any): ET and OU skip
        # a comparison of them that cannot fail (pysure).
        self.surely = {} if shared.debug else holdings.surely_done(program, self.block_ids, roots, holdings.assigned)
        self.set_here: frozenset[str] = frozenset()  # those before the statement or exit being written
        # Parameters by reference whose array a fast path reads from a local (h_NAME), taken at the entry, after
        # each slice, after each statement that may change what they name and after a RETOUR EN comes back
        # (analyses.settled_arrays); not where the debugger or the profile may stop the run anywhere.
        self.settled = set() if shared.profile or shared.debug else analyses.settled_arrays(
            program, unit, self.block_ids, nodes, shared.still) - self.aliased
        self.own = analyses.own_names(unit)  # (a CHAINE or TABLEAU of them leaves the settled as they were)
        if self.settled and analyses.calls_any(nodes, shared.still):
            shared.held = True  # its settled arrays are held across a call (linker.CompiledProgram.lists_kept)
        self.unsettled = False  # a statement that may change what they name is being written (see statement)
        self.whole = shared.whole[unit.name]  # its variables expected to hold whole numbers
        self.proven = shared.proven[unit.name]  # those sure to (holdings.whole_variables)
        self.bounds = shared.bounds.get(unit.name, {})  # its number variables' bounds (magnitudes.variable_bounds)
        self.exprs = ExpressionCode(self, shared.numbers, self.charge_inline, shared.layout.units)
        # Elements read again with nothing changed in between take the first read's value (not for the
        # debugger, whose monitor may change any between two statements).
        if not shared.debug:
            self.exprs.reused = reused_elements(program, self.block_ids, self.entries, unit, self.exprs.placed)
        self.out = Source()
        self.statements = StatementCode(self)
        self.loops = LoopCode(self)
        self.fused: int | None = None  # the entry block whose case is a Python loop (a jump to it is `continue`)
        self.inlining = 0  # how many entry blocks deep the code being written is copied into a case
        self.merged_pass = False  # the block being written pays its line's first loop pass
        self.owed = 0  # cycles paid ahead for the blocks after the SI whose arms are being written
        self.loop_spans: list[tuple[int, int]] | None = None  # the lines of the unit's FAIRE loops (leaves_loops)
        # FAIRE variables that carry an int (i_NAME) beside their float, to index elements by; loops
        # kept at run time do not (nor the debugger's runs, whose pauses may set a variable).
        # (not a name some procedure has as the program's variable: its stores there are not this unit's)
        shadowed = shared.counters[unit.name] - set().union(*shared.aliased.values())
        shadowed = {name for name in shadowed if self.storage(name) in ("local", "global")}
        stepped = {name for name in shadowed if unit.key(name) in shared.stepped}  # (the FAIRE variables)
        self.counters = set() if self.states is None or shared.debug or not shadowed else shadowed & (
            analyses.index_names(nodes) | analyses.position_names(  # (ALLER EN's counters: no products, see int_of)
                nodes, None if shared.numbers.single else stepped))
        self.charges = ChargePlan(shared, self.block_ids, self.entries, self.states, roots,
                                  lambda: self.loops.counting is not None)
        self.assigned_counters = self.counters - stepped  # (ALLER EN's counters: see counters.counter_after)
        # (and the FAIRE variables each of whose stores an index follows: their ints taken at the store)
        self.taken_counters = counters.kept_at_stores(
            program, self.charges.ways_on(), self.counters & stepped, self.counters) if self.counters else set()
        self.assigned_counters |= self.taken_counters
        self.positioned = self.assigned_counters & analyses.position_outs(nodes)  # (their ints set with them)
        self.live_at = counters.live_counters(program, self.charges.ways_on(), roots, self.counters,
                                              self.assigned_counters, self.positioned) if self.counters else {}
        self.live: set[str] = set()  # the counters whose int is set where the code being written runs
        self.loops.choose()  # the counted loops (a Python `for`)
        self.arms = 0  # how many SI deep the code being written is
        self.kept = KeptIndexes(program, self.block_ids, self.entries, frozenset(  # ints kept beside floats to index by
            name for name in unit.locals if self.storage(name) == "local"), frozenset(
            key for key, (use, _) in self.exprs.reused.items() if use == "take"))
        # A procedure's number parameters (Python locals) that index twice or more and that it never changes: their
        # ints are worked out at the entry; not where a PAUSE or the debugger lets the monitor set a variable.
        if not (self.is_main or shared.debug or shared.layout.paused):
            self.entry_ints = entry_indexes(nodes, [name for name in unit.params if self.storage(name) == "local"],
                                            shared.layout.units)
        self.referred_params: set[str] = set()  # parameters by reference read or stored through (see referred)
        # The statement being written leaves its case for the dispatch (a RETOUR EN come back: pystmt.came_back):
        # its code, whose `continue` or `break` depends on where it is written, is not written again from memory.
        self.jumps_out = False
        self.dispatched = False  # (set by function: its code is the cases of a dispatch on pc)
        self.looping: dict[int, bool] = {}  # loops_back's answers
        self.leads_left = LEADS_WALKED * len(self.block_ids) + LEADS_WALKED_ANYWAY  # (see leads_to)
        self.roots = roots
        # A procedure that a RETOUR EN may come back into, written twice (see program_source): `wide`, its dispatch
        # entered at the line a call came back to, with the locals the straight one had; `tail`, the straight one's
        # wide twin, which it hands itself over to when a call comes back (None: no twin).
        self.wide = False
        self.tail: str | None = None
        # Its calls of itself as its RESULTAT jump back to its entry (pytail): may they, did some.
        self.tail_loop = False
        self.tail_looped = False
        self.computed = any(analyses.goes_anywhere(program.blocks[block_id].exit) for block_id in self.block_ids)
        self.dispatch = DispatchCode(self)
        # A unit written without the dispatch (see pystructure): each entry block is written once, where control
        # first goes to it; a loop's case is left by `break` for the blocks written after it.
        self.structured = False
        self.structure = StructuredCode(self)
        self.once_join: int | None = None  # the block a loop run once is left for (StructuredCode.case_chain)
        self.once_fused: int | None = None  # the loop being written where that loop run once is
        self.once_rounds = False  # a way in that loop run once goes round the loop around (StructuredCode.once_around)

    # ------------------------------------------------------------- the unit
    def counter_cells(self) -> list[str]:
        """The main program's ints of its counters (cells of the closure: see program_source)."""
        return sorted(python_name("i", name) for name in self.counters)

    def budget_test(self, line: object) -> str:
        """The test that ends the slice when its cycles are spent; then what settled parameters name is read anew.
        Copied parameters are given back before the slice ends (the monitor may show their variables, and set
        them) and read again after it; None while it is ended, so that a run given up there (unwound, see
        suspension.unwinding) gives nothing back at its end: what the variables hold then is no longer its."""
        settling = f"; {self.settling()}" if self.settled else ""
        if not self.copied:
            return f"if cyc >= bud: M.slice_end({line}){settling}"
        again = "; ".join(self.taken_in())
        back = "".join(f"\n    {line}" for line in self.given_back())
        emptied = " = ".join(python_name("v", name) for name in sorted(self.copied))
        return f"if cyc >= bud:{back}\n    {emptied} = None\n    M.slice_end({line})\n    {again}{settling}"

    def taken_in(self) -> list[str]:
        """The statements that read each copied parameter from the caller's variable (None where it is unset)."""
        return [f"{python_name('v', name)} = {python_name('c', name)}.get({python_name('k', name)})"
                for name in sorted(self.copied)]

    def given_back(self) -> list[str]:
        """The statements that store each copied parameter into the caller's variable (not one still unset)."""
        return [f"if {python_name('v', name)} is not None: {python_name('c', name)}[{python_name('k', name)}] = "
                f"{python_name('v', name)}" for name in sorted(self.copied)]

    def settling(self) -> str:
        """The statement that reads what each settled parameter names (analyses.settled_arrays).

        Decision: a table of variables (a `Vars`) is read with its `get`, None where the name is unset; any other
        container (an element's list, an expression's cell, the program's `Globals`) gives None: the fast paths
        then fail, and the general way reads the reference itself, with its error.
        """
        return "; ".join(f"{python_name('h', name)} = {python_name('c', name)}.get({python_name('k', name)}) "
                         f"if _type({python_name('c', name)}) is _Vars else None" for name in sorted(self.settled))

    def settled_array(self, name: str) -> str:
        """An array as a fast path reads it: a settled parameter's local, else as anywhere."""
        return python_name("h", name) if name in self.settled and not self.unsettled else self.array(name)

    def leaves_loops(self, source: int, target: int) -> bool:
        """True if a jump from line `source` to line `target` may leave a loop kept at run time (`lp`): a FAIRE of
        the unit whose lines hold `source` but not `target`.

        Decision: a loop kept at run time is open only on its own lines (from its FAIRE to its last line: a jump,
        a RETOUR EN or a computed jump leaves it, its last line steps or ends it), so one whose lines do not hold
        the jump's is not open there; `_leave` would find nothing to do (rpn's jumps back into its loop's body).
        """
        if self.loop_spans is None:
            blocks = self.shared.ir.blocks
            self.loop_spans = [(exit_.at, exit_.end) for block_id in self.block_ids
                               if type(exit_ := blocks[block_id].exit) is ir.OpenLoop and exit_.end is not None]
        return any(first <= source <= end and not first <= target <= end for first, end in self.loop_spans)

    def straight(self, entry: int) -> bool:
        """True if a procedure runs from its entry without ever jumping back nor being entered elsewhere."""
        return self.states is not None and self.entries == {entry} and not self.loops_back(entry)

    def may_structure(self) -> bool:
        """True if a unit's code may be written without the dispatch (see pystructure): its loops are known, no
        RETOUR EN comes back into it (the dispatch takes it up again), no jump is computed, and it has more than
        its entry to be entered at; not where the program is written flat (linker.TooNested)."""
        return self.states is not None and self.alone and len(self.entries) > 1 and not self.computed and not (
            self.shared.flat)

    def is_loop(self, block_id: int) -> bool:
        """True if a block's case is a Python loop; without the dispatch, if control can come back to it
        other than through the loops around it being written (a FAIRE's last line, left for from the loop
        inside it, is part of the outer loop's pass)."""
        if block_id in self.loops.counted:
            return True
        if not self.structured:
            return self.loops_back(block_id)
        return self.structure.comes_back(block_id, block_id)

    def straight_body(self, entry: int) -> None:
        """A procedure with no loop and no jump back: its blocks in a row, no dispatch."""
        out = self.out
        out.emit("try:")
        out.depth += 1
        self.tail_loop = pytail.may_loop(self, entry)
        if self.tail_loop:  # (its code run again from here by a call of itself: see pytail)
            out.emit("while True:")
            out.depth += 1
        if self.structured:
            self.structure.write_at(entry)
        else:
            self.chain(entry)
        if self.tail_loop:
            self.where(0, 0)
            out.emit("break")
            out.depth -= 1
        out.depth -= 1
        self.where(0, 0)
        out.emit("except BaseException as e:")
        if self.tail is not None:  # a RETOUR EN come back: on in the wide twin, from its line, with these locals
            out.emit(f"    return {self.tail}(_locals(), _caught(e, _TABLE_{self.tag()}, []), depth)")
        else:
            out.emit(f"    _caught(e, _TABLE_{self.tag()}, None)")

    def written_again(self) -> UnitCode:
        """A new writer of the unit, with the dispatch (the structured code was given up: see pystructure)."""
        again = UnitCode(self.shared, self.unit, self.roots)
        again.once, again.reentered, again.nested = self.once, self.reentered, self.nested
        again.wide, again.tail = self.wide, self.tail
        again.kept.worth = self.kept.worth  # (chosen the same again, or none: see program_source)
        return again

    def tag(self) -> str:
        return "u_main" if self.is_main else python_name("w" if self.wide else "p", self.unit.name.lstrip("&"))

    def where(self, line: int, refund: int) -> None:
        refund += self.owed
        where = self.out.where  # (kept when the same: the lines written share it in the table)
        if where[1] != refund or where[0] != line:
            self.out.where = (line, refund)
            self.shared.line_written = line  # (the line an expression too deep for the writer is on: linker)

    # ------------------------------------------------------------ dispatch
    def go(self, target: int, prepaid: bool = False) -> None:
        """Go on at an entry block: round the case's own loop, a small block run here, or through the dispatch
        (`prepaid`: the block before paid its add, pycharges.written_on)."""
        if self.loops.counting is not None:  # in a pass of a `for`: every way runs on to its end (pyflow.counted_loop)
            self.chain(target, prepaid=prepaid and not self.shared.profile)
            return
        if target == self.once_join:  # (never copied: what follows it is written once, after the loop run once)
            if self.fused == self.once_fused:
                self.out.emit("break")
            else:  # from a loop inside the loop run once: left for it, then the `break` (see go_on)
                self.structure.go_out(target)
            return
        if target == self.fused:
            self.out.emit(self.structure.round_loop())
            return
        if self.fused is not None and self.inlining < INLINE_DEPTH and target not in self.loops.counted and not (
                self.structured and (
                    target in self.structure.writing and not self.structure.copied_back(target) or (
                        target not in self.structure.placed and self.is_loop(target)))):
            back = self.leads_to(target, self.fused, INLINE_DEPTH - self.inlining - 1, False) and pyflow.short(
                self.shared.ir, target, self.entries)
            # Written here: a path that comes back to the case's block stays in its Python loop. The depth
            # is bounded, so no cycle of copies; the case's loop tests the budget at each pass. (Without the
            # dispatch, a small block that does not come back is left for by `break` where it can be.)
            if back or pyflow.small(self.shared.ir, target) and not (
                    self.structured and {way[0] for way in self.structure.exits} <= {target}):
                self.inlining += 1
                self.chain(target)
                self.inlining -= 1
                return
        once = self.structured and self.once_join is not None and self.fused == self.once_fused
        if once and self.structure.leaves_here(target):
            # (in a loop run once, left only for its join: see StructuredCode.nested_here; at any depth, as a block
            # that leaves the unit goes on to none: a case of a switch in a chain is written one deep already)
            self.inlining += 1
            self.chain(target)
            self.inlining -= 1
            return
        if self.structured:
            structure = self.structure
            # (a block of the loop being written, not yet written, is written here; so is a copy)
            if self.fused is None or target not in structure.placed and structure.comes_back(target, self.fused) or (
                    structure.copied(target)):
                structure.write_at(target)
            elif once:  # (its `break` would leave the loop run once, not the loop: joined_after's ways miss one)
                raise NotStructured(target)
            else:
                structure.go_out(target)
            return
        if self.inlining < INLINE_DEPTH and target not in self.loops.counted and pyflow.small(
                self.shared.ir, target) and type(self.shared.ir.blocks[target].exit) is ir.Leave:
            self.inlining += 1  # a small block that leaves the unit (a RESULTAT): run here, not by the dispatch
            self.chain(target)
            self.inlining -= 1
            return
        self.dispatch.jumps.add(target)
        if self.fused is not None:
            self.out.emit(f"pc = {target}; break")
        else:
            self.out.emit(f"pc = {target}; continue")
            self.dispatch.went(target)

    def case(self, block_id: int) -> None:
        """One leaf of the dispatch: an entry block and its chain, a Python loop when it jumps back to itself.

        Decision: with the loops known at compile time, a case that can come back to its own block is a
        `while True` whose top tests the budget: the jump back is a `continue`, any other a `break` to
        the dispatch.
        """
        out = self.out
        if self.loops.dual.get(block_id):  # (0: a `for` alone)
            self.loops.write_dual(block_id, lambda: self.case(block_id))
            return
        if block_id in self.loops.counted:
            self.loops.count(block_id, self.loops.counted[block_id])
            return
        if self.states is None or not self.is_loop(block_id):
            self.kept.pass_starts(None)
            self.structure.case_chain(block_id)
            return
        out.emit("while True:")
        out.depth += 1
        out.emit(self.budget_test(self.shared.ir.blocks[block_id].line))
        self.kept.pass_starts(block_id)
        self.fused = block_id
        self.structure.case_chain(block_id)
        self.fused = None
        out.depth -= 1

    def loops_back(self, start: int) -> bool:
        """True if the code of a case can jump back to its own block (static loops only)."""
        known = self.looping.get(start)
        if known is None:
            known = self.looping[start] = self.leads_to(start, start, INLINE_DEPTH, True)  # (a loop if undecided)
        return known

    def leads_to(self, start: int, goal: int, depth: int, undecided: bool) -> bool:
        """pyflow.leads_to, `undecided` once the unit's walks have passed LEADS_WALKED blocks a block.

        Decision: a case asks it of its own block and of each it may copy: a menu of 800 `SI C=k ALORS ALLER EN n`
        lines walked the menu from each of its 800 cases (2.4 s of compile); the corpus walks 3.2 blocks a block
        at most."""
        found, walked = pyflow.leads_to(self.shared.ir, self.states, self.entries, start, goal, depth, undecided,
                                        max(self.leads_left, 0))
        self.leads_left -= walked
        return found

    def chain(self, block_id: int, stop: int | None = None, discount: int = 0, prepaid: bool = False) -> None:
        """Run a block and those it leads to that nothing else enters, up to `stop` (a SI's join); the
        first block's add is less the `discount` the block before its SI paid for it (none if `prepaid`)."""
        cold = self.exprs.cold  # each block says whether its code is cold (see block)
        self.run_chain(block_id, stop, discount, prepaid)
        self.exprs.cold = cold

    def run_chain(self, block_id: int, stop: int | None, discount: int = 0, prepaid: bool = False) -> None:
        arms, segment_line = self.arms, self.segment_line  # (what is written after it runs in the segment before)
        try:
            self.run_blocks(block_id, stop, discount, prepaid)
        finally:
            self.arms, self.segment_line = arms, segment_line

    def run_blocks(self, block_id: int, stop: int | None, discount: int = 0, prepaid: bool = False) -> None:
        program = self.shared.ir
        carry = 0
        while True:
            block = program.blocks[block_id]
            after = self.charges.paid_ahead(block, stop)
            if not (prepaid or discount):
                carry = self.carried(block, stop, after)
            ahead = self.block(block, after, prepaid or carry != 0, discount)
            exit_ = block.exit
            kind = type(exit_)
            prepaid, discount = False, 0  # set again below for a join
            if kind is ir.Goto:
                target = exit_.block
                if target == stop:
                    return
                if target in self.entries:
                    self.go(target, self.loops.counting is not None and target in self.block_ids)
                    return
                block_id, prepaid = target, not self.shared.profile
                continue
            if kind is ir.Branch:
                discount = self.charges.discount(block, exit_, stop)
                join = exit_.join
                reached = join is not None and join != stop and self.charges.reaches_join(exit_)
                prepaid = reached and join not in self.entries and self.charges.meets(exit_, stop)
                after_arm = reached and join not in self.entries and not prepaid and join in (exit_.yes, exit_.no)
                owed = self.branch(exit_, ahead, discount, carry, after_arm)  # (what the join pays of the add carried)
                carry = 0
                if not reached:
                    return
                if join in self.entries:
                    self.go(join)
                    return
                if any(arm != join and not pyflow.runs_into(program, self.entries, arm, join)
                       for arm in (exit_.yes, exit_.no)):
                    # Decision: what follows a SI one of whose arms goes elsewhere (`SI A[U,V]=0 ALORS ALLER EN
                    # 690`, the loop's end) runs only where the other was taken: as an arm, its reads of a counted
                    # loop's variable are not hot (pyloops.ints_suffice; a breadth-first search 0.85 of its time).
                    self.arms += 1
                block_id = join
                discount = discount - owed if after_arm else 0
                continue
            self.leave(block, exit_)
            return

    def carried(self, block: ir.Block, stop: int | None, after: int) -> int:
        """The add of a block that only runs on (through blocks with no code) into a SI that cannot fail
        (pysure.SureConditions.sure), paid in each of the SI's arms with the arm's first add instead of before
        the test; 0 where it is paid before it.

        Decision: a procedure's or a loop's first line `SI N=0 ALORS RESULTAT 1` paid two adds on its way on, one
        before the test and one after; now one. Nothing between can fail or see the cycles (no budget test: the
        blocks have no other code; none in a counted loop's pass, whose adds are summed), so every total is the
        same where it is seen. What the test pays of its arms' first adds (pycharges.discount) is in the add carried.
        Not for the debugger, whose hook may stop the run at the SI's line (M.before_line) and show the cycles.
        """
        shared = self.shared
        if shared.profile or shared.debug or self.loops.counting is not None or self.loops.price is not None:
            return 0
        blocks, last = self.shared.ir.blocks, block
        while all(type(op) is ir.Charge for op in last.ops) and type(last.exit) is ir.Goto and (
                last.exit.block != stop and last.exit.block not in self.entries and last.exit.block != block.id):
            last = blocks[last.exit.block]
        exit_ = last.exit
        if type(exit_) is not ir.Branch or any(type(op) is not ir.Charge for op in last.ops):
            return 0
        self.set_here = self.surely.get(id(exit_), frozenset())  # (as branch has it for the condition)
        sure = self.exprs.sureness.sure(exit_.cond)
        self.set_here = frozenset()
        return self.charges.price_of(block) + after if sure else 0

    def branch(self, exit_: ir.Branch, ahead: int, discount: int, carry: int = 0, after_arm: bool = False) -> int:
        """A SI: its condition, then its arms (an error in them also refunds the `ahead` paid for its join;
        each arm's first add is less the `discount` paid with the condition, and `carry` more: see carried).
        `after_arm`: the join is one of the arms, not paid before the SI, and written next (run_chain).
        Return what the join pays of `carry` with its add: all of it where the other arm cannot run into it
        (the empty arm then has no add)."""
        out = self.out
        join, arms = exit_.join, (exit_.yes, exit_.no)
        to_join = carry if carry and after_arm and not any(
            arm != join and pyflow.runs_into(self.shared.ir, self.entries, arm, join) for arm in arms) else 0
        self.set_here = self.surely.get(id(exit_), frozenset())
        if self.statements.fast_path(exit_.cond):
            cond, _ = self.statements.evaluated(exit_.cond, "_c")
        else:
            cond, _ = self.statements.value(exit_.cond)
        self.set_here = frozenset()
        self.kept.after(exit_.cond)
        out.emit(f"if {cond}:")
        owed = self.owed
        self.owed += ahead - discount  # the arms' blocks refund the discount with their own points
        self.arms += 1
        before, ends = self.kept.recent, []  # each arm's first block and what it kept at its end
        for part, first in ((0, exit_.yes), (1, exit_.no)):
            if part:
                out.emit("else:")
            self.kept.recent = set(before)
            out.depth += 1
            if first == exit_.join:
                if carry and not to_join:
                    self.add_cycles(carry)
                elif part:
                    out.lines.pop()  # no SINON: nothing to do
                    out.table.pop()
                else:
                    out.emit("pass")
            elif first in self.entries:
                if discount - carry:  # the way out of a loop gives back what the way round paid with the test (hot_arm)
                    self.add_cycles(carry - discount)
                self.go(first)
            else:
                self.chain(first, exit_.join, discount - carry)
            out.depth -= 1
            ends.append((first, self.kept.recent))
        self.kept.joined(before, ends, lambda first: first == exit_.join or pyflow.runs_into(
            self.shared.ir, self.entries, first, exit_.join))
        self.owed = owed
        self.arms -= 1
        return to_join

    # -------------------------------------------------------------- blocks
    def block(self, block: ir.Block, after: int = 0, prepaid: bool = False, discount: int = 0) -> int:
        """The operations of a block: one charge for all its points and `after` (plain runs; none if the block
        before paid it), or each point where it is; return what is paid for the blocks after it."""
        out = self.out
        shared = self.shared
        self.exprs.cold = block.id in self.once  # its code and its exit's run at most once: written short
        self.segment_line = block.line  # (--profile: the line whose segment its charge points run in)
        if block.line_start:
            label = shared.labels.get(block.line)
            out.emit(f"# line {block.line}{' ' + label if label else ''}")
        if block.segment_start and shared.profile and block.line not in shared.unmarked:
            out.emit(f"{SEGMENT_ENDS}; sl = {block.line}; sm = cyc")
        if block.line_start and shared.debug:
            out.emit(f"M.before_line({block.line})")
        self.live = set(self.live_at.get(block.id, ()))
        # A pass of a loop known to end on this line is paid with the block (refunded if the block fails).
        self.merged_pass = not shared.profile and self.charges.certain_pass(block)
        refund = 0 if shared.profile else self.charges.price_of(block) + after
        if not shared.profile and refund != discount and not prepaid:  # (less: a way out, pycharges.hot_arm)
            self.where(block.line, 0)
            self.add_cycles(refund - discount)
        for op in block.ops:
            kind = type(op)
            if kind is ir.Charge:
                if shared.profile:
                    self.where(op.line, 0)
                    self.pay(op.kinds, op.line)
                else:
                    refund -= shared.charge_price(op)
                    self.where(op.line, refund)
                continue
            self.where(op.line, refund)
            self.statement(op)
        self.where(block.line, refund)
        return refund

    def statement(self, op: ir.Do | ir.LoopEntry) -> None:
        """A statement's code; written again as it was where a copy of its block runs it (plain runs: a
        profile's charge points are each registered where they are written)."""
        out = self.out
        # Not in a counted loop's `for`: its statements read its int and name what is read before it.
        key = id(op) if self.loops.counting is None else None
        known = self.written.get(key)
        if known is not None:
            for text in known:
                out.emit(text)
        else:
            start, indent = len(out.lines), len(INDENT) * out.depth
            self.unsettled = bool(self.settled) and analyses.unsettling(op.node, self.shared.still, self.own)
            self.declared_here = self.declared.get(id(op), frozenset())
            self.set_here = self.surely.get(id(op), frozenset())
            if type(op) is ir.LoopEntry:
                self.statements.loop_entry(op.node)
            else:
                getattr(self.statements, "st_" + type(op.node).__name__)(op.node)
            self.set_here = frozenset()
            if self.unsettled:  # what the settled parameters name is read anew after it
                out.emit(self.settling())
                self.unsettled = False
            if not self.shared.profile and key is not None and not self.jumps_out:
                self.written[key] = [line[indent:] for line in out.lines[start:]]
            self.jumps_out = False
        counters.counter_after(op, self.live, self.counters, self.assigned_counters,
                               self.positioned)  # (what follows sees it)
        self.kept.written(key, op.node, known is not None)

    # --------------------------------------------------------------- exits
    def leave(self, block: ir.Block, exit_: object) -> None:
        kind = type(exit_)
        self.segment_line = block.line  # (a pass paid here runs in its segment: see block)
        if kind is ir.OpenLoop:
            self.loops.open_loop(block, exit_)
        elif kind is ir.LineEnd:
            if self.states is None:
                self.loops.line_end(exit_.line, exit_.next)
            else:
                self.loops.static_line_end(exit_.line, self.states[block.id], exit_.next)
        elif kind is ir.Jump:
            self.jump(exit_, block.line, block.id)
        elif kind is ir.Leave:
            self.set_here = self.surely.get(id(exit_), frozenset())  # (what a RESULTAT reads, or gives: ref)
            self.statements.leave_unit(exit_)
            self.set_here = frozenset()
        else:
            raise AssertionError(f"no code for exit {exit_!r}")

    def jump(self, exit_: ir.Jump, line: int, block_id: int) -> None:
        out = self.out
        if exit_.line is None:
            self.dispatch.computed_jump(exit_, line, block_id)
            return
        block_id = self.shared.ir.jump_target(exit_)
        if block_id is None:
            out.emit(f"M.unknown_line({exit_.line})")
            return
        if self.states is None and self.leaves_loops(line, exit_.line):
            out.emit(f"if lp: _leave(lp, {exit_.line})")
        self.go(block_id, self.loops.counting is not None and block_id in self.block_ids)
