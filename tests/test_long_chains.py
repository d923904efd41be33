"""Chains of thousands of operations, wherever they stand, run as the reference does, or are refused at their line.

The parser bounds parentheses, not chains (a 10 000-term sum fits a line): a chain is a tree as deep as it is
long, and each question the compiler asks of it recursively stops at operands.DEEPEST (the cautious answer); a
tall expression is computed in steps, each temporary its own (pyexpr.stepwise). Where the writer cannot take it in
steps (a branch of SI...ALORS...SINON, which only one way computes; an index given by reference), the program is
refused at the chain's line, with error 17, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lse_harness import run_lse
from tests.oracle.differential import compare, report

LONG = 2000
PLUS, TIMES = "+0" * LONG, "*1" * LONG

AGREE = {
    "a substring's start": f"10 CHAINE S;S←'ABCDEF'\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 AFFICHER SCH(S,I{PLUS},1)\n",
    "an element's index": f"10 TABLEAU T[5]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T[I{PLUS}]←I;AFFICHER T[I{PLUS}]\n",
    "a computed jump's line": f"10 K←1\n20 ALLER EN 100+0*K{'*K' * LONG}\n100 AFFICHER K\n",
    "a jump after a chain stored": f"10 X←2\n20 X←X{TIMES}\n30 ALLER EN 10*X+20\n40 AFFICHER X\n",
    "two tall values in one AFFICHER": f"10 X←-2.5\n20 AFFICHER ABS(X{PLUS}),ENT(X{TIMES}),RAC(4{PLUS}),CCA(X{PLUS})\n",
    "a counter's step": f"10 I←1\n20 I←I+1{PLUS};AFFICHER I;SI I<4 ALORS ALLER EN 20\n",
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("where", list(AGREE))
def test_a_chain_of_two_thousand_operations_runs_as_the_reference_does(where, profile):
    # (a jump's values, an element's pure key, an affine guess and a position's int shape were asked
    # recursively: RecursionErrors; two tall values of one statement shared their temporaries: -3 -3)
    result = compare(AGREE[where] + "60000 TERMINER\n", profile=profile)
    assert not any(result.values()), report(result)


@pytest.mark.parametrize("source, profiling", [
    (f"10 TABLEAU T[3]\n20 &G(T[1{PLUS}])\n30 TERMINER\n40 PROCEDURE &G(A)\n50 A←1;RETOUR\n", False),
    (f"10 X←1\n20 Y←SI X{PLUS}=1 ALORS X{TIMES} SINON X{PLUS}\n30 AFFICHER Y\n", True),
    (f"10 A←1;X←1\n20 X←(SI A=1 ALORS X{PLUS} SINON 1)+1\n30 AFFICHER X\n", False),
], ids=["an index given by reference", "the arms of SI...ALORS...SINON under --profile",
        "an arm of SI...ALORS...SINON inside an expression"])
def test_a_chain_the_writer_cannot_take_in_steps_is_refused_at_its_line(source, profiling):
    result = run_lse(source, profiling=profiling)
    assert result.error == "EXPRESSION TROP IMBRIQUEE (CHAINE D'OPERATIONS TROP LONGUE) EN LIGNE 20"


# A random program of tests.oracle.randprog with tall values (random_program(Random(30000057), 5, shapes=True,
# tall=True)): its EQN of a tall join at a position written out had been a step of its own (_y83), which the
# inline EQN read as the number written (a ValueError); constants are no steps now (pyexpr.stepwise).
TALL_EQN = (Path(__file__).resolve().parent / "oracle" / "tall_eqn.lse").read_text(encoding="utf-8")


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_random_program_with_a_tall_eqn_at_a_written_position_agrees_with_the_reference(profile):
    result = compare(TALL_EQN, profile=profile)
    assert not any(result.values()), report(result)


def test_a_chain_in_an_arm_too_deep_for_python_s_parentheses_is_refused_at_its_line():
    # (CPython refuses code nested more than 200 parentheses deep: an InternalError, now error 17 at the line)
    result = run_lse(f"10 A←1;X←1\n20 X←(SI A=1 ALORS X{'+0' * 250} SINON 1)+1\n30 AFFICHER X\n")
    assert result.error == "EXPRESSION TROP IMBRIQUEE (CHAINE D'OPERATIONS TROP LONGUE) EN LIGNE 20"


IN_ORDER = {
    "AFFICHER": f"10 AFFICHER &F(1),X{PLUS}\n20 TERMINER\n",
    "a FAIRE's bounds": f"10 FAIRE 20 POUR I←&F(1) JUSQUA X{PLUS}\n20 AFFICHER I\n25 TERMINER\n",
}


@pytest.mark.parametrize("statement", list(IN_ORDER))
def test_a_part_before_a_tall_one_is_evaluated_first(statement):
    # (a tall part's steps are written before its statement: the call before it ran after them, so the run
    # failed on X before &F printed; pystmt.values keeps the parts before a tall one first)
    source = IN_ORDER[statement] + "30 PROCEDURE &F(A) LOCAL A\n40 AFFICHER 'F';RESULTAT A\n"
    result = compare(source)
    assert not any(result.values()), report(result)
    assert run_lse(source).output.split() == ["F"]
