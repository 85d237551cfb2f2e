"""Delivering (CA-2): the five HOUSE card outcomes, the replaced-this-turn restriction, and the
in-turn reactions (Bone against Stampy, GPS against Lost)."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, parse_action
from mailbag.games.carteros import GAME

from .builder import ACT, HK, act, build, legal


def at_b2(card: str, **kw: object) -> object:
    kw.setdefault("mail", {0: {"letter": 2, "parcel": 1}})
    return build(2, grid={"B2": card}, pos={0: "B2"}, house_top=["lost"], **kw)  # type: ignore[arg-type]


def test_received_letter_delivers_one_card_of_the_players_choice() -> None:
    state, events = act(at_b2("received_letter"), "deliver")
    assert GAME.deciders(state) == (0,)
    assert legal(state) == ["give letter", "give parcel"]
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.to is None and reveal.data["card"] == "received_letter"
    state, _ = act(state, "give parcel")
    assert state.delivered[0] == [0, 1] and state.mail[0] == [2, 0]
    assert GAME.scores(state)[0].total == 2
    # the turned card is discarded face up and replaced face down
    assert state.house_discard[HK["received_letter"]] == 1
    assert state.grid[4] == HK["lost"]


def test_the_replacement_card_cannot_be_turned_by_the_same_player_this_turn() -> None:
    state, _ = act(at_b2("received_letter"), "deliver", "give letter")
    assert "deliver" not in legal(state)
    with pytest.raises(IllegalAction, match="placed this turn") as info:
        apply(GAME, state, 0, parse_action("deliver"))
    assert info.value.rule == "CA-2"
    # next turn (after the other carrier's) it may be turned again
    state, _ = act(state, "end", "end")
    assert "deliver" in legal(state)


def test_double_received_delivers_two_cards_chosen_one_at_a_time() -> None:
    state, _ = act(at_b2("double_received"), "deliver", "give letter")
    assert legal(state) == ["give letter", "give parcel"]
    state, _ = act(state, "give parcel")
    assert state.delivered[0] == [1, 1] and not state.tasks


def test_ca112_double_received_with_only_one_card_delivers_one_and_still_asks() -> None:
    state, _ = act(at_b2("double_received", mail={0: {"parcel": 1}}), "deliver")
    assert legal(state) == ["give parcel"]
    state, _ = act(state, "give parcel")
    assert state.delivered[0] == [0, 1] and not state.tasks
    assert GAME.deciders(state) == (0,) and state.actions_used == 1


def test_stampy_with_actions_left_costs_the_rest_of_the_turn() -> None:
    state, events = act(at_b2("stampy"), "deliver")
    assert state.current == 1  # the turn ended at once
    assert sum(state.mail[0]) == 3  # nothing lost but the two actions
    flee = next(e for e in events if e.kind == "flee")
    assert flee.data["actions"] == 2
    assert GAME.presentation.event_text(flee, ["Ana", "Ben"]) == (
        "Ana flees from Stampy and loses 2 actions"
    )
    # revealed on the second action: one action lost, in the singular
    _state, events = act(at_b2("stampy", actions_used=1), "deliver")
    flee = next(e for e in events if e.kind == "flee")
    assert GAME.presentation.event_text(flee, ["Ana", "Ben"]) == (
        "Ana flees from Stampy and loses 1 action"
    )


def test_stampy_revealed_on_the_last_action_costs_a_mail_card_of_choice() -> None:
    state, _ = act(at_b2("stampy", actions_used=2), "deliver")
    assert GAME.deciders(state) == (0,)
    assert legal(state) == ["discard letter", "discard parcel"]
    state, _ = act(state, "discard parcel")
    assert state.mail[0] == [2, 0] and state.mail_discard[1] == 1
    assert state.current == 1


def test_bone_answers_stampy_and_the_turn_goes_on() -> None:
    state, _ = act(at_b2("stampy", hand={0: ["bone"]}), "deliver")
    assert GAME.deciders(state) == (0,)
    assert legal(state) == ["use bone", "pass"]
    state, events = act(state, "use bone")
    assert state.current == 0 and state.actions_used == 1  # Bone is not an action
    assert state.hand[0][ACT["bone"]] == 0 and state.action_discard[ACT["bone"]] == 1
    assert "react" in [e.kind for e in events]


def test_bone_on_the_last_action_saves_the_mail_card() -> None:
    state, _ = act(at_b2("stampy", hand={0: ["bone"]}, actions_used=2), "deliver", "use bone")
    assert sum(state.mail[0]) == 3 and state.current == 1


def test_passing_the_bone_window_lets_stampy_act() -> None:
    state, events = act(at_b2("stampy", hand={0: ["bone"]}), "deliver", "pass")
    assert state.current == 1 and state.hand[0][ACT["bone"]] == 1
    assert "pass" in [e.kind for e in events]


def test_no_reaction_window_without_the_card() -> None:
    state, _ = act(at_b2("stampy", hand={0: ["umbrella"]}), "deliver")
    assert state.current == 1 and not state.tasks


def test_lost_sends_the_carrier_to_the_post_office_and_the_turn_goes_on() -> None:
    state, events = act(at_b2("lost"), "deliver")
    assert state.pos[0] == -1 and state.current == 0 and state.actions_used == 1
    assert "lost" in [e.kind for e in events]
    assert "move A1" in legal(state)  # returning costs a move action


def test_gps_answers_lost_without_a_peek() -> None:
    state, _ = act(at_b2("lost", hand={0: ["gps"]}), "deliver")
    assert legal(state) == ["use gps", "pass"]
    state, _ = act(state, "use gps")
    assert state.pos[0] == 4 and state.current == 0 and state.actions_used == 1
    assert all(k == -1 for k in state.known[0])  # no peek
    lost, _ = act(at_b2("lost", hand={0: ["gps"]}), "deliver", "pass")
    assert lost.pos[0] == -1 and lost.hand[0][ACT["gps"]] == 1


def test_change_of_direction_discards_a_mail_card_of_choice() -> None:
    state, _ = act(at_b2("change_of_direction"), "deliver")
    assert legal(state) == ["discard letter", "discard parcel"]
    state, _events = act(state, "discard letter")
    assert state.mail[0] == [1, 1] and state.mail_discard == [1, 0]
    assert state.current == 0 and state.actions_used == 1


def test_delivering_needs_a_mail_card() -> None:
    state = at_b2("received_letter", mail={0: {}})
    assert "deliver" not in legal(state)
    with pytest.raises(IllegalAction, match="no Mail card"):
        apply(GAME, state, 0, parse_action("deliver"))


def test_delivering_needs_the_neighbourhood() -> None:
    state = build(2, mail={0: {"letter": 1}})
    with pytest.raises(IllegalAction, match="not in the neighbourhood"):
        apply(GAME, state, 0, parse_action("deliver"))
