"""The README's division experiment: its table of nim.lse against nimdiv.lse, split into divisions, ENT
and the rest, and its whole-game figures, are what the profiler counts."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path

import pytest

from machine.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("nim_division", ROOT / "bench" / "nim_division.py")
BENCH = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(BENCH)


def readme_rows() -> dict[tuple[int, ...], str]:
    """The README table's rows for single positions, by heaps, as the bench prints them."""
    rows = {}
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        found = re.match(r"\| (\d+ \d+ \d+ \d+)( \(losing\))? \|", line)
        if found and "divisions" not in line:
            rows[tuple(int(x) for x in found[1].split())] = line.replace(" (losing)", "")
    return rows


@pytest.fixture(scope="module")
def micros():
    return {name: BENCH.loaded(name) for name in BENCH.PROGRAMS}


def test_the_readme_table_holds_the_bench_positions():
    assert list(readme_rows()) == BENCH.POSITIONS


@pytest.mark.parametrize("heaps", BENCH.POSITIONS, ids=[" ".join(map(str, h)) for h in BENCH.POSITIONS])
def test_each_row_of_the_readme_table_is_what_the_profiler_measures(micros, heaps):
    results = {name: BENCH.measure(micros[name], heaps) for name in BENCH.PROGRAMS}
    move = f"{results['nim']['take']} from heap {results['nim']['heap']}"
    assert readme_rows()[heaps] == BENCH.row(" ".join(map(str, heaps)), move, results)
    assert (results["nim"]["div"], results["nim"]["ENT"]) == (0, 0)
    assert (results["nimdiv"]["div"], results["nimdiv"]["ENT"]) == (16, 16)


GAME = "0\n1 3 5 7\n1\n1 1\n2 1\n2 1\n2 1\n3 1\n3 1\n3 1\n3 1\n"


@pytest.mark.parametrize(("name", "cycles", "divisions"), [("nim", "1 475 040", 0), ("nimdiv", "1 824 480", 128)])
def test_the_readme_whole_game_figures_are_the_profile_reports(tmp_path, name, cycles, divisions):
    out, err = io.StringIO(), io.StringIO()
    status = cli_main([str(ROOT / "programs" / f"{name}.lse"), "--headless", "--profile", "--disk", str(tmp_path)],
                      io.StringIO(GAME), out, err)
    assert status == 0
    report = err.getvalue()
    assert report.startswith(f"CYCLES: {cycles.replace(' ', '')}\n")
    found = re.search(r"^  DIVISION +(\d+) ", report, re.M)
    assert (int(found[1]) if found else 0) == divisions
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "1 475 040 cycles with no division against 1 824 480 with 128" in readme


def test_the_all_positions_row_is_16_divisions_and_16_ent_a_move_at_the_profiles_prices():
    from machine.profile import load_profile
    costs = load_profile().costs
    row = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| all 65 536 positions |"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    nim, nimdiv = (int(cell.replace(" ", "")) for cell in cells[2:4])
    divisions, ent = ([int(x.replace(" ", "")) for x in cell.split(":")] for cell in cells[5:7])
    moves = 65536 * 16
    assert divisions == [moves, moves * costs["div"]] and ent == [moves, moves * costs["ENT"]]
    assert int(cells[7].replace(" ", "")) == moves * costs["constant"]
    assert nimdiv - nim == moves * (costs["div"] + costs["ENT"] + costs["constant"])
    assert cells[4] == f"{nimdiv / nim:.2f}"
