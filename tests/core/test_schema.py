"""State changes are safe: a field added with a default breaks no record and no saved state, a
renamed field is carried over by the game's migration, and records of older mailbags replay."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from tiny import TinyGame

from mailbag.core import RecordError, Rng, new_game, state_from_json, state_to_json
from mailbag.core.records import GameRecord, loads, replay
from mailbag.core.serialize import record_digest, state_digest
from mailbag.sim.runner import play_game


class TinyStateV2(msgspec.Struct):
    """TinyState with one field added (with a default) and one renamed (``points`` -> ``score``)."""

    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    discard: list[int]
    score: list[int]
    turn: int = 0
    current: int = 0
    bonus: int = 0


class TinyGameV2(TinyGame):
    """The tiny game after an upgrade of its state layout (schema 2)."""

    state_type = TinyStateV2  # type: ignore[assignment]
    schema_version = 2

    def migrate(self, data: dict[str, Any], from_schema: int) -> dict[str, Any]:
        assert from_schema == 1
        data = dict(data)
        data["score"] = data.pop("points")
        return data


class TinyStateWithExtra(msgspec.Struct):
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    discard: list[int]
    points: list[int]
    turn: int = 0
    current: int = 0
    extra: int = 0
    notes: list[int] = []


def test_a_field_added_with_a_default_changes_no_record_digest() -> None:
    state = new_game(TinyGame(), 2, {}, 4)
    wider = msgspec.convert(msgspec.to_builtins(state), TinyStateWithExtra)
    assert record_digest(wider) == record_digest(state)
    assert state_digest(wider) != state_digest(state)  # the exact layout did change
    wider.extra = 3
    assert record_digest(wider) != record_digest(state)  # a used field counts


def test_a_record_survives_a_schema_bump_when_the_rules_did_not_change() -> None:
    old = play_game(TinyGame(), ["random", "random"], {}, 6, digests=True).record
    assert old.schema == 1
    text = old.dumps()

    class Upgraded(TinyGame):
        schema_version = 2

    state = replay(Upgraded(), loads(text))  # digests of scheme 2 still match
    assert Upgraded().is_over(state)


def test_records_of_the_first_digest_scheme_replay_with_a_warning_after_a_bump() -> None:
    game = TinyGame()
    new = play_game(game, ["random", "random"], {}, 6, digests=True).record
    old = GameRecord(game.spec.name, new.options, new.seed, new.seats, digests=1)
    from mailbag.core import apply, start_game

    state, _ = start_game(game, 2, new.options, new.seed)
    for step in new.steps:
        state, _ = apply(game, state, step.seat, step.action)
        old.steps.append(type(step)(step.seat, step.action, state_digest(state)))
    replay(game, loads(old.dumps()))  # same schema: the old digests are checked
    broken = old.dumps().replace(old.steps[2].digest or "", "0" * 16)
    with pytest.raises(RecordError, match="digest mismatch"):
        replay(game, loads(broken))

    class Upgraded(TinyGame):
        schema_version = 2

    record = loads(broken)
    replay(Upgraded(), record)  # another schema: the actions are the truth
    assert any("step digests not checked" in w for w in record.warnings)


def test_a_saved_state_is_migrated_from_an_older_schema() -> None:
    state = new_game(TinyGame(), 2, {}, 8)
    text = state_to_json(TinyGame(), state)
    upgraded = state_from_json(TinyGameV2(), text)
    assert isinstance(upgraded, TinyStateV2)
    assert upgraded.score == state.points and upgraded.bonus == 0
    with pytest.raises(RecordError, match="made by a newer mailbag"):
        state_from_json(TinyGame(), state_to_json(TinyGameV2(), upgraded))
