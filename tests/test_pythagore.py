"""The Moler-Morrison Pythagorean sum of Arsac's book (programs/pythagore.lse): the values and
iteration counts of the book notes §3(d), through the procedure &F and in the printed tables."""

from __future__ import annotations

import io
import math
import random
from pathlib import Path

import pytest

from machine.cli import main as cli_main
from machine.micro import Micro
from tests.lse_harness import run_lse

ROOT = Path(__file__).resolve().parent.parent
PATH = ROOT / "programs" / "pythagore.lse"

# (a, b), iterations for eps = 0.004, f(a,b) then, iterations for eps = 1e-5, f(a,b) then
NOTES_TABLE = [
    ((1, 1), 2, 1.4142132, 3, 1.41421356),
    ((2, 1), 2, 2.2360680, 3, 2.23606798),
    ((3, 1), 2, 3.1622777, 2, 3.16227766),
    ((4, 1), 2, 4.1231056, 2, 4.12310563),
    ((4, 3), 2, 4.99999997, 3, 5.0),
    ((100, 1), 1, 100.0049999, 2, 100.00499988),
    ((1, 0), 0, 1.0, 0, 1.0),
    ((0, 0), 0, 0.0, 0, 0.0),
]
# the notes round to 7 or 8 decimals; the 1.4142132 of eps = 0.004 is 3.6e-7 below the root
TOLERANCE = 6e-8
IDS = [f"{a},{b}" for (a, b), *_ in NOTES_TABLE]


@pytest.fixture(scope="module")
def micro() -> Micro:
    loaded = Micro()
    loaded.load_text(PATH.read_text(encoding="utf-8"))
    return loaded


def pythagorean_sum(micro: Micro, a: float, b: float, eps: float) -> tuple[float, int]:
    value, refs = micro.call("&F", a, b, eps, 0)
    return value, int(refs[3])


@pytest.fixture(scope="module")
def output() -> str:
    result = run_lse(PATH.read_text(encoding="utf-8"))
    assert result.error is None
    return result.output


@pytest.mark.parametrize("pair, n_coarse, f_coarse, n_fine, f_fine", NOTES_TABLE, ids=IDS)
def test_the_sum_takes_the_iterations_and_gives_the_values_of_the_notes(micro, pair, n_coarse, f_coarse, n_fine,
                                                                        f_fine):
    assert pythagorean_sum(micro, *pair, 0.004) == (pytest.approx(f_coarse, rel=0, abs=TOLERANCE), n_coarse)
    assert pythagorean_sum(micro, *pair, 1e-5) == (pytest.approx(f_fine, rel=0, abs=TOLERANCE), n_fine)


@pytest.mark.parametrize("pair, n_coarse, f_coarse, n_fine, f_fine", NOTES_TABLE, ids=IDS)
def test_the_printed_table_holds_the_same_iterations_and_values(output, pair, n_coarse, f_coarse, n_fine, f_fine):
    rows = [line.split() for line in output.splitlines()]
    row = next(r for r in rows if len(r) == 6 and r[:2] == [str(pair[0]), str(pair[1])])
    assert row[2:] == [str(n_coarse), f"{f_coarse:.7f}", str(n_fine), f"{f_fine:.7f}"]


@pytest.mark.parametrize("x, g, g_squared", [(1, "1.4142", "2"), (2, "2.2361", "5"), (3, "3.1623", "10"),
                                             (4, "4.1231", "17")])
def test_arsacs_table_shows_g_and_g_squared_equal_to_x_squared_plus_one(output, x, g, g_squared):
    assert [str(x), g, g_squared] in [line.split() for line in output.splitlines()]


def test_the_error_stays_within_the_bound_of_the_book():
    """Relative error below eps^2/(2(a^2+b^2)) (the book's bound), whatever the order and signs."""
    micro = Micro()
    micro.load_text(PATH.read_text(encoding="utf-8"))
    rng = random.Random(4)
    for _ in range(300):
        a, b = rng.uniform(-50, 50), rng.uniform(-50, 50)
        eps = rng.choice([0.004, 1e-5, 0.1])
        value, _ = pythagorean_sum(micro, a, b, eps)
        exact = math.hypot(a, b)
        x = eps * eps / (a * a + b * b)
        assert abs(value - exact) / exact <= x / 2 * (1 + x) + 1e-15
        assert pythagorean_sum(micro, -b, a, eps)[0] == pytest.approx(value, rel=1e-15)


def test_the_program_passes_the_check_and_runs_headless_to_its_end():
    out = io.StringIO()
    assert cli_main(["--check", str(PATH)], io.StringIO(), out, out) == 0
    stdout, stderr = io.StringIO(), io.StringIO()
    assert cli_main([str(PATH), "--headless"], io.StringIO(), stdout, stderr) == 0
    assert stderr.getvalue() == ""
    assert all(len(line) <= 40 for line in stdout.getvalue().replace("\f", "\n").splitlines())
