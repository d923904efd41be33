"""AFFICHER in a loop of a plain run pays its characters and keeps its text inline (pystmt.st_Afficher): every mode
agrees with the reference on programs that print as they go, plain and formatted, up to an error; the listing."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    "lines of numbers and strings, plain and formatted, over many slices": (
        "10 CHAINE S;S←'AB'\n20 FAIRE 40 POUR I←1 JUSQUA 3000\n30 AFFICHER I,S,I/7\n"
        "40 AFFICHER[2X,F8.3,3X,U,/] I*I/3,S!CCA(I)\n50 AFFICHER 'FIN';TERMINER\n", []),
    "a value that fails in the line printed": (
        "10 FAIRE 20 POUR I←3 PAS -1 JUSQUA -1\n20 AFFICHER[F6.2] 6/I\n30 TERMINER\n", []),
    "a line printed between two reads": (
        "10 FAIRE 30 POUR I←1 JUSQUA 3\n20 LIRE X\n30 AFFICHER X*2;AFFICHER[U,/] 'LU'\n40 TERMINER\n", ["4", "5", "6"]),
    "an array printed whole, then a number past the format's field": (
        "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I*I;AFFICHER T\n30 AFFICHER[F3.1] 1E9\n40 TERMINER\n", []),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_lines_printed_in_a_loop(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert_agrees(source, inputs, profile=profile)


def test_a_line_printed_in_a_loop_is_paid_by_its_characters_and_kept_inline() -> None:
    code = listing(PROGRAMS["lines of numbers and strings, plain and formatted, over many slices"][0])
    assert "_o = _plain((v_I, v_S, (v_I / 7.0), )); cyc += 100 * _len(_o); M.printed.append(_o)" in code
    assert "_o = _K[0](" in code  # the formatted line too
    assert "M.out(_plain(('FIN', )))" in code  # printed once: the runtime's out, shorter


def test_a_profiled_run_prints_through_the_runtime_which_counts_print_char() -> None:
    code = listing(PROGRAMS["lines of numbers and strings, plain and formatted, over many slices"][0], profile=True)
    assert "M.printed" not in code and "M.out(_plain((v_I, v_S, (v_I / 7.0), )))" in code
