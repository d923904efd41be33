"""A FAIRE whose start and step are whole constants works out only its limit (pybounds.fixed_bounds): the same
output, errors, lines and cycles in every mode as the reference, and no `_s`, `_st` nor `_go` in its code."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

LOOPS = {
    "a computed limit counted up": "10 LIRE N\n20 S←0\n30 FAIRE 40 POUR I←1 JUSQUA N-1\n40 S←S+I*I\n50 AFFICHER S,I\n",
    "a limit below the start leaves the variable at its start": (
        "10 LIRE N\n20 S←0\n30 FAIRE 40 POUR I←5 JUSQUA N-9\n40 S←S+1\n50 AFFICHER S,I\n"),
    "counted down by a constant step": (
        "10 LIRE N\n20 S←0\n30 FAIRE 40 POUR I←-3 PAS -2 JUSQUA -N\n40 S←S+I\n50 AFFICHER S,I\n"),
    "a limit past 2^24 runs with no int": (
        "10 LIRE N\n20 S←0\n30 FAIRE 40 POUR I←16777210 JUSQUA N*16777216\n40 S←S+1;SI S=9 ALORS ALLER EN 50\n"
        "50 AFFICHER S,I\n"),
    "a step written with a plus counts up": (
        "10 LIRE N\n20 S←0\n30 FAIRE 40 POUR I←1 PAS +2 JUSQUA N\n40 S←S+I\n50 AFFICHER S,I\n"),
    "a start written with a minus counts up": (
        "10 LIRE N\n20 S←0\n30 FAIRE 40 POUR I←-2 JUSQUA N\n40 S←S+I\n50 AFFICHER S,I\n"),
    "a fractional limit": "10 LIRE N\n20 S←0\n30 FAIRE 40 POUR I←1 JUSQUA N/3\n40 S←S+I\n50 AFFICHER S,I\n",
    "a limit that is a string fails at the FAIRE": (
        "10 LIRE N\n20 CHAINE C;C←'AB'\n30 FAIRE 40 POUR I←1 JUSQUA C\n40 S←S+I\n50 AFFICHER S\n"),
    "a limit never assigned fails at the FAIRE": "10 LIRE N\n30 FAIRE 40 POUR I←1 JUSQUA Q\n40 S←S+I\n",
    "a limit that overflows fails at the FAIRE": (
        "10 LIRE N\n20 X←10^30\n30 FAIRE 40 POUR I←1 JUSQUA X*X*X*X*X*X*X*X*X*X*X*N\n40 S←S+I\n"),
    "nested loops indexing an array by their ints": (
        "10 LIRE N\n20 TABLEAU T[N,N]\n30 FAIRE 40 POUR I←1 JUSQUA N\n40 FAIRE 40 POUR J←1 JUSQUA N;T[I,J]←I*J\n"
        "50 S←0\n60 FAIRE 60 POUR I←N PAS -1 JUSQUA 1;S←S+T[I,N-I+1]\n70 AFFICHER S\n"),
    "a procedure's loop of a parameter's bound": (
        "10 LIRE N\n20 AFFICHER &SOM(N)\n30 TERMINER\n100 PROCEDURE &SOM(K) LOCAL K,I,S\n110 S←0\n"
        "120 FAIRE 120 POUR I←2 JUSQUA K;S←S+I\n130 RESULTAT S\n"),
    "a loop left early and its variable read after it": (
        "10 LIRE N\n20 FAIRE 30 POUR I←1 JUSQUA N\n30 SI I*I>N ALORS ALLER EN 40\n40 AFFICHER I\n"),
}


@pytest.mark.parametrize("name", LOOPS)
@pytest.mark.parametrize("typed", ["7", "0", "40"])
def test_a_loop_of_constant_start_and_step_agrees_with_the_reference(name, typed):
    assert_agrees(LOOPS[name], [typed])


@pytest.mark.parametrize("name", ["a computed limit counted up", "counted down by a constant step",
                                  "a procedure's loop of a parameter's bound"])
def test_a_loop_of_constant_start_and_step_works_out_only_its_limit(name):
    code = listing(LOOPS[name])
    assert "_lim = " in code
    assert "_s = " not in code and "_st = " not in code and "_go" not in code
