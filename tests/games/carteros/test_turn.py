"""Set-up, the turn of up to three actions (CA-1) and refilling at the Post Office (CA-3)."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, NotYourTurn, apply, new_game, parse_action
from mailbag.core.i18n import use_language
from mailbag.games.carteros import GAME

from .builder import ACT, ACTION_KINDS, act, build, legal


def test_ca104_setup_deals_five_mail_and_two_action_cards_seat_0_starts() -> None:
    state = new_game(GAME, 4, {}, 11)
    assert len(state.grid) == 12
    components = GAME.components
    assert len(state.house_deck) == sum(components.house_counts) - 12
    assert [sum(m) for m in state.mail] == [5] * 4
    assert [sum(h) for h in state.hand] == [2] * 4
    assert len(state.mail_deck) == sum(components.mail_counts) - 20
    assert len(state.action_deck) == sum(components.action_counts) - 8
    assert state.pos == [-1] * 4  # everyone waits at the Post Office
    assert GAME.deciders(state) == (0,)  # CA-104: the first seat starts
    assert state.stampy == -1 and state.mission_decks == [[], []]


def test_missions_mode_lays_out_two_face_up_decks_of_six() -> None:
    state = new_game(GAME, 2, {"missions": True}, 5)
    assert [len(d) for d in state.mission_decks] == [6, 6]
    assert sorted(m for d in state.mission_decks for m in d) == list(range(1, 13))


def test_entering_the_neighbourhood_is_a_move_onto_a_corner() -> None:
    state = build(2)
    moves = [a for a in legal(state) if a.startswith("move")]
    assert moves == ["move A1", "move C1", "move A4", "move C4"]
    with pytest.raises(IllegalAction, match="corner") as info:
        apply(GAME, state, 0, parse_action("move B2"))
    assert "Turn Order 3" in str(info.value)
    after, _ = act(state, "move C4")
    assert after.pos[0] == 11 and after.actions_used == 1


def test_moves_are_orthogonal_one_house_at_a_time() -> None:
    state = build(2, pos={0: "B2"})
    assert [a for a in legal(state) if a.startswith("move")] == [
        "move B1",
        "move A2",
        "move C2",
        "move B3",
    ]
    with pytest.raises(IllegalAction, match="one house"):
        apply(GAME, state, 0, parse_action("move C3"))


def test_three_actions_in_any_order_with_repeats_then_the_turn_passes() -> None:
    state = build(2, pos={0: "A1"}, mail={0: {"letter": 2}, 1: {"letter": 1}})
    state, events = act(state, "move A2", "move A3")
    assert GAME.deciders(state) == (0,) and state.actions_used == 2
    state, events = act(state, "move A4")
    assert GAME.deciders(state) == (1,)
    assert state.actions_used == 0 and state.current == 1
    assert "end_turn" in [e.kind for e in events]
    with pytest.raises(NotYourTurn):
        apply(GAME, state, 0, parse_action("move A3"))


def test_a_turn_may_end_early() -> None:
    state = build(3, current=1)
    state, _ = act(state, "end")
    assert state.current == 2
    state, _ = act(state, "end")
    assert state.current == 0 and state.round == 3  # a new round starts with the first seat


def test_ca111_draw_anywhere_only_while_holding_fewer_than_three_action_cards() -> None:
    state = build(2, hand={0: ["wind", "wind"]}, action_top=["gps", "bone"])
    assert "draw" in legal(state)
    state, events = act(state, "draw")
    assert state.hand[0][ACT["gps"]] == 1  # GPS drawn
    private = [e for e in events if e.kind == "drawn"]
    assert private and private[0].to == (0,)
    assert "draw" not in legal(state)
    with pytest.raises(IllegalAction, match="fewer than 3") as info:
        apply(GAME, state, 0, parse_action("draw"))
    assert info.value.rule == "CA-1"


def test_discard_and_replace_once_per_turn() -> None:
    state = build(2, hand={0: ["wind", "rain"]}, action_top=["bone", "gps"])
    state, _ = act(state, "replace wind")
    held = {ACTION_KINDS[k]: n for k, n in enumerate(state.hand[0]) if n}
    assert held == {"rain": 1, "bone": 1}  # rain kept, bone drawn
    assert state.action_discard[ACT["wind"]] == 1
    assert not any(a.startswith("replace") for a in legal(state))
    with pytest.raises(IllegalAction, match="once per turn"):
        apply(GAME, state, 0, parse_action("replace rain"))


def test_action_cards_are_played_only_inside_the_neighbourhood() -> None:
    state = build(2, hand={0: ["wind", "sunny_day"]})
    assert not any(a.startswith("play") for a in legal(state))
    with pytest.raises(IllegalAction, match="inside the neighbourhood"):
        apply(GAME, state, 0, parse_action("play wind"))
    inside, _ = act(state, "move A1")
    assert {"play wind", "play sunny_day"} <= set(legal(inside))


def test_bone_and_umbrella_are_reactions_not_actions() -> None:
    state = build(2, pos={0: "B2"}, hand={0: ["bone", "umbrella"]})
    assert not any(a.startswith("play") for a in legal(state))
    with pytest.raises(IllegalAction, match="only used as a reaction") as info:
        apply(GAME, state, 0, parse_action("play bone"))
    assert info.value.rule == "CA-110"


def test_ca3_ca111_refill_from_anywhere_up_to_five_only_with_no_mail_in_hand() -> None:
    state = build(2, pos={0: "B2"}, mail={0: {"letter": 1}})
    assert "refill" not in legal(state)
    with pytest.raises(IllegalAction, match="no Mail card") as info:
        apply(GAME, state, 0, parse_action("refill"))
    assert info.value.rule == "CA-3"
    empty = build(2, pos={0: "B2"}, mail={0: {}}, delivered={0: {"letter": 2}})
    after, events = act(empty, "refill")
    assert after.pos[0] == -1  # leaving needs no edge: straight to the Post Office
    assert sum(after.mail[0]) == 5 and after.actions_used == 1
    assert next(e for e in events if e.kind == "refilled").to == (0,)


def test_refill_never_beyond_ten_deliveries_rulebook_example() -> None:
    # Turn Order 8: with 7 deliveries made, the carrier draws 3 cards
    state = build(2, mail={0: {}}, delivered={0: {"letter": 4, "parcel": 3}})
    after, refilled = act(state, "refill")
    assert sum(after.mail[0]) == 3
    names = ["Ana", "Ben"]
    refill = next(e for e in refilled if e.kind == "refill")
    assert GAME.presentation.event_text(refill, names) == (
        "Ana refills at the Post Office: 3 Mail cards"
    )
    # nine delivered: one card, and it reads as one (in each language)
    one, events = act(build(2, mail={0: {}}, delivered={0: {"letter": 9}}), "refill")
    assert sum(one.mail[0]) == 1
    refill = next(e for e in events if e.kind == "refill")
    assert GAME.presentation.event_text(refill, names) == (
        "Ana refills at the Post Office: 1 Mail card"
    )
    with use_language("nl"):
        dutch = GAME.presentation.event_text(refill, names)
    assert dutch == "Ana vult de tas bij op het postkantoor: 1 poststuk"
    done = build(2, mail={0: {}}, delivered={0: {"letter": 10}})
    assert "refill" not in legal(done)


def test_ca101_an_empty_mail_deck_is_refilled_from_the_mail_discard_pile() -> None:
    state = build(2, mail={0: {}, 1: {"letter": 20, "parcel": 10}}, delivered={0: {"letter": 5}})
    state.mail_discard = [state.mail_discard[0] + len(state.mail_deck), state.mail_discard[1]]
    state.mail_deck = []
    after, _ = act(state, "refill")
    assert sum(after.mail[0]) == 5
    assert sum(after.mail_discard) == 0 and len(after.mail_deck) == 5  # 10 reshuffled, 5 drawn
    assert GAME.inventory(after) == GAME.inventory(state)


def test_ca101_with_deck_and_discard_empty_the_refill_draws_what_there_is() -> None:
    state = build(2, mail={0: {}, 1: {"letter": 30, "parcel": 13}}, delivered={0: {"parcel": 2}})
    assert len(state.mail_deck) == 0 and not any(state.mail_discard)
    after, _ = act(state, "refill")
    assert sum(after.mail[0]) == 0 and after.pos[0] == -1


def test_refusals_name_the_rule_and_the_reason() -> None:
    state = build(2, pos={0: "B2"}, grid={"B2": "received_letter"}, mail={0: {"letter": 1}})
    state, _ = act(state, "deliver")
    cases = {
        "end": ("CA-2", "must first choose the Mail card to deliver"),
        "give parcel": ("CA-2", "holds no Parcel"),
        "give stamp": ("CA-2", "give takes one of letter, parcel"),
        "fly": ("notation", "not a Carteros action"),
    }
    for text, (rule, reason) in cases.items():
        with pytest.raises(IllegalAction, match=reason) as info:
            apply(GAME, state, 0, parse_action(text))
        assert info.value.rule == rule
    shops = build(2, missions=True, pos={0: "B2"}, mission_decks=[[1], [2]])
    shops, _ = act(shops, "shops")
    with pytest.raises(IllegalAction, match="face-up missions are 1, 2"):
        apply(GAME, shops, 0, parse_action("take_mission 3"))
    with pytest.raises(IllegalAction, match="no arguments"):
        apply(GAME, build(2), 0, parse_action("end now"))
