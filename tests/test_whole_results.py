"""A length, a position or a character's code is a whole number (operands.WHOLE_RESULTS), as ENT's result is: in
single precision a sum or product of such values is rounded by a test of its size alone (numbers.NumberModel.result),
which the reference checks past float32's whole numbers (2^24), in every mode and on both machines.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.operands import whole
from tests.lse_harness import assigned_expression
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    "codes summed and scaled past 2^24": (
        "10 CHAINE T;T←'LE RENARD ET LES POULES';H←0\n20 FAIRE 30 POUR I←1 JUSQUA LGR(T)\n"
        "30 H←H*3+EQN(T,I)*7\n40 AFFICHER H\n"),
    "positions found by POS and summed with their squares": (
        "10 CHAINE T;T←'ABRACADABRA ABRACADABRA';J←1;H←0\n20 J←POS(T,J,'A');SI J=0 ALORS ALLER EN 40\n"
        "30 H←H*J+J*J*1000003;J←J+1;ALLER EN 20\n40 AFFICHER H\n"),
    "scans by SKP and PTR, and lengths, multiplied": (
        "10 CHAINE T;T←'UN DEUX  TROIS QUATRE';P←1;H←1\n20 P←SKP(T,P);SI P>LGR(T) ALORS ALLER EN 40\n"
        "30 Q←PTR(T,P);H←H*(Q-P+LGR(T))+Q;P←Q;ALLER EN 20\n40 AFFICHER H,H-ENT(H/7)*7\n"),
    "a position past the end of the text": (
        "10 CHAINE T;T←'ABC';H←0\n20 FAIRE 30 POUR K←1 JUSQUA 30\n30 H←H*5+SKP(T,4)+POS(T,1,'Z')\n40 AFFICHER H\n"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_sums_of_whole_results(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)




@pytest.mark.parametrize(("text", "is_whole"), [
    ("X←LGR(T)+1", True), ("X←POS(T,1,'A')*2", True), ("X←EQN(T)-48", True), ("X←SKP(T,1)+PTR(T,2)", True),
    ("X←ENT(Y)", True), ("X←CNB(T,1)", False), ("X←ALE(0)*10", False), ("X←RAC(LGR(T))", False),
])
def test_lengths_positions_and_codes_are_whole_and_numbers_read_are_not(text: str, is_whole: bool) -> None:
    assert whole(assigned_expression(text), set()) is is_whole


def test_a_sum_of_positions_is_rounded_by_its_size_alone_in_single_precision() -> None:
    code = listing("10 CHAINE T;T←'ABAB';H←0;J←1\n20 J←POS(T,J,'B');H←H+J\n30 AFFICHER H\n", machine="console80")
    line = code[code.index("# 20:"):code.index("# 30:")]
    assert "(_t := (v_H + v_J)) <= 16777216.0 and _t >= -16777216.0 else" in line and "* _t <=" not in line
