"""Random LSE expressions (numbers, strings, conditions) in a program being generated; imports no machine code."""

from __future__ import annotations

import random

NUMS = ("A", "B", "C", "N", "X")
# Numbers at the edges of the models: fractions that adding a whole number rounds up (in double, in single), the
# last wholes of float32 and of doubles and just past them, a half below 2^52.
EDGES = ("0.99999999999999989", "0.99999994", "16777215", "16777217", "9007199254740993", "4503599627370495.5",
         "2.9999999999999996")
STRS = ("S", "U")
WORDS = ("ABC", "LSE", "JOUR", "X Y", "", "MICRO", "A,B")
FORMATS = ("[U]", "[F6.2]", "[2X,U,'=',U]", "[E10.3,/]", "['<',*X,U]", "[3U]", "[F4.0,X,U]")


class Unit:
    """A procedure being generated: its name, signature and own names."""

    def __init__(self, name: str, kind: str, params: list, locals_: list) -> None:
        self.name = name
        self.kind = kind  # 'n' or 's' for a function, 'p' for a subroutine
        self.params = params  # (name, kind 'n'/'s'/'a', or 'w': by reference, declared CHAINE; by value?)
        self.locals = locals_  # (name, kind)
        self.read_only: set[str] = set()  # CHAINE parameters by reference it never stores into (ownership.py)


class ExpressionWriter:
    """A program being generated (its lines, units, loops) and the random expressions it writes."""

    def __init__(self, rng: random.Random, size: int, shapes: bool = False, tall: bool = False,
                 basic: bool = False) -> None:
        self.rng = rng
        self.size = size
        self.shapes = shapes  # bodies as graphs of jumps (see graph), not as nested statements
        self.tall = tall  # some numbers and strings chains of 41 to 80 terms (see chain)
        self.lines: list[tuple[str, str]] = []  # (label id, text)
        self.labels = 0
        self.guards = 0
        self.units: list[Unit] = []
        self.unit: Unit | None = None
        self.loop_vars: list[str] = []
        self.inputs: list[str] = []
        self.quiet = False  # True while writing a TANT QUE condition: no calls
        self.offset: str | None = None  # a variable given a number at an edge before the loop being written
        self.bodies: dict[int, range] = {}  # a procedure's number -> the lines of its body (among the procedures')
        # With `basic`: each subroutine's first line's label (by number, from 1), and those callable from here.
        self.subroutines: dict[int, str] = {}
        self.callable: list[int] = []
        self.basic = basic
        self.loops_barred = False  # True while writing a subroutine: no FAIRE of I, J or K
        self.masks: dict[str, tuple[str, int]] = {}  # a switch's mark of its mask -> its first line, the mask wanted

    # ------------------------------------------------------------ helpers
    def label(self) -> str:
        self.labels += 1
        return f"@{self.labels}@"

    def emit(self, text: str, label: str = "") -> None:
        self.lines.append((label, text))

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, items):
        return self.rng.choice(list(items))

    # ---------------------------------------------------------- variables
    def num_vars(self) -> list[str]:
        names = list(NUMS)
        if self.unit is not None:
            names = [name for name in names if (name, "s") not in self.unit.locals]  # not its own CHAINE of the name
            names += [p for p, k, _ in self.unit.params if k == "n"] + [v for v, k in self.unit.locals if k == "n"]
        return names

    def readable_nums(self) -> list[str]:
        return self.num_vars() + self.loop_vars + ["Q"] * (1 if self.chance(0.02) else 0)

    def str_vars(self, stored: bool = False) -> list[str]:
        """The string variables here; `stored`: those a statement may store into (not a read-only parameter)."""
        names = list(STRS)
        if self.unit is not None:
            names += [p for p, k, _ in self.unit.params if k == "s" and not (stored and p in self.unit.read_only)]
            names += [v for v, k in self.unit.locals if k == "s"]
        return names + (["V"] if self.chance(0.05) else [])

    def own_strings(self) -> list[str]:
        return [v for v, k in self.unit.locals if k == "s"] if self.unit is not None else []

    def arrays(self) -> list[str]:
        names = ["T"]
        if self.unit is not None:
            names += [p for p, k, _ in self.unit.params if k == "a"] + [v for v, k in self.unit.locals if k == "a"]
            if ("T", "n") in self.unit.locals and len(names) > 1:  # (its own T is a number)
                names.remove("T")
        return names

    def functions(self, kind: str) -> list[Unit]:
        """Functions callable from here: those made before this unit (and this one, for recursion)."""
        found = [u for u in self.units if u.kind == kind and u is not self.unit]
        if self.unit is not None and self.unit.kind == kind and self.chance(0.3):
            found.append(self.unit)
        return found

    # -------------------------------------------------------- expressions
    def constant(self) -> str:
        roll = self.rng.random()
        if roll < 0.5:
            return str(self.rng.randint(0, 9))
        if roll < 0.8:
            return self.pick(("0.5", "2.5", "1.25", "10", "100", "3.75", "0.1"))
        if roll < 0.93:
            return self.pick(("1E6", "12345678", "1.5E-3", "7E30", "1E300"))
        return self.pick(EDGES)

    def index(self, depth: int) -> str:
        roll = self.rng.random()
        if roll < 0.35:
            return str(self.rng.randint(1, 5))
        if roll < 0.5:
            return self.pick(("1.5", "2.9", "5.99", "2.5", "1.5", "3.2", "0" if self.chance(0.2) else "6"))
        if roll < 0.75 and self.loop_vars:
            return self.pick(self.loop_vars)
        if roll < 0.85:
            return self.pick(self.num_vars())  # any number variable: whole, fractional, huge or unset
        return f"1+ETL({self.num(depth + 1)},3)"

    def element(self, depth: int) -> str:
        if self.chance(0.3):
            row = self.pick(('1', '2', '3', '2.5', '1.5', '4' if self.chance(0.1) else '3'))
            return f"M[{row},{self.index(depth)}]"
        return f"{self.pick(self.arrays())}[{self.index(depth)}]"

    def call(self, kind: str, depth: int) -> str | None:
        candidates = self.functions(kind)
        if not candidates or depth > 3:
            return None
        unit = self.pick(candidates)
        return f"&{unit.name}({', '.join(self.arguments(unit, depth))})"

    def arguments(self, unit: Unit, depth: int) -> list[str]:
        args = []
        for index, (param, kind, by_value) in enumerate(unit.params):
            if index == 0:  # the depth of recursion
                args.append("D-1" if unit is self.unit else str(self.rng.randint(0, 3)))
            elif param in NUMS and not by_value and self.chance(0.85):  # its own name: the program's, mostly
                args.append(param)
            elif kind == "a":
                args.append(self.pick(self.arrays()))
            elif kind == "w":  # the program's W (never given a number), or a parameter of this kind handed on
                args.append(self.pick(["W"] + [p for p, k, _ in (self.unit.params if self.unit else ()) if k == "w"]))
            elif kind == "s" and not by_value and self.own_strings() and self.chance(0.5):
                args.append(self.pick(self.own_strings()))  # its own CHAINE by reference: lent (ownership.py)
            elif kind == "s":
                args.append(self.string(depth + 1) if by_value or self.chance(0.1) else self.pick(self.str_vars()))
            elif by_value:  # now and then W, which a call may have made a string (layout.handed_names)
                args.append("W" if self.chance(0.2) else self.num(depth + 1))
            elif self.loop_vars and self.chance(0.3):  # a FAIRE variable in its loop: surely set (passing.py)
                args.append(self.pick(self.loop_vars))
            else:
                roll = self.rng.random()
                args.append(self.pick(self.num_vars()) if roll < 0.5 else
                            self.element(depth + 1) if roll < 0.8 else self.num(depth + 1))
        return args

    def num(self, depth: int = 0, calls: bool = True) -> str:
        if self.tall and depth <= 2 and self.chance(0.03):
            return self.chain(depth, calls)
        roll = self.rng.random()
        if depth > 3 or roll < 0.25:
            return self.constant() if self.chance(0.4) else self.pick(self.readable_nums())
        if roll < 0.35:
            return self.element(depth)
        if roll < 0.362:  # LSE's remainder, by a variable or a constant (operands.quotient_product)
            x = self.pick(self.readable_nums())
            y = self.pick(self.readable_nums()) if self.chance(0.6) else self.pick(("7", "0.5", "3"))
            return f"({x}-ENT({x}/{y})*{y})" if self.chance(0.7) else f"(ENT({x}/{y})*{y})"
        if roll < 0.6:
            op = self.pick("++--**/^")
            right = self.pick(("2", "0.5", "3")) if op == "^" else self.num(depth + 1, calls)
            if op == "/" and self.chance(0.1):
                right = "(A-A)"
            return f"({self.num(depth + 1, calls)}{op}{right})"
        if roll < 0.65:
            return f"-{self.num(depth + 1, calls)}"
        if roll < 0.8:
            return self.builtin_num(depth, calls)
        if roll < 0.88 and calls and not self.quiet:
            made = self.call("n", depth)
            if made:
                return made
        if roll < 0.94:
            test = self.cond(depth + 1, calls)
            then = self.num(depth + 1, calls)
            return f"(SI {test} ALORS {then} SINON {self.num(depth + 1, calls)})"
        if self.chance(0.04):
            return f"({self.pick(self.str_vars())}+1)"  # a type mismatch
        return self.pick(self.readable_nums())

    def chain(self, depth: int, calls: bool) -> str:
        """A chain of 41 to 80 terms, taller than the generator computes in one expression (pyexpr.TALL: in steps):
        numbers joined by + and -, now and then a product by a small constant or any number of this generator.

        Decision: no random program had been so tall, and two tall values in one AFFICHER printed one twice."""
        terms = [self.num(3, calls) if self.chance(0.1) else
                 self.pick(self.readable_nums()) if self.chance(0.6) else self.constant()
                 for _ in range(self.rng.randint(41, 80))]
        text = terms[0]
        for term in terms[1:]:
            text += self.pick(("+", "-", "+", "*0.5+", "*2-")) + term
        return f"({text})"

    def builtin_num(self, depth: int, calls: bool) -> str:
        x = self.num(depth + 1, calls)
        roll = self.rng.randrange(18)
        return (f"ABS({x})", f"ENT({x})", f"RAC(ABS({x}))", f"SIN({x})", f"COS({x})", f"ATG({x})",
                f"EXP(ETL({x},7))", f"LGN(ABS({x})+1)", f"ETL({x},{self.num(depth + 1, calls)})",
                f"OUL({x},{self.num(depth + 1, calls)})", f"OUX({x},{self.num(depth + 1, calls)})",
                "ALE(0)", f"LGR({self.string(depth + 1, calls)})",
                f"POS({self.string(depth + 1, calls)},{self.position(depth, calls)},{self.string(depth + 1, calls)})",
                f"EQN({self.string(depth + 1, calls)},{self.position(depth, calls)})",
                f"SKP({self.string(depth + 1, calls)},{self.position(depth, calls)})",
                f"PTR({self.string(depth + 1, calls)},{self.position(depth, calls)},{self.pick(WORDS[:3])!r})",
                f"CNB(CCA({x})!{self.string(depth + 1, calls)},{self.position(depth, calls)})",
                )[roll]

    def position(self, depth: int, calls: bool) -> str:
        """A start for POS or a position for EQN: written out, or computed (their inline forms test it: pystrings)."""
        return self.pick(("1", "2", "1.5")) if self.chance(0.6) else self.num(depth + 1, calls)

    def string(self, depth: int = 0, calls: bool = True) -> str:
        if self.tall and depth <= 2 and self.chance(0.02):  # (a chain of joins: see chain; its terms are leaves)
            return "(" + "!".join(self.string(4, calls) for _ in range(self.rng.randint(41, 80))) + ")"
        roll = self.rng.random()
        if depth > 3 or roll < 0.3:
            return repr(self.pick(WORDS)).replace('"', "'") if self.chance(0.5) else self.pick(self.str_vars())
        if roll < 0.5:
            return f"{self.string(depth + 1, calls)}!{self.string(depth + 1, calls)}"
        if roll < 0.62:
            start = self.pick(("1", "2", "3", "1", "2", "1.5" if self.chance(0.1) else "4"))
            if self.loop_vars and self.chance(0.25):  # a loop variable, plus or minus one: an int (int_start)
                var = self.pick(self.loop_vars)
                start = self.pick((var, f"{var}+1", f"{var}-1", start))
                count = self.pick((var, f"{var}-1", f"{var}+1", "1"))
                return f"SCH({self.string(depth + 1, calls)},{start},{count})"
            if self.chance(0.3):
                stops = self.pick(("2", "' '", "'B'"))
                return f"SCH({self.string(depth + 1, calls)},{start},{stops},{self.pick(self.num_vars())})"
            return f"SCH({self.string(depth + 1, calls)},{start},{self.pick(('1', '2', '5'))})"
        if roll < 0.68:
            return f"CCA({self.num(depth + 1, calls)})"
        if roll < 0.72:
            return f"GRL({self.string(depth + 1, calls)},{self.position(depth, calls)})"
        if roll < 0.8:
            if self.chance(0.3):  # a code computed (EQC inline tests it: pystrings.character)
                return f"EQC(ABS({self.num(depth + 1, calls)})+64)"
            return f"EQC({self.pick(('65', '66', '48', '97', '-1' if self.chance(0.2) else '90'))})"
        if roll < 0.88 and calls and not self.quiet:
            made = self.call("s", depth)
            if made:
                return made
        if roll < 0.95:
            test = self.cond(depth + 1, calls)
            then = self.string(depth + 1, calls)
            return f"(SI {test} ALORS {then} SINON {self.string(depth + 1, calls)})"
        return self.pick(self.str_vars())

    def cond(self, depth: int = 0, calls: bool = True) -> str:
        roll = self.rng.random()
        op = self.pick(("=", "#", "<", "<=", ">", ">="))
        if depth > 2 or roll < 0.55:
            return f"{self.num(depth + 1, calls)}{op}{self.num(depth + 1, calls)}"
        if roll < 0.7:
            return f"{self.string(depth + 1, calls)}{op}{self.string(depth + 1, calls)}"
        if roll < 0.9:
            return f"{self.cond(depth + 1, calls)} {self.pick(('ET', 'OU'))} {self.cond(depth + 1, calls)}"
        return f"NON {self.cond(depth + 1, calls)}"

    # --------------------------------------------------------- statements

