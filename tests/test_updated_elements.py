"""A store into the element its value reads (`H[K]←H[K]+1`, a count, a swap's half) goes, in a fast path, to the
position the read kept (pystmt.StatementCode.same_element, pyarray.Element.fast_read): the index is worked out
once. Every mode agrees with the reference on both machines, where the index names no element, where the value
fails after the read, and where the read may not run.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

COUNTS = lines("10 TABLEAU H[10];FAIRE 30 POUR I←1 JUSQUA 500", "20 X←I*37;Q←ENT(X/10)",
               "30 H[X-Q*10+1]←H[X-Q*10+1]+1", "40 AFFICHER H")

PROGRAMS = {
    "digits counted by a computed index": COUNTS,
    "a matrix's element updated, rows and columns computed": lines(
        "10 TABLEAU M[4,5];FAIRE 30 POUR I←1 JUSQUA 60", "20 R←I-ENT(I/4)*4+1;C←ENT(I/13)+1",
        "30 M[R,C]←M[R,C]*2+I", "40 AFFICHER M"),
    "an index past the end, then a fraction": lines(
        "10 TABLEAU T[5];K←2.5;T[K]←T[K]+1;AFFICHER T", "20 K←6;T[K]←T[K]+1;AFFICHER T"),
    "an index never set": lines("10 TABLEAU T[5];T[K]←T[K]+1"),
    "a value failing after the read": lines(
        "10 TABLEAU T[5];K←3;T[K]←7;T[K]←T[K]/(T[K]-7)", "20 AFFICHER T"),
    "the element read twice, and in an arm": lines(
        "10 TABLEAU T[5];FAIRE 20 POUR K←1 JUSQUA 5", "20 J←6-K;T[J]←T[J]*T[J]+(SI K>2 ALORS T[J] SINON K)",
        "30 AFFICHER T"),
    "an array given by reference, updated by its callee": lines(
        "10 TABLEAU T[6];FAIRE 20 POUR K←1 JUSQUA 30", "20 &P(T,K-ENT(K/6)*6+1)", "30 AFFICHER T;TERMINER",
        "40 PROCEDURE &P(A,I) LOCAL I", "50 A[I]←A[I]+I;RETOUR"),
    "a number where the array is expected": lines("10 T←3;K←1;T[K]←T[K]+1"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_a_store_into_the_element_read_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], profile=profile)


def test_the_store_goes_where_the_read_found_the_element() -> None:
    code = listing(COUNTS)
    line = code[code.index("# 30:"):code.index("# 40:")]
    assert "v_H[_at] = (v_H[(_at := _floor(" in line  # the index worked out once, by the read


def test_an_element_read_only_in_an_arm_keeps_no_position() -> None:
    code = listing(lines("10 TABLEAU T[5];FAIRE 20 POUR K←1 JUSQUA 5", "20 J←6-K;T[J]←K+(SI K>2 ALORS T[J] SINON 0)"))
    assert "_at" not in code
