"""Tokens at tables with bots (issue 28, point 14): a bot's seat has no token, and no token — a
stranger's, an empty one, a random one, the watch key, another table's, a person's — gets it.

A planted bug in ``Room.seat_of`` (``token_hash is None or …``) seated any stranger at the first
bot's seat, and a person sitting after a bot at that bot's seat; no test had a table with bots."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wsclient import (
    WS,
    TestClient,
    connect,
    expect_closed,
    make_table,
    open_client,
    token_of,
    watch_of,
)

#: seats with bots before, between and after the people
SEATINGS = [
    [{"kind": "bot", "bot": "random"}, {"kind": "me", "name": "ann"}],
    [{"kind": "me", "name": "ann"}, {"kind": "bot", "bot": "greedy"}],
    [
        {"kind": "bot", "bot": "random"},
        {"kind": "me", "name": "ann"},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "friend", "name": "bob"},
    ],
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


def _table(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    # Post Office takes 2–4 seats and has no solo-only bots
    return make_table(client, {"game": "post_office", "seats": seats})


def _bot_seats(seats: list[dict[str, Any]]) -> set[int]:
    return {i for i, s in enumerate(seats) if s["kind"] == "bot"}


def _refused(ws: WS, token: str) -> None:
    """A hello with ``token`` gets no welcome: an error, then the socket is closed (4403)."""
    ws.send({"type": "hello", "token": token})
    first = ws.recv()
    assert first["type"] == "error", (
        f"{ws.name}: {token!r} was let in: {first.get('type')} at seat {first.get('seat')}"
    )
    assert "not one of this table" in first["reason"], first
    closed = expect_closed(ws)
    assert closed.code == 4403, closed
    assert ws.of_type("welcome") == []


def _strangers(client: TestClient, made: dict[str, Any]) -> list[str]:
    """Tokens that are nobody's at ``made``'s table."""
    other = make_table(
        client, {"game": "post_office", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
    )
    return [
        "not-a-token",
        "x",
        secrets.token_urlsafe(24),
        "x" * 128,
        watch_of(made["spectator"]),  # the watch key watches; it is not a seat's token
        token_of(other["links"]["0"]),  # a real token, of another table
    ]


@pytest.mark.parametrize("seats", SEATINGS, ids=["bot-first", "bot-last", "bots-between"])
def test_no_token_gets_a_bots_seat_and_each_person_gets_only_their_own(
    client: TestClient, seats: list[dict[str, Any]]
) -> None:
    made = _table(client, seats)
    table = made["table"]
    people = {int(seat): token_of(link) for seat, link in made["links"].items()}
    bots = _bot_seats(seats)
    assert set(people) == set(range(len(seats))) - bots  # no link for a bot's seat
    # each person: their own seat, never a bot's (whoever sits before them)
    for seat, token in people.items():
        with connect(client, table, name=f"seat {seat}") as ws:
            welcome = ws.hello(token)
            assert welcome["seat"] == seat, f"seat {seat}'s token seated at {welcome['seat']}"
            state = ws.next_of("state")
            assert state["seat"] == seat
    # strangers: refused, whatever they bring
    for token in _strangers(client, made):
        with connect(client, table, name=f"stranger {token[:12]}") as ws:
            _refused(ws, token)


def test_an_empty_token_is_a_bad_hello_and_seats_nobody(client: TestClient) -> None:
    made = _table(client, SEATINGS[0])
    with connect(client, made["table"], name="empty") as ws:
        ws.send({"type": "hello", "token": ""})
        error = ws.next_of("error")
        assert "token" in error["reason"], error
        # still nobody: what it asks next is refused until a hello with a real token
        ws.send({"type": "sync"})
        again = ws.next_of("error")
        assert "hello" in again["reason"], again
        assert ws.of_type("welcome") == [] and ws.of_type("state") == []
        _refused(ws, "also-not-a-token")


@pytest.mark.parametrize("seats", SEATINGS, ids=["bot-first", "bot-last", "bots-between"])
def test_my_games_and_the_record_know_no_stranger(
    client: TestClient, seats: list[dict[str, Any]]
) -> None:
    made = _table(client, seats)
    table = made["table"]
    people = {int(seat): token_of(link) for seat, link in made["links"].items()}
    strangers = _strangers(client, made)
    links = [{"table": table, "token": t} for t in [*strangers, *people.values()]]
    response = client.post("/api/my-games", json={"links": links})
    assert response.status_code == 200, response.text
    # only the people's own links are found, each at its own seat
    assert [(g["table"], g["seat"]) for g in response.json()] == [
        (table, seat) for seat in people
    ]
    for token in strangers:
        if token == watch_of(made["spectator"]):
            continue  # the watch key may read the record (once the game is over)
        for path in (f"/api/tables/{table}/record", f"/api/tables/{table}/replay/0"):
            got = client.get(path, headers={"Authorization": f"Bearer {token}"})
            assert got.status_code == 403, got.text
            assert "not one of this table" in got.json()["error"], got.text
        got = client.post(
            f"/api/tables/{table}/rematch", headers={"Authorization": f"Bearer {token}"}
        )
        assert got.status_code == 403, got.text
        assert "only a seat" in got.json()["error"], got.text


def test_a_refused_stranger_leaves_the_bots_seat_to_the_bot(client: TestClient) -> None:
    """After strangers knocked, the person still plays against the bot: the bot's seat is not
    someone's, so it is not waited for (the bot still moves)."""
    seats = SEATINGS[0]
    made = _table(client, seats)
    table = made["table"]
    for token in _strangers(client, made)[:3]:
        with connect(client, table, name="stranger") as ws:
            _refused(ws, token)
    with connect(client, table, name="ann") as ws:
        assert ws.hello(token_of(made["links"]["1"]))["seat"] == 1
        state = ws.next_of("state")
        players = {p["seat"]: p for p in state["players"]}
        assert players[0]["kind"] == "random" and players[0]["connected"] is False
        assert players[1]["kind"] == "human" and players[1]["connected"] is True


def test_a_stranger_is_closed_beside_a_seated_person(
    client: TestClient,
) -> None:
    """A person's socket and a stranger's side by side: the stranger is closed, the person's
    socket stays open at its own seat."""
    made = _table(client, SEATINGS[1])
    table = made["table"]
    with connect(client, table, name="ann") as ann:
        assert ann.hello(token_of(made["links"]["0"]))["seat"] == 0
        ann.next_of("state")
        with connect(client, table, name="stranger") as ws:
            _refused(ws, secrets.token_urlsafe(24))
        assert ann.sync()["seat"] == 0
