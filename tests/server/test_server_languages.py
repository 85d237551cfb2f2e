"""The server in the reader's language (docs/protocol.md, "Languages"): a socket speaks its
hello's ``lang`` (else its handshake's Accept-Language) and a ``lang`` message switches it mid-game
(a welcome and the whole table again); an HTTP request speaks its ``?lang=`` (else its
Accept-Language); ``GET /api/i18n/<lang>`` is the client's catalog; a language not spoken here is
an error. The server's own texts are checked word for word; the games' (board, events, actions)
only loosely, as they are made through the games' catalogs."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wsclient import (
    WS,
    TestClient,
    bearer,
    humans,
    make_table,
    open_client,
    parse_link,
    play_to_end,
    seat_socket,
    token_of,
    watch_of,
)

from mailbag.core.i18n import _, pgettext, use_language
from mailbag.core.records import loads, replay_steps
from mailbag.games import get

SPECTATOR = {
    "en": "a spectator watches and cannot play",
    "es": "un espectador mira y no puede jugar",
    "nl": "een toeschouwer kijkt mee en kan niet spelen",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


@contextlib.contextmanager
def socket(
    client: TestClient, link: str, *, lang: str | None = None, accept: str | None = None
) -> Iterator[WS]:
    """A socket at ``link``'s table, its hello said (with ``lang``; the handshake with
    ``Accept-Language: accept``), up to its first state."""
    table, fragment = parse_link(link)
    headers = {"accept-language": accept} if accept is not None else {}
    with client.websocket_connect(f"/ws/{table}", headers=headers) as session:
        ws = WS(session, link)
        hello: dict[str, Any] = {"type": "hello"}
        if "token" in fragment:
            hello["token"] = fragment["token"]
        else:
            hello["watch"] = fragment["watch"]
        if lang is not None:
            hello["lang"] = lang
        ws.send(hello)
        ws.next_of("welcome")
        ws.next_of("state")
        yield ws


def carteros_vs_person(client: TestClient, **query: str) -> dict[str, Any]:
    suffix = "".join(f"?{k}={v}" for k, v in query.items())
    response = client.post(
        "/api/tables" + suffix,
        json={"game": "carteros", "options": {"max_rounds": 3}, "seats": humans("ann", "bob")},
    )
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def spectator_refusal(ws: WS) -> str:
    """What the server says to a spectator who tries to play."""
    assert ws.state is not None
    ws.submit(ws.state["step"], "end")
    reason: str = ws.next_of("refused")["reason"]
    return reason


def stale_refusal(ws: WS) -> dict[str, Any]:
    """An undo from a step the table is no longer at."""
    assert ws.state is not None
    ws.undo(ws.state["step"] + 5)
    refusal: dict[str, Any] = ws.next_of("refused")
    return refusal


# -- sockets -------------------------------------------------------------------------------------
def test_a_hello_in_spanish_gets_spanish_refusals(client: TestClient) -> None:
    made = carteros_vs_person(client)
    with socket(client, made["spectator"], lang="es") as watcher:
        assert spectator_refusal(watcher) == SPECTATOR["es"]
    with socket(client, made["links"]["0"], lang="es") as ann:
        refusal = stale_refusal(ann)
        assert refusal["reason"].startswith("la partida ha avanzado (paso 0, no 5)")
        assert refusal["rule"] == "stale"  # the code is the same in every language
    with socket(client, made["links"]["1"], lang="en") as bob:
        assert stale_refusal(bob)["reason"].startswith("the game has moved on (step 0, not 5)")


def test_the_lang_message_switches_the_socket_mid_game(client: TestClient) -> None:
    made = carteros_vs_person(client)
    with socket(client, made["links"]["0"], lang="es") as ann:
        assert ann.state is not None
        ann.submit(0, ann.state["actions"][0]["notation"])
        assert ann.next_of("ack")["step"] == 1
        spanish = ann.state_at_least(1)
        before = [e for m in ann.received if m.get("type") == "state" for e in m["events"]]
        ann.send({"type": "lang", "lang": "nl"})
        welcome = ann.next_of("welcome")
        assert welcome["seat"] == 0 and welcome["table"] == made["table"]
        dutch = ann.next_of("state")
        # the same table at the same step, the whole log again (in Dutch)
        assert dutch["step"] == spanish["step"] == 1
        assert dutch["reset"] is True
        assert [(e["step"], e["kind"], e["data"]) for e in dutch["events"]] == [
            (e["step"], e["kind"], e["data"]) for e in before
        ]
        assert [a["notation"] for a in dutch["actions"]] == [
            a["notation"] for a in spanish["actions"]
        ]
        assert dutch["view"] == spanish["view"]  # the view is data: the same in every language
        # the texts are made in Dutch now: the board and the events as the game's catalog says
        game = get("carteros")
        with use_language("nl"):
            board_nl = game.presentation.render(dutch["view"])
        assert dutch["board"] == board_nl
        dutch_refusal = stale_refusal(ann)["reason"]
        assert dutch_refusal.startswith("de partij is verder gegaan (stap 1, niet 6)")
        # and back to English
        ann.send({"type": "lang", "lang": "en"})
        ann.next_of("welcome")
        english = ann.next_of("state")
        assert english["board"] == game.presentation.render(english["view"])
        assert stale_refusal(ann)["reason"].startswith("the game has moved on (step 1, not 6)")


def test_accept_language_picks_the_sockets_language(client: TestClient) -> None:
    made = carteros_vs_person(client)
    with socket(client, made["spectator"], accept="fr-FR,nl;q=0.8,es;q=0.5") as watcher:
        assert spectator_refusal(watcher) == SPECTATOR["nl"]
    with socket(client, made["spectator"], accept="de-DE") as watcher:
        assert spectator_refusal(watcher) == SPECTATOR["en"]
    # the hello's lang wins over the browser's
    with socket(client, made["spectator"], lang="es", accept="nl") as watcher:
        assert spectator_refusal(watcher) == SPECTATOR["es"]
    # before a hello, the socket's errors are in the browser's language too
    table = made["table"]
    with client.websocket_connect(f"/ws/{table}", headers={"accept-language": "es"}) as session:
        ws = WS(session)
        ws.send({"type": "ping"})
        assert ws.next_of("error")["reason"].startswith("primero saluda")


def test_a_language_not_spoken_here_is_an_error_frame(client: TestClient) -> None:
    made = carteros_vs_person(client)
    # in the hello: told after the welcome; the table speaks the browser's language meanwhile
    table, fragment = parse_link(made["links"]["0"])
    with client.websocket_connect(f"/ws/{table}", headers={"accept-language": "es"}) as session:
        ws = WS(session)
        ws.send({"type": "hello", "token": fragment["token"], "lang": "fr"})
        got = ws.until(lambda m: m.get("type") == "error", what="an error frame")
        assert [m["type"] for m in got][:2] == ["welcome", "state"]
        assert "'fr'" in got[-1]["reason"] and "en, nl, es" in got[-1]["reason"]
        assert got[-1]["reason"].startswith("aquí no se habla")
        assert stale_refusal(ws)["reason"].startswith("la partida ha avanzado")
    # in a lang message: an error, and the socket keeps its language
    with socket(client, made["links"]["0"], lang="nl") as ann:
        ann.send({"type": "lang", "lang": "klingon"})
        error = ann.next_of("error")
        assert error["reason"].startswith("de taal 'klingon' wordt hier niet gesproken")
        ann.send({"type": "lang", "lang": "x" * 40})  # beyond the protocol's limit
        assert ann.next_of("error")["reason"].startswith("geen bericht van het protocol")
        assert stale_refusal(ann)["reason"].startswith("de partij is verder gegaan")
    # a spectator may switch too
    with socket(client, made["spectator"]) as watcher:
        watcher.send({"type": "lang", "lang": "es-ES"})
        watcher.next_of("welcome")
        watcher.next_of("state")
        assert spectator_refusal(watcher) == SPECTATOR["es"]


# -- HTTP ----------------------------------------------------------------------------------------
def test_the_clients_catalog(client: TestClient) -> None:
    response = client.get("/api/i18n/nl")
    assert response.status_code == 200
    data = response.json()
    assert data["lang"] == "nl"
    assert data["names"] == {"en": "English", "nl": "Nederlands", "es": "Español"}
    messages = data["messages"]
    # the client's own texts and the server's, keyed by their English
    assert messages["Your turn"] == "Jij bent aan de beurt"
    assert messages["Create the table"] == "Tafel maken"
    assert messages["Waiting for {names}."] == "Wachten op {names}."
    assert messages[SPECTATOR["en"]] == SPECTATOR["nl"]
    spanish = client.get("/api/i18n/es-ES").json()
    assert spanish["lang"] == "es" and spanish["messages"]["Your turn"] == "Te toca"
    assert client.get("/api/i18n/en").json()["messages"] == {}
    bad = client.get("/api/i18n/fr", headers={"accept-language": "es"})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("aquí no se habla el idioma 'fr'")


def test_api_errors_in_the_readers_language(client: TestClient) -> None:
    path = "/api/tables/nope/record"
    headers = bearer("x")
    assert client.get(path, headers=headers).json()["error"] == "no table 'nope'"
    spanish = client.get(path, headers={**headers, "accept-language": "es-ES,es;q=0.9"})
    assert spanish.status_code == 404 and spanish.json()["error"] == "no hay ninguna mesa 'nope'"
    # ?lang= wins over the browser's languages
    dutch = client.get(path + "?lang=nl", headers={**headers, "accept-language": "es"})
    assert dutch.json()["error"] == "geen tafel 'nope'"
    wrong = client.get(path + "?lang=fr", headers={**headers, "accept-language": "nl"})
    assert wrong.status_code == 400
    assert wrong.json()["error"].startswith("de taal 'fr' wordt hier niet gesproken")
    # the lobby's errors
    response = client.post("/api/tables?lang=es", json=[])
    assert response.json()["error"] == "se esperaba {game, options, seats, clock}"
    response = client.post(
        "/api/tables?lang=nl",
        json={"game": "carteros", "seats": [{"kind": "me"}, {"kind": "me"}]},
    )
    assert response.json()["error"] == "speler 1: maar één speler kan van jou zijn"
    response = client.post(
        "/api/tables?lang=es",
        json={"game": "carteros", "seats": [{"kind": "me"}, {"kind": "robot"}]},
    )
    assert response.json()["error"] == "jugador 1: kind es me, friend o bot, no 'robot'"
    response = client.post("/api/tables?lang=nl", json={"game": "carteros", "seats": ["x"]})
    assert response.status_code == 400
    assert response.json()["error"].startswith("seats: Carteros wordt door 2–4 spelers gespeeld")
    response = client.post("/api/my-games?lang=es", content=b"{not json")
    assert response.json()["error"] == "el cuerpo de la petición no es JSON"


def test_the_lobby_in_the_readers_language(client: TestClient) -> None:
    games = client.get("/api/games?lang=es").json()
    english = client.get("/api/games").json()
    assert [g["name"] for g in games] == [g["name"] for g in english]
    for spanish, original in zip(games, english, strict=True):
        spec = get(original["name"]).spec
        assert original["title"] == spec.title and original["summary"] == spec.summary
        with use_language("es"):
            assert spanish["title"] == _(spec.title)
            assert spanish["summary"] == _(spec.summary)
            assert [o["help"] for o in spanish["options"]] == [_(o.help) for o in spec.options]
        # names, kinds and values are the same in every language
        for key in ("min_seats", "max_seats", "seat_kinds", "engine_seats"):
            assert spanish[key] == original[key]
        assert [(o["name"], o["default"], o["choices"]) for o in spanish["options"]] == [
            (o["name"], o["default"], o["choices"]) for o in original["options"]
        ]
    # the names the lobby makes up are in the language of whoever made the table
    made = make_table(client, {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "friend"}]})
    assert [s["name"] for s in made["seats"]] == ["Player 1", "Player 2"]
    seats = [{"kind": "me"}, {"kind": "friend"}]
    response = client.post("/api/tables?lang=es", json={"game": "carteros", "seats": seats})
    assert [s["name"] for s in response.json()["seats"]] == ["Jugador 1", "Jugador 2"]


def test_a_finished_game_in_the_readers_language(client: TestClient) -> None:
    """The result's score categories and the replay are worded in the reader's language; the
    breakdown's keys and the record are not."""
    made = carteros_vs_person(client)
    with contextlib.ExitStack() as stack:
        ann = stack.enter_context(socket(client, made["links"]["0"], lang="es"))
        bob = stack.enter_context(seat_socket(client, made["links"]["1"], name="bob"))
        last = play_to_end({0: ann, 1: bob})
    result = last["result"]
    keys = {k for breakdown in result["breakdown"] for k in breakdown}
    assert set(result["labels"]) == keys
    with use_language("es"):
        assert result["labels"] == {k: pgettext("score", k) for k in keys}
    assert bob.state is not None
    assert bob.state["result"]["labels"] == {k: k for k in keys}  # bob reads English
    token = token_of(made["links"]["0"])
    game = get("carteros")
    record = client.get(f"/api/tables/{made['table']}/record", headers=bearer(token)).text
    english = client.get(f"/api/tables/{made['table']}/replay/2", headers=bearer(token)).json()
    spanish = client.get(
        f"/api/tables/{made['table']}/replay/2?lang=es", headers=bearer(watch_of(made["spectator"]))
    ).json()
    assert (
        client.get(f"/api/tables/{made['table']}/record?lang=es", headers=bearer(token)).text
        == record
    )  # the record never depends on the language
    for key in ("step", "steps", "seat", "name", "action", "labels"):
        assert spanish[key] == english[key]
    assert [e["data"] for e in spanish["events"]] == [e["data"] for e in english["events"]]
    entries = list(replay_steps(game, loads(record)))
    with use_language("es"):
        state = entries[2].state
        assert spanish["boards"]["spectator"] == game.presentation.render(game.view(state, None))
        assert spanish["boards"]["0"] == game.presentation.render(game.view(state, 0))
        names = ["ann", "bob"]
        assert [e["text"] for e in spanish["events"]] == [
            game.presentation.event_text(e, names) for e in entries[2].events
        ]
        seat = entries[2].seat
        assert spanish["text"] == game.presentation.describe_action(
            game.view(entries[1].state, seat), entries[2].action
        )


# -- the client's texts --------------------------------------------------------------------------
STATIC = Path(__file__).resolve().parents[2] / "src" / "mailbag" / "server" / "static"
#: ``t("…")`` with its literal first argument, in the client's modules
CALL = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')


def _areas() -> Any:
    """tests/i18n/areas.py: how ``make catalogs`` finds the texts."""
    path = Path(__file__).resolve().parents[1] / "i18n" / "areas.py"
    spec = importlib.util.spec_from_file_location("i18n_areas", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_client_text_is_found_for_the_catalogs() -> None:
    """Every ``t("…")`` of the client — inside htm's templates too — is one the catalogs' extractor
    finds (else it would stay English), and ``t`` is only ever called with a literal."""
    found = {
        msgid for _ctx, msgid, path, _line in _areas().messages_of("server") if path.suffix == ".js"
    }
    written: dict[str, str] = {}
    others: list[str] = []
    for path in sorted(STATIC.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        for match in CALL.finditer(text):
            written[json.loads(f'"{match.group(1)}"')] = path.name
        for match in re.finditer(r"\bt\((?!\s*\")", text):
            line = text.count("\n", 0, match.start()) + 1
            if not text[match.start() - 9 : match.start()].endswith("function "):
                others.append(f"{path.name}:{line}")
    assert written, "no t() calls found"
    missing = sorted(f"{at}: {msgid!r}" for msgid, at in written.items() if msgid not in found)
    assert not missing, "texts the extractor does not see:\n" + "\n".join(missing)
    assert not others, "t() called without a literal English text: " + ", ".join(others)


def test_serve_with_a_database_it_cannot_open_says_so_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from mailbag.cli import app as cli_app

    url = f"postgresql+psycopg://ann:secret@/nowhere?host={tmp_path}"
    result = CliRunner().invoke(cli_app, ["serve", "--port", "8199", "--db", url])
    assert result.exit_code == 2, result.output
    assert "the database cannot be opened" in result.output
    assert "secret" not in result.output and "Traceback" not in result.output
