"""Programs whose loops nest deeper than CPython lets code nest compile, and run as the reference does.

CPython refuses code with more than 20 loops and `try` one inside another; the Micro's nested loops can pass
it where many FAIRE share their last line, and the program is then written again with every unit a dispatch
(linker.TooNested).
"""

from __future__ import annotations

import pytest

from machine.micro import Micro
from tests.lse_harness import run_lse
from tests.oracle.differential import compare, report


def loops_sharing_their_end(count: int) -> str:
    """count FAIRE loops, one inside another, all ending on line 500, each over 1 to N (read)."""
    return ("10 LIRE N;S←0\n" + "".join(f"{20 + at} FAIRE 500 POUR I{at}←1 JUSQUA N\n" for at in range(count))
            + "500 S←S+1\n600 AFFICHER S;TERMINER\n")


@pytest.mark.parametrize("count", [19, 22, 30])
def test_loops_sharing_their_last_line_count_every_pass_however_many_they_are(count):
    result = run_lse(loops_sharing_their_end(count), inputs=["1"])
    assert result.error is None and result.output.split() == ["1"]


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_twenty_two_loops_sharing_their_last_line_agree_with_the_reference(profile):
    result = compare(loops_sharing_their_end(22), ["1"], profile=profile)
    assert not any(result.values()), report(result)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_eighteen_loops_of_two_passes_sharing_their_last_line_agree_with_the_reference(profile):
    source = loops_sharing_their_end(18).replace("20 FAIRE 500 POUR I0←1 JUSQUA N", "20 FAIRE 500 POUR I0←1 JUSQUA 2*N")
    result = compare(source, ["1"], profile=profile)
    assert not any(result.values()), report(result)


def test_sixty_loops_sharing_their_last_line_compile_to_code_in_proportion() -> None:
    # Past DECIDED_LOOPS open at once they are kept at run time: decided, each loop's way out repeated the steps
    # of all the loops around it (132 MB of Python for these 60 lines, 564 MB of memory, 2 s to compile).
    micro = Micro(seed=0)
    micro.load_text(loops_sharing_their_end(60))
    micro.runtime.compile_all()
    assert len(micro.runtime.compiled.source) < 5_000_000
    micro.feed("1")
    micro.run_until_blocked()
    assert micro.runtime.error is None
