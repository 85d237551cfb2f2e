"""The Action cards: Bicycle (CA-4), Wind (CA-5), Rain, Umbrella, Rubber Boots, Sunny Day (CA-6)
and GPS (CA-7)."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, parse_action
from mailbag.games.carteros import GAME

from .builder import ACT, HK, act, build, legal

# -- Bicycle ----------------------------------------------------------------------------------


def test_bicycle_rides_up_to_three_houses_delivering_on_received_and_double() -> None:
    state = build(
        2,
        pos={0: "A1"},
        grid={"A2": "received_letter", "A3": "double_received", "A4": "received_letter"},
        mail={0: {"letter": 5}},
        hand={0: ["bicycle"]},
    )
    state, _ = act(state, "play bicycle")
    assert legal(state) == ["ride B1", "ride A2"]  # a first step picks the direction
    state, _ = act(state, "ride A2")
    assert legal(state) == ["give letter"]
    state, _ = act(state, "give letter")
    assert legal(state) == ["ride A3", "stop"]  # straight on, or get off
    state, _ = act(state, "ride A3", "give letter", "give letter", "ride A4", "give letter")
    assert state.pos[0] == 9 and sum(state.delivered[0]) == 4
    assert not state.tasks and state.actions_used == 1  # the whole ride was one action
    assert state.house_discard[HK["received_letter"]] == 2


def test_bicycle_ignores_stampy_lost_and_change_of_direction_but_replaces_them() -> None:
    state = build(
        2,
        stampy=True,
        pos={0: "A1"},
        grid={"A2": "stampy", "A3": "lost", "A4": "change_of_direction"},
        mail={0: {"letter": 2}},
        hand={0: ["bicycle"]},
        stampy_at="C4",
    )
    state, _ = act(state, "play bicycle", "ride A2", "ride A3", "ride A4")
    assert state.pos[0] == 9 and state.mail[0] == [2, 0]
    assert state.stampy == 11  # the dog's meeple did not come (rule 7)
    assert state.current == 0 and state.actions_used == 1
    assert [state.house_discard[HK[k]] for k in ("stampy", "lost", "change_of_direction")] == [
        1,
        1,
        1,
    ]


def test_ca106_bicycle_cannot_enter_a_flood_even_with_boots() -> None:
    state = build(
        2, pos={0: "A1"}, floods=["A2"], boots=[0], mail={0: {"letter": 3}}, hand={0: ["bicycle"]}
    )
    state, _ = act(state, "play bicycle")
    assert legal(state) == ["ride B1"]  # A2 is flooded (A2, B2, A3, B3)
    with pytest.raises(IllegalAction, match="flooded") as info:
        apply(GAME, state, 0, parse_action("ride A2"))
    assert info.value.rule == "CA-4"
    # riding along row 1 stops at the edge
    state, _ = act(state, "ride B1", "give letter", "ride C1", "give letter")
    assert legal(state) == ["stop"]


def test_bicycle_over_a_flood_is_not_offered_when_every_neighbour_is_flooded() -> None:
    state = build(2, pos={0: "A1"}, floods=["A1"], mail={0: {"letter": 1}}, hand={0: ["bicycle"]})
    assert "play bicycle" not in legal(state)
    with pytest.raises(IllegalAction, match="flooded"):
        apply(GAME, state, 0, parse_action("play bicycle"))


def test_ca106_bicycle_passes_stampy_without_turning_his_house() -> None:
    state = build(
        2,
        stampy=True,
        pos={0: "B1"},
        stampy_at="B2",
        grid={"B2": "received_letter", "B3": "received_letter"},
        mail={0: {"letter": 2}},
        hand={0: ["bicycle"]},
    )
    state, events = act(state, "play bicycle", "ride B2")
    assert state.grid[4] == HK["received_letter"] and sum(state.delivered[0]) == 0
    assert not any(e.kind == "catch" for e in events)
    state, _ = act(state, "ride B3", "give letter")
    assert sum(state.delivered[0]) == 1 and state.pos[0] == 7


def test_ca106_bicycle_passes_a_house_replaced_this_turn() -> None:
    state = build(
        2,
        pos={0: "A1"},
        grid={"A1": "received_letter"},
        house_top=["double_received"],
        mail={0: {"letter": 3}},
        hand={0: ["bicycle"]},
    )
    state, _ = act(state, "deliver", "give letter", "move A2", "play bicycle")
    # the bicycle is the third action: the ride still happens before the turn ends
    assert state.tasks[-1].kind == "ride"
    state, _ = act(state, "ride A1")
    assert sum(state.delivered[0]) == 1  # A1's new card was not turned again


def test_ca106_bicycle_turns_houses_without_mail_but_delivers_nothing() -> None:
    state = build(2, pos={0: "A1"}, grid={"B1": "received_letter"}, hand={0: ["bicycle"]})
    state, _ = act(state, "play bicycle", "ride B1", "stop")
    assert state.house_discard[HK["received_letter"]] == 1 and sum(state.delivered[0]) == 0


# -- Wind -------------------------------------------------------------------------------------


def test_wind_blows_a_random_mail_card_from_every_other_carrier_on_the_same_street() -> None:
    state = build(
        4,
        pos={0: "B2", 1: "B4", 2: "C2", 3: "C3"},
        mail={0: {"letter": 1}, 1: {"parcel": 1}, 2: {"letter": 1}, 3: {"letter": 2}},
        hand={0: ["wind"]},
    )
    state, events = act(state, "play wind")
    assert state.mail[1] == [0, 0] and state.mail[2] == [0, 0]  # column B, row 2
    assert state.mail[3] == [2, 0] and state.mail[0] == [1, 0]  # C3 and the player untouched
    assert state.mail_discard == [1, 1]
    assert [e.data["seat"] for e in events if e.kind == "wind"] == [1, 2]


def test_wind_spares_carriers_outside_the_neighbourhood() -> None:
    state = build(2, pos={0: "A1"}, mail={1: {"letter": 3}}, hand={0: ["wind"]})
    state, _ = act(state, "play wind")
    assert state.mail[1] == [3, 0]


# -- Rain, Umbrella, Rubber Boots, Sunny Day --------------------------------------------------


def test_rain_soaks_every_other_carrier_in_the_neighbourhood_then_floods_a_block() -> None:
    state = build(
        3,
        pos={0: "A1", 1: "C4"},
        mail={0: {"letter": 1}, 1: {"letter": 2, "parcel": 1}, 2: {"letter": 4}},
        hand={0: ["rain"], 1: ["wind"]},
    )
    state, _events = act(state, "play rain")
    assert state.mail[1] == [0, 0] and state.hand[1][ACT["wind"]] == 1  # only Mail is lost
    assert state.mail[2] == [4, 0]  # at the Post Office: dry
    assert state.mail[0] == [1, 0]  # the player keeps their mail
    assert legal(state) == ["flood A1", "flood B1", "flood A2", "flood B2", "flood A3", "flood B3"]
    state, _ = act(state, "flood B3")
    assert state.floods == [5] and state.current == 0
    assert GAME.inventory(state) == GAME.inventory(build(3))


def test_rain_against_a_carrier_at_the_post_office_leaves_them_dry() -> None:
    state = build(2, pos={0: "B2"}, mail={1: {"letter": 5}}, hand={0: ["rain"], 1: ["umbrella"]})
    state, _ = act(state, "play rain")
    assert state.tasks[-1].kind == "flood"  # no umbrella window for a carrier not in danger
    state, _ = act(state, "flood A1")
    assert state.mail[1] == [5, 0]


def test_umbrella_is_offered_to_the_reacting_seat_while_the_player_waits() -> None:
    state = build(
        3,
        pos={0: "A1", 1: "B2", 2: "C3"},
        mail={1: {"letter": 2}, 2: {"parcel": 2}},
        hand={0: ["rain"], 1: ["umbrella"], 2: ["umbrella"]},
    )
    state, _ = act(state, "play rain")
    assert GAME.deciders(state) == (1,)
    assert legal(state, 1) == ["use umbrella", "pass"]
    # CA-103: seat 2's window is not announced before it opens
    assert [t["kind"] for t in GAME.view(state, 0)["tasks"]] == ["flood", "soak", "soak", "react"]
    assert GAME.legal_actions(state, 0) == []
    state, _ = act(state, "use umbrella")
    assert GAME.deciders(state) == (2,)
    state, _ = act(state, "pass")
    assert state.mail[1] == [2, 0] and state.mail[2] == [0, 0]
    assert state.hand[1][ACT["umbrella"]] == 0 and state.action_discard[ACT["umbrella"]] == 1
    assert GAME.deciders(state) == (0,) and state.tasks[-1].kind == "flood"


def test_nobody_delivers_in_a_flooded_house_but_boots_allow_it() -> None:
    state = build(
        2, pos={0: "B2"}, floods=["A1"], mail={0: {"letter": 1}}, hand={0: ["rubber_boots"]}
    )
    assert "deliver" not in legal(state)
    with pytest.raises(IllegalAction, match="flooded") as info:
        apply(GAME, state, 0, parse_action("deliver"))
    assert info.value.rule == "CA-6"
    state, _ = act(state, "play rubber_boots")
    assert state.boots[0] and "deliver" in legal(state)
    assert "play rubber_boots" not in legal(
        build(2, pos={0: "B2"}, boots=[0], hand={0: ["rubber_boots"]})
    )


def test_umbrella_does_not_allow_delivering_in_a_flood() -> None:
    state = build(2, pos={0: "A1"}, floods=["A1"], mail={0: {"letter": 1}}, hand={0: ["umbrella"]})
    assert "deliver" not in legal(state)


def test_sunny_day_removes_every_flood_and_the_boots_with_them() -> None:
    state = build(2, pos={0: "C4"}, floods=["A1", "B3"], boots=[0, 1], hand={0: ["sunny_day"]})
    state, _ = act(state, "play sunny_day")
    assert state.floods == [] and state.boots == [False, False]
    assert state.action_discard[ACT["rain"]] == 2
    assert state.action_discard[ACT["rubber_boots"]] == 2
    assert state.action_discard[ACT["sunny_day"]] == 1


# -- GPS --------------------------------------------------------------------------------------


def test_gps_peeks_at_two_adjacent_houses_privately_then_ends_the_turn() -> None:
    state = build(
        2, pos={0: "A1"}, grid={"B1": "stampy", "A2": "double_received"}, hand={0: ["gps"]}
    )
    state, _ = act(state, "play gps")
    assert legal(state) == ["peek B1", "peek A2"]
    state, events = act(state, "peek A2")
    private = [e for e in events if e.kind == "peeked"]
    assert private[0].to == (0,) and private[0].data["card"] == "double_received"
    public = [e for e in events if e.kind == "peek"]
    assert public[0].to is None and "card" not in public[0].data
    assert legal(state) == ["peek B1", "stop"]
    state, _ = act(state, "peek B1")
    assert state.current == 1
    mine = GAME.view(state, 0)
    assert mine["known"] == {"B1": "stampy", "A2": "double_received"}
    theirs = GAME.view(state, 1)
    assert theirs["known"] == {} and theirs["carriers"][0]["peeked"] == ["B1", "A2"]


def test_what_gps_saw_is_forgotten_when_the_house_card_changes() -> None:
    state = build(
        2,
        pos={0: "A1", 1: "B1"},
        grid={"B1": "received_letter", "A2": "lost"},
        mail={1: {"letter": 1}},
        hand={0: ["gps"]},
    )
    state, _ = act(state, "play gps", "peek B1", "peek A2")
    assert GAME.view(state, 0)["known"] == {"B1": "received_letter", "A2": "lost"}
    state, _ = act(state, "deliver", "give letter")  # seat 1 turns B1
    assert GAME.view(state, 0)["known"] == {"A2": "lost"}


def test_gps_cannot_be_the_last_action() -> None:
    state = build(2, pos={0: "A1"}, hand={0: ["gps"]}, actions_used=2)
    assert "play gps" not in legal(state)
    with pytest.raises(IllegalAction, match="last action") as info:
        apply(GAME, state, 0, parse_action("play gps"))
    assert info.value.rule == "CA-7"
    second = build(2, pos={0: "A1"}, hand={0: ["gps"]}, actions_used=1)
    assert "play gps" in legal(second)
