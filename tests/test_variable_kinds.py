"""CHAINE variables that only ever hold strings are read without a test of their kind, TABLEAU names
that only ever hold arrays indexed without a test that they are lists (holdings.string_variables,
array_variables); a number the monitor stores in one stops the run (linker.kinds_kept).
"""

from __future__ import annotations

import pytest

from machine.lse.analyses import procedure_exits
from machine.lse.holdings import array_variables, string_kinds, string_params, string_variables
from machine.lse.ir import lower
from machine.lse.kinds import number_params
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from tests.oracle.differential import assert_agrees
from tests.test_monitor import Session

FOUND = [
    ("a CHAINE given literals and joins", "10 CHAINE S,T;S←'AB';T←S!'C'\n", {"S", "T"}),
    ("a CHAINE given a substring and a conversion", "10 CHAINE S,T;S←SCH('AB',1,1);T←CCA(3)\n", {"S", "T"}),
    ("a CHAINE given a string either way of a SI", "10 CHAINE S;S←SI X=1 ALORS 'A' SINON 'B'\n", {"S"}),
    ("a CHAINE given a number", "10 CHAINE S;S←1\n", set()),
    ("a CHAINE given a procedure's result", "10 CHAINE S;S←&F\n20 TERMINER\n30 PROCEDURE &F\n40 RESULTAT 'A'\n",
     set()),
    ("a CHAINE given one that is given a number", "10 CHAINE S,T;T←1;S←T\n", set()),
    ("a CHAINE read in", "10 CHAINE S;LIRE S\n", set()),
    ("a CHAINE given a position", "10 CHAINE S;X←SCH('A,B',1,',',S)\n", set()),
    ("a CHAINE that is a loop's variable", "10 CHAINE S\n20 FAIRE 30 POUR S←1 JUSQUA 2\n30 *\n", set()),
    ("a CHAINE loaded from the disk", "10 CHAINE S;CHARGER S,1,'F'\n", set()),
    ("a CHAINE given by reference, nothing stored there", "10 CHAINE S;S←'A';&P(S)\n20 TERMINER\n"
     "30 PROCEDURE &P(X)\n40 RETOUR\n", {"S"}),
    ("a CHAINE given by reference, a join stored there", "10 CHAINE S;S←'A';&P(S)\n20 TERMINER\n"
     "30 PROCEDURE &P(X)\n40 X←X!'B';RETOUR\n", {"S"}),
    ("a CHAINE given by reference, a number stored there", "10 CHAINE S;S←'A';&P(S)\n20 TERMINER\n"
     "30 PROCEDURE &P(X)\n40 X←1;RETOUR\n", set()),
    ("a CHAINE given by reference, read in there", "10 CHAINE S;S←'A';&P(S)\n20 TERMINER\n"
     "30 PROCEDURE &P(X)\n40 LIRE X;RETOUR\n", set()),
    ("a CHAINE's name a procedure's own", "10 CHAINE S;S←'A';&P\n20 TERMINER\n30 PROCEDURE &P LOCAL S\n40 RETOUR\n",
     set()),
    ("a CHAINE given a string in a procedure", "10 CHAINE S;S←'A';&P\n20 TERMINER\n30 PROCEDURE &P\n40 S←S!'B'\n",
     {"S"}),
]


@pytest.mark.parametrize(("name", "source", "expected"), FOUND, ids=[case[0] for case in FOUND])
def test_a_chaine_holds_only_strings_when_every_store_to_it_is_of_a_string(name: str, source: str, expected) -> None:
    assert string_variables(layout(parse(source))) == expected


ARRAYS = [
    ("an array indexed and stored into", "10 TABLEAU T[3],M[2,2];T[1]←M[1,1];X←T[2]\n", {"T", "M"}),
    ("an array given a value whole", "10 TABLEAU T[3];T←1\n", set()),
    ("an array read in whole", "10 TABLEAU T[3];LIRE T\n", set()),
    ("an array that is a loop's variable", "10 TABLEAU T[3]\n20 FAIRE 30 POUR T←1 JUSQUA 2\n30 *\n", set()),
    ("an array loaded from the disk", "10 TABLEAU T[3];CHARGER T,1,'F'\n", set()),
    ("an array given whole by reference", "10 TABLEAU T[3];&P(T)\n20 TERMINER\n30 PROCEDURE &P(X)\n40 RETOUR\n",
     set()),
    ("an element given by reference", "10 TABLEAU T[3];&P(T[1])\n20 TERMINER\n30 PROCEDURE &P(X)\n40 RETOUR\n",
     {"T"}),
    ("an array's name a procedure's own", "10 TABLEAU T[3];&P\n20 TERMINER\n30 PROCEDURE &P LOCAL T\n40 RETOUR\n",
     set()),
    ("an array's name also a CHAINE's", "10 TABLEAU T[3]\n20 CHAINE T\n", set()),
]


@pytest.mark.parametrize(("name", "source", "expected"), ARRAYS, ids=[case[0] for case in ARRAYS])
def test_a_tableau_name_holds_only_arrays_when_nothing_stores_to_it_whole(name: str, source: str, expected) -> None:
    assert array_variables(layout(parse(source))) == expected


# A procedure's own number of the name of the program's array (Arsac's short names): another variable, wherever no
# line runs in a frame not its own (`foreign` empty), unless the procedure makes its own an array or a CHAINE.
SHADOW = "10 TABLEAU H[3];H[1]←2;AFFICHER &F(2)+H[1]\n20 TERMINER\n30 PROCEDURE &F(H) LOCAL H\n"
OWN_LOCAL = SHADOW.replace("&F(H) LOCAL H", "&F(X) LOCAL H")  # (unset at the entry: it may be declared)
OWN_ARRAYS = [
    ("a parameter by value of the array's name", SHADOW + "40 RESULTAT H+1\n", set(), {"H"}),
    ("a local number of the array's name, stepped", OWN_LOCAL +
     "40 H←X;H←H+1;RESULTAT H\n", set(), {"H"}),
    ("the procedure's own array of the name", OWN_LOCAL + "40 TABLEAU H[2];H[1]←3;RESULTAT H[1]\n", set(), set()),
    ("the procedure's own CHAINE of the name", OWN_LOCAL + "40 CHAINE H;H←'A';RESULTAT 1\n", set(), set()),
    ("its own given to a parameter that declares it", OWN_LOCAL + "40 &G(H);RESULTAT 1\n50 PROCEDURE &G(Y)\n"
     "60 TABLEAU Y[2];RETOUR\n", set(), set()),
    ("a line another unit may run", SHADOW + "40 RESULTAT H+1\n", {40}, set()),
    ("the lines others may run not known", SHADOW + "40 RESULTAT H+1\n", None, set()),
]


@pytest.mark.parametrize(("name", "source", "foreign", "expected"), OWN_ARRAYS, ids=[case[0] for case in OWN_ARRAYS])
def test_a_procedures_own_number_leaves_the_programs_array_of_its_name_an_array(name, source, foreign, expected):
    assert array_variables(layout(parse(source)), foreign) == expected


# The program's vector H filled and summed in loops, and a procedure's own H of another kind indexed as an array
# (TYPES INCOMPATIBLES), sized otherwise, or made a matrix: the program's facts are not the procedure's.
LOOPS = ("10 TABLEAU H[6];FAIRE 20 POUR I←1 JUSQUA 6\n20 H[I]←I*2\n30 S←0;FAIRE 40 POUR I←1 JUSQUA 6\n40 S←S+H[I]\n"
         "50 AFFICHER S,&F(3)\n60 TERMINER\n70 PROCEDURE &F(H) LOCAL H\n")
OWN_PROGRAMS = {
    **{case[0]: case[1] for case in OWN_ARRAYS if case[2] is not None},
    "its own number indexed": LOOPS + "80 AFFICHER H;RESULTAT H[1]\n",
    "its own array of other sizes, filled": LOOPS.replace("&F(H)", "&F(X)") + (
        "80 TABLEAU H[9];FAIRE 90 POUR K←1 JUSQUA 9\n90 H[K]←K\n"
        "95 RESULTAT H[9]+H[7]\n"),
    "its own matrix": LOOPS.replace("&F(H)", "&F(X)") + "80 TABLEAU H[2,2];H[2,2]←5;RESULTAT H[2,2]+H[1,1]\n",
    "its own number stepped and read in": LOOPS + "80 H←H+1;LIRE H;RESULTAT H*2\n",
}


@pytest.mark.parametrize("name", sorted(OWN_PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_an_array_and_a_procedures_own_name(name, profile) -> None:
    assert_agrees(OWN_PROGRAMS[name], ["2.5"], profile=profile)


def test_the_programs_array_is_indexed_with_no_test_that_it_is_a_list_beside_a_parameter_of_its_name() -> None:
    code = listing("10 TABLEAU H[10];FAIRE 20 POUR I←1 JUSQUA 10\n20 H[I]←I\n30 S←0;FAIRE 40 POUR I←1 JUSQUA 10\n"
                   "40 S←S+H[I]\n50 AFFICHER S,&F(2)\n60 TERMINER\n70 PROCEDURE &F(H) LOCAL H\n80 RESULTAT H+1\n")
    assert "v_H[" in code and "_type(v_H) is _list" not in code


PROGRAMS = {
    "an element read before its TABLEAU is run": "10 FAIRE 30 POUR I←1 JUSQUA 3\n20 X←T[I]+1\n30 TABLEAU T[3]\n",
    "an element given by reference before its TABLEAU is run": (
        "10 FAIRE 20 POUR I←1 JUSQUA 3\n20 &P(T[I])\n30 TABLEAU T[3]\n40 TERMINER\n50 PROCEDURE &P(E)\n"
        "60 E←E+1;RETOUR\n"),
    "elements after the array is freed": (
        "10 TABLEAU T[3];FAIRE 20 POUR I←1 JUSQUA 3\n20 T[I]←I;SI I=2 ALORS LIBERER T\n30 AFFICHER T[1]\n"),
    "elements of a vector and a matrix by reference": (
        "10 TABLEAU T[2,2],U[4];FAIRE 30 POUR I←1 JUSQUA 2\n20 &P(U[I]);&P(U[I+2]);&P(T[I,I])\n30 X←X+U[I]\n"
        "40 AFFICHER X,T[1,1],U[5]\n50 TERMINER\n60 PROCEDURE &P(E)\n70 E←E+1;RETOUR\n"),
    "a string read before its CHAINE is run": "10 AFFICHER POS(T,1,'B')\n20 CHAINE T;T←'AB'\n",
    "a string never given a value": "10 CHAINE T\n20 AFFICHER SCH(T,1,1)\n",
    "strings compared, joined and searched": (
        "10 CHAINE S,T;S←'ABC';T←''\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 T←T!SCH(S,I,1)!'-'\n"
        "40 AFFICHER T,POS(T,1,S),S<T,S=T,LGR(T)\n"),
    "a string given another's value in a procedure": (
        "10 CHAINE S,T;S←'AB';&P;AFFICHER T\n20 TERMINER\n30 PROCEDURE &P\n40 T←S!S;RETOUR\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_string_and_array_variables(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [], profile=profile)


def test_a_string_variable_is_read_without_a_test_of_its_kind() -> None:
    code = listing("10 CHAINE S,T;S←'ABC'\n15 FAIRE 30 POUR I←1 JUSQUA 9\n20 T←SCH(S,I,1)\n30 X←POS(S,1,T)\n",
                   False)
    lines = code[code.index("# 20:"):]
    assert "v_S" in lines and ".find(" in lines  # the hot forms, written inline
    assert "_type(v_S)" not in lines and "_type(_s" not in lines and "_type(v_T)" not in lines


def test_a_number_stored_by_the_monitor_in_a_string_variable_stops_the_run() -> None:
    session = Session(None)
    session.type("10 PAUSE", "20 AFFICHER SCH(T,1,1)!'X'", "30 CHAINE T;T←'AB';ALLER EN 20")
    assert "PAUSE EN LIGNE 10" in session.type("EX")
    session.type("T←5")  # no CHAINE T has run yet: the monitor may give it a number
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_number_kept_from_the_prompt_makes_the_variable_tested_again() -> None:
    session = Session(None)
    session.type("T←5", "10 AFFICHER SCH(T,1,1)!'X'", "20 CHAINE T;T←'AB';ALLER EN 10")
    assert "TYPES INCOMPATIBLES SCH EN LIGNE 10" in session.type("RE 10")  # REPRENDRE keeps T←5


def test_an_array_variable_is_indexed_without_a_test_that_it_is_a_list() -> None:
    code = listing("10 TABLEAU T[3]\n20 FAIRE 30 POUR I←1 JUSQUA 3\n30 &P(T[I])\n40 TERMINER\n"
                   "50 PROCEDURE &P(E)\n60 E←E+1;RETOUR\n", False)
    call = next(line for line in code.splitlines() if "p_P((" in line)
    assert "4 > i_I" in call and "_type(v_T)" not in call


def test_a_number_stored_by_the_monitor_in_an_array_variable_stops_the_run() -> None:
    session = Session(None)
    session.type("10 PAUSE", "20 FAIRE 30 POUR I←1 JUSQUA 2", "30 &P(T[I])", "40 TABLEAU T[3];ALLER EN 20",
                 "50 PROCEDURE &P(E)", "60 E←E+1;RETOUR")
    assert "PAUSE EN LIGNE 10" in session.type("EX")
    session.type("T←5")  # no TABLEAU T has run yet: the monitor may give it a number
    assert "RIEN A CONTINUER" in session.type("CO")


def test_a_number_kept_from_the_prompt_makes_the_array_tested_again() -> None:
    session = Session(None)
    session.type("T←5", "20 FAIRE 30 POUR I←1 JUSQUA 2", "30 &P(T[I])", "40 TABLEAU T[3];ALLER EN 20",
                 "50 PROCEDURE &P(E)", "60 E←E+1;RETOUR")
    assert "T N'EST PAS UN TABLEAU EN LIGNE 30" in session.type("RE 20")  # REPRENDRE keeps T←5


JUMPED_INTO = ("10 &P(3);&R('AB')\n20 TERMINER\n30 PROCEDURE &P(X) LOCAL X\n40 &Q(X);RETOUR\n"
               "50 PROCEDURE &Q(Y) LOCAL Y\n60 AFFICHER Y+0;RETOUR\n70 PROCEDURE &R(X) LOCAL X\n80 ALLER EN 40\n")
TWO_NAMES = ("10 LIRE N;AFFICHER &C(N,1),&AK(2,3)\n20 TERMINER\n30 PROCEDURE &C(N,K) LOCAL N,K\n"
             "40 SI K=0 OU K=N ALORS RESULTAT 1\n50 RESULTAT &C(N-1,K-1)+&C(N-1,K)\n60 PROCEDURE &AK(M,N) LOCAL M,N\n"
             "70 SI M=0 ALORS RESULTAT N+1\n80 SI N=0 ALORS RESULTAT &AK(M-1,1)\n90 RESULTAT &AK(M-1,&AK(M,N-1))\n")
PARAMS = [
    ("an argument read in the unit that calls: another procedure's parameter of its name does not count",
     TWO_NAMES, set(), set(), {"&C": {"N", "K"}, "&AK": {"M"}}),
    ("an argument that a function always giving a number gives", TWO_NAMES, set(), {"&AK"},
     {"&C": {"N", "K"}, "&AK": {"M", "N"}}),
    ("an argument on a line that another unit runs counts every unit that has its name as a parameter",
     JUMPED_INTO, {40}, set(), {"&P": {"X"}, "&Q": set(), "&R": set()}),
    ("the same line run by its own unit only", JUMPED_INTO, set(), set(), {"&P": {"X"}, "&Q": {"Y"}, "&R": set()}),
]


@pytest.mark.parametrize(("name", "source", "foreign", "numeric", "expected"), PARAMS, ids=[case[0] for case in PARAMS])
def test_a_parameter_by_value_is_a_number_when_every_call_gives_one(name, source, foreign, numeric, expected) -> None:
    assert number_params(layout(parse(source)), foreign, numeric) == expected


@pytest.mark.parametrize("source", [JUMPED_INTO, TWO_NAMES], ids=["jumped into", "two names"])
def test_every_mode_agrees_with_the_reference_on_parameters_proved_numbers(source: str) -> None:
    assert_agrees(source, ["5"])


BINARY = ("10 CHAINE B;B←&BIN(37)!&BIN(0);AFFICHER B,LGR(&BIN(1000))\n20 TERMINER\n30 PROCEDURE &BIN(X) LOCAL X,H\n"
          "40 SI X<2 ALORS RESULTAT CCA(X)\n50 H←ENT(X/2)\n60 RESULTAT &BIN(H)!CCA(X-2*H)\n")
RESULTS = [
    ("a recursive function joining strings", BINARY, {"&BIN"}),
    ("a function giving a string either way of a SI, or the program's CHAINE",
     "10 CHAINE S;S←'A'\n20 TERMINER\n30 PROCEDURE &F(X) LOCAL X\n40 SI X>0 ALORS RESULTAT S\n"
     "50 RESULTAT (SI X=0 ALORS 'Z' SINON SCH(S,1,1))\n", {"&F"}),
    ("a function that may give a number", "10 TERMINER\n30 PROCEDURE &F(X) LOCAL X\n40 SI X>0 ALORS RESULTAT 'A'\n"
     "50 RESULTAT X\n", set()),
    ("a function giving its own variable of a CHAINE's name",
     "10 CHAINE S;S←'A'\n20 TERMINER\n30 PROCEDURE &F(S) LOCAL S\n40 RESULTAT S\n", set()),
    ("a function giving what another that may give a number gives",
     "10 TERMINER\n30 PROCEDURE &F\n40 RESULTAT &G(1)!''\n50 PROCEDURE &G(X) LOCAL X\n60 RESULTAT &H(X)\n"
     "70 PROCEDURE &H(X) LOCAL X\n80 RESULTAT X\n", {"&F"}),
]


@pytest.mark.parametrize(("name", "source", "expected"), RESULTS, ids=[case[0] for case in RESULTS])
def test_a_function_gives_a_string_when_every_result_of_it_is_one(name: str, source: str, expected: set) -> None:
    program = parse(source)
    found = layout(program)
    exits = procedure_exits(lower(program))
    assert string_kinds(found, exits)[1] == expected


MIXED = ("10 CHAINE S;FAIRE 20 POUR I←2 PAS -1 JUSQUA 0\n20 S←&F(I);AFFICHER S!&F(I)\n30 TERMINER\n"
         "40 PROCEDURE &F(X) LOCAL X\n50 SI X>0 ALORS RESULTAT CCA(X)\n60 RESULTAT X\n")


@pytest.mark.parametrize("source", [BINARY, MIXED], ids=["a function proved to give strings", "one that is not"])
def test_every_mode_agrees_with_the_reference_on_what_a_function_gives(source: str) -> None:
    assert_agrees(source)


def test_a_join_of_a_function_proved_to_give_strings_tests_no_kind() -> None:
    code = listing(BINARY)
    assert "_len(_j1 := p_BIN(v_H, depth + 1) + " in code and "_type(_ja1" not in code


# A function that builds its own CHAINE and gives it (its CHAINE runs first), and the program's CHAINE given it.
ROMAN = ("10 CHAINE R;FAIRE 20 POUR I←1 JUSQUA 3\n20 R←&ROM(I);AFFICHER R,LGR(R)\n30 TERMINER\n"
         "40 PROCEDURE &ROM(X) LOCAL X,S\n50 CHAINE S;S←''\n60 SI X>0 ALORS DEBUT S←S!'I';X←X-1;ALLER EN 60 FIN\n"
         "70 RESULTAT S\n")
KINDS = [
    ("a CHAINE given a function's string", "10 CHAINE S;S←&F\n20 TERMINER\n30 PROCEDURE &F\n40 RESULTAT 'A'\n",
     set(), {"S"}, {"&F"}),
    ("a function giving the program's CHAINE given its own call",
     "10 CHAINE S;S←'A';S←&F\n20 TERMINER\n30 PROCEDURE &F\n40 RESULTAT S!'B'\n", set(), {"S"}, {"&F"}),
    ("a CHAINE given a function that may give a number", MIXED, set(), set(), set()),
    ("a function giving a CHAINE given a number by the prompt, and a CHAINE given it",
     "10 CHAINE S,T;T←&F\n20 TERMINER\n30 PROCEDURE &F\n40 RESULTAT S\n", {"S"}, set(), set()),
    ("a CHAINE given one the prompt gave a number", "10 CHAINE X,Y;Y←X\n", {"X"}, set(), set()),
]


@pytest.mark.parametrize(("name", "source", "broken", "strings", "results"), KINDS, ids=[case[0] for case in KINDS])
def test_string_variables_and_functions_are_found_together(name, source, broken, strings, results) -> None:
    program = parse(source)
    assert string_kinds(layout(program), procedure_exits(lower(program)), broken) == (strings, results)


def test_a_function_giving_its_own_chaine_gives_strings_and_its_call_is_stored_with_no_test() -> None:
    code = listing(ROMAN)
    store = code.split("_sv = p_ROM(")[1].split("\n")[1]
    assert "_type(_sv)" not in store and "_type(v_R)" not in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_a_function_giving_its_own_chaine(profile: str) -> None:
    assert_agrees(ROMAN, profile=profile)


def test_a_chaine_given_a_number_kept_from_the_prompt_by_another_is_tested_again() -> None:
    session = Session(None)
    session.type("10 CHAINE X,Y", "20 Y←X", "30 SI Y='5' ALORS AFFICHER 'OUI' SINON AFFICHER 'NON'")
    session.type("X←5")  # REPRENDRE from line 20 keeps X←5: no CHAINE has run, Y←X gives Y the number
    assert "TYPES INCOMPATIBLES = EN LIGNE 30" in session.type("RE 20")


# &F's RESULTAT 5 is reached only where &Q's RETOUR EN makes &F go on: &F may give a number.
RETURNED_INTO = ("10 CHAINE Y;Y←&F\n20 TERMINER\n30 PROCEDURE &F\n40 &Q;RESULTAT 'X'\n45 RESULTAT 5\n"
                 "50 PROCEDURE &Q\n60 RETOUR EN 45\n")


@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_a_function_that_a_retour_en_makes_go_on_to_another_resultat_is_not_proved(profile: str) -> None:
    assert_agrees(RETURNED_INTO, profile=profile)


# A procedure's own name is the program's variable of that name nowhere but on a line another unit may run.
OWN = "10 CHAINE S;S←'A';&P;AFFICHER S\n20 TERMINER\n30 PROCEDURE &P LOCAL S\n40 S←1\n50 RETOUR\n"
OWN_KINDS = [
    ("its stores, on lines only it runs, are its own", OWN, set(), {"S"}),
    ("its stores, on a line another unit may run, may be the program's", OWN, {40}, set()),
    ("the lines others may run not known: no name a procedure has", OWN, None, set()),
]


@pytest.mark.parametrize(("name", "source", "foreign", "strings"), OWN_KINDS, ids=[case[0] for case in OWN_KINDS])
def test_a_procedures_store_into_its_own_name_is_no_store_into_the_programs(name, source, foreign, strings) -> None:
    program = parse(source)
    assert string_kinds(layout(program), procedure_exits(lower(program)), set(), None, foreign)[0] == strings


PROCEDURE = "100 PROCEDURE &F(S) LOCAL S\n110 S←S!'.';AFFICHER S\n120 RETOUR\n"
GIVEN = [
    ("every call gives a literal or a join", "10 &F('A');&F('B'!'C')\n20 TERMINER\n" + PROCEDURE, {"S"}),
    ("one call gives a number", "10 &F('A');&F(2)\n20 TERMINER\n" + PROCEDURE, set()),
    ("a call gives the program's CHAINE", "10 CHAINE W;W←'A';&F(W)\n20 TERMINER\n" + PROCEDURE, {"S"}),
    ("a call gives a CHAINE the prompt gave a number", "10 CHAINE W;&F(W)\n20 TERMINER\n" + PROCEDURE, set()),
    ("a call gives a procedure's own name",
     "10 &G('A')\n20 TERMINER\n" + PROCEDURE + "200 PROCEDURE &G(W) LOCAL W,Y\n210 Y←3;&F(Y)\n220 RETOUR\n",
     {"W"}),
    ("a call gives the caller's parameter given strings",
     "10 &G('A')\n20 TERMINER\n" + PROCEDURE + "200 PROCEDURE &G(W) LOCAL W\n210 &F(W)\n220 RETOUR\n", {"S", "W"}),
    ("never called: the host's, which may give anything", "10 TERMINER\n" + PROCEDURE, set()),
    ("read in", "10 &F('A')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 LIRE S\n120 RETOUR\n", set()),
    ("freed", "10 &F('A')\n20 TERMINER\n100 PROCEDURE &F(S) LOCAL S\n110 LIBERER S;S←2\n120 RETOUR\n", set()),
]


@pytest.mark.parametrize(("name", "source", "expected"), GIVEN, ids=[case[0] for case in GIVEN])
def test_a_parameter_by_value_holds_a_string_when_every_call_gives_one(name: str, source: str, expected) -> None:
    program = parse(source)
    found = layout(program)
    strings, results = string_kinds(found, procedure_exits(lower(program)), {"W"} if "prompt" in name else set(),
                                    None, set())
    params = string_params(found, strings, results, set())
    assert set().union(*params.values()) == expected


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("source", [case[1] for case in GIVEN], ids=[case[0] for case in GIVEN])
def test_every_mode_agrees_with_the_reference_on_parameters_given_strings(source: str, profile: str) -> None:
    assert_agrees(source, ["7"], profile=profile)
