"""Search bots think in a worker process (never holding up the event loop) and play there
exactly as the same bot would in one process: the same seed, the same internal state."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from wsclient import first_action, make_table, open_client, seat_socket

from mailbag.bots.base import make_bot
from mailbag.core.actions import parse_action
from mailbag.core.records import GameRecord, Step, replay_steps
from mailbag.games import get
from mailbag.server.thinking import is_search_bot

BOT = "mcts:iters=30"


def test_search_bots_are_told_apart() -> None:
    assert is_search_bot("mcts") and is_search_bot("mcts:time=1")
    assert not is_search_bot("greedy") and not is_search_bot("random")
    assert not is_search_bot("automa:expert") and not is_search_bot("nonsense:")


def _record(db_file: Path, table: str) -> GameRecord:
    with sqlite3.connect(db_file) as db:
        row = db.execute("select header from tables where id=?", (table,)).fetchone()
        header = json.loads(row[0])
        rows = db.execute(
            "select seat, action from steps where table_id=? order by step", (table,)
        ).fetchall()
    record = GameRecord(header["game"], header["options"], header["seed"], header["seats"])
    record.digests = header.get("digests", 1)
    record.steps = [Step(seat, parse_action(action)) for seat, action in rows]
    return record


def test_a_search_bot_in_a_worker_plays_as_it_would_in_one_process(tmp_path: Path) -> None:
    db_file = tmp_path / "db.sqlite3"
    with open_client(db_file) as client:
        made = make_table(
            client,
            {"game": "carteros", "seats": [{"kind": "me"}, {"kind": "bot", "bot": BOT}]},
        )
        with seat_socket(client, made["links"]["0"]) as me:
            bot_moves = 0
            for _ in range(200):  # bounded: a few of the bot's turns
                state = me.state
                assert state is not None
                if state["over"] or bot_moves >= 6:
                    break
                if 0 in state["to_move"] and state["actions"]:
                    me.submit(state["step"], first_action(state))
                    me.next_of("ack")
                    me.state_at_least(state["step"] + 1)
                else:
                    me.state_at_least(state["step"] + 1)
                    bot_moves += 1
            assert bot_moves >= 6, "the bot never played"
    record = _record(db_file, made["table"])
    game = get("carteros")
    bot = make_bot(BOT, game, 1, record.seed)
    before = None
    checked = 0
    for entry in replay_steps(game, record):
        if entry.index > 0 and entry.seat == 1:
            assert before is not None
            legal = game.legal_actions(before, 1)
            assert bot.choose(game.view(before, 1), legal) == entry.action, entry.index
            checked += 1
        before = entry.state
    assert checked >= 6


def test_a_thinking_bot_does_not_hold_up_another_table(tmp_path: Path) -> None:
    with open_client(tmp_path / "db.sqlite3") as client:
        slow = make_table(
            client,
            {"game": "carteros", "seats": [{"kind": "bot", "bot": "mcts:time=3"},
                                           {"kind": "bot", "bot": "mcts:time=3"}]},
        )
        quick = make_table(client, {"game": "carteros", "seats": [{"kind": "me"},
                                                                   {"kind": "friend"}]})
        # the bots' table starts thinking as soon as it is loaded
        with seat_socket(client, slow["spectator"]), seat_socket(
            client, quick["links"]["0"]
        ) as me:
            time.sleep(0.5)
            worst = 0.0
            for _ in range(5):
                state = me.state
                assert state is not None
                started = time.monotonic()
                me.send({"type": "ping"})
                me.next_of("pong")
                worst = max(worst, time.monotonic() - started)
            assert worst < 1.0, f"a ping took {worst:.2f} s while a bot was thinking"
