"""A string stored into a CHAINE of the program is counted against the memory by code written out
(UnitCode.store), the general store taking what it does not cover: every mode agrees with the
reference on each way such a store can go.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

STORES = {
    "the first string into a declared CHAINE": lines("10 CHAINE S;S←'AB'!'C';AFFICHER S;TERMINER"),
    "a string before its CHAINE has run": lines("10 S←'AB'!'C'", "20 CHAINE S;TERMINER"),
    "a CHAINE that grows, then shrinks, then grows": lines(
        "10 CHAINE S;S←'A'", "20 FAIRE 30 POUR I←1 JUSQUA 5", "30 S←S!S",
        "40 S←SCH(S,1,3);TABLEAU T[16300];S←S!'XY';AFFICHER S;TERMINER"),
    "a CHAINE that grows past the longest string": lines(
        "10 CHAINE S;S←'AB'", "20 FAIRE 30 POUR I←1 JUSQUA 20", "30 S←S!S!'C'", "40 TERMINER"),
    "a CHAINE that grows to the last cell": lines(
        "10 TABLEAU T[16374];CHAINE S;S←''", "20 S←S!'AB';AFFICHER LGR(S);ALLER EN 20"),
    "a CHAINE freed, then declared and given again": lines(
        "10 CHAINE S;S←'ABC'!'D';LIBERER S;CHAINE S;S←'E'!'F';AFFICHER S", "20 LIBERER S;S←'G'!'H'"),
    "a CHAINE given in a procedure": lines(
        "10 CHAINE S;S←'A'!'B';&P;AFFICHER S;TERMINER", "20 PROCEDURE &P", "30 S←S!S!'C';RETOUR"),
    "a procedure's own CHAINE that grows to the last cell": lines(
        "10 TABLEAU T[16360];&P;TERMINER", "20 PROCEDURE &P LOCAL M", "30 CHAINE M;M←''",
        "40 M←M!'AB';AFFICHER LGR(M);ALLER EN 40"),
    "a procedure's own CHAINE that shrinks, then grows past what it gave back": lines(
        "10 TABLEAU T[16300];&P;TERMINER", "20 PROCEDURE &P LOCAL M,I", "30 CHAINE M;M←'ABCDEFGHIJ'!''",
        "40 M←SCH(M,1,2)!'';TABLEAU U[70]", "50 FAIRE 60 POUR I←1 JUSQUA 20", "60 M←M!'XY';AFFICHER LGR(M)"),
    "a procedure's own CHAINE given a piece of a text at each pass": lines(
        "10 TABLEAU T[16370];&P;TERMINER", "20 PROCEDURE &P LOCAL M,I", "30 CHAINE M",
        "40 FAIRE 50 POUR I←1 JUSQUA 30", "50 M←SCH('ABCDEFGHIJKLMNOP',1,I);AFFICHER LGR(M)"),
    "a CHAINE of the program given through a reference until the memory is full": lines(
        "10 TABLEAU T[16360];CHAINE S;S←''", "20 &P(S);AFFICHER LGR(S);ALLER EN 20", "30 PROCEDURE &P(B)",
        "40 B←B!'AB';RETOUR"),
    "a procedure's CHAINE given on through a reference, shorter then longer": lines(
        "10 CHAINE S;S←'ABCDEF'!'';&Q;AFFICHER S;TERMINER", "20 PROCEDURE &Q LOCAL M", "30 CHAINE M;M←'XYZ'!''",
        "40 &P(M);&P(M);AFFICHER M;S←M;RETOUR", "50 PROCEDURE &P(B)", "60 B←SCH(B,2,LGR(B))!'Q';RETOUR"),
    "a number's place given through a reference takes no string": lines(
        "10 X←1;&P(X);AFFICHER X;TERMINER", "20 PROCEDURE &P(B)", "30 B←'A'!'B';RETOUR"),
    "an element given through a reference takes no string": lines(
        "10 TABLEAU T[2];&P(T[1]);AFFICHER T[1];TERMINER", "20 PROCEDURE &P(B)", "30 B←'A'!'B';RETOUR"),
    "a value that may be a number, into a procedure's own CHAINE": lines(
        "10 &P('AB');&P(3);TERMINER", "20 PROCEDURE &P(X) LOCAL X,M,I", "30 CHAINE M;FAIRE 40 POUR I←1 JUSQUA 2",
        "40 M←X", "50 AFFICHER M;RETOUR"),
    "a value that may be a number, through a reference to a CHAINE": lines(
        "10 CHAINE S;S←'';&P(S,'AB');AFFICHER S;&P(S,3);TERMINER", "20 PROCEDURE &P(B,X) LOCAL X", "30 B←X;RETOUR"),
    "a value that may be a number, into a CHAINE of the program": lines(
        "10 CHAINE S;S←'';&P('AB');AFFICHER S;&P(3);TERMINER", "20 PROCEDURE &P(X) LOCAL X", "30 S←X;RETOUR"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", STORES)
def test_a_string_stored_into_a_chaine_is_counted_as_the_reference_counts_it(name, profile):
    assert_agrees(STORES[name], profile=profile)


def test_a_string_store_is_written_out_with_the_general_store_beside_it():
    code = listing(STORES["a CHAINE that grows, then shrinks, then grows"])
    assert "if ((_mo := _len(_sv) - _len(v_S)) <= 0 or _MM.used + _mo <= _MM.limit)" in code
    assert "'S' in _GS" not in code  # its CHAINE runs before the loop: declared (holdings.declared_strings)
    assert "except _NameError:" in code and "v_S = _sput('S', _sv)" in code


def test_a_string_through_a_reference_and_into_a_procedures_own_chaine_is_written_out_with_its_call_beside_it():
    ref = listing(STORES["a CHAINE of the program given through a reference until the memory is full"])
    assert "_type(c_B) is _Vars and k_B in c_B.strings and c_B.memory is _MM" in ref and "_rput(_sv, r_B)" in ref
    own = listing(STORES["a procedure's own CHAINE given a piece of a text at each pass"])
    assert "((_mo := _len(_sv) - n_M) <= 0 or _MM.used + _mo <= _MM.limit)" in own
    assert "v_M = _sheld(_sv, n_M, 'M')" in own
    grown = listing(STORES["a procedure's own CHAINE that grows to the last cell"])  # M←M!'AB' adds 2 (appended)
    assert "(_mo := 2) + _MM.used <= _MM.limit" in grown and "v_M = _sv; n_M += _mo" in grown
    unknown = listing(STORES["a value that may be a number, into a procedure's own CHAINE"])
    assert "if _type(_sv) is _str and ((_mo := _len(_sv) - n_M) <= 0" in unknown
