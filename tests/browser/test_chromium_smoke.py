"""Debian's Chromium, driven by Playwright, loads a page from a local server and clicks it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

PAGE = b"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>mailbag smoke</title></head>
<body style="font-family: sans-serif; padding: 2em">
  <h1>mailbag browser smoke test</h1>
  <button id="go" onclick="document.getElementById('out').textContent = 'clicked'">Go</button>
  <p id="out">waiting</p>
</body>
</html>
"""


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path != "/":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def local_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_click_and_screenshot(page: Page, local_site: str, artifacts: Path) -> None:
    page.goto(local_site)
    expect(page).to_have_title("mailbag smoke")
    expect(page.locator("#out")).to_have_text("waiting")
    page.click("#go")
    expect(page.locator("#out")).to_have_text("clicked")
    shot = artifacts / "chromium_smoke.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
