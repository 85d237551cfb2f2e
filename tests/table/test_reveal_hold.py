"""A Post Office choice changeable until the phase is revealed, also against bots (issue 31).

The bots choose first, so a person's choice completes every phase and used to be final at once.
With ``hold_reveals`` (what the terminal and full-screen front ends set) the completing choice is
held: nothing recorded, stored or told, the person may change or take it back, and only
:meth:`Table.reveal` carries it out — after which it stands. The record is the very one a table
without holding makes: the same steps in the same order, with the same digests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mailbag.bots import make_agents
from mailbag.core import IllegalAction, state_digest
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.table import MemoryStore, Table, TakenBack

REVEALED = "your choice completed the phase and everyone's choices were revealed: it stands"


class CountingStore(MemoryStore):
    """A store that counts what it was asked to keep."""

    def __init__(self) -> None:
        super().__init__()
        self.appended = 0

    def append(self, step: Any) -> None:
        self.appended += 1
        super().append(step)


def po_table(seats: list[str], seed: int, hold: bool = True) -> tuple[Table, CountingStore]:
    game = get("post_office")
    options = game.spec.resolve_options()
    record = GameRecord(game.spec.name, options, seed, seats, game_id=f"po-{seed}")
    store = CountingStore()
    table = Table.open(game, record, store, make_agents(game, seats, seed))
    table.hold_reveals = hold
    return table, store


def test_a_person_changes_a_post_office_choice_against_two_bots_until_the_reveal() -> None:
    table, store = po_table(["human", "random", "random"], 4)
    told: list[int] = []
    notices: list[TakenBack] = []
    table.listeners.append(lambda seat, action, events, state: told.append(seat))
    table.undo_listeners.append(notices.append)
    table.advance()  # the bots choose first
    assert sorted(told) == [1, 2] and table.waiting_for() == (0,)
    start, steps, stored = state_digest(table.state), table.step, store.appended
    first, second, *_rest = table.legal_actions(0)

    # chosen: held, not carried out — nothing recorded, stored or told, nobody owes a decision
    assert table.submit(0, first) == []
    held = table.held
    assert held is not None and (held.seat, held.action, held.revealer) == (0, first, 0)
    assert (table.step, store.appended, sorted(told)) == (steps, stored, [1, 2])
    assert state_digest(table.state) == start
    assert table.deciders() == () and table.waiting_for() == (0,)
    assert table.advance() == []  # the bots have nothing to do meanwhile
    assert table.can_undo(0) and table.why_not_undo(0) == ""

    # changed by choosing again, and taken back: still nothing happened
    table.submit(0, second)
    assert table.held is not None and table.held.action == second
    assert table.undo(0).action == second
    assert table.held is None and state_digest(table.state) == start
    assert table.step == steps and notices == []  # nobody had seen anything of it
    assert table.waiting_for() == (0,) and table.legal_actions(0)[:2] == [first, second]

    # chosen again and revealed: carried out, told once, and it stands
    table.submit(0, first)
    with pytest.raises(IllegalAction):
        table.submit(1, table.legal_actions(0)[0])  # only the holder's choice may change
    events = table.reveal(0)
    assert events and table.held is None
    assert table.step == steps + 1 and table.record.steps[-1].action == first
    assert store.appended == stored + 1 and sorted(told) == [0, 1, 2]
    assert not table.can_undo(0)
    with pytest.raises(IllegalAction) as caught:
        table.undo(0)
    assert caught.value.reason == REVEALED
    with pytest.raises(IllegalAction):
        table.reveal()  # nothing waits any more


def test_the_record_is_the_one_a_table_without_holding_makes() -> None:
    """A whole game, the person changing their mind now and then: the same steps in the same
    order with the same digests, the same result, as played straight through."""
    seats = ["human", "random", "random"]
    held_table, _ = po_table(seats, 8, hold=True)
    plain, _ = po_table(seats, 8, hold=False)
    rng = random.Random(8)
    changed = revealed = 0
    for _decision in range(2000):
        held_table.advance()
        plain.advance()
        if held_table.is_over():
            break
        assert held_table.waiting_for() == plain.waiting_for() == (0,)
        legal = held_table.legal_actions(0)
        choice = rng.choice(legal)
        if rng.random() < 0.3:  # a first thought, then changed
            held_table.submit(0, rng.choice(legal))
            if held_table.held is not None:
                held_table.undo(0)
                changed += 1
        held_table.submit(0, choice)
        if held_table.held is not None:
            held_table.reveal()
            revealed += 1
        plain.submit(0, choice)
        assert held_table.record.to_lines() == plain.record.to_lines()
    assert held_table.is_over() and plain.is_over()
    assert held_table.record.to_lines() == plain.record.to_lines()
    assert held_table.result() == plain.result()
    assert revealed > 10 and changed > 0  # the game's last choice was held too


def test_a_bots_completing_choice_waits_for_the_person_who_chose_first() -> None:
    """A person who chose before the bots (a front end letting bots think meanwhile): the last
    bot's choice would reveal theirs, so it waits; taking the person's choice back carries the
    bot's out as an ordinary choice, and the person's new choice completes the phase."""
    table, _store = po_table(["human", "random", "random"], 5)
    mine = table.legal_actions(0)[0]
    table.submit(0, mine)
    assert table.held is None and table.can_undo(0)
    table.advance()
    held = table.held
    assert held is not None and held.seat != 0 and held.revealer == 0
    assert table.waiting_for() == (0,) and table.deciders() == ()
    bots_first = [s.seat for s in table.record.steps]
    assert sorted(bots_first) == sorted([0, 3 - held.seat])
    assert table.can_undo(0)
    table.undo(0)  # the held bot choice is carried out now, completing nothing
    assert table.held is None
    assert sorted(s.seat for s in table.record.steps) == [1, 2]
    assert table.waiting_for() == (0,)
    table.submit(0, table.legal_actions(0)[1])
    assert table.held is not None and table.held.seat == 0
    table.reveal()
    assert [s.seat for s in table.record.steps][-1] == 0 and len(table.record.steps) == 3
    assert table.why_not_undo(0) == REVEALED


def test_without_a_person_in_the_phase_nothing_waits() -> None:
    table, _store = po_table(["random", "random", "random"], 3)
    table.advance()
    assert table.is_over() and table.held is None


def test_a_hot_seat_choice_is_held_for_the_one_who_completes_the_phase() -> None:
    table, _store = po_table(["human", "human", "random"], 6)
    table.advance()
    table.submit(0, table.legal_actions(0)[0])
    assert table.held is None and table.waiting_for() == (1,)
    table.submit(1, table.legal_actions(1)[0])
    assert table.held is not None and table.waiting_for() == (1,)
    with pytest.raises(IllegalAction):
        table.reveal(0)  # the one who completes it reveals
    table.reveal(1)
    assert table.why_not_undo(0) == (
        "your choice was revealed with everyone's when the phase was completed: it stands"
    )
