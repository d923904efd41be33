"""A fast path that reads elements of one array twice or more reads the array's description once.

pystmt.StatementCode.descriptions names it before the statement, in the fast path's try: whatever fails there
(no array, a number, an index that names no element) reruns the statement the general way. Each
program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

SUM = "X←G[I-1,J]+G[I,J-1]+G[I,J]"

PROGRAMS = {
    "a matrix's neighbours summed in a loop": (
        "10 TABLEAU G[4,4]\n20 FAIRE 30 POUR I←1 JUSQUA 4;FAIRE 30 POUR J←1 JUSQUA 4\n30 G[I,J]←I*J\n"
        f"40 S←0;FAIRE 50 POUR I←2 JUSQUA 4;FAIRE 50 POUR J←2 JUSQUA 4\n50 {SUM};S←S+X\n60 AFFICHER S\n"),
    "the second element past the matrix's last column": (
        "10 TABLEAU G[3,3]\n20 I←2;J←3\n30 X←G[I,J]+G[I,J+1]\n40 AFFICHER X\n"),
    "the first row 0, the second in range": (
        "10 TABLEAU G[3,3]\n20 I←1;J←2\n30 X←G[I-1,J]+G[I,J]\n40 AFFICHER X\n"),
    "no array under the name yet": (
        f"10 I←2;J←2\n20 {SUM}\n30 AFFICHER X\n"),
    "a number under the name": (
        f"10 G←5;I←2;J←2\n20 {SUM}\n30 AFFICHER X\n"),
    "the array declared again, smaller, in the loop": (
        "10 FAIRE 40 POUR N←4 PAS -1 JUSQUA 1\n20 TABLEAU G[N,N]\n30 I←3;J←3\n40 X←G[I,J]+G[I-1,J-1]\n"
        "50 AFFICHER X\n"),
    "a vector read twice, then past its end": (
        "10 TABLEAU T[5]\n20 FAIRE 30 POUR I←1 JUSQUA 5\n30 T[I]←I\n40 FAIRE 50 POUR I←1 JUSQUA 5\n"
        "50 X←T[I]+T[I+1]\n60 AFFICHER X\n"),
    "an element stored from two reads of the same matrix": (
        "10 TABLEAU G[3,3],V[3,3]\n20 G[2,2]←7\n30 FAIRE 40 POUR I←2 JUSQUA 3\n"
        "40 V[I,2]←G[I,2]+G[I-1,2]+G[I,4]\n50 AFFICHER V[2,2]\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_where_a_description_is_read_once(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_the_description_of_a_matrix_read_three_times_is_read_once() -> None:
    source = PROGRAMS["a matrix's neighbours summed in a loop"].replace("S←S+X", "S←S+X+J")
    code = listing(source.replace("10 TABLEAU G[4,4]", "10 N←4;TABLEAU G[N,N]"))  # (sizes known at run time only)
    line = code[code.rindex("# 50:"):]  # (a loop that adds J at each pass: no Python for, see test_counted_loops)
    assert line.count("v_G[0]") == 1  # read into its name before the fast path; the general way reads none


def test_a_matrix_whose_sizes_are_constants_has_its_description_read_nowhere() -> None:
    code = listing(PROGRAMS["a matrix's neighbours summed in a loop"].replace("S←S+X", "S←S+X+J"))
    line = code[code.rindex("# 50:"):]
    assert "v_G[0]" not in line and "_D0" not in line and ") * 4 + " in line and "5 > " in line


def test_an_array_read_once_keeps_its_description_in_the_access() -> None:
    code = listing("10 TABLEAU G[3,3];FAIRE 20 POUR I←1 JUSQUA 3\n20 X←G[I,I]+1\n")
    assert "_D0" not in code
