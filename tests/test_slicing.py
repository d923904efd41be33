"""A run at full speed sizes its slices by the host time they take (slicing.SliceSizer): they double while quick,
halve while slow, never fall below the least; what a program prints and the cycles it counts do not change."""

from __future__ import annotations

import io

import pytest

from machine.frontends import slicing, terminal
from machine.frontends.seat import SLICE_CYCLES, Seat
from machine.frontends.slicing import SliceSizer
from machine.micro import Micro
from machine.monitor import Monitor
from machine.profile import load_profile


class Clock:
    """A host clock that a test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("took", "after"), [
    (0.001, 2000),  # well under half the target: doubled
    (0.0049, 2000),
    (0.005, 1000),  # between half and twice the target: kept
    (0.02, 1000),
    (0.0201, 1000),  # slow, but at the least already: kept
])
def test_a_slice_from_the_least_grows_only_when_it_took_less_than_half_the_target(took: float, after: int) -> None:
    clock = Clock()
    sizer = SliceSizer(1000, 0.01, clock)
    clock.now += took
    assert sizer.next() == after


def test_a_grown_slice_halves_when_it_takes_more_than_twice_the_target_and_stops_at_the_least() -> None:
    clock = Clock()
    sizer = SliceSizer(1000, 0.01, clock)
    for _ in range(5):
        clock.now += 0.001
        sizer.next()
    assert sizer.cycles == 32000
    sizes = []
    for _ in range(7):
        clock.now += 0.05
        sizes.append(sizer.next())
    assert sizes == [16000, 8000, 4000, 2000, 1000, 1000, 1000]


def test_a_slice_never_grows_past_the_greatest() -> None:
    clock = Clock()
    sizer = SliceSizer(slicing.GREATEST // 4, 0.01, clock)
    assert [sizer.next() for _ in range(4)] == [slicing.GREATEST // 2, slicing.GREATEST, slicing.GREATEST,
                                                 slicing.GREATEST]


def test_the_time_a_program_waits_is_no_slice_s() -> None:
    clock = Clock()
    sizer = SliceSizer(1000, 0.01, clock)
    clock.now += 5.0  # a person took five seconds to answer
    sizer.waited()
    clock.now += 0.001
    assert sizer.next() == 2000


LONG = ("10 CHAINE S;S←'';FAIRE 20 POUR I←1 JUSQUA 300\n20 S←S!EQC(65+I-ENT(I/26)*26)\n"
        "30 FAIRE 50 POUR K←1 JUSQUA 200\n40 FAIRE 50 POUR I←1 JUSQUA 299\n"
        "50 SI SCH(S,I,1)>SCH(S,I+1,1) ALORS S←SCH(S,1,I-1)!SCH(S,I+1,1)!SCH(S,I,1)!SCH(S,I+2,300)\n"
        "60 AFFICHER SCH(S,1,20)\n70 TERMINER\n")


def headless(source: str, **slicing_options: object) -> tuple[str, int, int]:
    """What a headless run prints, its cycles, and how many slices it took."""
    micro = Micro(load_profile("micro40"))
    micro.load_text(source)
    slices = []
    out = io.StringIO()
    status = terminal.run_headless(micro, speed=None, stdin=io.StringIO(""), stdout=out, stderr=io.StringIO(),
                                   bell=False, on_slice=lambda: slices.append(1), **slicing_options)
    assert status == 0
    return out.getvalue(), micro.cycles, len(slices)


def test_a_headless_run_at_full_speed_takes_fewer_slices_and_prints_and_counts_the_same() -> None:
    sized = headless(LONG)
    fixed = headless(LONG, slice_cycles=terminal.SLICE_CYCLES_MAX)
    assert sized[:2] == fixed[:2] and "ABCDEFGHIJKLMNOPQRST" not in sized[0]
    assert fixed[2] > 20 and sized[2] < fixed[2] / 2


def test_a_seat_at_full_speed_grows_its_slices_and_the_program_ends_as_it_would() -> None:
    micro = Micro(load_profile("micro40"))
    session = Monitor(micro)
    seat = Seat(session, speed=None)
    for line in LONG.splitlines():
        session.submit(line)
    session.submit("EXECUTER")
    frames = 0
    while not seat.run_frame():
        frames += 1
        assert frames < 10_000
    assert seat.sizer.cycles > SLICE_CYCLES
    assert micro.cycles == headless(LONG)[1]
