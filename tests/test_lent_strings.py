"""A procedure's own CHAINE given by reference to a parameter that its procedure only reads
(ownership.read_references) stays a Python local: the call lends it in a table of its own (`_lends`, or
`_lendu` where it may have no value yet), where it made the whole procedure keep its variables in a table
(a mutual recursion with strings ran 24x its twin, 12x then); where the callee stores nothing by reference
and the string is surely set, the call gives the string itself (passing.read_only_references). Each program
runs in every mode of the Micro against the reference (output, error and line, cycles), on both machines.
"""

from __future__ import annotations

import random

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

PROGRAMS = {
    'a mutual recursion whose own CHAINE each gives the other by reference': (
        "10 LIRE R,D\n20 CS←0\n30 FAIRE 50 POUR K←1 JUSQUA R\n40 CS←CS+&PAIR('X',D+K-3*ENT(K/3))\n"
        "50 CS←CS-999983*ENT(CS/999983)\n60 AFFICHER CS\n70 TERMINER\n"
        "200 PROCEDURE &PAIR(S,N) LOCAL N,T,C\n210 CHAINE T\n220 T←'A'!S;C←EQN(T,LGR(T))\n"
        "230 SI N=0 ALORS RESULTAT C+LGR(T)\n240 RESULTAT C+&IMPA(T,N-1)\n"
        "300 PROCEDURE &IMPA(S,N) LOCAL N,T,C\n310 CHAINE T\n"
        "320 T←S!'B';SI LGR(T)>12 ALORS T←SCH(T,3,LGR(T)-2)\n330 C←EQN(T,1)*2\n"
        "340 SI N=0 ALORS RESULTAT C+LGR(T)\n350 RESULTAT C+&PAIR(T,N-1)\n"),
    'an own CHAINE given before it has a value: reading it fails in the callee': (
        "10 AFFICHER &P(1);AFFICHER &P(0);TERMINER\n100 PROCEDURE &P(K) LOCAL K,T\n"
        "110 CHAINE T;SI K=1 ALORS T←'ABC'\n120 RESULTAT &Q(T)\n200 PROCEDURE &Q(S)\n"
        "210 RESULTAT LGR(S)\n"),
    'a callee that stores into its parameter: the procedure keeps its table': (
        "10 &P;TERMINER\n100 PROCEDURE &P LOCAL T,I\n110 CHAINE T;T←'AB'\n"
        "120 FAIRE 130 POUR I←1 JUSQUA 3\n130 &Q(T);&R(T)\n140 AFFICHER T;RETOUR\n"
        "200 PROCEDURE &Q(S)\n210 S←S!'C';RETOUR\n300 PROCEDURE &R(S)\n310 AFFICHER S;RETOUR\n"),
    'a parameter that only reads, handing the string on to another that only reads': (
        "10 &P(3);TERMINER\n100 PROCEDURE &P(N) LOCAL N,T\n110 CHAINE T;T←'X'!CCA(N)\n"
        "120 &Q(T,N);AFFICHER T\n130 SI N>0 ALORS &P(N-1)\n140 RETOUR\n"
        "200 PROCEDURE &Q(S,M) LOCAL M\n210 AFFICHER S,M;SI M>1 ALORS &R(S)\n220 RETOUR\n"
        "300 PROCEDURE &R(U)\n310 AFFICHER 'R',U!U;RETOUR\n"),
    'a callee that stores into another parameter by reference: the string is lent': (
        "10 C←0;&P(3);AFFICHER C;TERMINER\n100 PROCEDURE &P(N) LOCAL N,T\n110 CHAINE T;T←'AB'!CCA(N)\n"
        "120 &Q(T,C);SI N>0 ALORS &P(N-1)\n130 RETOUR\n200 PROCEDURE &Q(S,K)\n210 K←K+LGR(S);RETOUR\n"),
    'the memory full while lent strings are held down a recursion': (
        "10 TABLEAU Z[16000];&P(1);TERMINER\n100 PROCEDURE &P(N) LOCAL N,T\n"
        "110 CHAINE T;T←'ABCDEFGHIJKLMNOPQRSTUVWXYZ'\n120 AFFICHER N,&Q(T)\n"
        "130 SI N<40 ALORS &P(N+1)\n140 RETOUR\n200 PROCEDURE &Q(S)\n210 RESULTAT LGR(S)\n"),
}
TYPED = {"a mutual recursion whose own CHAINE each gives the other by reference": ["30 6"]}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_own_strings_given_by_reference(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], TYPED.get(name, []), profile=profile)


def test_an_own_string_is_lent_to_a_parameter_that_only_reads_it_and_the_table_stays_where_one_stores() -> None:
    given = listing(PROGRAMS["a mutual recursion whose own CHAINE each gives the other by reference"])
    assert "p_IMPA(v_T, " in given and "_lend" not in given and "_frame(" not in given  # given as a value
    lent = listing(PROGRAMS["a callee that stores into another parameter by reference: the string is lent"])
    assert "_lends(v_T, 'T')" in lent and "_frame(" not in lent
    assert "_lendu(lambda: v_T, 'T')" in listing(
        PROGRAMS["an own CHAINE given before it has a value: reading it fails in the callee"])
    stored = listing(PROGRAMS["a callee that stores into its parameter: the procedure keeps its table"])
    assert "_frame(" in stored and "_lend" not in stored


# Programs of this shape drawn at random: the string set or not, grown after the call or not, the callee reading
# it whole in each way it may (its length, a join, a code, a substring, a search, given on by value and by
# reference), in a loop or not, in a recursion or not, storing into a parameter by reference (then it is lent
# whatever it holds) or not.
READS = ("RESULTAT LGR(S)", "AFFICHER S;RESULTAT 1", "RESULTAT EQN(S!'Z',1)", "RESULTAT &R(S)+1",
         "RESULTAT &V(S)*2", "SI LGR(S)>2 ALORS RESULTAT 5 SINON RESULTAT POS(S!'A',1,'A')",
         "RESULTAT LGR(SCH(S,2,3))")
SETS = ("T←'AB'", "T←'AB'!CCA(N)", "SI N>1 ALORS T←'XY'", "T←SCH('ABCDEFGH',1,N)", "")


def drawn(seed: int) -> tuple[str, list[str], bool]:
    rng = random.Random(seed)
    assign = rng.choice(SETS)
    loop = rng.random() < 0.5
    grow = rng.random() < 0.3 and assign
    recurse = rng.random() < 0.5
    loud = rng.random() < 0.5
    lines = ["10 LIRE M;K←0;G←0", "20 FAIRE 30 POUR I←1 JUSQUA M", "30 K←K+&P(I)", "40 AFFICHER K,G;TERMINER",
             "100 PROCEDURE &P(N) LOCAL N,T,J,Z", "110 CHAINE T" + (";" + assign if assign else ""),
             "120 Z←0" + (";FAIRE 130 POUR J←1 JUSQUA 2" if loop else ""),
             "130 Z←Z+&Q(T" + (",G)" if loud else ")") + (";T←T!'Q'" if grow else ""),
             "140 " + ("SI N>1 ALORS Z←Z+&P(N-1);" if recurse else "") + "RESULTAT Z",
             "200 PROCEDURE &Q(S" + (",C)" if loud else ")"), "210 " + ("C←C+1;" if loud else "") + rng.choice(READS),
             "300 PROCEDURE &R(U)", "310 RESULTAT LGR(U)", "400 PROCEDURE &V(W) LOCAL W", "410 RESULTAT LGR(W)"]
    return "\n".join(lines) + "\n", [str(rng.randint(1, 5))], loud


@pytest.mark.parametrize("seed", range(24))
def test_every_mode_agrees_with_the_reference_on_drawn_programs_that_lend_a_string(seed: int) -> None:
    source, typed, loud = drawn(seed)
    code = listing(source)
    assert "_lend" in code if loud else "_lend" in code or "p_Q(v_T, " in code  # lent, or given as a value
    assert_agrees(source, typed, profile="console80" if seed % 4 == 3 else "micro40")
