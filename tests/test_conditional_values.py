"""Values in conditions: a conditional value whose arm is a conditional value (`SI a ALORS x SINON SI b ALORS y
SINON z`) pays, in plain runs, each level's price with the arm taken, in one add (pyexpr.ex_Conditional); a
position, a length or a code compared with a number is compared as an int (ex_Compare). Every mode agrees with
the reference, on both machines, where an arm, a condition or an operand fails.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

# paths5x5's step to a neighbour: four levels, constants and variables in the arms.
STEPS = lines("10 L←7;S←0;FAIRE 30 POUR K←1 JUSQUA 4",
              "20 Q←5+(SI K=1 ALORS 1 SINON SI K=2 ALORS L SINON SI K=3 ALORS -1 SINON -L)",
              "30 S←S*10+Q", "40 AFFICHER S")

PROGRAMS = {
    "the four steps to a neighbour": STEPS,
    "a chain in a loop of many passes, summed": lines(
        "10 S←0;FAIRE 30 POUR I←1 JUSQUA 300",
        "20 S←S+(SI I<100 ALORS 1 SINON SI I<200 ALORS I/2 SINON SI I=250 ALORS -I SINON 3)",
        "30 *", "40 AFFICHER S"),
    "string arms, the innermost a substring": lines(
        "10 CHAINE T,R;T←'ABCDEF';R←''", "20 FAIRE 30 POUR I←1 JUSQUA 6",
        "30 R←R!(SI I=1 ALORS 'X' SINON SI I<4 ALORS SCH(T,I,2) SINON SI I=5 ALORS '' SINON T)",
        "40 AFFICHER R,LGR(R)"),
    "an inner condition reading a variable never set": lines(
        "10 FAIRE 20 POUR K←1 JUSQUA 3", "20 X←2*(SI K=1 ALORS 5 SINON SI U=1 ALORS 6 SINON 7);AFFICHER X"),
    "an innermost arm dividing by zero": lines(
        "10 FAIRE 20 POUR K←3 PAS -1 JUSQUA 0",
        "20 X←1+(SI K=3 ALORS 1 SINON SI K=2 ALORS 2/K SINON 4/(K-1));AFFICHER X"),
    "an innermost arm that overflows": lines(
        "10 Y←1E200;FAIRE 20 POUR K←1 JUSQUA 3",
        "20 X←1+(SI K=1 ALORS Y SINON SI K=2 ALORS -Y SINON Y*Y);AFFICHER X"),
    "a middle arm of the wrong kind": lines(
        "10 CHAINE C;C←'A';FAIRE 20 POUR K←1 JUSQUA 3",
        "20 X←1+(SI K=1 ALORS 1 SINON SI K=2 ALORS 2 SINON C);AFFICHER X"),
    "a chain in a procedure's result and its argument": lines(
        "10 S←0;FAIRE 20 POUR I←1 JUSQUA 40", "20 S←S+&F(SI I<10 ALORS I SINON SI I<20 ALORS -I SINON 0)",
        "30 AFFICHER S;TERMINER", "40 PROCEDURE &F(X) LOCAL X",
        "50 RESULTAT 3*(SI X>0 ALORS X SINON SI X<0 ALORS X*X SINON 1)"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_a_chain_of_conditional_values_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


def test_each_arm_of_a_chain_pays_every_level_it_went_through_in_one_add() -> None:
    line = next(text for text in listing(STEPS).splitlines() if "v_Q = (" in text)
    assert line.count("cyc := cyc + ") == 4  # one add an arm: the levels' prices summed into it


def test_the_profile_pays_each_level_at_its_own_point() -> None:
    line = next(text for text in listing(STEPS, profile=True).splitlines() if "v_Q = (" in text)
    assert line.count("_BR.__setitem__(") == 6  # two arms a level, each its point's run counted as it is paid


# A position, a length or a code compared with a number: compared as the int worked out inline (ex_Compare).
COMPARED = {
    "vowels counted by POS of each character": lines(
        "10 CHAINE T,C,V;T←'LE RENARD ET LES POULES';V←'AEIOUY';N←0",
        "20 FAIRE 30 POUR I←1 JUSQUA LGR(T)", "30 C←SCH(T,I,1);SI POS(V,1,C)>0 ALORS N←N+1", "40 AFFICHER N"),
    "a length and a code against variables, both ways round": lines(
        "10 CHAINE S;S←'';K←3;Z←66.5;M←0", "20 FAIRE 40 POUR I←1 JUSQUA 9", "30 S←S!EQC(64+I)",
        "40 SI LGR(S)>=K ET Z<EQN(S,I) ALORS M←M+LGR(S) SINON SI EQN(S)=65 ALORS M←M-1",
        "50 AFFICHER M,POS(S,1,'E')=5,0#POS(S,2,'A'),LGR(S)>8.5,-1<EQN(S,3)"),
    "a position against a variable never set": lines(
        "10 CHAINE S;S←'ABC'", "20 SI POS(S,1,'B')=U ALORS AFFICHER 1"),
    "a code at a position past the end, compared": lines(
        "10 CHAINE S;S←'ABC'", "20 FAIRE 30 POUR I←1 JUSQUA 4", "30 SI EQN(S,I)>65 ALORS AFFICHER I"),
    "a length against a string variable": lines(
        "10 CHAINE S,T;S←'ABC';T←'X'", "20 SI LGR(S)=T ALORS AFFICHER 1"),
    # (the strings' names are read by the find and the length in their turn, not tested first: the same one named)
    "a position in a string never set, of a string never set": lines(
        "10 CHAINE S,T", "20 SI POS(S,1,T)>0 ALORS AFFICHER 1"),
    "a position from a start never set in a string never set": lines(
        "10 CHAINE S,T;T←'A'", "20 SI POS(S,D,T)>0 ALORS AFFICHER 1"),
    "a position in a string set, of one never set, from a start set": lines(
        "10 CHAINE S,T;S←'ABC';D←2", "20 SI POS(S,D,T)>0 ALORS AFFICHER 1"),
    "a character of a text never set, by a loop's int": lines(
        "10 CHAINE T,C;N←0", "20 FAIRE 30 POUR I←1 JUSQUA 20", "30 C←SCH(T,I,1);SI C='A' ALORS N←N+1"),
    "a character of a text set in the loop's second pass only": lines(
        "10 CHAINE T,C;N←0", "20 FAIRE 30 POUR I←1 JUSQUA 20",
        "30 SI I>1 ALORS C←SCH(T,I,1);T←'ABRACADABRA';SI C='A' ALORS N←N+1", "40 AFFICHER N"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", COMPARED)
def test_a_position_length_or_code_compared_with_a_number_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(COMPARED[name], profile=profile)


def test_a_position_compared_with_a_whole_constant_is_compared_as_an_int() -> None:
    code = listing(COMPARED["vowels counted by POS of each character"])
    test = next(text for text in code.splitlines() if ".find(" in text)
    assert "_float(" not in test and "_b_POS(" in test and test.endswith(" > 0):")
