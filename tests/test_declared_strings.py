"""A string stored into a CHAINE that has surely been declared on every way there is stored with no test of its
declaration (holdings.declared_strings); everywhere else, and where something may free it, the test stays.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles), in both
number models; the monitor freeing such a CHAINE while the run is stopped stops it (linker.declarations_kept).
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

LOOP = "30 FAIRE 40 POUR I←1 JUSQUA 2\n40 S←'AB'!EQC(64+I)\n"  # (S is not read: it may be unset)
PROGRAMS = {
    "declared before a loop that stores into it": ("10 CHAINE S\n20 S←''\n" + LOOP + "50 AFFICHER S\n", ()),
    "declared on one way of a SI only, and that way taken": (
        "10 LIRE K\n20 SI K=1 ALORS DEBUT CHAINE S;S←'' FIN\n" + LOOP + "50 AFFICHER S\n", ("1",)),
    "declared on one way of a SI only, and the other taken: the store fails": (
        "10 LIRE K\n20 SI K=1 ALORS DEBUT CHAINE S;S←'' FIN\n" + LOOP + "50 AFFICHER S\n", ("0",)),
    "a RETOUR EN that comes back past the CHAINE": (
        "10 &P\n20 CHAINE S;S←''\n" + LOOP + "50 AFFICHER S;TERMINER\n60 PROCEDURE &P\n70 RETOUR EN 30\n", ()),
    "a computed ALLER EN past the CHAINE": ("10 L←30;ALLER EN L\n20 CHAINE S;S←''\n" + LOOP + "50 AFFICHER S\n", ()),
    "a procedure that frees it between two stores": (
        "10 CHAINE S;S←''\n20 FAIRE 40 POUR I←1 JUSQUA 3\n30 S←'AB'!EQC(64+I)\n40 &P\n50 AFFICHER S;TERMINER\n"
        "60 PROCEDURE &P\n70 LIBERER S;RETOUR\n", ()),
    "a jump back before the CHAINE, declared the first time round": (
        "10 K←0\n20 K←K+1;SI K>1 ALORS ALLER EN 40\n30 CHAINE S;S←''\n40 S←S!'AB'\n50 SI K<3 ALORS ALLER EN 20\n"
        "60 AFFICHER S\n", ()),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_store_into_a_chaine_agrees_with_the_reference(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert_agrees(source, inputs, profile=profile)


TESTED = [  # (case, program, the line of the store in a loop, whether its declaration is tested)
    ("declared before a loop: untested", PROGRAMS["declared before a loop that stores into it"][0], 40, False),
    ("declared on one way of a SI: tested", PROGRAMS["declared on one way of a SI only, and that way taken"][0], 40,
     True),
    ("a RETOUR EN comes back past it: tested", PROGRAMS["a RETOUR EN that comes back past the CHAINE"][0], 40, True),
    ("a computed jump may pass it: tested", PROGRAMS["a computed ALLER EN past the CHAINE"][0], 40, True),
    ("a LIBERER may free it: tested", PROGRAMS["a procedure that frees it between two stores"][0], 30, True),
    ("CHARGER may load it: tested", "10 CHAINE S;S←''\n20 FAIRE 30 POUR I←1 JUSQUA 2\n30 S←S!'A'\n"
     "40 CHARGER S,1,'F'\n", 30, True),
]


@pytest.mark.parametrize(("name", "source", "line", "tested"), TESTED, ids=[case[0] for case in TESTED])
def test_the_loops_store_tests_the_declaration_only_where_some_way_misses_it(name: str, source: str, line: int,
                                                                             tested: bool) -> None:
    code = listing(source)
    store = code[code.index(f"# {line}:"):].split(f"# {line + 10}:")[0]
    assert "v_S = _sv" in store
    assert ("'S' in _GS" in store) is tested


MONITORED = ("10 CHAINE S;S←'A'", "20 PAUSE", "30 FAIRE 40 POUR I←1 JUSQUA 2", "40 S←S!'B'", "50 AFFICHER S")


def test_a_chaine_freed_at_the_prompt_while_the_run_is_stopped_stops_it() -> None:
    session = Session(None)
    session.type(*MONITORED)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("LIBERER S")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_run_stopped_after_its_chaine_goes_on_when_the_prompt_leaves_it() -> None:
    session = Session(None)
    session.type(*MONITORED)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    assert "ABB" in session.type("CO")
