"""Arrays whose every store is a whole constant: sums and products of their elements are neither
tested for overflow nor rounded (holdings.bounded_arrays, pyexpr.exact), and agree with the reference.

A value the monitor gives an element outside the bounds stops the run (linker.arrays_kept).
"""

from __future__ import annotations

import pytest

from machine.errors import LseError
from machine.lse.holdings import ArrayClasses, bounded_arrays
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from machine.lse.values import new_array
from machine.micro import Micro
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

FOUND = [
    ("an array of flags", "10 TABLEAU T[3];T[1]←1;T[2]←0\n", {"T": (0, 1)}),
    ("negative constants widen the bounds", "10 TABLEAU T[3];T[1]←-2;T[2]←5\n", {"T": (-2, 5)}),
    ("an array never stored to holds zeros", "10 TABLEAU T[3];X←T[1]\n", {"T": (0, 0)}),
    ("a store of a computed value", "10 TABLEAU T[3];T[1]←1;T[2]←T[1]+1\n", {}),
    ("a store of a fraction", "10 TABLEAU T[3];T[1]←0.5\n", {}),
    ("an element typed in", "10 TABLEAU T[3];LIRE T[1]\n", {}),
    ("an array typed in", "10 TABLEAU T[3];LIRE T\n", {}),
    ("an element passed to a procedure", "10 TABLEAU T[3];&P(T[1])\n20 TERMINER\n30 PROCEDURE &P(E)\n40 RETOUR\n",
     {}),
    ("an array passed to a procedure", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(E)\n40 RETOUR\n", {}),
    ("a name local to a procedure", "10 TABLEAU T[3];&P\n20 TERMINER\n30 PROCEDURE &P LOCAL T\n40 RETOUR\n", {}),
    ("a name loaded from the disk", "10 TABLEAU T[3];CHARGER T,1,'F'\n", {}),
]


@pytest.mark.parametrize(("name", "source", "expected"), FOUND, ids=[case[0] for case in FOUND])
def test_an_array_is_bounded_when_every_store_to_it_is_a_whole_constant(name: str, source: str, expected) -> None:
    assert bounded_arrays(layout(parse(source))) == expected


# Life's generations: two boards given in turn to two parameters by reference, each cell set by a SI to 1 or 0.
LIFE = ("10 TABLEAU A[5,5],B[5,5];A[2,3]←1;A[3,3]←1;A[4,3]←1\n20 FAIRE 30 POUR G←1 JUSQUA 3\n30 &PAS(A,B);&PAS(B,A)\n"
        "40 AFFICHER A[3,2],A[3,3],B[2,3]\n50 TERMINER\n60 PROCEDURE &PAS(X,Y) LOCAL I,J,N\n"
        "70 FAIRE 90 POUR I←2 JUSQUA 4\n"
        "80 FAIRE 90 POUR J←2 JUSQUA 4;N←X[I-1,J-1]+X[I-1,J]+X[I-1,J+1]+X[I,J-1]+X[I,J+1]+X[I+1,J-1]+X[I+1,J]"
        "+X[I+1,J+1]\n90 Y[I,J]←SI N=3 OU N=2 ET X[I,J]=1 ALORS 1 SINON 0\n100 RETOUR\n")

# With no line run in a frame not its own (the compiler's case: analyses.foreign_lines), a parameter by reference
# and the arrays given to it share one bound.
LENT = [
    ("two boards given in turn to two parameters", LIFE, {"A": (0, 1), "B": (0, 1), "X": (0, 1), "Y": (0, 1)}),
    ("an array given to a procedure that stores nothing", "10 TABLEAU T[3];T[1]←2;&P(T)\n20 TERMINER\n"
     "30 PROCEDURE &P(E)\n40 RETOUR\n", {"T": (0, 2), "E": (0, 2)}),
    ("an element given to a parameter", "10 TABLEAU T[3];&P(T[1])\n20 TERMINER\n30 PROCEDURE &P(E)\n"
     "40 E←-1;RETOUR\n", {}),
    ("an array copied from another element by element", "10 TABLEAU S[3],T[3];S[1]←-4;T[2]←7\n"
     "20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I]←SI I=2 ALORS S[I] SINON 3\n", {"S": (-4, 0), "T": (-4, 7)}),
    ("a parameter whose procedure stores a computed value", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n"
     "30 PROCEDURE &P(E)\n40 E[1]←E[2]+1;RETOUR\n", {}),
    ("a parameter whose procedure reads an element in", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n"
     "30 PROCEDURE &P(E)\n40 LIRE E[1];RETOUR\n", {}),
    ("a parameter whose procedure loads into it", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n"
     "30 PROCEDURE &P(E)\n40 CHARGER E,1,'F';RETOUR\n", {}),
    ("an array given by value", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(E) LOCAL E\n40 RETOUR\n",
     {}),
    ("a parameter given a number", "10 TABLEAU T[3];&P(5)\n20 TERMINER\n30 PROCEDURE &P(E)\n40 RETOUR\n",
     {"T": (0, 0)}),
    ("a parameter of a name another procedure has as its own", "10 TABLEAU T[3];&P(T);&Q\n20 TERMINER\n"
     "30 PROCEDURE &P(E)\n40 RETOUR\n50 PROCEDURE &Q LOCAL E\n60 RETOUR\n", {"T": (0, 0)}),
]


@pytest.mark.parametrize(("name", "source", "expected"), LENT, ids=[case[0] for case in LENT])
def test_an_array_given_by_reference_is_bounded_with_its_parameter_by_every_store_to_either(
        name: str, source: str, expected) -> None:
    assert bounded_arrays(layout(parse(source)), set()) == expected


def copies(count: int) -> str:
    """count arrays, each but the last given an element of the next, the last a constant on the last line."""
    return "10 TABLEAU " + ",".join(f"T{at}[2]" for at in range(count)) + "\n" + "".join(
        f"{20 + 10 * at} T{at}[1]←T{at + 1}[2]\n" for at in range(count - 1)) + f"{10 + 10 * count} T{count - 1}[2]←5\n"


def test_a_chain_of_copies_between_twice_as_many_arrays_settles_with_at_most_about_twice_the_work(monkeypatch) -> None:
    # (every store was worked out again until none widened: a pass per array of the chain, the square of its length)
    calls = [0]
    original = ArrayClasses.range_of

    def counted(self, *args):
        calls[0] += 1
        return original(self, *args)
    monkeypatch.setattr(ArrayClasses, "range_of", counted)
    assert bounded_arrays(layout(parse(copies(200))))["T0"] == (0, 5)
    small = calls[0]
    calls[0] = 0
    bounded_arrays(layout(parse(copies(400))))
    assert 0 < small and calls[0] <= 2.3 * small


def test_where_a_line_may_run_in_another_unit_s_frame_an_array_given_to_a_procedure_has_no_bounds() -> None:
    assert bounded_arrays(layout(parse(LIFE)), {60}) == {}


PROGRAMS = {
    "life's two boards given in turn by reference": LIFE,
    "a board given by reference whose procedure copies a fraction into it": (
        "10 TABLEAU A[3],B[3];A[1]←1;B[2]←0.5\n20 &P(A,B);AFFICHER A[1]+A[2]+A[3]\n30 TERMINER\n"
        "40 PROCEDURE &P(X,Y)\n50 X[2]←Y[2];RETOUR\n"),
    "the eight neighbours of a grid of flags summed": (
        "10 TABLEAU G[5,5];FAIRE 20 POUR I←1 JUSQUA 5\n20 G[I,I]←1;G[I,6-I]←1\n"
        "30 FAIRE 50 POUR I←2 JUSQUA 4\n40 FAIRE 50 POUR J←2 JUSQUA 4\n"
        "50 AFFICHER G[I-1,J-1]+G[I-1,J]+G[I-1,J+1]+G[I,J-1]+G[I,J+1]+G[I+1,J-1]+G[I+1,J]+G[I+1,J+1]\n"),
    "a product up to 2^24 and one past it": (
        "10 TABLEAU T[3];T[1]←4096;T[2]←-4096;T[3]←4097\n"
        "20 AFFICHER[U,F12.0] T[1]*T[1],T[1]*T[2],T[3]*T[3]+1,T[3]*T[3]*T[3],T[3]*T[3]+T[2]*T[2]+1\n"),
    "an element out of range in a sum": "10 TABLEAU T[3];T[1]←1\n20 AFFICHER T[1]+T[4]\n",
    "a sum of a bounded element and a number": "10 TABLEAU T[3];T[1]←1;X←0.1\n20 AFFICHER T[1]+X,T[1]-2*T[1]\n",
    "the largest number plus and times a bounded element": (
        "10 TABLEAU T[3];T[1]←2;T[2]←-2;X←1.7E308\n20 Y←X+T[1];Z←X-T[2];AFFICHER Y,Z\n30 AFFICHER X*T[1]\n"),
    "an element of a constant past 2^24 (no bounded array) added to the largest number": (
        "10 TABLEAU T[2];T[1]←1E301;X←1.7976931E308\n20 X←X+T[1]\n30 AFFICHER X\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_sums_of_bounded_elements(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_a_sum_of_bounded_elements_is_neither_tested_nor_rounded() -> None:
    source = "10 TABLEAU T[3];T[1]←1\n20 FAIRE 30 POUR I←1 JUSQUA 2\n30 X←T[1]+T[2]+T[3]*2\n"
    for profile in (False, True):
        code = listing(source, profile)
        line = code[code.rindex("# 30:"):]
        assert "_overflow" not in line and "_r32" not in line and "_ck(" not in line.split("except")[0]


def test_a_number_plus_a_small_bounded_element_is_not_tested_and_times_one_is() -> None:
    """Adding at most 2 cannot leave the double range (operands.cannot_overflow); multiplying by 2 can."""
    code = listing(PROGRAMS["the largest number plus and times a bounded element"])
    assert "v_Y = (v_X + " in code and "v_Z = (v_X - " in code
    assert "_overflow()" in code[code.index("# 30:"):] or "_ck(" in code[code.index("# 30:"):]


def test_a_sum_of_elements_of_boards_given_by_reference_is_neither_tested_nor_rounded() -> None:
    for profile in (False, True):
        code = listing(LIFE, profile, "console80")
        line = code[code.rindex("# 80:"):code.rindex("# 90:")]
        assert "v_N = (" in line and "_r32" not in line and "_overflow" not in line


def test_a_host_call_refuses_a_board_holding_what_its_bounds_leave_out() -> None:
    micro = Micro()
    micro.load_text(LIFE)
    board, other = new_array("X", (5, 5)), new_array("Y", (5, 5))
    assert micro.call("&PAS", board, other)[0] is None
    board[7] = 2.0
    with pytest.raises(LseError, match="ARGUMENT INVALIDE POUR &PAS X"):
        micro.call("&PAS", board, other)


@pytest.mark.parametrize(("value", "goes_on"), [("1", True), ("0", True), ("0.5", False), ("2", False)])
def test_a_cell_of_a_board_given_by_reference_given_a_value_out_of_its_bounds_at_the_prompt_stops_the_run(
        value: str, goes_on: bool) -> None:
    session = Session(None)
    session.type(*LIFE.replace("20 FAIRE 30 POUR G←1 JUSQUA 3", "20 PAUSE;FAIRE 30 POUR G←1 JUSQUA 3").splitlines())
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type(f"A[3,2]←{value}")
    shown = session.type("CO")
    assert ("RIEN A CONTINUER" not in shown) is goes_on


@pytest.mark.parametrize(("value", "goes_on"), [("1", True), ("0", True), ("0.5", False), ("2", False)])
def test_an_element_given_a_value_out_of_its_bounds_at_the_prompt_stops_the_run(value: str, goes_on: bool) -> None:
    session = Session(None)
    session.type("10 TABLEAU T[2];T[1]←1", "20 PAUSE", "30 AFFICHER T[1]+T[2]")
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type(f"T[2]←{value}")
    shown = session.type("CO")
    assert ("RIEN A CONTINUER" not in shown) is goes_on
    if goes_on:
        assert shown.split()[0] == str(1 + int(value))


@pytest.mark.parametrize(("value", "exact"), [("1", True), ("0.1", False)])
def test_an_array_kept_from_the_prompt_is_bounded_only_if_its_elements_are_within_bounds(
        value: str, exact: bool) -> None:
    session = Session(None, "console80")
    session.type("TABLEAU T[2]", f"T[1]←{value}", "10 TABLEAU T[2]", "20 T[2]←1;FAIRE 30 POUR I←1 JUSQUA 2",
                 "30 X←T[1]+T[2]", "40 AFFICHER[U,F12.9] X-1")
    shown = session.type("RE 20").split()[0]  # REPRENDRE: from line 20, with the variables of the prompt
    assert shown == ("1" if exact else "0.10000002")  # 1 + 1 - 1, or the float32 nearest to 1.1, less 1
    sum_code = next(line for line in session.micro.runtime.compiled.source.splitlines() if "v_X = (" in line)
    assert ("_r32" not in sum_code) is exact


@pytest.mark.parametrize(("value", "exact"), [("1", True), ("7", False)])
def test_a_board_kept_from_the_prompt_out_of_its_bounds_leaves_every_array_of_its_class_unbounded(
        value: str, exact: bool) -> None:
    session = Session(None, "console80")
    program = LIFE.replace("TABLEAU A[5,5],B[5,5]", "TABLEAU B[5,5]")
    session.type("TABLEAU A[5,5]", f"A[1,1]←{value}", *program.splitlines())
    session.type("RE 10")  # REPRENDRE: from line 10, with A as the prompt left it (B, X and Y are of its class)
    source = session.micro.runtime.compiled.source
    neighbours = source[source.index("# line 80"):source.index("# line 90")]
    assert ("_r32" not in neighbours) is exact


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_sum_of_three_thousand_bounded_elements_compiles_and_agrees_with_the_reference(profile: str) -> None:
    # bounds() walks the expression without recursion: a tall one made the compiler overflow Python's stack
    assert_agrees("10 TABLEAU T[2];T[1]←1\n20 X←" + "+".join(["T[1]"] * 3000) + "\n30 AFFICHER X\n", [],
                  profile=profile)
