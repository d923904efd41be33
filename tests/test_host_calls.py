"""Calling one procedure of a loaded program from Python, as the book-program tests do."""

import pytest

from machine.errors import LseError
from machine.micro import Micro

PROGRAM = """10 TERMINER
20 PROCEDURE &DOUBLE(N,R) LOCAL N
30 R←N*2;RESULTAT N+1
40 PROCEDURE &BOUCLE(N) LOCAL N
50 ALLER EN 50
"""


def loaded() -> Micro:
    micro = Micro()
    micro.load_text(PROGRAM)
    return micro


def test_a_host_call_returns_the_resultat_and_the_by_reference_values():
    assert loaded().call("&DOUBLE", 4, 0) == (5.0, [None, 8.0])


def test_a_host_call_charges_the_clock():
    micro = loaded()
    micro.call("&DOUBLE", 1, 0)
    assert micro.cycles > 0


@pytest.mark.parametrize("name, args", [("&ABSENT", ()), ("&DOUBLE", (1,))])
def test_a_host_call_of_an_unknown_procedure_or_with_wrong_arguments_fails(name, args):
    with pytest.raises(LseError):
        loaded().call(name, *args)


def test_a_host_call_that_never_ends_is_stopped_by_its_cycle_budget():
    with pytest.raises(LseError):
        loaded().call("&BOUCLE", 1, cycles=100_000)
