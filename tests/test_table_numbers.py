"""A procedure's variable that lives in its table of variables (it is given by reference to another procedure)
and can only hold a number is stored with one subscript, as the program's are in `_R`; a parameter by value,
which holds whatever the caller gave (a string makes it a CHAINE), keeps Vars.assign and its test. Each
program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

SWAP = ("10 &P;TERMINER\n100 PROCEDURE &P LOCAL A,B,I\n110 A←1;B←2\n120 FAIRE 130 POUR I←1 JUSQUA 7\n"
        "130 &ECHANGE(A,B);A←A*10\n140 AFFICHER A,B;RETOUR\n200 PROCEDURE &ECHANGE(X,Y) LOCAL T\n"
        "210 T←X;X←Y;Y←T;RETOUR\n")
GIVEN = ("10 &P('AB');&P(3)\n20 TERMINER\n100 PROCEDURE &P(X) LOCAL X,Z\n110 &Q(X);&Q(Z)\n"
         "115 Z←5;AFFICHER Z\n120 X←1;AFFICHER X\n130 RETOUR\n200 PROCEDURE &Q(Y)\n210 RETOUR\n")

PROGRAMS = {
    "locals given by reference to a procedure that exchanges them": SWAP,
    "a parameter given a string, then a number, beside a local": GIVEN,
    "a number stored where the memory is full": (
        "10 TABLEAU T[16382];&P\n20 TERMINER\n100 PROCEDURE &P LOCAL A\n110 &Q(A);A←2;AFFICHER A\n"
        "120 CHAINE S;S←'ABC';AFFICHER S\n130 RETOUR\n200 PROCEDURE &Q(Y)\n210 RETOUR\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_numbers_in_a_procedures_table(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_a_number_is_stored_into_the_table_by_subscript_and_a_parameter_by_value_through_assign() -> None:
    code = listing(GIVEN)
    assert "L['Z'] = 5.0" in code and "L.assign('Z'" not in code
    assert "L.assign('X', 1.0)" in code
    assert "L['A'] = 1.0" in listing(SWAP)
