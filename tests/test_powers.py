"""X^Y as Python's ** where a constant operand keeps it from failing (numbers.NumberModel.power), else ops.power:
each program runs in every mode against the reference (output, error and line, cycles), on both machines.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    "powers of two and of ten by a loop's variable": (
        "10 S←0\n20 FAIRE 30 POUR I←-5 JUSQUA 40\n30 S←S+2^I+10^(I/8)+0.5^I\n40 AFFICHER S\n"),
    "squares and cubes of sums, nested": (
        "10 S←0\n20 FAIRE 30 POUR I←1 JUSQUA 30\n30 X←I/7;S←S+(X+1)^2-((X-2)^3+1)^2\n40 AFFICHER S\n"),
    "a square that overflows past its reach": ("10 X←1E200\n20 Y←X^2\n30 AFFICHER Y\n"),
    "a power of two that overflows": ("10 I←1030\n20 Y←2^I\n30 AFFICHER Y\n"),
    "a power of two that underflows to nothing": ("10 I←-1100\n20 Y←2^I;AFFICHER Y\n"),
    "zero to a negative power": ("10 X←0;K←-1\n20 Y←X^K\n"),
    "a negative base to a fractional power": ("10 X←-8;K←1/3\n20 Y←X^K\n"),
    "a negative base squared": ("10 X←-3.5\n20 Y←X^2;AFFICHER Y\n"),
    "a string raised to a power": ("10 CHAINE C;C←'A'\n20 Y←C^2\n"),
    "a power of an unset variable": ("10 Y←Z^2\n"),
    "an exponent of an unset variable": ("10 Y←2^Z\n"),
    "a base of one and of a tenth": ("10 K←-400\n20 Y←1^K+0.1^3;AFFICHER Y\n30 Y←0.1^K\n"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_powers(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


@pytest.mark.parametrize(("statement", "inline"), [
    ("P←2^I", "2.0 ** v_I if -996.0 <= v_I <= 996.0 else _pow(2.0, v_I)"),
    ("P←I^2", "v_I ** 2.0 if -1e+150 <= v_I <= 1e+150 else _pow(v_I, 2.0)"),
    ("P←I^J", None), ("P←(-2)^I", None), ("P←I^0.5", None), ("P←I^65", None),
])
def test_a_power_is_written_as_python_s_where_a_constant_operand_keeps_it_from_failing(statement, inline) -> None:
    code = listing(f"10 I←3;J←2\n20 {statement}\n30 AFFICHER P\n")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert (inline in line) if inline else ("_pow(" in line and " ** " not in line)
