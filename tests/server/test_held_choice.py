"""Post Office at a web table, one person against two bots: the person's simultaneous choice is
held — changeable by a new submit, dropped by undo — until they reveal it; the clock reveals it
when time is up; a held choice is never stored (a restart resumes before it). Also the ``why``
answers for a refused click and the words of ``state``'s new fields."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wsclient import WS, TestClient, connect, make_table, open_client, parse_link

BOTS = [{"kind": "me"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


def _to_held(ws: WS, limit: int = 60) -> tuple[dict[str, Any], str]:
    """Play the person's first action until a choice is held for them to reveal (theirs, or a
    bot's that completes a phase they chose in)."""
    done = 0
    for _turn in range(limit):
        state = ws.now_or_next(
            lambda m, done=done: (
                m["held"] or (0 in m["to_move"] and bool(m["actions"]) and m["step"] >= done)
            )
        )
        if state["held"]:
            return state, ""
        notation = state["actions"][0]["notation"]
        ws.submit(state["step"], notation)
        done = ws.next_of("ack")["step"]
    raise AssertionError("no choice was held")


def test_a_person_s_choice_is_held_until_revealed(client: TestClient) -> None:
    made = make_table(client, {"game": "post_office", "seats": BOTS})
    table, fragment = parse_link(made["links"]["0"])
    room = None
    with connect(client, table) as ws:
        ws.hello(fragment["token"])
        for _phase in range(20):
            held, _notation = _to_held(ws)
            room = client.app.state.hub.rooms[table]
            assert room.table.held is not None and held["can_undo"] and held["undo_reason"] is None
            stored = len(room.table.record.steps)
            if held["actions"]:  # the person's own choice is held: a new submit replaces it
                other = held["actions"][-1]["notation"]
                ws.submit(held["step"], other)
                ws.next_of("ack")
                ws.state_where(lambda m: m["held"])
                assert str(room.table.held.action) == other
                assert len(room.table.record.steps) == stored  # still nothing stored
                # undo drops it: the decision is open again, nothing stored
                ws.undo(held["step"])
                ws.next_of("ack")
                again = ws.state_where(lambda m: not m["held"] and 0 in m["to_move"])
                assert room.table.held is None and len(room.table.record.steps) == stored
                ws.submit(again["step"], again["actions"][0]["notation"])
                ws.next_of("ack")
                held = ws.state_where(lambda m: m["held"])
                ws.send({"type": "reveal", "step": held["step"]})
                ws.next_of("ack")
                at = held["step"]
                after = ws.state_where(lambda m, at=at: not m["held"] and m["step"] > at)
                assert room.table.held is None and len(room.table.record.steps) > stored
                # a reveal with nothing held is refused in words
                ws.send({"type": "reveal", "step": after["step"]})
                refusal = ws.next_of("refused")
                assert refusal["rule"] == "not_held" and "revealed" in refusal["reason"]
                return
            # a bot's choice completes the phase the person chose in: undo takes the person's
            # back (the bot's is carried out as an ordinary choice) and they choose again
            ws.undo(held["step"])
            ws.next_of("ack")
            ws.state_where(lambda m: not m["held"] and 0 in m["to_move"])
    raise AssertionError("the person's own choice was never the one held")


def test_a_held_choice_is_not_stored_a_restart_resumes_before_it(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with open_client(db) as client:
        made = make_table(client, {"game": "post_office", "seats": BOTS})
        table, fragment = parse_link(made["links"]["0"])
        with connect(client, table) as ws:
            ws.hello(fragment["token"])
            held, _notation = _to_held(ws)
            stored = len(client.app.state.hub.db.load_steps(table))
            assert stored == len(client.app.state.hub.rooms[table].table.record.steps)
    with open_client(db) as client, connect(client, table) as ws:  # a new process: as after kill -9
        ws.hello(fragment["token"])
        state = ws.next_of("state")
        # the table resumes before the held choice: the same step, the choice to make (or a
        # bot's completing choice held again for the person to reveal)
        assert state["step"] == held["step"]
        state = ws.now_or_next(lambda m: m["held"] or (0 in m["to_move"] and bool(m["actions"])))
        assert len(client.app.state.hub.rooms[table].table.record.steps) == stored


def test_the_clock_reveals_a_held_choice(client: TestClient) -> None:
    made = make_table(client, {"game": "post_office", "seats": BOTS, "clock": {"per_move": 5}})
    table, fragment = parse_link(made["links"]["0"])
    with connect(client, table) as ws:
        ws.hello(fragment["token"])
        held, _notation = _to_held(ws)
        # within the move's time (5 s, and a generous bound on a loaded machine)
        after = ws.state_where(lambda m: not m["held"] and m["step"] > held["step"], timeout=30)
        assert after["step"] > held["step"]


def test_state_words_players_and_why(client: TestClient) -> None:
    made = make_table(
        client,
        {"game": "postcards", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "automa:normal"}]},
    )
    table, fragment = parse_link(made["links"]["0"])
    with connect(client, table) as ws:
        ws.hello(fragment["token"])
        state = ws.now_or_next(lambda m: 0 in m["to_move"])
        players = state["players"]
        assert [p["name"] for p in players] == [None, None]
        assert [p["label"] for p in players] == ["You", "Automa — normal"]
        assert "undo_reason" in state and isinstance(state["changes"], list)
        assert state["undo_reason"] == "you have decided nothing yet"
        # a click on something that names no action: what to do instead, in words
        ws.send({"type": "why", "step": state["step"], "clicks": ["nothing:here"]})
        why = ws.next_of("why")
        assert why["clicks"] == ["nothing:here"] and why["step"] == state["step"]
        assert "highlighted" in why["reason"] and why["rule"] is None
        # a bad why is an error naming the field
        ws.send({"type": "why", "step": state["step"], "clicks": []})
        assert "clicks" in ws.next_of("error")["reason"]


def test_the_rules_page_in_the_readers_language(client: TestClient) -> None:
    for lang in ("en", "nl", "es"):
        page = client.get(f"/rules/postcards?lang={lang}")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert f'lang="{lang}"' in page.text and "<h1>" in page.text
    assert client.get("/rules/nonsense").status_code == 404
    assert client.get("/rules/postcards?lang=xx").status_code == 400
