"""A variable of the program that shares its name with a procedure's own CHAINE (or TABLEAU) is still a plain
number where nothing run in the program's frame declares it: its stores are written out, not `_sput`. Where a
line of the program's frame declares it (the program's own lines, a procedure without a variable of that name,
a procedure line the program jumps into, a call that hands it to a parameter made a string), it stays a cell
with its tests. Each program runs in every mode of the Micro against the reference (output, error and line,
cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

OWN = ("10 R←1;FAIRE 20 POUR I←1 JUSQUA 5\n20 R←R+I;AFFICHER &F(R)\n30 AFFICHER R;TERMINER\n"
       "100 PROCEDURE &F(X) LOCAL X,R\n110 CHAINE R;R←CCA(X)!'-'\n120 RESULTAT R!R\n")
GLOBAL = ("10 R←1;&P\n20 R←R+1;AFFICHER R\n30 TERMINER\n"
          "100 PROCEDURE &P LOCAL X\n110 CHAINE R;R←'AB';RETOUR\n")
JUMPED_INTO = ("10 R←1;ALLER EN 110\n20 R←R+1;AFFICHER R\n30 TERMINER\n"
               "100 PROCEDURE &P LOCAL R\n110 CHAINE R;R←'AB';AFFICHER R;ALLER EN 20\n")
HANDED = ("10 R←1;&P(R)\n20 AFFICHER R;R←R+1\n30 TERMINER\n"
          "100 PROCEDURE &P(S) LOCAL R\n110 CHAINE S;S←'AB';CHAINE R;R←'CD';RETOUR\n")
ARRAY = ("10 T←2;&P;T←T*3;AFFICHER T;TERMINER\n"
         "100 PROCEDURE &P LOCAL T\n110 TABLEAU T[3];T[2]←5;AFFICHER T[2];RETOUR\n")

PROGRAMS = {
    "the program's R beside a function's own CHAINE R": OWN,
    "a procedure without an R of its own declares the program's R": GLOBAL,
    "the program jumps into a procedure's line that declares R": JUMPED_INTO,
    "the program's R given to a parameter made a CHAINE": HANDED,
    "the program's T beside a procedure's own TABLEAU T": ARRAY,
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_name_a_procedure_declares_for_itself(
        name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


@pytest.mark.parametrize("name, plain", [
    ("the program's R beside a function's own CHAINE R", True),
    ("the program's T beside a procedure's own TABLEAU T", True),
    ("a procedure without an R of its own declares the program's R", False),
    ("the program jumps into a procedure's line that declares R", False),
    ("the program's R given to a parameter made a CHAINE", False),
])
def test_the_programs_variable_is_a_plain_number_only_where_nothing_in_its_frame_declares_it(
        name: str, plain: bool) -> None:
    code = listing(PROGRAMS[name])
    kept = ("_sput('R'", "_R.assign('R'", "G.assign('T'", "_add(v_R")  # a cell's store, its test of the kind
    assert any(form in code for form in kept) is not plain
