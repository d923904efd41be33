"""Single precision: a chain of + - * of whole numbers tested at its top alone (pyoperators.whole_chain)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from machine.errors import LseError
from machine.lse.listing import listing
from machine.lse.numbers import round32
from machine.lse.runtime import Status
from machine.micro import Micro
from machine.profile import load_profile
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_float32_multiples import bits

# X and Y proved whole (ENT of what is read); each chain's top tested alone, its links rounded where it fails.
CHAINS = lines(
    "10 LIRE A,B;X←ENT(A);Y←ENT(B);TABLEAU T[3];T[1]←X;T[2]←Y;T[3]←0;FAIRE 30 POUR K←1 JUSQUA 2",
    "20 AFFICHER X*75+74,(X-1)*6+1,100+10*X,X-Y+1,13*(X+1)-7,2*(Y*3)+X",
    "30 Z←X*75+74;T[3]←T[1]*T[2]-1;AFFICHER Z,T[3]",
    "40 TERMINER")
# Whole numbers near where a link leaves 2^24 or float32's range, and typed as digits.
SIZES = st.one_of(st.integers(-2 ** 25, 2 ** 25), st.integers(-2 ** 128 + 2 ** 104, 2 ** 128 - 2 ** 104),
                  st.sampled_from([223695, 223696, -223696, 2796202, 2796203, 16777215, 16777216, 16777217]))


@pytest.mark.parametrize(("line", "top"), [
    ("Z←X*75+74", "<= 16777142.0"),  # 2^24 - 74: the product within 2^24 too
    ("Z←(X-1)*6+1", "<= 16777215.0"),
    ("Z←100+10*X", "<= 16777116.0"),
    ("Z←13*(X+1)-7", "<= 16777209.0"),
])
def test_a_chain_of_whole_numbers_is_tested_at_its_top_with_the_constants_sizes_taken_from_its_bound(line, top):
    code = listing(lines("10 LIRE A;X←ENT(A);FAIRE 20 POUR K←1 JUSQUA 2", f"20 {line};AFFICHER Z", "30 TERMINER"),
                   machine="console80")  # (in a loop: a line run once is written short, each link a call)
    assert top in code


@pytest.mark.parametrize("line", [
    "Z←(X+1)*Y",  # a link times a variable: 0 hides any size below it
    "Z←(X+Y)*(X-Y)",  # two links under one operation
    "Z←X*75+Y",  # a link plus a variable of no known size
    "Z←X+1",  # one link: its own test
])
def test_a_chain_whose_top_tells_nothing_of_its_links_is_rounded_link_by_link(line):
    code = listing(lines("10 LIRE A,B;X←ENT(A);Y←ENT(B);FAIRE 20 POUR K←1 JUSQUA 2", f"20 {line};AFFICHER Z",
                         "30 TERMINER"),
                   machine="console80")
    assert "<= 1677721" not in code.replace("16777216.0", "")


def test_no_micro40_chain_is_written_so():
    code = listing(lines("10 LIRE A;X←ENT(A);FAIRE 20 POUR K←1 JUSQUA 2", "20 Z←X*75+74;AFFICHER Z", "30 TERMINER"))
    assert "16777142.0" not in code


@settings(max_examples=60, deadline=None)
@given(SIZES, SIZES)
@example(223695, 1)  # 75X + 74 = 16776199: within the top's bound
@example(223696, 1)  # 16776274 ... past X*75's 2^24 only for larger X
@example(16777217, 3)  # X rounded already, its product past 2^24: rounded link by link
@example(2 ** 127, 2 ** 127)  # X*75 past float32's range: DEPASSEMENT DE CAPACITE at its link
@example(-(2 ** 126), 5)
def test_every_mode_agrees_with_the_reference_on_chains_of_whole_numbers_in_single(x, y):
    assert_agrees(CHAINS, [str(x), str(y)], profile="console80")


LINKS = lines("10 LIRE A,B;X←ENT(A);Y←ENT(B);FAIRE 20 POUR K←1 JUSQUA 2",
              "20 Z←X*75+74;W←(X-1)*6+1;V←100+10*X;U←X-Y+1;R←13*(X+1)-7", "30 TERMINER")


def linked(x: float, y: float) -> dict[str, float]:
    """Each chain of LINKS as the reference works it out: every link rounded by round32 (which may overflow)."""
    r = round32
    return {"Z": r(r(x * 75.0) + 74.0), "W": r(r(r(x - 1.0) * 6.0) + 1.0), "V": r(100.0 + r(10.0 * x)),
            "U": r(r(x - y) + 1.0), "R": r(r(13.0 * r(x + 1.0)) - 7.0)}


@settings(max_examples=150, deadline=None)
@given(SIZES, SIZES)
@example(223695, 1)
@example(16777217, 3)
@example(2 ** 127, 1)
@example(4.5e36, 1)  # X*75 within float32's range, its sum too
def test_each_chain_tested_at_its_top_is_bit_for_bit_its_links_rounded_one_by_one(x, y):
    x, y = round32(float(x)), round32(float(y))  # (what LIRE holds: a float32, whole as ENT leaves it)
    try:
        expected = linked(x, y)
    except LseError:
        expected = None
    micro = Micro(load_profile("console80"))
    micro.load_text(LINKS)
    typed = [str(int(x)), str(int(y))]
    while (status := micro.run(10 ** 6)) is Status.WAITING and typed:
        micro.feed(typed.pop(0))
    if expected is None:
        assert (status, micro.error_text()) == (Status.FAILED, "DEPASSEMENT DE CAPACITE EN LIGNE 20")
        return
    assert status is Status.ENDED
    assert {name: bits(micro.runtime.G[name]) for name in expected} == {
        name: bits(value) for name, value in expected.items()}
