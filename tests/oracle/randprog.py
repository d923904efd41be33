"""Random well-formed LSE programs that always end: random_program(rng, size) -> (source, input lines).

Imports nothing of the machine. Termination by construction: FAIRE bounds are small constants or
ETL(e,3)/ETL(e,7) (0..7); TANT QUE loops also test their variable; backward jumps go through a
global guard counter (G1, G2, ...) that only they change; every procedure counts its calls in the
global Z and returns at once past a bound; recursion passes a depth D that shrinks; loop
variables and guards are never assigned, read into or passed by reference elsewhere. Errors
(division by zero, unassigned variables, type mismatches, indices out of range, bad or missing
input, too deep a recursion) are welcome: they end a run too. A PAUSE stops a run, which the
comparison takes up again, as CONTINUER does: the lines where each run paused must agree. The
file store is never used. With `basic`, the main program also goes the BASIC ways: it calls
subroutines (`R1←<line>;ALLER EN <first line>` ... `ALLER EN R1`), written after its TERMINER: each
has a variable R1, R2... that only its calls set, each call returns forward, a subroutine calls only
those written before it and opens no FAIRE of I, J or K (its caller's loop may hold them); and it
chooses among lines by a computed line (`ALLER EN 120+10*ETL(X,7)`), always forward; and a procedure
may have a number of its own named T, as the program's array is (Arsac's short names).
"""

from __future__ import annotations

import random

from tests.oracle.randexpr import EDGES, FORMATS, NUMS, WORDS, ExpressionWriter, Unit


class Generator(ExpressionWriter):
    """One program: lines with symbolic targets @k@, numbered at the end."""

    def simple(self) -> str:
        roll = self.rng.random()
        if roll < 0.25:
            name = self.pick(self.num_vars())
            if self.chance(0.3):  # a count: whole while it starts whole
                return f"{name}←{name}{self.pick('+-')}{self.pick('12')}"
            return f"{name}←{self.num()}"
        if roll < 0.4:
            return f"{self.pick(self.str_vars(stored=True))}←{self.string()}"
        if roll < 0.52:
            return f"{self.element(0)}←{self.num()}"
        if roll < 0.7:
            items = [self.num() if self.chance(0.6) else self.string() for _ in range(self.rng.randint(1, 3))]
            fmt = self.pick(FORMATS) + " " if self.chance(0.3) else ""
            return f"AFFICHER{fmt or ' '}{','.join(items)}"
        if roll < 0.85 and not self.quiet:
            subs = [u for u in self.units if u.kind == "p" and u is not self.unit]
            if subs:
                unit = self.pick(subs)
                return f"&{unit.name}({', '.join(self.arguments(unit, 0))})"
        if roll < 0.92:
            return f"SI {self.cond()} ALORS {self.simple()}" + (f" SINON {self.simple()}" if self.chance(0.5) else "")
        if roll < 0.96:
            return f"DEBUT {self.simple()};{self.simple()} FIN"
        if self.chance(0.5):
            target = self.pick(self.num_vars()) if self.chance(0.7) else self.pick(self.str_vars(stored=True))
            self.inputs.append(self.pick(("3", "2.5", "-1", "ABC", "7 8", "1E3", "MOT")))
            return f"LIRE {target}"
        if self.unit is None:
            return f"LIBERER {self.pick(NUMS)}" if self.chance(0.1) else f"X←{self.num()}"
        return f"{self.pick(self.num_vars())}←{self.num()}"

    def counted_element(self, var: str) -> str:
        """An element that a loop's variable indexes, maybe shifted (past either end of the array, at times)."""
        shift = self.pick(("", "", "+1", "-1", "*2", f"+{self.offset or self.pick(self.num_vars())}-1"))
        if self.chance(0.25):
            return f"M[{self.pick(('1', '2', var))},{var}{shift}]"
        return f"{self.pick(self.arrays())}[{var}{shift}]"

    def counted_fill(self, var: str) -> str:
        """A fill or a copy of elements (alone in its pass, a slice assigned: pyslices.slice_assignment)."""
        value = self.pick((self.constant(), self.pick(self.num_vars()), self.counted_element(var)))
        return f"{self.counted_element(var)}←{value}"

    def counted_test(self, var: str) -> str:
        return f"{self.counted_element(var)}{self.pick(('=', '#', '<', '>='))}{self.num(2, calls=False)}"

    def counted_simple(self, var: str, depth: int = 0) -> str:
        """An assignment of a loop that only assigns (no call, no output, no input; the variable unassigned)."""
        roll = self.rng.random()
        if roll < 0.12:
            return self.counted_fill(var)
        if roll < 0.45:
            element = self.counted_element(var)
            value = f"{element}+{self.num(2, calls=False)}" if self.chance(0.5) else self.num(1, calls=False)
            return f"{element}←{value}"
        if roll < 0.7:
            name = self.pick(self.num_vars())
            return f"{name}←{name}+{self.counted_element(var)}"
        if roll < 0.8:
            return f"{self.pick(self.str_vars(stored=True))}←{self.string(1, calls=False)}"
        if depth > 0:
            return f"{self.counted_element(var)}←{self.constant()}"
        other = f" SINON {self.counted_simple(var, 1)}" if self.chance(0.4) else ""
        return f"SI {self.counted_test(var)} ALORS {self.counted_simple(var, 1)}{other}"

    def line_of_simples(self, label: str = "") -> None:
        statements = [self.simple() for _ in range(self.rng.randint(1, 3))]
        if self.chance(0.04):  # the run stops there; every mode and the reference say where, and go on
            statements.insert(self.rng.randint(0, len(statements)), "PAUSE")
        self.emit(";".join(statements), label)

    def block(self, depth: int, after: str, loop_end: str | None) -> None:
        """One piece of a unit's body; `after` is a label further on, `loop_end` the enclosing loop's end line."""
        if self.basic and self.unit is None and not self.loops_barred and self.chance(0.25):
            if self.callable and self.chance(0.6):
                self.subroutine_call()
            else:
                self.switch(after)
            return
        roll = self.rng.random()
        free = [] if self.loops_barred else [v for v in ("I", "J", "K") if v not in self.loop_vars]
        # (three loops deep at most: a loop in a loop in a loop, with lines and loops of jumps between, is a shape
        # the code generator writes without its dispatch, pystructure.StructuredCode.write_at)
        if roll < 0.45 or depth > 2 or roll >= 0.75 and not free:
            self.line_of_simples()
            if loop_end and self.chance(0.15):
                self.emit(f"SI {self.cond()} ALORS ALLER EN {self.pick((after, loop_end))}")
            return
        if roll < 0.6:
            self.emit(f"SI {self.cond()} ALORS ALLER EN {after}")
            return
        if roll < 0.67:
            other = self.label()
            choice = f"(SI {self.cond()} ALORS {after} SINON {other})"
            # (or through a variable that only ever holds lines: its jump tests them, targets.py)
            self.emit(f"JV←{choice};ALLER EN JV" if self.chance(0.4) else f"ALLER EN {choice}")
            self.line_of_simples(other)
            return
        if roll < 0.75:
            self.guards += 1
            guard = f"G{self.guards}"
            back = self.label()
            self.line_of_simples(back)
            self.line_of_simples()
            self.emit(f"SI {guard}<2 ALORS DEBUT {guard}←{guard}+1; ALLER EN {back} FIN")
            return
        self.loop(depth, after)

    def loop(self, depth: int, after: str) -> None:
        free = [v for v in ("I", "J", "K") if v not in self.loop_vars]
        var = free[0]
        if self.chance(0.15):  # a number at an edge, that the loop's elements may add to its variable
            self.offset = self.pick(self.num_vars())
            self.emit(f"{self.offset}←{self.pick(EDGES)}")
        end = self.label()
        head = self.loop_head(var, end)
        on_line = ";" + self.simple() if self.chance(0.4) else ""
        self.emit(head + on_line)
        self.loop_vars.append(var)
        if "JUSQUA" in head and self.chance(0.3):  # a body that only assigns: its passes may be a Python for
            if self.chance(0.3):
                self.emit(f"SI {self.counted_test(var)} ALORS ALLER EN {end}")
            elif self.chance(0.3):  # a line that jumps to the last: the pass pays in two adds
                self.emit(f"{self.counted_simple(var)};ALLER EN {end}")
            if self.chance(0.3):
                self.emit(self.counted_fill(var), end)
            else:
                self.emit(";".join(self.counted_simple(var) for _ in range(self.rng.randint(1, 3))), end)
        elif self.chance(0.3) and depth == 0:  # an inner loop ending on the same line
            inner_var = [v for v in ("I", "J", "K") if v not in self.loop_vars][0]
            self.emit(f"FAIRE {end} POUR {inner_var}←1 JUSQUA {self.pick(('2', '3'))}")
            self.loop_vars.append(inner_var)
            self.block(depth + 1, after, end)
            self.line_of_simples(end)
            self.loop_vars.remove(inner_var)
        else:
            for _ in range(self.rng.randint(0, 2)):
                self.block(depth + 1, after, end)
            self.line_of_simples(end)
        self.loop_vars.remove(var)
        self.offset = None

    def loop_head(self, var: str, end: str) -> str:
        """A FAIRE that ends on the line `end`: counted up or down, to a bound computed or not, or TANT QUE."""
        if self.chance(0.25):
            self.quiet = True  # no procedure call in a TANT QUE condition
            head = f"FAIRE {end} POUR {var}←1 TANT QUE {var}<=3 ET {self.cond(3)}"  # one comparison: ET binds it
            self.quiet = False
        elif self.chance(0.3):
            head = f"FAIRE {end} POUR {var}←1 JUSQUA ETL({self.num(1)},{self.pick(('3', '7'))})"
        elif self.chance(0.2):
            head = f"FAIRE {end} POUR {var}←4 PAS -1 JUSQUA {self.pick(('1', '2.5'))}"
        else:
            head = f"FAIRE {end} POUR {var}←{self.pick(('1', '0.5', '2'))} JUSQUA {self.pick(('3', '4', '0', '2.5'))}"
        return head

    def body(self, count: int, ending: str) -> None:
        """`count` blocks, then the line labelled `ending` (which the caller writes)."""
        if self.shapes:
            self.graph(count * 2 + 2, ending)
            return
        marks = [self.label() for _ in range(count)] + [ending]
        for position in range(count):
            self.block(0, marks[self.rng.randint(position, count)], None)
            self.emit(f"N←N+0*{self.rng.randint(1, 9)}", marks[position])

    def graph(self, count: int, ending: str) -> None:
        """`count` lines wired by jumps to any line, back or ahead, and FAIRE loops over runs of them, then the line
        labelled `ending`: control-flow graphs of every shape, not only the ones statements build (loops entered
        in the middle, left for other loops, two loops with one end, loops of jumps that cross a FAIRE's lines).
        Termination: each jump back goes through a guard of its own, taken twice at most."""
        marks = [self.label() for _ in range(count)] + [ending]
        loops: list[tuple[int, str]] = []  # the open FAIRE loops: the position of their last line, their variable
        for position in range(count):
            limit = loops[-1][0] if loops else count - 1
            free = [v for v in ("I", "J", "K") if v not in self.loop_vars]
            if free and position < limit and self.chance(0.3):
                last = self.rng.randint(position + 1, limit)
                head = self.loop_head(free[0], marks[last])
                self.emit(head + (";" + self.simple() if self.chance(0.3) else ""), marks[position])
                loops.append((last, free[0]))
                self.loop_vars.append(free[0])
                continue
            statements = [self.calm() for _ in range(self.rng.randint(0, 2))]
            if self.callable and self.unit is None and self.chance(0.15):
                number = self.pick(self.callable)  # back to the next line
                statements.append(f"R{number}←{marks[position + 1]};ALLER EN {self.subroutines[number]}")
            elif self.chance(0.6):
                statements.append(self.jump(position, marks))
            self.emit(";".join(statements) or "N←N+0", marks[position])
            while loops and loops[-1][0] == position:
                self.loop_vars.remove(loops.pop()[1])

    def calm(self) -> str:
        """A statement that seldom fails (a graph's lines: a failure would end the walk over its shape early)."""
        roll = self.rng.random()
        name = self.pick(self.num_vars())
        if roll < 0.3:
            return f"{name}←{name}{self.pick('+-')}{self.pick('12')}"
        if roll < 0.45:
            return f"{name}←{self.pick(self.readable_nums() + [self.constant()])}{self.pick('+-*')}{self.constant()}"
        if roll < 0.55:
            at = self.pick(self.loop_vars) if self.loop_vars and self.chance(0.5) else self.rng.randint(1, 5)
            return f"T[{at}]←T[{at}]+{self.pick(self.readable_nums())}"
        if roll < 0.7:
            return f"AFFICHER {self.pick(self.readable_nums())}"
        if roll < 0.8:
            word = self.pick(self.str_vars(stored=True))
            return f"{word}←{self.pick((f'{word}!EQC(65)', f'SCH({word},2,3)', repr(self.pick(WORDS))))}"
        return self.simple()

    def calm_cond(self, compound: bool = True) -> str:
        """A test that seldom fails: a number or a loop's variable against a number or a constant; now and then,
        if `compound`, any test (ET, OU, NON, calls)."""
        if compound and self.chance(0.2):
            return self.cond()
        right = self.pick(self.readable_nums()) if self.chance(0.4) else self.constant()
        return f"{self.pick(self.readable_nums())}{self.pick(('=', '#', '<', '<=', '>', '>='))}{right}"

    def jump(self, position: int, marks: list[str]) -> str:
        """A jump from a line to any line of a graph (see graph): ahead, or back through a guard of its own."""
        target = self.rng.randint(0, len(marks) - 1)
        if target > position:
            roll = self.rng.random()
            if roll < 0.2:
                return f"ALLER EN {marks[target]}"
            if roll < 0.3:
                other = marks[self.rng.randint(position + 1, len(marks) - 1)]
                return f"ALLER EN (SI {self.calm_cond()} ALORS {marks[target]} SINON {other})"
            return f"SI {self.calm_cond()} ALORS ALLER EN {marks[target]}"
        self.guards += 1
        guard = f"G{self.guards}"
        # (a test alone after the guard's: an OU would let the jump pass the guard by)
        test = f"{guard}<2" + (f" ET {self.calm_cond(compound=False)}" if self.chance(0.5) else "")
        return f"SI {test} ALORS DEBUT {guard}←{guard}+1;ALLER EN {marks[target]} FIN"

    # ------------------------------------------------------ the BASIC ways
    def switch(self, after: str) -> None:
        """A choice among lines in a row by a computed line, `ALLER EN <first>+10*ETL(E,m)` (m 3, 7, 15, 31), each
        line going on to `after` or to the next: a value past the lines chosen among goes to a line after them
        (the lines are numbered 10 apart). Forward only, and never past TERMINER (a subroutine's last line would
        go back to a line after an earlier call: m is chosen once the main program is written), so it ends."""
        cases = [self.label() for _ in range(self.rng.randint(2, 4))]
        mask = f"@MASK{len(self.masks)}@"
        self.masks[mask] = (cases[0], self.pick((3, 7, 15, 31, 31)))
        chosen = self.num(1) if self.chance(0.5) else f"{self.pick(self.num_vars())}*{self.rng.randint(3, 13)}"
        value = f"ETL({chosen},{mask})"
        if self.chance(0.4):
            self.emit(f"K9←{value};ALLER EN {cases[0]}+10*K9")
        else:
            self.emit(f"ALLER EN {cases[0]}+10*{value}")
        for case in cases:
            statements = [self.simple() for _ in range(self.rng.randint(1, 2))]
            if self.chance(0.6):
                statements.append(f"ALLER EN {after}")
            self.emit(";".join(statements), case)

    def resolve_masks(self) -> None:
        """Each switch's mask the largest of 3, 7, 15 and 31 up to the one wanted that reaches no line past TERMINER
        (past the tenth line, a jump goes where its guess did not: the run is built again, speculation.py)."""
        at = {label: position for position, (label, _) in enumerate(self.lines) if label}
        for mark, (first, wanted) in self.masks.items():
            room = at["@END@"] - at[first]
            mask = max(m for m in (3, 7, 15, 31) if m <= wanted and (m <= room or m == 3))
            self.lines = [(label, text.replace(mark, str(mask))) for label, text in self.lines]

    def subroutine_call(self) -> None:
        """A call of a subroutine the BASIC way, now and then under a SI, then the line it returns to."""
        number = self.pick(self.callable)
        back = self.label()
        call = f"R{number}←{back};ALLER EN {self.subroutines[number]}"
        if self.chance(0.3):
            call = f"SI {self.cond()} ALORS DEBUT {call} FIN"
        if self.chance(0.3):
            call = f"{self.simple()};{call}"
        self.emit(call)
        self.line_of_simples(back)

    def subroutine(self, number: int) -> None:
        """The lines of subroutine `number`, written after the main program's TERMINER: blocks, a FAIRE of its own
        variable (V1, V2...) now and then, a return from the middle now and then, and its last line `ALLER EN R1`."""
        self.callable = list(range(1, number))  # (only those written before: no call comes back to it)
        self.loops_barred = True
        # (half of them call no procedure: a call on the way back to its jump keeps its blocks from being copied)
        self.quiet = self.chance(0.5)
        end = self.label()
        self.line_of_simples(self.subroutines[number])
        if self.chance(0.4):
            loop_end = self.label()
            self.emit(f"FAIRE {loop_end} POUR V{number}←1 JUSQUA {self.pick(('2', '3', '0'))}")
            if self.chance(0.6):
                self.block(1, end, loop_end)
            self.line_of_simples(loop_end)
        for _ in range(self.rng.randint(0, 2)):
            self.block(1, end, None)
        if self.chance(0.3):
            self.emit(f"SI {self.cond()} ALORS ALLER EN R{number}")
            self.line_of_simples()
        self.emit(f"ALLER EN R{number}", end)
        self.loops_barred = self.quiet = False

    # ---------------------------------------------------------- procedures
    def reader(self, index: int) -> None:
        """A function that stores nothing but its own locals by value and only reads its parameters by reference:
        calls that give them numbers surely set give them as values (passing.read_only_references)."""
        name = f"R{index}"
        unit = Unit(name, "n", [("D", "n", True), ("PA", "n", False), ("PB", "n", False)], [("C", "n")])
        self.unit = unit
        self.emit(f"PROCEDURE &{name}(D,PA,PB) LOCAL D,C")
        self.emit(f"SI D<=0 ALORS RESULTAT {self.num(2, calls=False)}")
        self.emit(f"C←{self.num(2, calls=False)}")
        self.units.append(unit)  # (a call from here is the one below: no other unit is called)
        self.emit(f"RESULTAT &{name}(D-1,{self.pick(('PB', 'C', 'PA+1'))},{self.pick(('PA', 'PB', 'C*2'))})")
        self.unit = None

    def procedure(self, index: int) -> None:
        if self.chance(0.25):
            self.reader(index)
            return
        kind = self.pick("nnsp")
        name = f"{'F' if kind != 'p' else 'P'}{index}"
        params: list = [("D", "n", True)]
        for position in range(self.rng.randint(0, 3)):
            pkind = self.pick("nnsa")
            params.append((f"P{pkind.upper()}{position}", pkind, self.chance(0.5)))
        if self.chance(0.15):  # a parameter by reference it declares CHAINE: what it is given becomes a string
            params.append(("PW", "w", False))
        locals_ = [("I", "loop"), ("J", "loop"), ("K", "loop")]  # its FAIRE variables: never assigned
        if self.chance(0.5):
            locals_.append(("LA", "n"))
        if self.chance(0.4):
            locals_.append(("LS", "s"))
        if self.chance(0.3):
            locals_.append(("LT", "a"))
        if self.chance(0.3):  # its own of a program's name: read and set as that name, unset until it is
            locals_.append((self.pick(NUMS), "shadow"))
        if self.basic and self.chance(0.3):  # its own number of the program's array's name (Arsac's short names)
            locals_.append(("T", "n"))
        if self.chance(0.15) and (free := [name for name in NUMS if (name, "shadow") not in locals_]):
            locals_.append((self.pick(free), "s"))  # its own CHAINE of a program's number (Layout.is_global_number)
        if self.chance(0.2) and (free := [name for name in NUMS if name not in {v for v, _ in locals_}]):
            # a number by reference named as the program's variable that calls mostly give it (passing.aliased)
            params.append((self.pick(free), "n", False))
        taken = {p for p, _, _ in params}
        if self.chance(0.25) and (free := [f"PN{k}" for k in range(3) if f"PN{k}" not in taken]):
            # a CHAINE of its own named as other procedures' number parameters (Layout.is_own_number)
            locals_.append((self.pick(free), "s"))
        unit = Unit(name, kind, params, locals_)
        unit.read_only = {p for p, pkind, by_value in params if pkind == "s" and not by_value and self.chance(0.5)}
        local_names = [p for p, _, by_value in params if by_value] + [v for v, _ in locals_]
        self.unit = unit
        ending = self.label()
        head = f"PROCEDURE &{name}({', '.join(p for p, _, _ in params)}) LOCAL {', '.join(local_names)}"
        self.emit(head)
        leave = f"RESULTAT {self.num() if kind == 'n' else self.string()}" if kind != "p" else "RETOUR"
        quit_now = {"n": "RESULTAT 0", "s": "RESULTAT ''", "p": "RETOUR"}[kind]
        first = ["Z←Z+1", f"SI Z>60 OU D<0 ALORS {quit_now}"]
        declared = [f"CHAINE {p}" for p, pkind, by_value in params if pkind == "s" and by_value and self.chance(0.5)]
        if ("PW", "w", False) in params:
            declared.append(f"CHAINE PW;PW←'{self.pick(WORDS)}'")
        for own, _ in [local for local in locals_ if local[1] == "s"]:
            declared.append(f"CHAINE {own}")
            if self.chance(0.8):
                declared.append(f"{own}←{self.string(2)}")
        if ("LT", "a") in locals_:  # first now and then: then given by reference, it stays a Python local (ownership)
            declared.append(f"TABLEAU LT[{self.pick(('3', '5'))}]")
            if self.chance(0.5):
                self.emit(declared.pop())
        if ("LA", "n") in locals_ and self.chance(0.7):
            declared.append(f"LA←{self.num(2)}")
        self.emit(";".join(first))
        if declared:
            self.emit(";".join(declared))
        self.units.append(unit)  # callable from its own body (recursion on D-1)
        start = len(self.lines)
        self.body(self.rng.randint(1, max(1, self.size // 3)), ending)
        self.bodies[index] = range(start, len(self.lines))
        if kind == "p" and self.chance(0.15):
            # to the program's last line, to a line of its body (in a loop), or to a line of a procedure that may
            # call this one, which goes on from there in its own frame (and may leave by a RETOUR EN of its own)
            target = self.pick(("@END@", "@BACK@", f"@BACKP{index}@", f"@BACKP{index}@"))
            self.emit(f"SI {self.cond()} ALORS RETOUR EN {target}")
        self.emit(leave, ending)
        self.unit = None

    # ---------------------------------------------------------------- all
    def program(self) -> tuple[str, list[str]]:
        # Loop variables set before their loops, or only ever by FAIRE (then loops can be Python for loops).
        self.emit("CHAINE S,U,V;TABLEAU T[5],M[3,4];Z←0" + (";I←0;J←0;K←0" if self.chance(0.5) else ""))
        inits = [f"{v}←{self.constant()}" for v in NUMS] + [f"S←'{self.pick(WORDS)}'", f"U←'{self.pick(WORDS)}'"]
        self.emit(";".join(inits))
        for procedure in range(self.rng.randint(0, 3)):
            self.procedure(procedure)
        procedures = self.lines
        self.lines = []
        guard_line = len(self.lines)
        self.emit("")  # the guards' initial values, once all are known
        ending = self.label()
        if self.basic:
            self.subroutines = {number: self.label() for number in range(1, self.rng.randint(1, 3) + 1)}
            self.callable = list(self.subroutines)
        self.body(self.rng.randint(1, self.size), ending)
        self.emit("AFFICHER A,B,C,N,X,S,U,Z", ending)
        self.emit("TERMINER", "@END@")
        body_end = len(self.lines)  # (a RETOUR EN @BACK@ goes to a line before the subroutines)
        for number in self.subroutines:
            self.subroutine(number)
        self.lines[guard_line] = ("", ";".join(f"G{g}←0" for g in range(1, self.guards + 1)) or "X←X")
        self.resolve_masks()
        main = self.lines
        # the declarations first, then the main body, then the procedures
        self.lines = procedures[:2] + main + procedures[2:]
        for index in sorted(self.bodies):  # a line of a later procedure's body, after its count of calls in Z
            later = [len(main) + at for number, body in self.bodies.items() if number > index for at in body]
            mark = f"@BACKP{index}@"
            target = str(10 * (self.pick(later) + 1)) if later else "@BACK@"
            self.lines = [(label, text.replace(mark, target)) for label, text in self.lines]
        if any("@BACK@" in text for _, text in self.lines):  # a line of the body after the guards' (Z bounds the calls)
            back = 2 + self.rng.randrange(guard_line + 1, body_end)
            self.lines = [(label, text.replace("@BACK@", str(10 * (back + 1)))) for label, text in self.lines]
        return self.render(), self.inputs + [self.pick(("5", "MOT", "1 2 3"))]

    def render(self) -> str:
        numbers = {}
        for position, (label, _) in enumerate(self.lines):
            if label:
                numbers[label] = str(10 * (position + 1))
        out = []
        for position, (_, text) in enumerate(self.lines):
            for label, number in numbers.items():
                text = text.replace(label, number)
            out.append(f"{10 * (position + 1)} {text}")
        return "\n".join(out) + "\n"


def random_program(rng: random.Random, size: int, shapes: bool = False, tall: bool = False,
                   basic: bool = False) -> tuple[str, list[str]]:
    """A random program of about `size` blocks in its main body, and the lines its LIRE may read; with `shapes`,
    its bodies are graphs of jumps and loops of every shape (see Generator.graph); with `tall`, some of its values
    are chains of 41 to 80 terms (see Generator.chain); with `basic`, its main program calls subroutines and
    chooses lines by computed jumps the BASIC ways (see Generator.subroutine, Generator.switch)."""
    return Generator(rng, size, shapes, tall, basic).program()
