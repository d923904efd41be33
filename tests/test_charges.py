"""The charge merger of generated code: one add per straight run, points for refunds, no dead line marks.

A point whose mark was dropped stays in the table (unused): point numbers never shift.
"""

from __future__ import annotations

import pytest

from machine.lse.charges import merge_charges

CASES = {
    "a straight run pays everything at its first charge and marks the later lines as points": (
        ["ln = 10", "c += 5", "x = 1", "ln = 20", "c += 7", "y = 2"],
        ["c += 12; ln = -1", "x = 1", "ln = 20", "y = 2"], [(10, 7), (20, 7)]),
    "a transfer ends the run": (
        ["c += 5", "continue", "c += 7"],
        ["c += 5", "continue", "c += 7"], []),
    "the mark before a group's try is made in its except": (
        ["ln = 10", "c += 3", "_sn = 0", "try:", "    x = 1", "except _Exception:", "    x = 2", "ln = 20"],
        ["c += 3", "_sn = 0", "try:", "    x = 1", "except _Exception:", "    ln = 10", "    x = 2", "ln = 20"], []),
    "a mark followed by a charge and another mark is dropped": (
        ["ln = 10", "c += 3", "ln = 20", "x = 1"],
        ["c += 3", "ln = 20", "x = 1"], []),
    "a mark followed by another mark is dropped": (
        ["ln = 10", "ln = 20", "c += 3"],
        ["ln = 20", "c += 3"], []),
    "a point made dead by a later mark leaves its charge alone": (
        ["if a:", "    c += 4", "    ln = 30", "    c += 6", "    break"],
        ["if a:", "    c += 10", "    ln = 30", "    break"], [(0, 6), (30, 6)]),
    "a branch that leaves has its first charge paid before the if and taken back after it": (
        ["c += 5", "try:", "    _cd = a", "except _Exception:", "    _cd = b", "if _cd:", "    c += 7", "    break",
         "ln = 20", "c += 9", "x = 1"],
        ["c += 12", "try:", "    _cd = a", "except _Exception:", "    ln = -1", "    _cd = b", "ln = 0", "if _cd:",
         "    break", "c += 2", "ln = 20", "x = 1"], [(0, 7), (20, -7)]),
    "a branch that can fall through keeps its charge": (
        ["c += 5", "if _cd:", "    c += 7", "    x = 2", "c += 9"],
        ["c += 5", "if _cd:", "    c += 7", "    x = 2", "c += 9"], []),
    "a run goes on past a branch that leaves, which takes back what the run charged after it": (
        ["ln = 10", "c += 5", "if a > b:", "    c += 7", "    x = 1 / y", "    ln = 11", "    c += 3", "    break",
         "ln = 20", "c += 9", "z = 2"],
        ["c += 14; ln = -3", "if a > b:", "    c += 1; ln = -1", "    x = 1 / y", "    ln = 11", "    break",
         "ln = 20", "z = 2"], [(10, 3), (11, 3), (10, 9), (20, 9)]),
    "a branch followed by else ends the run": (
        ["c += 5", "if a > b:", "    c += 7", "    break", "else:", "    c += 9"],
        ["c += 5", "if a > b:", "    c += 7", "    break", "else:", "    c += 9"], []),
    "a SI fused into its try has its branch's charge paid before, and refunded if the general copy fails": (
        ["c += 5", "try:", "    if a:", "        c += 7", "        break", "except _Exception:", "    if b:",
         "        c += 7", "        break", "ln = 20", "c += 9", "x = 1"],
        ["c += 12", "try:", "    if a:", "        break", "except _Exception:", "    ln = -1", "    if b:",
         "        break", "c += 2", "ln = 20", "x = 1"], [(0, 7), (0, 7), (20, -7)]),
    "a fused SI whose except first makes its keys NOKEY is paid ahead all the same": (
        ["c += 5", "try:", "    if a:", "        c += 7", "        break", "except _Exception:", "    _rk1 = _NOKEY",
         "    if b:", "        c += 7", "        break", "ln = 20", "c += 9", "x = 1"],
        ["c += 12", "try:", "    if a:", "        break", "except _Exception:", "    ln = -1", "    _rk1 = _NOKEY",
         "    if b:", "        break", "c += 2", "ln = 20", "x = 1"], [(0, 7), (0, 7), (20, -7)]),
    "marks at other depths are kept": (
        ["ln = 10", "if a:", "    ln = 20", "ln = 30"],
        ["ln = 10", "if a:", "    ln = 20", "ln = 30"], []),
}


@pytest.mark.parametrize("lines, merged, points", CASES.values(), ids=CASES.keys())
def test_merged_charges(lines, merged, points):
    out, got_points = merge_charges(lines)
    assert out == merged
    assert got_points == points
