"""The room's own notes in a seat's ``state``: what the others did (``changes``) always said in
words, a decision the room took for a person (``presentation.forced_choice``) logged in words,
and decisions taken back shown as such (``taken_back``) in the log of the seat that saw them."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from wsclient import TestClient, connect, make_table, open_client, parse_link

from mailbag.core import Action
from mailbag.games import get

PO_BOTS = [{"kind": "me"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


def _seat0(client: TestClient, body: dict[str, Any]) -> tuple[str, str]:
    made = make_table(client, body)
    table, fragment = parse_link(made["links"]["0"])
    return table, fragment["token"]


def _notations(game_name: str) -> re.Pattern[str]:
    """Text that reads like an action's notation (``keep 8``, ``place 53 2 2 2``)."""
    del game_name
    return re.compile(r"\b(keep|move|place|draw|play|pass) \d")


def test_the_others_moves_are_always_said_in_words(client: TestClient) -> None:
    """Post Office against two bots: their secret choices come with words too (never an entry
    with no text, which the client showed as "Greedy bot: · Random bot:")."""
    table, token = _seat0(client, {"game": "post_office", "seats": PO_BOTS})
    notation = _notations("post_office")
    seen: list[dict[str, Any]] = []
    with connect(client, table) as ws:
        ws.hello(token)
        done = -1
        for _turn in range(12):
            state = ws.now_or_next(
                lambda m, done=done: m["held"] or (bool(m["actions"]) and m["step"] > done)
            )
            seen.extend(state["changes"])
            if state["held"]:
                ws.send({"type": "reveal", "step": state["step"]})
            else:
                ws.submit(state["step"], state["actions"][0]["notation"])
            got = ws.until(lambda m: m["type"] in ("ack", "refused"))[-1]
            assert got["type"] == "ack", got
            done = got["step"]
            if state["held"]:  # revealed: the state after it, no longer held
                ws.state_where(lambda m: not m["held"])
    assert seen, "the bots' moves were never listed"
    others = [c for c in seen if c["seat"] != 0]
    assert others
    for change in seen:
        assert change["text"].strip(), change
        assert "{" not in change["text"] and not notation.search(change["text"]), change
    # a bot's choice made in secret is said without telling what it was
    assert any("revealed" in c["text"] for c in others), others


def test_a_forced_choice_is_taken_for_the_person_and_logged_in_words(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the game says a person's decision cannot change anything
    (``presentation.forced_choice``), the room takes it for them at once and their log says so
    in words. Here a Carteros presentation that forces the person's first decision."""
    game = get("carteros")
    forced: list[Action] = []

    def forced_choice(observation: Any, actions: Sequence[Action]) -> Action | None:
        if forced or observation.get("seat") != 0 or not actions:
            return None
        # one whose notation has a number, which words never spell so
        chosen = next((a for a in actions if re.search(r"\d", str(a))), actions[-1])
        forced.append(chosen)
        return chosen

    monkeypatch.setattr(game.presentation, "forced_choice", forced_choice)
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
    table, token = _seat0(client, {"game": "carteros", "seats": seats})
    with connect(client, table) as ws:
        ws.hello(token)
        state = ws.now_or_next(lambda m: any(e["kind"] == "forced" for e in m["events"]))
        assert forced, "the hook was never asked"
        room = client.app.state.hub.rooms[table]
        steps = room.table.record.steps
        mine = [s for s in steps if s.seat == 0]
        assert mine and mine[0].action == forced[0], "the forced action was not played for seat 0"
        note = next(e for e in state["events"] if e["kind"] == "forced")
        assert note["text"].startswith("taken for you: ")
        assert str(forced[0]) not in note["text"]  # in words, not notation
        assert len(note["text"]) > len("taken for you: ") + 3


def test_a_decision_taken_back_is_shown_struck_in_the_log(client: TestClient) -> None:
    """Carteros against a bot: the person moves, takes it back; their log then lists the
    decision's lines marked ``taken_back`` (and the table is back before it)."""
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
    table, token = _seat0(client, {"game": "carteros", "seats": seats})
    with connect(client, table) as ws:
        ws.hello(token)
        for _try in range(30):
            state = ws.now_or_next(lambda m: bool(m["actions"]))
            ws.submit(state["step"], state["actions"][0]["notation"])
            ws.next_of("ack")
            after = ws.state_where(lambda m: True)
            after = ws.sync()
            if after["can_undo"]:
                break
        else:
            raise AssertionError("no decision could be taken back")
        room = client.app.state.hub.rooms[table]
        before_undo = len(room.table.record.steps)
        ws.undo(after["step"])
        ws.next_of("ack")
        reset = ws.state_where(lambda m: m["reset"])
        struck = [e for e in reset["events"] if e.get("taken_back")]
        assert struck, "the taken-back decision is not in the log"
        assert all(e["text"] and "{" not in e["text"] for e in struck)
        assert len(room.table.record.steps) < before_undo
        assert reset["step"] < after["step"] and reset["actions"]
        # the struck lines are the ones the seat had been shown for the decision taken back
        shown = [e["text"] for e in after["events"]] + [
            e["text"] for m in ws.of_type("state") for e in m["events"] if not e.get("taken_back")
        ]
        assert all(e["text"] in shown for e in struck)
