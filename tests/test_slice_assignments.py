"""A counted loop whose one statement fills a vector or copies one into another runs a slice's passes as one
list slice assigned (pyslices.slice_assignment), and agrees with the reference where it does and where
its tests send the passes the general way: past the bounds, from 0, into a matrix, within one array, from a
name that holds no number.

Each program runs in every mode of the Micro (including runs stopped by Esc at every short slice and taken
up again), in both number models; the fewest passes assigned at once is lowered to 2 so that small programs
take the slice's way.
"""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.lse import nodes as n
from machine.lse.listing import listing
from machine.lse.operands import signed_terms
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session


@pytest.fixture(autouse=True)
def few_passes_assigned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every counted loop a `for`, and two passes enough to be assigned at once."""
    from machine.lse import pybounds, pyslices

    monkeypatch.setattr(pybounds, "SHORT_PASSES", 0)
    monkeypatch.setattr(pyslices, "BULK_LEAST", 2)
    monkeypatch.setattr(pyslices, "ROW_BULK_LEAST", 2)


SUMS = "S←0;FAIRE 90 POUR K←1 JUSQUA 20\n90 S←S*3+T[K]\n95 AFFICHER S,I\n"

PROGRAMS = {
    "a vector filled with a constant": "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←3 JUSQUA 17\n30 T[I]←7\n80 " + SUMS,
    "filled by steps of 3, counting down by 2, and with offsets": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 PAS 3 JUSQUA 20\n30 T[I]←5\n"
        "40 FAIRE 50 POUR I←18 PAS -2 JUSQUA 1\n50 T[I+1]←2\n60 FAIRE 70 POUR I←2 JUSQUA 9\n70 T[I-1]←T[I-1]\n"
        "75 FAIRE 76 POUR I←12 PAS -1 JUSQUA 6\n76 T[I-3]←1\n80 " + SUMS),
    "a constant that single precision rounds": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←0.1\n40 AFFICHER T[7]*3,T[20]+T[1]\n"
        "80 " + SUMS),
    "filled past its last element: the passes before the error are done": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←5 JUSQUA 25\n30 T[I]←4\n40 TERMINER\n"),
    "filled past its last element by an offset, counting down": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←22 PAS -1 JUSQUA 1\n30 T[I-1]←4\n40 TERMINER\n"),
    "filled from element 0": "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←0 JUSQUA 9\n30 T[I]←4\n40 TERMINER\n",
    "filled below element 1 by an offset, counting down": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←9 PAS -1 JUSQUA 1\n30 T[I-2]←4\n40 " + SUMS),
    "filled with a variable, then one that changes between the loops": (
        "10 TABLEAU T[20];V←3\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←V\n40 V←V*V-1\n"
        "50 FAIRE 60 POUR I←4 JUSQUA 12\n60 T[I]←V\n80 " + SUMS),
    "filled with a variable not yet set": "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←V\n",
    "filled with a string": (
        "10 TABLEAU T[20];CHAINE V;V←'A'\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←V\n"),
    "a matrix given one index": "10 TABLEAU T[4,5]\n20 FAIRE 30 POUR I←1 JUSQUA 4\n30 T[I]←1\n",
    "a name that is no array": "10 T←5\n20 FAIRE 30 POUR I←1 JUSQUA 4\n30 T[I]←1\n",
    "a vector copied into another, with offsets": (
        "10 TABLEAU T[20],W[30]\n20 FAIRE 30 POUR I←1 JUSQUA 30\n30 W[I]←I*I\n"
        "40 FAIRE 50 POUR I←2 JUSQUA 20\n50 T[I-1]←W[I+9]\n60 FAIRE 70 POUR I←20 PAS -3 JUSQUA 4\n70 T[I]←W[I-2]\n"
        "80 " + SUMS),
    "a vector shifted within itself, up and down": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←I\n"
        "40 FAIRE 50 POUR I←1 JUSQUA 12\n50 T[I+1]←T[I]\n60 FAIRE 70 POUR I←19 PAS -1 JUSQUA 15\n70 T[I-1]←T[I]\n"
        "75 FAIRE 76 POUR I←20 PAS -1 JUSQUA 2\n76 T[I]←T[I-1]\n80 " + SUMS),
    "a vector shifted within itself away from the side it writes, by steps of 1 and 2": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←I*I\n"
        "40 FAIRE 50 POUR I←17 PAS -2 JUSQUA 3\n50 T[I+3]←T[I]\n60 FAIRE 70 POUR I←3 JUSQUA 20\n70 T[I-2]←T[I]\n"
        "75 FAIRE 76 POUR I←4 PAS 3 JUSQUA 19\n76 T[I-1]←T[I+1]\n80 " + SUMS),
    "an insertion's shift, by a procedure given the array": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←I\n40 &D(T,18,3);&D(T,19,1);&D(T,5,9)\n80 " + SUMS
        + "98 TERMINER\n100 PROCEDURE &D(A,M,P) LOCAL M,P,I\n110 FAIRE 120 POUR I←M PAS -1 JUSQUA P\n"
        "120 A[I+1]←A[I]\n130 A[P]←0;RETOUR\n"),
    "offsets read from variables: whole, fractional, negative, too great": (
        "10 TABLEAU T[20],W[30]\n20 FAIRE 30 POUR I←1 JUSQUA 30\n30 W[I]←I+I/4\n40 FAIRE 60 POUR R←1 JUSQUA 5\n"
        "45 G←(SI R=1 ALORS 3 SINON SI R=2 ALORS 2.5 SINON SI R=3 ALORS 7 SINON SI R=4 ALORS -2 SINON 12);L←R-1\n"
        "50 FAIRE 60 POUR I←1 JUSQUA 10\n60 T[G+I-1]←W[I+L]\n70 AFFICHER G\n80 " + SUMS),
    "copied by an offset of a fraction that adding the loop's variable rounds up to a whole number": (
        "10 TABLEAU T[20],W[20];G←0.99999999999999989;H←0.99999994\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 W[I]←I\n"
        "40 FAIRE 50 POUR I←1 JUSQUA 12\n50 T[G+I-1]←W[I]\n60 FAIRE 70 POUR I←1 JUSQUA 12\n70 T[I+H+6]←W[I]\n"
        "80 " + SUMS),
    "a fill by offsets of two variables, one of them given at run time": (
        "10 TABLEAU T[20];LIRE K;L←3\n20 FAIRE 30 POUR I←1 JUSQUA 12\n30 T[I+K-L]←K\n80 " + SUMS),
    "an offset read from a variable not yet set": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 12\n30 T[I+K]←1\n"),
    "a vector shifted within itself by a variable's offset, both ways": (
        "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←I*I\n40 FAIRE 60 POUR R←1 JUSQUA 4\n"
        "45 D←(SI R<3 ALORS 1 SINON -1);U←(SI R=1 OU R=3 ALORS 1 SINON -1)\n"
        "50 FAIRE 60 POUR I←(SI U>0 ALORS 3 SINON 17) PAS U JUSQUA (SI U>0 ALORS 17 SINON 3)\n60 T[I+D]←T[I]\n"
        "80 " + SUMS),
    "copied from a shorter vector: the passes before the error are done": (
        "10 TABLEAU T[20],W[8]\n20 FAIRE 30 POUR I←1 JUSQUA 8\n30 W[I]←I+0.5\n"
        "40 FAIRE 50 POUR I←1 JUSQUA 20\n50 T[I]←W[I]\n"),
    "copied from a name that is no array": "10 TABLEAU T[20];W←1\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I]←W[I]\n",
    "copied from a matrix given one index": (
        "10 TABLEAU T[20],W[4,4]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I]←W[I]\n"),
    "an array by reference filled and copied into by a procedure, with an array of its own": (
        "10 TABLEAU T[20]\n20 &P(T,12)\n30 &P(T,20)\n40 &P(T,21)\n80 " + SUMS + "98 TERMINER\n"
        "100 PROCEDURE &P(A,N) LOCAL N,I,W\n110 TABLEAU W[N]\n120 FAIRE 130 POUR I←1 JUSQUA N\n130 W[I]←N\n"
        "140 FAIRE 150 POUR I←1 JUSQUA N\n150 A[I]←W[I]\n160 FAIRE 170 POUR I←2 JUSQUA N\n170 A[I-1]←A[I]\n"
        "180 RETOUR\n"),
    "a matrix's row copied into the next, row after row": (
        "10 TABLEAU P[6,12]\n20 FAIRE 30 POUR K←1 JUSQUA 12\n30 P[1,K]←K*K\n40 FAIRE 60 POUR L←1 JUSQUA 5\n"
        "50 FAIRE 60 POUR K←1 JUSQUA 12\n60 P[L+1,K]←P[L,K]+0\n65 FAIRE 66 POUR L←1 JUSQUA 5\n"
        "66 FAIRE 66 POUR K←1 JUSQUA 12;P[L+1,K]←P[L,K]\n70 S←0;FAIRE 80 POUR L←1 JUSQUA 6\n"
        "80 FAIRE 80 POUR K←1 JUSQUA 12;S←S*3+P[L,K]\n90 AFFICHER S\n"),
    "rows and vectors copied into each other, with offsets, and a row filled": (
        "10 TABLEAU P[4,9],T[20];R←2\n20 FAIRE 30 POUR I←1 JUSQUA 20\n30 T[I]←I\n"
        "40 FAIRE 50 POUR K←2 JUSQUA 8\n50 P[R+1,K+1]←T[K+10]\n60 FAIRE 70 POUR K←9 PAS -1 JUSQUA 1\n"
        "70 T[K]←P[3,K]\n"
        "75 FAIRE 76 POUR K←1 JUSQUA 9\n76 P[R,K]←7\n77 FAIRE 78 POUR K←1 JUSQUA 9\n78 P[1,K]←P[4-1,K]\n"
        "80 " + SUMS + "100 S←0;FAIRE 110 POUR R←1 JUSQUA 4\n"
        "110 FAIRE 110 POUR K←1 JUSQUA 9;S←S*3+P[R,K]\n120 AFFICHER S\n"),
    "a row shifted within itself, both ways": (
        "10 TABLEAU P[3,12]\n20 FAIRE 30 POUR K←1 JUSQUA 12\n30 P[2,K]←K*K\n40 FAIRE 50 POUR K←1 JUSQUA 11\n"
        "50 P[2,K+1]←P[2,K]\n60 FAIRE 70 POUR K←12 PAS -1 JUSQUA 2\n70 P[2,K-1]←P[2,K]\n"
        "75 FAIRE 76 POUR K←11 PAS -1 JUSQUA 1\n76 P[2,K+1]←P[2,K]\n"
        "80 S←0;FAIRE 90 POUR K←1 JUSQUA 12\n90 S←S*3+P[2,K]\n95 AFFICHER S\n"),
    "a row past the matrix's, a fractional row, a row past its columns": (
        "10 TABLEAU P[3,5];LIRE R\n20 FAIRE 30 POUR K←1 JUSQUA 5\n30 P[2,K]←K\n40 R←R+0.5\n"
        "50 FAIRE 60 POUR K←1 JUSQUA 5\n60 P[R,K]←P[2,K]\n65 AFFICHER P[R,3]\n70 FAIRE 80 POUR K←1 JUSQUA 6\n"
        "80 P[1,K]←P[2,K]\n"),
    "a row below the matrix's first": (
        "10 TABLEAU P[3,5];R←0\n20 FAIRE 30 POUR K←1 JUSQUA 5\n30 P[R,K]←1\n"),
    "a long fill that the slices cut": (
        "10 TABLEAU T[3000]\n20 FAIRE 30 POUR I←1 JUSQUA 3000\n30 T[I]←I-I+2\n40 FAIRE 50 POUR I←3 JUSQUA 2997\n"
        "50 T[I]←9\n60 S←0;FAIRE 70 POUR I←1 JUSQUA 3000\n70 S←S+T[I]\n80 AFFICHER S,I\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_fill_or_a_copy(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], ["2"] if "LIRE" in PROGRAMS[name] else [], profile=profile)


ASSIGNED = [
    ("a vector filled with a constant", "= [7.0] * _len(_it)"),
    ("filled with a variable, then one that changes between the loops", "= [_V] * _len(_it)"),
    ("a matrix's row copied into the next, row after row",
     "_T[_it[0] + _al:_it[-1] + _al + (1 if _it.step > 0 else -1):_it.step] = _S[_it[0] + _bl:_it[-1] + _bl"),
    ("a vector copied into another, with offsets",
     "_T[_it[0] - 1:_it[-1] - 1 + (1 if _it.step > 0 else -1):_it.step] = _S[_it[0] + 9:_it[-1] + 9"),
]


@pytest.mark.parametrize(("name", "assigned"), ASSIGNED, ids=[case[0] for case in ASSIGNED])
def test_a_pass_that_fills_or_copies_is_a_slice_assigned_before_the_for(name: str, assigned: str) -> None:
    code = listing(PROGRAMS[name])
    assert assigned in code and "_run = ()" in code


SHIFTS = [
    ("written above what is read: only going down", "T[I+1]←T[I]", "(_S is not _T or _it.step < 0)"),
    ("written below what is read: only going up", "T[I-2]←T[I]", "(_S is not _T or _it.step > 0)"),
    ("written where it is read: only from another vector", "T[I]←T[I]", "and _S is not _T:"),
]


@pytest.mark.parametrize(("name", "pass_", "apart"), SHIFTS, ids=[case[0] for case in SHIFTS])
def test_a_vector_copied_into_itself_is_assigned_at_once_only_going_away_from_what_it_writes(
        name: str, pass_: str, apart: str) -> None:
    assert apart in listing(f"10 TABLEAU T[20]\n20 FAIRE 30 POUR I←3 JUSQUA 19\n30 {pass_}\n")


NOT_ASSIGNED = [
    ("a pass that stores its variable", "10 TABLEAU T[9]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I]←I+1\n"),
    ("a pass of two stores", "10 TABLEAU T[9],W[9]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I]←1;W[I]←2\n"),
    ("a pass that computes its value", "10 TABLEAU T[9],W[9]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I]←W[I]+1\n"),
    ("an index that is twice the variable", "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[2*I]←1\n"),
    ("an index that subtracts the variable", "10 TABLEAU T[20];K←10\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[K-I]←1\n"),
    ("an index that adds the variable twice", "10 TABLEAU T[20]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I+I]←1\n"),
    ("an offset that is a product", "10 TABLEAU T[20];K←2\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I+2*K]←1\n"),
    ("an offset that is a string", "10 TABLEAU T[20];CHAINE K\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I+K]←1\n"),
    ("a matrix's column", "10 TABLEAU T[9,9]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I,2]←1\n"),
    ("a row that the loop's variable names", "10 TABLEAU T[9,9]\n20 FAIRE 30 POUR I←1 JUSQUA 9\n30 T[I,I]←1\n"),
]


@pytest.mark.parametrize(("name", "source"), NOT_ASSIGNED, ids=[case[0] for case in NOT_ASSIGNED])
def test_any_other_pass_is_run_by_the_for_alone(name: str, source: str) -> None:
    assert "_run = ()" not in listing(source)


def test_a_loop_of_fewer_passes_than_the_least_runs_them_by_the_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from machine.lse import pyslices

    monkeypatch.setattr(pyslices, "BULK_LEAST", 8)
    code = listing(PROGRAMS["a vector filled with a constant"])
    assert "_len(_it) > 7 and" in code


def test_a_fill_stopped_at_the_prompt_goes_on_with_the_value_set_there(tmp_path) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 TABLEAU T[3000];V←7", "20 FAIRE 30 POUR I←1 JUSQUA 3000", "30 T[I]←V", "40 TERMINER")
    where = int(float(session.type("? I").split()[0]))
    assert 1 < where < 2900
    session.type("V←9")
    assert "TERMINE" in session.type("CO")
    assert float(session.type(f"? T[{where - 1}]").split()[0]) == 7.0  # filled before the stop
    assert float(session.type(f"? T[{where + 1}]").split()[0]) == 9.0  # and after it, with the new value
    assert float(session.type("? T[3000]").split()[0]) == 9.0


TERMS = [
    ("G+I-1", [(1, "G"), (1, "I"), (-1, 1.0)]),
    ("10-G+I-4", [(1, 10.0), (-1, "G"), (1, "I"), (-1, 4.0)]),
    ("K-(I-L)", [(1, "K"), (-1, "I"), (1, "L")]),
    ("2*K+I", [(1, "*"), (1, "I")]),
    ("I", [(1, "I")]),
]


@pytest.mark.parametrize(("expression", "terms"), TERMS, ids=[case[0] for case in TERMS])
def test_a_sum_is_the_signed_terms_an_index_adds_to_the_loop_s_variable(expression: str, terms: list) -> None:
    expr = parse(f"10 X←{expression}\n").lines[0].statements[0].expr
    found = [(sign, item.name if type(item) is n.Var else item.value if type(item) is n.Num else item.op)
             for sign, item in signed_terms(expr)]
    assert sorted(found, key=repr) == sorted(terms, key=repr)

