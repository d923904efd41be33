"""`RESULTAT SI c ALORS a SINON b`, and `V←SI c ALORS a SINON b` into a number held in Python, are written as a
Python `if` whose arms return or store their value, each paid once it is known (pystmt.StatementCode.by_arms,
assigned_by_arms): every mode agrees with the reference, errors in an arm included.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

TAKEUCHI = lines("10 AFFICHER &TAK(8,4,0),&M91(87);TERMINER",
                 "20 PROCEDURE &TAK(X,Y,Z) LOCAL X,Y,Z",
                 "30 RESULTAT SI Y>=X ALORS Z SINON &TAK(&TAK(X-1,Y,Z),&TAK(Y-1,Z,X),&TAK(Z-1,X,Y))",
                 "40 PROCEDURE &M91(N) LOCAL N", "50 RESULTAT SI N>100 ALORS N-10 SINON &M91(&M91(N+11))")

# Each program returns the value of a conditional expression, one arm or the other.
PROGRAMS = {
    "Takeuchi's and McCarthy's functions": TAKEUCHI,
    "constant arms": lines("10 S←0;FAIRE 20 POUR I←1 JUSQUA 9", "20 S←S*2+&P(I)", "30 AFFICHER S;TERMINER",
                           "40 PROCEDURE &P(X) LOCAL X", "50 RESULTAT SI X=2*ENT(X/2) ALORS 1 SINON 0"),
    "string arms": lines("10 CHAINE C;C←'';FAIRE 20 POUR I←1 JUSQUA 5", "20 C←C!&P(I)", "30 AFFICHER C;TERMINER",
                         "40 PROCEDURE &P(X) LOCAL X", "50 RESULTAT SI X>2 ALORS 'GRAND' SINON CCA(X)"),
    "an arm that is a conditional itself": lines(
        "10 AFFICHER &S(-3),&S(0),&S(5);TERMINER", "20 PROCEDURE &S(X) LOCAL X",
        "30 RESULTAT SI X<0 ALORS -1 SINON SI X=0 ALORS 0 SINON 1"),
    "an arm reading a program's variable never set": lines(
        "10 AFFICHER &P(1);AFFICHER &P(0)", "20 PROCEDURE &P(X) LOCAL X", "30 RESULTAT SI X=1 ALORS 7 SINON U"),
    "an arm that overflows": lines(
        "10 AFFICHER &P(1E300,1);AFFICHER &P(1E300,0)", "20 PROCEDURE &P(X,K) LOCAL X,K",
        "30 RESULTAT SI K=1 ALORS X SINON X*X"),
    "an arm that divides by zero": lines(
        "10 AFFICHER &P(2);AFFICHER &P(0)", "20 PROCEDURE &P(X) LOCAL X", "30 RESULTAT SI X>1 ALORS 4/X SINON 1/X"),
    "a condition that fails": lines(
        "10 AFFICHER &P(2);AFFICHER &P(0)", "20 PROCEDURE &P(X) LOCAL X", "30 RESULTAT SI 1/X>0 ALORS 1 SINON 2"),
    "a result in the main program": lines("10 X←1", "20 RESULTAT SI X=1 ALORS 2 SINON 3"),
    "a FAIRE variable and the program's variables assigned by arms": lines(
        "10 S←0;FAIRE 30 POUR K←1 JUSQUA 9", "20 P←SI K=2*ENT(K/2) ALORS K/2 SINON 3*K+1;S←S+P",
        "30 K←SI K=5 ALORS 7 SINON K", "40 AFFICHER S,P,K"),
    "a procedure's own variable assigned by arms, an arm that fails": lines(
        "10 AFFICHER &P(2);AFFICHER &P(0)", "20 PROCEDURE &P(X) LOCAL X,Y", "30 Y←SI X>1 ALORS 1/(X-2) SINON X",
        "40 RESULTAT Y"),
    "an arm that is a string stored into a number": lines(
        "10 FAIRE 20 POUR K←1 JUSQUA 2", "20 X←SI K=1 ALORS K*3 SINON 'AB';AFFICHER X"),
    "an arm reading an unset variable, the other a string variable": lines(
        "10 CHAINE C;C←'X';X←SI C='X' ALORS U SINON 2"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_a_result_by_arms_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


def test_each_arm_of_a_result_returns_its_value_from_a_python_if():
    code = listing(TAKEUCHI)
    tak = code.split("def p_TAK(")[1].split("except BaseException")[0]
    assert "if (v_Y >= v_X):" in tak and "return v_Z" in tak, tak  # a parameter: it cannot fail, paid first
    assert "_b = p_TAK(p_TAK(" in tak and "return _b" in tak, tak  # a call: paid once its value is known
    assert " if " not in tak.split("#")[-1].split("\n", 1)[1].replace("if (v_Y >= v_X):", ""), tak


def test_the_profile_keeps_the_conditional_expression():
    code = listing(TAKEUCHI, profile=True)
    assert "if (v_Y >= v_X):" not in code and "_BR.__setitem__(" in code, code


def test_a_number_assigned_by_arms_stores_it_in_each_arm_of_a_python_if():
    code = listing(PROGRAMS["a FAIRE variable and the program's variables assigned by arms"])
    assert "if (v_K == 5.0):" in code and "v_K = 7.0" in code, code
    assert "(_b := " not in code, code  # no conditional expression paid through a temporary
