"""The cost report: totals, operations by cycles, lines hottest first (the runtime counts, this lays out)."""

from __future__ import annotations

import importlib
import sys
from collections import Counter

import pytest

from machine.costreport import report_lines
from machine.errors import InternalError
from machine.micro import Micro
from tests.lse_harness import lines as program


def test_a_report_without_a_positive_rate_is_an_internal_error():
    with pytest.raises(InternalError):
        report_lines(0, 0, Counter(), Counter(), {})


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
        "  OPERATION    NOMBRE  CYCLES",
        "  ADDITION        300   36000",
        "  DIVISION         12   18000",
        "  INSTRUCTION       5    1500",
        "LIGNES:",
        "  LIGNE  CYCLES",
        "     20   50000",
        "     10     500",
        "     30     500",
    ]


def test_a_single_operation_reads_as_kind_count_cycles():
    lines = report_lines(18000, 1_000_000, Counter({"div": 12}), Counter({"div": 18000}), {})
    assert lines[3:5] == ["  OPERATION  NOMBRE  CYCLES", "  DIVISION       12   18000"]


def test_the_report_shows_the_source_of_each_line_when_given_cut_to_fit():
    lines = report_lines(1620, 1_000_000, Counter({"div": 1, "add": 1}), Counter({"div": 1500, "add": 120}),
                         {10: 1500, 100: 120}, {10: "X<-A/B", 100: "AFFICHER 'UNE TRES LONGUE CHAINE DE CARACTERES'"})
    assert lines[-3:] == [
        "  LIGNE  CYCLES  TEXTE",
        "     10    1500  X<-A/B",
        "    100     120  AFFICHER 'UNE TRES LONGUE C...",
    ]


def test_an_empty_run_reports_zero_and_empty_tables():
    assert report_lines(0, 1_000_000, Counter(), Counter(), {}) == [
        "CYCLES: 0", "TEMPS EMULE: 0.000 S", "OPERATIONS:", "LIGNES:"]


def test_the_micro_report_totals_are_the_runtime_cycles():
    micro = Micro(profiling=True)
    micro.load_text(program("10 X←7/2", "20 TERMINER"))
    micro.run_until_blocked()
    assert micro.report().splitlines()[0] == f"CYCLES: {micro.runtime.cyc}"
    assert micro.runtime.cyc > 0


def test_operations_and_lines_that_cost_nothing_are_left_out():
    lines = report_lines(0, 1000, Counter({"add": 0}), Counter({"add": 0}), {10: 0})
    assert lines == ["CYCLES: 0", "TEMPS EMULE: 0.000 S", "OPERATIONS:", "LIGNES:"]


def test_the_report_and_profile_modules_import_with_pygame_blocked(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygame", None)
    for name in ("machine.profile", "machine.costreport"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    report = importlib.import_module("machine.costreport").report_lines(0, 1000, Counter(), Counter(), {})
    assert report[0] == "CYCLES: 0"
    importlib.import_module("machine.profile")


def test_every_cost_key_of_every_profile_has_a_french_name_and_no_english_one():
    from machine.costreport import operation_label
    from machine.profile import load_profile
    keys = {key for machine in ("micro40", "console80") for key in load_profile(machine).costs}
    english = {word.upper() for key in keys if key.islower() for word in key.split("_")} - {"VARIABLE"}
    assert {"ADD", "DIV", "LOOP", "CALL", "STATEMENT"} <= english
    for key in keys:
        label = operation_label(key)
        assert label == label.upper()
        assert not english & set(label.replace(":", " ").split()), (key, label)


def test_an_unknown_cost_key_is_an_internal_error_not_an_english_word():
    from machine.costreport import operation_label
    with pytest.raises(InternalError):
        operation_label("teleport")


def test_the_divisions_by_line_have_their_own_headed_table():
    lines = report_lines(3000, 1_000_000, Counter({"div": 2}), Counter({"div": 3000}), {20: 3000},
                         line_divisions={20: 2})
    assert lines[-3:] == ["DIVISIONS PAR LIGNE:", "  LIGNE  DIVISIONS", "  20             2"]


def _report_rows(report: str, heading: str, numbers_last: bool = False) -> list[list[str]]:
    """The rows of one table of a report (under its heading), each split into its cells (the numbers
    first, then the text; or, numbers_last, the text then two numbers)."""
    lines = report.splitlines()
    start = lines.index(heading) + 2  # the heading, then the row naming the columns
    rows = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        rows.append(line.strip().rsplit(maxsplit=2) if numbers_last else line.split(maxsplit=2))
    return rows


@pytest.mark.parametrize(("machine", "first", "saved"), [
    ("micro40", ("10 X←1/3", "20 AFFICHER 'A'", "30 EXECUTER 'B'"),
     {"B": ("10 Y←2/3", "20 AFFICHER 'B'", "30 TERMINER")}),
    ("console80", ("10 X←1/3", "20 EXECUTER 'B',20"),
     {"B": ("10 Y←5/7", "20 Z←2/3+4/5", "30 EXECUTER 'C'"), "C": ("10 W←1/9", "20 TERMINER")}),
])
def test_a_run_that_executes_another_program_reports_the_cycles_of_every_program_it_ran(
        tmp_path, machine, first, saved):
    from machine.disk import Disk
    from machine.profile import load_profile
    for name, text in saved.items():
        (tmp_path / f"{name}.lse").write_text(program(*text))
    profile = load_profile(machine)
    micro = Micro(profile, profiling=True, disk=Disk(tmp_path))
    micro.load_text(program(*first))
    micro.run_until_blocked()
    report = micro.report()
    total = int(report.splitlines()[0].removeprefix("CYCLES: "))
    assert total == micro.runtime.cyc
    operations = _report_rows(report, "OPERATIONS:", numbers_last=True)
    assert sum(int(row[-1]) for row in operations) == total
    lines = _report_rows(report, "LIGNES:")
    assert sum(int(row[1]) for row in lines) == total
    texts = sorted(row[2] for row in lines)
    ran = [*first, *(line for text in saved.values() for line in text)]
    assert set(texts) <= set(ran) and len(texts) == len(set(texts))
    assert {row[2] for row in lines} >= {first[0], first[-1]}
    divisions = sum(int(row[1]) for row in _report_rows(report, "DIVISIONS PAR LIGNE:"))
    assert divisions == next(int(row[1]) for row in operations if row[0] == "DIVISION")


@pytest.mark.parametrize(("source", "divisions"), [
    (("10 N←10;K←0", "20 FAIRE 40 POUR I←1 PAS 6/3 JUSQUA N/2", "30 K←K+1", "40 A←SI K>2 ALORS K/3 SINON 1",
      "50 TERMINER"), {20: 2, 40: 1}),
    (("10 S←0", "20 FAIRE 30 POUR I←1 JUSQUA 4", "30 S←S+&F(I)", "40 TERMINER",
      "50 PROCEDURE &F(X) LOCAL X", "60 RESULTAT X/2"), {60: 4}),
    (("10 N←10;K←0", "20 FAIRE 40 POUR I←1 PAS 6/3 TANT QUE I/2<N/2", "30 K←K+1",
      "40 A←SI K>2 ALORS K/3 SINON 1", "50 TERMINER"), {20: 13, 40: 3}),
])
def test_the_divisions_are_listed_at_the_line_where_they_are_written(source, divisions):
    micro = Micro(profiling=True)
    micro.load_text(program(*source))
    micro.run_until_blocked()
    assert dict(micro.runtime.line_divisions) == divisions
    assert sum(divisions.values()) == micro.runtime.counts["div"]
