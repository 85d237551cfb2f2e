"""The browser client's pure parts, unit-tested in Chromium: no node, no bundler.

Each ``client_units/*.test.js`` is an ES module that registers tests with ``harness.js``. A
runner page (the import map of the client's own ``index.html``, so ``preact`` resolves as in
the product) imports it and runs them; the page's requests are answered by Playwright from the
package's ``static/`` folder (``/static/…``) and from ``client_units/`` (``/units/…``), no server
started. A failing JavaScript test is reported by its name and its error.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route

import mailbag.server

UNITS = Path(__file__).resolve().parent / "client_units"
STATIC = Path(mailbag.server.__file__).resolve().parent / "static"
ORIGIN = "http://client-units.test"
FILES = sorted(path.name for path in UNITS.glob("*.test.js"))
TYPES = {
    ".js": "text/javascript",
    ".html": "text/html",
    ".css": "text/css",
    ".json": "application/json",
}


def import_map() -> str:
    """The client's import map, as index.html declares it."""
    found = re.search(
        r'<script type="importmap">(.*?)</script>', (STATIC / "index.html").read_text(), re.S
    )
    assert found, "index.html has no import map"
    return found.group(1)


def runner(name: str) -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>client units: {name}</title>
<script type="importmap">{import_map()}</script>
<script type="module">
  try {{
    const harness = await import("/units/harness.js");
    await import({json.dumps("/units/" + name)});
    window.__results = {{ results: await harness.run() }};
  }} catch (err) {{
    window.__results = {{ load: String(err && err.stack ? err.stack : err) }};
  }}
</script></head><body></body></html>"""


def serve(route: Route, name: str) -> None:
    path = route.request.url[len(ORIGIN) :].split("?", 1)[0]
    if path == "/":
        route.fulfill(status=200, content_type="text/html", body=runner(name))
        return
    for prefix, folder in (("/static/", STATIC), ("/units/", UNITS)):
        if path.startswith(prefix):
            file = (folder / path[len(prefix) :]).resolve()
            if file.is_file() and file.is_relative_to(folder):
                kind = TYPES.get(file.suffix, "application/octet-stream")
                route.fulfill(status=200, content_type=kind, body=file.read_bytes())
                return
    route.fulfill(status=404, content_type="text/plain", body=f"no {path}")


def test_there_are_unit_files() -> None:
    assert {"tablestate.test.js", "mergelog.test.js", "clicks.test.js"} <= set(FILES)


@pytest.mark.parametrize("name", FILES)
def test_client_units(page: Page, name: str) -> None:
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.on(
        "console",
        lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None,
    )
    page.route(f"{ORIGIN}/**", lambda route: serve(route, name))
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("window.__results !== undefined")
    outcome: dict[str, Any] = page.evaluate("window.__results")
    if "load" in outcome:
        pytest.fail(
            f"{name} did not load: {outcome['load']}\n" + "\n".join(problems), pytrace=False
        )
    results: list[dict[str, Any]] = outcome["results"]
    assert results, f"{name} registered no test"
    failed = [r for r in results if not r["ok"]]
    if failed:
        report = "\n\n".join(f"FAILED {name}: {r['name']}\n{r['error']}" for r in failed)
        tail = "\n".join(problems)
        pytest.fail(
            f"{len(failed)} of {len(results)} tests failed:\n\n{report}\n{tail}", pytrace=False
        )
    assert not problems, "\n".join(problems)
