"""A main program whose loops are known is written without the dispatch (pystructure), a block that
two ways round a loop go to included (it is copied: StructuredCode.copied); the queens by jumps, whose loop is
entered at two places, too (the end they reach from both is small and written where the ways meet). Every mode
agrees with the reference either way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from machine.lse.listing import listing
from tests.oracle.differential import assert_agrees

ROOT = Path(__file__).resolve().parent.parent

# Arsac's automaton of the queens (on 5 squares): line 90 is reached from the end of the FAIRE (line 60) and
# from a solution found (line 70), both inside the loop of line 40, to which it goes back.
JOIN = ("10 N←5;TABLEAU C[N],A[N],B[2*N],D[2*N]\n20 K←1;S←0\n30 C[K]←0\n40 FAIRE 50 POUR I←C[K]+1 JUSQUA N\n"
        "50 SI A[I]+B[K+I]+D[K-I+N]=0 ALORS ALLER EN 70\n60 ALLER EN 90\n"
        "70 C[K]←I;SI K=N ALORS DEBUT S←S+1;ALLER EN 90 FIN\n80 A[I]←1;B[K+I]←1;D[K-I+N]←1;K←K+1;ALLER EN 30\n"
        "90 K←K-1;SI K=0 ALORS ALLER EN 110\n100 I←C[K];A[I]←0;B[K+I]←0;D[K-I+N]←0;ALLER EN 40\n"
        "110 AFFICHER S;TERMINER\n")
# The queens by jumps only: the loop of lines 80-90 is entered at 80 (from 70) and at 120 (from 140).
TWO_ENTRIES = (ROOT / "bench" / "lse" / "queens.lse").read_text(encoding="utf-8")

# A jump to a loop's last line from inside it, beside the line that runs into it: the loop's own lines run in a
# loop run once, left by `break` for line 140 (UnitCode.case_chain).
TO_THE_LAST_LINE = ("10 N←6;TABLEAU R[20];X←17;B←0;S←0;E←1\n20 Q←1\n"
                    "30 X←X*75+74;X←X-ENT(X/65537)*65537;A←X-ENT(X/5)*5\n"
                    "40 SI A=0 ALORS DEBUT B←B+1;ALLER EN 60 FIN\n50 SI A=R[Q]+1 ALORS S←S+4 SINON S←S-1\n"
                    "60 Q←Q+1;SI Q<=20 ALORS ALLER EN 30\n"
                    "65 T←S;U←B;V←T+U;W←T-U;Y←T*U;Z←V+W;S←Z-Y+S;B←B+Y-Y;T←0;U←0;V←0\n"
                    "70 E←E+1;SI E<=N ALORS ALLER EN 20\n80 AFFICHER B,S\n")
# FAIRE loops that share their last line, jumped to from the innermost: each loop written inside the one around
# it, not copied where the first goes to the next (UnitCode.go).
SHARED_END = ("10 N←12;T←0;U←0\n20 FAIRE 60 POUR P←3 JUSQUA N\n30 FAIRE 60 POUR A←1 JUSQUA P/3\n"
              "40 FAIRE 60 POUR B←A JUSQUA (P-A)/2\n50 SI A+B<=P-A-B ALORS ALLER EN 60\n"
              "55 T←T+1;SI A=B ALORS ALLER EN 60\n"
              "57 U←U+P\n60 *\n70 AFFICHER T,U\n")

# A loop left for two lines, the first of which runs into the second (Arsac's floyd: a choice, then the parameters
# or straight to the start): the first in a loop run once, left by `break` for the second (pystructure.first_then).
TWO_WAYS_ON = ("10 LIRE G;SI G#1 ET G#2 ALORS ALLER EN 10\n20 SI G=2 ALORS ALLER EN 50\n"
               "30 LIRE A;SI A<0 ALORS ALLER EN 30\n40 B←A*2\n50 LIRE U;SI U<0 ALORS ALLER EN 50\n60 AFFICHER G,U\n")

# A case whose ways meet at line 90 but one of which leaves the loop for line 130 (the oracle's shapes found it
# written inside the loop run once, whose `break` then went on at line 90): such a case is no loop run once.
LEFT_FOR_THE_END = "".join(line + "\n" for line in (
    "10 CHAINE S,U,V;TABLEAU T[5],M[3,4];Z←0;I←0;J←0;K←0",
    "20 A←8;B←2;C←2;N←8;X←2.5;S←'ABC';U←'JOUR'",
    "30 G1←0;G2←0;G3←0;G4←0;G5←0;G6←0;G7←0;G8←0;G9←0;G10←0;G11←0",
    "40 B←C;B←B-1;SI G6<2 ET C=X ALORS DEBUT G6←G6+1;ALLER EN 40 FIN",
    "50 C←C+2;AFFICHER A;SI G7<2 ALORS DEBUT G7←G7+1;ALLER EN 50 FIN",
    "60 N←N-1;T[1]←T[1]+B;SI ENT(B)>((PTR('JOUR',N,'ABC')*8)^3) ALORS ALLER EN 90",
    "70 SI B<=1E6 ALORS ALLER EN 130",
    "80 SI X<1E300 ALORS ALLER EN 90",
    "90 T[5]←T[5]+A;T[1]←T[1]+C;SI G8<2 ET B<A ALORS DEBUT G8←G8+1;ALLER EN 40 FIN",
    "100 SI G9<2 ET A>=3.75 ALORS DEBUT G9←G9+1;ALLER EN 40 FIN",
    "110 A←A+2;M[2,2.9]←-A;SI G10<2 ALORS DEBUT G10←G10+1;ALLER EN 60 FIN",
    "120 AFFICHER[U] U;AFFICHER C;SI G11<2 ET A#X ALORS DEBUT G11←G11+1;ALLER EN 100 FIN",
    "130 C←(N/(C-T[A]))", "140 AFFICHER A,B,C,N,X,S,U,Z", "150 TERMINER"))

# Two more the oracle's shapes found: a loop inside a loop run once whose way to the join went on past a copy of
# the join to the loop around (`continue` restarted the loop run once), and loops that share their last line.
JOIN_COPIED = ("20 A←12345678;B←2.5;N←2.5;X←4\n30 G2←0;G3←0\n40 SI B=N ALORS ALLER EN 60\n"
               "60 SI X#12345678 ALORS ALLER EN 100\n80 SI G2<2 ALORS DEBUT G2←G2+1;ALLER EN 40 FIN\n"
               "100 SI G3<2 ET A>=0.1 ALORS DEBUT G3←G3+1;ALLER EN 80 FIN\n")
SHARED_WHILE = ("20 A←3;C←0;N←7;X←0\n40 FAIRE 90 POUR I←1 TANT QUE I<=3 ET X<=C\n50 FAIRE 70 POUR J←1 JUSQUA 4\n"
                "60 FAIRE 70 POUR K←1 TANT QUE K<=3 ET 6#A\n70 N←N+0\n90 AFFICHER I\n100 S←GRL(U,A)\n"
                "110 SI G1<2 ET A=X ALORS DEBUT G1←G1+1;ALLER EN 100 FIN\n")

STRUCTURED = {"a join of two ways round a loop": JOIN,
              "a loop left for two lines, one running into the other": TWO_WAYS_ON,
              "the book's floyd": (ROOT / "programs" / "floyd.lse").read_text(encoding="utf-8"),
              "a jump to the loop's last line": TO_THE_LAST_LINE,
              "loops that share their last line": SHARED_END,
              "the book's queens": (ROOT / "programs" / "queens.lse").read_text(encoding="utf-8"),
              "the book's queens, final form": (ROOT / "programs" / "queens3_final.lse").read_text(encoding="utf-8"),
              # (a short loop of it written again where a second way round the loop around it goes to it)
              "the book's queens by columns": (ROOT / "programs" / "queens2_colonnes.lse").read_text(encoding="utf-8")}


def main_program(source: str) -> str:
    code = listing(source)
    start = code.index("    def u_main(")
    end = code.find("\n    def ", start + 1)
    return code[start:end if end >= 0 else len(code)]


@pytest.mark.parametrize("name", list(STRUCTURED))
def test_a_main_program_whose_loops_are_known_is_written_without_the_dispatch(name: str) -> None:
    code = main_program(STRUCTURED[name])
    assert "_LINES[pc]" not in code and "lp = []" not in code and "while True:" in code, code


def test_the_join_is_written_in_each_way_that_goes_to_it() -> None:
    body = [line.strip() for line in main_program(JOIN).splitlines()]
    # From the FAIRE's end, from a solution, and from the FAIRE skipped (a first pass that does not run).
    assert body.count("# 90: K←K-1;SI K=0 ALORS ALLER EN 110") == 3, "\n".join(body)


def test_a_jump_to_the_loops_last_line_leaves_a_loop_run_once() -> None:
    body = [line.strip() for line in main_program(TO_THE_LAST_LINE).splitlines()]
    assert body.count("# 60: Q←Q+1;SI Q<=20 ALORS ALLER EN 30") == 1, "\n".join(body)
    assert "while True:  # run once: a `break` goes on below" in body, "\n".join(body)


def test_a_loop_entered_at_two_places_is_written_as_loops_its_ending_within_a_loop_run_once() -> None:
    # (once a dispatch: the test of the end's line, K=0 then TERMINER, is written where the ways to it meet, in
    # the loop run once around the test of line 70, pystructure.StructuredCode.leaves_here)
    code = main_program(TWO_ENTRIES)
    assert "lp = []" not in code and "_LINES[pc]" not in code, code
    assert "while True:  # run once: a `break` goes on below" in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("source", [JOIN, TWO_ENTRIES, TO_THE_LAST_LINE, SHARED_END, LEFT_FOR_THE_END, JOIN_COPIED,
                                    SHARED_WHILE],
                         ids=["join", "two entries", "to the last line", "shared end", "left for the end",
                              "join copied", "shared while"])
def test_every_mode_agrees_with_the_reference(source: str, profile: str) -> None:
    assert_agrees(source, ("5",) if source is TWO_ENTRIES else (), profile=profile)


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("typed", [("3", "1", "-1", "4", "-2", "5"), ("2", "-7", "7")], ids=["first", "straight on"])
def test_every_mode_agrees_with_the_reference_on_a_loop_left_for_two_lines(typed: tuple, profile: str) -> None:
    assert_agrees(TWO_WAYS_ON, typed, profile=profile)
