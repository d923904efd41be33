"""The web page's test harness: the site built and served once, headless Chromium, and helpers to drive a page.

A plugin of tests/conftest.py, so that its session fixtures are made once for every browser test file.
These tests fail, never skip, when Chromium or playwright is missing: .ci/run installs both.
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from machine.web.build import build

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT = ROOT / "docs" / "web-page.png"  # the README shows it; --update-golden takes it again
CHROMIUM = os.environ.get("MICRO_LSE_CHROMIUM", "/usr/bin/chromium")
ROOMY_SHM = 512 * 1024 * 1024  # /dev/shm with this much free holds Chromium's shared memory (else /tmp does)


def shared_memory_flags() -> list[str]:
    """Chromium's shared memory in /dev/shm where it has room (memory), else in /tmp (a disk, which may be full:
    a renderer whose shared memory cannot grow dies, `Target crashed`)."""
    try:
        stats = os.statvfs("/dev/shm")
    except OSError:
        return ["--disable-dev-shm-usage"]
    return [] if stats.f_bavail * stats.f_frsize >= ROOMY_SHM else ["--disable-dev-shm-usage"]


# Flags for a closed network: no component updates, no background connections, no sandbox as root.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", *shared_memory_flags(), "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOOT_MS = 90_000
RUN_MS = 120_000


class QuietHandler(SimpleHTTPRequestHandler):
    """A static server that keeps its log to itself."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the session; its folder."""
    folder = tmp_path_factory.mktemp("site")
    build(folder)
    return folder


@pytest.fixture(scope="session")
def site(built: Path) -> str:
    """The built site, served on 127.0.0.1 for the session; its address."""
    folder = built
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium, driven by playwright through the installed browser (nothing downloaded)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: pip install -e .[test]")
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium (or set MICRO_LSE_CHROMIUM)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser):
    """A browser profile of its own (its own IndexedDB) for one test."""
    made = browser.new_context(viewport={"width": 1280, "height": 1000})
    yield made
    made.close()


def opened(context, site: str, suffix: str = ""):
    """A page of the site, once the Micro has booted."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site + suffix)
    page.wait_for_function("window.micro?.ready || window.microFailure", timeout=BOOT_MS)
    failure = page.evaluate("window.microFailure")
    assert failure is None, failure
    assert errors == []
    page.click("#screen")
    return page


def screen(page) -> str:
    return page.evaluate("window.micro.screen()")


def shows(page, text: str, timeout: int = RUN_MS) -> str:
    page.wait_for_function("(text) => window.micro.screen().includes(text)", arg=text, timeout=timeout)
    return screen(page)


def type_lines(page, *lines: str) -> None:
    for line in lines:
        page.keyboard.type(line)
        page.keyboard.press("Enter")


def reload_after(page, action) -> None:
    """Do what writes the disk, write it to IndexedDB once the page's Python took it, load the page again.

    Decision: the test writes the disk itself (window.micro.sync) after two frames have gone by, rather
    than wait for the page's own write, which an earlier line's write could be mistaken for.
    """
    action()
    frames = page.evaluate("window.micro.frames()")
    page.wait_for_function("(n) => window.micro.frames() > n + 1", arg=frames, timeout=RUN_MS)
    page.evaluate("window.micro.sync()")
    page.reload()
    page.wait_for_function("window.micro?.ready", timeout=BOOT_MS)
    page.click("#screen")
