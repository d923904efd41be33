"""A unit written as a dispatch on pc (a computed jump whose lines are not known makes every line a case) runs its
cases in rows (pydispatch.DispatchCode.rows, row): a case whose code ends by going on at the next case of its row
falls into it, with no pass of the dispatch; any other end goes round the dispatch as before.

Each program runs in every mode of the Micro against the reference (output, error and line, cycles).
"""

from __future__ import annotations

import pytest

from machine.lse import pydispatch
from machine.lse.listing import listing
from tests.lse_harness import lines
from tests.oracle.differential import assert_agrees

# Draws by a congruence on lines that run one into the next, then a jump to a line read in (any line).
DRAWS = lines(
    "10 LIRE N,K", "20 X←7;S←0;J←0", "30 J←J+1;SI J>N ALORS ALLER EN 90", "40 X←X*137+187;X←X-ENT(X/10007)*10007",
    "50 S←S+X", "60 X←X*137+187;X←X-ENT(X/10007)*10007", "70 S←S-ENT(S/9973)*9973", "80 ALLER EN K",
    "90 AFFICHER S,X;TERMINER")
ENTERED = lines(
    "10 LIRE N,K", "20 X←7;S←0;J←0", "30 X←X*137+187;X←X-ENT(X/10007)*10007", "40 S←S+X",
    "50 J←J+1;S←S-ENT(S/9973)*9973", "60 SI J<N ALORS ALLER EN K", "70 AFFICHER S,X,J;TERMINER")
STRAIGHT = lines("5 LIRE K;S←0", *(f"{10 * at} S←S+{at}" for at in range(1, 15)),
                 "150 SI S<2000 ALORS ALLER EN K+10*ENT(S/300)", "160 AFFICHER S;TERMINER")

# name: (program, lines typed in)
PROGRAMS = {
    "straight lines under a jump to a line read in run one into the next": (DRAWS, ["200 30"]),
    "a jump read in enters a run of straight lines in its middle": (ENTERED, ["40 40"]),
    "a jump read in enters a run of straight lines at its start": (ENTERED, ["40 30"]),
    "fourteen straight lines, more than a row holds, entered at each": (STRAIGHT, ["10"]),
    "a line that loops on itself, then jumps back before the next case": (
        lines("10 LIRE K;I←0;T←0", "20 T←T+1", "30 I←I+1;SI I<5 ALORS ALLER EN 30", "40 SI T<3 ALORS ALLER EN 20",
              "50 AFFICHER I,T;SI T<4 ALORS ALLER EN K", "60 TERMINER"), ["20"]),
    "an error on the second line of a run names its line and pays what ran": (
        lines("10 LIRE K;X←1", "20 X←X+1", "30 Y←1/(X-3)", "40 AFFICHER X,Y;ALLER EN K", "50 TERMINER"), ["20"]),
    "a computed RETOUR EN comes back into a run of the program's lines": (
        lines("10 LIRE L;S←0", "20 &P(L)", "30 S←S+1", "40 S←S+10", "50 S←S+100", "60 AFFICHER S;TERMINER",
              "70 PROCEDURE &P(R) LOCAL R", "80 RETOUR EN R"), ["40"]),
    "a procedure's own dispatch falls through its straight lines": (
        lines("10 LIRE K;AFFICHER &F(K),&F(K+10);TERMINER", "100 PROCEDURE &F(L) LOCAL L,T", "110 T←0;ALLER EN L",
              "120 T←T+1", "130 T←T+2", "140 T←T+4", "150 RESULTAT T"), ["120"]),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_rows_of_cases(name: str, profile: str) -> None:
    source, typed = PROGRAMS[name]
    assert_agrees(source, typed, profile=profile)


def case_code(code: str, line: int, following: int) -> list[str]:
    """The code written for one line's case: from its comment to the comment of the line after."""
    rows = [row.strip() for row in code.splitlines()]
    start = next(at for at, row in enumerate(rows) if row.startswith(f"# {line}:"))
    end = next(at for at, row in enumerate(rows) if row.startswith(f"# {following}:"))
    return [row for row in rows[start + 1:end] if not row.startswith("#")]


def test_a_line_that_runs_on_into_the_next_case_falls_into_it() -> None:
    code = listing(DRAWS)
    draw = case_code(code, 40, 50)
    assert draw[-2] == "pass" and draw[-1].startswith("if pc <= ") and not any("continue" in row for row in draw)


def test_a_row_holds_run_most_cases_that_run_on_and_its_last_goes_round_the_dispatch() -> None:
    code = listing(STRAIGHT)
    rows = [row.strip() for row in code.splitlines()]
    ends = [at for at, row in enumerate(rows) if row.startswith("pc = ") and row.endswith("; continue")]
    comment = next(row for row in reversed(rows[:ends[0]]) if row.startswith("#")) if ends else ""
    assert len(ends) == 1 and comment.startswith(f"# {10 * (pydispatch.RUN_MOST - 1)}:")  # (line 5, then 10 to 70)

