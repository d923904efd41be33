"""A procedure tests the depth of its call only where it may reach the limit (pyflow.call_depths): one that no
procedure on a cycle of calls may call runs no deeper than its longest chain of callers, and a chain shorter
than the machine's max_call_depth (200) cannot fail; a recursive one, or one it calls, may.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from machine.lse.pyflow import call_depths
from tests.oracle.differential import assert_agrees
from tests.oracle.reference import run_reference


def chain(length: int) -> str:
    """A program whose procedure &P1 calls &P2, which calls &P3... up to &P<length>, which prints its depth."""
    lines = ["10 &P1(1)", "20 TERMINER"]
    for k in range(1, length):
        lines.append(f"{100 + 10 * k} PROCEDURE &P{k}(D) LOCAL D;&P{k + 1}(D+1);RETOUR")
    lines.append(f"{100 + 10 * length} PROCEDURE &P{length}(D) LOCAL D;AFFICHER D;RETOUR")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("sites", "again", "expected"), [
    ([("&", 0, "&F")], set(), {"&F": 0}),
    ([("&", 0, "&F"), ("&F", 1, "&G"), ("&G", 2, "&H"), ("&", 3, "&H")], set(), {"&F": 0, "&G": 1, "&H": 2}),
    ([("&", 0, "&F"), ("&F", 1, "&F"), ("&F", 2, "&G")], {"&F"}, {"&F": None, "&G": None}),
    ([("&F", 1, "&G"), ("&G", 2, "&F"), ("&", 0, "&H"), ("&H", 3, "&K")], {"&F", "&G"},
     {"&F": None, "&G": None, "&H": 0, "&K": 1}),
], ids=["called by the program alone", "the longest chain of callers", "called by a recursive procedure",
        "beside a cycle of two"])
def test_a_procedure_runs_no_deeper_than_its_longest_chain_of_callers(sites, again, expected) -> None:
    assert call_depths(sites, again) == expected


@pytest.mark.parametrize("length", [3, 200, 201, 205])
def test_a_long_chain_of_calls_fails_where_the_reference_fails(length: int) -> None:
    source = chain(length)
    outcome = run_reference(source, [])
    if length <= 200:  # &P200 runs at depth 199
        assert outcome.error is None and outcome.output.split()[-1] == str(length), outcome
    else:
        assert outcome.error is not None and "TROP D'APPELS" in outcome.error[1], outcome
    assert_agrees(source, [], profile="micro40")


def test_only_the_procedures_that_may_reach_the_limit_test_the_depth() -> None:
    code = listing(chain(205))
    tested = {line.split("(")[0].split()[-1] for line in code.split("\n    def ")[1:]
              if "if depth >= _MAXD" in line}
    assert tested == {f"p_P{k}" for k in range(201, 206)}
    recursive = listing("10 &F(3)\n20 TERMINER\n100 PROCEDURE &F(N) LOCAL N;SI N>0 ALORS &F(N-1);&G\n110 RETOUR\n"
                        "200 PROCEDURE &G;AFFICHER 1;RETOUR\n")
    assert recursive.count("if depth >= _MAXD") == 2  # &F, and &G that it calls
