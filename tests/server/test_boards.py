"""Each game's browser board is served by name from its own folder (``games/<game>/web/``), found
through the registry: the built-in games' and a plug-in's alike; nothing else is served there,
and the welcome says whether the game has a board."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wsclient import TestClient, connect, humans, make_table, open_client, parse_link

import mailbag.games
from mailbag.core import registry
from mailbag.server.boards import board_of

GAMES = Path(mailbag.games.__file__).parent
BUILTIN = ("postcards", "post_office", "carteros")

PLUGIN = '''
"""A game in a package of its own, with its board in its own web/ folder."""
import dataclasses

from tiny import TinyGame


class BoardedGame(TinyGame):
    spec = dataclasses.replace(TinyGame.spec, name="{name}", title="{title}")


GAME = BoardedGame()
'''


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


def plugin(
    monkeypatch: pytest.MonkeyPatch, folder: Path, name: str, web: dict[str, str] | None
) -> Any:
    """A game package ``<name>_pkg`` in ``folder`` (with ``web/`` holding ``web``'s files),
    imported and registered for this test only."""
    package = folder / f"{name}_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("from .game import GAME\n")
    (package / "game.py").write_text(PLUGIN.format(name=name, title=name.title()))
    if web is not None:
        (package / "web").mkdir()
        for file, text in web.items():
            (package / "web" / file).write_text(text)
    monkeypatch.syspath_prepend(str(folder))
    game = importlib.import_module(f"{name}_pkg").GAME
    monkeypatch.setitem(registry._LOADED, name, game)
    return game


@pytest.fixture(autouse=True)
def _forget_plugins() -> Iterator[None]:
    before = set(sys.modules)
    yield
    for module in set(sys.modules) - before:
        if module.split(".")[0].endswith("_pkg"):
            del sys.modules[module]


def welcome_of(client: TestClient, link: str) -> dict[str, Any]:
    table, fragment = parse_link(link)
    with connect(client, table) as ws:
        return ws.hello(fragment["token"])


@pytest.mark.parametrize("game", BUILTIN)
def test_each_builtin_board_is_served_from_its_folder(client: TestClient, game: str) -> None:
    script = client.get(f"/games/{game}/board.js")
    assert script.status_code == 200
    assert script.headers["content-type"] == "text/javascript; charset=utf-8"
    assert script.headers["x-content-type-options"] == "nosniff"
    assert script.content == (GAMES / game / "web" / "board.js").read_bytes()
    assert b"export function Board" in script.content
    style = client.get(f"/games/{game}/board.css")
    assert style.status_code == 200
    assert style.headers["content-type"] == "text/css; charset=utf-8"
    assert style.content == (GAMES / game / "web" / "board.css").read_bytes()
    again = client.get(f"/games/{game}/board.js", headers={"if-none-match": script.headers["etag"]})
    assert again.status_code == 304 and not again.content
    assert board_of(registry.get(game)) == {
        "script": f"/games/{game}/board.js",
        "style": f"/games/{game}/board.css",
    }


@pytest.mark.parametrize(
    "path",
    [
        "/games/postcards/game.py",  # not a board's kind of file
        "/games/postcards/__init__.py",
        "/games/postcards/data",
        "/games/postcards/..%2Fgame.py",  # an encoded slash
        "/games/postcards/..%2F..%2F..%2Fserver%2Fapp.py",
        "/games/postcards/%2E%2E%2Fweb%2Fboard.js",
        "/games/postcards/%2Fetc%2Fpasswd",  # an absolute path
        "/games/postcards/..",
        "/games/postcards/...js",
        "/games/postcards/.board.js",
        "/games/postcards/web/board.js",  # no sub-folder
        "/games/postcards/board.jsx",
        "/games/postcards/nothing.js",  # not there
        "/games/%2E%2E/board.js",
        "/games/..%2Fpostcards/board.js",
        "/games/no_such_game/board.js",  # an unknown game
        "/games/server/app.py",
    ],
)
def test_nothing_but_a_board_file_is_served(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404, (path, response.text[:200])
    assert b"import" not in response.content


def test_a_plugin_brings_its_own_board(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = {"board.js": "export function Board() { return null; }\n", "board.css": ".x {}\n",
           "mark.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>", "notes.txt": "no"}
    game = plugin(monkeypatch, tmp_path, "boarded", web)
    assert board_of(game) == {
        "script": "/games/boarded/board.js", "style": "/games/boarded/board.css"}
    script = client.get("/games/boarded/board.js")
    assert script.status_code == 200 and script.text == web["board.js"]
    assert script.headers["content-type"] == "text/javascript; charset=utf-8"
    assert client.get("/games/boarded/board.css").text == web["board.css"]
    picture = client.get("/games/boarded/mark.svg")
    assert picture.headers["content-type"] == "image/svg+xml"
    assert client.get("/games/boarded/notes.txt").status_code == 404
    assert client.get("/games/boarded/game.py").status_code == 404
    assert client.get("/games/boarded/..%2Fgame.py").status_code == 404
    made = make_table(client, {"game": "boarded", "seats": humans("ann", "bob")})
    assert welcome_of(client, made["links"]["0"])["board"] == {
        "script": "/games/boarded/board.js", "style": "/games/boarded/board.css"}


def test_a_game_without_a_board_says_so(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = plugin(monkeypatch, tmp_path, "plain", None)
    assert board_of(game) is None
    assert client.get("/games/plain/board.js").status_code == 404
    only_style = plugin(monkeypatch, tmp_path / "other", "styled", {"board.css": ".x {}"})
    assert board_of(only_style) is None  # a style sheet without its module is no board
    made = make_table(client, {"game": "plain", "seats": humans("ann", "bob")})
    assert welcome_of(client, made["links"]["0"])["board"] is None
    made = make_table(client, {"game": "postcards", "seats": humans("ann", "bob")})
    assert welcome_of(client, made["links"]["0"])["board"]["script"] == "/games/postcards/board.js"
