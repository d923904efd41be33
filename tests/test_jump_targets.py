"""A computed ALLER EN whose value can only be one of a few whole numbers (constants, the program's variables and
array elements that only ever get such values: targets.py) is written as a test of each line among them, not the
jump to any line; every mode agrees with the reference either way, a value that is no line failing as before.
The monitor giving such a variable another value at a pause stops the run; what the prompt left counts.
"""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.lse import ir, targets
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

TAIL = ("100 AFFICHER 'CENT'", "110 TERMINER", "200 AFFICHER 'DEUX CENTS'", "210 TERMINER", "300 AFFICHER 'TROIS'",
        "310 TERMINER")

# The program's first lines (then TAIL), and the lines its jump at line 20 may go to (None: any line).
FOUND = {
    "a constant": (("10 L←200", "20 ALLER EN L"), (200,)),
    "either of two stores": (("10 L←100;SI ALE(0)<0.5 ALORS L←300", "20 ALLER EN L"), (100, 300)),
    "a sum of a variable's values": (("10 K←1;SI ALE(0)<0.5 ALORS K←2", "20 ALLER EN 100*K"), (100, 200)),
    "a table of lines": (("10 TABLEAU T[3];T[1]←300;T[2]←100;E←2", "20 ALLER EN T[E]"), (100, 300)),
    "a table's zeros and a value that is no line": (("10 TABLEAU T[3];T[1]←250", "20 ALLER EN T[1]"), ()),
    "either value of a SI": (("10 E←1", "20 ALLER EN (SI E=1 ALORS 100 SINON 300)"), (100, 300)),
    "a value from another variable": (("10 A←2;B←A*100", "20 ALLER EN B"), (200,)),
    "a store in a procedure": (("10 L←100;&P", "20 ALLER EN L", "30 PROCEDURE &P", "40 L←200", "50 RETOUR"),
                               (100, 200)),
    "a value read in": (("10 LIRE L", "20 ALLER EN L"), None),
    "a built-in's value": (("10 L←ENT(100.5)", "20 ALLER EN L"), None),
    "a function's result": (("10 L←&F", "20 ALLER EN L", "30 PROCEDURE &F", "40 RESULTAT 100"), None),
    "a count that grows": (("10 L←0", "15 L←L+1;SI L<50 ALORS ALLER EN 15", "20 ALLER EN L"), None),
    "a fraction": (("10 L←100.5", "20 ALLER EN L"), None),
    "a loop's variable": (("10 FAIRE 15 POUR L←1 JUSQUA 3", "15 *", "20 ALLER EN 100*L"), None),
    "a variable given to a procedure": (("10 L←100;&P(L)", "20 ALLER EN L", "30 PROCEDURE &P(X)", "40 X←200",
                                         "50 RETOUR"), None),
    "an element given to a procedure": (("10 TABLEAU T[2];T[1]←100;&P(T[1])", "20 ALLER EN T[1]",
                                         "30 PROCEDURE &P(X)", "40 X←200", "50 RETOUR"), None),
    "a procedure's own variable of the name": (("10 L←100;&P", "20 ALLER EN L", "30 PROCEDURE &P LOCAL L",
                                                "40 L←200", "50 RETOUR"), None),
    "a division": (("10 L←400/2", "20 ALLER EN L"), None),
    "CHARGER's status": (("10 L←200;CHARGER X,1,'F',L", "20 ALLER EN L"), None),
    "CHARGER's status in an element": (("10 TABLEAU T[1];T[1]←200;CHARGER X,1,'F',T[1]", "20 ALLER EN T[1]"), None),
}


def jump_lines(source: str, held: dict | None = None) -> tuple[int, ...] | None:
    """The lines the analysis finds for the program's one computed jump."""
    program = parse(source)
    blocks = ir.lower(program)
    found = targets.jump_targets(blocks, layout(program), held or {})
    [jump] = [block.exit for block in blocks.blocks if type(block.exit) is ir.Jump and block.exit.line is None]
    return found.lines.get(id(jump))


@pytest.mark.parametrize("name", list(FOUND))
def test_the_lines_a_computed_jump_may_go_to_are_found_from_every_store(name: str) -> None:
    first, expected = FOUND[name]
    assert jump_lines(lines(*first, *TAIL)) == expected


def test_what_the_prompt_left_in_a_variable_counts_as_a_store() -> None:
    source = lines("10 L←100", "20 ALLER EN L", *TAIL)
    assert jump_lines(source, {"L": 300.0}) == (100, 300)
    assert jump_lines(source, {"L": 0.5}) is None


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(FOUND))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    first, _ = FOUND[name]
    assert_agrees(lines(*first, *TAIL), ("100",), profile=profile)


# A lexer's states chosen by a table, in a loop: the failing values (no line, a fraction, unset) at the end.
STATES = lines(
    "10 TABLEAU S[4];S[1]←100;S[2]←200;S[3]←300;S[4]←150;N←0;E←1", "20 FAIRE 60 POUR I←1 JUSQUA 9",
    "30 ALLER EN S[E]", "100 N←N+1;E←2;ALLER EN 60", "200 N←N+10;E←3;ALLER EN 60", "300 N←N+100;E←1",
    "60 *", "70 AFFICHER N;ALLER EN S[4]", "80 TERMINER")
FAILING = {
    "no line": lines("10 TABLEAU S[2];S[1]←20;S[2]←170", "20 AFFICHER 1;K←2;ALLER EN S[K]", "30 TERMINER"),
    "an unset variable": lines("10 SI ALE(0)>2 ALORS L←30", "20 ALLER EN L", "30 TERMINER"),
    "a line of a procedure": lines("10 L←40;&P", "20 TERMINER", "30 PROCEDURE &P", "35 ALLER EN L",
                                   "40 AFFICHER 'P';RETOUR"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("source", [STATES, *FAILING.values()], ids=["states", *FAILING])
def test_a_jump_among_lines_agrees_with_the_reference_where_it_fails_too(source: str, profile: str) -> None:
    assert_agrees(source, (), profile=profile)


def test_a_jump_among_lines_is_a_test_of_each_not_the_jump_to_any_line() -> None:
    code = listing(STATES)
    assert "_goto(" not in code and "_t == 100.0" in code and "_t == 300.0" in code and "_stray(" in code, code


def test_a_value_that_is_no_line_fails_as_a_jump_to_it() -> None:
    session = Session(None)
    session.type(*FAILING["no line"].splitlines())
    assert "LIGNE 170 INEXISTANTE EN LIGNE 20" in session.type("EX")


@pytest.mark.parametrize(("first", "expected"), [
    ("10 L←100", "RIEN A CONTINUER"),  # 300: a value L never gets, so a line its jump does not test
    ("10 L←100;SI ALE(0)>2 ALORS L←300", "TROIS"),  # 300: a value L may get
], ids=["a value the jump does not test", "a value it tests"])
def test_a_run_whose_jump_variable_the_monitor_changed_goes_on_only_to_a_line_the_jump_tests(
        first: str, expected: str) -> None:
    session = Session(None)
    session.type(first, "20 PAUSE", "30 ALLER EN L", *TAIL)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("L←300")
    assert expected in session.type("CO")


def test_a_run_taken_up_from_a_line_jumps_where_the_prompt_left_its_variable() -> None:
    session = Session(None)
    session.type("10 L←100", "20 ALLER EN L", *TAIL)
    session.type("L←300")
    assert "TROIS" in session.type("RE 20")  # REPRENDRE: from line 20, with the variables of the prompt


@pytest.mark.parametrize("status", ["S", "T[1]"], ids=["a variable", "an element"])
def test_a_jump_by_charger_s_status_goes_where_the_status_says(tmp_path, status: str) -> None:
    session = Session(Disk(tmp_path))  # no file F: the status is -2
    session.type(f"10 TABLEAU T[1];{status}←5", f"20 CHARGER X,1,'F',{status}", f"30 ALLER EN 102+{status}",
                 "100 AFFICHER 'CENT'", "110 TERMINER", "107 AFFICHER 'CENT SEPT'")
    assert "CENT\n" in session.type("EX")
