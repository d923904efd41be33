"""Parameters by value that a procedure only reads are Python locals (ownership.held_params), whatever the
call gives them: a string, a number, an array; the memory their strings and arrays hold is taken at the
call, all or none, and given back when it ends, as the table of variables it replaces did.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles); where
a program ends with an error, the reference's message is checked too, so that no program passes by
failing early the same way everywhere.
"""

from __future__ import annotations

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees
from tests.oracle.reference import run_reference

FULL = 16384 - 10  # an array that leaves 10 cells of micro40's memory for strings

# name: (program, the reference's error, or None where it ends well)
PROGRAMS = {
    "a string reversed by a recursive function whose parameter is its CHAINE": (
        "10 CHAINE R;FAIRE 20 POUR I←1 JUSQUA 12\n20 R←&INV(SCH('ABCDEFGHIJKLM',1,I));AFFICHER R\n30 TERMINER\n"
        "100 PROCEDURE &INV(S) LOCAL S\n110 CHAINE S\n120 SI LGR(S)<2 ALORS RESULTAT S\n"
        "130 RESULTAT &INV(SCH(S,2,LGR(S)-1))!SCH(S,1,1)\n", None),
    "a string read without a CHAINE": (
        "10 AFFICHER &F('ABC'),&F('')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 RESULTAT LGR(S!S)\n", None),
    "a number given where a string is read": (
        "10 AFFICHER &F(3)\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 RESULTAT LGR(S)\n", "TYPES INCOMPATIBLES"),
    "a number given to a parameter its CHAINE declares": (
        "10 AFFICHER &F('A');AFFICHER &F(3)\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 CHAINE S\n"
        "120 RESULTAT S!S\n", "DEJA DECLAREE"),
    "a string one call, a number the next": (
        "10 AFFICHER &F('AB'),&F(4),&F('')\n20 TERMINER\n100 PROCEDURE &F(X) LOCAL X\n"
        "110 SI X='' ALORS RESULTAT 0\n120 RESULTAT X\n", "TYPES INCOMPATIBLES"),
    "a number one call, a string the next, printed": (
        "10 &F(4);&F('AB')\n20 TERMINER\n100 PROCEDURE &F(X) LOCAL X\n110 AFFICHER X,X\n120 RETOUR\n", None),
    "a string handed on by value to another procedure": (
        "10 CHAINE T;T←'XYZ';&F(T);AFFICHER T\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 &G(S!S)\n"
        "120 RETOUR\n200 PROCEDURE &G(U) LOCAL U\n210 AFFICHER U,LGR(U)\n220 RETOUR\n", None),
    "a string handed on by reference is kept in a table": (
        "10 CHAINE T;T←'XYZ';&F(T);AFFICHER T\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 CHAINE S\n"
        "120 &G(S);AFFICHER S\n130 RETOUR\n200 PROCEDURE &G(U)\n210 U←U!'!'\n220 RETOUR\n", None),
    "a string too long for the memory left, at the call": (
        f"10 TABLEAU A[{FULL}];CHAINE T;T←'ABCDEFGH'\n20 AFFICHER &F(T)\n30 AFFICHER &F(T!'IJK')\n40 TERMINER\n"
        "100 PROCEDURE &F(S) LOCAL S\n110 RESULTAT LGR(S)\n", "MEMOIRE PLEINE"),
    "two strings that fit apart but not together": (
        f"10 TABLEAU A[{FULL}];CHAINE T;T←'ABCD'\n20 AFFICHER &F(T,'X')\n30 AFFICHER &F(T,'XYZ')\n40 TERMINER\n"
        "100 PROCEDURE &F(S,U) LOCAL S,U\n110 RESULTAT LGR(S!U)\n", "MEMOIRE PLEINE"),
    "the memory a call held given back at its end, a thousand times": (
        f"10 TABLEAU A[{FULL}];N←0\n20 FAIRE 30 POUR I←1 JUSQUA 1000\n30 N←N+&F('ABCDEFGH')\n40 AFFICHER N\n"
        "50 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 CHAINE S\n120 RESULTAT LGR(S)\n", None),
    "the memory given back when the call ends by an error caught nowhere": (
        f"10 TABLEAU A[{FULL}]\n20 AFFICHER &F('ABCDEFGH',0)\n30 TERMINER\n"
        "100 PROCEDURE &F(S,D) LOCAL S,D\n110 RESULTAT LGR(S)/D\n", "DIVISION PAR ZERO"),
    "an array given by value, read whole by a procedure that hands it on": (
        "10 TABLEAU T[3];T[2]←5;&F(T);AFFICHER T[2]\n20 TERMINER\n100 PROCEDURE &F(B) LOCAL B\n110 &G(B)\n"
        "120 RETOUR\n200 PROCEDURE &G(C) LOCAL C\n210 C[2]←7;AFFICHER C[2]\n220 RETOUR\n", None),
    # (a CHAINE read in is read by name: a number variable read in is a Python local, see test_read_numbers)
    "a parameter beside a local read in, kept in a table with it": (
        "10 &F('AB')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S,X\n110 CHAINE X;LIRE X\n120 AFFICHER S,X\n130 RETOUR\n",
        None),
    # (its CHAINE first: a Python local whose cells are counted as it changes, ownership.assigned_string_params)
    "a CHAINE parameter stored into, a Python local": (
        "10 &F('AB')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 CHAINE S\n120 S←S!'C';AFFICHER S\n"
        "130 RETOUR\n", None),
    "a CHAINE parameter stored into past the memory": (
        "10 &F('AB')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 CHAINE S\n120 S←S!S;ALLER EN 120\n", "MEMOIRE"),
    # (every call gives it a string: holdings.string_params)
    "a parameter every call gives a string, stored into with no CHAINE": (
        "10 CHAINE W;W←'AB';&F(W);&F(W!'X')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n120 S←S!'C';AFFICHER S\n"
        "130 RETOUR\n", None),
    "a parameter given a number by one call, stored into with no CHAINE, kept in a table": (
        "10 &F('AB');&F(3)\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n120 S←S;AFFICHER S\n130 RETOUR\n", None),
    "a parameter a procedure loops over": (
        "10 AFFICHER &F('ABCAB','B')\n20 TERMINER\n100 PROCEDURE &F(S,C) LOCAL S,C,N,I\n110 CHAINE S,C;N←0\n"
        "120 FAIRE 130 POUR I←1 JUSQUA LGR(S)\n130 SI SCH(S,I,1)=C ALORS N←N+I\n140 RESULTAT N\n", None),
    "an array given by value, its copy's elements changed, the caller's kept": (
        "10 TABLEAU T[3];T[2]←5;&F(T);AFFICHER T[2]\n20 TERMINER\n100 PROCEDURE &F(B) LOCAL B\n"
        "110 B[2]←B[2]+1;AFFICHER B[2]\n120 RETOUR\n", None),
    "a determinant by minors: a matrix by value and its own minor given on by value": (
        "10 TABLEAU M[3,3];FAIRE 20 POUR I←1 JUSQUA 3;FAIRE 20 POUR J←1 JUSQUA 3\n"
        "20 M[I,J]←I*J+(SI I=J ALORS 5 SINON 0)\n"
        "30 AFFICHER &LAP(M,3);AFFICHER M[1,1]\n40 TERMINER\n"
        "100 PROCEDURE &LAP(A,N) LOCAL A,N,B,J,I,K,C,S,T\n110 SI N=1 ALORS RESULTAT A[1,1]\n"
        "120 TABLEAU B[N-1,N-1];T←0;S←1\n130 FAIRE 180 POUR J←1 JUSQUA N\n140 FAIRE 160 POUR I←2 JUSQUA N;C←0\n"
        "150 FAIRE 160 POUR K←1 JUSQUA N;SI K=J ALORS ALLER EN 160\n155 C←C+1;B[I-1,C]←A[I,K]\n160 *\n"
        "170 T←T+S*A[1,J]*&LAP(B,N-1);A[1,J]←0\n180 S←-S\n190 RESULTAT T\n", None),
    "a procedure's own string given by value, changed by the callee, kept by its owner": (
        "10 &F('AB')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S,W\n110 CHAINE W;W←S!S;&G(W);&G(W!'!');AFFICHER W\n"
        "120 RETOUR\n200 PROCEDURE &G(U) LOCAL U\n210 CHAINE U;U←U!'?';AFFICHER U\n220 RETOUR\n", None),
    "a number given where an array is indexed": (
        "10 TABLEAU T[3];AFFICHER &F(T);AFFICHER &F(4)\n20 TERMINER\n100 PROCEDURE &F(B) LOCAL B\n"
        "110 RESULTAT B[1]+1\n", "TYPES INCOMPATIBLES"),
    "an element of an array given by value, read in and given on by reference": (
        "10 TABLEAU T[3];&F(T);AFFICHER T[1],T[2]\n20 TERMINER\n100 PROCEDURE &F(B) LOCAL B\n110 LIRE B[1]\n"
        "120 &G(B[2]);AFFICHER B[1],B[2]\n130 RETOUR\n200 PROCEDURE &G(X)\n210 X←X+9\n220 RETOUR\n", None),
    "an array copied by value into the memory left: too large at the second call": (
        f"10 TABLEAU A[{FULL - 60}],T[20];AFFICHER &F(T);TABLEAU U[40];AFFICHER &F(U)\n20 TERMINER\n"
        "100 PROCEDURE &F(B) LOCAL B\n110 B[1]←3;RESULTAT B[1]\n", "MEMOIRE PLEINE"),
}

INPUTS = {"a parameter beside a local read in, kept in a table with it": ["7"],
          "an element of an array given by value, read in and given on by reference": ["4"]}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_parameters_held_in_locals(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name][0], INPUTS.get(name, []), profile=profile)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_each_program_ends_as_its_table_says(name: str) -> None:
    source, error = PROGRAMS[name]
    result = run_reference(source, INPUTS.get(name, []))
    if error is None:
        assert result.error is None, result.error
    else:
        assert result.error is not None and error in result.error[1], result.error


@pytest.mark.parametrize(("name", "held"), [
    ("a string reversed by a recursive function whose parameter is its CHAINE", True),
    ("a string read without a CHAINE", True),
    ("a string handed on by reference is kept in a table", False),
    ("a parameter beside a local read in, kept in a table with it", False),
    ("a CHAINE parameter stored into, a Python local", True),
    ("a parameter every call gives a string, stored into with no CHAINE", True),
    ("a parameter given a number by one call, stored into with no CHAINE, kept in a table", False),
    ("an array given by value, its copy's elements changed, the caller's kept", True),
    ("a number given where an array is indexed", True),
    ("an element of an array given by value, read in and given on by reference", True),
])
def test_a_parameter_only_read_is_a_python_local_and_one_stored_into_stays_in_a_table(name: str, held: bool) -> None:
    code = listing(PROGRAMS[name][0])
    procedure = code[code.index("def p_F" if "p_F(" in code else "def p_INV"):]
    procedure = procedure[:procedure.index("\n    def ") if "\n    def " in procedure else None]
    assert ("_frame(" not in procedure) is held
    assert ("_MM.used += n_" in procedure) is held


@pytest.mark.parametrize(("name", "strings_only"), [
    ("a string read without a CHAINE", True),
    ("two strings that fit apart but not together", True),
    ("a number given to a parameter its CHAINE declares", False),
    ("a string one call, a number the next", False),
    ("an array given by value, its copy's elements changed, the caller's kept", False),
])
def test_the_memory_a_parameter_every_call_gives_a_string_holds_is_its_length_with_no_test_of_its_kind(
        name: str, strings_only: bool) -> None:
    taken = [line.strip() for line in listing(PROGRAMS[name][0]).splitlines()
             if line.strip().startswith("n_") and " = _len(" in line]
    assert taken and all(("_cells_of(" not in line) is strings_only for line in taken), taken
