"""A procedure that loops, calls none and waits for nothing keeps its number parameters by reference in Python
locals (passing.copied_references): read from the caller's variable at the entry, given back at its end and
around each slice's end. Wherever two of its names could reach one variable, or it calls, it does not: every
program here agrees with the reference in every mode, on both machines; the monitor sees and sets the variable
at a stop."""

from __future__ import annotations

import gc
import random

import pytest

from machine.lse.listing import listing
from machine.micro import Micro
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

COPIES = {
    "a walk whose results come back": lines(
        "10 &MARCHE(X,Y,5)", "20 AFFICHER X,Y", "30 TERMINER",
        "100 PROCEDURE &MARCHE(A,B,N) LOCAL N,K", "110 A←0;B←1", "120 FAIRE 130 POUR K←1 JUSQUA N",
        "130 A←A+B;B←B*2", "140 RETOUR"),
    "an unset variable read first": lines(
        "10 &INC(Q)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &INC(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 2", "120 Z←Z+1", "130 RETOUR"),
    "an unset variable stored first": lines(
        "10 &INC(Q)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &INC(Z) LOCAL K", "110 Z←10", "120 FAIRE 130 POUR K←1 JUSQUA 2", "130 Z←Z+1", "140 RETOUR"),
    "an unset variable stored on one way only": lines(
        "10 &P(Q,1)", "20 AFFICHER Q;&P(R,0)", "30 TERMINER",
        "100 PROCEDURE &P(Z,S) LOCAL S,K", "110 SI S=1 ALORS Z←4", "120 FAIRE 130 POUR K←1 JUSQUA 2", "130 Z←Z+K",
        "140 RETOUR"),
    "a function's result beside its change": lines(
        "10 X←1;Y←&F(X)+X", "20 AFFICHER X,Y", "30 TERMINER",
        "100 PROCEDURE &F(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 Z←Z*2", "130 RESULTAT Z+1"),
    "a string stored": lines(
        "10 X←1;&P(X)", "20 AFFICHER X", "30 TERMINER",
        "100 PROCEDURE &P(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 2", "120 SI K=2 ALORS Z←'A' SINON Z←Z+1",
        "130 RETOUR"),
    "a loop by ALLER EN over many slices": lines(
        "10 X←0;&P(X,40000)", "20 AFFICHER X", "30 TERMINER",
        "100 PROCEDURE &P(Z,N) LOCAL N", "110 Z←Z+1;SI Z<N ALORS ALLER EN 110", "120 RETOUR"),
    "an error after a store": lines(
        "10 X←0;&P(X)", "20 AFFICHER X", "30 TERMINER",
        "100 PROCEDURE &P(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 Z←Z+1/(2-K)", "130 RETOUR"),
    "a caller's own variable": lines(
        "10 &Q", "20 TERMINER", "100 PROCEDURE &Q LOCAL V,W", "110 V←2;W←3;&P(V,W)", "120 AFFICHER V,W", "130 RETOUR",
        "200 PROCEDURE &P(A,B) LOCAL K", "210 FAIRE 220 POUR K←1 JUSQUA 4", "220 A←A+B;B←B+1", "230 RETOUR"),
    "a number given by an expression": lines(
        "10 &P(3+1,X)", "20 AFFICHER X", "30 TERMINER",
        "100 PROCEDURE &P(N,S)", "110 S←0", "120 S←S+N;N←N-1;SI N>0 ALORS ALLER EN 120", "130 RETOUR"),
    "an element and a counter indexed by them": lines(
        "10 TABLEAU T[3];T[1]←1;T[2]←2;T[3]←3;I←1;&P(I,S)", "20 AFFICHER I,S", "30 TERMINER",
        "100 PROCEDURE &P(J,S)", "110 S←0", "120 S←S+T[J];J←J+1;SI J<=3 ALORS ALLER EN 120", "130 RETOUR"),
    "a string turned round a character at a time": lines(
        "10 CHAINE W;W←'BONJOUR';&ENV(W)", "20 AFFICHER W", "30 TERMINER",
        "100 PROCEDURE &ENV(S) LOCAL T,I", "110 CHAINE T;T←''", "120 FAIRE 130 POUR I←LGR(S) PAS -1 JUSQUA 1",
        "130 T←T!SCH(S,I,1)", "140 S←T;RETOUR"),
    "an unset CHAINE read first": lines(
        "10 CHAINE W;&ENV(W)", "20 AFFICHER W", "30 TERMINER",
        "100 PROCEDURE &ENV(S) LOCAL I", "110 FAIRE 120 POUR I←1 JUSQUA 2", "120 S←S!'A'", "130 RETOUR"),
    "a string that fills the memory": lines(
        "10 TABLEAU A[16300];CHAINE W;W←'';&GROW(W)", "20 AFFICHER LGR(W)", "30 TERMINER",
        "100 PROCEDURE &GROW(S) LOCAL I", "110 FAIRE 120 POUR I←1 JUSQUA 30", "120 S←S!'ABCDEFGHIJ'", "130 RETOUR"),
    "a number stored into a CHAINE given": lines(
        "10 CHAINE W;W←'AB';&P(W)", "20 AFFICHER W", "30 TERMINER",
        "100 PROCEDURE &P(S) LOCAL I", "110 FAIRE 120 POUR I←1 JUSQUA 2", "120 SI I=2 ALORS S←5 SINON S←S!'C'",
        "130 RETOUR"),
    "a number, then a string, into a variable given": lines(
        "10 &P(X);&P(Y)", "20 AFFICHER X,Y", "30 TERMINER",
        "100 PROCEDURE &P(S) LOCAL I", "110 FAIRE 120 POUR I←1 JUSQUA 3",
        "120 SI I=1 ALORS S←7 SINON SI I=2 ALORS S←S+1 SINON S←'N'!CCA(S)", "130 RETOUR"),
    "strings given by two callers, one a procedure's own": lines(
        "10 CHAINE W;W←'ABC';&ENV(W);&Q", "20 AFFICHER W", "30 TERMINER",
        "40 PROCEDURE &Q LOCAL V", "50 CHAINE V;V←'XYZ';&ENV(V);AFFICHER V;RETOUR",
        "100 PROCEDURE &ENV(S) LOCAL T,I", "110 CHAINE T;T←''", "120 FAIRE 130 POUR I←1 JUSQUA LGR(S)",
        "130 T←SCH(S,I,1)!T", "140 S←T;RETOUR"),
}
# Calls where two of the procedure's names may reach one variable, where it calls or waits, where a unit may run
# lines that are not its own: no copy. (A procedure that calls would give its copies back and read them again
# around each call: 140 ns a call, more than it saves where, as in a heap's sift, the loop calls and hardly
# reads them.)
REFERS = {
    "one variable given twice": lines(
        "10 X←1;&P(X,X)", "20 AFFICHER X", "30 TERMINER",
        "100 PROCEDURE &P(Z,W) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 Z←Z+1;W←W*2", "130 RETOUR"),
    "the program's variable the procedure names": lines(
        "10 X←1;&P(X)", "20 AFFICHER X,Y", "30 TERMINER",
        "100 PROCEDURE &P(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 Z←Z+1;Y←X*10", "130 RETOUR"),
    "an element given": lines(
        "10 TABLEAU A[2];A[2]←1;&P(A[2])", "20 AFFICHER A[2]", "30 TERMINER",
        "100 PROCEDURE &P(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 Z←Z+A[2]", "130 RETOUR"),
    "a parameter by reference given on": lines(
        "10 X←1;&Q(X)", "20 AFFICHER X", "30 TERMINER", "100 PROCEDURE &Q(V)", "110 &P(V,X)", "120 RETOUR",
        "200 PROCEDURE &P(Z,W) LOCAL K", "210 FAIRE 220 POUR K←1 JUSQUA 3", "220 Z←Z+1;W←W*3", "230 RETOUR"),
    "a procedure that reads in": lines(
        "10 X←1;&P(X)", "20 AFFICHER X", "30 TERMINER",
        "100 PROCEDURE &P(Z) LOCAL K,V", "110 FAIRE 120 POUR K←1 JUSQUA 2", "120 LIRE V;Z←Z+V", "130 RETOUR"),
    "a RETOUR EN (the caller goes on in lines another unit runs)": lines(
        "10 X←0;&P(X)", "20 AFFICHER 'NON'", "30 AFFICHER X", "40 TERMINER",
        "100 PROCEDURE &P(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 Z←Z+K", "130 RETOUR EN 30"),
    "a callee that changes the variable by its name": lines(
        "10 Q←1;&P(Q)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &P(X) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 X←X+1;&S;X←X+2", "130 RETOUR",
        "200 PROCEDURE &S", "210 Q←Q*10", "220 RETOUR"),
    "a callee given the parameter by reference": lines(
        "10 Q←1;&P(Q)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &P(X) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 &INC(X);X←X*2", "130 RETOUR",
        "200 PROCEDURE &INC(Z) LOCAL J", "210 FAIRE 210 POUR J←1 JUSQUA 2;Z←Z+J", "220 RETOUR"),
    "a function read between two reads": lines(
        "10 Q←1;&P(Q,Y)", "20 AFFICHER Q,Y", "30 TERMINER",
        "100 PROCEDURE &P(X,Y) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 2", "120 Y←X+&F(K)+X", "130 RETOUR",
        "200 PROCEDURE &F(N) LOCAL N", "210 Q←Q+N*100", "220 RESULTAT N"),
    "calls within a call's arguments": lines(
        "10 Q←1;&P(Q)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &P(X) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 2", "120 X←X+&F(&F(X)+X)", "130 RETOUR",
        "200 PROCEDURE &F(N) LOCAL N", "210 Q←Q+1", "220 RESULTAT N*2"),
    "a recursion on a variable of its own": lines(
        "10 &P(Q,3)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &P(X,N) LOCAL N,W,K", "110 X←N;W←0", "120 SI N>0 ALORS &P(W,N-1)",
        "130 FAIRE 140 POUR K←1 JUSQUA 2", "140 X←X+W+K", "150 RETOUR"),
    "a callee that fails after a change, given another call's result": lines(
        "10 Q←1;&P(Q)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &P(X) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 X←X+1;X←X+&S(&G(K))", "130 RETOUR",
        "200 PROCEDURE &S(K) LOCAL K", "210 Q←Q*10;Q←Q/(2-K)", "220 RESULTAT 0",
        "300 PROCEDURE &G(K) LOCAL K", "310 RESULTAT K"),
    "a callee that fails after a change": lines(
        "10 Q←1;&P(Q)", "20 AFFICHER Q", "30 TERMINER",
        "100 PROCEDURE &P(X) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3", "120 X←X+1;&S(K)", "130 RETOUR",
        "200 PROCEDURE &S(K) LOCAL K", "210 Q←Q*10;Q←Q/(2-K)", "220 RETOUR"),
    "a CHAINE of the parameter's name": lines(
        "10 CHAINE W;W←'AB';&P(W)", "20 AFFICHER W", "30 TERMINER",
        "100 PROCEDURE &P(S) LOCAL I", "110 CHAINE S;S←'Z'", "120 FAIRE 130 POUR I←1 JUSQUA 2", "130 S←S!'C'",
        "140 RETOUR"),
    "a CHAINE of the program's variable the parameter is given": lines(
        "10 CHAINE W;W←'AB';&P(W)", "20 AFFICHER W", "30 TERMINER",
        "100 PROCEDURE &P(S) LOCAL I", "110 FAIRE 130 POUR I←1 JUSQUA 2", "120 S←S!'C'", "130 CHAINE W;W←'Q'",
        "140 RETOUR"),
    "a FAIRE variable by reference": lines(
        "10 &P(X)", "20 AFFICHER X", "30 TERMINER",
        "100 PROCEDURE &P(Z)", "110 FAIRE 120 POUR Z←1 JUSQUA 3", "120 AFFICHER Z", "130 RETOUR"),
}
INPUTS = {"a procedure that reads in": ["4", "5"]}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(COPIES) + list(REFERS))
def test_every_mode_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees({**COPIES, **REFERS}[name], INPUTS.get(name, ()), profile=profile)


def copies(source: str) -> bool:
    """True if a procedure of the program copies a parameter by reference at its entry (`v_X = c_X.get(k_X)`;
    a settled array's `h_X = c_X.get(k_X) if ...` is another matter)."""
    return any(line.strip().startswith("v_") and " = c_" in line and line.rstrip().endswith(")") and ".get(k_" in line
               and " if " not in line for line in listing(source).splitlines())


@pytest.mark.parametrize("name", list(COPIES))
def test_a_parameter_no_other_name_reaches_is_copied(name: str) -> None:
    assert copies(COPIES[name])


@pytest.mark.parametrize("name", list(REFERS))
def test_a_parameter_another_name_may_reach_stays_a_reference(name: str) -> None:
    assert not copies(REFERS[name])


def test_a_string_every_call_gives_a_chaine_is_read_from_its_local_with_no_test_of_its_kind() -> None:
    code = listing(COPIES["a string turned round a character at a time"])
    assert "v_S = c_S.get(k_S)" in code and "(v_S if v_S is not None else c_S[k_S])) is not None" in code
    assert "_type(_s1 := (v_S" not in code  # (a string whenever set: no test that it is one)
    code = listing(COPIES["a number, then a string, into a variable given"])
    assert "_rput(" in code  # (what may be no number is stored through the reference)


def test_a_string_stored_into_a_copy_is_counted_in_its_callers_table_and_kept_in_the_local() -> None:
    code = listing(COPIES["a string that fills the memory"])  # (in a loop: written out; a store run once calls)
    assert "c_S[k_S] = _sv; v_S = _sv" in code and "_rput(_sv, r_S); v_S = c_S[k_S]" in code


SPIN = ("10 X←0;&P(X)", "20 AFFICHER X", "30 TERMINER", "100 PROCEDURE &P(Z)",
        "110 Z←Z+1;SI Z<100000000 ALORS ALLER EN 110", "120 RETOUR")


def stopped_inside(session: Session) -> float:
    """Run SPIN, interrupt it inside its procedure; the value of X the monitor shows there."""
    interrupted(session, *SPIN)
    assert "INTERROMPU EN LIGNE 110" in "".join(session.chunks)
    return float(session.type("? X").split()[0])


def test_the_monitor_sees_the_variable_where_the_run_stopped_and_the_run_sees_its_change() -> None:
    session = Session(None)
    assert stopped_inside(session) > 0
    session.type("X←99999990")
    assert float(session.type("CO").split()[0]) == 100_000_000


def test_a_variable_freed_at_a_stop_inside_makes_the_run_refuse_to_go_on_and_say_which() -> None:
    session = Session(None)
    stopped_inside(session)
    session.type("LIBERER X")
    assert session.type("CO") == "\nRIEN A CONTINUER: X LIBEREE\nPRET\n"


def test_a_run_given_up_inside_gives_nothing_back_over_what_the_prompt_set() -> None:
    session = Session(None)
    stopped_inside(session)
    session.type("X←77")
    session.type("REPRENDRE 30")  # (the stopped run's stack is unwound when it is collected)
    gc.collect()
    assert session.type("? X").split()[0] == "77"


def test_an_error_inside_leaves_the_variable_as_the_procedure_last_set_it() -> None:
    session = Session(None)
    session.type("10 X←0;&P(X)", "20 TERMINER", "100 PROCEDURE &P(Z) LOCAL K", "110 FAIRE 120 POUR K←1 JUSQUA 3",
                 "120 Z←Z+5;Z←Z/(2-K)", "130 RETOUR")
    assert "DIVISION PAR ZERO EN LIGNE 120" in session.type("EX")
    assert session.type("? X").split()[0] == "10"


NAMES = ["A", "B", "X", "Y", "V"]
STEPS = ["{p}←{p}+{q}", "{p}←{q}*2-{p}", "SI {p}>{q} ALORS {p}←{p}-{q} SINON {q}←{q}+1", "{p}←ENT({p}/2)+K",
         "AFFICHER {p},{q}", "SI {p}>40 ALORS ALLER EN 190", "SI {p}=7 ALORS RETOUR", "{p}←{p}+T[1]",
         "T[1]←{p}-{q}", "Y←{p}+1", "SI K=3 ALORS {p}←1/(K-3)"]


def copying_program(rng) -> str:
    """A program whose loops in a procedure change its parameters by reference; its calls give them the
    program's variables, some twice, some that the procedure also names, an element, a number."""
    body = []
    for _ in range(rng.randint(2, 5)):
        p, q = rng.sample(["P", "Q", "R"], 2)
        body.append(rng.choice(STEPS).format(p=p, q=q))
    calls = []
    for _ in range(rng.randint(1, 3)):
        args = rng.sample(NAMES, 3) if rng.random() < 0.7 else [rng.choice([*NAMES, "T[1]", "3"]) for _ in range(3)]
        calls.append(f"&W({','.join(args)})")
    start = f"TABLEAU T[2];T[1]←{rng.randint(0, 3)};A←1;B←2;X←{rng.randint(0, 5)}"
    return lines(f"10 {start}", *(f"{20 + 10 * at} {call};AFFICHER A,B,X,Y,V,T[1]" for at, call in enumerate(calls)),
                 "90 TERMINER", "100 PROCEDURE &W(P,Q,R) LOCAL K", "110 FAIRE 180 POUR K←1 JUSQUA 4",
                 *(f"{120 + 10 * at} {step}" for at, step in enumerate(body)), "180 *", "190 RETOUR")


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("seed", range(40))
def test_programs_that_change_their_parameters_by_reference_agree_with_the_reference(seed: int, profile: str) -> None:
    assert_agrees(copying_program(random.Random(seed)), profile=profile)


def test_some_such_programs_copy_and_some_do_not() -> None:
    copying = sum(copies(copying_program(random.Random(seed))) for seed in range(40))
    assert 8 <= copying <= 32


# (not 21, nor 3: what the procedure held before the call, which a copy given back at its end would be)
@pytest.mark.parametrize(("name", "left"), [("a callee that fails after a change", "210"),
                                             ("a callee that fails after a change, given another call's result", "30")])
def test_a_callee_failing_after_it_changed_the_variable_leaves_its_change(name: str, left: str) -> None:
    session = Session(None)
    session.type(*REFERS[name].splitlines())
    assert "DIVISION PAR ZERO EN LIGNE 210" in session.type("EX")
    assert session.type("? Q").split()[0] == left


def test_a_host_call_gets_back_what_a_copying_procedure_stored() -> None:
    micro = Micro()
    micro.load_text(lines("10 TERMINER", *COPIES["a walk whose results come back"].splitlines()[3:]))
    assert micro.call("&MARCHE", 0.0, 0.0, 5.0) == (None, [31.0, 32.0, None])
    assert micro.runtime.compiled.shared.copied == {"&MARCHE": frozenset({"A", "B"})}
