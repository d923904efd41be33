"""LIRE of a variable that can only hold a number (never a CHAINE, a TABLEAU, a parameter or loaded) is a store of
the number read (`M.read_number()`; in a plain run's hot code, a whole number typed already taken inline),
in the main program and in a procedure, whose such variable is then a Python local, not a name in its table; any
other LIRE reads by name. Every mode agrees with the reference either way,
on good input, on a bad number and on input that ends.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

SUM = lines("10 LIRE N;S←0", "20 FAIRE 30 POUR I←1 JUSQUA N", "30 LIRE V;S←S+V", "40 AFFICHER S", "50 TERMINER")
IN_A_PROCEDURE = lines(
    "10 LIRE N;S←0", "20 FAIRE 30 POUR I←1 JUSQUA N", "30 S←S+&LU(I)", "40 AFFICHER S", "50 TERMINER",
    "100 PROCEDURE &LU(K) LOCAL K,X", "110 LIRE X", "120 RESULTAT X*K")
# The loop's own variable read in: the loop goes on from the number read.
LOOP_VARIABLE = lines(
    "10 T←0;FAIRE 30 POUR I←1 JUSQUA 9", "20 T←T+I;SI I=2 ALORS LIRE I", "30 AFFICHER I", "40 AFFICHER T",
    "50 TERMINER")
A_STRING = lines("10 CHAINE C;LIRE C", "20 AFFICHER C!'.'", "30 TERMINER")
AN_ELEMENT = lines("10 TABLEAU A[3];LIRE A[2]", "20 AFFICHER A[2]+1", "30 TERMINER")
A_WHOLE_ARRAY = lines("10 TABLEAU A[3];LIRE A", "20 AFFICHER A[1]+A[2]*A[3]", "30 TERMINER")
BY_REFERENCE = lines("10 &LU(X);AFFICHER X*2", "20 TERMINER", "100 PROCEDURE &LU(Y)", "110 LIRE Y", "120 RETOUR")
A_PARAMETER_BY_VALUE = lines(
    "10 AFFICHER &LU(1)", "20 TERMINER", "100 PROCEDURE &LU(Y) LOCAL Y", "110 LIRE Y", "120 RESULTAT Y+1")

AS_A_STORE = {"numbers summed in a loop": SUM, "a procedure's own variable": IN_A_PROCEDURE,
              "a loop's variable": LOOP_VARIABLE}
BY_NAME = {"a CHAINE": A_STRING, "an element": AN_ELEMENT, "a whole array": A_WHOLE_ARRAY,
           "a parameter by reference": BY_REFERENCE, "a parameter by value": A_PARAMETER_BY_VALUE}
INPUTS = {"many numbers to a line": ["3", "12 -4 +5 6", "7"],
          "numbers": ["3", "1.5 2", "7"], "a bad number": ["2", "1 X2"], "input that ends": ["3", "4"],
          "signed numbers, spaced": ["3", "  +4\t -2  ", "\t7"], "a whole number too great": ["2", "5 " + "1" * 400],
          "a number with a tab inside": ["2", "1\t2 3"]}
FIRST_LINES = {SUM: "3", IN_A_PROCEDURE: "3", LOOP_VARIABLE: "6"}


@pytest.mark.parametrize("name", list(AS_A_STORE))
def test_a_number_variable_read_in_is_stored_as_a_number(name: str) -> None:
    code = listing(AS_A_STORE[name])
    assert "M.read_number()" in code and "M.read_into(" not in code, code  # (inline first, in hot code)
    assert "_frame((" not in code, code  # (a procedure's variable read in needs no table)


@pytest.mark.parametrize("name", list(BY_NAME))
def test_anything_else_read_in_is_read_by_name(name: str) -> None:
    code = listing(BY_NAME[name])
    assert "M.read_number()" not in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("given", list(INPUTS))
@pytest.mark.parametrize("name", list(AS_A_STORE) + list(BY_NAME))
def test_every_mode_agrees_with_the_reference(name: str, given: str, profile: str) -> None:
    source = {**AS_A_STORE, **BY_NAME}[name]
    inputs = INPUTS[given]
    if given in ("numbers", "signed numbers, spaced", "many numbers to a line") and source in FIRST_LINES:
        inputs = [FIRST_LINES[source], *inputs[1:]]
    assert_agrees(source, inputs, profile=profile)


def test_a_run_whose_number_read_in_was_declared_a_chaine_at_the_prompt_cannot_go_on() -> None:
    # LIRE V is written as a store of a number: a CHAINE V declared at the pause would not read a string.
    session = Session(None)
    session.type("10 PAUSE", "20 LIRE V", "30 AFFICHER V", "40 TERMINER")
    assert "PAUSE EN LIGNE 10" in session.type("EX")
    session.type("CHAINE V")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_run_whose_number_read_in_was_given_a_number_at_the_prompt_goes_on() -> None:
    session = Session(None)
    session.type("10 PAUSE", "20 LIRE V", "30 AFFICHER V*2", "40 TERMINER")
    assert "PAUSE EN LIGNE 10" in session.type("EX")
    session.type("V←5")
    assert session.type("CO", inputs=("21",)).split()[0] == "42"


def test_a_number_read_in_a_loop_is_taken_inline_where_it_is_typed_already_and_read_by_the_runtime_else() -> None:
    code = listing(SUM)
    assert ("v_V = (_v if (_v := M.inputs.take_number()) is not None and (cyc := cyc + 100 + 50 * M.inputs.taken)"
            " is not None and M.printed.append('\\a') is None else M.read_number())") in code
    single = listing(SUM, machine="console80")  # a whole number rounded to a float32 by its size alone
    assert "v_V = ((_t if (_t := _v) <= 16777216.0 and _t >= -16777216.0 else" in single and "take_number" in single
    profiled = listing(SUM, profile=True)  # the profile counts print_char and input_char
    assert "take_number" not in profiled and "v_V = M.read_number()" in profiled


READ_MANY = lines("10 LIRE N;S←0;M←0", "20 FAIRE 40 POUR I←1 JUSQUA N", "30 LIRE V;S←S+V",
                  "40 SI V>M ALORS M←V", "50 AFFICHER S,M", "60 TERMINER")


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("given", [
    ["300", *(" ".join(str(7 * i + j) for j in range(10)) for i in range(30))],
    ["30", "1 2 3 4 5 6 7 8 9 10", "11 12 X 14", "15"],  # a bad field in the middle: the run fails there
    ["25", *("\t".join(str(i + j) for j in range(5)) for i in range(5))],  # tabs between numbers
    ["12", "1.5 2 3", "-4  +5 " + "9" * 300, "6 7 8 9 10 11 12"],  # fractions, blanks, a number too great
    ["5", "16777217 33554435 -16777219", "99999999999 340282356779733661637539395458142568447"],  # float32 rounds
])
def test_every_mode_agrees_with_the_reference_on_many_numbers_read_in_a_loop(given: list[str], profile: str) -> None:
    assert_agrees(READ_MANY, given, profile=profile)
