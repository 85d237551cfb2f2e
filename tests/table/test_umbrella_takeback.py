"""Undo around a Carteros Rain (CA-6, issue 28 point 14): a carrier who answered the Rain with an
Umbrella may take it back only until the Rain player chooses the flooded block. Once that choice
is made — another seat acted after the Umbrella, in turn, not at the same time — the Umbrella is
final, before and after the table is opened again from its record.

Planted bugs in ``table/table.py`` that let the Umbrella be taken back after the flood were
caught by no test: the undo point's deciders read after the decision too (the Rain player owes
the next one, so their flood looked made "at the same time" as the Umbrella), or the check of
who acted since left out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mailbag.core import IllegalAction, parse_action, state_digest
from mailbag.core.records import GameRecord, loads
from mailbag.games import get
from mailbag.games.carteros import positions
from mailbag.table import MemoryStore, Table

GAME = get("carteros")


def _scene_table() -> Table:
    """Ana (seat 0) at B2 with a Rain, Beto (seat 1) at B3 with an Umbrella and two letters,
    both in the neighbourhood: Ana's turn. A table over that state (an in-memory store)."""
    state = positions.build(
        players=2,
        carriers=[
            {"at": "B2", "mail": ["letter"], "hand": ["rain"]},
            {"at": "B3", "mail": ["letter", "letter"], "hand": ["umbrella"]},
        ],
        current=0,
        round=2,
    )
    options = GAME.spec.resolve_options({})
    record = GameRecord("carteros", options, 0, ["human", "human"], schema=GAME.schema_version)
    store = MemoryStore()
    store.begin(record)
    return Table(GAME, record, state, [], store, {})


def _submit(table: Table, seat: int, text: str) -> None:
    action = parse_action(text)
    assert action in table.legal_actions(seat), (text, [str(a) for a in table.legal_actions(seat)])
    table.submit(seat, action)


def _refused(table: Table, seat: int, reason: str) -> None:
    """``seat`` may not take anything back: refused for ``reason``, nothing changed."""
    digest, steps = state_digest(table.state), list(table.record.steps)
    assert not table.can_undo(seat)
    with pytest.raises(IllegalAction) as caught:
        table.undo(seat)
    assert caught.value.reason == reason
    assert state_digest(table.state) == digest and table.record.steps == steps


def test_the_umbrella_is_final_once_the_rain_player_chose_the_flooded_block() -> None:
    table = _scene_table()
    _submit(table, 0, "play rain")
    assert table.deciders() == (1,)  # Beto answers first: Umbrella or not
    names = table.labels()
    # the Rain told Beto something (a reaction window): no way back
    _refused(table, 0, f"your last decision passed the play to {names[1]}: it stands")
    _submit(table, 1, "use umbrella")
    # until Ana chooses the block, Beto may change his mind (nothing revealed, nobody acted)
    assert table.deciders() == (0,)
    assert table.can_undo(1)
    before_flood = state_digest(table.state)
    _submit(table, 0, "flood B2")
    assert table.state.floods and -1 not in table.state.floods
    # Ana acted after the Umbrella, in turn: the Umbrella is final
    _refused(table, 1, f"{names[0]} acted after you")
    # Ana may take her own block back (nothing revealed since); then Beto's Umbrella is his
    # latest again, with nobody after it
    assert table.can_undo(0)
    assert str(table.undo(0).action) == "flood B2"
    assert state_digest(table.state) == before_flood
    assert table.can_undo(1)
    # the block chosen again: final again
    _submit(table, 0, "flood A1")
    _refused(table, 1, f"{names[0]} acted after you")


def _to_the_umbrella(seed: int) -> Table | None:
    """A two-person table from ``seed``, played (seeded random choices, Rain played whenever it
    can be) until a carrier may answer a Rain with an Umbrella; None if that never comes."""
    options = GAME.spec.resolve_options({})
    record = GameRecord("carteros", options, seed, ["human", "human"], schema=GAME.schema_version)
    table = Table.open(GAME, record)
    rng = random.Random(seed)
    for _ in range(400):
        if table.is_over():
            return None
        seat = table.deciders()[0]
        legal = table.legal_actions(seat)
        if parse_action("use umbrella") in legal:
            return table
        rain = parse_action("play rain")
        table.submit(seat, rain if rain in legal else rng.choice(legal))
    return None


def _reopened(table: Table) -> Table:
    """The same game opened again from its record (as a server does after a restart)."""
    record = loads(table.record.dumps())
    return Table.open(GAME, record)


def test_the_umbrella_stays_final_when_the_table_is_opened_again() -> None:
    found: list[tuple[int, Any]] = []
    for seed in range(40):
        table = _to_the_umbrella(seed)
        if table is None:
            continue
        victim = table.deciders()[0]
        _submit(table, victim, "use umbrella")
        rain_player = table.deciders()[0]
        assert rain_player != victim
        assert table.can_undo(victim)
        assert _reopened(table).can_undo(victim)  # the undo point survives a reopening
        block = next(a for a in table.legal_actions(rain_player) if a.verb == "flood")
        table.submit(rain_player, block)
        after = f"{table.labels()[rain_player]} acted after you"
        _refused(table, victim, after)
        _refused(_reopened(table), victim, after)
        found.append((seed, victim))
        if len(found) == 3:
            return
    raise AssertionError(f"only {len(found)} Umbrella answers in 40 seeded games: {found}")
