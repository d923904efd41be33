"""A case of a unit's dispatch that no code enters is one call, `_unentered()` (pygen.UnitCode.unentered): its
code was written into the cases that run into it. The roots (the unit's entry, a line a RETOUR EN names) and every
case where a jump is computed are kept; every mode agrees with the reference either way.
"""

from __future__ import annotations

import re

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

# A main program that keeps the dispatch: its first lines are a loop of long lines entered at two of them (see
# test_structured_procedures); the loop from line 160 has its end line written where its body runs into it and
# where it jumps to it.
_NAMES = [f"B{number}" for number in range(1, 14)]
_ADDS = ";".join(f"{name}←{name}+Z" for name in _NAMES)
_TWO_ENTRIES = (f"1 {';'.join(f'{name}←0' for name in ['Z', *_NAMES])};SI Z>2 ALORS ALLER EN 4\n"
                f"2 Z←Z+1;{_ADDS}\n3 SI Z>3 ALORS ALLER EN 6\n4 {_ADDS};Z←Z+1\n5 SI Z<9 ALORS ALLER EN 2\n6 *\n")
SEARCH = _TWO_ENTRIES + (
    "10 TABLEAU A[6];N←0\n20 FAIRE 20 POUR I←1 JUSQUA 6;A[I]←7-I\n110 FAIRE 120 POUR I←1 JUSQUA 3\n"
    "120 N←N+A[I]\n130 FAIRE 150 POUR I←1 JUSQUA 5\n140 FAIRE 150 POUR J←1 JUSQUA 6-I\n"
    "150 SI A[J]>A[J+1] ALORS DEBUT W←A[J];A[J]←A[J+1];A[J+1]←W FIN\n155 N←N+1\n"
    "160 FAIRE 170 POUR K←1 JUSQUA 3\n165 SI K=2 ALORS ALLER EN 170\n167 N←N+K*10\n170 *\n180 AFFICHER N,A[1]\n"
    "190 TERMINER\n")
RETURNED = ("10 X←1;&P\n20 AFFICHER 'NON'\n30 TERMINER\n40 AFFICHER 'OUI',X\n50 TERMINER\n60 PROCEDURE &P\n"
            "70 RETOUR EN 40\n")
# (ABS's value is not followed: the jump may go to any line, see test_jump_targets)
COMPUTED = "10 L←ABS(-40)\n20 ALLER EN L\n30 TERMINER\n40 AFFICHER 'OUI'\n50 TERMINER\n"

CASES = {"a loop's end that its body runs into": SEARCH, "a line a RETOUR EN names": RETURNED,
         "a computed jump": COMPUTED}


def unentered_cases(source: str) -> list[str]:
    """The cases of the dispatch written as one call to _unentered (an internal error, if run)."""
    return re.findall(r"(pc <= \d+|pc == \d+|else):\n\s*_unentered\(\)\n", listing(source))


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(CASES))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(CASES[name], (), profile=profile)


def test_a_case_whose_code_was_written_where_it_is_run_into_is_one_call() -> None:
    assert unentered_cases(SEARCH), listing(SEARCH)


def test_a_line_a_retour_en_names_keeps_its_case() -> None:
    code = listing(RETURNED)
    assert "# 40: AFFICHER 'OUI',X" in code and not unentered_cases(RETURNED), code


def test_every_case_is_kept_where_a_jump_is_computed() -> None:
    assert "_goto(" in listing(COMPUTED) and not unentered_cases(COMPUTED)
