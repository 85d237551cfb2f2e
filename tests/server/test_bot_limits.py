"""A server checks every bot kind it is given — a seat's and ``clock.absent_bot`` — against the
bot's declared parameters and its operator's limits (HTTP 400 naming the parameter and its range,
or the limit), every table it accepts opens, and hints are rate-limited per seat (issue 28)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from wsclient import TestClient, first_action, make_table, seat_socket

from mailbag.bots.base import BotLimits
from mailbag.server import thinking
from mailbag.server.app import create_app


def _client(tmp_path: Path, limits: BotLimits | None = None) -> TestClient:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    return TestClient(create_app(url, tables_per_minute=0, bot_limits=limits))


def _bot_table(bot: str, game: str = "carteros") -> dict[str, Any]:
    return {"game": game, "seats": [{"kind": "me"}, {"kind": "bot", "bot": bot}]}


#: (kind, words the 400 must hold)
REFUSED = [
    ("mcts:iters=abc", ["seat 1", "iters", "integer from 1 to 20000"]),
    ("mcts:iters=99999999999", ["seat 1", "iters=99999999999", "20000"]),
    ("mcts:time=100000", ["seat 1", "time=100000", "at most 10"]),
    ("mcts:time=-1", ["seat 1", "time=-1", "more than 0"]),
    ("mcts:iters=20001", ["seat 1", "this server's limit", "20000"]),
    ("mcts:time=10.5", ["seat 1", "this server's limit", "at most 10"]),
    ("mcts:workers=4", ["seat 1", "workers", "this server's limit"]),
    ("mcts:colour=red", ["seat 1", "colour", "known: iters"]),
    ("random:x=1", ["seat 1", "random bot takes no parameters"]),
    ("greedy:worlds=100000", ["seat 1", "worlds", "16"]),
    ("mcts:iters=1000,c=1.4,depth=8,eps=0.12345", ["seat 1", "41 characters", "at most 40"]),
    ("mcts:" + "iters=5," * 2000, ["seat 1", "characters", "at most 40"]),
]

ACCEPTED = [
    "random",
    "greedy",
    "greedy:worlds=16",
    "mcts",
    "mcts:iters=20",
    "mcts:iters=1000,c=1.4",
    "mcts:time=0.2,iters=20000",
    "mcts:iters=50,depth=full,rollout=guided",
    "planner:iters=30",
]


def test_bad_or_too_costly_bot_kinds_are_refused_naming_the_parameter(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        for kind, words in REFUSED:
            response = client.post("/api/tables", json=_bot_table(kind))
            assert response.status_code == 400, (kind, response.status_code, response.text)
            error = response.json()["error"]
            for word in words:
                assert word in error, (kind, error)
        # the bot that plays for an absent person is checked the same way
        for kind, words in (("mcts:iters=abc", ["iters"]), ("mcts:time=100000", ["time"])):
            body = {**_bot_table("greedy"), "clock": {"absent_bot": kind}}
            response = client.post("/api/tables", json=body)
            assert response.status_code == 400, (kind, response.text)
            error = response.json()["error"]
            assert "clock.absent_bot" in error and all(w in error for w in words), error


def test_every_accepted_kind_makes_a_table_that_opens(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        for kind in ACCEPTED:
            made = make_table(client, _bot_table(kind))
            with seat_socket(client, made["links"]["0"]) as me:
                assert me.state is not None and me.state["players"][1]["kind"] == kind
            listed = client.get("/api/my-games", params={"tokens": made["links"]["0"]})
            assert listed.status_code != 500, listed.text
        body = {**_bot_table("greedy"), "clock": {"per_move": 5, "absent_bot": "mcts:iters=30"}}
        made = make_table(client, body)
        with seat_socket(client, made["links"]["0"]) as me:
            assert me.state is not None


def test_the_operator_sets_the_limits(tmp_path: Path) -> None:
    with _client(tmp_path, BotLimits(time=1.0, iters=500)) as client:
        refused = client.post("/api/tables", json=_bot_table("mcts:iters=501"))
        assert refused.status_code == 400 and "500" in refused.json()["error"], refused.text
        refused = client.post("/api/tables", json=_bot_table("mcts:time=2"))
        assert refused.status_code == 400 and "at most 1" in refused.json()["error"]
        make_table(client, _bot_table("mcts:iters=500,time=1"))
    (tmp_path / "more").mkdir()
    with _client(tmp_path / "more", BotLimits(time=30.0, iters=100_000)) as client:
        make_table(client, _bot_table("mcts:iters=100000,time=30"))


@pytest.fixture
def slow_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    # one hint a minute: the second one below is always too soon, however slow the machine
    monkeypatch.setattr(thinking, "HINT_INTERVAL", 60.0)


@pytest.mark.usefixtures("slow_hints")
def test_hints_are_rate_limited_per_seat(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        made = make_table(client, _bot_table("mcts:iters=20"))
        with seat_socket(client, made["links"]["0"]) as me:
            state = me.now_or_next(lambda m: 0 in m["to_move"] and bool(m["actions"]))
            me.send({"type": "hint", "step": state["step"]})
            first = me.next_of("hint")
            assert first["choices"]
            # the same view again: the hint already worked out, not a new search
            me.send({"type": "hint", "step": state["step"]})
            assert me.next_of("hint")["choices"] == first["choices"]
            # a new decision within the interval: refused, with the reason
            me.submit(state["step"], first_action(state))
            me.next_of("ack")
            later = me.state_where(
                lambda m: m["step"] > state["step"] and 0 in m["to_move"] and bool(m["actions"])
            )
            me.send({"type": "hint", "step": later["step"]})
            refusal = me.next_of("refused")
            assert refusal["rule"] == "too_soon", refusal
            assert "one hint every 60 seconds" in refusal["reason"], refusal


def test_mailbag_serve_takes_the_operators_limits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from mailbag.cli import app
    from mailbag.server import app as server_app

    made: list[BotLimits | None] = []

    def fake_create_app(url: str, **kwargs: Any) -> object:
        made.append(kwargs.get("bot_limits"))
        return object()

    monkeypatch.setattr(server_app, "create_app", fake_create_app)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    runner = CliRunner()
    done = runner.invoke(
        app, ["serve", "--db", db, "--max-bot-time", "2.5", "--max-bot-iters", "3000"]
    )
    assert done.exit_code == 0, done.output
    assert made == [BotLimits(time=2.5, iters=3000)]
    for args, word in (
        (["--max-bot-time", "0"], "--max-bot-time"),
        (["--max-bot-time", "nan"], "--max-bot-time"),
        (["--max-bot-time", "100000"], "--max-bot-time"),
        (["--max-bot-iters", "0"], "--max-bot-iters"),
    ):
        done = runner.invoke(app, ["serve", "--db", db, *args])
        assert done.exit_code != 0 and word in done.output, (args, done.output)
        assert "Traceback" not in done.output


def test_an_imported_record_s_bots_meet_the_server_s_limits(tmp_path: Path) -> None:
    """A record made on the command line may hold any bot the command line allows; imported
    into a server, its bots must meet that server's limits like a new table's."""
    from mailbag.core.records import GameRecord

    def record_of(kind: str) -> str:
        return GameRecord("carteros", {}, 7, ["human", kind]).dumps()

    with _client(tmp_path) as client:
        response = client.post(
            "/api/import", json={"record": record_of("mcts:iters=99999"), "seats": [{"kind": "me"}]}
        )
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert "seat 1" in error and "this server's limit" in error and "20000" in error, error
        response = client.post(
            "/api/import", json={"record": record_of("mcts:iters=50"), "seats": [{"kind": "me"}]}
        )
        assert response.status_code == 201, response.text
