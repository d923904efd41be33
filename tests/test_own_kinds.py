"""A procedure's own variable is a number unless something in that procedure can make it other
(Layout.is_own_number): a CHAINE or TABLEAU of the same name in another procedure declares that
procedure's own variable, not this one's. So a parameter given only numbers is a Python local even where
another procedure names a string like it (Wetherell's solitaire: &CHANGER's X beside &TEXTE's CHAINE X);
one that its own procedure declares, hands on by reference to a procedure that may declare it, or that a
line the procedure runs from another unit declares, is not; nor is a variable of the program handed so. A line
that another procedure runs (its jump to any line) declares that procedure's name, not this one's.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse.analyses import ForeignLines
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees

# name: (program, whether &F's parameters are Python locals: no table of variables)
PROGRAMS = {
    "a parameter named like another procedure's CHAINE is a number": (
        "10 N←0;FAIRE 20 POUR I←1 JUSQUA 5\n20 &F(I,I*I)\n30 AFFICHER N;&T('AB')\n40 TERMINER\n"
        "100 PROCEDURE &F(I,X) LOCAL I,X\n110 X←X+I;N←N+X\n120 RETOUR\n"
        "200 PROCEDURE &T(S) LOCAL S,X\n210 CHAINE X;X←S!S;AFFICHER X\n220 RETOUR\n", True),
    "a number handed on from a local named like another procedure's CHAINE": (
        "10 &D;&T\n20 TERMINER\n100 PROCEDURE &D LOCAL X\n110 X←3;&F(X);AFFICHER X\n120 RETOUR\n"
        "200 PROCEDURE &F(X) LOCAL X\n210 X←X*2;AFFICHER X\n220 RETOUR\n"
        "300 PROCEDURE &T LOCAL X\n310 CHAINE X;X←'A';AFFICHER X\n320 RETOUR\n", True),
    "a string handed on from a local its own CHAINE declares": (
        "10 &D\n20 TERMINER\n100 PROCEDURE &D LOCAL X\n110 CHAINE X;X←'AB';&F(X);AFFICHER X\n120 RETOUR\n"
        "200 PROCEDURE &F(X) LOCAL X\n210 X←X!'C';AFFICHER X\n220 RETOUR\n", False),
    "a local made a string through a parameter by reference, then handed on by value": (
        "10 &D\n20 TERMINER\n100 PROCEDURE &D LOCAL X\n110 &S(X);&F(X)\n120 RETOUR\n"
        "200 PROCEDURE &S(Y)\n210 CHAINE Y;Y←'XY'\n220 RETOUR\n"
        "300 PROCEDURE &F(Z) LOCAL Z\n310 Z←Z!'!';AFFICHER Z\n320 RETOUR\n", False),
    # (the Micro before this analysis failed this one when resumed: TYPES INCOMPATIBLES Z EN LIGNE 310)
    "a local made a string by a procedure two calls away, through parameters by reference": (
        "10 &D\n20 TERMINER\n100 PROCEDURE &D LOCAL X\n110 &P(X);&F(X)\n120 RETOUR\n"
        "200 PROCEDURE &P(Y)\n210 &Q(Y)\n220 RETOUR\n250 PROCEDURE &Q(W)\n260 CHAINE W;W←'XY'\n270 RETOUR\n"
        "300 PROCEDURE &F(Z) LOCAL Z\n310 Z←Z!'!';AFFICHER Z\n320 RETOUR\n", False),
    "a number given on by reference to a procedure that only reads it": (
        "10 &D\n20 TERMINER\n100 PROCEDURE &D LOCAL X\n110 X←5;&P(X);&F(X)\n120 RETOUR\n"
        "200 PROCEDURE &P(Y)\n210 AFFICHER Y\n220 RETOUR\n"
        "300 PROCEDURE &F(Z) LOCAL Z\n310 Z←Z*3;AFFICHER Z\n320 RETOUR\n", True),
    # (the Micro before this analysis failed these two in every mode: TYPES INCOMPATIBLES Z EN LIGNE 310)
    "a variable of the program made a string through a parameter by reference": (
        "10 &P(X);&F(X);AFFICHER X!'?'\n20 TERMINER\n200 PROCEDURE &P(Y)\n210 CHAINE Y;Y←'XY'\n220 RETOUR\n"
        "300 PROCEDURE &F(Z) LOCAL Z\n310 Z←Z!'!';AFFICHER Z\n320 RETOUR\n", False),
    "a variable of the program made a string two calls away": (
        "10 &P(X);&F(X);AFFICHER X!'?'\n20 TERMINER\n200 PROCEDURE &P(Y)\n210 &Q(Y)\n220 RETOUR\n"
        "250 PROCEDURE &Q(W)\n260 CHAINE W;W←'XY'\n270 RETOUR\n"
        "300 PROCEDURE &F(Z) LOCAL Z\n310 Z←Z!'!';AFFICHER Z\n320 RETOUR\n", False),
    "a local declared by a line of the main program that its procedure runs": (
        "10 &D\n20 TERMINER\n30 CHAINE X;X←'AB';ALLER EN 120\n100 PROCEDURE &D LOCAL X\n110 ALLER EN 30\n"
        "120 &F(X)\n130 RETOUR\n200 PROCEDURE &F(Z) LOCAL Z\n210 Z←Z!'!';AFFICHER Z\n220 RETOUR\n", False),
    "a local declared by a line of the main program that its procedure runs by a jump to any line": (
        "10 &F(12+ALE(0)*0)\n11 TERMINER\n12 CHAINE X;X←'AB';ALLER EN 25\n20 PROCEDURE &F(L) LOCAL L,X\n"
        "22 ALLER EN L\n25 AFFICHER X!'C';RETOUR\n", False),
    "a parameter named like the program's CHAINE, where another procedure jumps to any line": (
        "10 CHAINE X;X←'AB';S←0;FAIRE 20 POUR K←1 JUSQUA 3\n20 S←S+&F(K,K*2)+&G(K)\n30 AFFICHER S,X;TERMINER\n"
        "100 PROCEDURE &F(I,X) LOCAL I,X\n110 RESULTAT X*I+1\n200 PROCEDURE &G(K) LOCAL K,L\n"
        "210 L←220+10*ENT(K/4)\n215 ALLER EN L\n220 RESULTAT K*10\n", True),
    "a number in one call and a string in the next": (
        "10 &D;&E\n20 TERMINER\n100 PROCEDURE &D LOCAL X\n110 X←4;&F(X)\n120 RETOUR\n"
        "200 PROCEDURE &E LOCAL X\n210 CHAINE X;X←'AB';&F(X)\n220 RETOUR\n"
        "300 PROCEDURE &F(Z) LOCAL Z\n310 Z←Z!'!';AFFICHER Z\n320 RETOUR\n", False),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_own_variables(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name][0], [], profile=profile)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_parameter_given_only_numbers_is_a_python_local_whatever_other_procedures_declare(name: str) -> None:
    source, local = PROGRAMS[name]
    code = listing(source)
    procedure = code[code.index("def p_F("):]
    procedure = procedure[:procedure.index("\n    def ") if "\n    def " in procedure else None]
    assert ("_frame(" not in procedure) is local


def runs(lines: set[int], **by_unit: set[int]) -> ForeignLines:
    """Foreign lines (analyses.foreign_lines) with the units that run them."""
    found = ForeignLines(lines)
    found.runs = {f"&{name}": frozenset(run) for name, run in by_unit.items()}
    return found


@pytest.mark.parametrize(("foreign", "own"), [
    (set(), True), ({30}, False), (None, False), (runs({30}, D={30}), False), (runs({30}, E={30}), True)],
    ids=["none", "some, their units not known", "not known", "run by the procedure", "run by another"])
def test_a_line_another_unit_runs_counts_for_the_procedure_that_runs_it(foreign: set[int] | None, own: bool) -> None:
    found = layout(parse(PROGRAMS["a local declared by a line of the main program that its procedure runs"][0]))
    assert found.is_own_number("X", found.units["&D"], foreign) is own


def test_a_parameter_is_of_no_unknown_kind_where_only_another_procedure_runs_lines_not_its_own() -> None:
    name = "a parameter named like the program's CHAINE, where another procedure jumps to any line"
    code = listing(PROGRAMS[name][0])
    procedure = code[code.index("def p_F("):code.index("def p_G(")]
    assert "_cells_of(" not in procedure and "_byval(" not in code, procedure
