"""The compiler's work grows with the program, not with its square: counted, never timed.

A program twice as long (lines in a straight run, terms of one sum) makes each of the compiler's
walks that once took time in the square of its length (pycharges.ChargePlan.paid_ahead walked the
run from each of its blocks; pyexpr.ExpressionCode.unfailing_after_first walked the chain from each
of its links) do at most about twice the work. bench/compile_scaling.py prints the times.
"""

from __future__ import annotations

import pytest

from machine.lse import pycharges, pyexpr
from tests.lse_harness import run_lse


def straight_lines(count: int) -> str:
    return "10 X←0\n" + "".join(f"{20 + at} X←X+1\n" for at in range(count)) + f"{20 + count} AFFICHER X;TERMINER\n"


def one_sum(count: int) -> str:
    return "10 X←1;Y←" + "+".join(["X"] * count) + "\n20 AFFICHER Y;TERMINER\n"


def counted(monkeypatch: pytest.MonkeyPatch, owner: type, method: str, source: str, printed: str) -> int:
    """How many times compiling and running source calls owner.method (and that it printed what it should)."""
    calls = [0]
    original = getattr(owner, method)

    def counting(*args: object) -> object:
        calls[0] += 1
        return original(*args)
    monkeypatch.setattr(owner, method, counting)
    result = run_lse(source)
    monkeypatch.setattr(owner, method, original)
    assert result.error is None and result.output.split() == [printed]
    return calls[0]


@pytest.mark.parametrize("owner, method, make", [
    (pycharges.ChargePlan, "price_of", straight_lines),
    (pyexpr.ExpressionCode, "number_kind", one_sum),
], ids=["a block's price in a straight run of lines", "an operand's kind in one sum"])
def test_twice_the_program_asks_at_most_about_twice_as_often(monkeypatch, owner, method, make):
    small = counted(monkeypatch, owner, method, make(400), "400")
    large = counted(monkeypatch, owner, method, make(800), "800")
    assert 0 < small and large <= 2.2 * small
