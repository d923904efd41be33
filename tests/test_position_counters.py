"""A counter that no FAIRE steps may be given positions (counters.shadowed_counters): SCH, CNB and GRL set its
int with its float where they run inline (pystrings.told_setting), NaN where the built-in's general way gives the
position (pynames.UnitNames.position), so a text read word by word indexes by the int. And a name that is some
procedure's parameter keeps the int of the other units' FAIRE of that name.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

WORDS = lines(
    "10 CHAINE T,W;T←'LE RENARD  ET LES POULES, LA COUR.';L←LGR(T);N←0;K←0", "20 P←1",
    "30 SI P>L ALORS ALLER EN 70", "40 SI SCH(T,P,1)=' ' ALORS DEBUT P←P+1;ALLER EN 30 FIN",
    "50 W←SCH(T,P,' ',P);N←N+1;K←K+LGR(W)", "60 ALLER EN 30", "70 AFFICHER N,K,P;TERMINER")
DIJKSTRA_NAMES = lines(
    "10 TABLEAU D[5,5];AFFICHER &S(5),&C(3)", "20 TERMINER", "30 PROCEDURE &S(N) LOCAL N,I,J,T", "40 T←0",
    "50 FAIRE 60 POUR I←1 JUSQUA N", "60 FAIRE 60 POUR J←1 JUSQUA N;D[I,J]←I*J;T←T+D[I,J]", "70 RESULTAT T",
    "80 PROCEDURE &C(J) LOCAL J", "90 RESULTAT J*2")

# name: (program, lines typed in)
PROGRAMS = {
    "a text read word by word: its start a counter the positions set": (WORDS, []),
    "a position past the end of the text: the general way, then the floats": (
        lines("10 CHAINE T,W;T←'AB CD';P←1;N←0", "20 W←SCH(T,P,' ',P);N←N+1;P←P+1",
              "30 SI N<5 ALORS ALLER EN 20", "40 AFFICHER N,P,W,SCH(T,P,1);TERMINER"), []),
    "numbers read by CNB, each from the position the last one left": (
        lines("10 CHAINE T;T←'12 7 30 5 100';P←1;S←0;K←0", "20 S←S+CNB(T,P,P);K←K+1",
              "30 SI P<=LGR(T) ALORS ALLER EN 20", "40 AFFICHER S,K,P;TERMINER"), []),
    "words taken by GRL from the position the last one left": (
        lines("10 CHAINE T,W;T←'UN, DEUX; TROIS';P←1;K←0", "20 W←GRL(T,P,P);K←K+LGR(W)",
              "30 SI P<=LGR(T) ALORS ALLER EN 20", "40 AFFICHER K,P;TERMINER"), []),
    "a start past the counter, the position given back into it": (
        lines("10 CHAINE T,W;T←',XYZ 7 ,.12 XYZ.,';P←1;G←0", "20 G←G+1;SI G>5 ALORS ALLER EN 90",
              "30 P←1;W←SCH(T,P+1,' ',P);ALLER EN 20", "90 AFFICHER P,G,W;TERMINER"), []),
    "a position given in one arm of a conditional value": (
        lines("10 CHAINE T,W;T←'AA BB CC DD';P←1;Q←0", "20 Q←Q+1;W←SI Q<3 ALORS SCH(T,P,' ',P) SINON 'X';P←P+1",
              "30 SI Q<6 ALORS ALLER EN 20", "40 AFFICHER P,W,SCH(T,P,2);TERMINER"), []),
    "a procedure's own counter given positions": (
        lines("10 AFFICHER &MOTS('IL ETAIT UNE FOIS UN ROI')", "20 TERMINER",
              "30 PROCEDURE &MOTS(T) LOCAL T,P,N,W", "40 CHAINE T,W;P←1;N←0",
              "50 W←SCH(T,P,' ',P);N←N+1;P←P+1;SI P<=LGR(T) ALORS ALLER EN 50", "60 RESULTAT N*100+P"), []),
    "the program's counter given a position by a procedure": (
        lines("10 CHAINE T;T←'AB CD EF';P←1;K←0", "20 &AVANCE;K←K+1;P←P+1", "30 SI P<=LGR(T) ALORS ALLER EN 20",
              "40 AFFICHER K,P;TERMINER", "50 PROCEDURE &AVANCE LOCAL W", "60 CHAINE W;W←SCH(T,P,' ',P);RETOUR"), []),
    "a FAIRE J of one procedure beside another's parameter J": (DIJKSTRA_NAMES, []),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_counters_given_positions(name: str, profile: str) -> None:
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed, profile=profile)


def test_a_position_given_back_sets_the_counters_int_and_the_start_reads_it() -> None:
    code = listing(WORDS)
    assert "(v_P := _float(i_P := _e1 + 1))" in code and "(_i1 := i_P) > 0" in code
    assert "v_T[i_P - 1]" in code  # (SCH(T,P,1) indexes by the int)


def test_the_general_way_leaves_the_int_nan() -> None:
    assert "(i_P := _NAN) is not None" in listing(WORDS)


def test_a_procedures_parameter_leaves_another_procedures_faire_its_int() -> None:
    code = listing(DIJKSTRA_NAMES)
    procedure = code[code.index("def p_S"):code.index("def p_C")]
    assert "i_J" in procedure
