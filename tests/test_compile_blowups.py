"""Legal but hostile programs compile in work and memory in proportion to their size (counted, never timed), and
still run as the reference does."""

from __future__ import annotations

import random

import pytest

from machine.lse import pygen
from machine.micro import Micro
from tests.oracle.differential import compare, report


def loops_left_by_jumps(count: int, seed: int = 5) -> str:
    """count FAIRE loops one after the other, each pass jumping at random into another loop's body (so that the
    loops open there are kept at run time)."""
    rng = random.Random(seed)
    lines = ["10 S←0;K←0"]
    for at in range(count):
        lines.append(f"{100 + 20 * at} FAIRE {110 + 20 * at} POUR I←1 JUSQUA 2")
        lines.append(f"{110 + 20 * at} S←S+1;K←K+1;SI K>300 ALORS ALLER EN 65000;"
                     f"SI S>{rng.randrange(50)} ALORS ALLER EN {110 + 20 * rng.randrange(count)}")
    return "\n".join([*lines, "65000 AFFICHER S,K;TERMINER"]) + "\n"


class Walked(list):
    """The blocks a unit's code is written for (pygen.UnitCode.block_ids), counting every block a walk passes."""

    passed = 0

    def __iter__(self):
        for item in super().__iter__():
            Walked.passed += 1
            yield item


def blocks_walked(monkeypatch: pytest.MonkeyPatch, source: str) -> int:
    """How many blocks the walks over each unit's blocks pass while its code is written, compiling source."""
    made = pygen.UnitCode.__init__

    def making(unit: pygen.UnitCode, *args: object, **kwargs: object) -> None:
        made(unit, *args, **kwargs)
        unit.block_ids = Walked(unit.block_ids)
    monkeypatch.setattr(pygen.UnitCode, "__init__", making)
    Walked.passed = 0
    micro = Micro(seed=0)
    micro.load_text(source)
    micro.runtime.compile_all()
    monkeypatch.setattr(pygen.UnitCode, "__init__", made)
    return Walked.passed


def test_twice_as_many_loops_left_by_jumps_walk_the_blocks_at_most_about_twice_as_often(monkeypatch):
    # (the end of each loop's last line walked every block of the unit for the loops ending there: 1 000 such
    # loops took 3.5 s in 3 000 walks of 4 000 blocks, 2 000 of them 7 s)
    small = blocks_walked(monkeypatch, loops_left_by_jumps(400))
    large = blocks_walked(monkeypatch, loops_left_by_jumps(800))
    assert 0 < small and large <= 2.3 * small


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_loops_left_by_jumps_agree_with_the_reference(profile):
    result = compare(loops_left_by_jumps(400), profile=profile)
    assert not any(result.values()), report(result)
