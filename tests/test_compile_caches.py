"""The compiler's answers kept for questions asked again: the code written with them is the code written without
them, and each question is worked out once (counted, never timed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from machine.lse import analyses, pycharges, pystructure
from machine.lse.listing import listing
from machine.micro import Micro
from tests.test_compile_scaling import counting_calls

ROOT = Path(__file__).resolve().parent.parent
# Programs whose units the structured writer writes, one whose main program it gives up (compte: the dispatch),
# and one whose main program is written again without its kept ints (wordfreq).
PROGRAMS = ["programs/renard.lse", "programs/compte.lse", "programs/queens.lse", "bench/lse/wordfreq.lse",
            "bench/lse/quicksort.lse", "bench/lse/floydw.lse"]


class Forgetful(dict):
    """A cache that keeps nothing: each question is worked out anew, as before there was a cache."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def forgetting(monkeypatch: pytest.MonkeyPatch, owner: type, attribute: str) -> None:
    """Every instance of `owner` made from now on keeps nothing in its cache `attribute`."""
    made = owner.__init__

    def init(self: object, *args: object) -> None:
        made(self, *args)
        setattr(self, attribute, Forgetful())
    monkeypatch.setattr(owner, "__init__", init)


@pytest.mark.parametrize("path", PROGRAMS)
@pytest.mark.parametrize("profile", [False, True])
def test_the_ways_on_the_structured_writer_keeps_write_the_code_worked_out_anew(
        monkeypatch: pytest.MonkeyPatch, path: str, profile: bool) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    kept = listing(source, profile, "micro40")
    forgetting(monkeypatch, pystructure.StructuredCode, "following")
    assert listing(source, profile, "micro40") == kept


@pytest.mark.parametrize("path", ["programs/renard.lse", "programs/compte.lse", "bench/lse/floydw.lse"])
def test_compiling_asks_where_each_block_goes_a_few_times_not_at_each_way_walked(
        monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    micro = Micro(seed=0)
    micro.load_text((ROOT / path).read_text(encoding="utf-8"))
    asked = counting_calls(monkeypatch, [(analyses, "loop_successors")])
    micro.runtime.compile_all()
    # (the analyses ask it of each block of each unit; the structured writer asked again at each way it walked:
    # 9.6-10 times the blocks, now 4.8-6.5)
    assert asked[0] <= 7 * len(micro.runtime.ir.blocks)


@pytest.mark.parametrize("path", PROGRAMS)
def test_a_walk_that_stops_where_it_meets_its_goal_answers_as_the_whole_walk(
        monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    asked: list[tuple[bool, bool]] = []
    comes_to = pycharges.ChargePlan.comes_to

    def both(self: pycharges.ChargePlan, start: int, around: set[int], goal: int) -> bool:
        found = comes_to(self, start, around, goal)
        budget, walks = self.walk_budget, dict(self.walks)  # (the whole walk asked aside: nothing of it kept)
        asked.append((found, self.walk([start], around, goal)[1]))
        self.walk_budget, self.walks = budget, walks
        return found
    monkeypatch.setattr(pycharges.ChargePlan, "comes_to", both)
    listing((ROOT / path).read_text(encoding="utf-8"), False, "micro40")
    assert asked and all(stopped == whole for stopped, whole in asked)
