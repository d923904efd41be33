"""Exact cycle costs of small programs, from the profile's cost table; fast loops cost what the general path costs."""

from __future__ import annotations

import re

import pytest

from machine.lse.runtime import Status
from machine.micro import Micro
from machine.profile import load_profile
from tests.lse_harness import lines, run_lse

C = load_profile().costs
PASS = C["loop_step"] + C["variable"] + C["add"] + C["compare"] + C["assign"]


def cycles(source: str, inputs=(), profiling: bool = False) -> int:
    result = run_lse(source, inputs, profiling=profiling)
    assert result.status is Status.ENDED, result.error
    return result.cycles


@pytest.mark.parametrize(("source", "expected"), [
    (lines("10 X←1+2", "20 TERMINER"), 2 * C["statement"] + 2 * C["constant"] + C["add"] + C["assign"]),
    (lines("10 X←7/2", "20 TERMINER"), 2 * C["statement"] + 2 * C["constant"] + C["div"] + C["assign"]),
    (lines("10 X←2;Y←X*X-1", "20 TERMINER"),
     3 * C["statement"] + 2 * C["constant"] + 2 * C["variable"] + C["mul"] + C["sub"] + 2 * C["assign"]),
    (lines("10 X←-2^3", "20 TERMINER"), 2 * C["statement"] + 2 * C["constant"] + C["pow"] + C["neg"] + C["assign"]),
    (lines("10 AFFICHER 'AB'", "20 TERMINER"), 2 * C["statement"] + C["constant"] + 4 * C["print_char"]),
    (lines("10 AFFICHER 12", "20 TERMINER"), 2 * C["statement"] + C["constant"] + 5 * C["print_char"]),
    (lines("10 TABLEAU T[3]", "20 TERMINER"),
     2 * C["statement"] + C["constant"] + C["declare"] + 3 * C["element_init"]),
    (lines("10 TABLEAU T[3];T[2]←T[1]", "20 TERMINER"),
     3 * C["statement"] + 3 * C["constant"] + C["declare"] + 3 * C["element_init"] + C["array_read"]
     + C["array_write"] + C["assign"]),
    (lines("10 CHAINE S,R", "20 TERMINER"), 2 * C["statement"] + 2 * C["declare"]),
    (lines("10 SI 1<2 ALORS X←1 SINON X←2", "20 TERMINER"),
     3 * C["statement"] + 3 * C["constant"] + C["compare"] + C["assign"]),
    (lines("10 SI 1<2 ET 2<3 ALORS X←1", "20 TERMINER"),
     3 * C["statement"] + 5 * C["constant"] + 2 * C["compare"] + C["logic"] + C["assign"]),
    (lines("10 X←SI 1<2 ALORS 3 SINON 4/5", "20 TERMINER"),
     2 * C["statement"] + 3 * C["constant"] + C["compare"] + C["conditional"] + C["assign"]),
    (lines("10 ALLER EN 30", "20 X←1", "30 TERMINER"), 2 * C["statement"] + C["jump"]),
    (lines("10 X←ENT(2.5)", "20 TERMINER"), 2 * C["statement"] + C["constant"] + C["ENT"] + C["assign"]),
    (lines("10 CHAINE S;S←'AB'!'CDE'", "20 TERMINER"),
     3 * C["statement"] + C["declare"] + 2 * C["constant"] + C["concat"] + 5 * C["char_scan"] + C["assign"]),
    (lines("10 LIRE X", "20 TERMINER"), 2 * C["statement"] + C["print_char"] + 3 * C["input_char"]),
    (lines("10 FAIRE 10 POUR I←1 JUSQUA 3;X←I", "20 TERMINER"),
     (1 + 3 + 1) * C["statement"] + 2 * C["constant"] + C["loop_init"] + 3 * (C["variable"] + C["assign"])
     + 3 * PASS),
    (lines("10 FAIRE 10 POUR I←5 JUSQUA 1;X←I", "20 TERMINER"),
     2 * C["statement"] + 2 * C["constant"] + C["loop_init"]),
    (lines("10 X←&F(2)", "20 TERMINER", "30 PROCEDURE &F(A) LOCAL A", "40 RESULTAT A+1"),
     3 * C["statement"] + 2 * C["constant"] + C["call"] + C["variable"] + C["add"] + C["return"] + C["assign"]),
    (lines("10 &P", "20 TERMINER", "30 PROCEDURE &P", "40 RETOUR"),
     3 * C["statement"] + C["call"] + C["return"]),
])
def test_a_tiny_program_costs_exactly_the_sum_of_its_operations(source, expected):
    typed = ["123"] if "LIRE" in source else ()
    assert cycles(source, typed) == expected
    assert cycles(source, typed, profiling=True) == expected


def test_division_costs_more_than_addition_by_the_table_difference():
    add = cycles(lines("10 X←7+2", "20 TERMINER"))
    div = cycles(lines("10 X←7/2", "20 TERMINER"))
    assert C["div"] > C["add"]
    assert div - add == C["div"] - C["add"]


def test_a_longer_concatenation_costs_more():
    short = cycles(lines("10 CHAINE S;S←'A'!'B'", "20 TERMINER"))
    long = cycles(lines("10 CHAINE S;S←'AAAA'!'BBBB'", "20 TERMINER"))
    assert long - short == 6 * C["char_scan"]


def test_only_the_chosen_branch_of_a_conditional_expression_is_charged():
    cheap = cycles(lines("10 X←SI 1<2 ALORS 3 SINON 4/5", "20 TERMINER"))
    dear = cycles(lines("10 X←SI 1>2 ALORS 3 SINON 4/5", "20 TERMINER"))
    assert dear - cheap == C["constant"] + C["div"]


SAME_ON_BOTH_PATHS = {
    "one line loop": lines("10 FAIRE 10 POUR I←1 JUSQUA 50;X←I/3", "20 TERMINER"),
    "loop over lines": lines("10 FAIRE 30 POUR I←1 JUSQUA 20", "20 X←I*2", "30 Y←X+I", "40 TERMINER"),
    "nested loops": lines("10 FAIRE 30 POUR I←1 JUSQUA 4", "20 FAIRE 30 POUR J←1 JUSQUA 5", "30 X←I*J",
                          "40 TERMINER"),
    "three loops one line": lines("10 FAIRE 10 POUR I←1 JUSQUA 3;FAIRE 10 POUR J←1 JUSQUA 3;"
                                  "FAIRE 10 POUR K←1 JUSQUA 3;X←I+J+K", "20 TERMINER"),
    "tant que": lines("10 FAIRE 20 POUR I←1 TANT QUE I*I<500", "20 X←I", "30 TERMINER"),
    "negative step": lines("10 FAIRE 20 POUR I←30 PAS -3 JUSQUA 1", "20 X←I", "30 TERMINER"),
    "zero trip": lines("10 FAIRE 20 POUR I←3 JUSQUA 1", "20 X←I", "30 TERMINER"),
    "branches": lines("10 FAIRE 20 POUR I←1 JUSQUA 30", "20 SI I/2=ENT(I/2) ALORS X←1 SINON DEBUT X←2;Y←3 FIN",
                      "30 TERMINER"),
    "conditional expression": lines("10 FAIRE 10 POUR I←1 JUSQUA 9;X←SI I>4 ALORS I/2 SINON I*2", "20 TERMINER"),
    "arrays and strings": lines("10 TABLEAU T[20];CHAINE S;S←''", "20 FAIRE 30 POUR I←1 JUSQUA 20",
                                "30 T[I]←I;S←S!CCA(T[I]);X←POS(S,1,'9')", "40 TERMINER"),
    "calls in loop": lines("10 FAIRE 20 POUR I←1 JUSQUA 10", "20 &P(I);X←&F(I)", "30 TERMINER",
                           "40 PROCEDURE &P(A) LOCAL A", "50 Y←A;RETOUR", "60 PROCEDURE &F(A) LOCAL A",
                           "70 RESULTAT A*A"),
    "jump to end line": lines("10 FAIRE 40 POUR I←1 JUSQUA 10", "20 SI I>5 ALORS ALLER EN 40", "30 X←I",
                              "40 Y←I", "50 TERMINER"),
    "jump out": lines("10 FAIRE 30 POUR I←1 JUSQUA 10", "20 SI I=7 ALORS ALLER EN 50", "30 X←I", "40 TERMINER",
                      "50 Y←I;TERMINER"),
    "output in loop": lines("10 FAIRE 10 POUR I←1 JUSQUA 12;AFFICHER[U] I", "20 TERMINER"),
    "lire in loop": lines("10 FAIRE 20 POUR I←1 JUSQUA 3", "20 LIRE X;Y←X", "30 TERMINER"),
    "pause in loop": lines("10 FAIRE 20 POUR I←1 JUSQUA 3", "20 PAUSE;X←I", "30 TERMINER"),
}


@pytest.mark.parametrize("source", SAME_ON_BOTH_PATHS.values(), ids=SAME_ON_BOTH_PATHS.keys())
def test_the_fast_loop_and_the_general_path_charge_exactly_the_same(source):
    typed = ["1", "22", "333"]
    fast = run_lse(source, typed)
    general = run_lse(source, typed, profiling=True)
    assert fast.error is None and general.error is None
    assert fast.output == general.output
    assert fast.cycles == general.cycles > 0


def test_a_loop_the_program_decides_is_a_python_loop_paid_once_a_pass_and_per_point_when_profiled():
    micro = Micro()
    micro.load_text(SAME_ON_BOTH_PATHS["loop over lines"])
    micro.run_until_blocked()
    plain = micro.runtime.compiled.source
    assert "continue" in plain and "_BR[" not in plain and "lp[-1]" not in plain
    profiled = Micro(profiling=True)
    profiled.load_text(SAME_ON_BOTH_PATHS["loop over lines"])
    profiled.run_until_blocked()
    paying = [line for line in profiled.runtime.compiled.source.splitlines() if "cyc +=" in line]
    assert paying and all("_BR[" in line for line in paying)  # each point pays where it is, and counts a run


@pytest.mark.parametrize("slice_cycles", [1, 997, 50_000, 10**9])
def test_the_total_does_not_depend_on_how_the_run_is_sliced(slice_cycles):
    source = SAME_ON_BOTH_PATHS["calls in loop"] if slice_cycles > 1 else SAME_ON_BOTH_PATHS["nested loops"]
    reference = run_lse(source).cycles
    micro = Micro()
    micro.load_text(source)
    while micro.run(slice_cycles) is Status.RUNNING:
        pass
    assert micro.cycles == reference


def test_the_cost_report_counts_divisions_and_cycles_per_line():
    source = lines("10 FAIRE 20 POUR I←1 JUSQUA 10", "20 X←I/3", "30 Y←X+1;TERMINER")
    micro = Micro(profiling=True)
    micro.load_text(source)
    assert micro.run_until_blocked() is Status.ENDED
    report = micro.report()
    assert f"CYCLES: {micro.cycles}" in report
    assert re.search(rf"^  DIVISION +10 +{10 * C['div']}$", report, re.M)
    per_line = {int(m[1]): int(m[2]) for m in re.finditer(r"^ +(\d+) +(\d+)  \1 ", report, re.M)}
    assert set(per_line) == {10, 20, 30}
    assert sum(per_line.values()) == micro.cycles
    assert per_line[30] == 2 * C["statement"] + C["variable"] + C["constant"] + C["add"] + C["assign"]
    assert max(per_line, key=per_line.get) == 20


def test_per_line_cycles_add_up_even_when_the_program_fails_or_calls_procedures():
    for source in (lines("10 X←&F(3)+1", "20 Y←1/0", "30 TERMINER", "40 PROCEDURE &F(A) LOCAL A",
                         "50 SI A>0 ALORS RESULTAT &F(A-1)*2", "60 RESULTAT 1"),
                   lines("10 &P", "20 TERMINER", "30 PROCEDURE &P", "40 X←1;RETOUR EN 20")):
        micro = Micro(profiling=True)
        micro.load_text(source)
        micro.run_until_blocked()
        assert sum(micro.runtime.line_cycles.values()) == micro.cycles


def test_operation_counts_times_costs_make_the_total():
    micro = Micro(profiling=True)
    micro.load_text(SAME_ON_BOTH_PATHS["arrays and strings"])
    micro.run_until_blocked()
    assert sum(C[kind] * count for kind, count in micro.runtime.counts.items()) == micro.cycles


def test_emulated_time_is_cycles_over_the_clock_rate():
    result = run_lse(lines("10 FAIRE 10 POUR I←1 JUSQUA 1000;X←I", "20 TERMINER"))
    assert result.micro.emulated_seconds() == result.cycles / load_profile().clock_hz
