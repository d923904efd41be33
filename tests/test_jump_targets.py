"""A computed ALLER EN whose value can only be one of a few whole numbers (constants, the program's variables and
array elements that only ever get such values: targets.py) is written as a test of each line among them, not the
jump to any line; every mode agrees with the reference either way, a value that is no line failing as before.
The monitor giving such a variable another value at a pause stops the run; what the prompt left counts.
"""

from __future__ import annotations

import pytest

from machine.disk import Disk
from machine.errors import LseError
from machine.lse import ir, targets
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from machine.micro import Micro
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
    "a built-in's value": (("10 L←ENT(100.5)", "20 ALLER EN L"), (100,)),
    "another built-in's value": (("10 L←ABS(-100)", "20 ALLER EN L"), None),
    "a function's result": (("10 L←&F", "20 ALLER EN L", "30 PROCEDURE &F", "40 RESULTAT 100"), None),
    "a count that grows": (("10 L←0", "15 L←L+1;SI L<50 ALORS ALLER EN 15", "20 ALLER EN L"), None),
    "a fraction": (("10 L←100.5", "20 ALLER EN L"), ()),
    "a fraction single precision does not hold": (("10 L←100.1", "20 ALLER EN L"), None),
    "a loop's variable": (("10 FAIRE 15 POUR L←1 JUSQUA 3", "15 *", "20 ALLER EN 100*L"), (100, 200, 300)),
    "a loop's variable counting down by two": (("10 FAIRE 15 POUR L←5 PAS -2 JUSQUA 1", "15 *",
                                                 "20 ALLER EN 100*L"), (100, 300)),
    "a loop's variable stored after it": (("10 FAIRE 15 POUR L←1 JUSQUA 2", "15 *", "17 SI ALE(0)<0.5 ALORS L←3",
                                           "20 ALLER EN 100*L"), (100, 200, 300)),
    "a loop that does not run": (("10 FAIRE 15 POUR L←3 JUSQUA 1", "15 *", "20 ALLER EN 100*L"), (300,)),
    "a loop of a procedure, on the program's variable": (("10 &P", "20 ALLER EN 100*L", "30 PROCEDURE &P",
                                                          "40 FAIRE 40 POUR L←2 JUSQUA 3", "50 RETOUR"), (200, 300)),
    "a loop's variable of a computed limit": (("10 N←3;FAIRE 15 POUR L←1 JUSQUA N", "15 *", "20 ALLER EN 100*L"),
                                              None),
    "a loop's variable stepped while a condition holds": (("10 FAIRE 15 POUR L←1 TANT QUE L<3", "15 *",
                                                           "20 ALLER EN 100*L"), None),
    "a loop's variable of more values than are followed": (("10 FAIRE 15 POUR L←1 JUSQUA 40", "15 *",
                                                            "20 ALLER EN 100*L"), None),
    "a loop's variable stepped by a fraction": (("10 FAIRE 15 POUR L←1 PAS 0.5 JUSQUA 3", "15 *",
                                                 "20 ALLER EN 100*L"), None),
    "a variable given to a procedure": (("10 L←100;&P(L)", "20 ALLER EN L", "30 PROCEDURE &P(X)", "40 X←200",
                                         "50 RETOUR"), None),
    "an element given to a procedure": (("10 TABLEAU T[2];T[1]←100;&P(T[1])", "20 ALLER EN T[1]",
                                         "30 PROCEDURE &P(X)", "40 X←200", "50 RETOUR"), None),
    "a procedure's own variable of the name, apart": (("10 L←100;&P", "20 ALLER EN L", "400 PROCEDURE &P LOCAL L",
                                                       "410 L←200", "420 RETOUR"), (100,)),
    "a procedure's own variable of the name, whose lines the program's jump enters": (
        ("10 L←100;&P", "20 ALLER EN L", "30 PROCEDURE &P LOCAL L", "40 L←200", "50 RETOUR"), None),
    "a division": (("10 L←400/2", "20 ALLER EN L"), (200,)),
    "a quotient that is no whole number": (("10 K←(POS('AB',1,'B')+1)/2", "20 ALLER EN 200*K"), (100, 200, 300)),
    "a quotient single precision does not hold": (("10 L←1/3", "20 ALLER EN 300*L"), None),
    "the whole part of a quotient": (("10 C←POS('ABCDEFGHIJKLMNOPQRST',1,'E');K←ENT((C+9)/10)", "20 ALLER EN 100*K"),
                                     (100, 200, 300)),
    "a place POS finds in a constant string": (("10 C←POS('AB',1,SI ALE(0)<0.5 ALORS 'B' SINON 'A')",
                                                 "20 ALLER EN 100*C"), (100, 200, 300)),
    "a place POS finds in a variable's string": (("10 CHAINE S;S←'AB';C←POS(S,1,'B')", "20 ALLER EN 100*C"),
                                                  (100, 200, 300)),
    "a place POS finds in a string of constants of two lengths": (
        ("10 CHAINE S;S←'A';SI ALE(0)<0.5 ALORS S←'ABC'", "15 C←POS(S,1,'B')", "20 ALLER EN 100*C"), (100, 200, 300)),
    "a place POS finds in a string read in": (("10 CHAINE S;LIRE S;C←POS(S,1,'B')", "20 ALLER EN 100*C"), None),
    "a place POS finds in a string made": (("10 CHAINE S;S←'AB'!'C';C←POS(S,1,'B')", "20 ALLER EN 100*C"), None),
    "the store on the jump's line, where the others are not followed": (
        ("10 LIRE K", "20 K←SI ALE(0)<0.5 ALORS 1 SINON 3;ALLER EN 100*K"), (100, 300)),
    "the stores on each way to the jump": (("10 LIRE K;SI K>0 ALORS K←1 SINON K←2", "20 ALLER EN 100*K"), (100, 200)),
    "a value read in on a way to the jump": (("10 LIRE J;K←J;K←1;SI ALE(0)<0.5 ALORS LIRE K", "20 ALLER EN 100*K"),
                                             None),
    "a call between the store and the jump": (("10 LIRE J;K←J;K←1;&P", "20 ALLER EN 100*K", "30 PROCEDURE &P",
                                                "40 RETOUR"), None),
    "a store that reaches the jump round a loop": (
        ("10 LIRE J;K←J;K←1", "15 SI ALE(0)<0.5 ALORS K←2", "20 SI K<3 ALORS ALLER EN 100*K;K←3;ALLER EN 15"),
        (100, 200, 300)),  # (K←3 reaches the jump, though the SI would not let it jump: no condition is read)
    "a store that a loop of its own steps": (("10 LIRE J;K←J;K←1", "15 FAIRE 20 POUR I←1 JUSQUA 2",
                                              "20 ALLER EN 100*K"), (100,)),
    "the variable of the loop the jump is in": (("10 LIRE J;K←J", "15 FAIRE 20 POUR K←1 JUSQUA J",
                                                 "20 ALLER EN 100*K"), None),
    "what the run starts with, where nothing stores it on the way": (("10 LIRE J;SI J>0 ALORS K←J", "15 K←K",
                                                                      "20 ALLER EN 100*K"), None),
    "a procedure's parameter by value, from what its calls give it": (
        ("10 &P(1);&P(3);TERMINER", "20 PROCEDURE &P(K) LOCAL K", "30 ALLER EN 100*K"), (100, 300)),
    "a parameter by value given the program's variable": (
        ("10 C←2;&P(C);TERMINER", "20 PROCEDURE &P(C) LOCAL C", "30 ALLER EN 100*C"), (200,)),
    "a parameter by value given its caller's parameter": (
        ("10 &P(1);&P(2);TERMINER", "20 PROCEDURE &P(K) LOCAL K", "25 &Q(K+1);RETOUR", "30 PROCEDURE &Q(J) LOCAL J",
         "35 ALLER EN 100*J"), (200, 300)),
    "a parameter by value no call of the program gives anything (a host's call may give any)": (
        ("10 TERMINER", "20 PROCEDURE &P(K) LOCAL K", "30 ALLER EN 100*K"), None),
    "a procedure's own variable": (("10 &P;TERMINER", "20 PROCEDURE &P LOCAL K", "25 K←3", "30 ALLER EN 100*K"),
                                   (300,)),
    "a parameter by reference": (("10 C←1;&P(C);TERMINER", "20 PROCEDURE &P(K)", "30 ALLER EN 100*K"), None),
    "a parameter by value read in": (
        ("10 &P(1);TERMINER", "20 PROCEDURE &P(K) LOCAL K", "25 LIRE K", "30 ALLER EN 100*K"), None),
    "CHARGER's status": (("10 L←200;CHARGER X,1,'F',L", "20 ALLER EN L"), None),
    "CHARGER's status in an element": (("10 TABLEAU T[1];T[1]←200;CHARGER X,1,'F',T[1]", "20 ALLER EN T[1]"), None),
}


def jump_lines(source: str, held: dict | None = None, start: int | None = None) -> tuple[int, ...] | None:
    """The lines the analysis finds for the program's one computed jump (a run from line `start`, or the first)."""
    program = parse(source)
    blocks = ir.lower(program)
    roots = None if start is None else [blocks.line_block[start]]
    found = targets.jump_targets(blocks, layout(program), held or {}, roots)
    [jump] = [block.exit for block in blocks.blocks if type(block.exit) is ir.Jump and block.exit.line is None]
    return found.lines.get(id(jump))


@pytest.mark.parametrize("name", list(FOUND))
def test_the_lines_a_computed_jump_may_go_to_are_found_from_every_store(name: str) -> None:
    first, expected = FOUND[name]
    assert jump_lines(lines(*first, *TAIL)) == expected


def test_what_the_prompt_left_in_a_variable_counts_as_a_store() -> None:
    source = lines("10 L←100", "20 ALLER EN L", *TAIL)
    assert jump_lines(source, {"L": 300.0}) == (100, 300)
    assert jump_lines(source, {"L": 0.5}) == (100,)  # (the store of line 10 is the one that reaches the jump)
    assert jump_lines(source, {"L": 300.0}, start=20) == (100, 300)
    assert jump_lines(source, {"L": 0.5}, start=20) is None
    # (from line 20, what line 10 reads in may reach the jump: a jump not yet told may go to line 10)
    assert jump_lines(lines("10 LIRE L", "20 ALLER EN L", *TAIL), {"L": 200.0}, start=20) is None


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


# A hangman's turn, BASIC-style: K also counts letters in a FAIRE elsewhere, so no store of K tells the jump; the
# store on the jump's own line does.
TURN = lines("10 N←0;FAIRE 20 POUR K←1 JUSQUA 26", "20 N←N+K", "30 K←SI N>300 ALORS 1 SINON 2;ALLER EN 1000+100*K",
             "1100 AFFICHER 'TOUCHE',N;TERMINER", "1200 AFFICHER 'RATE',N;TERMINER")


def test_a_jump_told_by_the_store_on_its_line_is_a_test_of_each_line_not_the_jump_to_any() -> None:
    code = listing(TURN)
    assert "_goto(" not in code and "_t == 1100.0" in code and "_t == 1200.0" in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_jump_told_by_the_store_on_its_line_agrees_with_the_reference(profile: str) -> None:
    assert_agrees(TURN, (), profile=profile)


@pytest.mark.parametrize(("between", "expected"), [(10, (20000,)), (300, None)], ids=["near", "past the walk's bound"])
def test_a_store_is_followed_back_only_so_far(between: int, expected: tuple | None) -> None:
    from machine.lse.reaching import WALK_MOST

    tests = [f"{30 + 10 * i} SI X>{i} ALORS Y←{i}" for i in range(between)]
    source = lines("10 LIRE X,K", "20 K←2", *tests, f"{30 + 10 * between} ALLER EN 10000*K",
                   "10000 AFFICHER 'DIX MILLE';TERMINER", "20000 AFFICHER 'VINGT MILLE';TERMINER")
    assert 3 * 300 > WALK_MOST  # (each SI is three blocks or more)
    assert jump_lines(source) == expected


def test_a_value_that_is_no_line_fails_as_a_jump_to_it() -> None:
    session = Session(None)
    session.type(*FAILING["no line"].splitlines())
    assert "LIGNE 170 INEXISTANTE EN LIGNE 20" in session.type("EX")


@pytest.mark.parametrize(("first", "expected"), [
    ("10 L←100", "RIEN A CONTINUER"),  # 300: a value L never gets, so a line its jump does not test
    ("10 TABLEAU T[2];T[1]←100;T[2]←300;L←T[1]", "TROIS"),  # 300: a value L may get
    # 300: a value L may get, but the lines after each store of L are a copy whose jump tests that store's line
    # (subroutines.py): the run stops as where the stores that reach the jump told its lines
    ("10 L←100;SI ALE(0)>2 ALORS L←300", "RIEN A CONTINUER"),
], ids=["a value the jump does not test", "a value it tests", "a value another copy's jump tests"])
def test_a_run_whose_jump_variable_the_monitor_changed_goes_on_only_to_a_line_the_jump_tests(
        first: str, expected: str) -> None:
    session = Session(None)
    session.type(first, "20 PAUSE", "30 ALLER EN L", *TAIL)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("L←300")
    assert expected in session.type("CO")


@pytest.mark.parametrize(("first", "change", "expected"), [
    ("10 K←ALE(0);K←1", "K←3", "RIEN A CONTINUER"),  # a value its store on the way did not give it
    ("10 K←ALE(0);K←1", "K←1", "CENT"),  # the same value: the run goes on
    ("10 CHAINE S;S←'AB';K←POS(S,1,'B')", "S←'ABCB'", "RIEN A CONTINUER"),  # a string longer than its constants
], ids=["another value", "the same value", "a string of another length"])
def test_a_run_whose_jump_was_told_by_the_stores_that_reach_it_goes_on_only_if_the_monitor_left_them(
        first: str, change: str, expected: str) -> None:
    session = Session(None)
    jump = "30 ALLER EN 100*K" if "POS" not in first else "30 ALLER EN 100*POS(S,1,'B')"
    session.type(first, "20 PAUSE", jump, *TAIL)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type(change)
    assert expected in session.type("CO")


def test_a_run_whose_loop_variable_the_monitor_changed_goes_on_only_to_a_line_the_jump_tests() -> None:
    session = Session(None)
    session.type("10 FAIRE 25 POUR L←1 JUSQUA 2", "20 PAUSE", "25 *", "30 ALLER EN 100*L", *TAIL)
    assert "PAUSE EN LIGNE 20" in session.type("EX")
    session.type("L←3")  # 300: a value the loop never gives L
    assert "RIEN A CONTINUER" in session.type("CO")


# Simpson's rule on one of five functions, which &F chooses by a jump on the program's loop variable: the jump goes
# only to &F's own lines, so &F is a function of its own (no dispatch over the program's lines) and &SIMP's
# parameters are numbers.
SIMPSON = lines(
    "10 TABLEAU A[5];S←0", "20 FAIRE 40 POUR NF←1 JUSQUA 5", "30 A[NF]←&SIMP(0,1,6)", "40 S←S+A[NF]",
    "50 AFFICHER S,A[5];TERMINER", "300 PROCEDURE &SIMP(A,B,M) LOCAL A,B,M,H,S,I", "310 H←(B-A)/M;S←&F(A)+&F(B)",
    "330 FAIRE 340 POUR I←1 JUSQUA M-1", "340 S←S+(SI I=2*ENT(I/2) ALORS 2 SINON 4)*&F(A+I*H)", "350 RESULTAT S*H/3",
    "500 PROCEDURE &F(X) LOCAL X", "510 ALLER EN 510+10*NF", "520 RESULTAT 4/(1+X*X)", "530 RESULTAT 2*EXP(-X*X)",
    "540 RESULTAT 4*RAC(1-X*X)", "550 RESULTAT LGN(X+1)", "560 RESULTAT COS(X)*EXP(SIN(X))")



# A procedure's line that the program runs too (its jump then reads the program's K): a procedure's own names are
# not followed apart; nor where the line stores a name (below).
RUN_BY_TWO = lines("10 K←2;&P(1);ALLER EN 30", "20 PROCEDURE &P(K) LOCAL K", "30 ALLER EN 100*K", "100 RETOUR",
                   "200 AFFICHER 'DEUX CENTS'", "210 TERMINER")


# A procedure's line that the program runs, which stores the program's L there (the procedure's own L elsewhere).
STORED_BY_TWO = lines("10 L←100;ALLER EN 40", "20 ALLER EN L", "30 PROCEDURE &P LOCAL L", "40 L←200;ALLER EN 20",
                      "100 AFFICHER 'CENT';TERMINER", "200 AFFICHER 'DEUX CENTS';TERMINER")


@pytest.mark.parametrize("source", [RUN_BY_TWO, STORED_BY_TWO], ids=["read", "stored"])
def test_a_jump_on_a_name_a_line_two_units_run_reads_or_stores_is_not_found_apart(source: str) -> None:
    assert jump_lines(source) is None


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("source", [RUN_BY_TWO, STORED_BY_TWO], ids=["read", "stored"])
def test_a_jump_on_a_name_a_line_two_units_run_reads_or_stores_agrees_with_the_reference(
        source: str, profile: str) -> None:
    assert_agrees(source, (), profile=profile)


# A calculator: each word of its text is a number or an operation whose code is its place in a string; &OPER(OP)
# jumps to its code's line, its parameter given what POS finds.
CALCULATOR = lines(
    "10 CHAINE PR,W;TABLEAU PI[20];PR←'3 4 + 2 * 5 D * - 7 S - ; 9 2 % 8 M ; ';S←0;SP←0;P←1", "20 SI P>LGR(PR) ALORS"
    " ALLER EN 60", "30 W←SCH(PR,P,' ',P);P←P+1;SI W=';' ALORS DEBUT S←S+PI[SP];SP←0;ALLER EN 20 FIN",
    "40 OP←POS('+-*/%DSM',1,W);SI OP=0 ALORS DEBUT SP←SP+1;PI[SP]←CNB(W,1);ALLER EN 20 FIN", "50 &OPER(OP);ALLER EN 20",
    "60 AFFICHER S,OP;TERMINER", "500 PROCEDURE &OPER(OP) LOCAL OP,A", "510 ALLER EN 1000+100*OP",
    "1100 SP←SP-1;PI[SP]←PI[SP]+PI[SP+1];RETOUR", "1200 SP←SP-1;PI[SP]←PI[SP]-PI[SP+1];RETOUR",
    "1300 SP←SP-1;PI[SP]←PI[SP]*PI[SP+1];RETOUR", "1400 SP←SP-1;PI[SP]←ENT(PI[SP]/PI[SP+1]);RETOUR",
    "1500 SP←SP-1;A←PI[SP];PI[SP]←A-ENT(A/PI[SP+1])*PI[SP+1];RETOUR", "1600 SP←SP+1;PI[SP]←PI[SP-1];RETOUR",
    "1700 A←PI[SP];PI[SP]←PI[SP-1];PI[SP-1]←A;RETOUR", "1800 SP←SP-1;SI PI[SP+1]>PI[SP] ALORS PI[SP]←PI[SP+1]",
    "1810 RETOUR")


# Procedures that choose their line by a computed jump: (program, the procedure, its last line's test).
CHOOSERS = {
    "by a loop's variable": (SIMPSON, "p_F", "_t == 560.0"),
    "by its parameter, given a place POS found": (CALCULATOR, "p_OPER", "_t == 1800.0"),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", list(CHOOSERS))
def test_a_procedure_that_jumps_among_its_own_lines_agrees_with_the_reference(name: str, profile: str) -> None:
    assert_agrees(CHOOSERS[name][0], (), profile=profile)


@pytest.mark.parametrize("name", list(CHOOSERS))
def test_a_procedure_that_jumps_among_its_own_lines_runs_none_of_the_program_s(name: str) -> None:
    source, procedure, last = CHOOSERS[name]
    code = listing(source)
    chooser = code[code.index(f"def {procedure}("):]
    assert "pc = " not in chooser and "_goto(" not in chooser and last in chooser, chooser
    assert "_byval(" not in code and "_add(" not in code  # the callers' parameters known as numbers


def test_a_host_giving_a_parameter_a_value_no_call_gives_it_is_refused() -> None:
    micro = Micro()
    micro.load_text(lines("10 AFFICHER &P(1)+&P(3);TERMINER", "20 PROCEDURE &P(K) LOCAL K", "30 ALLER EN 100*K",
                          "100 RESULTAT 10", "200 RESULTAT 20", "300 RESULTAT 30"))
    assert micro.call("&P", 3)[0] == 30.0  # a value a call of the program gives
    for value in (2, 2.5, "X"):  # 200: a line, but no call gives 2, and the jump tests only 100 and 300
        with pytest.raises(LseError, match="&P K"):
            micro.call("&P", value)


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
