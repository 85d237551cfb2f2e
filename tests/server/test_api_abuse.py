"""The HTTP API under abuse (issue 28): every table it accepts can be opened (one name rule from
the lobby to the record); nothing is kept for ids that are no table, idle tables are unloaded,
memory stays put under 15,000 requests for unknown ids; bodies too deep, names with a lone
surrogate or a NUL, kinds too long are a 400, never a 500 (SQLite and PostgreSQL); new tables are
rate-limited per client address; the table's creator can renew an invite link (the old one stops
working, its socket is closed)."""

from __future__ import annotations

import gc
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverproc import Client as ServerClient
from serverproc import ServerProcess, seat_client
from websockets.exceptions import ConnectionClosed
from wsclient import (
    Closed,
    TestClient,
    bearer,
    connect,
    expect_closed,
    humans,
    make_table,
    parse_link,
    seat_socket,
    token_of,
    watch_of,
)

from mailbag.core.names import MAX_NAME
from mailbag.server.app import create_app
from mailbag.server.hub import Hub
from mailbag.server.limits import MAX_BODY, MAX_DEPTH, MAX_SMALL_BODY, json_depth

#: a bot kind longer than a name (its seat, unnamed, must still get a name that fits)
LONG_KIND = "mcts:iters=1000,c=1.4"
#: requests for unknown ids in the memory test (the issue's probe sent 15,000)
UNKNOWN_IDS = int(os.environ.get("MAILBAG_UNKNOWN_IDS", "15000"))


def client_on(url: str, **limits: Any) -> TestClient:
    # no rate limit unless a test sets one: the tests here make many tables
    limits.setdefault("tables_per_minute", 0)
    return TestClient(create_app(url, listen=False, **limits))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    url: str = request.getfixturevalue("fresh_postgres_url")
    return url


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "db.sqlite3"


@pytest.fixture
def client(db_file: Path) -> Iterator[TestClient]:
    with client_on(f"sqlite:///{db_file}") as c:
        yield c


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def opens(client: TestClient, made: dict[str, Any]) -> None:
    """Every seat link and the spectators' link of ``made`` is answered by a state."""
    for link in [*made["links"].values(), made["spectator"]]:
        with seat_socket(client, link) as ws:
            assert ws.state is not None and ws.state["type"] == "state"


def refused_or_opens(client: TestClient, body: Any) -> str | None:
    """``POST /api/tables``: a 400 with a reason (returned), or a 201 whose table opens."""
    response = client.post("/api/tables", json=body)
    assert response.status_code in (201, 400), (body, response.status_code, response.text)
    if response.status_code == 400:
        error: str = response.json()["error"]
        assert error and "Traceback" not in error
        return error
    made = response.json()
    for seat in made["seats"]:
        assert 0 < len(seat["name"]) <= MAX_NAME, seat
    opens(client, made)
    return None


def post_raw(client: TestClient, path: str, text: str | bytes) -> httpx.Response:
    content = text.encode() if isinstance(text, str) else text
    return client.post(path, content=content, headers={"content-type": "application/json"})


# -- 1. one name rule from the lobby to the record -----------------------------------------------
def test_a_name_of_twenty_characters_is_taken_and_the_table_opens(client: TestClient) -> None:
    names = ["a" * MAX_NAME, "é" * MAX_NAME]
    made = make_table(client, {"game": "carteros", "seats": humans(*names)})
    assert [s["name"] for s in made["seats"]] == names
    opens(client, made)


@pytest.mark.parametrize("length", [21, 30, 40])
def test_a_longer_name_is_refused_naming_the_rule(client: TestClient, length: int) -> None:
    response = client.post(
        "/api/tables", json={"game": "carteros", "seats": humans("x" * length, "bob")}
    )
    assert response.status_code == 400
    assert "at most 20 characters" in response.json()["error"]
    assert "seat 0" in response.json()["error"]


@pytest.mark.parametrize(
    ("name", "char"),
    [
        ("ann\x1b[2J", "U+001B"),
        ("ann\rbob", "U+000D"),
        ("\u202eann", "U+202E"),
        ("ann\x00", "U+0000"),
        ("a\u2066b", "U+2066"),
    ],
)
def test_a_name_with_a_control_or_bidi_character_is_refused(
    client: TestClient, name: str, char: str
) -> None:
    response = client.post("/api/tables", json={"game": "carteros", "seats": humans(name, "b")})
    assert response.status_code == 400
    assert char in response.json()["error"]


def test_a_name_with_a_lone_surrogate_is_a_400_naming_the_rule(client: TestClient) -> None:
    text = '{"game": "carteros", "seats": [{"kind": "me", "name": "a\\ud800"}, {"kind": "friend"}]}'
    response = post_raw(client, "/api/tables", text)
    assert response.status_code == 400, response.text
    assert "U+D800" in response.json()["error"]


def test_an_unnamed_bot_of_a_long_kind_gets_a_name_that_fits(client: TestClient) -> None:
    error = refused_or_opens(
        client, {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": LONG_KIND}]}
    )
    if error is None:  # taken: its name is the bot's in words (the kind would not fit)
        made = make_table(
            client,
            {
                "game": "carteros",
                "seats": [
                    {"kind": "me"},
                    {"kind": "bot", "bot": LONG_KIND},
                    {"kind": "bot", "bot": LONG_KIND},
                ],
            },
        )
        assert [s["name"] for s in made["seats"]][1:] == ["Search bot", "Search bot 2"]


@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "me", "name": "x" * 20}, {"kind": "friend", "name": "y" * 20}],
        [{"kind": "me"}, {"kind": "bot", "bot": LONG_KIND}],
        [{"kind": "me"}, {"kind": "bot", "bot": "mcts:iters=10," + "c=1.4," * 12}],
        [{"kind": "me"}, {"kind": "bot", "bot": "mcts:iters=abc"}],
        [{"kind": "me"}, {"kind": "bot", "bot": "random:x=1"}],
        [{"kind": "bot", "bot": "greedy:" + "x" * 200}, {"kind": "bot", "bot": "greedy"}],
        [{"kind": "me"}, {"kind": "bot", "bot": "greedy\x00"}],
        [{"kind": "me", "name": "x" * 21}, {"kind": "friend"}],
        [{"kind": "me", "name": "ann\x00bob"}, {"kind": "friend"}],
    ],
)
def test_every_table_the_api_accepts_opens(db_url: str, seats: list[dict[str, Any]]) -> None:
    """On SQLite and PostgreSQL: refused with a reason, or made and opened by a hello."""
    with client_on(db_url) as client:
        refused_or_opens(client, {"game": "carteros", "options": {"max_rounds": 1}, "seats": seats})


def test_an_import_with_a_name_too_long_or_invisible_is_refused(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with sqlite3.connect(hub_of(client).db.url.removeprefix("sqlite:///")) as conn:
        (header,) = conn.execute(
            "select header from tables where id = ?", (made["table"],)
        ).fetchone()
    for bad in ("x" * 21, "ann\x1b[2J"):
        data = {**json.loads(header), "names": [bad, "bob"]}
        response = client.post(
            "/api/import", json={"record": json.dumps(data) + "\n", "seats": [{"kind": "me"}] * 2}
        )
        assert response.status_code == 400, response.text
        assert "Traceback" not in response.json()["error"]


def test_my_games_skips_a_table_that_cannot_be_opened(client: TestClient, db_file: Path) -> None:
    good = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    broken = make_table(client, {"game": "carteros", "seats": humans("cy", "di")})
    # a table stored by an older version that allowed 40 characters: its record is refused
    with sqlite3.connect(db_file) as conn:
        (header,) = conn.execute(
            "select header from tables where id = ?", (broken["table"],)
        ).fetchone()
        data = {**json.loads(header), "names": ["c" * 30, "di"]}
        conn.execute(
            "update tables set header = ? where id = ?", (json.dumps(data), broken["table"])
        )
    links = [
        {"table": m["table"], "token": token_of(m["links"]["0"])} for m in (broken, good)
    ]
    with client_on(f"sqlite:///{db_file}") as fresh:  # nothing loaded yet
        response = fresh.post("/api/my-games", json={"links": links})
        assert response.status_code == 200, response.text
        assert [g["table"] for g in response.json()] == [good["table"]]
        with connect(fresh, broken["table"]) as ws:  # a hello is an error, not a traceback
            ws.send({"type": "hello", "token": token_of(broken["links"]["0"])})
            assert expect_closed(ws).code in (4403, 4404)


# -- 2. memory bounded ---------------------------------------------------------------------------
def test_nothing_is_kept_for_ids_that_are_no_table(client: TestClient) -> None:
    hub = hub_of(client)
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    token = token_of(made["links"]["0"])
    assert client.get(f"/api/tables/{made['table']}/record", headers=bearer(token)).status_code
    loaded = set(hub.rooms)
    for index in range(300):
        unknown = secrets.token_urlsafe(9) if index % 2 else "x" * 12_000 + str(index)
        response = client.get(f"/api/tables/{unknown}/record", headers=bearer(token))
        assert response.status_code == 404
        assert len(response.text) < 300  # a 12 KB id is not sent back whole
    for bad in ("a" * 33, "a%20b", "a%00b", "%C3%A9"):
        response = client.post(f"/api/tables/{bad}/rematch", headers=bearer(token))
        assert response.status_code == 404
    links = [{"table": secrets.token_urlsafe(9), "token": "t" * 40} for _ in range(200)]
    assert client.post("/api/my-games", json={"links": links}).json() == []
    assert set(hub.rooms) == loaded
    assert hub._loading == {}


def test_my_games_loads_no_table_for_a_wrong_token(db_file: Path) -> None:
    with client_on(f"sqlite:///{db_file}") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with client_on(f"sqlite:///{db_file}") as client:
        hub = hub_of(client)
        wrong = [{"table": made["table"], "token": secrets.token_urlsafe(24)}]
        assert client.post("/api/my-games", json={"links": wrong}).json() == []
        assert hub.rooms == {}
        right = [{"table": made["table"], "token": token_of(made["links"]["1"])}]
        found = client.post("/api/my-games", json={"links": right}).json()
        assert [(g["table"], g["seat"], g["name"]) for g in found] == [(made["table"], 1, "bob")]


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.05)


def test_an_idle_table_is_unloaded_and_reloads_the_same(client: TestClient) -> None:
    hub = hub_of(client)
    hub.idle_after = 0.3
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    table = made["table"]
    with seat_socket(client, made["links"]["0"]) as ann, seat_socket(
        client, made["links"]["1"]
    ) as bob:
        for ws in (ann, bob):
            state = ws.sync()
            if state["actions"]:
                ws.submit(state["step"], state["actions"][0]["notation"])
                ws.next_of("ack")
                break
        time.sleep(1.0)  # long past idle_after: a table with sockets stays
        assert table in hub.rooms
        before = {ws.name: ws.sync() for ws in (ann, bob)}
    wait_for(lambda: table not in hub.rooms, "the idle table unloaded")
    assert hub._loading == {}
    for link in (made["links"]["0"], made["links"]["1"]):
        with seat_socket(client, link) as ws:
            again = ws.sync()
            old = before[link]
            for key in ("step", "view", "actions", "to_move", "events"):
                if key in old:
                    assert again[key] == old[key] or key == "events", key


def test_a_table_with_a_running_clock_is_not_unloaded(client: TestClient) -> None:
    hub = hub_of(client)
    hub.idle_after = 0.2
    made = make_table(
        client,
        {"game": "carteros", "seats": humans("ann", "bob"), "clock": {"per_move": 600}},
    )
    token = token_of(made["links"]["0"])
    client.post("/api/my-games", json={"links": [{"table": made["table"], "token": token}]})
    assert made["table"] in hub.rooms
    time.sleep(1.0)
    assert made["table"] in hub.rooms  # its clock runs: kept


def test_loaded_tables_are_capped_least_recently_used_first(client: TestClient) -> None:
    hub = hub_of(client)
    hub.max_rooms = 3
    tables = [
        make_table(client, {"game": "carteros", "seats": humans("ann", "bob")}) for _ in range(6)
    ]
    for made in tables:
        link = {"table": made["table"], "token": token_of(made["links"]["0"])}
        client.post("/api/my-games", json={"links": [link]})
    assert len(hub.rooms) == 6  # just asked for: none idle long enough yet
    for room in hub.rooms.values():
        room.touched -= 10
    gone = client.portal.call(hub.sweep)  # type: ignore[union-attr]
    assert gone == [t["table"] for t in tables[:3]]
    assert list(hub.rooms) == [t["table"] for t in tables[3:]]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_memory_after_15000_requests_for_unknown_ids(tmp_path: Path) -> None:
    """A real server: 15,000 (:data:`UNKNOWN_IDS`) requests for tables that do not exist (12 KB
    ids, and short ones that are looked up) leave its memory within 10 % of where it was."""
    with ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path) as server:
        server.start()
        assert server.proc is not None
        pid = server.proc.pid
        made = server.create_table({"game": "carteros", "seats": humans("ann", "bob")})
        token = token_of(made["links"]["0"])
        with httpx.Client(base_url=server.base, timeout=20.0) as http:

            def ask(count: int) -> None:
                for index in range(count):
                    table = secrets.token_urlsafe(9) if index % 3 == 0 else (
                        secrets.token_hex(6000)
                    )
                    if index % 2:
                        answer = http.get(f"/api/tables/{table}/record", headers=bearer(token))
                    else:
                        answer = http.post(f"/api/tables/{table}/rematch", headers=bearer(token))
                    assert answer.status_code == 404, answer.text[:200]

            ask(1000)  # warmed up: what the first requests load stays loaded
            before = rss_kib(pid)
            began = time.monotonic()
            ask(UNKNOWN_IDS)
            took = time.monotonic() - began
            after = rss_kib(pid)
            time.sleep(1.0)
            settled = rss_kib(pid)
        print(
            f"RSS before {before} KiB, after {UNKNOWN_IDS} unknown ids {after} KiB, a second later"
            f" {settled} KiB ({took:.1f} s)"
        )
        assert after <= before * 1.10, (before, after)
        assert settled <= before * 1.10, (before, settled)
        assert "Traceback" not in server.output()


def test_memory_after_unknown_ids_in_process_is_collected(client: TestClient) -> None:
    hub = hub_of(client)
    for _ in range(200):
        client.get(f"/api/tables/{'z' * 12_000}/record", headers=bearer("x"))
    gc.collect()
    assert hub._loading == {} and hub.rooms == {}


# -- 3. a 400 where a 500 was ----------------------------------------------------------------------
def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_json_depth_is_measured_without_parsing() -> None:
    assert json_depth(b'{"a": [1, {"b": []}]}') == 0  # too shallow to need counting
    assert json_depth(nested(MAX_DEPTH + 1).encode()) == MAX_DEPTH + 1
    assert json_depth(b'["' + b"[" * 500 + b'"]' + b"[]" * 100) == 1  # brackets in a string
    assert json_depth(b'["\\"' + b"[" * 500 + b'"]' + b"[]" * 100) == 1  # an escaped quote
    assert json_depth(nested(200_000).encode()) == 200_000


@pytest.mark.parametrize("path", ["/api/tables", "/api/import", "/api/my-games"])
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1_000, 5_000, 30_000])
def test_json_nested_too_deep_is_a_400(client: TestClient, path: str, depth: int) -> None:
    for text in (nested(depth), '{"links": ' + nested(depth) + "}", '{"a":' * depth):
        response = post_raw(client, path, text)
        small = len(text) <= (MAX_BODY if path == "/api/import" else MAX_SMALL_BODY)
        assert response.status_code == (400 if small else 413), (path, depth, response.text)
        assert "Traceback" not in response.text


def test_json_just_deep_enough_is_read(client: TestClient) -> None:
    body = '{"links": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    response = post_raw(client, "/api/my-games", body)
    assert response.status_code == 200, response.text  # read: a link that is no link is left out
    assert response.json() == []


def test_bad_strings_are_a_400_on_every_database(db_url: str) -> None:
    nul = "ann\x00"
    with client_on(db_url) as client:
        for body in (
            {"game": "carteros", "seats": humans(nul, "bob")},
            {"game": "carteros", "seats": humans("ann", "bob"), "clock": {"absent_bot": nul}},
            {"game": "carteros\x00", "seats": humans("ann", "bob")},
            {"game": "carteros", "options": {"max_rounds\x00": 1}, "seats": humans("a", "b")},
            {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "x" * 70}]},
        ):
            response = client.post("/api/tables", json=body)
            assert response.status_code == 400, (body, response.text)
        surrogate = '{"game": "carteros", "seats": [{"kind": "me", "name": "\\udfff"}]}'
        assert post_raw(client, "/api/tables", surrogate).status_code == 400
        for table in ("ab%00cd", "x" * 64):
            response = client.get(f"/api/tables/{table}/record", headers=bearer("t"))
            assert response.status_code == 404
        links = [
            {"table": "ab\x00cd", "token": "t\x00"},
            {"table": "\udfff", "token": "x"},
            {"table": "abc", "token": "\ud800"},
        ]
        body_text = json.dumps({"links": links})
        assert post_raw(client, "/api/my-games", body_text).status_code == 200
        response = post_raw(client, "/api/import", '{"record": "\\ud800{}"}')
        assert response.status_code == 400 and "U+D800" in response.json()["error"]
        record = '{"mailbag_record": 1, "game": "carteros\\u0000"}\n'
        assert client.post("/api/import", json={"record": record}).status_code == 400
        response = client.post("/api/import", json={"record": "\x00" * 100})
        assert response.status_code == 400


# -- 4. rate limits --------------------------------------------------------------------------------
def test_new_tables_are_rate_limited_per_address(db_file: Path) -> None:
    body = {"game": "carteros", "seats": humans("ann", "bob")}
    with client_on(f"sqlite:///{db_file}", tables_per_minute=6, tables_burst=3) as client:
        for _ in range(5):  # bad requests do not count
            assert client.post("/api/tables", json={"game": "nope"}).status_code == 400
        for _ in range(3):
            make_table(client, body)
        response = client.post("/api/tables", json=body)
        assert response.status_code == 429
        assert "too many new tables" in response.json()["error"]
        assert 1 <= int(response.headers["retry-after"]) <= 10
        # imports take from the same bucket
        assert client.post("/api/import", json={"record": "x"}).status_code == 429
    with sqlite3.connect(db_file) as conn:
        assert conn.execute("select count(*) from tables").fetchone() == (3,)


def test_the_bucket_fills_again(db_file: Path) -> None:
    body = {"game": "carteros", "seats": humans("ann", "bob")}
    with client_on(f"sqlite:///{db_file}", tables_per_minute=120, tables_burst=1) as client:
        make_table(client, body)
        assert client.post("/api/tables", json=body).status_code == 429
        deadline = time.monotonic() + 20
        while client.post("/api/tables", json=body).status_code == 429:
            assert time.monotonic() < deadline
            time.sleep(0.1)


def test_the_default_limit_and_the_operators_setting(
    db_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"game": "carteros", "seats": humans("ann", "bob")}
    with TestClient(create_app(f"sqlite:///{db_file}", listen=False)) as client:
        codes = [client.post("/api/tables", json=body).status_code for _ in range(12)]
        assert codes == [201] * 10 + [429] * 2  # a burst of 10
    monkeypatch.setenv("MAILBAG_TABLES_PER_MINUTE", "0")  # the operator lifts it
    with TestClient(create_app(f"sqlite:///{db_file}", listen=False)) as client:
        assert all(client.post("/api/tables", json=body).status_code == 201 for _ in range(12))


# -- 5. invite links renewed by the table's creator ---------------------------------------------
def renew(client: TestClient, table: str, seat: int | str, token: str) -> httpx.Response:
    return client.post(f"/api/tables/{table}/invites/{seat}/revoke", headers=bearer(token))


def test_the_creator_renews_a_friends_link(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob", "cy")})
    table, me = made["table"], token_of(made["links"]["0"])
    old = made["links"]["1"]
    with seat_socket(client, old, name="bob") as bob, seat_socket(
        client, made["links"]["0"], name="ann"
    ) as ann:
        response = renew(client, table, 1, me)
        assert response.status_code == 200, response.text
        new = response.json()["link"]
        assert response.json()["seat"] == 1 and parse_link(new)[0] == table
        assert token_of(new) != token_of(old)
        closed = expect_closed(bob)
        assert closed.code == 4403
        assert any("replaced" in m.get("reason", "") for m in bob.received)
        ann.state_where(lambda m: not m["players"][1]["connected"])
    with connect(client, table) as ws:  # the old link is refused
        ws.send({"type": "hello", "token": token_of(old)})
        assert expect_closed(ws).code == 4403
    with seat_socket(client, new) as ws:  # the new one works
        assert ws.state is not None
    games = client.post(
        "/api/my-games",
        json={"links": [{"table": table, "token": t} for t in (token_of(old), token_of(new))]},
    ).json()
    assert [g["seat"] for g in games] == [1]


def test_only_the_creator_renews(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    table = made["table"]
    friend = token_of(made["links"]["1"])
    watch = watch_of(made["spectator"])
    for token in (friend, watch, "nonsense"):
        response = renew(client, table, 1, token)
        assert response.status_code == 403, token
        assert "creator" in response.json()["error"]
    assert client.post(f"/api/tables/{table}/invites/1/revoke").status_code == 403
    with seat_socket(client, made["links"]["1"]):  # still works
        pass
    # a table made without a seat of one's own has no creator
    both = make_table(client, {"game": "carteros", "seats": [{"kind": "friend"}] * 2})
    for link in both["links"].values():
        assert renew(client, both["table"], 0, token_of(link)).status_code == 403


def test_renewing_bad_seats_and_the_spectators_link(client: TestClient) -> None:
    made = make_table(
        client,
        {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]},
    )
    table, me = made["table"], token_of(made["links"]["0"])
    for seat in (1, 2, -1, "x", "9" * 50):  # a bot's seat, no seat
        response = renew(client, table, seat, me)
        assert response.status_code in (400, 404), (seat, response.text)
    old = made["spectator"]
    with seat_socket(client, old) as watcher:
        response = renew(client, table, "spectator", me)
        assert response.status_code == 200
        new = response.json()["spectator"]
        assert expect_closed(watcher).code == 4403
    with connect(client, table) as ws:
        ws.send({"type": "hello", "watch": watch_of(old)})
        assert expect_closed(ws).code == 4403
    with seat_socket(client, new):
        pass
    # the creator may renew their own link too (then holds the new one)
    mine = renew(client, table, 0, me).json()["link"]
    assert renew(client, table, 0, me).status_code == 403
    assert renew(client, table, 0, token_of(mine)).status_code == 200


def test_a_renewed_link_survives_a_restart(db_file: Path) -> None:
    with client_on(f"sqlite:///{db_file}") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        new = renew(client, made["table"], 1, token_of(made["links"]["0"])).json()["link"]
    with client_on(f"sqlite:///{db_file}") as client:
        with connect(client, made["table"]) as ws:
            ws.send({"type": "hello", "token": token_of(made["links"]["1"])})
            with pytest.raises(Closed):
                for _ in range(5):
                    ws.recv()
        with seat_socket(client, new):
            pass


def test_a_link_renewed_on_one_process_stops_working_on_the_other(
    tmp_path: Path, fresh_postgres_url: str
) -> None:
    """Two servers on one PostgreSQL database: bob is seated through B; ann, the creator,
    renews his link through A. B closes bob's socket and refuses the old link; the new one
    works on both."""
    with ServerProcess(fresh_postgres_url, tmp_path, "A") as a, ServerProcess(
        fresh_postgres_url, tmp_path, "B"
    ) as b:
        a.start()
        b.start()
        made = a.create_table({"game": "carteros", "seats": humans("ann", "bob")})
        table, old = made["table"], made["links"]["1"]
        bob = seat_client(b, old, "bob on B")
        response = httpx.post(
            f"{a.base}/api/tables/{table}/invites/1/revoke",
            headers=bearer(token_of(made["links"]["0"])),
            timeout=10.0,
        )
        assert response.status_code == 200, response.text
        new = response.json()["link"]
        deadline = time.monotonic() + 20
        with pytest.raises((ConnectionClosed, AssertionError)) as caught:
            while time.monotonic() < deadline:  # an error frame, then the close
                bob.recv(timeout=20)
        assert isinstance(caught.value, ConnectionClosed) or "replaced" in str(caught.value)
        bob.close()
        again = ServerClient(b.ws_url(table), "old link on B")
        again.send({"type": "hello", "token": token_of(old)})
        with pytest.raises(AssertionError, match="not one of this table"):
            again.recv(timeout=20)
        again.close()
        for server in (a, b):
            seat_client(server, new, f"new link on {server.name}").close()
        assert "Traceback" not in a.output() + b.output()
