"""Shared pytest set-up: the --update-golden option, hypothesis without deadlines (the harness itself is
tests/lse_harness.py)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# Decision: no example has a deadline. Speed is the bench's to measure, never a test's: on a shared machine an
# example of test_formats took 324 ms against hypothesis's default 200 and failed a whole suite.
settings.register_profile("micro-lse", deadline=None)
settings.load_profile("micro-lse")

# A browser test whose renderer died runs once more (tests/crashed_renderer.py); the browser tests' site and
# Chromium are made once for all their files (tests/web_page.py).
pytest_plugins = ["crashed_renderer", "web_page"]


def pytest_configure(config: pytest.Config) -> None:
    # Decision: nothing the tests call in this process may end it at once (the command's quick exit did, once,
    # at 57 % of the suite, with status 0); the processes the tests start are their own, and a child forked from
    # this one (multiprocessing) ends through os._exit as it means to.
    real_exit, suite = os._exit, os.getpid()

    def exit_refused(status: int) -> None:
        if os.getpid() != suite:
            real_exit(status)
        raise AssertionError(f"os._exit({status}) in the test process: it would end the whole suite there, quietly")

    config.stash[_SAVED_EXIT] = real_exit
    os._exit = exit_refused


def pytest_unconfigure(config: pytest.Config) -> None:
    os._exit = config.stash.get(_SAVED_EXIT, os._exit)


_SAVED_EXIT = pytest.StashKey()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/programs/*.out from the current behaviour")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """True when the run should rewrite the golden files instead of comparing."""
    return request.config.getoption("--update-golden")


@pytest.fixture
def every_loop_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every counted loop a Python `for`, however few passes its bounds give (pybounds.short): for the tests of
    the `for` itself, whose programs are small."""
    from machine.lse import pybounds

    monkeypatch.setattr(pybounds, "SHORT_PASSES", 0)
