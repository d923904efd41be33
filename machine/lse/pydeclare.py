"""Python code for TABLEAU: the runtime's declaration, or a procedure's own array made inline (its memory's test,
its charge, its zeros and its kept description written out).

A part of the statement writer: each function is given the pystmt.StatementCode writing the block. Imports nodes,
errors and values (the arrays an own TABLEAU copies); never the runtime.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from machine.errors import Err
from machine.lse import nodes as n
from machine.lse.operands import whole_constant
from machine.lse.pyexpr import python_name
from machine.lse.values import new_array

if TYPE_CHECKING:
    from machine.lse.pystmt import StatementCode

OWN_COPIED = 4096  # the most elements of a procedure's own array made as a copy of one kept (tableau)


def held_name(name: str) -> str:
    """The Python local counting the memory cells a procedure's own string or array holds."""
    return python_name("n", name)


def tableau(st: StatementCode, node: n.Tableau) -> None:
    """TABLEAU: the runtime's declaration, a procedure's own array made here where it can be (see own_sized)."""
    for name, dims in node.decls:
        values = [st.value(dim) for dim in dims]
        sizes = "(" + "".join(code + ", " for code, _ in values) + ")"
        if st.unit.storage(name) == "array":
            held = held_name(name)
            own = f"{st.unit.pyname(name)}, {held} = _own({name!r}, {sizes}, {held})"
            shape = tuple(whole_constant(dim) or 0 for dim in dims)  # (0: no whole constant)
            cells = shape[0] if len(shape) == 1 else shape[0] * shape[1]
            if st.shared.profile or st.exprs.cold or cells > OWN_COPIED:
                st.out.emit(own)
                continue
            if min(shape) < 1:  # a size computed: made here where the sizes are whole, up to OWN_COPIED cells
                own_sized(st, name, values, held)
                continue
            # A procedure's own array of constant sizes: a copy of one made here.
            made = f"{st.unit.pyname(name)} = _K[{st.shared.constant(new_array(name, shape))}].copy()"
            own_made(st, made, str(cells), f"{st.shared.costs['element_init'] * cells}.0", held, own)
        elif st.unit.storage(name) == "ref":  # a parameter by reference is the caller's: not redeclared
            st.out.emit(f"M.fail({int(Err.ALREADY_DECLARED)}, {name!r})")
        else:
            st.out.emit(f"M.declare_array({st.unit.env(name)}, {name!r}, {sizes})")


def own_sized(st: StatementCode, name: str, sizes: list[tuple[str, str]], held: str) -> None:
    """TABLEAU V[n] or M[n,m] of a procedure's own array, a size computed: runtime.own_arrays written out (the
    memory's test, the charge, the zeros and the kept description) where the sizes are whole numbers from 1
    and the cells at most OWN_COPIED; else _own, given the sizes computed (it fails as it would have).

    Decision: a recursive sort's work vector of the size of its part (quicksort's W) is declared at each call;
    _own's three calls deep cost about 0.4 us a declaration; a determinant's minor B[N-1,N-1] likewise.
    """
    array = st.unit.pyname(name)
    given, whole, tests = ["_ts", "_tu"][:len(sizes)], ["_tc", "_td"][:len(sizes)], []
    for (code, kind), size, cells in zip(sizes, given, whole):
        st.out.emit(f"{size} = {code}")
        number = "" if kind == "n" else f"_type({size}) is _float and "
        tests.append(f"{number}1.0 <= {size} <= {float(OWN_COPIED)!r} and ({cells} := _floor({size})) == {size}")
    count = " * ".join(whole)
    if len(sizes) > 1:
        tests.append(f"{count} <= {OWN_COPIED}")
    made = f"{array} = [0.0] * ({count} + 1); {array}[0] = _dsc({name!r}, ({', '.join(whole)},))"
    own = f"{array}, {held} = _own({name!r}, ({''.join(size + ', ' for size in given)}), {held})"
    cells = count if len(sizes) == 1 else f"({count})"
    own_made(st, made, cells, f"{st.shared.costs['element_init']} * {cells}", held, own,
                  " and ".join(tests))


def own_made(st: StatementCode, made: str, cells: str, price: str, held: str, own: str,
             size_test: str | None = None) -> None:
    """A procedure's own array made here (`made`: the statements that set it), runtime.own_arrays written out:
    where its size passes `size_test` (if any), the memory's test of its `cells` beside the `held` ones and the
    charge, `price`; what they refuse is `own`, the runtime's call (which fails as it would have)."""
    room = f"(_mo := {cells} - {held}) <= 0 or _MM.used + _mo <= _MM.limit"
    test = room if size_test is None else f"{size_test} and (\n        {room})"
    st.out.emit(f"if {test}:\n    _MM.used += _mo; cyc += {price}; {made}; {held} = {cells}\nelse:\n    {own}")
