"""Undo refusals give the true reason, case by case (issue 31): nothing decided yet; the seat's
own last decision drew a card, revealed something, completed a phase or passed the play on;
something was revealed since (by whom, where it was done in turn); another seat acted after it;
the game is over. Each reason is checked exactly — the one sentence every refusal gave before
(often false: "nothing of yours …" right after a deck draw) fails every check — and in a
simultaneous phase the reason is the same whether or not the others have chosen yet."""

from __future__ import annotations

from typing import Any

import pytest

from mailbag.bots import make_agents
from mailbag.core import Action, IllegalAction, apply, parse_action, state_digest
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.games.carteros import positions
from mailbag.table import MemoryStore, Table

#: what every refusal said before, true or not
OLD = (
    "nothing of yours to take back (only your latest decisions, while nothing was revealed or "
    "drawn since and nobody acted after you in turn)"
)
NAMES = ["ana", "beto", "cleo"]


def open_table(name: str, seats: list[str], seed: int) -> Table:
    game = get(name)
    record = GameRecord(
        game.spec.name, game.spec.resolve_options(), seed, seats, names=NAMES[: len(seats)]
    )
    return Table.open(game, record, None, make_agents(game, seats, seed))


def refused(table: Table, seat: int) -> str:
    """``seat`` may take nothing back: the reason (the same from ``why_not_undo`` and from the
    refusal itself, whose rule is ``undo``); nothing changed."""
    digest, steps = state_digest(table.state), list(table.record.steps)
    assert not table.can_undo(seat)
    with pytest.raises(IllegalAction) as caught:
        table.undo(seat)
    assert caught.value.rule == "undo"
    assert state_digest(table.state) == digest and table.record.steps == steps
    reason = caught.value.reason
    assert reason == table.why_not_undo(seat)
    assert reason != OLD and "nothing of yours" not in reason
    return reason


def reversible(table: Table, seat: int) -> Action | None:
    """A decision of ``seat`` that reveals nothing, if it has one."""
    game = table.game
    for action in table.legal_actions(seat):
        after, events = apply(game, table.state, seat, action)
        if not game.reveals(table.state, seat, action, after, events) and not game.is_over(after):
            return action
    return None


def test_nothing_decided_yet() -> None:
    for name, seats in [
        ("postcards", ["human", "human"]),
        ("carteros", ["human", "human"]),
        ("post_office", ["human", "human", "human"]),
    ]:
        table = open_table(name, seats, 3)
        for seat in range(len(seats)):
            assert refused(table, seat) == "you have decided nothing yet"


def test_postcards_a_deck_draw_stands_and_says_which_card() -> None:
    table = open_table("postcards", ["human", "human"], 5)
    for _ in range(300):
        seat = table.deciders()[0]
        legal = table.legal_actions(seat)
        draws = [a for a in legal if a.verb == "draw" and "deck" in map(str, a.args)]
        if seat == 0 and draws:
            events = table.submit(0, draws[0])
            drawn = next(e for e in events if e.to == (0,))
            card = drawn.data["card"]
            hand = table.state.players[0].hand
            assert card in [table.game.components.travel[c].name for c in hand]
            colour, action = card.split(".")  # the card in words, never its code
            assert refused(table, 0) == (
                "your last decision showed you something hidden "
                f"(you draw a {colour} {action} card): it stands"
            )
            break
        table.submit(seat, reversible(table, seat) or legal[0])
    else:
        raise AssertionError("seat 0 never drew from the deck")
    # once beto draws from the deck too, ana's decision stands because of his draw, which
    # everyone saw him make (in turn)
    for _ in range(300):
        seat = table.deciders()[0]
        legal = table.legal_actions(seat)
        draws = [a for a in legal if a.verb == "draw" and "deck" in map(str, a.args)]
        if seat == 1 and draws:
            table.submit(1, draws[0])
            assert refused(table, 0) == "beto drew or saw something hidden since your last decision"
            return
        table.submit(seat, reversible(table, seat) or legal[0])
    raise AssertionError("beto never drew from the deck")


def carteros_scene(**parts: Any) -> Table:
    game = get("carteros")
    state = positions.build(players=2, current=0, round=2, **parts)
    options = game.spec.resolve_options({})
    record = GameRecord(
        "carteros", options, 0, ["human", "human"], schema=game.schema_version, names=NAMES[:2]
    )
    store = MemoryStore()
    store.begin(record)
    return Table(game, record, state, [], store, {})


def submit(table: Table, seat: int, text: str) -> None:
    action = parse_action(text)
    assert action in table.legal_actions(seat), (text, [str(a) for a in table.legal_actions(seat)])
    table.submit(seat, action)


def test_carteros_a_turned_house_stands_and_says_which() -> None:
    table = carteros_scene(
        houses={"B2": "lost"}, carriers=[{"at": "B2", "mail": ["letter"]}, {"at": "C4"}]
    )
    submit(table, 0, "deliver")
    assert 0 in table.deciders()  # still ana's turn: it is the house that stands
    assert refused(table, 0) == (
        "your last decision revealed something hidden (ana turns B2: Lost): it stands"
    )
    assert refused(table, 1) == "you have decided nothing yet"


def test_carteros_someone_acting_after_you_in_turn_is_named() -> None:
    """Ana's Rain gives Beto a decision (his Umbrella): it passed the play to him; his
    Umbrella may be changed until Ana floods a block, then Ana acted after him."""
    table = carteros_scene(
        carriers=[
            {"at": "B2", "mail": ["letter"], "hand": ["rain"]},
            {"at": "B3", "mail": ["letter", "letter"], "hand": ["umbrella"]},
        ]
    )
    submit(table, 0, "play rain")
    assert refused(table, 0) == "your last decision passed the play to beto: it stands"
    submit(table, 1, "use umbrella")
    assert table.can_undo(1)
    submit(table, 0, "flood B2")
    assert refused(table, 1) == "ana acted after you"


def test_post_office_a_revealed_phase_stands_for_each_who_chose_in_it() -> None:
    table = open_table("post_office", ["human", "human", "human"], 4)
    for seat in (0, 1, 2):
        table.submit(seat, table.legal_actions(seat)[0])
    mine = "your choice completed the phase and everyone's choices were revealed: it stands"
    theirs = "your choice was revealed with everyone's when the phase was completed: it stands"
    assert refused(table, 2) == mine
    assert refused(table, 0) == theirs and refused(table, 1) == theirs
    # in the next phase the reasons are the same whether or not the others have chosen yet
    before = refused(table, 0), refused(table, 2)
    table.submit(1, table.legal_actions(1)[0])
    table.submit(2, table.legal_actions(2)[0])
    assert (refused(table, 0), table.why_not_undo(2)) == (before[0], "")
    assert table.can_undo(2) and before[1] == mine


def test_post_office_against_bots_the_completing_choice_is_yours() -> None:
    table = open_table("post_office", ["human", "random", "random"], 6)
    table.advance()
    assert table.waiting_for() == (0,)
    table.submit(0, table.legal_actions(0)[0])
    assert refused(table, 0) == (
        "your choice completed the phase and everyone's choices were revealed: it stands"
    )


def test_the_game_is_over() -> None:
    table = open_table("post_office", ["human", "random", "random"], 2)
    for _ in range(2000):
        table.advance()
        if table.is_over():
            break
        table.submit(0, table.legal_actions(0)[0])
    assert table.is_over()
    assert refused(table, 0) == "the game is over"
    assert refused(table, 1) == "the game is over"


def test_the_reasons_survive_opening_the_record_again() -> None:
    """A resumed game (or a restarted server) refuses for the same reason."""
    first = open_table("postcards", ["human", "human"], 5)
    for _ in range(300):
        seat = first.deciders()[0]
        first.submit(seat, first.legal_actions(seat)[0])
        reasons = [first.why_not_undo(s) for s in (0, 1)]
        if all(r not in ("", "you have decided nothing yet") for r in reasons):
            break
    else:
        raise AssertionError("never a refusal for both seats")
    again = Table.open(first.game, first.record)
    assert [again.why_not_undo(s) for s in (0, 1)] == reasons
