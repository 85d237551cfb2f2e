"""Records and saved games of mailbag 0.1 (tests/core/records_0_1, made before Postcards' rules
version 2, PC-10a) replay, resume and play on to the end with this mailbag, and the record
digests of an older schema are checked by the form that schema had (Game.recorded_form)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from tiny import TinyGame, TinyState

from mailbag.bots import make_agents
from mailbag.core import RecordError, Rng, apply, state_from_json, state_to_json
from mailbag.core.records import GameRecord, Step, load, loads, replay, replay_steps
from mailbag.core.serialize import record_digest
from mailbag.sim.runner import play_game
from mailbag.table import MemoryStore, Table, game_for_record

OLD = Path(__file__).parent / "records_0_1"
FINISHED = sorted(p for p in OLD.glob("*.jsonl") if not p.stem.endswith(("-states", "-unfinished")))


def _names(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def test_the_fixtures_are_there() -> None:
    assert len(FINISHED) == 8
    assert {load(p).game for p in FINISHED} == {"postcards", "post_office", "carteros"}


@pytest.mark.parametrize("path", FINISHED, ids=_names(FINISHED))
def test_a_finished_record_of_0_1_replays_with_its_digests_checked(path: Path) -> None:
    record = load(path)
    assert record.rules == 1 and record.digests == 2 and record.schema == 1
    game = game_for_record(record)
    state = replay(game, record)
    assert game.is_over(state) and record.warnings == []
    if record.game == "postcards":
        assert state.rules == 1  # dealt and played by the rules it was recorded by
        today = loads(path.read_text().replace('"seed"', '"rules": 2, "seed"', 1))
        with pytest.raises(RecordError):  # by today's rules (PC-10a) it is another game
            replay(game, today)


def _play_on(game: Any, record: GameRecord, state: Any, seed: int) -> Any:
    """Random bots of another seed play the game of ``state`` on to its end (the engine's
    seats, Postcards' Automas, as the rules play them)."""
    seats = [k if k in game.spec.engine_seats else "random" for k in record.seats]
    agents = make_agents(game, seats, seed)
    return play_game(game, seats, record.options, record.seed, agents, state=state).state


@pytest.mark.parametrize("path", FINISHED, ids=_names(FINISHED))
def test_an_unfinished_game_of_0_1_resumes_and_plays_on(path: Path) -> None:
    finished = load(path)
    saved = load(path.with_name(path.stem + "-unfinished.jsonl"))
    assert saved.result is None and 0 < len(saved.steps) < len(finished.steps)
    game = game_for_record(saved)
    table = Table.open(game, saved, MemoryStore())
    assert table.record.rules == 1 and not table.is_over()
    for step in finished.steps[len(saved.steps) :]:  # the game as 0.1 went on with it
        table.submit(step.seat, step.action)
        assert table.record.steps[-1].digest == step.digest
    assert table.is_over() and table.result() == finished.result
    resumed = Table.open(game, load(path.with_name(path.stem + "-unfinished.jsonl")))
    state = _play_on(game, resumed.record, resumed.state, 99)  # and with other decisions
    assert game.is_over(state)


@pytest.mark.parametrize("path", FINISHED, ids=_names(FINISHED))
def test_saved_states_of_0_1_load_equal_the_replayed_ones_and_play_on(path: Path) -> None:
    record = load(path)
    game = game_for_record(record)
    states = [entry.state for entry in replay_steps(game, record)]
    lines = path.with_name(path.stem + "-states.jsonl").read_text().splitlines()
    assert len(lines) >= 4
    for line in lines:
        saved = json.loads(line)
        state = state_from_json(game, json.dumps(saved["state"]))
        assert state == states[saved["step"]]
        assert state_to_json(game, state) == state_to_json(game, states[saved["step"]])
        assert game.is_over(_play_on(game, record, state, saved["step"]))


def test_a_record_of_a_newer_rules_version_is_refused() -> None:
    path = FINISHED[0]
    newer = loads(path.read_text().replace('"seed"', '"rules": 99, "seed"', 1))
    with pytest.raises(RecordError, match=r"rules version 99 .* newer mailbag"):
        replay(game_for_record(newer), newer)
    with pytest.raises(RecordError, match="'rules' must be a version number"):
        loads(path.read_text().replace('"seed"', '"rules": "2", "seed"', 1))


def test_new_records_name_the_rules_they_are_played_by() -> None:
    assert GameRecord("postcards", {}, 1, ["random", "random"]).rules == 2
    assert '"rules": 2' in GameRecord("postcards", {}, 1, ["random", "random"]).header_line()
    assert "rules" not in GameRecord("carteros", {}, 1, ["random", "random"]).header_line()


# -- a schema change that play changes: the digests of older records stay checked ------------------


class TinyStateV2(msgspec.Struct):
    """TinyState with a field that every decision changes (added with a default)."""

    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    discard: list[int]
    points: list[int]
    turn: int = 0
    current: int = 0
    draws: int = 0


class TinyV2(TinyGame):
    """The tiny game after an upgrade: it counts the draws (schema 2)."""

    state_type = TinyStateV2  # type: ignore[assignment]
    schema_version = 2

    def new_state(self, seats: Any, options: Any, seed: int) -> Any:
        old = super().new_state(seats, options, seed)
        return msgspec.convert(msgspec.to_builtins(old), TinyStateV2)

    def apply_in_place(self, state: Any, seat: int, action: Any) -> Any:
        if action.verb == "draw":
            state.draws += 1
        return super().apply_in_place(state, seat, action)


class TinyV2Recorded(TinyV2):
    def recorded_form(self, data: dict[str, Any], schema: int) -> dict[str, Any]:
        if schema < 2:
            data = {k: v for k, v in data.items() if k != "draws"}
        return data


def _tiny_record_of_schema_1() -> str:
    for seed in range(50):
        record = play_game(TinyGame(), ["random", "random"], {}, seed, digests=True).record
        if any(step.action.verb == "draw" for step in record.steps):
            assert record.schema == 1
            return record.dumps()
    raise AssertionError("no tiny game draws")


def test_a_field_that_play_changes_keeps_older_records_checked() -> None:
    text = _tiny_record_of_schema_1()
    with pytest.raises(RecordError, match="digest mismatch"):  # today's form: not theirs
        replay(TinyV2(), loads(text))
    state = replay(TinyV2Recorded(), loads(text))  # checked by the form schema 1 had
    assert state.draws > 0
    broken = loads(text)
    broken.steps[3] = Step(broken.steps[3].seat, broken.steps[3].action, "0" * 16)
    with pytest.raises(RecordError, match=r"step 4 .*digest mismatch"):
        replay(TinyV2Recorded(), loads(broken.dumps()))
    new = play_game(TinyV2Recorded(), ["random", "random"], {}, 3, digests=True).record
    assert new.schema == 2
    replay(TinyV2Recorded(), loads(new.dumps()))  # and its own records by its own form
    start = TinyV2Recorded().new_state(("player", "player"), {"hand": 2}, 1)
    assert record_digest(start) == record_digest(
        msgspec.convert(msgspec.to_builtins(start), TinyState)
    )
    assert apply is not None


def test_a_game_of_an_older_schema_goes_on_in_its_own_digest_form() -> None:
    """A record of schema 1 resumed after the upgrade adds its decisions' digests in the form
    of schema 1, so the whole record replays with every digest checked."""
    text = _tiny_record_of_schema_1()
    saved = loads(text)
    saved.steps, saved.result = saved.steps[:3], None
    game = TinyV2Recorded()
    table = Table.open(game, loads(saved.dumps()), MemoryStore())
    while not table.is_over():
        seat = table.deciders()[0]
        table.submit(seat, table.legal_actions(seat)[-1])
    record = loads(table.record.dumps())
    assert record.schema == 1 and len(record.steps) > 3
    assert game.is_over(replay(game, record))
