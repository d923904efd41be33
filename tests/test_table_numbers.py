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

# A procedure's own variables given by reference to a procedure that gives back a quotient and a remainder.
DIVIDE = ("10 T←0;FAIRE 20 POUR I←1 JUSQUA 5\n20 T←T+&SOMME(I*7)\n30 AFFICHER T;TERMINER\n"
          "100 PROCEDURE &SOMME(X) LOCAL X,Q,R,S,K\n110 S←0;FAIRE 120 POUR K←2 JUSQUA 4\n"
          "120 &DIV(X,K,Q,R);S←S+Q*10+R\n130 RESULTAT S\n200 PROCEDURE &DIV(A,B,Q,R) LOCAL A,B\n"
          "210 Q←ENT(A/B);R←A-Q*B;RETOUR\n")
# The same, the callee making one of them a CHAINE: the table counts its cells.
MADE_A_STRING = DIVIDE.replace("210 Q←ENT(A/B);R←A-Q*B;RETOUR", "210 CHAINE R;Q←ENT(A/B);R←CCA(A-Q*B);RETOUR").replace(
    "S←S+Q*10+R", "S←S+Q*10+LGR(R)")

PROGRAMS = {
    "a procedure's own variables given by reference for a quotient and a remainder": DIVIDE,
    "the same, one of them made a CHAINE by the callee": MADE_A_STRING,
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


def test_a_table_of_numbers_only_counts_no_cells_and_reads_them_as_numbers() -> None:
    code = listing(DIVIDE)
    procedure = code[code.index("def p_SOMME"):code.index("def p_DIV")]
    assert "L = _Vars(_MM)" in procedure and "_release" not in procedure and "_add(" not in procedure
    counted = listing(MADE_A_STRING)
    assert "L = _frame((), '&SOMME')" in counted and "_release(L, '&SOMME')" in counted
