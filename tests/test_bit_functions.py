"""ETL, OUL and OUX of two numbers as Python's & | ^ on their truncations, where no argument can be an infinity:
each program runs in every mode against the reference (output, error and line, cycles), on both machines.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    "a nim-sum of heaps by OUX, then the move that empties it": (
        "10 TABLEAU T[4];T[1]←3;T[2]←5;T[3]←7;T[4]←9;S←0\n20 FAIRE 30 POUR K←1 JUSQUA 4\n30 S←OUX(S,T[K])\n"
        "40 FAIRE 50 POUR K←1 JUSQUA 4\n50 V←OUX(T[K],S);SI V<T[K] ALORS AFFICHER K,V\n60 AFFICHER S\n"),
    "negative and fractional operands are truncated toward zero": (
        "10 FAIRE 20 POUR I←-7.5 JUSQUA 7 PAS 1.25\n20 AFFICHER ETL(I,5),OUL(I,-8),OUX(I,-3.75)\n"),
    "large operands, past 2^24 and 2^53": (
        "10 X←2^40+12345;Y←2^60+3\n20 AFFICHER OUX(X,Y),ETL(X,Y),OUL(X,Y),OUX(X,16777217)\n"),
    "a result past the double range": ("10 X←1.7976931348623157E308;Y←2^970\n20 Z←OUX(X,Y)\n30 AFFICHER Z\n"),
    "an unset operand": ("10 X←OUX(3,Y)\n"),
    "a string operand": ("10 CHAINE C;C←'A'\n20 X←OUL(C,1)\n"),
    "an infinity in an index": ("10 TABLEAU T[3];X←1E300\n20 T[1+ETL(X*X,1)]←1\n"),
    "operands that are results of procedures": (
        "10 S←0;FAIRE 20 POUR I←1 JUSQUA 20\n20 S←S+OUX(&D(I),I)\n30 AFFICHER S;TERMINER\n"
        "40 PROCEDURE &D(N) LOCAL N\n50 RESULTAT 2*N+1\n"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_bit_functions(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


@pytest.mark.parametrize(("statement", "inline"), [
    ("P←OUX(I,J)", "_float(_int(v_I) ^ _int(v_J))"),
    ("P←ETL(I,7)", "_float(_int(v_I) & _int(7.0))"),
    ("P←OUL(I+1,J)", "_float(_int((v_I + 1.0)) | _int(v_J))"),
])
def test_a_bit_function_of_two_numbers_is_written_as_python_s_operator(statement, inline) -> None:
    code = listing(f"10 I←3;J←2\n20 {statement}\n30 AFFICHER P\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert inline in line and "_b_" not in line


def test_a_bit_function_in_an_index_calls_the_built_in() -> None:
    code = listing("10 TABLEAU T[8];I←3\n20 T[1+ETL(I,7)]←1\n30 AFFICHER T[4]\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "_b_ETL(" in line
