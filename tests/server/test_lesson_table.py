"""A lesson's table in the browser's server (``POST /api/learn``): the learner's seat is offered
only the lesson's action for each step, with the step's words, its rule and where the lesson
stands (``tutorial`` of each state message); another action or a click elsewhere is answered with
the lesson's friendly line and its rule; hints are off; the lesson plays to its end and the game
goes on. The rules panel's data (``/api/rules/<game>``) and the rule of each choice, log line and
score line (``rule`` of an action and of a log line, ``decision_rule``, ``score_rules``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wsclient import TestClient, connect, open_client, parse_link

from mailbag.core.registry import get
from mailbag.table.tutorial import tutorial_of


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


def _learn(client: TestClient, game: str) -> dict[str, Any]:
    response = client.post("/api/learn", json={"game": game})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def test_a_lesson_table_offers_the_lessons_step_alone_and_plays_to_its_end(
    client: TestClient,
) -> None:
    lesson = tutorial_of(get("postcards"))
    assert lesson is not None
    made = _learn(client, "postcards")
    assert [s["kind"] for s in made["seats"]] == list(lesson.seats)
    table, fragment = parse_link(made["links"]["0"])
    with connect(client, table) as ws:
        welcome = ws.hello(fragment["token"])
        assert welcome["hints"] is False
        state = ws.now_or_next(lambda m: 0 in m["to_move"])
        part = state["tutorial"]
        assert part["index"] == 1 and part["steps"] == len(lesson.steps)
        assert part["notation"] == lesson.steps[0].do and part["words"] and part["intro"]
        assert part["rule"]["section"] == "camp" and part["rule"]["title"]
        assert [a["notation"] for a in state["actions"]] == [lesson.steps[0].do]
        # another legal choice is refused with the lesson's line (and its rule)
        game = get("postcards")
        other = next(
            str(a)
            for a in game.legal_actions(game.determinize(state["view"], _rng()), 0)
            if str(a) != lesson.steps[0].do
        )
        ws.submit(state["step"], other)
        refusal = ws.next_of("refused")
        assert refusal["rule"] == "lesson" and "Not yet" in refusal["reason"]
        assert refusal["rule_info"]["section"] == "table"
        ws.send({"type": "why", "step": state["step"], "clicks": ["nothing-here"]})
        why = ws.next_of("why")
        assert "Not yet" in why["reason"] and why["rule"]["section"] == "table"
        ws.send({"type": "hint", "step": state["step"]})
        assert ws.next_of("refused")["rule"] == "hints_off"
        # the lesson's own steps, one after the other, to its end
        done = 0  # the steps taken
        for _turn in range(200):
            state = ws.now_or_next(
                lambda m, done=done: (
                    m["tutorial"]["done"]
                    or (m["tutorial"]["index"] > done and 0 in m["to_move"] and bool(m["actions"]))
                )
            )
            part = state["tutorial"]
            if part["done"]:
                break
            assert not part["off_track"], part
            assert [a["notation"] for a in state["actions"]] == [part["notation"]]
            ws.submit(state["step"], part["notation"])
            done = part["index"]
        else:
            pytest.fail("the lesson never ended")
        assert part["outro"] and part["index"] == len(lesson.steps)
        assert not state["over"]
        # the game goes on as a real one: every choice is offered again
        state = ws.now_or_next(lambda m: 0 in m["to_move"] and bool(m["actions"]))
        assert state["tutorial"]["done"] and len(state["actions"]) > 1


def _rng() -> Any:
    from mailbag.core import Rng

    return Rng.from_seed(3)


def test_a_lesson_for_an_unknown_game_or_with_other_fields_is_a_clear_error(
    client: TestClient,
) -> None:
    response = client.post("/api/learn", json={"game": "chess"})
    assert response.status_code == 400 and "chess" in response.json()["error"]
    response = client.post("/api/learn", json={"game": "postcards", "seed": 3})
    assert response.status_code == 400 and "expected" in response.json()["error"]


def test_the_rules_panel_data_in_each_language(client: TestClient) -> None:
    titles, orders = {}, {}
    for lang in ("en", "nl", "es"):
        response = client.get(f"/api/rules/postcards?lang={lang}")
        assert response.status_code == 200
        data = response.json()
        assert data["lang"] == lang
        ids = [s["id"] for s in data["sections"]]
        assert "camp" in ids and "PC-8" in ids and len(ids) == len(set(ids))
        camp = next(s for s in data["sections"] if s["id"] == "camp")
        assert camp["html"].startswith("<") and camp["text"].strip()
        assert camp["parent"] is not None or camp["level"] == 2
        titles[lang], orders[lang] = camp["title"], ids
    assert titles["en"] == "The camp action" and len(set(titles.values())) == 3
    assert orders["en"] == orders["nl"] == orders["es"]  # the same sections in every language
    assert client.get("/api/rules/chess").status_code == 404
    assert client.get("/api/rules/postcards?lang=xx").status_code == 400


def test_each_choice_log_line_and_score_line_names_its_rule(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]},
    )
    made = response.json()
    table, fragment = parse_link(made["links"]["0"])
    sections = {s["id"] for s in client.get("/api/rules/carteros").json()["sections"]}
    with connect(client, table) as ws:
        ws.hello(fragment["token"])
        state = ws.now_or_next(lambda m: 0 in m["to_move"] and bool(m["actions"]))
        assert state["tutorial"] is None
        assert state["decision_rule"] in sections
        assert all(a["rule"] in sections for a in state["actions"]), state["actions"]
        ws.submit(state["step"], state["actions"][0]["notation"])
        state = ws.state_at_least(state["step"] + 1)
        lines = [e for e in state["events"] if e["rule"] is not None]
        assert lines and all(e["rule"] in sections for e in lines)
        assert set(state["score_rules"].values()) <= sections
