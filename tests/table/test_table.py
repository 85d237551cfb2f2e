"""The table: one game in progress — submit is checked and durable before it returns, bots are
run by the table, and undo takes back exactly one's own decisions while nothing was revealed and
no other seat acted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mailbag.bots import make_agents
from mailbag.core import IllegalAction, act, apply, state_digest
from mailbag.core.records import GameRecord, load
from mailbag.games import get
from mailbag.table import FileStore, Table


def open_table(name: str, seats: list[str], seed: int, path: Path | None = None) -> Table:
    game = get(name)
    record = GameRecord(game.spec.name, game.spec.resolve_options(), seed, seats)
    store = FileStore(path) if path is not None else None
    return Table.open(game, record, store, make_agents(game, seats, seed))


def test_a_decision_is_on_disk_before_anyone_is_told(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    table = open_table("carteros", ["human", "human"], 1, path)
    seen: list[int] = []
    table.listeners.append(lambda seat, action, events, state: seen.append(len(load(path).steps)))
    table.submit(0, table.legal_actions(0)[0])
    assert seen == [1]
    with pytest.raises(IllegalAction, match="the game has moved on"):
        table.submit(0, table.legal_actions(0)[0], expected_step=0)
    table.close()


def test_an_illegal_submission_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    table = open_table("postcards", ["human", "human"], 2, path)
    digest = state_digest(table.state)
    with pytest.raises(IllegalAction):
        table.submit(1, table.legal_actions(0)[0])  # not seat 1's turn
    with pytest.raises(IllegalAction):
        table.submit(0, act("move", 99))
    assert state_digest(table.state) == digest and table.step == 0
    assert load(path).steps == []


def test_the_table_runs_the_bots_until_a_person_decides() -> None:
    table = open_table("carteros", ["random", "human", "random"], 3)
    played = table.advance()
    assert played and all(p.seat == 0 for p in played)
    assert table.waiting_for() == (1,)
    assert [p.index for p in played] == list(range(len(played)))


def undo_scene(table: Table, seat: int, action: Any) -> None:
    """Submit ``action`` and take it back: state, record and file exactly as before."""
    before, lines = table.state, table.record.to_lines()
    table.submit(seat, action)
    assert table.can_undo(seat)
    taken = table.undo(seat)
    assert taken.action == action
    assert state_digest(table.state) == state_digest(before)
    assert table.record.to_lines() == lines


def test_postcards_a_camp_is_taken_back_but_a_drawn_card_is_not(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    table = open_table("postcards", ["human", "random"], 5, path)
    camp = next(a for a in table.legal_actions(0) if a.verb == "play" and "action" in a.args)
    undo_scene(table, 0, camp)
    assert load(path).steps == []  # the file too
    table.submit(0, camp)
    table.advance()
    # play on until seat 0 draws from the face-down deck: that shows a card, no way back
    for _ in range(200):
        legal = table.legal_actions(0)
        draws = [a for a in legal if a.verb == "draw" and "deck" in map(str, a.args)]
        if draws:
            table.submit(0, draws[0])
            assert not table.can_undo(0)
            shown = "your last decision showed you something hidden"
            with pytest.raises(IllegalAction, match=shown):
                table.undo(0)
            return
        table.submit(0, legal[0])
        table.advance()
    raise AssertionError("seat 0 never drew from the deck")


def test_carteros_walking_is_taken_back_turning_a_house_is_not() -> None:
    table = open_table("carteros", ["human", "human"], 7)
    moves = [a for a in table.legal_actions(0) if a.verb == "move"]
    game = table.game
    for move in moves:
        after, events = apply(game, table.state, 0, move)
        if not game.reveals(table.state, 0, move, after, events):
            undo_scene(table, 0, move)
            return
    raise AssertionError("no reversible first move")


def test_another_seats_decision_closes_the_way_back() -> None:
    table = open_table("postcards", ["human", "human"], 9)
    for _ in range(200):
        seat = table.deciders()[0]
        table.submit(seat, table.legal_actions(seat)[0])
        if table.deciders()[0] != seat:
            break
    nxt = table.deciders()[0]
    assert not table.can_undo(nxt) and not table.can_undo(seat)
    with pytest.raises(IllegalAction, match="you have decided nothing yet"):
        table.undo(nxt)
    passed = f"your last decision passed the play to {table.labels()[nxt]}: it stands"
    assert table.why_not_undo(seat) == passed


def test_undo_refused_to_another_seat_says_nothing_of_whose_decision_it_was() -> None:
    table = open_table("carteros", ["human", "human"], 7)
    game = table.game
    for move in table.legal_actions(0):
        after, events = apply(game, table.state, 0, move)
        if not game.reveals(table.state, 0, move, after, events):
            table.submit(0, move)
            with pytest.raises(IllegalAction, match="you have decided nothing yet"):
                table.undo(1)
            return
    raise AssertionError("no reversible first move")


def test_a_simultaneous_pick_is_taken_back_leaving_the_others_picks() -> None:
    """Post Office picks are hidden until all are made (PO-2): seat 0 may take its pick back
    after seat 1 picked too, and is refused in the same words whether or not others picked."""
    game = get("post_office")
    table = open_table("post_office", ["human", "human", "human"], 4)
    start = table.state
    mine, theirs = table.legal_actions(0)[0], table.legal_actions(1)[0]
    table.submit(0, mine)
    table.submit(1, theirs)
    assert table.can_undo(0) and table.can_undo(1)
    taken = table.undo(0)
    assert taken.action == mine
    alone, _ = apply(game, start, 1, theirs)
    assert state_digest(table.state) == state_digest(alone)
    assert [(s.seat, s.action) for s in table.record.steps] == [(1, theirs)]
    refusals = []
    for other_picked in (False, True):
        t = open_table("post_office", ["human", "human", "human"], 4)
        if other_picked:
            t.submit(1, theirs)
        with pytest.raises(IllegalAction) as caught:
            t.undo(0)
        refusals.append(str(caught.value))
    assert refusals[0] == refusals[1]
