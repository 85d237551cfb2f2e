"""Delivery Missions mode (CA-10, CA-108): the shops, completing and failing missions."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, parse_action
from mailbag.games.carteros import GAME

from .builder import act, build, legal

# mission numbers follow the houses: 1 = A1 (2 pts), 5 = B2 (4 pts), 8 = B3 (4 pts), 12 = C4
B2_MISSION = 5


def test_going_to_the_shops_and_back_are_one_action_each() -> None:
    state = build(2, missions=True, pos={0: "B2"}, mission_decks=[[1, 2, 3], [7, 8]])
    assert "shops" in legal(state)
    state, _ = act(state, "shops")
    assert state.pos[0] == -2 and state.actions_used == 1
    assert legal(state) == ["take_mission 3", "take_mission 8"]  # the two face-up cards
    state, _events = act(state, "take_mission 8")
    assert state.mission[0] == 8 and state.mission_decks == [[1, 2, 3], [7]]
    assert GAME.view(state, 1)["carriers"][0]["mission"] == 8  # taken face up: public
    assert [a for a in legal(state) if a.startswith("move")] == [
        "move A1",
        "move C1",
        "move A4",
        "move C4",
    ]
    assert not any(a.startswith("play") for a in legal(state))  # not in the neighbourhood
    state, _ = act(state, "move C4")
    assert state.actions_used == 2


def test_the_shops_only_from_the_neighbourhood_with_no_mission_held_and_fewer_than_three_done() -> (
    None
):
    outside = build(2, missions=True)
    assert "shops" not in legal(outside)
    holding = build(2, missions=True, pos={0: "A1"}, mission={0: 4})
    with pytest.raises(IllegalAction, match="already hold") as info:
        apply(GAME, holding, 0, parse_action("shops"))
    assert info.value.rule == "CA-10"
    three = build(2, missions=True, pos={0: "A1"}, missions_done={0: [1, 2, 3]})
    assert "shops" not in legal(three)
    plain = build(2, pos={0: "A1"})
    with pytest.raises(IllegalAction, match="Delivery Missions"):
        apply(GAME, plain, 0, parse_action("shops"))


def mission_at_b2(card: str, **kw: object) -> object:
    kw.setdefault("mail", {0: {"letter": 2}})
    return build(
        2,
        missions=True,
        pos={0: "B2"},
        grid={"B2": card},
        mission={0: B2_MISSION},
        **kw,  # type: ignore[arg-type]
    )


def test_received_at_the_mission_house_completes_the_mission() -> None:
    state, events = act(mission_at_b2("received_letter"), "deliver")
    assert state.missions_done[0] == [B2_MISSION] and state.mission[0] == 0
    assert sum(state.delivered[0]) == 0 and not state.tasks  # no Mail card delivered
    score = GAME.scores(state)[0]
    assert score.breakdown["missions"] == 4 and score.total == 4
    assert any(e.kind == "mission" for e in events)


def test_double_at_the_mission_house_completes_it_and_delivers_one_card() -> None:
    state, _ = act(mission_at_b2("double_received"), "deliver")
    assert state.missions_done[0] == [B2_MISSION]
    assert legal(state) == ["give letter"]
    state, _ = act(state, "give letter")
    assert state.delivered[0] == [1, 0] and not state.tasks


def test_ca108_a_mission_delivery_needs_no_mail_card() -> None:
    state = mission_at_b2("received_letter", mail={0: {}})
    assert "deliver" in legal(state)
    elsewhere = build(2, missions=True, pos={0: "B1"}, mission={0: B2_MISSION})
    assert "deliver" not in legal(elsewhere)


def test_lost_at_the_mission_house_returns_to_the_post_office_keeping_the_mission() -> None:
    state, _ = act(mission_at_b2("lost"), "deliver")
    assert state.pos[0] == -1 and state.mission[0] == B2_MISSION


def test_change_of_direction_costs_a_mail_card_else_the_mission() -> None:
    state, _ = act(mission_at_b2("change_of_direction"), "deliver", "discard letter")
    assert state.mission[0] == B2_MISSION and state.mail[0] == [1, 0]
    state, events = act(mission_at_b2("change_of_direction", mail={0: {}}), "deliver")
    assert state.mission[0] == 0 and state.mission_discard[-1] == B2_MISSION
    assert any(e.kind == "lose_mission" for e in events)


def test_stampy_at_the_mission_house_with_no_escape_costs_a_mail_card_else_the_mission() -> None:
    state, _ = act(mission_at_b2("stampy"), "deliver")
    assert state.mission[0] == B2_MISSION and state.current == 1  # fled, mission kept
    state, _ = act(mission_at_b2("stampy", actions_used=2), "deliver", "discard letter")
    assert state.mission[0] == B2_MISSION and state.mail[0] == [1, 0]
    state, _ = act(mission_at_b2("stampy", actions_used=2, mail={0: {}}), "deliver")
    assert state.mission[0] == 0 and B2_MISSION in state.mission_discard


def test_the_bicycle_does_not_complete_a_mission() -> None:
    state = build(
        2,
        missions=True,
        pos={0: "B1"},
        grid={"B2": "received_letter"},
        mission={0: B2_MISSION},
        mail={0: {"letter": 2}},
        hand={0: ["bicycle"]},
    )
    state, _ = act(state, "play bicycle", "ride B2", "give letter", "stop")
    assert state.mission[0] == B2_MISSION and state.missions_done[0] == []
    assert state.delivered[0] == [1, 0]


def test_wind_may_blow_away_the_mission_card() -> None:
    state = build(2, missions=True, pos={0: "A1", 1: "A3"}, mission={1: 9}, hand={0: ["wind"]})
    state, events = act(state, "play wind")
    assert state.mission[1] == 0 and state.mission_discard[-1] == 9
    assert any(e.kind == "lose_mission" for e in events)


def test_rain_does_not_touch_the_mission_card() -> None:
    state = build(
        2,
        missions=True,
        pos={0: "A1", 1: "A3"},
        mission={1: 9},
        mail={1: {"letter": 1}},
        hand={0: ["rain"]},
    )
    state, _ = act(state, "play rain", "flood A1")
    assert state.mission[1] == 9 and state.mail[1] == [0, 0]


def test_missions_do_not_count_towards_the_ten_deliveries() -> None:
    state = mission_at_b2("received_letter", delivered={0: {"letter": 9}}, mail={0: {"letter": 1}})
    state, _ = act(state, "deliver")
    assert state.finisher == -1 and sum(state.delivered[0]) == 9
