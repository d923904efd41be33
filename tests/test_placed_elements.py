"""A store into an element that an earlier statement read, its index's variables unchanged in between, writes
at the position the read worked out (machine/lse/reuse.py, `placed`): `SI G[I,J]=0 ALORS G[I,J]←K`, a swap's
`X←T[I,J];T[I,J]←T[J,I]`. Wherever the index may have changed, or the read went another way than its fast
path, the store works the position out again. And a read of an element just stored takes the value stored
(`HP[J]←V;PL[HP[J]]←J`), unless the element, its index or its array may have changed in between. Every
program here agrees with the reference in every mode."""

from __future__ import annotations

import random
import re

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

PLACES = {
    "a test then a store into a grid": lines(
        "10 TABLEAU G[3,4];J←3", "20 FAIRE 20 POUR I←1 JUSQUA 3;SI G[I,J]=0 ALORS G[I,J]←7+I",
        "30 AFFICHER G[2,3],G[3,2]", "40 TERMINER"),
    "a swap of two elements": lines(
        "10 TABLEAU T[3,3];T[1,2]←4;T[2,1]←9;I←1", "20 FAIRE 20 POUR J←1 JUSQUA 3;X←T[I,J];T[I,J]←T[J,I];T[J,I]←X",
        "30 AFFICHER T[1,2],T[2,1]", "40 TERMINER"),
    "a store on the next line": lines(
        "10 TABLEAU G[4,4];I←2;J←0;A←0", "20 J←J+1;SI G[J+1,I-1]#0 ALORS ALLER EN 40", "30 G[J+1,I-1]←2;A←A+1",
        "40 SI J<3 ALORS ALLER EN 20", "50 AFFICHER A,G[3,1];TERMINER"),
    "a fractional index, the element of its whole part": lines(
        "10 TABLEAU T[4];I←1.75;T[2]←5", "20 I←I+1;SI T[I]>1 ALORS T[I]←T[2]*3", "25 SI I<3 ALORS ALLER EN 20",
        "30 AFFICHER T[2],T[3]", "40 TERMINER"),
    "past a store into another element of the array": lines(
        "10 TABLEAU T[4];T[1]←3", "20 FAIRE 20 POUR I←1 JUSQUA 2;X←T[I];T[I+1]←X+1;T[I]←X*2",
        "30 AFFICHER T[1],T[2],T[3]", "40 TERMINER"),
    "an array by reference": lines(
        "10 TABLEAU T[3];T[2]←6;&P(T,2);AFFICHER T[2]", "20 TERMINER", "100 PROCEDURE &P(A,K) LOCAL K,I",
        "110 FAIRE 110 POUR I←1 JUSQUA 3;SI A[K]>0 ALORS A[K]←-A[K]-I", "120 RETOUR"),
}
# Programs whose store must work the position out again: something between may change the index.
PLACED_AGAIN = {
    "the index's variable stepped": lines(
        "10 TABLEAU T[9];T[1]←3", "20 FAIRE 20 POUR K←1 JUSQUA 3;I←K;X←T[I];I←I+1;T[I]←X+K",
        "30 AFFICHER T[1],T[2],T[3],T[4]", "40 TERMINER"),
    "a call between": lines(
        "10 TABLEAU T[9];T[1]←3", "20 FAIRE 20 POUR K←1 JUSQUA 3;I←K;X←T[I];&P;T[I]←X+K",
        "30 AFFICHER T[1],T[2],T[3],T[4]", "40 TERMINER", "100 PROCEDURE &P", "110 I←I+1", "120 RETOUR"),
    "a parameter by reference that is the index's variable": lines(
        "10 TABLEAU T[9];T[1]←1;X←1;&P(X)", "20 AFFICHER T[1],T[2],T[3],T[4];TERMINER", "100 PROCEDURE &P(Z)",
        "110 FAIRE 110 POUR K←1 JUSQUA 3;SI T[X]>-9 ALORS DEBUT Z←Z+1;T[X]←8+K FIN", "120 RETOUR"),
    "the array declared again": lines(
        "10 TABLEAU T[2,2];T[1,2]←1", "20 FAIRE 20 POUR I←1 JUSQUA 2;SI T[I,2]>-1 ALORS DEBUT TABLEAU T[3,3];"
        "T[I,2]←5 FIN", "30 AFFICHER T[1,2],T[2,2],T[2,1]", "40 TERMINER"),
    "an index read in": lines(
        "10 TABLEAU T[3];T[1]←1", "20 FAIRE 20 POUR K←1 JUSQUA 2;I←K;SI T[I]>-1 ALORS DEBUT LIRE I;T[I]←4+K FIN",
        "30 AFFICHER T[1],T[2],T[3]", "40 TERMINER"),
    "a position given back by SCH": lines(
        "10 TABLEAU T[9];CHAINE S,W;S←'AB CD EF';T[1]←5;P←1", "20 X←T[P];W←SCH(S,P,' ',P);T[P]←X+1;P←P+1",
        "25 SI P<7 ALORS ALLER EN 20", "30 AFFICHER T[1],T[3],T[6],P", "40 TERMINER"),
    "a read that names no element": lines(
        "10 TABLEAU T[3]", "20 FAIRE 20 POUR I←1 JUSQUA 4;SI T[I]=0 ALORS T[I]←1", "30 TERMINER"),
    "a read from a variable that is no array": lines(
        "10 T←3", "20 FAIRE 20 POUR I←1 JUSQUA 4;SI T[I]=0 ALORS T[I]←1", "30 TERMINER"),
}
# A read after a store into its element takes the value stored ...
FORWARDS = {
    "a heap's swap": lines(
        "10 TABLEAU HP[4],PL[4];HP[1]←3;HP[2]←1;I←1", "20 FAIRE 20 POUR J←2 JUSQUA 3;V←HP[I];HP[I]←HP[J];HP[J]←V;"
        "PL[HP[I]]←I;PL[HP[J]]←J", "30 AFFICHER HP[1],HP[2],HP[3],PL[1],PL[3]", "40 TERMINER"),
    "a count kept under a bound": lines(
        "10 TABLEAU NF[5];NF[2]←9", "20 FAIRE 20 POUR J←1 JUSQUA 4;NF[J+1]←NF[J+1]+NF[J]+7;"
        "SI NF[J+1]>=10 ALORS NF[J+1]←NF[J+1]-10", "30 AFFICHER NF[2],NF[3],NF[4],NF[5]", "40 TERMINER"),
    "a fractional index, the same element": lines(
        "10 TABLEAU T[4];I←0.5", "20 I←I+1;T[I]←I*2;X←X+T[I];SI I<3 ALORS ALLER EN 20", "30 AFFICHER X,T[1],T[2]",
        "40 TERMINER"),
}
# ... but not where the element, its index or its array may have changed in between.
NOT_FORWARDED = {
    "another element of the array stored": lines(
        "10 TABLEAU T[4]", "20 FAIRE 20 POUR K←1 JUSQUA 3;I←K;J←4-K;T[I]←1;T[J]←2;X←X+T[I]", "30 AFFICHER X",
        "40 TERMINER"),
    "an index a call changes while the value is worked out": lines(
        "10 TABLEAU T[4]", "20 FAIRE 20 POUR K←1 JUSQUA 2;I←K;T[I]←&F(K);X←X+T[I]", "30 AFFICHER X,T[1],T[2],T[3]",
        "40 TERMINER", "100 PROCEDURE &F(Z) LOCAL Z", "110 I←I+1;RESULTAT Z*10"),
    "an index a position changes": lines(
        "10 TABLEAU T[9];CHAINE S;S←'7 8 9'", "20 FAIRE 20 POUR K←1 JUSQUA 2;P←1;T[P]←CNB(S,P,P);X←X+T[P]",
        "30 AFFICHER X,T[1],T[2]", "40 TERMINER"),
    "the array by reference stored under its other name": lines(
        "10 TABLEAU T[3];&P(T);AFFICHER T[1]", "20 TERMINER", "100 PROCEDURE &P(A) LOCAL K,X",
        "110 FAIRE 110 POUR K←1 JUSQUA 2;T[1]←K;A[1]←5;X←X+T[1]", "120 AFFICHER X;RETOUR"),
    "a store in one arm of a SI": lines(
        "10 TABLEAU T[3]", "20 FAIRE 20 POUR K←1 JUSQUA 3;SI K=2 ALORS T[1]←K;X←X+T[1]", "30 AFFICHER X",
        "40 TERMINER"),
}
INPUTS = {"an index read in": ["2", "3"]}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(FORWARDS) + list(NOT_FORWARDED))
def test_every_mode_agrees_with_the_reference_on_values_stored_then_read(name: str, profile: str) -> None:
    assert_agrees({**FORWARDS, **NOT_FORWARDED}[name], profile=profile)


@pytest.mark.parametrize("name", list(FORWARDS))
def test_a_read_of_an_element_just_stored_takes_the_value_stored(name: str) -> None:
    code = listing(FORWARDS[name])
    kept = {*re.findall(r"\] = \((_w\d+) := ", code), *re.findall(r"_put\(.*\((_w\d+) := ", code),
            *re.findall(r"^\s*(_w\d+) = ", code, re.MULTILINE)}  # (by a store: the value stored, kept)
    assert any(re.search(rf"\b{temp}\b(?! :=)(?! = )", code) for temp in kept), code


@pytest.mark.parametrize("name", list(NOT_FORWARDED))
def test_a_read_after_a_store_that_may_not_be_its_value_reads_the_element(name: str) -> None:
    assert "_w" not in listing(NOT_FORWARDED[name]).replace("_whole", ""), listing(NOT_FORWARDED[name])


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(PLACES) + list(PLACED_AGAIN))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees({**PLACES, **PLACED_AGAIN}[name], INPUTS.get(name, ()), profile=profile)


@pytest.mark.parametrize("name", [name for name in PLACES if "fractional" not in name])
def test_a_store_after_a_read_of_its_element_writes_at_the_kept_position(name: str) -> None:
    assert re.search(r"\[_p\d+\] = ", listing(PLACES[name])), listing(PLACES[name])


@pytest.mark.parametrize("name", [name for name in PLACED_AGAIN if "no element" not in name and "no array" not in name])
def test_a_store_whose_index_may_have_changed_works_its_position_out_again(name: str) -> None:
    code = listing(PLACED_AGAIN[name])
    assert re.search(r"^\s*(try: )?v_T\[.*\] = ", code, re.MULTILINE), code  # (a store in hot code, by a fast path)
    assert not re.search(r"\[_p\d+\] = ", code), code


def test_a_read_that_goes_the_general_way_leaves_no_position_for_the_store() -> None:
    code = listing(PLACES["a test then a store into a grid"])
    assert re.search(r"\(\(_p\d+ := None\) or _rd\(", code), code


def test_an_index_changed_at_a_pause_between_the_read_and_the_store_is_worked_out_again() -> None:
    session = Session(None)
    session.type("10 TABLEAU T[3];T[1]←1;I←1", "20 X←T[I];PAUSE;T[I]←X+5", "30 AFFICHER T[1],T[2];TERMINER")
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("I←2")
    assert session.type("CO").split()[:2] == ["1", "6"]


GRID = ["G[I,J]", "G[J,I]", "G[I+1,J]", "T[I]", "T[J+1]", "T[T[I]+1]"]
STATEMENTS = [
    "SI {e}=0 ALORS {e}←{n}", "SI {e}<{f} ALORS DEBUT X←{e};{e}←{f};{f}←X FIN", "X←{e};{e}←{f};{f}←X",
    "{e}←{e}+1", "SI {e}>2 ALORS {e}←0 SINON {f}←{e}+1", "I←{e}-ENT({e}/3)*3+1", "J←J-ENT(J/3)*2",
    "&BOUGE(I)", "X←{e};I←I+1;{e}←X", "SI {e}#{f} ALORS Y←Y+1;{f}←{e}",
]


def placed_program(rng: random.Random) -> str:
    """A short program that tests and stores, swaps and steps elements of a grid and a vector, changing their
    indices now and then (indices from 1 to 4 that may leave the arrays: the error must be the same too)."""
    body = []
    for _ in range(rng.randint(4, 9)):
        e, f = rng.choice(GRID), rng.choice(GRID)
        statement = rng.choice(STATEMENTS).format(e=e, f=f, n=rng.randint(0, 3))
        body.append(statement if rng.random() < 0.6 or not body else body.pop() + ";" + statement)
    start = f"TABLEAU G[4,4],T[5];I←{rng.randint(1, 3)};J←{rng.randint(1, 3)};X←0;Y←0"
    fill = "FAIRE 30 POUR K←1 JUSQUA 5;T[K]←K-ENT(K/3)*3;G[ENT(K/2)+1,K-ENT(K/4)*3]←K"
    numbered = [f"{10 * at} {text}" for at, text in enumerate([start, fill, *body], 1)]
    ending = len(numbered) * 10 + 10
    return lines(*numbered, f"{ending} AFFICHER X,Y,I,J,T[1],T[2],T[3],G[1,1],G[2,2],G[2,3],G[3,2]",
                 f"{ending + 10} TERMINER", "900 PROCEDURE &BOUGE(Z)", "910 Z←Z-ENT(Z/2)", "920 RETOUR")


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("seed", range(60))
def test_programs_that_store_where_they_read_agree_with_the_reference(seed: int, profile: str) -> None:
    assert_agrees(placed_program(random.Random(seed)), profile=profile)


def test_most_such_programs_store_at_a_kept_position() -> None:
    placing = sum(bool(re.search(r"\[_p\d+\] = ", listing(placed_program(random.Random(seed))))) for seed in range(60))
    assert placing >= 30
