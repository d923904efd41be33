"""Tests of the cycle clock and its cost report."""

from __future__ import annotations

import importlib
import sys
from collections import Counter

import pytest

from machine.clock import Clock, report_lines
from machine.errors import InternalError
from machine.profile import load_profile

COSTS = {"add": 120, "div": 1500, "statement": 300}


def test_a_clock_from_a_profile_starts_at_zero_with_its_rate():
    clock = Clock.from_profile(load_profile())
    assert (clock.cycles, clock.clock_hz, clock.emulated_seconds()) == (0, 1_000_000, 0.0)


def test_charge_adds_the_cost_and_tallies_the_kind_and_the_line():
    clock = Clock(COSTS, 1_000_000)
    assert clock.charge("div", line=10) == 1500
    assert clock.charge("add", 3, line=10) == 360
    clock.charge("statement")
    assert clock.cycles == 2160
    assert clock.counts == Counter({"add": 3, "div": 1, "statement": 1})
    assert clock.op_cycles == Counter({"div": 1500, "add": 360, "statement": 300})
    assert clock.line_cycles == {10: 1860}
    assert clock.emulated_seconds() == pytest.approx(0.00216)


def test_charging_an_unknown_kind_is_an_internal_error():
    with pytest.raises(InternalError, match="no cycle cost for operation 'mod'"):
        Clock(COSTS, 1_000_000).charge("mod")


@pytest.mark.parametrize("hz", [0, -5])
def test_a_clock_without_a_positive_rate_is_an_internal_error(hz):
    with pytest.raises(InternalError):
        Clock(COSTS, hz)


def test_reset_zeroes_everything():
    clock = Clock(COSTS, 1_000_000)
    clock.charge("div", line=5)
    clock.reset()
    assert (clock.cycles, clock.counts, clock.op_cycles, clock.line_cycles) == (0, Counter(), Counter(), {})


def test_the_report_gives_totals_then_operations_by_cycles_then_lines_hottest_first():
    lines = report_lines(
        1_234_567, 1_000_000,
        op_counts=Counter({"div": 12, "add": 300, "statement": 5}),
        op_cycles=Counter({"div": 18000, "add": 36000, "statement": 1500}),
        line_cycles={10: 500, 20: 50000, 30: 500})
    assert lines == [
        "CYCLES: 1234567",
        "TEMPS EMULE: 1.235 S",
        "OPERATIONS:",
        "  add        300  36000",
        "  div         12  18000",
        "  statement    5   1500",
        "LIGNES:",
        "  20  50000",
        "  10    500",
        "  30    500",
    ]


def test_a_single_operation_reads_as_kind_count_cycles():
    lines = report_lines(18000, 1_000_000, Counter({"div": 12}), Counter({"div": 18000}), {})
    assert "  div  12  18000" in lines


def test_the_report_shows_the_source_of_each_line_when_given_cut_to_fit():
    clock = Clock(COSTS, 1_000_000)
    clock.charge("div", line=10)
    clock.charge("add", line=100)
    text = clock.report({10: "X<-A/B", 100: "AFFICHER 'UNE TRES LONGUE CHAINE DE CARACTERES'"})
    assert text.splitlines()[-2:] == [
        "   10  1500  X<-A/B",
        "  100   120  AFFICHER 'UNE TRES LONGUE C...",
    ]


def test_an_empty_run_reports_zero_and_empty_tables():
    assert Clock(COSTS, 1_000_000).report() == "CYCLES: 0\nTEMPS EMULE: 0.000 S\nOPERATIONS:\nLIGNES:"


def test_operations_and_lines_that_cost_nothing_are_left_out():
    lines = report_lines(0, 1000, Counter({"add": 0}), Counter({"add": 0}), {10: 0})
    assert lines == ["CYCLES: 0", "TEMPS EMULE: 0.000 S", "OPERATIONS:", "LIGNES:"]


def test_the_clock_and_profile_modules_import_with_pygame_blocked(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygame", None)
    for name in ("machine.profile", "machine.clock"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    clock = importlib.import_module("machine.clock").Clock(COSTS, 1000)
    assert clock.report().startswith("CYCLES: 0")
