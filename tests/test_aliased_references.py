"""A parameter by reference that every call gives the program's variable of the same name is that variable in its
procedure (passing.aliased_references): the call gives nothing for it, and the program's variable stays a cell of
the closure, not an entry of `_R`. A call giving another name, the caller's own variable, or a procedure that
declares or frees the parameter keeps the reference. Every mode agrees with the reference either way.
"""

from __future__ import annotations

import pytest

from machine.lse.analyses import referenced_globals
from machine.lse.layout import layout as build_layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from machine.lse.passing import aliased_references
from machine.micro import Micro
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

# A step of a continued fraction, its three numbers by reference (Pell's equation, as a beginner writes it).
STEP = lines(
    "10 N←23;A0←ENT(RAC(N));M←0;D←1;A←A0;L←0", "20 &PAS(M,D,A);L←L+1;SI A#2*A0 ALORS ALLER EN 20",
    "30 AFFICHER L,M,D,A", "40 TERMINER", "100 PROCEDURE &PAS(M,D,A)", "110 M←D*A-M;D←(N-M*M)/D;A←ENT((A0+M)/D)",
    "120 RETOUR")
# A recursion giving its own parameter on, and a string and an array by reference.
RECURSIVE = lines(
    "10 CHAINE S;S←'';TABLEAU T[5];K←0", "20 &F(S,T,K);AFFICHER S,T[1],T[5],K", "30 TERMINER",
    "100 PROCEDURE &F(S,T,K)", "110 K←K+1;S←S!CCA(K);T[K]←K*K", "120 SI K<5 ALORS &F(S,T,K)", "130 RETOUR")
# The program's variable read unset in the procedure: the error is the procedure's, at its line.
UNSET = lines("10 &F(X)", "20 AFFICHER X", "30 TERMINER", "100 PROCEDURE &F(X)", "110 X←X+1", "120 RETOUR")
# One call gives another name: the reference stays.
ANOTHER_NAME = lines(
    "10 M←1;P←2;&F(M);&F(P);AFFICHER M,P", "20 TERMINER", "100 PROCEDURE &F(M)", "110 M←M*10", "120 RETOUR")
# The caller gives its own variable of the name (a parameter by value): the reference stays.
CALLERS_OWN = lines(
    "10 M←1;&G(5);AFFICHER M", "20 TERMINER", "100 PROCEDURE &F(M)", "110 M←M*10", "120 RETOUR",
    "200 PROCEDURE &G(M) LOCAL M", "210 &F(M);AFFICHER M", "220 RETOUR")
# The procedure declares its parameter a CHAINE: the reference stays (it declares the caller's variable).
DECLARED = lines(
    "10 &F(S);AFFICHER S", "20 TERMINER", "100 PROCEDURE &F(S)", "110 CHAINE S;S←'AB'", "120 RETOUR")

ALIASED = {"three numbers": (STEP, "&PAS"), "a recursion, a string and an array": (RECURSIVE, "&F"),
           "a variable read unset": (UNSET, "&F")}
KEPT = {"another name given": (ANOTHER_NAME, "&F"), "the caller's own variable given": (CALLERS_OWN, "&F"),
        "the parameter declared": (DECLARED, "&F")}


@pytest.mark.parametrize("name", list(ALIASED))
def test_a_parameter_every_call_gives_its_own_name_is_the_programs_variable(name: str) -> None:
    source, procedure = ALIASED[name]
    code = listing(source)
    assert f"def p_{procedure.lstrip('&')}(depth):" in code and "_R[" not in code and "(_R, " not in code, code


@pytest.mark.parametrize("name", list(KEPT))
def test_a_parameter_given_anything_else_stays_a_reference(name: str) -> None:
    source, procedure = KEPT[name]
    assert f"def p_{procedure.lstrip('&')}(depth):" not in listing(source)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(ALIASED) + list(KEPT))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees({**ALIASED, **KEPT}[name][0], (), profile=profile)


# A procedure that the program calls, and the host too.
BOTH = lines("10 CHAINE S;S←'A';K←1;&F(S,K);AFFICHER S,K", "20 TERMINER", "100 PROCEDURE &F(S,K)",
             "110 S←S!CCA(K);K←K+1", "120 SI K<4 ALORS &F(S,K)", "130 RETOUR")


def test_a_host_call_gives_such_a_parameter_through_the_programs_variable() -> None:
    micro = Micro()
    micro.load_text(BOTH)
    assert "def p_F(depth):" in listing(BOTH)
    assert micro.call("&F", "X", 2)[1] == ["X23", 4.0]
    assert micro.call("&F", "", 3)[1] == ["3", 4.0]


# The program's matrix given (aliased) to &PUISS, which gives it on to &MULT's parameters by reference.
HANDED_ON = lines(
    "10 TABLEAU R[2,2];R[1,1]←1;R[1,2]←1;R[2,1]←1;&PUISS(R,5);AFFICHER R[1,1],R[1,2],R[2,2]", "20 TERMINER",
    "100 PROCEDURE &PUISS(R,E) LOCAL E", "110 SI E>1 ALORS DEBUT &MULT(R,R);E←E-1;ALLER EN 110 FIN", "120 RETOUR",
    "200 PROCEDURE &MULT(A,B) LOCAL T", "210 T←A[1,1]*B[1,1]+A[1,2]*B[2,1];A[1,2]←A[1,1]*B[1,2]+A[1,2]*B[2,2]",
    "220 A[2,2]←A[2,1]*B[1,2]+A[2,2]*B[2,2];A[2,1]←A[2,1]*B[1,1]+A[2,2]*B[2,1]-A[2,1];A[1,1]←T", "230 RETOUR")


def test_an_aliased_parameter_given_on_whole_is_the_programs_variable_in_the_table() -> None:
    layout = build_layout(parse(HANDED_ON))
    assert referenced_globals(layout, aliased_references(layout, set()), set()) == {"R"}
    code = listing(HANDED_ON)
    assert "def p_PUISS(v_E, depth):" in code and "p_MULT((_R, 'R'), (_R, 'R')" in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_an_aliased_parameter_given_on_whole_runs_as_the_reference_does(profile: str) -> None:
    assert_agrees(HANDED_ON, (), profile=profile)
