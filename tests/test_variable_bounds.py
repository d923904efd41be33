"""Number variables whose every store keeps them bounded (magnitudes.variable_bounds): sums and products of them
are not tested for overflow; what may grow without end (read in, doubled, given by reference) still is, and
every mode agrees with the reference either way. A value given at the prompt or by the host counts.
"""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.errors import LseError
from machine.lse import magnitudes
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.magnitudes import GIVEN, PASSES, variable_bounds
from machine.lse.parser import parse
from machine.lse.values import new_array
from machine.micro import Micro
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session


def bounds(source: str, unit: str = "&") -> dict[str, float]:
    return variable_bounds(layout(parse(source)))[unit]


# Life's generations: two arrays given in turn to two parameters by reference, each element 0 or 1.
LIFE = ("10 TABLEAU A[4,4],B[4,4];A[2,2]←1\n20 FAIRE 30 POUR G←1 JUSQUA 3\n30 &PAS(A,B);&PAS(B,A)\n"
        "40 AFFICHER A[2,2],B[2,2]\n50 TERMINER\n60 PROCEDURE &PAS(X,Y) LOCAL I,J,N\n70 FAIRE 90 POUR I←2 JUSQUA 3\n"
        "80 FAIRE 90 POUR J←2 JUSQUA 3;N←X[I-1,J]+X[I+1,J]+X[I,J-1]+X[I,J+1]\n"
        "90 Y[I,J]←SI N=2 OU N=3 ALORS 1 SINON 0\n100 RETOUR\n")

FOUND = [
    ("a constant stored bounds a variable by what the monitor may give it", "10 X←5;X←-7\n", {"X": GIVEN}),
    ("a counter stepped by one is bounded by the passes a run can make", "10 I←0\n20 I←I+1;ALLER EN 20\n",
     {"I": GIVEN + PASSES}),
    ("a FAIRE's variable is bounded by its start and step, whatever its limit",
     "10 LIRE N\n20 FAIRE 30 POUR I←1 PAS 2 JUSQUA N\n30 *\n", {"I": GIVEN + 2 * PASSES}),
    ("a sum of bounded terms is bounded", "10 S←0;FAIRE 20 POUR I←1 JUSQUA 10\n20 S←S+I*I\n",
     {"I": GIVEN + PASSES, "S": GIVEN + PASSES * (GIVEN + PASSES) ** 2}),
    ("a variable read in has no bound", "10 LIRE X;Y←X+1\n", {}),
    ("a variable doubled has no bound", "10 X←1\n20 X←X*2;ALLER EN 20\n", {}),
    ("two variables adding each other (Fibonacci) have none", "10 A←1;B←1\n20 A←A+B;B←A+B;ALLER EN 20\n", {}),
    ("a variable given by reference is bounded with what the procedure stores", "10 X←1;&P(X);&P(X)\n20 TERMINER\n"
     "30 PROCEDURE &P(Y)\n40 Y←Y+3;RETOUR\n", {"X": GIVEN + 3 * PASSES}),
    ("a variable given by reference that the procedure doubles has none", "10 X←1;&P(X)\n20 TERMINER\n"
     "30 PROCEDURE &P(Y)\n40 Y←Y*2;RETOUR\n", {}),
    ("two variables given to one parameter by reference share their bound", "10 X←1;B←2;&P(X);&P(B)\n20 TERMINER\n"
     "30 PROCEDURE &P(Y)\n40 Y←Y+1;RETOUR\n", {"X": GIVEN + PASSES, "B": GIVEN + PASSES}),
    ("an element given by reference bounds its array with what the procedure stores",
     "10 TABLEAU A[3];&P(A[2])\n20 TERMINER\n30 PROCEDURE &P(Y)\n40 Y←5;RETOUR\n", {"A": GIVEN}),
    ("an element given by reference and read in leaves its array none",
     "10 TABLEAU A[3];&P(A[2])\n20 TERMINER\n30 PROCEDURE &P(Y)\n40 LIRE Y;RETOUR\n", {}),
    ("a variable never stored has none", "10 AFFICHER X\n", {}),
    ("a quotient by a constant of at least one is smaller by it (and an ulp)", "10 X←1E20\n20 X←X/4;Y←ENT(X/2)\n",
     {"X": 1e20, "Y": 1e20 / 2 * (1 + 2 ** -52) + 1}),
    ("a random number's step, then its remainder, is bounded by the divisor (or what the monitor may give)",
     "10 X←7\n20 X←X*75+74;X←X-ENT(X/65537)*65537;ALLER EN 20\n", {"X": GIVEN}),
    ("so is one written M*ENT(X/M)", "10 X←7\n20 X←X*75+74;X←X-65537*ENT(X/65537);ALLER EN 20\n", {"X": GIVEN}),
    ("a step read before its remainder bounds nothing",
     "10 X←7\n20 X←X*75+74;AFFICHER X;X←X-ENT(X/65537)*65537;ALLER EN 20\n", {}),
    ("a step too large for its remainder to be exact bounds nothing",
     "10 X←7\n20 X←X*1E15+74;X←X-ENT(X/65537)*65537;ALLER EN 20\n", {}),
    ("a number taken down by its digits in base 16 keeps its bound", "10 X←1E20\n20 X←ENT(X/16);ALLER EN 20\n",
     {"X": 1e20}),
    ("a position given back by SCH is bounded", "10 P←1;W←SCH('AB',1,1,P)\n", {"P": 2.0 ** 63}),
    ("an array whose elements add to each other bounded terms is bounded",
     "10 TABLEAU A[9];A[1]←1\n20 FAIRE 30 POUR I←2 JUSQUA 9\n30 A[I]←A[I-1]+I\n",
     {"A": GIVEN + PASSES * (GIVEN + PASSES), "I": GIVEN + PASSES}),
    ("an array whose elements double has none", "10 TABLEAU A[9];A[1]←1\n20 FAIRE 30 POUR I←2 JUSQUA 9\n"
     "30 A[I]←A[I-1]*2\n", {"I": GIVEN + PASSES}),
    ("an array given to a procedure by value has none", "10 TABLEAU A[9];A[1]←1;&P(A)\n20 TERMINER\n"
     "30 PROCEDURE &P(T) LOCAL T\n40 RETOUR\n", {}),
    ("an array given by reference to a procedure that doubles its elements has none",
     "10 TABLEAU A[9];A[1]←1;&P(A)\n20 TERMINER\n30 PROCEDURE &P(T)\n40 T[1]←T[1]*2;RETOUR\n", {}),
    ("an element read in leaves its array none", "10 TABLEAU A[9];A[1]←1;LIRE A[2]\n", {}),
    ("an array given by reference is bounded with what the procedure stores into its elements",
     "10 TABLEAU A[9];A[1]←1;&P(A)\n20 TERMINER\n30 PROCEDURE &P(T)\n40 T[2]←T[1]+3;RETOUR\n",
     {"A": GIVEN + 3 * PASSES}),
    ("two arrays given in turn to two parameters by reference share one bound", LIFE, {"A": GIVEN, "B": GIVEN}),
    ("an array given by reference whose procedure reads in an element has none",
     "10 TABLEAU A[9];&P(A)\n20 TERMINER\n30 PROCEDURE &P(T)\n40 LIRE T[2];RETOUR\n", {}),
    ("an array given by reference to a parameter that is a CHAINE elsewhere has none",
     "10 TABLEAU A[9];A[1]←1;&P(A)\n20 TERMINER\n30 PROCEDURE &P(T)\n40 T[2]←1;RETOUR\n"
     "50 PROCEDURE &Q(T) LOCAL T\n60 CHAINE T;T←'X';RETOUR\n", {}),
    ("an array given by reference and by value has none",
     "10 TABLEAU A[9];A[1]←1;&P(A);&Q(A)\n20 TERMINER\n30 PROCEDURE &P(T)\n40 T[2]←1;RETOUR\n"
     "50 PROCEDURE &Q(T) LOCAL T\n60 RETOUR\n", {}),
]


@pytest.mark.parametrize(("name", "source", "expected"), FOUND, ids=[case[0] for case in FOUND])
def test_a_variable_is_bounded_where_every_store_keeps_it_so(name: str, source: str, expected: dict) -> None:
    found = bounds(source)
    assert {key: value for key, value in found.items() if key in "ABINPSXY"} == expected


def test_a_recursive_procedure_s_parameter_counted_down_is_bounded_by_its_first_argument() -> None:
    source = "10 AFFICHER &F(20)\n20 TERMINER\n30 PROCEDURE &F(N) LOCAL N\n40 SI N<2 ALORS RESULTAT N\n" \
             "50 RESULTAT &F(N-1)+&F(N-2)\n"
    assert bounds(source, "&F") == {"N": GIVEN + 2 * PASSES}  # (what the host may give is the largest start)


def test_a_procedure_s_own_variable_is_apart_from_the_program_s_of_that_name() -> None:
    source = "10 LIRE I;&P\n20 TERMINER\n30 PROCEDURE &P LOCAL I\n40 FAIRE 50 POUR I←1 JUSQUA 3\n50 *\n60 RETOUR\n"
    assert "I" in bounds(source, "&P") and "I" not in bounds(source)


def test_a_pause_bounds_nothing() -> None:
    assert bounds("10 X←1;PAUSE;Y←X+X\n") == {}


SIEVE = ("10 N←3000;TABLEAU T[N];I←2\n20 SI T[I]=1 ALORS ALLER EN 60\n30 J←I*I\n40 SI J>N ALORS ALLER EN 60\n"
         "50 T[J]←1;J←J+I;ALLER EN 40\n60 I←I+1;SI I*I<=N ALORS ALLER EN 20\n70 AFFICHER I,J\n")


def test_sums_and_products_of_bounded_variables_are_not_tested_for_overflow() -> None:
    code = listing(SIEVE)
    assert "_overflow" not in code
    assert "v_J = (v_J + v_I)" in code and "v_J = (v_I * v_I)" in code


def test_a_square_of_a_random_number_kept_by_its_remainder_is_not_tested() -> None:
    code = listing("10 X←7;FAIRE 20 POUR I←1 JUSQUA 9\n20 X←X*75+74;X←X-ENT(X/65537)*65537;Y←X*X;AFFICHER Y\n")
    assert "v_Y = (v_X * v_X)" in code
    assert "v_X = ((v_X * 75.0) + 74.0)" in code  # a chain whose every link is bounded: not even its top


def test_a_sum_of_elements_of_arrays_given_by_reference_is_not_tested_where_they_are_bounded() -> None:
    code = listing(LIFE)
    line = code[code.index("# 80:"):].split("# 90:")[0]
    assert "v_N = " in line and "_overflow()" not in line


def test_a_product_of_a_variable_that_may_grow_without_end_is_still_tested() -> None:
    code = listing("10 X←1.5\n20 X←X*X;AFFICHER X;ALLER EN 20\n")
    assert "_overflow()" in code


PROGRAMS = {
    "the sieve": (SIEVE, []),
    "a square that overflows": ("10 X←1E10\n20 X←X*X;AFFICHER X;ALLER EN 20\n", []),
    "a number read in and squared": ("10 LIRE X\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 Y←X*X*I;AFFICHER Y\n", ["1E200"]),
    "a large constant times a counter": ("10 FAIRE 20 POUR I←1 JUSQUA 3\n20 X←I*1E307;AFFICHER X\n", []),
    "a counter plus the largest number": ("10 X←1.7E308;I←0\n20 I←I+1;Y←X+I*1E300;AFFICHER Y\n", []),
    "Fibonacci until it overflows": ("10 A←1;B←1\n20 A←A+B;B←A+B;ALLER EN 20\n", []),
    "a parameter by reference stepped past the range by its procedure": (
        "10 X←0;FAIRE 20 POUR I←1 JUSQUA 50\n20 &P(X);Y←X*X*X;AFFICHER Y\n30 TERMINER\n40 PROCEDURE &P(V)\n"
        "50 V←V+1E100;RETOUR\n", []),
    "an element by reference tripled by its procedure": (
        "10 TABLEAU A[2];FAIRE 20 POUR I←1 JUSQUA 9\n20 &P(A[1]);&P(B);AFFICHER A[1]*A[1]+B\n30 TERMINER\n"
        "40 PROCEDURE &P(V)\n50 V←V*3+1;RETOUR\n", []),
    "random numbers by remainders": (
        "10 X←7;Y←-3;S←0\n20 FAIRE 30 POUR I←1 JUSQUA 200\n30 X←X*75+74;X←X-ENT(X/65537)*65537;Y←Y*3-1;"
        "Y←Y-7*ENT(Y/7);S←S+X*X+Y\n40 AFFICHER X,Y,S\n", []),
    "a remainder of a step that outgrows it": (
        "10 X←7;FAIRE 20 POUR I←1 JUSQUA 5\n20 X←X*1E15+74;X←X-ENT(X/65537)*65537;AFFICHER X\n", []),
    "life's two arrays given in turn by reference": (LIFE, []),
    "an array by reference whose procedure multiplies it past the range": (
        "10 TABLEAU A[2];A[1]←1E200;FAIRE 20 POUR I←1 JUSQUA 3\n20 &P(A);AFFICHER A[1]+A[2]\n30 TERMINER\n"
        "40 PROCEDURE &P(T)\n50 T[2]←T[1]*1E100;T[1]←T[2];RETOUR\n", []),
    "a recursive procedure's parameter": (
        "10 AFFICHER &F(15)\n20 TERMINER\n30 PROCEDURE &F(N) LOCAL N\n40 SI N<2 ALORS RESULTAT N\n"
        "50 RESULTAT &F(N-1)+&F(N-2)\n", []),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_bounded_and_unbounded_sums(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert_agrees(source, inputs, profile=profile)


@pytest.mark.parametrize(("value", "tested"), [("3", False), ("1E300", True)])
def test_a_value_kept_from_the_prompt_counts_as_one_of_the_variable_s_stores(value: str, tested: bool) -> None:
    session = Session(None)
    session.type(f"X←{value}", "10 X←1", "20 Y←X*X;AFFICHER Y")
    shown = session.type("RE 20")  # REPRENDRE: from line 20, with the variables of the prompt
    assert shown.split()[0] == ("DEPASSEMENT" if tested else "9")
    code = session.micro.runtime.compiled.source
    square = code[code.index("# line 20"):].splitlines()[2]
    assert ("_ck(" in square or "_overflow()" in square) is tested


def test_a_host_call_refuses_a_number_beyond_the_parameter_s_bound() -> None:
    micro = Micro()
    micro.load_text("10 AFFICHER &CARRE(3)\n20 TERMINER\n30 PROCEDURE &CARRE(N) LOCAL N\n40 RESULTAT N*N\n")
    assert micro.call("&CARRE", 4.0)[0] == 16.0 and micro.call("&CARRE", -GIVEN)[0] == GIVEN * GIVEN
    with pytest.raises(LseError, match="ARGUMENT INVALIDE POUR &CARRE N"):
        micro.call("&CARRE", 2 * GIVEN)


def test_a_host_call_refuses_an_array_with_an_element_beyond_the_parameter_s_bound() -> None:
    micro = Micro()
    micro.load_text(LIFE)
    small, large = new_array("X", (4, 4)), new_array("X", (4, 4))
    large[6] = 2 * GIVEN
    assert micro.call("&PAS", small, new_array("Y", (4, 4)))[0] is None
    with pytest.raises(LseError, match="ARGUMENT INVALIDE POUR &PAS X"):
        micro.call("&PAS", large, new_array("Y", (4, 4)))


@pytest.mark.parametrize(("value", "goes_on"), [("9", True), ("-4E9", True), ("1E20", False)])
def test_a_variable_given_more_than_its_bound_at_the_prompt_stops_the_run(tmp_path, value: str, goes_on: bool) -> None:
    session = Session(Disk(tmp_path))
    interrupted(session, "10 V←7;S←0", "20 FAIRE 30 POUR I←1 JUSQUA 100000", "30 S←S+V*V", "40 AFFICHER S")
    session.type(f"V←{value}")
    shown = session.type("CO")
    assert ("RIEN A CONTINUER" not in shown) is goes_on


def test_a_variable_given_each_of_many_variables_is_bounded_once_they_all_are(monkeypatch) -> None:
    count = 500
    stores = ";".join(f"V{at}←1" for at in range(count))
    calls = ";".join(f"&Q(V{at})" for at in range(count))
    source = f"10 {stores}\n20 {calls};TERMINER\n30 PROCEDURE &Q(X) LOCAL X;RETOUR\n"
    sizes = []
    measure = magnitudes.magnitude
    monkeypatch.setattr(magnitudes, "magnitude", lambda *args, **kw: sizes.append(1) or measure(*args, **kw))
    found = variable_bounds(layout(parse(source)))
    assert found["&Q"]["X"] == GIVEN and found["&"]["V7"] == GIVEN
    assert len(sizes) < 10 * count  # (X was worked out again after each V grew: count*count sizes)
