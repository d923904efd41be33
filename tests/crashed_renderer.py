"""A pytest plugin: a browser test whose page's renderer process died is run once more, and says so.

Decision: Chromium's renderer can be killed from outside the page (the kernel's out-of-memory killer picks
renderers first; a CI run saw 8 of 22 pages die on a shared machine, and none in a hundred runs here). A
crash is Chromium's, not the page's answer, so the test runs a second time on a fresh page; the line
printed says which test, and how much memory the machine had left. A second crash, or any other failure,
fails the test as before. Imports no project code.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.runner import runtestprotocol

MARKER = "renderer"
CRASHED = "Target crashed"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{MARKER}: a test of a page in Chromium, run once more if its renderer dies")


def memory_left() -> str:
    """The machine's available memory as /proc/meminfo says it, or a dash."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return f"{int(line.split()[1]) // 1024} MB"
    except (OSError, ValueError, IndexError):
        pass
    return "-"


def crashed(reports: list[pytest.TestReport]) -> bool:
    return any(report.failed and CRASHED in str(report.longrepr) for report in reports)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """Run a renderer test; once more if its page's renderer crashed, reporting only the last run."""
    if item.get_closest_marker(MARKER) is None:
        return None
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    if crashed(reports):
        reporter = item.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"\n{item.nodeid}: Chromium's renderer crashed (memory available: "
                                f"{memory_left()}); run once more")
        item._initrequest()  # type: ignore[attr-defined]  # its fixtures made again, as for a new test
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True
