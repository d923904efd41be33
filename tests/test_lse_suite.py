"""The self-checking LSE test suite (tests/lse/*.lse), run in both profiles: double (micro40) and single (console80).

Each program checks the language from the inside, as the LSE test tapes of the 1970s did: every
check prints `OK n` or `ECHEC n: expected / got`, and the program ends with `n TESTS, n REUSSIS`.
formats.lse cannot compare printed text from inside LSE: it prints each format's output after
`n: ` and what it must print after `n= `, and this runner compares the pairs. Errors that stop a
program (a position 0 or negative) are checked here, one small program each.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from machine.lse.runtime import Status
from machine.micro import Micro
from machine.profile import load_profile
from tests.lse_harness import lines

SUITE = Path(__file__).resolve().parent / "lse"
CHECKING = sorted(path for path in SUITE.glob("*.lse") if path.stem != "formats")
PROFILES = ["micro40", "console80"]
SUMMARY = re.compile(r"^(\d+) TESTS, (\d+) REUSSIS$", re.M)
MARK = re.compile(r"^(\d+)([:=]) ", re.M)


def run(path: Path | str, machine: str) -> tuple[str, str | None]:
    micro = Micro(load_profile(machine), seed=1)
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    micro.load_text(path.read_text(encoding="utf-8") if isinstance(path, Path) else path)
    status = micro.run_until_blocked()
    assert status in (Status.ENDED, Status.FAILED)
    return "".join(chunks).replace("\r\n", "\n").replace("\a", ""), micro.error_text()


@pytest.mark.parametrize("machine", PROFILES)
@pytest.mark.parametrize("path", CHECKING, ids=[path.stem for path in CHECKING])
def test_every_check_of_the_lse_suite_succeeds(path, machine):
    output, error = run(path, machine)
    assert error is None
    failures = [line for line in output.splitlines() if line.startswith("ECHEC")]
    assert failures == []
    (total, passed), = SUMMARY.findall(output)
    assert int(total) == int(passed) == output.count("\nOK ") + output.startswith("OK ") > 20


@pytest.mark.parametrize("machine", PROFILES)
def test_every_format_prints_what_it_must(machine):
    output, error = run(SUITE / "formats.lse", machine)
    assert error is None
    marks = list(MARK.finditer(output))
    printed, expected = {}, {}
    for mark, following in zip(marks, marks[1:] + [None]):
        text = output[mark.end():following.start() if following else len(output)]
        (printed if mark.group(2) == ":" else expected)[int(mark.group(1))] = text
    assert len(printed) >= 20
    for number in printed:
        assert printed[number] == expected[number], f"format {number}"


@pytest.mark.parametrize("call", ["SCH('ABC',0,1)", "SCH('ABC',-1,1)", "SCH('ABC',1,-1)", "SCH('ABC',2.5,1)",
                                  "POS('ABC',0,'A')", "POS('ABC',-2,'A')", "PTR('ABC',0)", "PTR('ABC',-1)",
                                  "SKP('ABC',0)", "SKP('ABC',-1)", "GRL('ABC',0)", "GRL('ABC',-3)"])
@pytest.mark.parametrize("machine", PROFILES)
def test_a_position_of_zero_or_less_stops_the_program(call, machine):
    name = call[:3]
    assert run(lines(f"10 X←LGR(CCA(LGR({call})))", "20 TERMINER"), machine)[1] == \
        f"ARGUMENT INVALIDE POUR {name} EN LIGNE 10"
