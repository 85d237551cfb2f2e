"""``mailbag serve --open GAME`` (what ``make play`` runs): the server starts, a table of GAME is
made for one person against the game's usual opponents, and its link is opened in a browser — or,
with no screen to open one on, printed. Checked against a real server on loopback: the printed
link opens a seat of the right game, whose other seats are the named bots."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from mailbag.cli.opening import OPPONENTS, open_in_browser, table_request

pytest.importorskip("uvicorn")

LINK = re.compile(r"(http://127\.0\.0\.1:\d+/t/\S+)")


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_the_request_names_the_newcomers_opponents() -> None:
    body = table_request("postcards")
    assert body["seats"] == [{"kind": "me"}, {"kind": "bot", "bot": "automa:normal"}]
    assert [s["bot"] for s in table_request("post_office")["seats"][1:]] == list(
        OPPONENTS["post_office"]
    )


def test_serve_open_prints_the_link_of_a_new_postcards_table(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["MAILBAG_DATA_DIR"] = str(tmp_path)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mailbag",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "--open",
            "postcards",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        lines: list[str] = []
        deadline = time.monotonic() + 90
        link = None
        while link is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = LINK.search(line)
            if found and "open this link" in line:
                link = found.group(1)
        assert link, "no link printed:\n" + "".join(lines)
        table = link.split("/t/")[1].split("#")[0]
        token = re.search(r"token=([^&\s]+)", link)
        assert token, link
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
            assert answer.status == 200
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/my-games",
            data=json.dumps({"links": [{"table": table, "token": token.group(1)}]}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            mine = json.load(answer)
        assert [(g["game"], g["seat"], g["over"]) for g in mine] == [("postcards", 0, False)]
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_an_unknown_game_is_refused_in_words() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mailbag", "serve", "--open", "chess", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "--open 'chess': no such game" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_a_browser_that_opened_is_told_and_one_that_failed_gives_the_link() -> None:
    """The thread's words, against a stand-in server that answers the two requests."""
    import http.server
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self._answer(b"[]")

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            self._answer(b'{"links": {"0": "/t/abc#seat=0&token=xyz"}}')

        def _answer(self, body: bytes) -> None:
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        for opens, words in ((True, "is open in the browser"), (False, "open this link")):
            said: list[str] = []
            opened: list[str] = []

            def opener(link: str, opens: bool = opens, opened: list[str] = opened) -> bool:
                opened.append(link)
                return opens

            open_in_browser(address, "carteros", said.append, opener).join(timeout=60)
            assert opened == [address + "t/abc#seat=0&token=xyz"]
            assert len(said) == 1 and words in said[0] and opened[0] in said[0], said
    finally:
        server.shutdown()
