"""Chains of thousands of operations, wherever they stand, run as the reference does.

The parser bounds parentheses, not chains (a 10 000-term sum fits a line): a chain is a tree as deep as it is
long, and each question the compiler asks of it recursively stops at operands.DEEPEST (the cautious answer); a
tall expression is computed in steps, each temporary its own (pyexpr.stepwise): an arm of SI...ALORS...SINON
inside its branch of a Python `if`, a procedure's arguments before its call but those given by reference.
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


STEPPED = {
    "an index given by reference": f"10 TABLEAU T[3]\n20 &G(T[1{PLUS}])\n25 AFFICHER T[1]\n30 TERMINER\n"
                                   "40 PROCEDURE &G(A)\n50 A←1;RETOUR\n",
    "the arms of SI...ALORS...SINON": f"10 X←1\n20 Y←SI X{PLUS}=1 ALORS X{TIMES} SINON X{PLUS}\n30 AFFICHER Y\n",
    "an arm inside an expression": f"10 A←1;X←1\n20 X←(SI A=1 ALORS X{PLUS} SINON 1)+1\n30 AFFICHER X\n",
    "an arm past CPython's 200 parentheses": f"10 A←1;X←1\n20 X←(SI A=1 ALORS X{'+0' * 250} SINON 1)+1\n"
                                             "30 AFFICHER X\n",
    "arms within arms": f"10 A←1;X←1\n20 X←(SI A=1 ALORS (SI A=2 ALORS 3 SINON X{PLUS}) SINON 1)+"
                        f"(SI A#1 ALORS X SINON 2{TIMES})\n30 AFFICHER X\n",
    "a call's arguments, one by reference": f"10 TABLEAU T[3];CHAINE S\n20 S←'AB';X←2;&G(T[1{PLUS}],S,X{PLUS},Y,"
                                            f"S{'!S' * 300})\n25 AFFICHER T[1],S,Y\n30 TERMINER\n"
                                            "40 PROCEDURE &G(A,B,C,D,E) LOCAL C,E\n50 A←C;B←'Z';D←LGR(E);RETOUR\n",
    "an index's tall arithmetic, neither rounded nor checked": f"10 TABLEAU T[3];X←1E300\n20 AFFICHER 1{PLUS}+"
                                                              f"T[X*1E300{PLUS}]\n",
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("where", list(STEPPED))
def test_a_chain_once_refused_is_computed_in_steps_as_the_reference_computes_it(where, profile):
    # (these were refused at their line with error 17, EXPRESSION TROP IMBRIQUEE: the writer could take in steps
    # neither an arm of a conditional value, nor a call's arguments; and an index's steps were computed as values,
    # DEPASSEMENT DE CAPACITE where the index is INFINI)
    result = compare(STEPPED[where] + "60000 TERMINER\n", profile=profile)
    assert not any(result.values()), report(result)


# A random program of tests.oracle.randprog with tall values (random_program(Random(30000057), 5, shapes=True,
# tall=True)): its EQN of a tall join at a position written out had been a step of its own (_y83), which the
# inline EQN read as the number written (a ValueError); constants are no steps now (pyexpr.stepwise).
TALL_EQN = (Path(__file__).resolve().parent / "oracle" / "tall_eqn.lse").read_text(encoding="utf-8")


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_random_program_with_a_tall_eqn_at_a_written_position_agrees_with_the_reference(profile):
    result = compare(TALL_EQN, profile=profile)
    assert not any(result.values()), report(result)


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


ONE_FUNCTION = "30 TERMINER\n40 PROCEDURE &F(A, B) LOCAL B\n50 A←B;RESULTAT 2\n"
BY_REFERENCE = {
    "a tall argument": (f"10 Y←&F(X, 1{PLUS})+1\n20 AFFICHER X,Y\n" + ONE_FUNCTION, ["1", "3"]),
    "a call in a tall value": (f"10 Y←&F(X, 1){PLUS}\n20 AFFICHER X,Y\n" + ONE_FUNCTION, ["1", "2"]),
}


@pytest.mark.parametrize("where", list(BY_REFERENCE))
def test_a_name_given_by_reference_beside_a_tall_argument_is_not_read(where):
    # (the steps read every argument first, a name given by reference too: VARIABLE X NON AFFECTEE)
    source, printed = BY_REFERENCE[where]
    result = compare(source)
    assert not any(result.values()), report(result)
    assert run_lse(source).output.split() == printed


WORDS = "!U!'AB'!'C'" * 20


def test_a_tall_join_with_words_written_out_is_paid_once():
    # (a join's steps were each paid, then the join of its last two parts and the words after them was written
    # again from its first parts and paid again: plain runs spent 435 710 cycles where the reference spends 231 890)
    source = f"10 CHAINE S,U;S←'X';U←'YZ'\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 AFFICHER SCH(S{WORDS},I,2)\n"
    result = compare(source)
    assert not any(result.values()), report(result)
    assert run_lse(source).cycles == 231890
