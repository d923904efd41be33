"""SKP, PTR and GRL call a scan of their kind (strops) and pay its characters inline (pystrings.skipped):
the scan and its charge give what the paying built-in gives, and every mode agrees with the reference on programs
that scan with them, on both machines.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machine.errors import LseError
from machine.lse import strops
from machine.lse.builtins import BUILTINS
from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees, run_machine
from tests.test_builtin_fast_paths import CASES, Meter


def scan_of(name: str, args: tuple, written: bool) -> object:
    """The scan the compiled code calls (`written`: the set is a constant in the program)."""
    if len(args) == 2:
        return {"SKP": strops.skip_other, "PTR": strops.pass_letters, "GRL": strops.get_word}[name](*args)
    if name == "SKP" and written and type(args[2]) is str and len(args[2]) == 1:
        return strops.skip_char(*args)
    return (strops.skip_set if name == "SKP" else strops.pass_set)(*args)


def inline(name: str, args: tuple, written: bool) -> object:
    """(position, chars) as the compiled code finds them: the scan, the characters from d to the position given;
    where the scan refuses the values, the paying built-in's (result, chars), or its error."""
    found = scan_of(name, args, written)
    if found is not None:
        return found, max(0, int((found[1] if name == "GRL" else found) - args[1]))
    return paid(name, args)


def paid(name: str, args: tuple) -> object:
    """The paying built-in's (result, chars), or its error."""
    meter = Meter()
    try:
        result = BUILTINS[name].paid(meter, 1)(*args)
    except LseError as error:
        return error.code, error.text
    return result, meter.cell_contents - 5


NUMBERED = [(name, args) for name, args in CASES if name in ("SKP", "PTR", "GRL") and type(args[1]) is float]


@pytest.mark.parametrize("written", [True, False])
@pytest.mark.parametrize(("name", "args"), NUMBERED)
def test_a_scan_and_its_charge_give_what_the_paying_built_in_gives(name, args, written):
    assert inline(name, args, written) == paid(name, args)


scanned = st.text(alphabet="AbÉß Ωμ12٣²½Ⅻ_-^]\\.*, ", max_size=24)
sets = st.one_of(st.text(alphabet="Ab 1²_-^]\\.*,", max_size=6), st.sampled_from([" ", "A", ","]), st.floats())
starts = st.one_of(st.integers(min_value=-2, max_value=30).map(float), st.floats(), st.just(1e15), st.just(2.5))


@given(scanned, starts, sets)
def test_any_text_start_and_set_scan_as_the_built_in_scans(s, d, chars):
    assert inline("GRL", (s, d), True) == paid("GRL", (s, d))
    for name in ("SKP", "PTR"):
        assert inline(name, (s, d), True) == paid(name, (s, d))
        for written in (True, False):
            assert inline(name, (s, d, chars), written) == paid(name, (s, d, chars))


def test_a_start_past_the_end_gives_the_end_and_scans_nothing():
    for scan in (strops.skip_other, strops.pass_letters):
        assert scan("AB C", 9.0) == 5.0
    assert strops.skip_char("  ", 4.0, " ") == 3.0 and strops.pass_set("AB", 7.0, "") == 3.0
    assert inline("SKP", ("AB", 7.0, " "), True) == (3.0, 0)
    assert strops.get_word("AB", 3.0) == ("", 3.0) and strops.get_word("AB", 5.0) == ("", 3.0)


def test_what_no_scan_takes_is_left_to_the_built_in():
    assert strops.skip_other(1.0, 1.0) is None and strops.skip_set("A", 1.0, 2.0) is None
    assert strops.skip_char("A", 0.0, "A") is None and strops.pass_letters("A", 1.5) is None
    assert strops.pass_set("A", math.nan, "A") is None and strops.skip_other("A", math.inf) is None
    assert strops.get_word(["A"], 1.0) is None and strops.get_word("A", -1.0) is None


WORDS = (
    "10 CHAINE T,W,E;T←'  LE 12 MAI, 1974: IL Y AVAIT 35 ELEVES ET 2 PROFS.  ';E←' .,:'\n"
    "20 L←LGR(T);P←1;M←0;S←0;K←0\n"
    "30 P←SKP(T,P,E);SI P>L ALORS ALLER EN 70\n"
    "40 SI SKP(T,P)#P ALORS DEBUT Q←PTR(T,P,' ');S←S+Q-P;P←Q;ALLER EN 30 FIN\n"
    "50 Q←PTR(T,P);W←SCH(T,P,Q-P);M←M+1;K←K+LGR(W)\n"
    "60 P←SKP(T,Q,' ');SI P<=L ALORS ALLER EN 30\n"
    "70 FAIRE 80 POUR I←1 JUSQUA 3\n80 S←S+PTR(T,1,'M')+SKP(T,3,'EL')+SKP(T,LGR(T)+I)+PTR(T!'ABC',L+I)\n"
    "90 AFFICHER M,K,S,P;TERMINER\n"
)
PROGRAMS = {
    "words, numbers and signs counted by SKP and PTR of each kind": (WORDS, []),
    "a set and a text read in": (
        "10 CHAINE T,E;LIRE T,E\n20 P←1;N←0\n30 P←SKP(T,P,E);Q←PTR(T,P,E);SI Q>P ALORS N←N+1\n"
        "40 P←Q;SI P<=LGR(T) ALORS ALLER EN 30\n50 AFFICHER N,P,SKP(T,1,E),PTR(T,1,E);TERMINER\n",
        ["'A;;B;C;;;DD;'", "';'"]),
    "a start that is no whole number": ("10 CHAINE T;T←'AB CD'\n20 P←1.5\n30 AFFICHER SKP(T,P,' ');TERMINER\n", []),
    "a start below 1, in a procedure": (
        "10 CHAINE T;T←'AB CD';AFFICHER &F(T,2),&F(T,0)\n20 TERMINER\n"
        "30 PROCEDURE &F(T,D) LOCAL D\n40 RESULTAT PTR(T,D,'C')+SKP(T,D)\n", []),
    "a string that is a number": ("10 CHAINE T;T←'AB';X←3\n20 AFFICHER SKP(T,1);AFFICHER SKP(X,1,' ');TERMINER\n", []),
    "a set that is a number": ("10 CHAINE T;T←'AB';X←3\n20 AFFICHER PTR(T,1,X);TERMINER\n", []),
    "a text never assigned": ("10 CHAINE T,U;T←'AB'\n20 AFFICHER PTR(T,1);AFFICHER SKP(U,1,' ');TERMINER\n", []),
    "words got by GRL, their positions given into a variable, a procedure's own, a reference": (
        "10 CHAINE T,W;T←'  UN, DEUX 3 TROIS.'\n20 P←1;N←0\n"
        "30 W←GRL(T,P,P);SI W='' ALORS ALLER EN 50\n40 N←N+LGR(W);AFFICHER W;ALLER EN 30\n"
        "50 AFFICHER N,GRL(T,4),&G(T,P),P,&H(T)\n60 TERMINER\n"
        "70 PROCEDURE &G(T,R)\n80 RESULTAT GRL(T,1,R)!GRL(T,R,R)\n"
        "90 PROCEDURE &H(T) LOCAL K,U\n100 CHAINE U;K←1;U←GRL(T,K,K);U←U!GRL(T,K,K);RESULTAT U!CCA(K)\n", []),
    "a word past the end, and GRL of a number": (
        "10 CHAINE T;T←'AB'\n20 P←9;AFFICHER GRL(T,P,P),P;X←1\n30 AFFICHER GRL(X,1);TERMINER\n", []),
    "a long text scanned over many slices": (
        "10 CHAINE T;T←'';FAIRE 20 POUR I←1 JUSQUA 300\n20 T←T!'AB  C '\n30 P←1;N←0\n"
        "40 P←SKP(T,P,' ');SI P>LGR(T) ALORS ALLER EN 60\n50 N←N+1;P←PTR(T,P,' ');ALLER EN 40\n"
        "60 CHAINE W;W←GRL(T,1,P);AFFICHER N,P,W;TERMINER\n", []),
}


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_mode_agrees_with_the_reference_on_programs_that_scan(name: str, profile: str) -> None:
    source, inputs = PROGRAMS[name]
    assert_agrees(source, inputs, profile=profile)


def test_each_kind_of_scan_is_called_with_its_charge_inline() -> None:
    code = listing(WORDS)
    for scan in ("_skpc(v_T, v_Q, ' ')", "_skps(v_T, v_P, v_E)", "_skpo(v_T, v_P)", "_ptrs(v_T, v_P, ' ')",
                 "_ptrl(v_T, v_P)", "_ptrs(v_T, 1.0, 'M')", "_skps(v_T, 3.0, 'EL')"):
        assert scan in code, scan
    assert "(cyc := cyc + 20 * (_qr" in code  # its charge: the characters from d to the position given
    assert "_b_SKP(v_T, v_Q, ' ')" in code  # and the built-in, where the scan refuses the values


def test_a_word_got_gives_its_position_into_the_variable_named_once_paid() -> None:
    code = listing("10 CHAINE T,W;T←'UN DEUX';P←1\n20 W←GRL(T,P,P);SI W#'' ALORS ALLER EN 20\n")
    assert ("(_qw1 := _grlw(v_T, v_P)) is not None and ((_qr1 := _qw1[1]) <= v_P or (cyc := cyc + 20 * (_qr1 - v_P))"
            " is not None) and (v_P := _qr1) is not None else (_p[0] if (v_P := (_p := _b_GRL(v_T, v_P))[1])") in code


def test_an_operand_computed_is_computed_once_into_a_temporary() -> None:
    code = listing(WORDS)
    assert "_ptrl((_qs1 := (_j2 if " in code and ", (_qd1 := (v_L + v_I)))) is not None" in code
    assert "_b_PTR(_qs1, _qd1)" in code


def test_a_profiled_run_scans_inline_and_counts_the_characters_it_scans() -> None:
    code = listing(WORDS, profile=True)
    assert "_skpc(" in code and "_ptrl(" in code and "(cs := cs + _nq)" in code
    _, micro = run_machine(WORDS, [], 0, "micro40", "profile")
    counts, costs = micro.runtime.counts, micro.runtime.costs
    assert counts["char_scan"] > 0
    assert sum(count * costs[kind] for kind, count in counts.items()) == micro.cycles
