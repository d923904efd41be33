"""Where a unit's names live, and the code that reads, stores and pays for them; imports the generator's
pyexpr (names), pystmt (held names) and pystrings (counted stores) only; never the runtime.

A part of the one code generator: pygen.UnitCode is a UnitNames, and its constructor makes the sets
that these methods read (the unit's table, own strings and arrays, held parameters, counters, loops).
"""

from __future__ import annotations

import textwrap
from collections import Counter

from machine.lse import nodes as n
from machine.lse.pydeclare import held_name
from machine.lse.pyexpr import python_name
from machine.lse.pystrings import counted_store


class UnitNames:
    """The storage of each name of one unit, and the code to read, store and charge (see pygen.UnitCode)."""

    def counter(self, name: str) -> str | None:
        """The int beside a FAIRE variable's float, if it has one (pyexpr indexes elements by it)."""
        return python_name("i", name) if name in self.counters else None

    def kept_index(self, name: str) -> str | None:
        """Code for the int an element is indexed by where a number variable is the index, kept beside its
        float (pykept.py); None where it does not apply. Only for a variable that is sure to hold a number
        when set (kind "n"), so nothing there can fail but its read. A parameter whose int the entry works out
        (pykept.entry_indexes) reads that."""
        if name in self.entry_ints and not self.exprs.cold:
            self.entry_used.add(name)
            return python_name("e", name)
        kept = self.kept
        if kept.worth is None:  # (none for the debugger, whose every line may pause: as the counters)
            kept.choose([entry for entry in sorted(self.entries) if self.loops_back(entry)]
                        if self.states is not None and not self.shared.debug else [])
        counting = self.loops.counting
        where = self.stored.get(name) or self.storage(name)
        if name not in kept.worth or self.exprs.cold or where not in ("local", "global") or (
                self.kind(name) != "n" or counting is not None and name == counting.node.var):  # (a `for`'s own
            return None  # variable: read from its int)
        return kept.code(name, self.pyname(name))

    def growing(self, node: object) -> bool:
        """True if an expression reads a counter that no FAIRE steps, in double: steps of one may move its int past
        2^24 (pystmt.counter_given), so a product of it is left to the floats (any such counter, stepped by one or
        not: the simpler test)."""
        growing = self.assigned_counters - self.taken_counters  # (those stay within 2^24: pystmt.counter_given)
        return not self.shared.numbers.single and bool(growing) and any(
            type(item) is n.Var and item.name in growing for item in self.shared.below(node))

    def live_counter(self, name: str) -> str | None:
        """The int beside a FAIRE variable's float where it is sure to be set (see counters.live_counters)."""
        return python_name("i", name) if name in self.live else None

    def counter_floor(self, name: str) -> int | None:
        """The least a FAIRE variable's int can be where it is set here and not NaN (None: not known)."""
        return self.shared.floor(self.unit, name) if name in self.live else None

    def listed(self, name: str) -> bool:
        """True if `name` holds an array whenever it is set: the program's variable (see holdings.array_variables),
        or a procedure's own array (ownership.own_strings_and_arrays: only its TABLEAU stores into it)."""
        where = self.storage(name)
        return where == "array" or name in self.shared.arrays and where == "global"

    def vector(self, name: str) -> bool:
        """True if the array `name` is a vector whenever it is an array (see holdings.vectors)."""
        return name in self.shared.vectors and not self.shared.debug

    def shape(self, name: str) -> tuple[int, ...] | None:
        """The sizes of the array `name` whenever it is an array, if known before the run (holdings.shapes)."""
        dims = self.shared.shapes.get(name)
        return dims if dims and self.storage(name) != "ref" and not self.shared.debug else None

    # ------------------------------------------------------------- storage
    def storage(self, name: str) -> str:
        where = self.stored.get(name)
        if where is None:
            where = self.stored[name] = self.place(name)
        return where

    def place(self, name: str) -> str:
        """Where a name lives (storage keeps the answer: the unit's sets are made before code is written)."""
        unit = self.unit
        if name in self.aliased:  # the program's variable of its name (passing.aliased_references)
            return "shared" if name in self.shared.referenced else "global"
        if name in unit.by_reference:
            return "copied" if name in self.copied else "ref"
        if name in unit.locals:
            if name in self.held:
                return "held"
            if name in self.param_strings:
                return "string"
            if name in self.table:
                return "table"
            return "string" if name in self.own_strings else "array" if name in self.own_arrays else "local"
        return "shared" if name in self.shared.referenced else "global"

    def always_set(self, name: str) -> bool:
        """True if reading a name cannot fail: a parameter by value held in a Python local (nothing frees it)."""
        return name in self.unit.params and self.storage(name) in ("local", "held", "string")

    def surely_set(self, name: str) -> bool:
        """True if reading a name cannot fail here: always set, or a Python local, or a variable of the main
        program that nothing frees (LIBERER, CHARGER), that every way here assigns. Decision: the monitor may
        free one while the run is stopped; the run then stops (linker.sure_kept)."""
        if self.always_set(name):
            return True
        if name not in self.set_here:
            return False
        where = self.storage(name)
        if where == "global" and self.is_main and name not in self.shared.undeclarable:
            self.shared.sure_globals.add(name)
            return True
        return where in ("local", "string", "copied")

    def pure(self, name: str) -> bool:
        """True if the program's variable `name` can only hold a number (see Layout.is_global_number)."""
        return self.shared.layout.is_global_number(name, self.shared.foreign)

    def kind(self, name: str) -> str:
        where = self.storage(name)
        if where == "local" or (where in ("global", "shared") and self.pure(name)) or (
                where in ("ref", "copied") and name in self.shared.number_refs.get(self.unit.name, ())) or (
                where == "table" and self.table_number(name)):
            return "n"
        return "s" if where == "string" or (where in ("global", "shared") and name in self.shared.strings) or (
            name in self.held_strings) or (
            where == "copied" and name in self.shared.string_refs.get(self.unit.name, ())) else "?"

    def table_number(self, name: str) -> bool:
        """True if a procedure's own variable kept in its table (given by reference) can only hold a number: no
        parameter (a caller may give it a string), nothing it runs declares, loads or hands it otherwise."""
        return name not in self.unit.params and self.shared.layout.is_own_number(name, self.unit, self.shared.foreign)

    def pyname(self, name: str) -> str:
        where = self.stored.get(name) or self.storage(name)
        if where == "global":
            self.shared.globals[python_name("v", name)] = name
        return python_name("r" if where == "ref" else "v", name)

    def read(self, name: str) -> str:
        where = self.stored.get(name) or self.storage(name)
        loops = self.loops
        if loops.counting is not None and name == loops.counting.node.var:  # the `for`'s int (see pyloops.count)
            loops.hot_reads += not (self.exprs.cold or self.exprs.floats or self.arms)
            if loops.counting.body in loops.float_first:  # set first in each pass (pyloops.keep_cheap)
                return self.pyname(name)
            return f"({loops.counted_value(name)})"
        if where == "ref":
            return self.referred(name)
        if where == "copied" and not self.surely_set(name):  # unset where the call was made: the caller's fails
            return f"({self.pyname(name)} if {self.pyname(name)} is not None else {self.referred(name)})"
        if where in ("table", "shared"):
            return f"{self.env(name)}[{name!r}]"
        return self.pyname(name)

    def stored_through(self, name: str, code: str, kind: str, then: str = "", otherwise: str = "") -> str:
        """strops.make_ref_store written out, for a string stored through a parameter by reference into a
        CHAINE of a table (its cells counted there); `then`, `otherwise`: what follows either way."""
        table, key = python_name("c", name), python_name("k", name)
        self.referred_params.add(name)
        return f"_sv = {code}\n" + counted_store(
            kind, f"_type({table}) is _Vars and {key} in {table}.strings and {table}.memory is _MM and ",
            f"_len({table}.get({key}, ''))", f"{table}[{key}] = _sv{then}",
            f"_rput(_sv, {python_name('r', name)}){otherwise}")

    def referred(self, name: str) -> str:
        """What a parameter by reference names: its container and key, taken apart once a call (see function)."""
        self.referred_params.add(name)
        return f"{python_name('c', name)}[{python_name('k', name)}]"

    def array(self, name: str) -> str:
        code = self.read(name)
        layout = self.shared.layout
        if self.storage(name) not in ("ref", "copied") and not layout.named_array(name, self.unit.params):
            # No TABLEAU, parameter or CHARGER makes it one: not an array before the value is worked out, the
            # program's variable or a procedure's own alike (a procedure's own number indexed computed its value
            # first: VARIABLE C NON AFFECTEE where the reference says T N'EST PAS UN TABLEAU; found by the fuzz)
            return f"_array({code}, {name!r})"
        return code

    def ref(self, name: str) -> str:
        where = self.storage(name)
        if where == "ref":
            return self.pyname(name)
        if where == "array":  # its own array, to a parameter that only indexes it (ownership.indexed_references)
            if not self.reentered:  # (one table for the name: while the call runs, no other of the unit lends it)
                table = f"_LT[{self.shared.lent_table(name)}]"
                return f"(_dset({table}, {name!r}, {self.pyname(name)}) or {table}, {name!r})"
            return f"(_lend({self.pyname(name)}, {name!r}), {name!r})"
        if where == "string":  # its own CHAINE, to a parameter that only reads it (ownership.read_references)
            value = self.pyname(name)
            lent = f"_lends({value}, {name!r})" if self.surely_set(name) else f"_lendu(lambda: {value}, {name!r})"
            return f"({lent}, {name!r})"
        return f"({self.env(name)}, {name!r})"

    def added(self, joined: tuple[int, tuple[str, ...]] | None) -> str | None:
        """The code of the cells a join adds to its variable's own (operands.appended), where every other variable
        it joins is read again by its Python name (the join went through: each holds a string); else None."""
        if joined is None or not all(self.storage(name) in ("global", "string") for name in joined[1]):
            return None
        texts, names = joined
        lengths = [held_name(name) if self.storage(name) == "string" else f"_len({self.pyname(name)})"
                   for name in names]
        return " + ".join([*lengths, *([str(texts)] if texts else [])])  # (an own CHAINE's count is its length)

    def store(self, name: str, code: str, kind: str, grows: str | None = None) -> str:
        """A statement storing a value into a variable, with the checks its kind needs; `grows`: the cells a
        string adds to the variable's own, where known (operands.appended)."""
        where = self.storage(name)
        if where == "copied":  # what may be no number is stored through the reference, then read back
            local = self.pyname(name)
            if kind == "n" and self.kind(name) == "n":
                return f"{local} = {code}"
            if kind != "n" and not self.exprs.cold:
                return self.stored_through(name, code, kind, f"; {local} = _sv", f"; {local} = {self.referred(name)}")
            return f"_rput({code}, {python_name('r', name)})\n{local} = {self.referred(name)}"
        if where == "ref":
            ref = self.pyname(name)
            if kind == "n" and self.kind(name) == "n":  # an element: a number into an array, no test
                return f"{self.referred(name)} = {code}"
            if kind != "n" and not self.exprs.cold:
                return self.stored_through(name, code, kind)
            return f"_rput({code}, {ref})"  # strops.make_ref_store
        if where == "shared" and self.pure(name) or where == "table" and self.table_number(name):
            # (a number: never a CHAINE nor an array, so Vars.assign only tests that)
            return f"{self.env(name)}[{name!r}] = {code if kind == 'n' else f'_number({code}, {name!r})'}"
        if where == "shared" and kind != "n" and not self.exprs.cold:  # Vars.assign written out, for a string
            # into the program's CHAINE given by reference (_R shares the program's CHAINE names and memory)
            return f"_sv = {code}\n" + counted_store(kind, f"{name!r} in _GS and ", f"_len(_R.get({name!r}, ''))",
                                                     f"_R[{name!r}] = _sv", f"_R.assign({name!r}, _sv)")
        if where in ("table", "shared"):
            table = self.env(name)
            return f"{table}.assign({name!r}, {code})"  # Vars.assign counts a CHAINE's cells
        if where == "string":  # the cells it holds are counted as it changes (strops.make_own_store)
            python, held = self.pyname(name), held_name(name)
            if kind != "n" and not self.exprs.cold:  # written out, for a string
                return f"_sv = {code}\n" + counted_store(
                    kind, "", held, f"{python} = _sv; {held} += _mo",  # (the cells it held, plus the change)
                    f"{python} = _sheld(_sv, {held}, {name!r}); {held} = _len({python})", grows)
            return f"{python} = _sheld({code}, {held}, {name!r}); {held} = _len({python})"
        if where == "local" or self.pure(name):
            if where == "global":
                self.assigned.add(name)
            return f"{self.pyname(name)} = {code if kind == 'n' else f'_number({code}, {name!r})'}"
        python = self.pyname(name)  # a variable of the program: its cell is shown to the runtime
        if name not in self.shared.layout.string_names:
            return f"G.assign({name!r}, {code})"
        self.assigned.add(name)
        if kind != "n" and not self.exprs.cold:  # strops.make_cell_store written out, for a string into a
            # CHAINE whose cell is set (code that runs rarely keeps the call: shorter to compile)
            declared = "" if name in self.declared_here else f"{name!r} in _GS and "  # (a CHAINE run before)
            store = counted_store(kind, declared, f"_len({python})", f"{python} = _sv",
                                  f"{python} = _sput({name!r}, _sv)", grows)
            if grows is not None and kind == "s":  # (its cell was read: set)
                return f"_sv = {code}\n{store}"
            return (f"_sv = {code}\ntry:\n" + textwrap.indent(store, "    ") +
                    f"\nexcept _NameError:  # its cell is empty\n    {python} = _sput({name!r}, _sv)")
        return f"{python} = _sput({name!r}, {code})"  # strops.make_cell_store

    def position(self, name: str, call: str) -> str:
        where = self.storage(name)
        if where == "ref":
            return f"_posref({self.pyname(name)}, {call})"
        if where == "local" or where == "global" and self.pure(name):
            if where == "global":
                self.assigned.add(name)
            # (a conditional, not a tuple: the call, the position stored, then the value; 22 ns less a call)
            # A counter's int is NaN here (the floats then: the general way is the rare one).
            counter = self.counter(name)
            unset = "" if counter is None else f" and ({counter} := _NAN) is not None"
            return f"(_p[0] if ({self.pyname(name)} := (_p := {call})[1]) is not None{unset} else _p[0])"
        return f"_pos({self.env(name)}, {name!r}, {call})"

    def env(self, name: str) -> str:
        """The table that holds a name the runtime is given by name."""
        table = {"table": "L", "shared": "_R"}.get(self.storage(name))
        if table is None:
            self.pyname(name)
        return table or "G"

    # ------------------------------------------------------------ charging
    def charge_inline(self, kinds: Counter, code: str, literal: bool = False) -> str:
        """Code that pays for kinds, then gives code's value (the branch of a conditional expression).

        Decision: the branch is paid once its value is known (an error in it is not charged), and with
        no tuple built: both arms give the value, so the charge's truth does not matter. A literal
        cannot fail: it is paid first, with no temporary.
        """
        if not kinds:
            return code
        if self.shared.profile:  # (and one more run of its point: a call of the list's method, ~60 ns, not M.charged)
            point, price = self.shared.point(kinds, self.out.where[0]), self.shared.price(kinds)
            counted = f"_BR.__setitem__({point}, _BR[{point}] + 1) is None"
            if self.segment_line in self.shared.unmarked:  # (its line's cycles are its points' runs: see pay)
                self.shared.by_runs[point] = self.segment_line
                counted = f"(sm := sm + {price}.0) is not None and {counted}"
            return f"(_b if (_b := {code}) is _b and (cyc := cyc + {price}.0) is not None and {counted} else _b)"
        charge = f"(cyc := cyc + {self.shared.price(kinds)}.0)"
        if literal:
            return f"({code} if {charge} else {code})"
        return f"(_b if (_b := {code}) is _b and {charge} else _b)"

    def pay(self, kinds: Counter, line: int) -> None:
        """Pay for kinds here (--profile: a charge point of `line`, run in a segment of the line of the block being
        written, pygen.block: a FAIRE's pass and TANT QUE in that of the block that reaches its last line's end)."""
        if not kinds:
            return
        shared = self.shared
        if shared.profile:  # (counted where it runs: its kinds are added up when the accounts are read)
            price, point = shared.price(kinds), shared.point(kinds, line)
            segment = self.segment_line
            paid = f"cyc += {price}.0; " if price else ""
            if segment in shared.unmarked:  # (its line's cycles are its points' runs: none for the segment running)
                shared.by_runs[point] = segment
                paid += f"sm += {price}.0; " if price else ""
            self.out.emit(f"{paid}_BR[{point}] += 1")
        else:
            self.add_cycles(self.shared.price(kinds))

    def add_cycles(self, amount: int) -> None:
        """An add to the cycles here, or to the price of a pass that a counted loop adds up (pyloops.count)."""
        if self.loops.price is None:
            if self.loops.heads(self.out.lines):
                self.loops.head = amount  # a pass's first add, paid with the passes after them (pyloops.count)
                return
            self.out.add(amount)
        else:
            self.loops.price += amount
            self.loops.adds += 1
