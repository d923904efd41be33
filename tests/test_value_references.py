"""A parameter by reference that its procedure only reads, where nothing the call runs stores anything but
globals and its own locals by value, is given the number or the string its argument holds at the call
(passing.py); a string given so is held by no memory, as the reference's cell held none.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles), in both
number models; a table says which parameters are given so; the monitor changing such a variable while a run
is stopped inside such a call stops it (linker.values_kept), and anything else it changes lets it go on.
"""

from __future__ import annotations

import pytest

from machine.errors import Err, LseError
from machine.lse.listing import listing
from machine.micro import Micro
from tests.oracle.differential import assert_agrees
from tests.test_loop_counters import interrupted
from tests.test_monitor import Session

GCD = ("10 LIRE N\n20 S←0\n30 FAIRE 50 POUR A←1 JUSQUA N\n40 FAIRE 50 POUR B←1 JUSQUA N\n50 S←S+&PGCD(A,B)\n"
       "60 AFFICHER S\n70 TERMINER\n100 PROCEDURE &PGCD(A,B)\n110 SI B=0 ALORS RESULTAT A\n"
       "120 RESULTAT &PGCD(B,A-ENT(A/B)*B)\n")
LOOP = "10 S←0\n20 FAIRE 40 POUR I←1 JUSQUA 3\n"
END = "50 AFFICHER S\n60 TERMINER\n"

PROGRAMS = {
    "Euclid's remainders, given the loops' variables and a remainder": (GCD, ("7",)),
    "a variable that may be unset, which the procedure does not read": (
        "10 LIRE K\n20 SI K=1 ALORS X←5\n30 AFFICHER &F(X,K)\n40 TERMINER\n50 PROCEDURE &F(A,K) LOCAL K\n"
        "60 SI K=1 ALORS RESULTAT A\n70 RESULTAT 0\n", ("0",)),
    "a variable that is unset where the procedure reads it": (
        "10 LIRE K\n20 SI K=1 ALORS X←5\n30 AFFICHER &F(X,K)\n40 TERMINER\n50 PROCEDURE &F(A,K) LOCAL K\n"
        "60 RESULTAT A+K\n", ("0",)),
    "a procedure that stores into the global it is given": (
        LOOP + "40 S←S+&F(I)\n" + END + "70 PROCEDURE &F(A)\n80 I←I+1\n90 RESULTAT A*10\n", ()),
    "a procedure whose callee stores into the global it is given": (
        LOOP + "40 S←S+&F(I)\n" + END + "70 PROCEDURE &F(A)\n80 &G\n90 RESULTAT A*10\n"
        "100 PROCEDURE &G\n110 I←I+0.5\n120 RETOUR\n", ()),
    "a procedure that stores into its parameter": (
        LOOP + "40 S←S+&F(I)\n" + END + "70 PROCEDURE &F(A)\n80 A←A+1\n90 RESULTAT A*10\n", ()),
    "a loop's variable freed in its loop, before the call": (
        LOOP + "30 SI I=2 ALORS LIBERER I\n40 S←S+&F(I)\n" + END + "70 PROCEDURE &F(A)\n80 RESULTAT A*10\n", ()),
    "expressions, constants and one variable twice": (
        LOOP + "40 S←S+&F(I*2,3,-I,ABS(I-5))+&F(I,I,I,I)\n" + END + "70 PROCEDURE &F(A,B,C,D)\n"
        "80 RESULTAT A*1000+B*100+C*10+D\n", ()),
    "a parameter given on to itself, and from a caller that stores": (
        LOOP + "40 S←S+&F(I,3)+&G(I)\n" + END + "70 PROCEDURE &F(A,N)\n80 SI N=0 ALORS RESULTAT A\n"
        "90 RESULTAT &F(A+1,N-1)\n100 PROCEDURE &G(B)\n110 T←B;RESULTAT &F(T,1)\n", ()),
    "an error in the procedure": (
        LOOP + "40 S←S+&F(I,I-2)\n" + END + "70 PROCEDURE &F(A,B)\n80 RESULTAT A/B\n", ()),
    "calls too deep": (LOOP + "40 S←S+&F(I)\n" + END + "70 PROCEDURE &F(A)\n80 RESULTAT &F(A+1)\n", ()),
    "strings given as values down a recursion until the memory is full": (
        "10 TABLEAU Z[15000];&P('ABCDEFGHIJ',1);TERMINER\n100 PROCEDURE &P(S,N) LOCAL N,T\n110 CHAINE T;T←S!S\n"
        "120 AFFICHER N,LGR(T)\n130 SI N<60 ALORS &P(S!'KLMNOPQRST',N+1)\n140 RETOUR\n", ()),
    "the permutations of a word, its strings given as values": (
        "10 CHAINE W;W←'ABCD';C←0;H←0;&PERM('',W);AFFICHER C,H;TERMINER\n100 PROCEDURE &PERM(P,R) LOCAL I\n"
        "110 SI LGR(R)=0 ALORS DEBUT C←C+1;H←H+EQN(P,1)*EQN(P,LGR(P));RETOUR FIN\n"
        "120 FAIRE 130 POUR I←1 JUSQUA LGR(R)\n130 &PERM(P!SCH(R,I,1),SCH(R,1,I-1)!SCH(R,I+1,LGR(R)))\n"
        "140 RETOUR\n", ()),
    "a CHAINE that may be unset, given to a procedure that reads it": (
        "10 LIRE K\n20 CHAINE C;SI K=1 ALORS C←'AB'\n30 AFFICHER &F(C)\n40 TERMINER\n50 PROCEDURE &F(S)\n"
        "60 RESULTAT LGR(S)\n", ("0",)),
    "a string, an element and an array: the string as a value": (
        "10 CHAINE C;C←'AB';TABLEAU T[3];S←0\n20 FAIRE 40 POUR I←1 JUSQUA 3\n30 T[I]←I*I\n"
        "40 S←S+&F(C,T[I],T)\n" + END + "70 PROCEDURE &F(X,E,U)\n80 RESULTAT LGR(X)+E+U[1]\n", ()),
    "a factorial of what is read in, and of what one way assigns": (
        "10 LIRE N\n20 AFFICHER &FACT(N)\n30 SI N>3 ALORS M←2 SINON M←N+1\n40 AFFICHER &FACT(M)\n50 TERMINER\n"
        "60 PROCEDURE &FACT(N)\n70 SI N<=1 ALORS RESULTAT 1\n80 RESULTAT N*&FACT(N-1)\n", ("5",)),
    "a variable assigned on every way but one": (
        "10 LIRE K\n20 SI K=1 ALORS ALLER EN 40\n30 X←3\n40 AFFICHER &F(X)\n50 TERMINER\n60 PROCEDURE &F(A)\n"
        "70 RESULTAT A*2\n", ("1",)),
    "a procedure giving its parameter by value, its local and a global": (
        "10 X←4;AFFICHER &G(3,1),&G(2,0)\n20 TERMINER\n30 PROCEDURE &G(N,C) LOCAL N,C,K,L\n40 K←N*2\n"
        "50 SI C=1 ALORS L←7\n60 RESULTAT &F(N)+&F(K)+&H(X)+&H(L)\n70 PROCEDURE &F(A)\n80 RESULTAT A*10\n"
        "90 PROCEDURE &H(B)\n100 RESULTAT B+1\n", ()),
    "an argument after the variable that changes it": (
        LOOP + "40 S←S+&F(I,&G)+&F(I,2)\n" + END + "70 PROCEDURE &F(A,B)\n80 RESULTAT A*10+B\n"
        "90 PROCEDURE &G\n100 I←I+0.25;RESULTAT 1\n", ()),
    "a procedure that runs another program": (
        LOOP + "40 S←S+&F(I)\n" + END + "70 PROCEDURE &F(A)\n80 SI A=9 ALORS EXECUTER 'X'\n90 RESULTAT A*10\n",
        ()),
    "a procedure that counts its calls in a global, given another": (
        "10 V←0;S←0\n20 FAIRE 40 POUR I←1 JUSQUA 3\n40 S←S+&F(I)\n" + END + "70 PROCEDURE &F(A)\n"
        "80 V←V+1;RESULTAT A*10+V\n", ()),
    "a procedure that counts its calls in the global it is given": (
        "10 V←0;S←0\n20 FAIRE 40 POUR I←1 JUSQUA 3\n40 S←S+&F(V)+&G(I)\n" + END + "70 PROCEDURE &F(A)\n"
        "80 V←V+1;RESULTAT A*10+V\n90 PROCEDURE &G(B)\n100 RESULTAT &F(B)\n", ()),
    "a loop's variable given in its own bounds": (
        "10 S←0\n20 FAIRE 30 POUR I←1 JUSQUA &F(I)\n30 S←S+I\n" + END + "70 PROCEDURE &F(A)\n80 RESULTAT A+2\n", ()),
    "a loop's variable given in its own bounds, set before": (
        "10 S←0;I←5\n20 FAIRE 30 POUR I←1 JUSQUA &F(I)\n30 S←S+I\n" + END + "70 PROCEDURE &F(A)\n"
        "80 RESULTAT A+2\n", ()),
    "a procedure's loop over the program's variable, given to another": (
        "10 AFFICHER &D(4);TERMINER\n20 PROCEDURE &D(N) LOCAL N,S\n30 S←0;FAIRE 40 POUR MM←1 JUSQUA N\n"
        "40 S←S+&L(MM)\n50 RESULTAT S\n60 PROCEDURE &L(M)\n70 RESULTAT SI M=2 ALORS 28 SINON 30+M\n", ()),
    "a procedure's loop over the program's variable, given to one that stores it": (
        "10 AFFICHER &D(4);TERMINER\n20 PROCEDURE &D(N) LOCAL N,S\n30 S←0;FAIRE 40 POUR MM←1 JUSQUA N\n"
        "40 S←S+&L(MM)\n50 RESULTAT S\n60 PROCEDURE &L(M)\n70 MM←MM+0;RESULTAT M*2\n", ()),
    "a loop's variable passed where the loop is left by a jump": (
        "10 S←0\n20 FAIRE 40 POUR I←1 JUSQUA 5\n30 SI I=3 ALORS ALLER EN 45\n40 S←S+&F(I)\n45 S←S+&F(I)\n"
        + END + "70 PROCEDURE &F(A)\n80 RESULTAT A*10\n", ()),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_parameters_given_as_values(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert_agrees(source, list(inputs), profile=profile)


FORMS = [  # (program, the procedure's function's first line)
    (GCD, "def p_PGCD(v_A, v_B, depth):"),
    (PROGRAMS["a variable that may be unset, which the procedure does not read"][0], "def p_F(r_A, v_K, depth):"),
    (PROGRAMS["a procedure that stores into the global it is given"][0], "def p_F(r_A, depth):"),
    (PROGRAMS["a procedure whose callee stores into the global it is given"][0], "def p_F(r_A, depth):"),
    (PROGRAMS["a procedure that stores into its parameter"][0], "def p_F(r_A, depth):"),
    (PROGRAMS["a loop's variable freed in its loop, before the call"][0], "def p_F(r_A, depth):"),
    (PROGRAMS["expressions, constants and one variable twice"][0], "def p_F(v_A, v_B, v_C, v_D, depth):"),
    # (the global T that &G stores before the call is surely set there, and &F stores no global)
    (PROGRAMS["a parameter given on to itself, and from a caller that stores"][0], "def p_F(v_A, v_N, depth):"),
    (PROGRAMS["a string, an element and an array: the string as a value"][0], "def p_F(v_X, r_E, r_U, depth):"),
    (PROGRAMS["the permutations of a word, its strings given as values"][0], "def p_PERM(v_P, v_R, depth):"),
    (PROGRAMS["a CHAINE that may be unset, given to a procedure that reads it"][0], "def p_F(r_S, depth):"),
    (PROGRAMS["a loop's variable passed where the loop is left by a jump"][0], "def p_F(v_A, depth):"),
    (PROGRAMS["a procedure giving its parameter by value, its local and a global"][0], "def p_F(v_A, depth):"),
    # (a function's number is worked out at the call, as its temporary cell was)
    (PROGRAMS["an argument after the variable that changes it"][0], "def p_F(r_A, v_B, depth):"),
    (PROGRAMS["a procedure that runs another program"][0], "def p_F(r_A, depth):"),
    (PROGRAMS["a loop's variable given in its own bounds"][0], "def p_F(r_A, depth):"),
    (PROGRAMS["a procedure that counts its calls in a global, given another"][0], "def p_F(v_A, depth):"),
    (PROGRAMS["a procedure that counts its calls in the global it is given"][0], "def p_F(r_A, depth):"),
    (PROGRAMS["a procedure that counts its calls in the global it is given"][0], "def p_G(a_0, depth):"),  # (a table)
    (PROGRAMS["a loop's variable given in its own bounds, set before"][0], "def p_F(v_A, depth):"),
    (PROGRAMS["a procedure giving its parameter by value, its local and a global"][0], "def p_H(r_B, depth):"),
    (PROGRAMS["a factorial of what is read in, and of what one way assigns"][0], "def p_FACT(v_N, depth):"),
    (PROGRAMS["a procedure's loop over the program's variable, given to another"][0], "def p_L(v_M, depth):"),
    (PROGRAMS["a procedure's loop over the program's variable, given to one that stores it"][0],
     "def p_L(r_M, depth):"),
    (PROGRAMS["a variable assigned on every way but one"][0], "def p_F(r_A, depth):"),
]


@pytest.mark.parametrize(("source", "first"), FORMS)
def test_only_a_parameter_read_only_and_given_values_surely_set_is_given_as_a_value(source: str, first: str) -> None:
    assert first in listing(source)


def test_the_debugger_gives_every_parameter_by_reference_as_a_reference() -> None:
    micro = Micro()
    micro.load_text(GCD)
    micro.runtime.debugging = True  # (as the monitor's PAS A PAS and points d'arret set it)
    micro.runtime.compile_all()
    assert "def p_PGCD(r_A, r_B, depth):" in micro.runtime.compiled.source


LONG = ("10 S←0", "20 FAIRE 40 POUR I←1 JUSQUA 2", "40 S←S+&F(I)", "50 AFFICHER S", "60 TERMINER",
        "70 PROCEDURE &F(A) LOCAL K", "80 K←0", "90 K←K+1;SI K<30000 ALORS ALLER EN 90", "100 RESULTAT A*K")


def stopped_inside_the_call() -> Session:
    """A session whose run was interrupted inside &F, given I as a value."""
    session = Session(None)
    interrupted(session, *LONG)
    assert "INTERROMPU EN LIGNE 90" in "".join(session.chunks)
    return session


def test_a_variable_given_as_a_value_changed_at_the_prompt_inside_the_call_stops_the_run() -> None:
    session = stopped_inside_the_call()
    session.type("I←5")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_run_stopped_inside_the_call_goes_on_when_the_prompt_changes_something_else() -> None:
    session = stopped_inside_the_call()
    session.type("Z←5")
    assert "90000" in session.type("CO")


# (the program's first line, what the call gives, the procedure's RESULTAT, the value the prompt gives, its name)
PAUSED = {
    "a number": ("10 S←0", "&F(I)", "A*10", "I←2", "I"),
    "a string": ("10 CHAINE C;C←'AB';S←0", "&F(C)", "LGR(A)*10", "C←'ABCD'", "C"),
}


@pytest.mark.parametrize("kind", PAUSED)
def test_a_variable_given_as_a_value_changed_at_a_pause_goes_on_and_freed_stops_the_run(kind: str) -> None:
    first, call, result, given, name = PAUSED[kind]
    session = Session(None)
    session.type(first, "20 FAIRE 40 POUR I←1 JUSQUA 3", "30 PAUSE", f"40 S←S+{call}", "50 AFFICHER S",
                 "60 TERMINER", "70 PROCEDURE &F(A)", f"80 RESULTAT {result}")
    assert "PAUSE EN LIGNE 30" in session.type("EX")
    session.type(given)  # of its kind: the call gives it, as a reference would have
    assert "PAUSE EN LIGNE 30" in session.type("CO")
    session.type(f"LIBERER {name}")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_host_call_gives_a_number_to_such_a_parameter_and_gets_it_back_and_refuses_a_string() -> None:
    micro = Micro()
    micro.load_text(GCD)
    assert micro.call("&PGCD", 12, 18) == (6.0, [12.0, 18.0])
    with pytest.raises(LseError) as refused:
        micro.call("&PGCD", "12", 18)
    assert refused.value.code is Err.TYPE_MISMATCH


def test_a_programs_variable_given_as_a_value_from_a_procedures_loop_changed_inside_the_call_stops_the_run() -> None:
    session = Session(None)
    interrupted(session, "10 AFFICHER &D(2);TERMINER", "20 PROCEDURE &D(N) LOCAL N,S",
                "30 S←0;FAIRE 40 POUR MM←1 JUSQUA N", "40 S←S+&F(MM)", "50 RESULTAT S", "70 PROCEDURE &F(A) LOCAL K",
                "80 K←0", "90 K←K+1;SI K<30000 ALORS ALLER EN 90", "100 RESULTAT A*K")
    assert "INTERROMPU EN LIGNE 90" in "".join(session.chunks)
    session.type("MM←5")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_string_given_as_a_value_changed_at_the_prompt_inside_the_call_stops_the_run() -> None:
    session = Session(None)
    interrupted(session, "10 CHAINE C;C←'AB';S←0", "20 FAIRE 40 POUR I←1 JUSQUA 2", "40 S←S+&F(C)", "50 AFFICHER S",
                "60 TERMINER", "70 PROCEDURE &F(A) LOCAL K", "80 K←0", "90 K←K+1;SI K<30000 ALORS ALLER EN 90",
                "100 RESULTAT LGR(A)*K")
    assert "INTERROMPU EN LIGNE 90" in "".join(session.chunks)
    session.type("C←'XYZ'")
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_host_call_gives_a_string_to_such_a_parameter_and_gets_it_back() -> None:
    micro = Micro()
    micro.load_text("10 CHAINE W;W←'AB';AFFICHER &L(W);TERMINER\n20 PROCEDURE &L(S)\n30 RESULTAT LGR(S)*2\n")
    micro.runtime.compile_all()
    assert "def p_L(v_S, depth):" in micro.runtime.compiled.source
    assert micro.call("&L", "XYZ") == (6.0, ["XYZ"])
