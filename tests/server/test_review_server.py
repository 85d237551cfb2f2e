"""A finished table's game review on the server: started with ``POST``, followed with ``GET``
(how far it got, then the review in the reader's language), cancelled with ``DELETE``; computed
once and kept in the database; only for a finished game and a link of its table."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from wsclient import TestClient, bearer, make_table, open_client, play_finished, token_of

BOUND_S = 600.0  # generous: CI is a loaded 2-core machine


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with open_client(tmp_path / "db.sqlite3") as c:
        yield c


def _until(client: TestClient, url: str, token: str, wanted: set[str]) -> dict[str, Any]:
    deadline = time.monotonic() + BOUND_S
    while True:
        response = client.get(url, headers=bearer(token))
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        if found["status"] in wanted:
            return found
        assert found["status"] == "running", found
        assert time.monotonic() < deadline, f"the review is still {found}"
        time.sleep(0.2)


def test_a_finished_game_is_reviewed_once_and_kept(client: TestClient) -> None:
    made = play_finished(client, "carteros", {"max_rounds": 2})
    table, token = made["table"], token_of(made["links"]["0"])
    url = f"/api/tables/{table}/review?depth=quick"
    assert client.get(url, headers=bearer(token)).json()["status"] == "none"
    started = client.post(url, headers=bearer(token))
    assert started.status_code == 202, started.text
    assert started.json()["status"] in ("running", "done")
    done = _until(client, url, token, {"done"})
    review = done["review"]
    assert done["done"] == done["total"] == len(review["decisions"]) > 5
    assert review["seats"] == ["ann", "bob"]
    assert review["settings"]["iters"] == 300
    assert set(review["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
    assert len(review["accuracy"]) == 2 and all(0 <= a <= 100 for a in review["accuracy"])
    for decision in review["decisions"]:
        assert decision["played_text"] and decision["played_text"] != decision["played"]
        assert 0.0 <= decision["value"] <= 1.0 and decision["spread"] >= 0.0
        assert decision["played_clicks"]
    # judged in workers of their own, at the lowest priority
    pids = client.app.state.hub.reviewing.pids()  # type: ignore[attr-defined]
    assert pids and client.app.state.hub.thinking.pids() == []  # type: ignore[attr-defined]
    own = os.getpriority(os.PRIO_PROCESS, 0)
    assert all(os.getpriority(os.PRIO_PROCESS, pid) == min(19, own + 19) for pid in pids)
    # asked again: read from the database, nothing computed
    reviewer = client.app.state.reviewer  # type: ignore[attr-defined]
    again = client.post(url, headers=bearer(token))
    assert again.json()["status"] == "done" and not reviewer.jobs
    # in the reader's language: the same figures, the choices in its words
    dutch = client.get(url + "&lang=nl", headers=bearer(token)).json()["review"]
    assert [d["value"] for d in dutch["decisions"]] == [d["value"] for d in review["decisions"]]
    assert [d["played_text"] for d in dutch["decisions"]] != [
        d["played_text"] for d in review["decisions"]
    ]
    assert dutch["mark_words"]["mistake"] == "fout"


def test_a_review_is_refused_before_the_end_and_without_the_tables_link(
    client: TestClient,
) -> None:
    playing = make_table(
        client,
        {
            "game": "carteros",
            "seats": [{"kind": "me", "name": "ann"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    url = f"/api/tables/{playing['table']}/review"
    response = client.post(url, headers=bearer(token_of(playing["links"]["0"])))
    assert response.status_code == 403 and "over" in response.json()["error"]
    made = play_finished(client, "carteros", {"max_rounds": 2})
    url = f"/api/tables/{made['table']}/review"
    assert client.post(url, headers=bearer("wrong")).status_code == 403
    assert client.get(url).status_code == 403
    bad = client.post(url + "?depth=huge", headers=bearer(token_of(made["links"]["0"])))
    assert bad.status_code == 400 and "depth" in bad.json()["error"]


def test_a_review_is_cancelled_and_can_be_started_again(client: TestClient) -> None:
    made = play_finished(client, "carteros", {"max_rounds": 3})
    table, token = made["table"], token_of(made["links"]["1"])
    url = f"/api/tables/{table}/review?depth=deep"
    assert client.post(url, headers=bearer(token)).json()["status"] == "running"
    cancelled = client.delete(url, headers=bearer(token)).json()
    assert cancelled["status"] == "cancelled" and cancelled["done"] < cancelled["total"]
    assert client.get(url, headers=bearer(token)).json()["status"] == "cancelled"
    assert client.post(url, headers=bearer(token)).json()["status"] == "running"
    client.delete(url, headers=bearer(token))
