"""The plugin that runs a browser test once more when Chromium's renderer dies, on tests made to fail."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

TESTS = '''
import pytest
from pathlib import Path

pytestmark = pytest.mark.renderer
RUNS = Path(__file__).with_name("runs")


def ran(name):
    runs = RUNS / name
    runs.write_text(runs.read_text() + "x" if runs.exists() else "x")
    return len(runs.read_text())


def test_crashed_once():
    if ran("once") == 1:
        raise RuntimeError("Page.click: Target crashed")


def test_crashed_twice():
    ran("twice")
    raise RuntimeError("Page.click: Target crashed")


def test_failed_otherwise():
    ran("otherwise")
    assert False, "the screen says something else"
'''


@pytest.fixture
def outcome(pytester: pytest.Pytester):
    pytester.makeconftest('pytest_plugins = ["crashed_renderer"]')
    pytester.makepyfile(test_pages=TESTS)
    (pytester.path / "runs").mkdir()
    result = pytester.runpytest_inprocess("-q", "-p", "no:cacheprovider")
    return result, {path.name: len(path.read_text()) for path in (pytester.path / "runs").iterdir()}


def test_a_page_whose_renderer_crashed_once_passes_on_its_second_run_and_says_so(outcome):
    result, runs = outcome
    assert runs["once"] == 2
    said = "*test_crashed_once: Chromium's renderer crashed (memory available: *); run once more"
    result.stdout.fnmatch_lines([said])
    assert "FAILED test_pages.py::test_crashed_once" not in result.stdout.str()


def test_a_renderer_that_crashes_twice_fails_the_test(outcome):
    result, runs = outcome
    assert runs["twice"] == 2
    result.stdout.fnmatch_lines(["FAILED test_pages.py::test_crashed_twice*"])


def test_a_failure_that_is_no_crash_is_not_run_again(outcome):
    result, runs = outcome
    assert runs["otherwise"] == 1
    result.assert_outcomes(passed=1, failed=2)
