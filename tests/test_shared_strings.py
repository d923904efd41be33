"""A string stored into a CHAINE of the program that a procedure is given by reference (it lives in the table
`_R`) is counted against the memory and tested inline, as Vars.assign does, with the call kept for what the
test refuses. Each program runs in every mode of the Micro against the reference (output, error and line,
cycles), on both machines.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

# (&P stores into a parameter by reference: a procedure that only reads one is given the string itself, passing.py)
GROWN = ("10 CHAINE B;B←'';N←0\n20 FAIRE 30 POUR I←1 JUSQUA 30\n30 B←B!'ABCDEFGHIJKLMNOPQRSTUVWXYZ';&P(B,N)\n"
         "40 AFFICHER LGR(B),N;TERMINER\n100 PROCEDURE &P(S,M)\n110 M←M+LGR(S);RETOUR\n")

PROGRAMS = {
    "a string given by reference grown in a loop": GROWN,
    "grown until the memory is full": GROWN.replace("10 CHAINE B", "10 TABLEAU T[15000];CHAINE B").replace(
        "JUSQUA 30", "JUSQUA 80"),
    "made shorter, then longer again": (
        "10 CHAINE B;B←'ABCDEFGH';N←0\n20 FAIRE 30 POUR I←1 JUSQUA 6\n"
        "30 B←SI I=3 ALORS 'X' SINON B!'YZ';&P(B)\n40 AFFICHER B,N;TERMINER\n"
        "100 PROCEDURE &P(S)\n110 N←N+LGR(S);RETOUR\n"),
    "a name no CHAINE declares given a string": (
        "10 N←0;FAIRE 20 POUR I←1 JUSQUA 2\n20 &P(B);B←'AB'\n30 TERMINER\n100 PROCEDURE &P(S)\n110 N←N+1;RETOUR\n"),
    "a CHAINE that the procedure declares through its parameter": (
        "10 &P(B);FAIRE 20 POUR I←1 JUSQUA 3\n20 B←B!'C';&Q(B)\n30 AFFICHER B;TERMINER\n"
        "100 PROCEDURE &P(S)\n110 CHAINE S;S←'AB';RETOUR\n200 PROCEDURE &Q(T)\n210 AFFICHER T;RETOUR\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_string_given_by_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_a_plain_run_stores_the_string_inline_and_calls_assign_only_for_what_the_test_refuses() -> None:
    code = listing(GROWN)
    assert "'B' in _GS and ((_mo := _len(_sv) - _len(_R.get('B', '')))" in code
    assert "_R['B'] = _sv" in code and "_R.assign('B', _sv)" in code
    assert "_R.assign('B', (" not in code  # (the join itself is no longer given to the call)
