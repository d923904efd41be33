"""LIRE of the program's CHAINE is a store of the field read (`M.read_string()`, its cells counted as an assignment
counts them) where the name is a CHAINE when the line runs, else read by name (before its CHAINE, after its
LIBERER: a number). Every mode agrees with the reference either way, on good input, too long a field and input
that ends."""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

COMMANDS = lines(
    "10 CHAINE L;N←0", "20 LIRE L;SI L='FIN' ALORS ALLER EN 50", "30 N←N+LGR(L);AFFICHER L!'/'", "40 ALLER EN 20",
    "50 AFFICHER N", "60 TERMINER")
BEFORE_AND_AFTER = lines(
    "10 LIRE L;AFFICHER L+1", "20 CHAINE L;LIRE L;AFFICHER L!'.'", "30 LIBERER L;LIRE L;AFFICHER L*2",
    "40 TERMINER")
IN_A_PROCEDURE = lines(
    "10 CHAINE L;&LU;&LU;AFFICHER L", "20 TERMINER", "100 PROCEDURE &LU", "110 LIRE L;AFFICHER LGR(L)",
    "120 RETOUR")
PROGRAMS = {"lines read in a loop": COMMANDS, "a name read before its CHAINE and after its LIBERER": BEFORE_AND_AFTER,
            "the program's CHAINE read in a procedure": IN_A_PROCEDURE}
INPUTS = {"words": ["ABC", "DE F", "FIN"], "numbers": ["12", "3", "FIN"], "input that ends": ["ABC"],
          "a field too long": ["A" * 5000, "FIN"], "an empty line": ["", "X", "FIN"]}


def test_a_chaine_of_the_program_read_in_is_a_store_of_the_field_read_where_it_is_one() -> None:
    code = listing(COMMANDS)
    assert "if 'L' in _GS:" in code and "_sv = M.read_string()" in code, code
    assert "M.read_into(G, 'L')" in code  # (the name made no CHAINE by the prompt, or freed: by name)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("given", list(INPUTS))
@pytest.mark.parametrize("name", list(PROGRAMS))
def test_every_mode_agrees_with_the_reference(name: str, given: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], INPUTS[given], profile=profile)
