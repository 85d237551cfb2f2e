"""Effects (PC-4), board sides A and B (PC-5, PC-102), sending postcards (PC-9) and the seven
gift cards (PC-10, PC-106, PC-107)."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction
from mailbag.games.postcards.state import STAMP, STAR

from .builder import Builder, act, gift, legal, run

# -- effects --------------------------------------------------------------------------------------


def test_kept_effects_expire_at_the_end_of_the_turn_pc_4() -> None:
    state = (
        Builder()
        .hand(0, "green.camp", "red.movement", "blue.movement")
        .region(0, 8)
        .postcard(0, 29)
        .state
    )
    state = run(state, "play green.camp action 33", "souvenir 29 2")
    assert state.turn.moves == 1
    state = run(state, "play red.movement action 9", "play blue.movement action 8", "end")
    assert state.turn.moves == 0 and state.turn.drawing


def test_postcard_and_camp_effects_are_used_later_pc_4() -> None:
    # postcard 18 (region 5): beach -> camp, beach -> postcard; campsite 33 (Occitanie) a beach
    state = (
        Builder()
        .hand(0, "green.camp", "blue.camp", "red.movement")
        .region(0, 8)
        .postcard(0, 18)
        .postcard_row(1, 2, 3)
        .state
    )
    state = run(state, "play green.camp action 33", "souvenir 18 2")
    assert state.turn.postcards == 1
    state = run(state, "play red.movement action 9")  # other things first
    state = run(state, "use postcard")
    assert state.turn.postcards == 0 and "take 1" in legal(state)
    state = run(state, "take 1")
    assert [o.card for o in state.players[0].postcards] == [18, 1]
    # the camp effect from postcard 18's first souvenir space
    state = run(state, "play blue.camp action 38", "souvenir 18 1")
    assert state.turn.camps == 1
    assert "use camp 39" in legal(state)
    state = run(state, "use camp 39")
    assert state.players[0].camps == [33, 38, 39] and state.turn.camps == 0


def test_side_a_board_effects_stamp_movement_plus() -> None:
    builder = Builder(side="A").hand(0, "green.camp", "blue.camp", "red.camp").region(0, 8)
    builder.postcard(0, 30).camps(0, 1, 2, 3)  # 3 camps already placed
    state = run(builder.state, "play green.camp action 36")  # 4th camp: stamp
    assert state.turn.stack[-1].kind == STAMP
    assert legal(state) == ["stamp 30 1", "stamp 30 2", "stamp 30 3", "skip"]
    state = run(state, "stamp 30 3")  # any colour
    assert state.players[0].postcards[0].stamps == [False, False, True]
    builder = Builder(side="A").hand(0, "green.camp").region(0, 8).camps(0, 1, 2, 3, 4, 5, 6)
    state = run(builder.state, "play green.camp action 36")  # 7th camp: movement
    assert state.turn.moves == 1
    builder = Builder(side="A").hand(0, "green.camp").region(0, 8)
    builder.camps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    state = run(builder.state, "play green.camp action 36")  # 10th camp: plus
    assert state.turn.plus == 1


def test_stamp_effect_without_open_space_is_lost_pc_4() -> None:
    builder = Builder(side="A").hand(0, "green.camp").region(0, 8).camps(0, 1, 2, 3)
    state = run(builder.state, "play green.camp action 36")
    assert state.turn.stack == [] and state.supply == 60


def test_board_effect_before_souvenir_pc_102() -> None:
    builder = Builder(side="A").hand(0, "green.camp").region(0, 8).postcard(0, 29)
    state = run(builder.camps(0, 1, 2, 3).state, "play green.camp action 33")
    assert [f.kind for f in state.turn.stack] == ["souvenir", "stamp"]
    state = run(state, "stamp 29 1")
    assert legal(state) == ["souvenir 29 2", "skip"]


def test_side_a_star_souvenir_scores_at_once() -> None:
    # postcard 31: forest -> star 2; campsite 40 (Nouvelle-Aquitaine) is a forest
    state = Builder(side="A").hand(0, "green.camp").region(0, 9).postcard(0, 31).state
    state = run(state, "play green.camp action 40", "souvenir 31 2")
    assert state.players[0].points == 2 and state.turn.stack == []


def test_side_b_star_points_or_conversion_pc_5() -> None:
    builder = Builder(side="B").hand(0, "green.camp").region(0, 9).postcard(0, 31)
    state = run(builder.state, "play green.camp action 40", "souvenir 31 2")
    assert state.turn.stack[-1].kind == STAR and state.turn.stack[-1].value == 2
    assert legal(state) == ["star points", "star movement", "star postcard", "star stamp"]
    assert run(state, "star points").players[0].points == 2
    assert run(state, "star movement").turn.moves == 1
    assert run(state, "star postcard").turn.postcards == 1
    stamped = run(state, "star stamp")
    assert stamped.players[0].points == 0 and legal(stamped)[-1] == "skip"
    assert "stamp 31 1" in legal(stamped)


def test_side_b_board_stars_pc_5() -> None:
    builder = Builder(side="B").hand(0, "green.camp").region(0, 8).camps(0, 1, 2, 3, 4, 5, 6)
    state = run(builder.state, "play green.camp action 36")  # 7th camp: star 2
    assert state.turn.stack[-1].value == 2
    assert "star stamp" not in legal(state)  # no open stamp space
    assert run(state, "star points").players[0].points == 2


# -- sending postcards (PC-9) ---------------------------------------------------------------------


def _ready_to_send() -> Builder:
    return (
        Builder()
        .hand(0, "red.movement", "blue.movement", "green.movement")
        .region(0, 8)
        .postcard(0, 29, stamps=True, souvenirs=[True, False])
        .gift_row("car", "snow_globe", "road_map")
    )


def test_send_a_full_postcard_in_its_region_pc_9() -> None:
    state = _ready_to_send().state
    assert state.supply == 57
    assert "send 29" in legal(state)
    state = run(state, "send 29")
    owned = state.players[0].postcards[0]
    assert owned.sent and owned.stamps == [False, False] and owned.souvenirs == [False, False]
    assert state.supply == 60 and state.players[0].points == 5
    assert legal(state) == ["pick 1", "pick 2", "pick 3"]  # PC-106: a gift must be chosen
    top = state.gift_deck[-1]
    state = run(state, "pick 2")
    assert state.players[0].gifts == [gift("snow_globe")]
    assert state.gift_row == [gift("car"), top, gift("road_map")]


def test_send_needs_the_region_and_every_stamp() -> None:
    state = _ready_to_send().region(0, 9).state
    assert "send 29" not in legal(state)
    with pytest.raises(IllegalAction) as info:
        act(state, "send 29")
    assert info.value.rule == "PC-9" and "region 8" in info.value.reason
    state = Builder().hand(0, "red.movement").region(0, 8).postcard(0, 29, [True, False]).state
    with pytest.raises(IllegalAction) as info:
        act(state, "send 29")
    assert info.value.rule == "PC-9" and "open stamp spaces" in info.value.reason


def test_send_at_any_moment_and_several_in_a_turn_pc_9() -> None:
    builder = _ready_to_send().postcard(0, 30, stamps=True).gift_row("car", "road_map", "caravan")
    state = run(builder.state, "play red.movement action 9", "play blue.movement action 8")
    state = run(state, "send 29", "pick 1")
    state = run(state, "send 30", "pick 2")
    assert [o.sent for o in state.players[0].postcards] == [True, True]
    state = run(state, "play green.movement action 9")
    assert legal(state) == ["gift car", "gift road_map", "end"]


def test_send_after_the_last_card_pc_9() -> None:
    builder = _ready_to_send().region(0, 9)
    state = run(
        builder.state,
        "play red.movement action 8",
        "play blue.movement action 9",
        "play green.movement action 8",
    )
    assert legal(state) == ["send 29", "end"]


def test_no_face_up_gift_means_no_gift_pc_106() -> None:
    builder = _ready_to_send()
    builder.state.gift_deck, builder.state.gift_discard = [], []
    builder.gift_row(None, None, None)
    state = run(builder.state, "send 29")
    assert state.turn.stack == [] and state.players[0].gifts == []


# -- gift cards (PC-10) ---------------------------------------------------------------------------


def test_car_gives_up_to_three_movements() -> None:
    state = Builder().hand(0, "red.camp").region(0, 8).gift(0, "car").state
    assert "gift car" in legal(state)
    state = run(state, "gift car")
    assert state.turn.moves == 3 and state.players[0].gifts == []
    assert state.gift_discard == [gift("car")]
    state = run(state, "use movement 9", "use movement 10", "use movement 11")
    assert state.players[0].region == 11 and state.turn.moves == 0


def test_road_map_moves_then_may_camp_a_full_camp_action() -> None:
    state = Builder().hand(0, "red.camp").region(0, 8).postcard(0, 29).gift(0, "road_map").state
    state = run(state, "gift road_map")
    assert legal(state) == ["move 5", "move 6", "move 9"]
    state = run(state, "move 9")
    assert legal(state) == ["camp 38", "camp 39", "camp 40", "camp 41", "camp 42", "skip"]
    state = run(state, "camp 38")  # a beach: postcard 29 has a beach souvenir (PC-10)
    assert state.players[0].camps == [38] and legal(state) == ["souvenir 29 2", "skip"]
    declined = run(
        run(
            Builder().hand(0, "red.camp").region(0, 8).gift(0, "road_map").state,
            "gift road_map",
            "move 9",
        ),
        "skip",
    )
    assert declined.players[0].camps == [] and declined.players[0].region == 9


def test_hiking_guide_draws_five_keeps_two_pc_10() -> None:
    builder = Builder().hand(0, "red.camp").region(0, 8).gift(0, "hiking_guide")
    state = run(builder.postcard_deck_top(1, 2, 3, 4, 5).state, "gift hiking_guide")
    assert sorted(state.turn.stack[-1].cards) == [1, 2, 3, 4, 5]
    assert len(legal(state)) == 10 and legal(state)[0] == "keep 1 2"
    state = run(state, "keep 2 4")
    assert [o.card for o in state.players[0].postcards] == [2, 4]
    assert sorted(state.postcard_discard[-3:]) == [1, 3, 5]


def test_hiking_guide_with_a_short_deck_keeps_all_pc_107() -> None:
    builder = Builder().hand(0, "red.camp").region(0, 8).gift(0, "hiking_guide")
    for card in builder.state.postcard_deck + builder.state.postcard_discard:
        if card not in (6, 7):
            builder.postcard(1, card)
    builder.postcard_deck_top(6, 7)
    assert builder.state.postcard_deck == [6, 7] and builder.state.postcard_discard == []
    state = run(builder.state, "gift hiking_guide")
    assert [o.card for o in state.players[0].postcards] == [7, 6] and state.turn.stack == []


def test_stamp_collection_places_up_to_two_stamps_of_any_colour() -> None:
    state = (
        Builder().hand(0, "red.camp").region(0, 8).postcard(0, 29).gift(0, "stamp_collection").state
    )
    state = run(state, "gift stamp_collection")
    assert legal(state) == ["stamp 29 1", "stamp 29 2", "skip"]
    state = run(state, "stamp 29 2")
    assert legal(state) == ["stamp 29 1", "skip"]
    state = run(state, "skip")
    assert state.players[0].postcards[0].stamps == [False, True] and state.turn.stack == []


def test_bell_gifts_are_not_used_pc_10() -> None:
    state = Builder().hand(0, "red.camp").gift(0, "snow_globe", "caravan").state
    assert not any(a.startswith("gift") for a in legal(state))
    with pytest.raises(IllegalAction) as info:
        act(state, "gift snow_globe")
    assert info.value.rule == "PC-10" and "bell gift" in info.value.reason


def test_lightning_gift_usable_any_moment_of_own_turn_only() -> None:
    builder = Builder().hand(0, "red.movement", "blue.movement", "green.movement").region(0, 8)
    state = builder.gift(0, "car").state
    state = run(
        state,
        "play red.movement action 9",
        "play blue.movement action 8",
        "play green.movement action 9",
    )
    assert "gift car" in legal(state)  # after the last card, before ending
    state = run(state, "end")
    assert "gift car" not in legal(state)  # drawing: the turn's actions are over (PC-105)


def test_gift_deck_reshuffles_used_lightning_gifts() -> None:
    builder = _ready_to_send()
    s = builder.state
    s.gift_discard, s.gift_deck = s.gift_deck, []
    used = len(s.gift_discard)
    state = run(s, "send 29", "pick 1")
    assert len(state.gift_deck) == used - 1 and state.gift_discard == []
