"""Fixtures for the browser tests: Playwright (sync API) driving Debian's Chromium.

The Python package `playwright` brings its own driver but no browser, and none is ever
downloaded (`playwright install` is never run): the tests drive /usr/bin/chromium
(`apt-get install chromium`). Without it they skip, except under CI (the CI variable set),
where they fail: CI must run them (.ci/run installs the package).

- `browser` (session): a headless Chromium, one per pytest-xdist worker.
- `page` (function): a fresh page in a fresh browser context, closed after the test.
- `artifacts` (session): tests/artifacts/browser/, for screenshots people can look at.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_live import Contexts, LiveServer
from playwright.sync_api import Browser, Page, Playwright, expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
TIMEOUT_MS = 15_000
# every expect() waits as long as a page's actions do: Playwright's own 5 s (a hint's search, a
# bot's move) ran out on a loaded CI machine
expect.set_options(timeout=TIMEOUT_MS)
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts" / "browser"


# Playwright's sync API runs an event loop in the test's thread while it is started: kept for a
# whole session it would break every later test on the same worker that runs asyncio (the full
# screen, the load test). So it lives for one test file at a time.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    if not os.path.exists(CHROMIUM):
        message = f"Chromium is not installed ({CHROMIUM}; apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{message}: CI must run the browser tests", pytrace=False)
        pytest.skip(f"{message}: the browser tests are skipped")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    # launch() gives the browser a fresh, temporary user data directory
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real ``mailbag serve`` subprocess for the tests of one file."""
    with LiveServer.running(tmp_path_factory.mktemp("serve")) as live:
        yield live


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Contexts]:
    """Browser contexts (each person's own browser), closed after the test."""
    opened = Contexts(browser)
    try:
        yield opened
    finally:
        opened.close()
