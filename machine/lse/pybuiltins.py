"""Python code for a call of a built-in: inline where it is written out (the string ones by pystrings, the
numeric ones here), else the built-in's own function, its result rounded as the number model says.

A part of the expression writer: each function is given the pyexpr.ExpressionCode writing the expression (its
temporaries' depth, the unit's facts). Imports nodes, builtins (the table), operands and pystrings; never the runtime.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from machine.lse import nodes as n
from machine.lse import pystrings
from machine.lse.builtins import BUILTINS
from machine.lse.operands import NORMAL_RESULTS, RANGED_RESULTS, WHOLE_RESULTS, scales, whole, whole_constant

if TYPE_CHECKING:
    from machine.lse.pyexpr import ExpressionCode

# Built-ins written inline when their arguments are known numbers (same results and errors: a floor of
# an infinity is an OverflowError, DEPASSEMENT DE CAPACITE, as ENT gives). ABS and ENT are exact in any
# model; the others are rounded as any built-in's result, and are inline only outside an index, whose
# unchecked arithmetic may give them an infinity (math's ValueError, where the built-in fails in LSE terms).
# {a} is the argument, {t} a temporary; an argument out of the domain goes to the built-in itself.
INLINE = {"ABS": "_abs({a})", "ENT": "_float(_floor({a}))"}
INLINE_FINITE = {
    "SIN": "_sin({a})", "COS": "_cos({a})", "ATG": "_atan({a})", "EXP": "_exp({a})",
    "RAC": "(_sqrt({t}) if ({t} := {a}) >= 0.0 else _b_RAC({t}))",
    "LGN": "(_log({t}) if ({t} := {a}) > 0.0 else _b_LGN({t}))",
}
# Decision: ENT is _float(_floor()), not `// 1.0`: the floor division measured 7 ns faster on a whole quotient
# but 18 ns slower on a fraction (12345.678) and twice as slow in X-ENT(X/17)*17 (its fmod), tried and taken back.
# ETL, OUL, OUX on two finite numbers: Python's & | ^ on their truncations (int()), as builtins.etl; a result past
# the double range is float()'s OverflowError, DEPASSEMENT DE CAPACITE, as the built-in's. Outside an index only,
# where an argument may be an infinity (int()'s OverflowError, where the built-in says ARGUMENT INVALIDE).
INLINE_BITS = {"ETL": "&", "OUL": "|", "OUX": "^"}


def builtin_call(ex: ExpressionCode, node: n.BuiltinCall) -> tuple[str, str]:
    """A built-in's call, inline where it is written out (see ex_BuiltinCall)."""
    spec = BUILTINS[node.name]
    start = ex.int_start(node.args[1]) if node.name in ("SCH", "EQN") and len(node.args) > 1 else None
    # A position given back into one of the program's number variables (a Python name) is set inline too.
    given = node.position_out.name if node.position_out is not None else None
    told = given is not None and (ex.scope.storage(given) == "local" or (
        ex.scope.storage(given) == "global" and ex.scope.pure(given)))  # a Python name (pynames.position)
    if node.name == "SCH" and (given is None or told):
        count = node.args[2]
        whole_count = type(count) is n.Num and float(count.value).is_integer() and 1 <= count.value < 2 ** 31
        stops = type(count) is n.Str and 1 <= len(count.value) <= pystrings.STOPS  # written out
        # A count that is a loop's int plus or minus a whole constant is that int (see int_start).
        ints = None if whole_count or type(count) is n.Str else ex.int_start(count)
        parts = ex.below(node.args, start, ints)  # temporaries apart from the inline form's
        telling = told_by(ex, given) if told else None
        if not ex.cold and stops:
            return pystrings.stopped(ex, parts, count.value, node.args[1], start, telling), "s"
        if not ex.cold and parts[2][1] != "s":  # not a string of stops
            return pystrings.substring(ex, parts, int(count.value) if whole_count else None, node.args[1],
                                       start, telling, ints), "s"
        args = ", ".join(code for code, _ in parts)
        if told:
            return ex.scope.position(given, f"_b_SCH({args})"), "s"
        if parts[2][1] != "s":  # a string of stops: the built-in's own paid form (below)
            return f"_sch({args})", "s"  # strops.make_paid_substring
        return f"_b_SCH({args})[0]", "s"
    code = whole_constant(node.args[0]) if node.name == "EQC" else None
    if code is not None and 0 <= code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
        return repr(chr(code)), "s"  # EQC of a constant: its character, written out (it scans nothing)
    # Decision: ENT(X/M) of whole numbers as X // M in double was tried (session 21): 25 ns against 39 on one value
    # again and again, but no faster on varying values (the float floor division's fmod), and with its size tested
    # slower: a factorial's digits 1.22 of their time. The remainder keeps it where it saves an overflow test.
    if node.name == "ENT" and ex.numbers.single and not ex.cold and not ex.in_index:
        quotient = whole_quotient(ex, node.args[0])
        if quotient is not None:
            return quotient, "n"  # a whole number: exact in any model
    # Decision: ENT of a quotient in double tests no overflow of the quotient: its operands are numbers (each tested
    # as it is written), so the quotient is one or an infinity, and the floor of an infinity fails with
    # OverflowError, DEPASSEMENT DE CAPACITE as the test's (linker.TRANSLATED), on the same line (a factorisation's
    # Q←ENT(M/D): 0.95 of its run's instructions).
    if node.name == "ENT" and not ex.numbers.single and type(node.args[0]) is n.Binary and node.args[0].op == "/":
        ex.ent_quotient = id(node.args[0])
    parts = ex.below(node.args, start)  # temporaries apart from the inline forms'
    if node.name == "CCA" and not ex.cold:
        return pystrings.converted(ex, parts[0]), "s"
    if node.name == "CNB" and (given is None or told) and not ex.cold:
        return ex.numbers.builtin(pystrings.number_read(ex, parts, node.args[1], told_by(ex, given) if told
                                                          else None)), "n"
    bare = id(node) in ex.bare_ints  # (compared with a number: its int will do, see ex_Compare)
    if node.name == "POS" and not ex.cold:
        return pystrings.position(ex, node.args, parts, bare), "n"  # a whole number below max_string: exact
    if node.name in ("SKP", "PTR") and not ex.cold and (
            scanned := pystrings.skipped(ex, node, parts)) is not None:
        return ex.numbers.builtin(scanned, True), "n"  # a whole number below max_string: exact
    if node.name == "GRL" and (given is None or told) and not ex.cold and (
            word := pystrings.skipped(ex, node, parts, told_by(ex, given) if told else None)) is not None:
        return word, "s"
    if node.name == "EQN" and not ex.cold:
        return pystrings.code_of(ex, node.args, parts, start, bare), "n"  # a code below 2^21: exact in any model
    if node.name == "EQC" and not ex.cold:
        return pystrings.character(ex, parts[0]), "s"
    args = ", ".join(code for code, _ in parts)
    numbers = all(kind == "n" for _, kind in parts)
    temp = f"_u{ex.depth + 1}"
    if node.name in INLINE and numbers:
        code = INLINE[node.name].format(a=args)  # exact in any model: no rounding, but for an index's argument in
        # single: its arithmetic is the host's, unchecked, and may pass the single range, which the result may not
        return (ex.numbers.builtin(code, node.name == "ENT") if ex.in_index and ex.numbers.single else code), "n"
    if node.name in INLINE_FINITE and numbers and not ex.in_index:
        return ex.numbers.builtin(INLINE_FINITE[node.name].format(a=args, t=temp), False,
                                  node.name in NORMAL_RESULTS, *RANGED_RESULTS.get(node.name, (False, False))), "n"
    if node.name in INLINE_BITS and numbers and not ex.in_index:
        (first, _), (second, _) = parts
        code = f"_float(_int({first}) {INLINE_BITS[node.name]} _int({second}))"
        return ex.numbers.builtin(code, whole=True), "n"
    if node.name == "LGR":
        if parts[0][1] == "s":
            return (f"_len({args})" if bare else f"_float(_len({args}))"), "n"
        value, first = ex.once(args, temp)
        return f"(_float(_len({value})) if _type({first}) is _str else _b_LGR({value}))", "n"
    call = f"_b_{node.name}({args})"
    if spec.returns_position:
        call = f"{call}[0]" if node.position_out is None else ex.scope.position(node.position_out.name, call)
    if spec.result_kind == "n":
        call = ex.numbers.builtin(call, node.name in WHOLE_RESULTS, node.name in NORMAL_RESULTS,
                                  *RANGED_RESULTS.get(node.name, (False, False)))
    return call, spec.result_kind


def told_by(ex: ExpressionCode, given: str) -> tuple[str, Callable[[str], str], str | None]:
    """What an inline SCH, CNB or GRL gives its position back into: the Python name of the variable `given`, the
    general form given the built-in's call (pynames.UnitNames.position), and the int beside the variable where it
    is a counter (counters.shadowed_counters), set with it."""
    return ex.scope.pyname(given), lambda call: ex.scope.position(given, call), ex.scope.counter(given)


def whole_quotient(ex: ExpressionCode, arg: object) -> str | None:
    """ENT's code for a whole number divided by a whole constant or a variable proved whole, in single
    (NumberModel.whole_quotient); None for any other argument."""
    if type(arg) is not n.Binary or arg.op != "/" or type(arg.right) not in (n.Num, n.Var):
        return None
    left, right = arg.left, arg.right
    proven = whole(left, ex.scope.proven, ex.proofs)
    if not whole(right, ex.scope.proven, ex.proofs) or not (proven or whole(left, ex.scope.whole,
                                                                                 ex.wholes)):
        return None
    (numerator, left_kind), (divisor, right_kind) = ex.below((left, right))
    if left_kind != "n" or right_kind != "n":  # (a name of unknown kind) the general way
        return INLINE["ENT"].format(a=ex.numbers.result(f"({numerator} / {divisor})"))
    return ex.numbers.whole_quotient(numerator, divisor, f"_u{ex.depth + 1}", proven,
                                       scales("/", left, right))
