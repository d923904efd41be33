"""A main program whose loops are known is written without the dispatch (pystructure), a block that
two ways round a loop go to included (it is copied: StructuredCode.copied); a program whose loops are entered
at two places keeps the dispatch. Every mode agrees with the reference either way.
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

STRUCTURED = {"a join of two ways round a loop": JOIN,
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


def test_a_loop_entered_at_two_places_keeps_the_dispatch() -> None:
    code = main_program(TWO_ENTRIES)
    assert "lp = []" in code and "_LINES[pc]" in code, code


@pytest.mark.parametrize("profile", ["micro40", "console80"])
@pytest.mark.parametrize("source", [JOIN, TWO_ENTRIES], ids=["join", "two entries"])
def test_every_mode_agrees_with_the_reference(source: str, profile: str) -> None:
    assert_agrees(source, ("5",) if source is TWO_ENTRIES else (), profile=profile)
