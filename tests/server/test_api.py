"""The lobby's HTTP API (docs/protocol.md): the games, making tables (and every way a request can
be wrong), tokens and how they are stored, my games, the record and the replay of a finished
game, importing a record made on the command line, and rematches."""

from __future__ import annotations

import base64
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner
from wsclient import (
    Closed,
    TestClient,
    bearer,
    connect,
    expect_closed,
    humans,
    make_table,
    open_client,
    parse_link,
    play_finished,
    seat_socket,
    token_of,
    watch_of,
)

from mailbag.bots.base import make_agents, make_bot
from mailbag.cli import app as cli_app
from mailbag.core import state_digest
from mailbag.core.records import GameRecord, loads, replay, replay_steps
from mailbag.games import get, names
from mailbag.sim.runner import play_game
from mailbag.table import Table

HUMANS = humans("ann", "bob")


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "db.sqlite3"


@pytest.fixture
def client(db_file: Path) -> Any:
    with open_client(db_file) as c:
        yield c


def header_of(db_file: Path, table: str) -> dict[str, Any]:
    with sqlite3.connect(db_file) as conn:
        (header,) = conn.execute("select header from tables where id = ?", (table,)).fetchone()
    data: dict[str, Any] = json.loads(header)
    return data


def settings_of(db_file: Path, table: str) -> dict[str, Any]:
    with sqlite3.connect(db_file) as conn:
        (text,) = conn.execute("select settings from tables where id = ?", (table,)).fetchone()
    data: dict[str, Any] = json.loads(text)
    return data


def to_json(data: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(data))


def post_error(client: TestClient, body: Any, status: int = 400) -> str:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status, (body, response.text)
    error: str = response.json()["error"]
    return error


# -- the games -----------------------------------------------------------------------------------
def test_games_lists_the_three_games_with_their_options(client: TestClient) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {g["name"]: g for g in response.json()}
    # the built-in three, and any installed plug-in (make test installs examples/' Letterbox)
    assert set(games) == set(names()) and {"carteros", "post_office", "postcards"} <= set(games)
    for name, entry in games.items():
        spec = get(name).spec
        assert entry["title"] == spec.title
        assert (entry["min_seats"], entry["max_seats"]) == (spec.min_seats, spec.max_seats)
        assert entry["summary"]
        assert [o["name"] for o in entry["options"]] == [o.name for o in spec.options]
        for option in entry["options"]:
            assert option["label"] and "_" not in option["label"]
            if option["choice_labels"] is not None:
                assert all(c["label"] for c in option["choice_labels"])
            assert set(option) == {
                "name",
                "label",
                "choice_labels",
                "type",
                "default",
                "choices",
                "minimum",
                "maximum",
                "help",
            }
            assert option["type"] in ("bool", "int", "str")
        assert {"greedy", "random"} <= set(entry["seat_kinds"])
    assert {o["name"] for o in games["carteros"]["options"]} >= {"stampy", "max_rounds"}
    stampy = next(o for o in games["carteros"]["options"] if o["name"] == "stampy")
    assert stampy["type"] == "bool" and stampy["default"] is False
    edition = next(o for o in games["postcards"]["options"] if o["name"] == "edition")
    assert edition["choices"] == ["en", "nl"]
    assert games["postcards"]["engine_seats"] == ["automa:easy", "automa:normal", "automa:expert"]
    assert games["carteros"]["engine_seats"] == games["post_office"]["engine_seats"] == []


# -- making tables -------------------------------------------------------------------------------
def test_postcards_solo_against_the_automa(client: TestClient, db_file: Path) -> None:
    made = make_table(
        client,
        {"game": "postcards", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "automa:expert"}]},
    )
    assert made["game"] == "postcards" and made["me"] == 0
    assert made["seats"] == [
        {"seat": 0, "name": "Player 1", "kind": "human"},
        {"seat": 1, "name": "Automa — expert", "kind": "automa:expert"},
    ]
    assert set(made["links"]) == {"0"}
    header = header_of(db_file, made["table"])
    assert header["seats"] == ["human", "automa:expert"]
    record = loads(json.dumps(header) + "\n")
    assert record.engine_seats(get("postcards")) == ("player", "automa:expert")
    with seat_socket(client, made["links"]["0"]) as ws:
        assert ws.state is not None
        assert ws.state["to_move"] == [0] and ws.state["actions"]
        players = ws.state["players"]
        assert [p["kind"] for p in players] == ["human", "automa:expert"]


def test_post_office_three_seats_with_a_bot(client: TestClient, db_file: Path) -> None:
    made = make_table(
        client,
        {
            "game": "post_office",
            "options": {"rounds": 4},
            "seats": [
                {"kind": "me", "name": "ann"},
                {"kind": "friend", "name": "bob"},
                {"kind": "bot", "bot": "greedy"},
            ],
        },
    )
    assert [s["kind"] for s in made["seats"]] == ["human", "human", "greedy"]
    assert [s["name"] for s in made["seats"]] == ["ann", "bob", "Greedy bot"]
    assert set(made["links"]) == {"0", "1"}
    header = header_of(db_file, made["table"])
    assert header["seats"] == ["human", "human", "greedy"]
    assert header["options"] == {"goals": False, "rounds": 4}
    assert header["names"] == ["ann", "bob", "Greedy bot"]


def test_carteros_with_stampy(client: TestClient, db_file: Path) -> None:
    made = make_table(client, {"game": "carteros", "options": {"stampy": True}, "seats": HUMANS})
    header = header_of(db_file, made["table"])
    assert header["options"]["stampy"] is True
    assert header["game"] == "carteros" and header["seats"] == ["human", "human"]
    with connect(client, made["table"]) as ws:
        welcome = ws.hello(token_of(made["links"]["1"]))
        assert welcome["seat"] == 1 and welcome["options"]["stampy"] is True
        assert welcome["game"] == "carteros" and welcome["title"] == "Carteros"


def test_a_table_of_bots_only_has_no_seat_links(client: TestClient) -> None:
    made = make_table(
        client,
        {
            "game": "carteros",
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    assert made["me"] is None and made["links"] == {}
    assert parse_link(made["spectator"])[0] == made["table"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "seats": HUMANS}, ["game", "chess"]),
        ({"seats": HUMANS}, ["game"]),
        ({"game": "carteros", "options": {"stampy": "maybe"}, "seats": HUMANS}, ["stampy"]),
        ({"game": "carteros", "options": {"max_rounds": 0}, "seats": HUMANS}, ["max_rounds"]),
        ({"game": "carteros", "options": {"max_rounds": "many"}, "seats": HUMANS}, ["max_rounds"]),
        ({"game": "postcards", "options": {"edition": "fr"}, "seats": HUMANS}, ["edition"]),
        ({"game": "carteros", "options": {"dogs": 3}, "seats": HUMANS}, ["dogs"]),
        ({"game": "carteros", "options": [1], "seats": HUMANS}, ["options"]),
        ({"game": "carteros", "seats": humans("ann")}, ["seats", "2–4"]),
        ({"game": "carteros", "seats": humans("a", "b", "c", "d", "e")}, ["seats", "2–4"]),
        ({"game": "carteros", "seats": "ann,bob"}, ["seats"]),
        (
            {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "me", "name": "x"}]},
            ["seat 1", "yours"],
        ),
        (
            {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "nonsense"}]},
            ["seat 1", "nonsense"],
        ),
        (
            {
                "game": "carteros",
                "seats": [{"kind": "me"}, {"kind": "bot", "bot": "automa:expert"}],
            },
            ["seat 1", "automa:expert"],
        ),
        ({"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot"}]}, ["seat 1"]),
        ({"game": "carteros", "seats": [{"kind": "me"}, {"kind": "alien"}]}, ["seat 1", "alien"]),
        (
            {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "friend", "colour": 1}]},
            ["seat 1"],
        ),
        ({"game": "carteros", "seats": humans("x", "x")}, ["same name"]),
        (
            {
                "game": "carteros",
                "seats": [
                    {"kind": "me", "name": "bot"},
                    {"kind": "bot", "bot": "greedy", "name": "bot"},
                ],
            },
            ["same name"],
        ),
        ({"game": "carteros", "seats": humans("x" * 41, "y")}, ["seat 0", "name"]),
        ({"game": "carteros", "seats": humans("a\nb", "y")}, ["seat 0", "name"]),
        ({"game": "postcards", "seats": [{"kind": "me"}]}, ["Automa"]),
        (
            {
                "game": "postcards",
                "seats": [
                    {"kind": "bot", "bot": "automa:easy"},
                    {"kind": "bot", "bot": "automa:normal"},
                ],
            },
            ["player seat"],
        ),
        ({"game": "carteros", "seats": HUMANS, "clock": {"per_move": 3}}, ["clock.per_move"]),
        ({"game": "carteros", "seats": HUMANS, "clock": {"per_move": 100_000}}, ["clock.per_move"]),
        ({"game": "carteros", "seats": HUMANS, "clock": {"per_move": "10"}}, ["clock.per_move"]),
        ({"game": "carteros", "seats": HUMANS, "clock": {"per_move": True}}, ["clock.per_move"]),
        ({"game": "carteros", "seats": HUMANS, "clock": {"per_move": 7.5}}, ["clock.per_move"]),
        (
            {"game": "carteros", "seats": HUMANS, "clock": {"absent_bot": "nope"}},
            ["clock.absent_bot", "nope"],
        ),
        (
            {"game": "postcards", "seats": HUMANS, "clock": {"absent_bot": "automa:easy"}},
            ["clock.absent_bot", "Automa"],
        ),
        (
            {"game": "carteros", "seats": HUMANS, "clock": {"absent_after": 0}},
            ["clock.absent_after"],
        ),
        (
            {"game": "carteros", "seats": HUMANS, "clock": {"absent_after": 4000}},
            ["clock.absent_after"],
        ),
        (
            {"game": "carteros", "seats": HUMANS, "clock": {"absent_after": "1"}},
            ["clock.absent_after"],
        ),
        ({"game": "carteros", "seats": HUMANS, "clock": {"tick": 1}}, ["clock"]),
        ({"game": "carteros", "seats": HUMANS, "clock": 30}, ["clock"]),
        ({"game": "carteros", "seats": HUMANS, "colour": "red"}, ["unknown fields", "colour"]),
        ([1, 2], ["expected"]),
        ("carteros", ["expected"]),
        (0, ["expected"]),
    ],
)
def test_every_bad_table_request_is_a_400_naming_what_was_wrong(
    client: TestClient, body: Any, words: list[str]
) -> None:
    error = post_error(client, body)
    for word in words:
        assert word in error, (body, error)
    assert "Traceback" not in error


def test_no_table_is_stored_for_a_bad_request(client: TestClient, db_file: Path) -> None:
    post_error(client, {"game": "carteros", "seats": humans("x", "x")})
    post_error(client, {"game": "carteros", "seats": HUMANS, "clock": {"per_move": 1}})
    with sqlite3.connect(db_file) as conn:
        assert conn.execute("select count(*) from tables").fetchone() == (0,)
        assert conn.execute("select count(*) from seats").fetchone() == (0,)


@pytest.mark.parametrize("path", ["/api/tables", "/api/import", "/api/my-games"])
def test_a_body_that_is_not_json_is_a_400(client: TestClient, path: str) -> None:
    for content in (b"{not json", b"", '"\xe9"'.encode("latin-1"), b"\xff\xfe"):
        response = client.post(path, content=content, headers={"content-type": "application/json"})
        assert response.status_code == 400, (path, content, response.text)
        assert response.json() == {"error": "the request body is not JSON"}


@pytest.mark.parametrize("path", ["/api/tables", "/api/import", "/api/my-games"])
def test_a_body_too_large_is_a_413(client: TestClient, path: str) -> None:
    from mailbag.server.app import MAX_BODY, MAX_SMALL_BODY

    # an imported record may be large; any other body is small
    limit = MAX_BODY if path == "/api/import" else MAX_SMALL_BODY
    response = client.post(path, content=b" " * (limit + 1))
    assert response.status_code == 413
    assert "too large" in response.json()["error"]
    # just below the limit is read (and then judged on its content)
    response = client.post(path, content=b" " * (limit - 10) + b"[]")
    assert response.status_code == 400


def test_clock_settings_are_kept(client: TestClient, db_file: Path) -> None:
    made = make_table(
        client,
        {
            "game": "carteros",
            "seats": HUMANS,
            "clock": {"per_move": 60, "absent_bot": "random", "absent_after": 5},
        },
    )
    settings = settings_of(db_file, made["table"])
    assert settings["per_move"] == 60 and settings["absent_bot"] == "random"
    assert settings["absent_after"] == 5.0
    with connect(client, made["table"]) as ws:
        welcome = ws.hello(token_of(made["links"]["0"]))
        assert welcome["clock"]["per_move"] == 60


# -- tokens --------------------------------------------------------------------------------------
def _bits(token: str) -> int:
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


def test_tokens_are_long_random_and_stored_only_hashed(client: TestClient, db_file: Path) -> None:
    made = make_table(
        client,
        {
            "game": "post_office",
            "seats": [
                {"kind": "me", "name": "ann"},
                {"kind": "friend", "name": "bob"},
                {"kind": "bot", "bot": "random"},
            ],
        },
    )
    table = made["table"]
    tokens = {int(seat): token_of(link) for seat, link in made["links"].items()}
    watch = watch_of(made["spectator"])
    secrets = [*tokens.values(), watch]
    assert len(set(secrets)) == len(secrets)
    for secret in secrets:
        assert _bits(secret) >= 128, secret
    # every link carries its secret in the fragment (never sent to the server by a browser)
    for seat, link in made["links"].items():
        path, _, fragment = link.partition("#")
        assert path == f"/t/{table}" and "?" not in link
        assert fragment == f"seat={seat}&token={tokens[int(seat)]}"
    assert made["spectator"] == f"/t/{table}#watch={watch}"
    # the links work (so the stored hashes are the ones the server checks)
    with connect(client, table) as ws:
        assert ws.hello(tokens[1])["seat"] == 1
    with sqlite3.connect(db_file) as conn:
        for (name,) in conn.execute("select name from sqlite_master where type = 'table'"):
            for row in conn.execute(f'select * from "{name}"'):
                for value in row:
                    text = str(value)
                    for secret in secrets:
                        assert secret not in text, f"a token is stored in clear in {name}"
        rows = dict(
            conn.execute(
                "select seat, token_hash from seats where table_id = ?", (table,)
            ).fetchall()
        )
    assert rows == {
        0: hashlib.sha256(tokens[0].encode()).hexdigest(),
        1: hashlib.sha256(tokens[1].encode()).hexdigest(),
        2: None,
    }
    assert settings_of(db_file, table)["watch_hash"] == hashlib.sha256(watch.encode()).hexdigest()


# -- my games ------------------------------------------------------------------------------------
def test_my_games_tells_whose_turn_and_ignores_wrong_links(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": HUMANS})
    table = made["table"]
    t0, t1 = token_of(made["links"]["0"]), token_of(made["links"]["1"])
    other = make_table(client, {"game": "postcards", "seats": humans("cy", "di")})
    t2 = token_of(other["links"]["1"])
    response = client.post(
        "/api/my-games",
        json={
            "links": [
                {"table": table, "token": t0},
                {"table": table, "token": t1},
                {"table": table, "token": "not-a-token"},
                {"table": table, "token": t2},  # a real token, of another table
                {"table": "no-such-table", "token": t0},
                {"table": other["table"], "token": t2},
                {"table": table},
                "junk",
                {"table": table, "token": "x" * 500},
            ]
        },
    )
    assert response.status_code == 200, response.text
    found = response.json()
    assert [(g["table"], g["seat"]) for g in found] == [(table, 0), (table, 1), (other["table"], 1)]
    first, second, third = found
    assert first["game"] == "carteros" and first["title"] == "Carteros"
    assert first["name"] == "ann" and second["name"] == "bob" and third["name"] == "di"
    assert first["step"] == 0 and first["over"] is False
    to_move = first["to_move"]
    assert to_move and second["to_move"] == to_move
    assert first["your_turn"] == (0 in to_move) and second["your_turn"] == (1 in to_move)
    assert first["your_turn"] != second["your_turn"]  # carteros: one carrier at a time
    # after a move the answer follows the game
    mover = made["links"][str(to_move[0])]
    with seat_socket(client, mover) as ws:
        assert ws.state is not None
        ws.submit(0, ws.state["actions"][0]["notation"])
        ws.next_of("ack")
    again = client.post("/api/my-games", json={"links": [{"table": table, "token": t0}]}).json()
    assert again[0]["step"] >= 1


@pytest.mark.parametrize("body", [{}, {"links": "x"}, [], {"links": [{}] * 201}])
def test_my_games_bad_requests(client: TestClient, body: Any) -> None:
    response = client.post("/api/my-games", json=body)
    assert response.status_code == 400 and "links" in response.json()["error"]


# -- the record and the replay -------------------------------------------------------------------
def test_the_record_is_refused_before_the_end_the_replay_is_ones_own(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": HUMANS})
    table = made["table"]
    token, watch = token_of(made["links"]["0"]), watch_of(made["spectator"])
    for secret, key in ((token, "0"), (watch, "spectator")):
        response = client.get(f"/api/tables/{table}/record", headers=bearer(secret))
        assert response.status_code == 403
        assert "over" in response.json()["error"]
        # the game so far, as this seat (or a spectator) sees it: its own board only
        response = client.get(f"/api/tables/{table}/replay/0", headers=bearer(secret))
        assert response.status_code == 200, response.text
        data = response.json()
        assert data["over"] is False and "views" not in data and set(data["boards"]) == {key}
        assert data["steps"] == 0
        response = client.get(f"/api/tables/{table}/replay/1", headers=bearer(secret))
        assert response.status_code == 400 and "0–0" in response.json()["error"]
    response = client.post(f"/api/tables/{table}/rematch", headers=bearer(token))
    assert response.status_code == 403 and "over" in response.json()["error"]


def test_record_export_replays_everywhere(
    client: TestClient, db_file: Path, tmp_path: Path
) -> None:
    made = play_finished(client, "carteros", {"max_rounds": 3})
    table = made["table"]
    token, watch = token_of(made["links"]["1"]), watch_of(made["spectator"])
    response = client.get(f"/api/tables/{table}/record", headers=bearer(token))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    assert f"carteros-{table}.jsonl" in response.headers["content-disposition"]
    text = response.text
    assert client.get(f"/api/tables/{table}/record", headers=bearer(watch)).text == text
    record = loads(text)
    assert record.game == "carteros" and record.seats == ["human", "human"]
    assert record.names == ["ann", "bob"]
    assert record.seed == header_of(db_file, table)["seed"]
    assert record.result is not None and record.steps
    assert all(step.digest for step in record.steps)
    game = get("carteros")
    final = replay(game, record)
    room = client.app.state.hub.rooms[table]  # type: ignore[attr-defined]
    assert state_digest(final) == state_digest(room.table.state)
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"verified: {len(record.steps)} steps replay exactly (finished game)" in result.output


def test_record_needs_a_link_of_that_table(client: TestClient) -> None:
    made = play_finished(client)
    other = make_table(client, {"game": "carteros", "seats": HUMANS})
    table = made["table"]
    for headers in (
        {},
        {"Authorization": "Basic abc"},
        bearer("wrong"),
        bearer(token_of(other["links"]["0"])),
        {"Authorization": "Bearer " + "x" * 400},
    ):
        for path in (f"/api/tables/{table}/record", f"/api/tables/{table}/replay/1"):
            response = client.get(path, headers=headers)
            assert response.status_code == 403, (path, headers)
            assert response.json()["error"]
    response = client.get("/api/tables/nope/record", headers=bearer(token_of(made["links"]["0"])))
    assert response.status_code == 404 and "nope" in response.json()["error"]


def test_replay_shows_every_seats_board_at_every_step(client: TestClient) -> None:
    made = play_finished(client, "post_office", {"rounds": 2})
    table = made["table"]
    token = token_of(made["links"]["0"])
    record = loads(client.get(f"/api/tables/{table}/record", headers=bearer(token)).text)
    game = get("post_office")
    entries = list(replay_steps(game, record))
    assert len(entries) == len(record.steps) + 1
    names = [record.label(s) for s in range(len(record.seats))]
    before = None
    for entry in entries:
        k = entry.index
        response = client.get(f"/api/tables/{table}/replay/{k}", headers=bearer(token))
        assert response.status_code == 200, response.text
        data = response.json()
        assert data["step"] == k and data["steps"] == len(record.steps)
        assert set(data["boards"]) == {"0", "1", "spectator"}
        render = game.presentation.render
        for seat in (0, 1):
            assert data["boards"][str(seat)] == render(game.view(entry.state, seat))
        assert data["boards"]["spectator"] == render(game.view(entry.state, None))
        # the graphical replay: every seat's view in seat order ("see as"), the reader's own
        assert data["over"] is True
        assert data["views"] == to_json([game.view(entry.state, s) for s in (0, 1)])
        assert data["view"] == data["views"][0]
        assert data["events"] == to_json(
            [
                {
                    "kind": e.kind,
                    "text": game.presentation.event_text(e, names),  # put into words
                    "data": e.data,
                    "to": None if e.to is None else [record.label(s) for s in e.to],
                }
                for e in entry.events
            ]
        )
        if k == 0:
            assert data["seat"] is None and data["action"] is None and data["text"] is None
        else:
            assert data["seat"] == entry.seat and data["action"] == str(entry.action)
            assert data["name"] == ["ann", "bob"][entry.seat]
            # the decision described as its seat saw it before making it
            assert before is not None
            view = game.view(before, entry.seat)
            assert data["text"] == game.presentation.describe_action(view, entry.action)
        before = entry.state
    for bad, status in (("-1", 400), (str(len(record.steps) + 1), 400), ("x", 400)):
        response = client.get(f"/api/tables/{table}/replay/{bad}", headers=bearer(token))
        assert response.status_code == status, bad
        assert response.json()["error"]


# -- importing -----------------------------------------------------------------------------------
def _partial_cli_record(game_name: str, seed: int, decisions: int) -> tuple[GameRecord, Any]:
    """A game as ``mailbag play --seats human,greedy`` leaves it after the person made
    ``decisions`` decisions (the bot having answered): the record and the state."""
    game = get(game_name)
    record = GameRecord(
        game_name,
        game.spec.resolve_options(),
        seed,
        ["human", "greedy"],
        schema=game.schema_version,
    )
    table = Table.open(game, record, agents=make_agents(game, record.seats, seed))
    table.advance()
    for _ in range(decisions):
        (seat,) = table.waiting_for()
        table.submit(seat, table.legal_actions(seat)[0])
        table.advance()
    assert table.waiting_for() == (0,)
    return record, table.state


def test_import_of_a_partial_cli_record_continues_where_it_stopped(client: TestClient) -> None:
    record, state = _partial_cli_record("carteros", 4242, 6)
    game = get("carteros")
    steps = len(record.steps)
    assert steps >= 6
    response = client.post(
        "/api/import", json={"record": record.dumps(), "seats": [{"kind": "me", "name": "ann"}]}
    )
    assert response.status_code == 201, response.text
    made = response.json()
    assert made["me"] == 0 and set(made["links"]) == {"0"}
    assert [s["kind"] for s in made["seats"]] == ["human", "greedy"]
    assert made["seats"][0]["name"] == "ann"
    with seat_socket(client, made["links"]["0"]) as ws:
        assert ws.state is not None
        assert ws.state["step"] == steps
        assert ws.state["view"] == to_json(game.view(state, 0))
        assert [a["notation"] for a in ws.state["actions"]] == [
            str(a) for a in game.legal_actions(state, 0)
        ]
        room = client.app.state.hub.rooms[made["table"]]  # type: ignore[attr-defined]
        assert state_digest(room.table.state) == state_digest(state)
        assert room.table.record.seed == record.seed
        # and it goes on: the person moves, the bot answers
        step = steps
        for _ in range(40):
            ws.submit(step, ws.state["actions"][0]["notation"])
            assert ws.next_of("ack")["step"] == step + 1
            now = ws.state_where(lambda m: 0 in m["to_move"] or m["over"])
            if now["step"] > step + 1 or now["over"]:
                break
            step = now["step"]
        else:
            raise AssertionError("the bot never moved")
        assert room.table.record.steps[step + 1].seat == 1


def test_import_of_a_finished_simulated_game(client: TestClient) -> None:
    game = get("post_office")
    seed = 99
    bots = {s: make_bot("greedy", game, s, seed) for s in (0, 1)}
    played = play_game(game, ["human", "greedy"], {"rounds": 3}, seed, bots, digests=True)
    text = played.record.dumps()
    response = client.post("/api/import", json={"record": text, "seats": [{"kind": "friend"}]})
    assert response.status_code == 201, response.text
    made = response.json()
    assert made["me"] is None
    link = made["links"]["0"]
    with seat_socket(client, link) as ws:
        assert ws.state is not None
        assert ws.state["step"] == len(played.record.steps)
        assert ws.state["over"] is True and ws.state["actions"] == []
        assert ws.state["view"] == to_json(game.view(played.state, 0))
        assert ws.state["result"]["scores"] == played.scores
        assert ws.state["result"]["seed"] == str(seed)
    exported = client.get(
        f"/api/tables/{made['table']}/record", headers=bearer(token_of(link))
    ).text
    again = loads(exported)
    assert [(s.seat, str(s.action), s.digest) for s in again.steps] == [
        (s.seat, str(s.action), s.digest) for s in played.record.steps
    ]
    assert again.result == played.record.result


def test_import_of_a_game_without_people(client: TestClient) -> None:
    game = get("carteros")
    played = play_game(game, ["random", "greedy"], {"max_rounds": 4}, 5, digests=True)
    response = client.post("/api/import", json={"record": played.record.dumps()})
    assert response.status_code == 201, response.text
    assert response.json()["links"] == {}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, ["record"]),
        ({"record": 5}, ["record"]),
        ({"record": "hello\n"}, ["line 1"]),
        ({"record": ""}, ["empty"]),
    ],
)
def test_bad_imports(client: TestClient, body: Any, words: list[str]) -> None:
    response = client.post("/api/import", json=body)
    assert response.status_code == 400, response.text
    for word in words:
        assert word in response.json()["error"]


def test_import_checks_the_seats_and_the_decisions(client: TestClient) -> None:
    record, _ = _partial_cli_record("carteros", 17, 3)
    text = record.dumps()
    for seats, words in (
        ([{"kind": "me"}, {"kind": "friend"}], ["1 people's seats"]),
        ([{"kind": "bot"}], ["seat 0"]),
        ([{"kind": "me", "name": "greedy"}], []),  # allowed: the bot is called "seat 1"
        ([{"kind": "me", "name": "seat 1"}], ["same name"]),
    ):
        response = client.post("/api/import", json={"record": text, "seats": seats})
        if not words:
            assert response.status_code == 201, response.text
            continue
        assert response.status_code == 400, (seats, response.text)
        for word in words:
            assert word in response.json()["error"], (seats, response.json())
    # a decision that does not reproduce its recorded state is caught, naming the step
    lines = text.splitlines()
    entry = json.loads(lines[2])
    entry["digest"] = "0" * 16
    lines[2] = json.dumps(entry)
    response = client.post(
        "/api/import", json={"record": "\n".join(lines) + "\n", "seats": [{"kind": "me"}]}
    )
    assert response.status_code == 400
    assert "step 2" in response.json()["error"]
    # an illegal decision too
    entry = json.loads(lines[1])
    entry["action"] = "fly to the moon"
    lines[1] = json.dumps(entry)
    response = client.post(
        "/api/import", json={"record": "\n".join(lines) + "\n", "seats": [{"kind": "me"}]}
    )
    assert response.status_code == 400


# -- rematch -------------------------------------------------------------------------------------
def test_rematch_gives_each_person_their_seat(client: TestClient, db_file: Path) -> None:
    made = play_finished(client, "carteros", {"max_rounds": 3, "stampy": True})
    table = made["table"]
    t0, t1 = token_of(made["links"]["0"]), token_of(made["links"]["1"])
    with seat_socket(client, made["links"]["1"], name="bob-old") as bob:
        assert bob.state is not None and bob.state["over"]
        response = client.post(f"/api/tables/{table}/rematch", headers=bearer(t0))
        assert response.status_code == 200, response.text
        answer = response.json()
        new = answer["table"]
        assert new != table
        new_table, fragment = parse_link(answer["link"])
        assert new_table == new and fragment["seat"] == "0"
        n0 = fragment["token"]
        told = bob.next_of("rematch")
        assert told["table"] == new
        new_table, fragment = parse_link(told["link"])
        assert new_table == new and fragment["seat"] == "1"
        n1 = fragment["token"]
    assert n0 not in (t0, t1) and n1 not in (t0, t1, n0)
    assert _bits(n0) >= 128 and _bits(n1) >= 128
    old, fresh = header_of(db_file, table), header_of(db_file, new)
    assert fresh["game"] == old["game"] and fresh["options"] == old["options"]
    assert fresh["seats"] == old["seats"] and fresh["names"] == old["names"]
    assert fresh["seed"] != old["seed"]
    with sqlite3.connect(db_file) as conn:
        assert conn.execute("select rematch from tables where id = ?", (table,)).fetchone() == (
            new,
        )
        hashes = dict(
            conn.execute("select seat, token_hash from seats where table_id = ?", (new,)).fetchall()
        )
    assert hashes == {
        0: hashlib.sha256(n0.encode()).hexdigest(),
        1: hashlib.sha256(n1.encode()).hexdigest(),
    }
    # both new links work, each for its own seat
    for token, seat in ((n0, 0), (n1, 1)):
        with connect(client, new) as ws:
            assert ws.hello(token)["seat"] == seat
            state = ws.next_of("state")
            assert state["step"] == 0 and not state["over"]
    # the old tokens are no good at the new table
    for token in (t0, t1):
        with connect(client, new) as ws:
            ws.send({"type": "hello", "token": token})
            error = ws.next_of("error")
            assert "not one of this table's" in error["reason"]
            closed = expect_closed(ws)
            assert closed.code == 4403
    # asking again gives the same table and the same link
    again = client.post(f"/api/tables/{table}/rematch", headers=bearer(t1)).json()
    assert again == {"table": new, "link": f"/t/{new}#seat=1&token={n1}"}


def test_rematch_link_reaches_a_person_who_comes_back_later(client: TestClient) -> None:
    made = play_finished(client, "post_office", {"rounds": 2})
    table = made["table"]
    t0 = token_of(made["links"]["0"])
    answer = client.post(f"/api/tables/{table}/rematch", headers=bearer(t0)).json()
    # bob was not there: he hears of it when he opens the old table again
    with connect(client, table) as bob:
        bob.hello(token_of(made["links"]["1"]))
        told = bob.next_of("rematch")
    assert told["table"] == answer["table"]
    with connect(client, answer["table"]) as ws:
        assert ws.hello(token_of(told["link"]))["seat"] == 1


def test_rematch_needs_a_seat(client: TestClient) -> None:
    made = play_finished(client)
    table = made["table"]
    for headers, status in (
        (bearer(watch_of(made["spectator"])), 403),
        (bearer("wrong"), 403),
        ({}, 403),
    ):
        response = client.post(f"/api/tables/{table}/rematch", headers=headers)
        assert response.status_code == status
        assert response.json()["error"]
    response = client.post("/api/tables/nope/rematch", headers=bearer("x"))
    assert response.status_code == 404


def test_unknown_table_socket_is_closed(client: TestClient) -> None:
    with connect(client, "no-such-table") as ws:
        ws.send({"type": "hello", "token": "abc"})
        assert "no table" in ws.next_of("error")["reason"]
        with pytest.raises(Closed):
            ws.recv()


def test_seats_the_lobby_names_are_numbered_apart_and_given_names_must_differ(
    tmp_path: Path,
) -> None:
    with open_client(tmp_path / "db.sqlite3") as client:
        bots = [{"kind": "bot", "bot": "greedy"}] * 3
        made = make_table(client, {"game": "post_office", "seats": [{"kind": "me"}, *bots]})
        assert [s["name"] for s in made["seats"]] == [
            "Player 1",
            "Greedy bot",
            "Greedy bot 2",
            "Greedy bot 3",
        ]
        named = [{"kind": "me", "name": "Greedy bot"}, *bots[:2]]
        made = make_table(client, {"game": "post_office", "seats": named})
        assert [s["name"] for s in made["seats"]] == ["Greedy bot", "Greedy bot 2", "Greedy bot 3"]
        twice = [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "ann"}]
        response = client.post("/api/tables", json={"game": "carteros", "seats": twice})
        assert response.status_code == 400 and "same name" in response.json()["error"]


def test_the_page_allows_only_its_own_scripts(tmp_path: Path) -> None:
    with open_client(tmp_path / "db.sqlite3") as client:
        for path in ("/", "/t/anything"):
            response = client.get(path)
            assert response.status_code == 200
            policy = response.headers["content-security-policy"]
            scripts = next(p for p in policy.split(";") if p.strip().startswith("script-src"))
            assert "'unsafe-inline'" not in scripts and "'sha256-" in scripts
            assert "frame-ancestors 'none'" in policy
            assert response.headers["referrer-policy"] == "no-referrer"
