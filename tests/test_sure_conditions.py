"""ET and OU skip a side that can neither fail nor change anything (pysure): a comparison of constants
and of a procedure's variables that every way assigns before it (or its parameters by value).

Each program runs in every mode of the Micro against the reference (output, error and line, cycles), in both
number models; a table says which connective the condition of a line is written with: `or`/`and` where a
side is sure, `|`/`&` (both sides worked out) where neither is, so that an unset variable, a string where a
number is wanted or a call on the skipped side still does what LSE does.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

BINOMIAL = ("10 AFFICHER &C(6,2),&C(5,0)\n20 TERMINER\n100 PROCEDURE &C(N,K) LOCAL N,K\n"
            "110 SI K=0 OU K=N ALORS RESULTAT 1\n120 RESULTAT &C(N-1,K-1)+&C(N-1,K)\n")
ONE_WAY = ("10 LIRE A,B\n20 AFFICHER &F(A,B)\n30 TERMINER\n100 PROCEDURE &F(A,B) LOCAL A,B,X\n"
           "110 SI A=1 ALORS X←1\n120 SI B=1 OU X=1 ALORS RESULTAT 7\n130 RESULTAT 8\n")
TWO_WAYS = ("10 LIRE A,B\n20 AFFICHER &F(A,B)\n30 TERMINER\n100 PROCEDURE &F(A,B) LOCAL A,B,X,Y\n"
            "110 SI A=1 ALORS X←1 SINON Y←2\n120 SI X=1 OU Y=1 ALORS RESULTAT 7\n130 RESULTAT 8\n")
EVERY_WAY = ("10 LIRE A,B\n20 AFFICHER &F(A,B)\n30 TERMINER\n100 PROCEDURE &F(A,B) LOCAL A,B,X\n"
             "110 SI A=1 ALORS X←1 SINON X←2\n120 SI B=1 OU X=1 ALORS RESULTAT 7\n130 RESULTAT 8\n")
GLOBAL_FIRST = ("10 LIRE K\n20 SI K=2 ALORS G←5\n30 AFFICHER &F(K)\n40 TERMINER\n100 PROCEDURE &F(K) LOCAL K\n"
                "110 SI K=1 OU K>G ALORS RESULTAT 1\n120 RESULTAT 0\n")
LOOP_TOP = ("10 AFFICHER &F(3)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N,I,S\n110 S←0\n"
            "120 SI N<1 ET S>5 ALORS RESULTAT S\n130 I←N;S←S+N;N←N-1;ALLER EN 120\n")
LOOP_UNSET = ("10 AFFICHER &F(3)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N,I\n"
              "110 SI N>1 OU I=1 ALORS RESULTAT N\n120 I←N;N←N-1;ALLER EN 110\n")
STRINGS = ("10 LIRE C\n20 AFFICHER &F(C)\n30 TERMINER\n100 PROCEDURE &F(C) LOCAL C,S\n110 CHAINE S;S←'AB'!C\n"
           "120 SI S='ABX' OU NON S<'ABC' ALORS RESULTAT 1\n130 RESULTAT 2\n")
CALL_SIDE = ("10 AFFICHER &F(1)\n20 AFFICHER N\n30 TERMINER\n100 PROCEDURE &F(K) LOCAL K\n"
             "110 SI K=1 OU &G(K)=1 ALORS RESULTAT 1\n120 RESULTAT 0\n200 PROCEDURE &G(K) LOCAL K\n"
             "210 N←K;RESULTAT K\n")
MAIN_ONLY = "10 LIRE A\n20 B←2\n30 SI A=1 OU B=2 ALORS AFFICHER 'OUI'\n40 TERMINER\n"
CONDITIONAL = ("10 AFFICHER &F(2,5)\n20 TERMINER\n100 PROCEDURE &F(A,B) LOCAL A,B\n"
               "110 RESULTAT (SI A>1 ET B<9 ALORS A*B SINON 0)\n")

ARITHMETIC = ("10 AFFICHER &F(3,4),&F(5,1)\n20 TERMINER\n100 PROCEDURE &F(N,K) LOCAL N,K,S\n110 CHAINE S;S←'ABC'\n"
              "120 SI K=N-1 OU K+1>=LGR(S)*2 ET ABS(-K)=ENT(N/2) ALORS RESULTAT 1\n130 RESULTAT 0\n")
PRODUCT = ("10 AFFICHER &F(1,1E200)\n20 TERMINER\n100 PROCEDURE &F(K,X) LOCAL K,X\n"
           "110 SI X*X>0 OU K=1 ALORS RESULTAT 1\n120 RESULTAT 0\n")
ROOT = ("10 AFFICHER &F(1,-1)\n20 TERMINER\n100 PROCEDURE &F(K,X) LOCAL K,X\n"
        "110 SI K=1 OU RAC(X)>0 ALORS RESULTAT 1\n120 RESULTAT 0\n")
ROUNDED = ("10 AFFICHER &F(1,3E38)\n20 TERMINER\n100 PROCEDURE &F(K,X) LOCAL K,X\n"
           "110 SI K=1 OU X+1E38>0 ALORS RESULTAT 1\n120 RESULTAT 0\n")

POSITION = ("10 CHAINE S;S←'ABCD';B←4;C←4\n20 SI B=C ET SCH(S,2,2,B)<=S ALORS AFFICHER 'OUI'\n"
            "30 AFFICHER B\n40 TERMINER\n")
CHANGED = ("10 A←0\n20 SI A=1 OU &F(0)=1 ALORS AFFICHER 'OUI'\n30 TERMINER\n40 PROCEDURE &F(K) LOCAL K\n"
           "50 A←1;RESULTAT K\n")

# name: (source, inputs, line, connective its condition is written with)
CASES = {
    "a parameter by value and another: skipped when the first decides": (BINOMIAL, (), 110, " or "),
    "a local assigned on one way only: worked out first, unset when read": (ONE_WAY, ("2", "1"), 120, " or "),
    "a local assigned on one way only, the way taken": (ONE_WAY, ("1", "2"), 120, " or "),
    "two locals assigned on one way only: both worked out": (TWO_WAYS, ("1", "2"), 120, " | "),
    "two locals assigned on one way only, one unset": (TWO_WAYS, ("2", "1"), 120, " | "),
    "a local assigned on every way": (EVERY_WAY, ("1", "2"), 120, " or "),
    "a global unset in a procedure: worked out first, still an error": (GLOBAL_FIRST, ("1",), 110, " or "),
    "a global set: worked out first": (GLOBAL_FIRST, ("2",), 110, " or "),
    "a local the first pass has assigned on its way round a loop": (LOOP_TOP, (), 120, " and "),
    "a local no way assigns before its first pass: an error": (LOOP_UNSET, (), 110, " or "),
    "strings of a CHAINE local, and NON": (STRINGS, ("X",), 120, " or "),
    "strings of a CHAINE local, the other way": (STRINGS, ("A",), 120, " or "),
    "a call on one side: both worked out, in order": (CALL_SIDE, (), 110, " | "),
    "the main program's variable read in: worked out first": (MAIN_ONLY, ("1",), 30, " or "),
    "a choice inside an expression": (CONDITIONAL, (), 110, " and "),
    "arithmetic that cannot overflow, a length, an absolute value, a whole part": (ARITHMETIC, (), 120, " or "),
    "a product that may overflow is worked out first": (PRODUCT, (), 110, " or "),
    "a sum that single precision may overflow": (ROUNDED, (), 110, " or "),
    "a built-in that may fail is worked out first": (ROOT, (), 110, " or "),
    "a sure side read before a position given back changes it": (POSITION, (), 20, " & "),
    "a sure side read before a call changes it": (CHANGED, (), 20, " | "),
}


def condition_code(source: str, line: int) -> str:
    """The Python lines written for an LSE line (its statements and its condition), joined."""
    found, inside = [], False
    for text in listing(source).splitlines():
        if text.strip().startswith("# "):
            inside = text.strip().startswith(f"# {line}:")
            continue
        if inside:
            found.append(text)
    return "\n".join(found)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(CASES))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    source, inputs, _, _ = CASES[name]
    assert_agrees(source, inputs, profile=profile)


@pytest.mark.parametrize("name", list(CASES))
def test_the_condition_is_written_with_the_connective_its_sides_allow(name: str) -> None:
    source, _, line, connective = CASES[name]
    code = condition_code(source, line)
    assert connective in code, code
    if name.startswith("a local") and "one way" in name or "no way" in name:  # the unsure side first
        assert code.index("(v_X ==" if "one way" in name else "(v_I ==") < code.index(connective), code
    if connective.strip() in ("or", "and"):
        assert " | " not in code and " & " not in code, code


def test_a_call_on_the_other_side_keeps_the_order_it_was_written_in() -> None:
    """&G may change what the sure side reads: both are worked out, the sure side first, as written."""
    code = condition_code(CALL_SIDE, 110)
    assert code.index("(v_K == 1.0)") < code.index(" | ") < code.index("p_G("), code


PAUSED = ("10 A←1;B←2", "20 PAUSE", "30 SI A=1 OU B=2 ALORS AFFICHER 'OUI'", "40 TERMINER")


def test_the_main_programs_variables_set_on_every_way_are_skipped() -> None:
    code = condition_code("\n".join(PAUSED) + "\n", 30)
    assert "or" in code and " | " not in code, code


@pytest.mark.parametrize(("typed", "then"), [("C←1", "OUI"), ("LIBERER A", "VARIABLE A NON AFFECTEE EN LIGNE 40")],
                         ids=["something else set", "the side read first freed: it fails there, as in LSE"])
def test_a_run_paused_before_it_sets_what_a_sure_side_reads_goes_on(typed: str, then: str) -> None:
    """B is unset where the run stopped: every way on to the condition sets it, so the run may go on."""
    session = Session(None)
    session.type("10 A←1", "20 PAUSE", "30 B←2", "40 SI A=1 OU B=2 ALORS AFFICHER 'OUI'", "50 TERMINER")
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type(typed)
    assert then in session.type("CO")


@pytest.mark.parametrize(("typed", "then"), [("LIBERER B", "RIEN A CONTINUER"), ("A←3", "OUI")],
                         ids=["a variable the condition counts on freed: the run stops", "a value changed: it goes on"])
def test_the_prompt_changing_what_a_sure_side_reads_while_the_run_is_stopped(typed: str, then: str) -> None:
    session = Session(None)
    session.type(*PAUSED)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type(typed)
    assert then in session.type("CO")


def test_a_variable_that_a_procedure_may_free_is_never_counted_on() -> None:
    source = ("10 A←1;B←2\n20 &F\n30 SI A=1 OU B=2 ALORS AFFICHER 'OUI'\n40 TERMINER\n50 PROCEDURE &F\n"
              "60 LIBERER B\n70 RETOUR\n")
    code = condition_code(source, 30)
    assert code.index("(v_B == 2.0)") < code.index(" or ") < code.index("(v_A == 1.0)"), code  # B is read
    assert_agrees(source)


def test_single_precision_works_out_a_sum_that_may_pass_its_range_first() -> None:
    """In double, X+1E38 cannot overflow and goes second; in single it may (the reference fails there)."""
    double, single = listing(ROUNDED), listing(ROUNDED, machine="console80")
    assert "((v_K == 1.0) or " in double
    assert "((v_K == 1.0) or " not in single and " or (v_K == 1.0))" in single


def test_arithmetic_of_sure_operands_is_skipped_whole() -> None:
    code = condition_code(ARITHMETIC, 120)
    assert " | " not in code and " & " not in code, code


def test_three_thousand_comparisons_joined_by_et_compile_and_agree_with_the_reference() -> None:
    """sure_kind works without recursion and once per node: a tall condition of elements and sure sides."""
    condition = " ET ".join(["T[1]=0", "K=1"] * 1500)
    source = f"10 TABLEAU T[2];K←1\n20 SI {condition} ALORS AFFICHER 'OUI'\n30 TERMINER\n"
    assert " and " in condition_code(source, 20)
    assert_agrees(source)
