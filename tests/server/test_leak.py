"""The server's key promise: no message to a seat ever holds anything beyond its view, its legal
actions and the events visible to it.

Random games of every game (2 and 3 seats, seeded choices among the legal actions) are played
through the real socket endpoint, every message of every socket recorded, and then:

(a) the game's seed (read from the stored header) appears in no message before the game is over,
    and no step digest (the record's, stored in the database) appears in any message;
(b) at every step, for every seat and the spectator, a second world is drawn from the seat's view
    (``game.determinize``, as contract check 4 does) and the message builder the sockets use
    (``messages.seat_state``) gives byte for byte the same for both worlds — so it can only tell
    what the view tells; and every ``state`` message a socket got is exactly that builder's output
    for the true state at its step, plus the table's own fields (players, clock, can_undo, the
    log's events, reset, result once over) — the socket was sent nothing else;
(c) the events a socket got are exactly the events of the replayed record visible to its seat;
(d) the ``why`` answer to a refused click (the rules' reason, or what to choose instead) is the
    same in both worlds for every click sequence tried — the seat's own paths cut short or ended
    on another thing, the things of every seat's true actions (hidden ones too) — in English and
    Dutch; and a ``why`` asked over the socket is that answer for the true state.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from wsclient import (
    WS,
    TestClient,
    bearer,
    catch_up,
    humans,
    make_table,
    open_client,
    seat_socket,
    token_of,
    watch_of,
)

import mailbag.server.sockets as server_sockets
from mailbag.core import Rng
from mailbag.core.i18n import use_language
from mailbag.core.records import GameRecord, loads, replay_steps
from mailbag.games import get
from mailbag.server.messages import event_entry, seat_state, why_answer
from mailbag.sim.runner import play_game

#: what a state message holds besides the builder's output: the table's own fields
TABLE_FIELDS = {
    "type",
    "v",
    "step",
    "events",
    "reset",
    "players",
    "clock",
    "can_undo",
    "result",
    "undo_reason",
    "held",
    "held_choice",
    "changes",
    "tutorial",
}
PLAYER_FIELDS = {"seat", "name", "label", "kind", "connected", "away"}
WELCOME_FIELDS = {
    "type",
    "v",
    "table",
    "game",
    "title",
    "seat",
    "options",
    "components",
    "players",
    "clock",
    "hints",
    "board",
}

CASES = [
    # game, seats, options, seed of the choices, decisions at most (None: to the end)
    ("carteros", 2, {}, 1, None),
    ("carteros", 3, {"max_rounds": 8}, 2, None),
    ("carteros", 2, {"stampy": True, "missions": True}, 3, None),
    ("post_office", 2, {}, 4, None),
    ("post_office", 3, {"goals": True, "rounds": 6}, 5, None),
    # a random Postcards game is 500 to 1500 decisions: the first few hundred are checked
    ("postcards", 2, {}, 6, 400),
    ("postcards", 3, {"side": "B"}, 7, 200),
]


@pytest.fixture
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A random game is played far faster than a person plays: no rate limit for it."""
    monkeypatch.setattr(server_sockets, "RATE", 1e6)
    monkeypatch.setattr(server_sockets, "BURST", 1e6)


def encoded(data: Any) -> bytes:
    return msgspec.json.encode(data)


def plain(data: Any) -> Any:
    """As it travels: through JSON and back."""
    return msgspec.json.decode(msgspec.json.encode(data))


@contextlib.contextmanager
def sockets_of(client: TestClient, made: dict[str, Any]) -> Iterator[dict[int | None, WS]]:
    with contextlib.ExitStack() as stack:
        found: dict[int | None, WS] = {
            int(seat): stack.enter_context(seat_socket(client, link, name=f"seat {seat}"))
            for seat, link in sorted(made["links"].items())
        }
        found[None] = stack.enter_context(seat_socket(client, made["spectator"], name="watcher"))
        yield found


class Checker:
    """Checks (b) as the game goes: at each step, the two worlds and every new state message."""

    def __init__(self, game: Any, sockets: dict[int | None, WS]) -> None:
        self.game = game
        self.sockets = sockets
        self.truth: dict[int, Any] = {}
        self.built: dict[tuple[int, int | None], dict[str, Any]] = {}
        self.checked = {seat: 0 for seat in sockets}
        #: how many why answers were compared across worlds
        self.whys = 0

    def at_step(self, step: int, state: Any) -> None:
        game = self.game
        self.truth[step] = state
        for index, seat in enumerate(self.sockets):
            ours = seat_state(game, state, seat)
            world = game.determinize(game.view(state, seat), Rng.from_seed(step, index, 4))
            theirs = seat_state(game, world, seat)
            assert encoded(ours) == encoded(theirs), (
                f"step {step}: the message to seat {seat} depends on what it cannot see"
            )
            self.built[(step, seat)] = plain(ours)
            if seat is not None:
                self._check_why(step, state, world, seat)
        for seat, ws in self.sockets.items():
            self._check_messages(seat, ws)

    def _check_why(self, step: int, state: Any, world: Any, seat: int) -> None:
        """(d): the answers to refused clicks tell nothing the seat cannot know."""
        game = self.game
        deciding = seat in game.deciders(state)
        for lang in ("en", "nl"):
            with use_language(lang):
                for clicks in why_clicks(game, state, seat, step):
                    ours = why_answer(game, state, seat, step, clicks, deciding=deciding)
                    theirs = why_answer(game, world, seat, step, clicks, deciding=deciding)
                    assert ours == theirs, (
                        f"step {step}: the why answer to seat {seat} for {clicks} depends on "
                        f"what it cannot see: {ours} / {theirs}"
                    )
                    assert ours["reason"] and "{" not in ours["reason"], ours
                    self.whys += 1

    def _check_messages(self, seat: int | None, ws: WS) -> None:
        new = ws.received[self.checked[seat] :]
        self.checked[seat] = len(ws.received)
        for message in new:
            kind = message["type"]
            if kind == "welcome":
                assert set(message) == WELCOME_FIELDS, message
                # the components are the game's fixed data: the same for every seat and table
                assert message["components"] == plain(self.game.presentation.board_data()), ws.name
                # where the game's board is loaded from: the same for every seat and table
                assert message["board"] == {
                    "script": f"/games/{self.game.spec.name}/board.js",
                    "style": f"/games/{self.game.spec.name}/board.css",
                }, ws.name
                continue
            if kind == "why":  # checked where it was asked
                continue
            if kind in ("ack", "pong", "synced"):
                assert set(message) == {"type", "v", "step"} - (
                    {"step"} if kind != "ack" else set()
                ), message
                continue
            assert kind == "state", f"{ws.name} got a {kind!r}: {message}"
            step = message["step"]
            built = self.built[(step, seat)]
            assert set(message) == set(built) | TABLE_FIELDS, (
                f"{ws.name}: unexpected fields {set(message) - set(built) - TABLE_FIELDS}"
            )
            for key, value in built.items():
                assert message[key] == value, f"{ws.name} step {step}: {key} differs"
            assert isinstance(message["can_undo"], bool) and isinstance(message["reset"], bool)
            assert message["clock"] is None
            assert message["tutorial"] is None  # a lesson's only (tests/server/test_lesson_table)
            # the new fields: read from the seat's own views and what it may know
            assert message["undo_reason"] is None or isinstance(message["undo_reason"], str)
            assert message["held"] is False and message["held_choice"] is None  # people only
            for change in message["changes"]:
                k = change["step"]
                if k - 1 in self.truth and k in self.truth:
                    before = self.game.view(self.truth[k - 1], seat)
                    after = self.game.view(self.truth[k], seat)
                    assert before != after or change["text"], (ws.name, change)
                    words = self.game.presentation.changed_things(before, after)
                    assert set(change["things"]) <= set(words), (ws.name, change)
            for player in message["players"]:
                assert set(player) == PLAYER_FIELDS
            if message["over"]:
                assert message["result"] is not None
            else:
                assert message["result"] is None


def why_clicks(game: Any, state: Any, seat: int, step: int, most: int = 10) -> list[list[str]]:
    """Click sequences to ask ``why`` about at ``step`` (chosen by the step, the same for every
    world): the seat's own paths ended on another thing or cut short, and the things of every
    seat's true actions — hidden from this seat too (a click names no more than its ids)."""
    presentation = game.presentation
    things: set[str] = set()
    own: list[tuple[str, ...]] = []
    for other in game.deciders(state):
        view = game.view(state, other)
        for action in game.legal_actions(state, other):
            path = tuple(presentation.click_path(view, action))
            things.update(path)
            if other == seat:
                own.append(path)
    pool = [*sorted(things), "nothing:here"]
    rng = random.Random(step * 31 + seat)
    out: list[list[str]] = [[rng.choice(pool)] for _ in range(most // 2)]
    for path in rng.sample(own, min(len(own), most - len(out))):
        if len(path) > 1 and rng.random() < 0.5:
            out.append([*path[:-1], rng.choice(pool)])  # the last click on another thing
        else:
            out.append([*path[: max(1, len(path) - 1)]])
    return out


def record_in_db(db_file: Path, table: str) -> GameRecord:
    """The table's record as the database holds it (header and decisions)."""
    with sqlite3.connect(db_file) as conn:
        (header,) = conn.execute("select header from tables where id = ?", (table,)).fetchone()
        rows = conn.execute(
            "select seat, action, digest from steps where table_id = ? order by step", (table,)
        ).fetchall()
    lines = [header, *(json.dumps({"seat": s, "action": a, "digest": d}) for s, a, d in rows)]
    return loads("\n".join(lines) + "\n")


def play_random_game(
    client: TestClient,
    db_file: Path,
    game_name: str,
    seats: int,
    options: dict[str, Any],
    choice_seed: int,
    decisions: int | None,
) -> None:
    game = get(game_name)
    names = ["ann", "bob", "cy", "di"][:seats]
    made = make_table(client, {"game": game_name, "options": options, "seats": humans(*names)})
    table = made["table"]
    rng = random.Random(choice_seed)
    with sqlite3.connect(db_file) as conn:
        (header,) = conn.execute("select header from tables where id = ?", (table,)).fetchone()
    seed = json.loads(header)["seed"]
    assert seed > 10**6, "a seed this short would be found by chance (one in 10**12)"
    where = f"{game_name} {options} seed {seed} choices {choice_seed}"
    with sockets_of(client, made) as sockets:
        room = client.app.state.hub.rooms[table]  # type: ignore[attr-defined]
        checker = Checker(game, sockets)
        players = [ws for seat, ws in sockets.items() if seat is not None]
        for _ in range(5000):
            catch_up(list(sockets.values()))  # each told the table as its seat knows it
            step = room.table.step
            checker.at_step(step, room.table.state)
            if room.table.is_over() or step == decisions:
                break
            movers = [ws for ws in players if ws.state and ws.state["actions"]]
            assert movers, f"{where}: nobody may move at step {step}"
            mover = rng.choice(movers)
            assert mover.state is not None
            if step % 7 == 0:  # a why over the socket: the builder's answer for the true state
                mover_seat = mover.state["seat"]
                clicks = why_clicks(game, room.table.state, mover_seat, step, 2)[0]
                mover.send({"type": "why", "step": mover.state["step"], "clicks": clicks})
                got = mover.next_of("why")
                shown = mover.state["step"]
                expected = why_answer(
                    game, room.table.state, mover_seat, shown, clicks, deciding=True
                )
                assert {k: v for k, v in got.items() if k != "v"} == plain(expected), where
            action = rng.choice(mover.state["actions"])["notation"]
            mover.submit(mover.state["step"], action)
            assert mover.next_of("ack")["step"] == step + 1, where
        else:
            raise AssertionError(f"{where}: no end in 5000 decisions")
        assert checker.whys > 0, f"{where}: no why answer was compared"
        over = room.table.is_over()
        assert over or decisions is not None, where
        if over:  # the record as exported is the one stored
            text = client.get(
                f"/api/tables/{table}/record", headers=bearer(token_of(made["links"]["0"]))
            ).text
            exported = loads(text)
            assert exported.seed == seed and exported.result is not None
    record = record_in_db(db_file, table)
    if over:
        assert exported.steps == record.steps
    digests = [step.digest for step in record.steps]
    assert all(digests), where
    log = [entry.events for entry in replay_steps(game, record)]
    for seat, ws in sockets.items():
        # (a) no seed before the end, no digest ever
        over_at = next(
            (i for i, m in enumerate(ws.received) if m["type"] == "state" and m["over"]),
            len(ws.received),
        )
        if over:  # told now, as text (a 64-bit number does not survive JavaScript)
            assert ws.received[over_at]["result"]["seed"] == str(seed)
            assert str(seed) in ws.raw[over_at]
        before_end = "\n".join(ws.raw[:over_at])
        assert str(seed) not in before_end, f"{where}: the seed reached {ws.name} before the end"
        everything = "\n".join(ws.raw)
        for digest in set(digests):
            assert digest not in everything, f"{where}: a step digest reached {ws.name}"
        # (c) the events: exactly those of the record visible to the seat, once each, in order
        states = ws.of_type("state")
        assert states[0]["reset"] is True and all(not s["reset"] for s in states[1:])
        got = [event for state in states for event in state["events"]]
        expected = [
            event_entry(
                step,
                event,
                game.presentation.event_text(event, names),
                game.presentation.event_rule(event),
            )
            for step, events in enumerate(log)
            for event in events
            if event.visible_to(seat)
        ]
        assert got == plain(expected), f"{where}: {ws.name}'s events differ from the record's"


@pytest.mark.parametrize(("game", "seats", "options", "choice_seed", "decisions"), CASES)
def test_no_message_tells_a_seat_more_than_its_view(
    tmp_path: Path,
    no_rate_limit: None,
    game: str,
    seats: int,
    options: dict[str, Any],
    choice_seed: int,
    decisions: int | None,
) -> None:
    db_file = tmp_path / "db.sqlite3"
    with open_client(db_file) as client:
        play_random_game(client, db_file, game, seats, options, choice_seed, decisions)


def test_that_another_has_chosen_is_told_never_what(tmp_path: Path) -> None:
    """Post Office's phases are simultaneous: who has chosen is public, what is not (PO-2,
    PO-114). Once ann has chosen, bob and the spectator are told at once — ann is no longer to
    move, her board says she has chosen — and nothing of her choice; bob then chooses and the
    phase is carried out for everyone. My games agree."""
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "post_office", "seats": humans("ann", "bob")})
        with sockets_of(client, made) as sockets:
            ann, bob, watcher = sockets[0], sockets[1], sockets[None]
            assert bob.state is not None and bob.state["to_move"] == [0, 1]
            assert ann.state is not None
            assert not bob.state["view"]["players"][0]["chosen"]
            for ws in sockets.values():
                ws.sync()
            kept = ann.state["actions"][0]["notation"]
            ann.submit(0, kept)
            assert ann.next_of("ack")["step"] == 1
            for ws in sockets.values():
                ws.sync()
            assert ann.state["to_move"] == [1] and ann.state["actions"] == []
            assert ann.state["view"]["pending"] == kept  # her own choice, to her
            for ws in (bob, watcher):
                assert ws.state is not None and ws.state["step"] == 1
                assert ws.state["to_move"] == [1]
                assert [p["chosen"] for p in ws.state["view"]["players"]] == [True, False]
                # quoted: her "keep 8" must not be found inside bob's own "keep 88"
                assert json.dumps(kept) not in json.dumps(ws.state), "ann's choice reached another"
            assert bob.state["view"]["pending"] is None and bob.state["actions"]
            bob.submit(1, bob.state["actions"][0]["notation"])
            assert bob.next_of("ack")["step"] == 2
        links = [{"table": made["table"], "token": token_of(made["links"][s])} for s in "01"]
        mine = client.post("/api/my-games", json={"links": links}).json()
        assert [g["step"] for g in mine] == [2, 2]


def test_the_clock_runs_for_those_still_choosing(tmp_path: Path) -> None:
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(
            client,
            {"game": "post_office", "seats": humans("ann", "bob"), "clock": {"per_move": 600}},
        )
        with sockets_of(client, made) as sockets:
            ann, bob = sockets[0], sockets[1]
            assert bob.state is not None and set(bob.state["clock"]["remaining"]) == {"0", "1"}
            assert ann.state is not None
            left = max(bob.state["clock"]["remaining"].values())
            ann.submit(0, ann.state["actions"][0]["notation"])
            assert ann.next_of("ack")["step"] == 1
            bob.sync()
            # ann is done: only bob's clock runs, and on (not wound again by ann's choice)
            assert set(bob.state["clock"]["remaining"]) == {"1"}
            assert bob.state["clock"]["remaining"]["1"] <= left


def test_the_games_have_private_events() -> None:
    """The games do tell some events to one seat only (else (c) above would prove little)."""
    for name in ("carteros", "post_office", "postcards"):
        game = get(name)
        played = play_game(game, ["random", "random"], {}, 11)
        private = [
            event
            for entry in replay_steps(game, played.record)
            for event in entry.events
            if event.to is not None
        ]
        assert private, f"{name}: no private events in a whole game"


def test_taking_back_ones_choice_while_others_choose(tmp_path: Path) -> None:
    """Three people choose at once (Post Office): ann chooses, bob chooses, ann takes hers back.
    Bob's choice stays; everyone sees that ann is choosing again (PO-114) and bob still done;
    her choice made again counts."""
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "post_office", "seats": humans("ann", "bob", "cy")})
        with sockets_of(client, made) as sockets:
            ann, bob, cy = sockets[0], sockets[1], sockets[2]
            for ws in sockets.values():
                ws.sync()
            assert ann.state is not None and bob.state is not None
            ann.submit(0, ann.state["actions"][0]["notation"])
            assert ann.next_of("ack")["step"] == 1
            bob.sync()
            bob.submit(1, bob.state["actions"][0]["notation"])
            assert bob.next_of("ack")["step"] == 2
            ann.sync()
            ann.undo(2)
            ann.next_of("ack")
            for ws in (ann, cy):
                state = ws.sync()
                assert [p["chosen"] for p in state["view"]["players"]] == [False, True, False]
                assert sorted(state["to_move"]) == [0, 2]
            assert ann.state is not None and ann.state["actions"]
            assert ann.state["view"]["pending"] is None
            # and her choice made again from there counts
            ann.submit(ann.state["step"], ann.state["actions"][0]["notation"])
            assert ann.next_of("ack")["step"] > 0


def _replay(client: TestClient, table: str, secret: str, k: int) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}/replay/{k}", headers=bearer(secret))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_a_replay_while_the_game_is_played_shows_only_ones_own_game(tmp_path: Path) -> None:
    """Post Office: ann has chosen in secret. Bob's (and the spectator's) replay of the game so
    far shows that she chose, never what — his own view, his board, the events he was told —;
    ann's own replay names her choice. No replay reaches past the step a seat was told."""
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "post_office", "seats": humans("ann", "bob", "cy")})
        table = made["table"]
        secrets = {s: token_of(made["links"][str(s)]) for s in range(3)}
        with sockets_of(client, made) as sockets:
            ann = sockets[0]
            assert ann.state is not None
            kept = ann.state["actions"][0]["notation"]
            ann.submit(0, kept)
            assert ann.next_of("ack")["step"] == 1
            room = client.app.state.hub.rooms[table]  # type: ignore[attr-defined]
            game = room.game
            state = room.table.state
            for reader, secret in (
                (1, secrets[1]),
                (2, secrets[2]),
                (None, watch_of(made["spectator"])),
            ):
                data = _replay(client, table, secret, 1)
                assert "views" not in data and data["over"] is False
                assert data["view"] == plain(game.view(state, reader))
                assert set(data["boards"]) == {"spectator" if reader is None else str(reader)}
                assert data["action"] is None and data["clicks"] == []
                assert data["seat"] == 0 and data["text"]  # that she chose, in words
                assert json.dumps(kept) not in json.dumps(data), f"ann's choice reached {reader}"
                assert data["view"].get("pending") is None
            mine = _replay(client, table, secrets[0], 1)
            assert mine["action"] == kept and mine["text"] and mine["view"]["pending"] == kept
            # the opening, as each saw it: its own view of it
            first = _replay(client, table, secrets[1], 0)
            assert first["view"] == plain(game.view(room.table.recent_states()[0][1], 1))


def test_a_replay_mid_game_tells_no_hidden_card(tmp_path: Path, no_rate_limit: None) -> None:
    """Postcards between two people, a few turns in: every step of a seat's replay so far holds
    its own view only and only the events it was told (never the other's private draws)."""
    game = get("postcards")
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "postcards", "seats": humans("ann", "bob")})
        table = made["table"]
        rng = random.Random(3)
        with sockets_of(client, made) as sockets:
            players = [sockets[0], sockets[1]]
            room = client.app.state.hub.rooms[table]  # type: ignore[attr-defined]
            for _ in range(40):
                catch_up(players)
                movers = [ws for ws in players if ws.state and ws.state["actions"]]
                mover = movers[0]
                assert mover.state is not None
                mover.submit(mover.state["step"], rng.choice(mover.state["actions"])["notation"])
                mover.next_of("ack")
            catch_up(players)
            record = room.table.record
            log = [entry for entry in replay_steps(game, record)]
            names = room.reader_names()
            private = 0
            for reader in (0, 1):
                last = room.shown_step(reader)
                for k in range(0, last + 1):
                    data = _replay(client, table, token_of(made["links"][str(reader)]), k)
                    assert data["view"] == plain(game.view(log[k].state, reader)), (reader, k)
                    assert set(data["boards"]) == {str(reader)} and "views" not in data
                    told = [e for e in log[k].events if e.visible_to(reader)]
                    assert [e["kind"] for e in data["events"]] == [e.kind for e in told]
                    hidden = [e for e in log[k].events if not e.visible_to(reader)]
                    private += len(hidden)
                    dumped = json.dumps(data)
                    for event in hidden:
                        text = game.presentation.event_text(event, names)
                        assert json.dumps(text) not in dumped, (reader, k, text)
                    if log[k].seat != reader:
                        assert data["action"] is None and data["clicks"] == []
                response = client.get(
                    f"/api/tables/{table}/replay/{last + 1}",
                    headers=bearer(token_of(made["links"][str(reader)])),
                )
                assert response.status_code == 400
            assert private > 0, "no private event in the turns played: the check proved nothing"
