"""The Automa inside whole games: set-up, the turn flow around it, mixed tables, and random
games played to the end over many seeds (Solo Mode; PC-13, PC-15, PC-17)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from mailbag.core import Action, Event, SeatError, apply, new_game, records
from mailbag.games.postcards import automa, turn
from mailbag.games.postcards.pieces import inventory
from mailbag.games.postcards.state import EMPTY, PostcardsState
from mailbag.sim.runner import play_game

from .automa_support import AUTOMA, COMPONENTS, GAME, card_events, said, table, travel_row

# -- set-up --------------------------------------------------------------------------------------


def test_solo_setup_no_hand_one_postcard_random_first_player() -> None:
    firsts = Counter()
    for seed in range(40):
        state = new_game(GAME, ("player", "automa:normal"), {}, seed)
        firsts[state.first_player] += 1
        bot = state.players[AUTOMA]
        assert bot.kind == "automa:normal"
        assert bot.hand == []
        assert bot.postcards  # dealt one postcard (more if it already played first)
        assert len(state.players[0].hand) == 5
        assert state.current == 0  # the Automa's first turn, if any, is already played
    assert firsts[0] and firsts[1], "solo: the first player is drawn at random"


def test_an_automa_first_player_plays_at_once_and_the_display_is_refilled() -> None:
    seed = next(
        s
        for s in range(100)
        if new_game(GAME, ("player", "automa:easy"), {}, s).first_player == AUTOMA
    )
    state = new_game(GAME, ("player", "automa:easy"), {}, seed)
    assert state.turns == 1 and state.current == 0
    assert EMPTY not in state.travel_row


@pytest.mark.parametrize("seats", [("automa:normal", "automa:easy"), ("player", "automa:hard")])
def test_bad_tables_are_refused(seats: tuple[str, ...]) -> None:
    with pytest.raises(SeatError):
        new_game(GAME, seats, {}, 0)


# -- the turn flow around an Automa ---------------------------------------------------------------


def test_engine_runs_the_automa_turn_refills_the_display_and_passes_on() -> None:
    state = table(current=AUTOMA)
    travel_row(state, "red.movement", "blue.postcard", "green.camp", "yellow.movement", "red.camp")
    before = inventory(COMPONENTS, state)
    events = turn.run_engine_seats(COMPONENTS, state)
    assert [e.kind for e in events].count("automa_card") == 4
    assert EMPTY not in state.travel_row  # PC-13: refilled at the end of its turn
    assert state.current == 0 and state.turns == 1
    assert GAME.deciders(state) == (0,)
    assert inventory(COMPONENTS, state) == before


def test_after_a_players_turn_the_automa_plays_inside_apply() -> None:
    state = table(current=0)
    events: list[Event] = []
    while state.current == 0 and state.turns == 0:
        legal = GAME.legal_actions(state, 0)
        action = Action("end") if Action("end") in legal else legal[0]
        state, step = apply(GAME, state, 0, action)
        events += step
    assert state.turns == 2 and state.current == 0
    cards = card_events(events)
    assert len(cards) == 4 and all(e.data["seat"] == AUTOMA for e in cards)
    assert all(" → " in said(e) for e in cards)


def test_several_automas_each_with_its_own_difficulty_pc17() -> None:
    state = table(("player", "automa:easy", "automa:expert", "automa:normal"), current=1)
    events = turn.run_engine_seats(COMPONENTS, state)
    per_seat = Counter(e.data["seat"] for e in card_events(events))
    assert per_seat == {1: 3, 2: 5, 3: 4}
    assert state.current == 0


def test_automa_turn_is_deterministic() -> None:
    a, b = table(current=AUTOMA, seed=7), table(current=AUTOMA, seed=7)
    assert turn.run_engine_seats(COMPONENTS, a) == turn.run_engine_seats(COMPONENTS, b)
    assert a == b


def test_every_card_event_explains_rule_and_result() -> None:
    state = table(("player", "automa:expert"), current=AUTOMA)
    for e in card_events(turn.run_engine_seats(COMPONENTS, state)):
        assert said(e).startswith(f"Automa seat {AUTOMA}: slot {e.data['slot']}, ")
        assert e.data["result"] in ("stamp", "movement", "postcard", "camp", "discarded")
        assert e.data["steps"] and all(s["rule"].startswith("PC-") for s in e.data["steps"])
        assert e.data["card"] == f"{e.data['colour']}.{e.data['action']}"


# -- random games to the end ----------------------------------------------------------------------


class Watch:
    """Checks made after every step of a game with Automas."""

    def __init__(self, seats: tuple[str, ...]) -> None:
        self.seats = seats
        self.automa_turns = 0

    def __call__(self, seat: int, action: Action, events: list[Event], state: Any) -> None:
        assert isinstance(state, PostcardsState)
        for s in GAME.deciders(state):
            assert state.players[s].kind == "player"
            assert GAME.legal_actions(state, s)
        turns: list[list[Event]] = []
        for e in events:
            if e.kind == "automa_turn":
                turns.append([])
                self.automa_turns += 1
            elif e.kind == "automa_card":
                turns[-1].append(e)
        for cards in turns:
            bot = state.players[cards[0].data["seat"]]
            assert len(cards) == automa.cards_to_play(bot.kind)
        for s, player in enumerate(state.players):
            if player.kind == "player":
                continue
            assert player.hand == []
            regions = [COMPONENTS.postcards[o.card].region for o in player.postcards]
            for region in COMPONENTS.itineraries[player.itinerary].regions:
                assert regions.count(region) <= 1, f"seat {s}: two postcards of {region}"


TABLES = [
    ("random", "automa:easy"),
    ("random", "automa:normal"),
    ("random", "automa:expert"),
    ("random", "random", "automa:normal", "automa:expert"),
    ("random", "automa:easy", "automa:normal", "automa:expert"),
    ("random", "random", "random", "automa:easy"),
]
OPTIONS = [
    {"edition": "en", "side": "A"},
    {"edition": "en", "side": "B"},
    {"edition": "nl", "side": "A"},
    {"edition": "nl", "side": "B"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['edition']}-{o['side']}")
@pytest.mark.parametrize("seats", TABLES, ids="+".join)
def test_random_games_with_automas_reach_the_end(
    seats: tuple[str, ...], options: dict[str, str]
) -> None:
    for seed in range(6):
        watch = Watch(seats)
        result = play_game(GAME, list(seats), dict(options), seed, fast=True, on_step=watch)
        state = result.state
        assert GAME.is_over(state)
        assert watch.automa_turns or state.turns == 0
        assert inventory(COMPONENTS, state) == inventory(
            COMPONENTS,
            GAME.new_state(tuple("player" if k == "random" else k for k in seats), options, seed),
        )


def test_many_solo_games_through_the_checked_path() -> None:
    for seed in range(12):
        kind = ("automa:easy", "automa:normal", "automa:expert")[seed % 3]
        seats = ("random", kind)
        play_game(GAME, list(seats), {}, 100 + seed, on_step=Watch(seats))


def test_automas_score_and_send_in_solo_games() -> None:
    sent = 0
    for seed in range(10):
        result = play_game(GAME, ["random", "automa:expert"], {}, seed, fast=True)
        bot = result.state.players[AUTOMA]
        sent += sum(1 for o in bot.postcards if o.sent)
        assert result.scores[AUTOMA] > 0
    assert sent >= 10


def test_a_recorded_game_with_automas_replays_exactly() -> None:
    seats = ["random", "automa:expert", "random", "automa:easy"]
    result = play_game(GAME, seats, {"edition": "nl", "side": "B"}, 5, digests=True)
    record = records.loads(result.record.dumps())
    final = records.replay(GAME, record)
    assert final == result.state
    assert record.seats == seats
