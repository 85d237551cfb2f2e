"""Hints over the table socket: allowed by default for one person against bots, refused between
people unless the table's creator allowed them, only for the seat's own decision at its step, and
made from the seat's view (the same answer as mailbag.table.hints on that view)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wsclient import WS, TestClient, make_table, open_client, parse_link

from mailbag.core.registry import get
from mailbag.table.hints import compute_hint


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


def _seat(client: TestClient, link: str) -> tuple[WS, Any, dict[str, Any]]:
    """A seat's socket (entered), its welcome and its first state."""
    from wsclient import connect

    table, fragment = parse_link(link)
    manager = connect(client, table, name=link)
    ws = manager.__enter__()
    welcome = ws.hello(fragment["token"])
    state = ws.next_of("state")
    return ws, manager, {"welcome": welcome, "state": state}


def test_one_person_against_a_bot_gets_a_hint_from_its_view(client: TestClient) -> None:
    made = make_table(
        client, {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
    )
    ws, manager, first = _seat(client, made["links"]["0"])
    try:
        assert first["welcome"]["hints"] is True
        state = ws.now_or_next(lambda m: 0 in m["to_move"])
        ws.send({"type": "hint", "step": state["step"]})
        hint = ws.next_of("hint")
        assert hint["step"] == state["step"] and hint["iterations"] == 1000
        notations = {a["notation"] for a in state["actions"]}
        assert len(hint["choices"]) == 3
        for choice in hint["choices"]:
            assert choice["notation"] in notations and choice["text"]
            assert 0 < choice["share"] <= 1 and 0 <= choice["value"] <= 1
        # exactly what the search on this seat's view gives (nothing else went into it)
        game = get("carteros")
        legal = [game.parse_action(a["notation"]) for a in state["actions"]]
        expected = compute_hint(game, 0, state["view"], legal)
        assert [c["notation"] for c in hint["choices"]] == [str(c.action) for c in expected.choices]
        assert [c["visits"] for c in hint["choices"]] == [c.visits for c in expected.choices]
        # a stale step is refused
        ws.send({"type": "hint", "step": state["step"] + 5})
        assert ws.next_of("refused")["rule"] == "stale"
    finally:
        manager.__exit__(None, None, None)


def test_hints_between_people_are_off_unless_the_creator_allows_them(client: TestClient) -> None:
    people = [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}]
    closed = make_table(client, {"game": "carteros", "seats": people})
    ws, manager, first = _seat(client, closed["links"]["0"])
    try:
        assert first["welcome"]["hints"] is False
        ws.send({"type": "hint", "step": first["state"]["step"]})
        refusal = ws.next_of("refused")
        assert refusal["rule"] == "hints_off" and "hints are off" in refusal["reason"]
    finally:
        manager.__exit__(None, None, None)
    opened = make_table(client, {"game": "carteros", "seats": people, "hints": True})
    sockets = [_seat(client, opened["links"][str(s)]) for s in (0, 1)]
    try:
        assert all(first["welcome"]["hints"] is True for _ws, _m, first in sockets)
        mover = next(
            (ws, first)
            for ws, _m, first in sockets
            if first["state"]["seat"] in first["state"]["to_move"]
        )
        waiting = next(ws for ws, _m, _f in sockets if ws is not mover[0])
        waiting.send({"type": "hint", "step": waiting.state["step"]})  # type: ignore[index]
        assert waiting.next_of("refused")["rule"] == "not_your_turn"
        mover[0].send({"type": "hint", "step": mover[1]["state"]["step"]})
        assert len(mover[0].next_of("hint")["choices"]) == 3
    finally:
        for _ws, manager, _first in sockets:
            manager.__exit__(None, None, None)
    bad = client.post("/api/tables", json={"game": "carteros", "seats": people, "hints": "yes"})
    assert bad.status_code == 400 and "hints" in bad.json()["error"]


#: the strengths a hint may give, in English
STRENGTHS = {
    "clearly the best",
    "a good choice",
    "one of several close choices",
    "a weaker choice",
    "the only choice",
}
#: the search's jargon, which no text of a hint may hold (in any language: numbers and signs)
JARGON = ("%", "expected result", "iteration", "of the search", "0.", "verwacht", "esperado")


def _texts(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [t for value in data.values() for t in _texts(value)]
    if isinstance(data, list):
        return [t for value in data for t in _texts(value)]
    return []


@pytest.mark.parametrize("lang", ["en", "nl", "es"])
def test_a_hint_says_in_words_why_and_how_strong_and_where_to_click(
    client: TestClient, lang: str
) -> None:
    """Each choice: ``strength`` a plain word, ``why`` one sentence, ``clicks`` its path on the
    board (the one the state's action has); no search jargon in any of the hint's texts."""
    from wsclient import connect

    made = make_table(
        client, {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
    )
    table, fragment = parse_link(made["links"]["0"])
    with connect(client, table, name="seat 0") as ws:
        ws.send({"type": "hello", "token": fragment["token"], "lang": lang})
        ws.next_of("welcome")
        state = ws.now_or_next(lambda m: 0 in m["to_move"] and bool(m["actions"]))
        ws.send({"type": "hint", "step": state["step"]})
        hint = ws.next_of("hint")
    paths = {a["notation"]: a["clicks"] for a in state["actions"]}
    assert hint["choices"]
    for rank, choice in enumerate(hint["choices"]):
        assert choice["clicks"] == paths[choice["notation"]] and choice["clicks"]
        assert choice["strength"] and choice["why"].endswith(".")
        if lang == "en":
            assert choice["strength"] in STRENGTHS, choice["strength"]
            if rank > 0:
                assert choice["strength"] != "clearly the best"
        assert choice["text"] != choice["notation"]
    for text in _texts({k: v for k, v in hint.items() if k != "choices"}) + [
        t for c in hint["choices"] for k, v in c.items() if k != "notation" for t in _texts(v)
    ]:
        for word in JARGON:
            assert word not in text.lower(), f"{lang}: jargon {word!r} in {text!r}"
    if lang != "en":  # in the reader's language
        assert all(c["strength"] not in STRENGTHS for c in hint["choices"])
