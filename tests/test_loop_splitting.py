"""A line reached with different FAIRE loops open gets a copy for each (machine/lse/splitting.py), so that
the loops stay decided by the program's shape: Arsac's `ALLER EN` to the loops' last line from before the
inner loop no longer puts every loop of the unit on the run-time stack. Each program runs in every mode
of the Micro against the reference (output, error and line, cycles), on both machines.
"""

from __future__ import annotations

import io

import pytest

from machine.frontends.terminal import run_headless
from machine.lse import analyses, ir
from machine.lse.layout import layout
from machine.lse.listing import listing
from machine.lse.parser import parse
from machine.micro import Micro
from machine.profile import load_profile
from tests.oracle.differential import assert_agrees

FLOYD = """10 N←5;TABLEAU D[N,N];Z←999;X←1;A←0
20 FAIRE 40 POUR I←1 JUSQUA N
30 FAIRE 40 POUR J←1 JUSQUA N
40 X←X*37+11;X←X-ENT(X/101)*101;D[I,J]←SI X<40 ALORS X SINON Z
50 FAIRE 100 POUR K←1 JUSQUA N
60 FAIRE 100 POUR I←1 JUSQUA N
70 DK←D[I,K];SI DK=Z ALORS ALLER EN 100
80 FAIRE 100 POUR J←1 JUSQUA N
90 W←DK+D[K,J];SI W<D[I,J] ALORS DEBUT D[I,J]←W;A←A+1 FIN
100 *
110 AFFICHER A,D[1,N],D[N,1]
120 TERMINER
"""

RETURNED = ("10 S←0\n20 FAIRE 40 POUR I←1 JUSQUA 3\n30 &P(I)\n40 S←S+I\n50 AFFICHER 'FIN',S;TERMINER\n"
            "60 AFFICHER 'ICI',S,I;TERMINER\n100 PROCEDURE &P(K) LOCAL K\n110 &Q(K)\n120 RETOUR\n"
            "130 AFFICHER 'REVENU',K;SI K=2 ALORS RETOUR EN 60\n140 RETOUR\n200 PROCEDURE &Q(J) LOCAL J\n"
            "210 SI J>=1 ALORS RETOUR EN 130\n220 RETOUR\n")

# name: (program, its input, whether the main program's loops are decided after the split)
PROGRAMS = {
    "a jump to the loops' last line from before the inner loop": (FLOYD, [], True),
    "the same jump out of a DEBUT block, the inner loop after it": (
        "10 S←0;H←0\n20 FAIRE 60 POUR R←1 JUSQUA 6\n30 S←R-ENT(R/3)*3\n"
        "40 SI S=0 ALORS DEBUT H←H+1;ALLER EN 60 FIN\n50 FAIRE 60 POUR K←1 JUSQUA R\n60 H←H+K*S\n"
        "70 AFFICHER H\n80 TERMINER\n", [], True),
    "a last line that computes, run with both sets of loops": (
        "10 T←0\n20 FAIRE 50 POUR I←1 JUSQUA 4\n30 SI I=2 ALORS ALLER EN 50\n40 FAIRE 50 POUR J←1 JUSQUA I\n"
        "50 T←T+I*10+J\n60 AFFICHER T,I,J\n70 TERMINER\n", [], True),
    "an error on the copied line, in the pass the jump made": (
        "10 FAIRE 40 POUR I←1 JUSQUA 4\n20 SI I=3 ALORS ALLER EN 40\n30 FAIRE 40 POUR J←1 JUSQUA 2\n"
        "40 X←10/(I-3)\n50 AFFICHER X\n60 TERMINER\n", [], True),
    "a jump back into the lines of a loop that has ended": (
        "10 N←0\n20 FAIRE 40 POUR I←1 JUSQUA 3\n30 N←N+I\n40 AFFICHER N\n50 SI N<20 ALORS ALLER EN 30\n"
        "60 TERMINER\n", [], True),
    "a procedure's loops split, its numbers read in": (
        "10 LIRE M;&P(M);&P(M+1)\n20 TERMINER\n100 PROCEDURE &P(M) LOCAL M,I,J,C\n110 C←0\n"
        "120 FAIRE 150 POUR I←1 JUSQUA M\n130 SI I=2 ALORS ALLER EN 150\n140 FAIRE 150 POUR J←I JUSQUA M\n"
        "150 C←C+J\n160 AFFICHER C\n170 RETOUR\n", ["4"], True),
    # (found by the oracle's shapes: the call's argument was held surely set, as it is on the way through the
    # loop, and read as a value where the jump reaches the copy before the loop has set it)
    "a variable the loop sets, given by reference on a copied line the jump reaches first": (
        "10 C←8;X←6\n20 SI X>5 ALORS ALLER EN 40\n30 FAIRE 50 POUR I←1 JUSQUA 3\n40 C←C-1\n50 &R(I)\n"
        "60 AFFICHER C;TERMINER\n100 PROCEDURE &R(P)\n110 AFFICHER 'R';RETOUR\n", [], True),
    # (a helper's probe, a gnome sort, ran 9x its twin: its whole program kept every loop at run time)
    "a FAIRE line jumped to from inside its own loop, which starts it again": (
        "10 LIRE N;S←0;D←1\n30 FAIRE 50 POUR I←D JUSQUA N\n40 S←S+I;SI I=2 ET D=1 ALORS DEBUT D←2;ALLER EN 30 FIN\n"
        "50 *\n60 FAIRE 70 POUR J←1 JUSQUA N\n70 S←S+J\n80 AFFICHER S,I,J;TERMINER\n", ["6"], True),
    "a gnome sort: a step back restarts the loop at its FAIRE line": (
        "10 N←12;TABLEAU T[N];X←1\n20 FAIRE 20 POUR I←1 JUSQUA N;X←X*75+74;X←X-ENT(X/65537)*65537;T[I]←ENT(X/64)\n"
        "30 NS←0;D←1\n40 FAIRE 70 POUR I←D JUSQUA N-1\n50 SI T[I]<=T[I+1] ALORS ALLER EN 70\n"
        "60 Y←T[I];T[I]←T[I+1];T[I+1]←Y;NS←NS+1;SI I>1 ALORS DEBUT D←I-1;ALLER EN 40 FIN\n70 *\n"
        "80 AFFICHER NS,T[1],T[N];TERMINER\n", [], True),
    # A RETOUR EN comes back at a line of the caller, with the loops open at the call that hold the line (the
    # others are left): a call of the procedure may go on there, and the loops stay decided
    "a RETOUR EN out of a loop of the program to a line after it": (
        "10 S←0\n20 FAIRE 40 POUR I←1 JUSQUA 100\n30 S←S+I\n40 &P(S)\n50 AFFICHER 'FINI',S;TERMINER\n"
        "60 AFFICHER 'SORTI',S,I;TERMINER\n100 PROCEDURE &P(X)\n110 SI X>50 ALORS RETOUR EN 60\n120 RETOUR\n",
        [], True),
    "a RETOUR EN from a function called in a condition, in nested loops": (
        "10 N←0\n20 FAIRE 40 POUR I←1 JUSQUA 5;FAIRE 40 POUR J←1 JUSQUA 5\n30 SI &F(I*J)>0 ALORS N←N+1\n40 *\n"
        "50 AFFICHER 'TOUT',N;TERMINER\n60 AFFICHER 'TROUVE',I,J,N\n65 FAIRE 70 POUR K←1 JUSQUA 2\n70 N←N+K\n"
        "80 AFFICHER N;TERMINER\n100 PROCEDURE &F(X) LOCAL X\n110 SI X=12 ALORS RETOUR EN 60\n"
        "120 RESULTAT X-ENT(X/2)*2\n",
        [], True),
    "a RETOUR EN into a procedure, past its loop": (
        "10 &P;AFFICHER 'APRES';TERMINER\n100 PROCEDURE &P LOCAL I\n110 FAIRE 120 POUR I←1 JUSQUA 9\n"
        "120 &Q(I)\n130 AFFICHER 'FIN DE P';RETOUR\n140 AFFICHER 'REVENU',I;RETOUR\n"
        "200 PROCEDURE &Q(K) LOCAL K\n210 SI K=4 ALORS RETOUR EN 140\n220 RETOUR\n", [], True),
    "a RETOUR EN to a line inside a loop": (
        "10 S←0\n20 FAIRE 50 POUR I←1 JUSQUA 6\n30 &P(I)\n40 S←S+I\n50 S←S+100\n60 AFFICHER S;TERMINER\n"
        "100 PROCEDURE &P(X)\n110 SI X=3 ALORS RETOUR EN 50\n120 RETOUR\n", [], True),
    # (a helper's probe, a search leaving by RETOUR EN TROUVE into the caller's loop, ran 7x its twin)
    "a search that leaves by RETOUR EN to a label in the caller's loop": (
        "10 TABLEAU A[9];FAIRE 10 POUR I←1 JUSQUA 9;A[I]←3*I\n20 NT←0;SP←0\n30 FAIRE 60 POUR K←1 JUSQUA 12\n"
        "40 &CHERCHE(2*K);AFFICHER 'ABSENT',K;ALLER EN 60\n50 TROUVE: NT←NT+1;SP←SP+P\n60 *\n"
        "70 AFFICHER NT,SP;TERMINER\n200 PROCEDURE &CHERCHE(V) LOCAL V,G,D\n210 G←1;D←9\n220 SI G>D ALORS RETOUR\n"
        "230 P←ENT((G+D)/2);SI A[P]=V ALORS RETOUR EN TROUVE\n240 SI A[P]<V ALORS G←P+1 SINON D←P-1\n"
        "250 ALLER EN 220\n", [], True),
    "a RETOUR EN into a loop whose variable indexes an array, by a function": (
        "10 TABLEAU T[8];S←0\n20 FAIRE 50 POUR I←1 JUSQUA 8\n30 T[I]←I*I;S←S+&F(I)\n40 S←S+T[I]\n"
        "50 S←S+1\n60 AFFICHER S,I,T[3];TERMINER\n100 PROCEDURE &F(K) LOCAL K\n110 SI K=3 OU K=6 ALORS RETOUR EN 50\n"
        "120 RESULTAT K\n", [], True),
    "an error after a RETOUR EN into a loop": (
        "10 FAIRE 40 POUR I←1 JUSQUA 5\n20 &P(I)\n30 AFFICHER I\n40 X←1/(I-4)\n50 TERMINER\n"
        "100 PROCEDURE &P(K) LOCAL K\n110 SI K>=2 ALORS RETOUR EN 40\n120 RETOUR\n", [], True),
    # (found reading the change again: &P's RETOUR EN 60 runs only once &Q's RETOUR EN 130 has brought &P there,
    # and the main program, not knowing it could go on at 60, went round for ever)
    "a RETOUR EN on a line its procedure reaches by another procedure's RETOUR EN": (RETURNED, [], True),
    "a line reached with more sets of loops than copies are made for": (
        "10 FAIRE 90 POUR A←1 JUSQUA 2\n20 SI A=2 ALORS ALLER EN 90\n30 FAIRE 90 POUR B←1 JUSQUA 2\n"
        "40 SI B=2 ALORS ALLER EN 90\n50 FAIRE 90 POUR C←1 JUSQUA 2\n60 SI C=2 ALORS ALLER EN 90\n"
        "70 FAIRE 90 POUR D←1 JUSQUA 2\n75 SI D=2 ALORS ALLER EN 90\n80 FAIRE 90 POUR E←1 JUSQUA 2\n"
        "85 SI E=2 ALORS ALLER EN 90\n87 FAIRE 90 POUR F←1 JUSQUA 2\n90 S←S+1\n"
        "95 AFFICHER S\n99 TERMINER\n", [], False),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_where_a_line_is_copied(name: str, profile: str) -> None:
    source, typed, _ = PROGRAMS[name]
    assert_agrees(source, typed, profile=profile)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_loops_are_decided_where_copies_can_be_made(name: str) -> None:
    source, _, decided = PROGRAMS[name]
    assert ("_open(lp" not in listing(source)) is decided


def copies_of(source: str, line: int) -> tuple[ir.ProgramIR, list[ir.Block]]:
    """The IR after a build from the first line, and the blocks that start `line` (the line's own first)."""
    micro = Micro(load_profile("micro40"), seed=0)
    micro.load(parse(source))
    micro.runtime.compile_all()
    program = micro.runtime.ir
    return program, [block for block in program.blocks if block.line == line and block.line_start]


def test_the_jump_goes_to_a_copy_of_the_last_line_and_the_inner_loop_runs_on_into_the_line() -> None:
    program, starts = copies_of(FLOYD, 100)
    assert len(starts) == 2 and starts[0].id == program.line_block[100]
    jumps = [block.exit for block in program.blocks if type(block.exit) is ir.Jump and block.exit.at == 70]
    assert [program.jump_target(jump) for jump in jumps] == [starts[1].id]


def test_a_copy_runs_the_same_statements_through_nodes_of_its_own() -> None:
    _, starts = copies_of(PROGRAMS["a last line that computes, run with both sets of loops"][0], 50)
    assert len(starts) == 2 and starts[1].ops == starts[0].ops and starts[1].exit == starts[0].exit
    assert all(copy is not op and copy.node is not op.node for copy, op in zip(starts[1].ops, starts[0].ops)
               if type(op) is ir.Do)


def run_from(micro: Micro, line: int) -> tuple[str, int]:
    out = io.StringIO()
    micro.runtime.start(line)
    run_headless(micro, speed=None, stdin=io.StringIO(""), stdout=out, stderr=io.StringIO(), bell=False)
    return out.getvalue(), micro.cycles


def test_a_second_build_from_another_line_runs_as_a_first() -> None:
    again = Micro(load_profile("micro40"), seed=0)
    again.load(parse(FLOYD))
    again.runtime.compile_all()  # the copies made for a run from the first line
    fresh = Micro(load_profile("micro40"), seed=0)
    fresh.load(parse(FLOYD))
    assert run_from(again, 50) == run_from(fresh, 50)


def test_a_procedure_may_return_to_the_lines_its_own_lines_and_those_a_callee_brings_it_back_to_do() -> None:
    program = parse(RETURNED)
    assert analyses.comes_back(ir.lower(program), layout(program)) == {"&P": {60}, "&Q": {130}}
