"""Stampy the Furious Dog mode (CA-9, CA-107): placement, moves, bites, Bone, the revealed card."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, new_game, parse_action
from mailbag.games.carteros import GAME

from .builder import ACT, act, build, legal


def test_the_starting_player_places_stampy_on_a_corner_after_everyones_first_turn() -> None:
    state = new_game(GAME, 3, {"stampy": True}, 4)
    state, _ = act(state, "end", "end")
    assert state.stampy == -1 and GAME.deciders(state) == (2,)
    state, _ = act(state, "end")
    assert GAME.deciders(state) == (0,)
    assert legal(state) == [
        "place_stampy A1",
        "place_stampy C1",
        "place_stampy A4",
        "place_stampy C4",
    ]
    with pytest.raises(IllegalAction, match="corner"):
        apply(GAME, state, 0, parse_action("place_stampy B2"))
    state, _ = act(state, "place_stampy C1")
    assert state.stampy == 2 and state.round == 2 and state.current == 0
    assert not state.tasks  # no move at the placement itself


def test_at_the_end_of_each_turn_the_next_carrier_moves_stampy_one_house() -> None:
    state = build(3, stampy=True, stampy_at="B2", current=1)
    state, _ = act(state, "end")
    assert GAME.deciders(state) == (2,) and state.current == 1
    assert legal(state) == ["move_stampy B1", "move_stampy A2", "move_stampy C2", "move_stampy B3"]
    with pytest.raises(IllegalAction, match="one house"):
        apply(GAME, state, 2, parse_action("move_stampy C3"))
    state, _ = act(state, "move_stampy B3")
    assert state.stampy == 7 and state.current == 2


def test_stampy_moves_freely_through_floods() -> None:
    state = build(2, stampy=True, stampy_at="A1", floods=["A1"])
    state, _ = act(state, "end")
    assert legal(state) == ["move_stampy B1", "move_stampy A2"]


def test_stampy_landing_on_carriers_bites_a_random_mail_card_from_each() -> None:
    state = build(
        3,
        stampy=True,
        stampy_at="A1",
        pos={1: "B1", 2: "B1"},
        mail={1: {"letter": 2}, 2: {"parcel": 1}},
    )
    state, events = act(state, "end", "move_stampy B1")
    assert state.mail[1] == [1, 0] and state.mail[2] == [0, 0]
    assert [e.data["seat"] for e in events if e.kind == "catch"] == [1, 2]
    assert state.mail_discard == [1, 1]


def test_a_bite_without_mail_takes_a_random_action_card_else_a_card_is_owed() -> None:
    state = build(3, stampy=True, stampy_at="A1", pos={1: "B1", 2: "B1"}, hand={1: ["wind"]})
    state, _ = act(state, "end", "move_stampy B1")
    assert state.hand[1][ACT["wind"]] == 0 and state.action_discard[ACT["wind"]] == 1
    assert state.debt == [0, 0, 1]
    assert GAME.view(state, 0)["carriers"][2]["debt"] == 1


def test_ca107_a_carrier_owes_at_most_one_card_and_pays_it_at_the_next_refill() -> None:
    state = build(2, stampy=True, stampy_at="A1", pos={1: "B1"})
    state.debt[1] = 1
    state, _ = act(state, "end", "move_stampy B1")  # seat 1 bites itself: still one card owed
    assert state.debt == [0, 1] and state.current == 1
    state, events = act(state, "refill")
    assert sum(state.mail[1]) == 4 and state.debt == [0, 0]
    assert any(e.kind == "debt" for e in events)


def test_bone_answers_a_bite_out_of_turn() -> None:
    state = build(
        2, stampy=True, stampy_at="A1", pos={1: "B1"}, mail={1: {"letter": 2}}, hand={1: ["bone"]}
    )
    state, _ = act(state, "end", "move_stampy B1")
    assert GAME.deciders(state) == (1,)
    assert legal(state) == ["use bone", "pass"]
    state, _ = act(state, "use bone")
    assert state.mail[1] == [2, 0] and state.hand[1][ACT["bone"]] == 0
    assert GAME.deciders(state) == (1,) and state.current == 1


def test_bone_answers_the_debt_at_refill() -> None:
    state = build(2, stampy=True, stampy_at="C4", hand={0: ["bone"]})
    state.debt[0] = 1
    state, _ = act(state, "refill")
    assert legal(state) == ["use bone", "pass"]
    state, _ = act(state, "use bone")
    assert sum(state.mail[0]) == 5 and state.debt[0] == 0


def test_a_revealed_stampy_card_moves_the_meeple_which_blocks_the_house() -> None:
    state = build(
        2,
        stampy=True,
        stampy_at="C4",
        pos={0: "A1", 1: "A1"},
        grid={"A1": "stampy"},
        mail={0: {"letter": 2}, 1: {"letter": 2}},
    )
    state, events = act(state, "deliver")
    assert state.stampy == 0
    assert not any(e.kind == "catch" for e in events)  # CA-107: nobody is bitten by the run
    assert state.mail[1] == [2, 0]
    assert GAME.deciders(state) == (1,)  # the turn ended (two actions lost); seat 1 moves Stampy
    state, _ = act(state, "move_stampy B1", "move A2", "move A1")
    assert state.stampy == 1
    stay = build(2, stampy=True, stampy_at="A1", pos={0: "A1"}, mail={0: {"letter": 1}}, current=0)
    assert "deliver" not in legal(stay)
    with pytest.raises(IllegalAction, match="Stampy blocks") as info:
        apply(GAME, stay, 0, parse_action("deliver"))
    assert info.value.rule == "CA-9"


def test_walking_onto_stampys_house_does_not_bite() -> None:
    state = build(2, stampy=True, stampy_at="B1", pos={0: "A1"}, mail={0: {"letter": 2}})
    state, events = act(state, "move B1")
    assert state.mail[0] == [2, 0] and not any(e.kind == "catch" for e in events)


def test_ca107_a_stampy_card_in_the_first_round_brings_him_out_early() -> None:
    state = build(
        2,
        stampy=True,
        round=1,
        current=1,
        pos={1: "A1"},
        grid={"A1": "stampy"},
        mail={1: {"letter": 1}},
    )
    state, _ = act(state, "deliver")
    assert state.stampy == 0
    assert GAME.deciders(state) == (0,)
    assert legal(state)[0].startswith("move_stampy")  # no corner placement: he is already out


def test_stampy_card_without_stampy_mode_moves_no_meeple() -> None:
    state = build(2, pos={0: "A1"}, grid={"A1": "stampy"}, mail={0: {"letter": 1}})
    state, _ = act(state, "deliver")
    assert state.stampy == -1 and GAME.deciders(state) == (1,)
