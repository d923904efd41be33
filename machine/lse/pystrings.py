"""SCH, POS, EQN, EQC and A ! B written inline, each paid with its test; what a test refuses is the paid general
function's, given the values; SKP, PTR and GRL a scan called, paid inline (plain runs and --profile). And a string's
store into a CHAINE, counted against the memory.

A part of the expression writer: each function is given the pyexpr.ExpressionCode writing the
expression (its temporaries' depth, the unit's facts). Imports nodes and pyarray.simple; never the
runtime.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from machine.lse import nodes as n
from machine.lse.pyarray import simple

STOPS = 4  # the most stops of SCH written inline: a search each (as builtins._stop)
# Decision: three different stops or more are found by one search of their class (~250 ns for three str.find,
# each within what the one before left; ~140 ns for the class's search); two are two finds (about the same).
CLASSED = 3
# Where a position is given back: the variable's Python name, the general form given the built-in's call, the int
# beside the variable where it is a counter (pybuiltins.told_by).
Told = tuple[str, Callable[[str], str], str | None]

if TYPE_CHECKING:
    from machine.lse.pyexpr import ExpressionCode


def substring(ex: ExpressionCode, parts: list[tuple[str, str]], count: int | None, node_start: object,
              start_int: str | None = None, told: Told | None = None,
              count_int: str | None = None) -> str:
    """SCH(s, d, n) inline, paid, when d is a whole number from 1 and n (a whole constant, or None: a number
    computed) a whole number from 0; `told`, for SCH(s, d, n, P): the Python name of P, set to the position
    after the characters copied (d never past LGR(s) + 1, where the built-in starts), and the general form
    given the built-in's call (pynames.UnitNames.position).

    Decision: inline, as the loops that read a string a character at a time are the hot ones (a
    call costs ~90 ns more); the operands are computed first, in order (`&` does not cut short), a
    name read again only where nothing runs between. The characters copied cost one char_scan
    each, added here (a constant n: where s holds them all); anything else (a fractional or small
    start, an operand of the wrong kind, a string of stops) is the paid general function's
    (strops.make_paid_substring), given the values. `start_int`, `count_int`: the start's and the count's
    int (pyoperators.int_start), NaN where the loop's float is no whole number (the general way then gets the
    floats, written again: a loop's variable plus a constant, pure).
    """
    (text, text_kind), (start, start_kind), (length, length_kind) = parts
    depth = ex.depth + 1
    d, i, c, k, r = (f"{name}{depth}" for name in ("_d", "_i", "_n", "_k", "_r"))
    first = node_start.value if type(node_start) is n.Num else 0
    constant = count is not None and float(first).is_integer() and 1 <= first < 2 ** 24
    counted = count is not None or count_int is not None or (length_kind == "n" and simple(length))  # no test
    s, text_first = ex.once(text, f"_s{depth}") if constant or (
        (simple(start) or start_int is not None) and counted) else (f"_s{depth}", f"_s{depth} := {text}")
    if constant:  # a whole start and count written out (exact in any model)
        at = int(first) - 1
        cut = f"[{at}]" if count == 1 else f"[{at}:{at + count}]"
        test = f"_len({text_first}) >= {at + count}" if text_kind == "s" else (
            f"_type({text_first}) is _str and _len({s}) >= {at + count}")
        paid = f"{scan_charge(ex, count)} is not None"
        told_at = "".join(f" and {check}" for check in told_setting(told, str(at + count + 1)))
        return f"({s}{cut} if {test} and {paid}{told_at} else {general_sch(told, s, start, length)})"
    tests = [kind_test(text_first, text_kind, "s")]
    whole_start = []
    if float(first).is_integer() and 1 <= first < 2 ** 24:  # written out: nothing to compute or test
        d, i = start, str(int(first))
    elif (taken := int_taken_first(start_int, told, depth)) is not None:
        d, i, whole_start = start, f"_i{depth}", [taken]
    elif start_int is not None:  # an int, NaN where the float is no whole number (its tests fail)
        d, i = start, start_int
        if count is None or not ex.at_least_one(node_start):
            i, whole_start = int_tested(start_int, depth)
    elif start_kind == "n" and start.isidentifier() and counted:  # read after the text (or by _sch)
        d = start
    else:
        tests.append(kind_test(f"{d} := {start}", start_kind, "n"))
    if not i.isdigit() and start_int is None:
        whole_start = [f"1.0 <= {d} < 1e15", f"({i} := _floor({d})) == {d}"]
    within = [] if told is None else [f"{i} <= _len({s}) + 1"]  # past it, the built-in starts at its end
    if count == 1:  # one character, where s holds it
        char = f"{s}[{i} - 1]"
        if told is None and (start_int is None or whole_start):  # a whole start: past the end, '' and no charge
            # (`J<=LGR(C) ET SCH(C,J,1)<H` reads one past the end at every loop's end: ET reads both sides)
            return (f"(({char} if {i} <= _len({s}) and {scan_charge(ex, 1)} is not None else '') if "
                    f"{' and '.join([' & '.join(tests), *whole_start])} else {general_sch(told, s, d, length)})")
        if len(tests) == 1 and not whole_start and text_kind == "s" and text_first.isidentifier() and (
                i.isdigit() or start_int is not None):
            tests = []  # (the text's name is read by _len in its turn: the start is a constant or a loop's int)
        checks = [" & ".join(tests), *whole_start, f"{i} <= _len({s})",
                  f"{scan_charge(ex, 1)} is not None", *told_setting(told, f"{i} + 1")]
        checks = [check for check in checks if check]
        return f"({char} if {' and '.join(checks)} else {general_sch(told, s, d, length)})"
    if count is not None:  # a constant count: the characters there are (SCH(C,J,99): the rest of C)
        checks = [" & ".join(tests), *whole_start, *within,
                  f"{scan_charge(ex, f'_len({r} := {s}[{i} - 1:{i} + {count - 1}])')} is not None",
                  *told_setting(told, f"{i} + _len({r})")]
        return f"({r} if {' and '.join(checks)} else {general_sch(told, s, d, length)})"
    if counted:
        c = length
    else:
        tests.append(kind_test(f"{c} := {length}", length_kind, "n"))
    whole_count = [f"({k} := {count_int}) >= 0"] if count_int is not None else [
        f"0.0 <= {c} < 1e15", f"({k} := _floor({c})) == {c}"]
    checks = [" & ".join(tests), *whole_start, *within, *whole_count,
              f"{scan_charge(ex, f'_len({r} := {s}[{i} - 1:{i} - 1 + {k}])')} is not None",
              *told_setting(told, f"{i} + _len({r})")]
    return f"({r} if {' and '.join(checks)} else {general_sch(told, s, d, c)})"


def told_setting(told: Told | None, after: str) -> list[str]:
    """The check that gives SCH's position back (`after`, an int, once the substring is paid) into `told`'s variable,
    and into its int where it has one."""
    if told is None:
        return []
    name, _, int_name = told
    return [f"({name} := _float({after if int_name is None else f'{int_name} := {after}'})) is not None"]


def int_taken_first(start_int: str | None, told: Told | None, depth: int) -> str | None:
    """Where a start that is a counter's int gives its position back into a counter with an int: the test that takes
    the start's int into `_i{depth}` first (the tests set the counter's int before the value that reads the start is
    computed: `SCH(T,P+1,' ',P)`); else None."""
    if start_int is None or told is None or told[2] is None:
        return None
    return f"(_i{depth} := {start_int}) > 0"


def int_tested(start_int: str, depth: int) -> tuple[str, list[str]]:
    """A start's int and its test that it is from 1: a name as it is, anything computed taken into `_i{depth}` by
    the test (read again by the slice)."""
    if start_int.isidentifier():
        return start_int, [f"{start_int} > 0"]
    return f"_i{depth}", [f"(_i{depth} := {start_int}) > 0"]


def general_sch(told: Told | None, s: str, d: str, third: str) -> str:
    """What an inline SCH's tests refuse: the paid substring alone, or the built-in whose position `told` gives
    back (pynames.UnitNames.position), given the values."""
    return f"_sch({s}, {d}, {third})" if told is None else told[1](f"_b_SCH({s}, {d}, {third})")


def position(ex: ExpressionCode, nodes: tuple, parts: list[tuple[str, str]], bare: bool = False) -> str:
    """POS(s, d, t) inline: a find and its char_scan charge where s and t are strings and
    d a whole number from 1; anything else (an error, a huge start) is the built-in's, given the values.

    Decision: inline, as the loops that search a string board with POS call it most (a call of the
    paid built-in costs ~250 ns more). The operands are read in order, as the built-in's are: names
    and constants where they are tested (the general way reads them again: pure), anything else
    computed first into temporaries (`&` does not cut short). The charge is builtins._paid_pos's:
    up to the end of what is found, else to the end of s.
    """
    depth = ex.depth + 1
    # A constant (that the number model holds: else its code fails where it is read) needs no test, no temporary.
    written = [type(node) is n.Str or (type(node) is n.Num and ex.numbers.representable(node.value)) for node in nodes]
    pure = all(constant or simple(code) for constant, (code, _) in zip(written, parts))
    values, tests = [], []
    for (code, kind), constant, temp, wanted in zip(parts, written, ("_ps", "_pd", "_pt"), ("s", "n", "s")):
        value, first = (code, code) if pure or constant else (f"{temp}{depth}", f"{temp}{depth} := {code}")
        values.append(value)
        # A constant needs no test, nor a name of its kind that a later test reads in its turn.
        untested = kind == wanted and (constant or (pure and wanted == "n"))
        tests.append("" if untested else kind_test(first, kind, wanted))
    s, d, t = values
    i, f, rest = f"_pi{depth}", f"_pf{depth}", f"_pn{depth}"
    start = nodes[1].value if written[1] else 0
    if written[1] and float(start).is_integer() and 1 <= start < 2 ** 31:
        i, whole = str(int(start)), []  # a whole start written out
    else:
        whole = [f"1.0 <= {d} < 1e15", f"({i} := _floor({d})) == {d}"]
    # The strings' names of their kind are read by the find in their turn (s, then t, after d): no test reads them.
    for at in (0, 2) if pure and not whole else (2,) if pure else ():
        if parts[at][1] == "s" and values[at].isidentifier():
            tests[at] = ""
    # Decision: a search from the first character passes no start (str.find(t) is str.find(t, 0), ~13 ns less a
    # call: each argument is parsed), and a string written out is searched to its end by its length written out.
    found_from = "" if i == "1" else f", {int(start) - 1}" if i.isdigit() else f", {i} - 1"
    length = str(len(nodes[2].value)) if type(nodes[2]) is n.Str else f"_len({t})"
    size = str(len(nodes[0].value)) if type(nodes[0]) is n.Str else f"_len({s})"
    if i.isdigit():  # the constants folded: up to the end of what is found, else from d to the end of s
        more = int(length) - int(i) if length.isdigit() else None
        to_found = f"{f} - {i} + {length}" if more is None else f"{f} + {more}" if more else f
        to_end = size if i == "1" else str(max(int(size) - int(i) + 1, 0)) if size.isdigit() else (
            f"({rest} if ({rest} := {size} - {int(i) - 1}) > 0 else 0)")
    else:
        to_found, to_end = f"{f} - {i} + {length}", f"({rest} if ({rest} := {size} - {i} + 1) > 0 else 0)"
    scanned = f"({to_found} if {f} else {to_end})"
    if pure:  # s, then d, then t, as the built-in reads them
        checks = [tests[0], *whole, tests[2]] if not tests[1] else [tests[0], tests[1], *whole, tests[2]]
    else:
        computed = [test for test in tests if test]
        checks = [f"({' & '.join(computed)})" if len(computed) > 1 else computed[0],
                  *whole] if computed else whole
    checks = [check for check in checks if check]
    checks += [f"({f} := {s}.find({t}{found_from}) + 1) is not None",
               f"{scan_charge(ex, scanned)} is not None"]
    return f"({f if bare else f'_float({f})'} if {' and '.join(checks)} else _b_POS({s}, {d}, {t}))"


SCANS = {("SKP", "char"): "_skpc", ("SKP", "set"): "_skps", ("PTR", "set"): "_ptrs", ("SKP", None): "_skpo",
         ("PTR", None): "_ptrl", ("GRL", None): "_grlw"}  # strops' scans (linker), by built-in and set: one
# character written out, any set, or none (letters)


def skipped(ex: ExpressionCode, node: n.BuiltinCall, parts: list[tuple[str, str]],
            told: Told | None = None) -> str | None:
    """SKP(s, d[, set]), PTR or GRL: strops' scan of its kind, then its char_scan charge from d to the
    position given (GRL's given into the variable `told` names, if any); where the scan refuses the values
    (None), the paid built-in, given them. None: a start not known to be a number (the built-in's alone).

    Decision: the operands are read in order into the scan's call, names as they are (the general way reads
    them again: pure), anything else into temporaries first. A position given is at least d, or the end (then
    below d where d is past it: nothing scanned).
    """
    if parts[1][1] != "n":
        return None
    depth = ex.depth + 1
    values, firsts = [], []  # each operand as read again, and as first read
    for (code, _), arg, temp in zip(parts, node.args, ("_qs", "_qd", "_qc")):
        written = type(arg) is n.Str or simple(code)
        values.append(code if written else f"{temp}{depth}")
        firsts.append(code if written else f"({temp}{depth} := {code})")
    chars = node.args[2] if len(node.args) > 2 else None
    kind = None if chars is None else "char" if type(chars) is n.Str and len(chars.value) == 1 else "set"
    if (node.name, kind) not in SCANS:  # PTR of one character: the set's scan
        kind = "set"
    d, found, word = values[1], f"_qr{depth}", f"_qw{depth}"
    scan = f"{SCANS[node.name, kind]}({', '.join(firsts)})"
    general = f"_b_{node.name}({', '.join(values)})"
    if node.name != "GRL":
        charge = f"({found} <= {d} or {scan_charge(ex, f'({found} - {d})')} is not None)"
        return f"({found} if ({found} := {scan}) is not None and {charge} else {general})"
    charge = f"(({found} := {word}[1]) <= {d} or {scan_charge(ex, f'({found} - {d})')} is not None)"
    given = "" if told is None else f" and ({told[0]} := {found}) is not None" + (
        "" if told[2] is None else f" and ({told[2]} := _floor({found})) is not None")
    return (f"({word}[0] if ({word} := {scan}) is not None and {charge}{given} else "
            f"{general + '[0]' if told is None else told[1](general)})")


def scan_charge(ex: ExpressionCode, count: int | str) -> str:
    """The add to the cycles of `count` characters scanned (a number, or code that gives one once), never None; under
    --profile added to the characters counted too (the cell `cs`: char_scan, Runtime.fold_points)."""
    per_char = ex.scope.shared.costs["char_scan"]
    if type(count) is int:
        charge = f"(cyc := cyc + {per_char * count}.0)"
        return f"({charge} + (cs := cs + {count}))" if ex.scope.shared.profile else charge
    if not ex.scope.shared.profile:
        return f"(cyc := cyc + {per_char} * {count})"
    return f"((cyc := cyc + {per_char} * (_nq := {count})) + (cs := cs + _nq))"


def joined(ex: ExpressionCode, node: n.Binary, left: str, lk: str, right: str, rk: str) -> str:
    """A ! B: joined, tested and paid for inline; what the test refuses is `_cat`'s.

    Decision: inline, as a call of `_cat` (ops.make_concat) costs ~30 ns more, which the string
    loops of bench/ (paths, mines) show; inline, `_cat` is only given what fails (a number,
    a result too long), and fails as the join does. Only an operand of unknown kind is tested, and a
    string written out or a plain name (read again: pure) needs no temporary.
    """
    if ex.cold:
        return f"_cat({left}, {right})"
    depth = ex.depth + 1
    j, a, b, size = f"_j{depth}", f"_ja{depth}", f"_jb{depth}", f"_jn{depth}"
    paid = f"{scan_charge(ex, size)} is not None"  # its length, taken once
    if lk == rk == "s":
        test, (a, b) = "", (left, right)
        general = f"_cat({j}, '')"
    elif type(node.left) is n.Str or type(node.right) is n.Str:  # the other operand alone is tested
        other, first = ex.once(right if type(node.left) is n.Str else left, a)
        test = f"{kind_test(first, rk if type(node.left) is n.Str else lk, 's')} and "
        a, b = (left, other) if type(node.left) is n.Str else (other, right)
        general = f"_cat({a}, {b})"
    else:  # both operands computed, in order, before the test
        test = f"_type({a} := {left}) is _type({b} := {right}) is _str and "
        general = f"_cat({a}, {b})"
    return f"({j} if {test}({size} := _len({j} := {a} + {b})) <= _MAXS and {paid} else {general})"


def literal_tail(node: n.Binary, done: dict | None = None,
                 pure: Callable[[object], bool] = lambda part: False) -> tuple[object, object, list] | None:
    """(A, B, parts) where a join is A ! B ! ... with every part after its first two a string written out or one
    `pure` says is read with no effect and no failure (a string variable surely set), else None; None too where
    a join inside it is already computed, a step of a tall value (`done`: paid once, not again)."""
    parts = []
    while type(node) is n.Binary and node.op == "!" and type(node.left) is n.Binary and node.left.op == "!" and (
            type(node.right) is n.Str or pure(node.right)):
        if done is not None and id(node.left) in done:
            return None
        parts.append(node.right)
        node = node.left
    if not parts or type(node) is not n.Binary or node.op != "!":
        return None
    return node.left, node.right, parts[::-1]


def joined_tail(ex: ExpressionCode, first: str, second: tuple[str, int | None], tail: list[tuple[str, int | None]]
                ) -> str:
    """A ! B ! C ! ..., A and B strings and each part after them a text written out (its code and its length)
    or a string variable read with no effect (its code, None), B as either or any string: A copied once, onto B
    and the rest joined first
    (A + (B + C ...)), each join paid and tested for its length as if made in turn; what the test refuses is
    `_cat`'s, in turn.

    Decision: a text built a word at a time (`T←T!M!' '`, `L←L!' '!M`) copied T twice, once a join; A is long
    where it matters, B and the rest short. Nothing after B can fail or change anything, so no error nor
    charge comes in another order.
    """
    depth = ex.depth + 1
    j, a, b, size = f"_j{depth}", f"_ja{depth}", f"_jb{depth}", f"_jn{depth}"
    after = len(tail)
    # Each join's length is A's and B's, and the parts' up to it: the k-th part from B on is in after-k+1 joins.
    lengths = [(code, length, f"_jl{depth}_{k}") for k, (code, length) in enumerate(tail)]
    known = sum(length for _, length, _ in lengths if length is not None)
    weighted = sum((after - k) * length for k, (_, length, _) in enumerate(lengths) if length is not None)
    measured = "".join(f" + ({name} := _len({code}))" for code, length, name in lengths if length is None)
    counted = "".join(f" + {after - k} * {name}" for k, (_, length, name) in enumerate(lengths) if length is None)
    constant = f" + {weighted}" if weighted else ""
    paid = f"{scan_charge(ex, f'({after + 1} * {size}{counted}{constant})')} is not None"
    b, b_size = (second[0], str(second[1])) if second[1] is not None else (b, f"_len({b} := {second[0]})")
    general = f"_cat({a}, {b})"
    for code, _ in tail:
        general = f"_cat({general}, {code})"
    rest = " + ".join([b, *(code for code, _ in tail)])
    test = f"({size} := _len({a} := {first}) + {b_size}){measured}{f' + {known}' if known else ''} <= _MAXS"
    return f"({j} if {test} and {paid} and ({j} := {a} + ({rest})) is not None else {general})"


def stopped(ex: ExpressionCode, parts: list[tuple[str, str]], stops: str, node_start: object,
            start_int: str | None = None, told: Told | None = None) -> str:
    """SCH(s, d, c) with c one to STOPS characters written out: inline, paid, when d is a whole number from 1
    within s; the characters from d up to the first of c or the end of s, one char_scan each (as
    builtins._paid_sch: one search a stop, each within what the one before left); anything else is the
    paid general function's, given the values. `told`: as substring's, for SCH(s, d, c, P)."""
    (text, text_kind), (start, start_kind), _ = parts
    depth = ex.depth + 1
    e, f = f"_e{depth}", f"_f{depth}"
    s, text_first = ex.once(text, f"_s{depth}") if simple(start) or start_int is not None else (
        f"_s{depth}", f"_s{depth} := {text}")
    tests = [kind_test(text_first, text_kind, "s")]
    d, i, whole = position_start(ex, (start, start_kind), node_start, start_int, tests, told)
    first, *others = stops
    begin = "" if i == "1" else f", {i} - 1"  # (from the first character: no start passed, as POS's)
    if len(set(stops)) >= CLASSED:  # the first of them at or after d: one search of the class of the stops
        found = f"_K[{ex.scope.shared.constant(stop_class(stops))}]({s}{begin})"
        searches = [f"(({e} := {f}.start() if ({f} := {found}) else _len({s})) >= 0)"]
    else:
        searches = [f"(({e} := {s}.find({first!r}{begin})) >= 0 or ({e} := _len({s})) >= 0)"]
        searches += [f"(({f} := {s}.find({stop!r}, {i} - 1, {e})) < 0 or ({e} := {f}) >= 0)" for stop in others]
    checks = [" & ".join(tests), *whole, f"{i} <= _len({s})", *searches,
              f"{scan_charge(ex, f'({e} - {i} + 1)')} is not None",
              *told_setting(told, f"{e} + 1")]
    return f"({s}[{i} - 1:{e}] if {' and '.join(checks)} else {general_sch(told, s, d, repr(stops))})"


def stop_class(stops: str) -> Callable[..., re.Match | None]:
    """The search of the first of `stops` in a string (from a position given): a class of their characters, each
    escaped (a regular expression over the program's text, never over code)."""
    return re.compile(f"[{''.join(re.escape(stop) for stop in stops)}]").search


def number_read(ex: ExpressionCode, parts: list[tuple[str, str]], node_start: object,
                told: Told | None = None) -> str:
    """CNB(s, d) inline, paid, when d is a whole number from 1: the number written at d after blanks (one match
    of builtins.spaced_number, `_cnbm`), 0 where there is none; the characters from d to its end, one
    char_scan each (as builtins._paid_cnb); its text read as the number model reads it (NumberModel.decimal_code).
    A number past the double range, or anything else, is the built-in's, given the values. `told`: as
    substring's, for CNB(s, d, P): the position after the number."""
    (text, text_kind), (start, start_kind) = parts
    depth = ex.depth + 1
    b, m, v, e = (f"{name}{depth}" for name in ("_cb", "_cm", "_cv", "_ce"))
    s, text_first = ex.once(text, f"_s{depth}") if simple(start) else (f"_s{depth}", f"_s{depth} := {text}")
    tests = [kind_test(text_first, text_kind, "s")]
    d, i, whole = position_start(ex, (start, start_kind), node_start, None, tests)
    ex.scope.shared.reads_numbers = True  # the linker puts `_cnbm` in the namespace
    none = f"({m} := _cnbm({s}, {b})) is None and ({v} := 0.0) == 0.0 and ({e} := {b} + 1) > 0"
    found = (f"({v} := {ex.numbers.decimal_code(f'{m}.group(1)')}) - {v} == 0.0 and "
             f"{scan_charge(ex, f'(({e} := {m}.end() + 1) - {i})')} is not None")
    begin = "0" if i == "1" else f"({i} - 1 if {i} <= _len({s}) else _len({s}))"  # (from 1: 0, however long s is)
    checks = [" & ".join(tests), *whole, f"({b} := {begin}) >= 0",
              f"({none} or {found})", *told_setting(told, e)]
    general = f"_b_CNB({s}, {d})"
    return f"({v} if {' and '.join(checks)} else {general + '[0]' if told is None else told[1](general)})"


def converted(ex: ExpressionCode, part: tuple[str, str]) -> str:
    """CCA(x) inline, paid: a whole number below a million is its digits (as formats.cca writes it);
    anything else is the paid built-in's, given the value."""
    code, kind = part
    depth = ex.depth + 1
    x, k, r = f"_x{depth}", f"_k{depth}", f"_r{depth}"
    value, first = ex.once(code, x)
    test = "" if kind == "n" and value == first else f"{kind_test(first, kind, 'n')} and "
    ex.scope.shared.converts_numbers = True  # the linker puts `_ccat` in the namespace
    # Decision: a whole number of at most three digits is looked up (strops.cca_texts: its digits, as below),
    # ~100 ns less than its floor and str() (a binary number's digits, a line of numbers rewritten); NaN, a
    # fraction, anything else is no key, and takes the way below.
    return (f"({r} if {test}(({r} := _ccat({value})) is not None or -1e6 < {value} < 1e6 and "
            f"({k} := _floor({value})) == {value} and ({r} := _str({k})) is not None) and "
            f"{scan_charge(ex, f'_len({r})')} is not None "
            f"else _b_CCA({value}))")


def code_of(ex: ExpressionCode, nodes: tuple, parts: list[tuple[str, str]], start_int: str | None = None,
            bare: bool = False) -> str:
    """EQN(s[, p]) inline: the code of the character at a whole position p (1 if not given) within s, which
    scans nothing and so pays nothing here; anything else (an error, a fraction) is the built-in's, given
    the values, read in the built-in's order (s, then p). `bare`: the code as an int (compared with a number)."""
    depth = ex.depth + 1
    text, text_kind = parts[0]
    start, start_kind = parts[1] if len(parts) > 1 else ("1.0", "n")
    written = len(nodes) == 1 or type(nodes[1]) is n.Num and float(nodes[1].value).is_integer() and (
        1 <= nodes[1].value < 2 ** 31)
    s, text_first = ex.once(text, f"_s{depth}") if simple(start) or start_int is not None else (
        f"_s{depth}", f"_s{depth} := {text}")
    tests = [kind_test(text_first, text_kind, "s")]
    if written:  # a whole position written out: nothing to compute or test
        d, i, whole = start, str(int(float(start))), []
    else:
        d, i, whole = position_start(ex, (start, start_kind), nodes[1], start_int, tests)
    checks = [" & ".join(tests), *whole, f"{i} <= _len({s})"]
    general = f"_b_EQN({s}, {d})" if len(parts) > 1 else f"_b_EQN({s})"
    code = f"_ord({s}[{i} - 1])"
    return f"({code if bare else f'_float({code})'} if {' and '.join(checks)} else {general})"


def character(ex: ExpressionCode, part: tuple[str, str]) -> str:
    """EQC(x) inline: the character of a whole code below the surrogates (it scans nothing, pays nothing
    here); anything else (an error, a fraction, a code beyond) is the built-in's, given the value."""
    code, kind = part
    depth = ex.depth + 1
    x, k, c = f"_x{depth}", f"_k{depth}", f"_c{depth}"
    value, first = ex.once(code, x)
    test = "" if kind == "n" and value == first else f"{kind_test(first, kind, 'n')} and "
    ex.scope.shared.converts_numbers = True  # the linker puts `_eqct` in the namespace
    # Decision: a code below 256 is looked up (strops.code_texts: chr of it), ~40 ns less than its floor and chr.
    return (f"({c} if {test}(({c} := _eqct({value})) is not None or 0.0 <= {value} < 55296.0 and "
            f"({k} := _floor({value})) == {value} and ({c} := _chr({k})) is not None) else _b_EQC({value}))")


def position_start(ex: ExpressionCode, part: tuple[str, str], node: object, start_int: str | None,
                   tests: list[str], told: Told | None = None) -> tuple[str, str, list[str]]:
    """A start position that is not written out, read after the string (SCH to a stop, EQN): its float for
    the built-in, its int, and the tests that it is a whole number from 1. `start_int`: the int of a loop's
    variable (pyoperators.int_start), NaN where the float is no whole number (its tests fail); else the float,
    a name read in its turn, or computed here (its kind test appended to `tests`); where the position is given
    back into a counter (`told`), the start's int taken first (int_taken_first)."""
    start, kind = part
    depth = ex.depth + 1
    if start_int is None and written_start(ex, node):  # nothing to compute or test (~40 ns: CNB(W,1))
        return start, str(int(node.value)), []
    taken = int_taken_first(start_int, told, depth)
    if taken is not None:
        return start, f"_i{depth}", [taken]
    if start_int is not None:
        return (start, start_int, []) if ex.at_least_one(node) else (start, *int_tested(start_int, depth))
    d, i = f"_d{depth}", f"_i{depth}"
    if kind == "n" and simple(start):
        d = start
    else:
        tests.append(kind_test(f"{d} := {start}", kind, "n"))
    return d, i, [f"1.0 <= {d} < 1e15", f"({i} := _floor({d})) == {d}"]


def written_start(ex: ExpressionCode, node: object) -> bool:
    """Whether a start is a whole number from 1 written out (below 2^24, held by either number model)."""
    return type(node) is n.Num and float(node.value).is_integer() and 1 <= node.value < 2 ** 24 and (
        ex.numbers.representable(node.value))


def kind_test(first: str, kind: str, wanted: str) -> str:
    """The test of an operand that `first` computes: its type, where its kind ('s', 'n') is not known to be
    the one wanted; else only computed, here, in its turn (always true)."""
    python_type = "_str" if wanted == "s" else "_float"
    return f"(({first}) is not None)" if kind == wanted else f"(_type({first}) is {python_type})"


def counted_store(kind: str, fits: str, held: str, store: str, otherwise: str, grows: str | None = None) -> str:
    """The value in `_sv` stored into a CHAINE, its cells counted as values.hold_string does, written out:
    `store` where the value is a string (tested unless its `kind` is 's'), `fits` (a test ending in "and ",
    or "") holds and the string fits the memory beside the `held` cells, else `otherwise` (the call that
    stores or fails). `grows`: the cells the value is known to add (operands.appended), `_mo` set to it.

    Decision: a string as long as the one it replaces (a character for a character, a board rebuilt)
    leaves the memory as it was, and the code does not touch it: its count is an attribute read and set.
    A string that only adds characters written out or other variables to the variable's own (S←S!' ', S←S!C)
    adds their number: neither the value's length nor the variable's is taken (about 15 ns a store less).
    """
    string = "" if kind == "s" else "_type(_sv) is _str and "
    if grows is not None and kind == "s":
        return (f"if {fits}(_mo := {grows}) + _MM.used <= _MM.limit:\n"
                f"    _MM.used += _mo\n"
                f"    {store}\n"
                f"else:\n    {otherwise}")
    return (f"if {string}{fits}((_mo := _len(_sv) - {held}) <= 0 or _MM.used + _mo <= _MM.limit):\n"
            f"    if _mo: _MM.used += _mo\n"
            f"    {store}\n"
            f"else:\n    {otherwise}")
