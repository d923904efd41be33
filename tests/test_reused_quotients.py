"""A whole quotient ENT(X/B) computed again with nothing changed in between takes the first one's value (reuse.py,
as an element read again does): LSE's remainder and quotient, `D←X-ENT(X/B)*B;X←ENT(X/B)`, divide once. Every mode
agrees with the reference on both machines, where a variable of it changes, where it may go unevaluated (a side of
ET or OU, an arm of a conditional value), where it is an index, and where it fails.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

DIGITS = lines("10 S←0;FAIRE 40 POUR I←1 JUSQUA 60;X←I*7919;B←7", "20 D←X-ENT(X/B)*B;X←ENT(X/B);S←S*3+D",
               "30 SI X>0 ALORS ALLER EN 20", "40 S←S-ENT(S/1000003)*1000003", "50 AFFICHER S")

PROGRAMS = {
    "the digits of numbers in base 7, remainder then quotient": DIGITS,
    "a variable of the quotient changed between": lines(
        "10 X←100;B←7;Q←ENT(X/B);X←X+1;R←ENT(X/B);B←3;P←ENT(X/B)", "20 AFFICHER Q,R,P"),
    "a quotient in a side of OU that may go unevaluated, then again": lines(
        "10 X←9;FAIRE 30 POUR K←1 JUSQUA 8", "20 SI K>5 OU ENT(X/2)=4 ALORS Y←ENT(X/2)+K SINON Y←ENT(X/2)",
        "30 X←X+Y-ENT(X/2)*2;AFFICHER Y,X"),
    "a quotient in an arm of a conditional value, then again": lines(
        "10 X←17;FAIRE 20 POUR K←1 JUSQUA 4", "20 Y←(SI K=2 ALORS ENT(X/3) SINON K);Z←ENT(X/3);AFFICHER Y,Z"),
    "a quotient as an index, then as a number": lines(
        "10 TABLEAU A[10];FAIRE 20 POUR I←1 JUSQUA 19", "20 A[ENT(I/2)+1]←I;Y←ENT(I/2);AFFICHER Y,A[Y+1]"),
    "a quotient kept into the arm of a SI": lines(
        "10 X←50;B←6", "20 Q←ENT(X/B);SI Q>5 ALORS DEBUT R←ENT(X/B)*2;AFFICHER R FIN SINON AFFICHER Q"),
    "a division by zero in the first": lines("10 X←5;B←0;Q←1;Q←ENT(X/B);R←ENT(X/B)", "20 AFFICHER Q,R"),
    "a variable never set in the first": lines("10 B←2;Q←ENT(X/B);R←ENT(X/B)"),
    "a fraction and negative numbers": lines(
        "10 X←-7.5;B←2;Q←ENT(X/B);R←X-ENT(X/B)*B;X←-8;S←ENT(X/B)+ENT(X/B)", "20 AFFICHER Q,R,S"),
    "a procedure storing into its parameter by reference between": lines(
        "10 X←40;B←3;Q←ENT(X/B);&P(X);R←ENT(X/B);AFFICHER Q,R;TERMINER", "20 PROCEDURE &P(A)", "30 A←A*2;RETOUR"),
    "a parameter by reference and the program's variable of its name": lines(
        "10 X←40;&P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(A) LOCAL Q",
        "30 Q←ENT(X/3);A←A+1;Q←Q+ENT(X/3);X←Q;RETOUR"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_a_quotient_taken_again_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


def test_the_remainder_and_the_quotient_divide_once() -> None:
    code = listing(DIGITS)
    line = code[code.index("# 20:"):code.index("# 30:")]
    # one division, kept, on each way: the floor division of whole numbers, or the general way's
    assert "(_w0 := v_X // v_B)" in line and line.count("_w0 := _float(_floor(") == 1 and line.count("_floor(") == 1
    assert "v_X = _w0" in line


def test_a_quotient_in_a_side_of_ou_is_kept_by_none() -> None:
    code = listing(PROGRAMS["a quotient in a side of OU that may go unevaluated, then again"])
    assert "_w0 := " not in code[code.index("# 20:"):code.index("# 30:")]
