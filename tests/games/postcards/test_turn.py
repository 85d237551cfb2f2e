"""Set-up, the three actions, sticking stamps, pairs of cards (PC-6), PC-7 and PC-103."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, OptionError, SeatError, new_game
from mailbag.games.postcards import GAME
from mailbag.games.postcards.state import EMPTY

from .builder import COMPONENTS, Builder, act, kind, legal, run

# -- set-up ---------------------------------------------------------------------------------------


def test_setup_follows_the_rulebook() -> None:
    state = new_game(GAME, 4, {}, 11)
    travel = sum(k.copies for k in COMPONENTS.travel)  # the data's own counts (72, 52, 25 …)
    gifts = sum(g.copies for g in COMPONENTS.gifts)
    assert [len(p.hand) for p in state.players] == [5] * 4
    assert [len(p.postcards) for p in state.players] == [1] * 4
    assert len(state.travel_row) == 5 and EMPTY not in state.travel_row
    assert len(state.travel_deck) == travel - 5 - 20
    assert len(state.postcard_row) == 3 and EMPTY not in state.postcard_row
    assert len(state.postcard_deck) == len(COMPONENTS.postcards) - 4 - 3
    assert len(state.gift_row) == 3 and len(state.gift_deck) == gifts - 3
    assert state.supply == COMPONENTS.tokens and state.bonus == EMPTY
    assert len(state.unused_itineraries) == len(COMPONENTS.itineraries) - 4
    for player in state.players:
        assert player.region == COMPONENTS.itineraries[player.itinerary].start
        assert player.camps == [] and player.points == 0
    assert GAME.deciders(state) == (state.first_player,)


def test_first_player_is_random() -> None:
    firsts = {new_game(GAME, 4, {}, seed).first_player for seed in range(20)}
    assert firsts == {0, 1, 2, 3}


def test_seat_lists_and_options_are_checked() -> None:
    with pytest.raises(SeatError, match="at least one Automa"):
        new_game(GAME, ["player"], {}, 0)
    with pytest.raises(SeatError, match="at least one player seat"):
        new_game(GAME, ["automa:easy", "automa:normal"], {}, 0)
    with pytest.raises(SeatError):
        new_game(GAME, ["player", "automa:hard"], {}, 0)
    with pytest.raises(OptionError, match="edition"):
        new_game(GAME, 2, {"edition": "fr"}, 0)
    with pytest.raises(OptionError, match="side"):
        new_game(GAME, 2, {"side": "C"}, 0)


def test_automa_seats_have_no_hand_and_never_decide() -> None:
    for seed in range(6):
        state = new_game(GAME, ["player", "automa:normal"], {}, seed)
        assert state.players[1].hand == []
        assert GAME.deciders(state) == (0,)
        assert GAME.seat_kinds(state) == ("player", "automa:normal")


# -- movement -------------------------------------------------------------------------------------


def test_movement_action_to_an_adjacent_region() -> None:
    state = Builder().hand(0, "red.movement", "blue.movement").region(0, 8).state
    moves = [a for a in legal(state) if a.startswith("play red.movement action")]
    assert moves == [
        "play red.movement action 5",
        "play red.movement action 6",
        "play red.movement action 9",
    ]
    state = run(state, "play red.movement action 9")
    assert state.players[0].region == 9
    assert state.turn.played == [kind("red.movement")]
    assert state.players[0].hand == [kind("blue.movement")]
    with pytest.raises(IllegalAction) as info:
        act(state, "play blue.movement action 1")
    assert info.value.rule == "Movement action" and "is not next to" in info.value.reason


def test_corsica_only_by_ferry_pc_1() -> None:
    state = Builder().hand(0, "red.movement").region(0, 7).state
    assert [a for a in legal(state) if "action" in a] == ["play red.movement action 6"]


# -- postcard action (PC-7) -----------------------------------------------------------------------


def _postcard_turn(edition: str) -> Builder:
    return (
        Builder(edition=edition)
        .hand(0, "red.postcard", "blue.postcard", "green.postcard")
        .postcard_row(1, 2, 3)
        .postcard_deck_top(7, 8, 9)
    )


def test_postcard_action_take_a_face_up_card_refills_the_gap() -> None:
    state = run(_postcard_turn("en").state, "play red.postcard action")
    assert legal(state) == ["refresh", "take 1", "take 2", "take 3", "take deck"]
    state = run(state, "take 2")
    assert [o.card for o in state.players[0].postcards] == [2]
    assert state.postcard_row == [1, 9, 3]
    assert state.turn.stack == []


def test_postcard_action_take_the_deck_top() -> None:
    state = run(_postcard_turn("en").state, "play red.postcard action", "take deck")
    assert [o.card for o in state.players[0].postcards] == [9]
    assert state.postcard_row == [1, 2, 3]  # English edition: the display stays


def test_english_refresh_once_then_take_pc_7() -> None:
    state = run(_postcard_turn("en").state, "play red.postcard action", "refresh")
    assert state.postcard_row == [9, 8, 7]
    assert state.postcard_discard[-3:] == [1, 2, 3]
    assert legal(state) == ["take 1", "take 2", "take 3", "take deck"]
    with pytest.raises(IllegalAction) as info:
        act(state, "refresh")
    assert info.value.rule == "PC-7"
    state = run(state, "take 3")
    assert [o.card for o in state.players[0].postcards] == [7]


def test_dutch_edition_no_refresh_deck_top_replaces_display_pc_7() -> None:
    state = run(_postcard_turn("nl").state, "play red.postcard action")
    assert legal(state) == ["take 1", "take 2", "take 3", "take deck"]
    with pytest.raises(IllegalAction) as info:
        act(state, "refresh")
    assert info.value.rule == "PC-7" and "Dutch" in info.value.reason
    state = run(state, "take deck")
    assert [o.card for o in state.players[0].postcards] == [9]
    assert state.postcard_row == [8, 7, state.postcard_row[2]]
    assert state.postcard_discard[-3:] == [1, 2, 3]


def test_dutch_edition_face_up_take_only_refills() -> None:
    state = run(_postcard_turn("nl").state, "play red.postcard action", "take 1")
    assert state.postcard_row == [9, 2, 3]


def test_postcard_deck_reshuffles_its_discard_pile_pc_10() -> None:
    builder = _postcard_turn("en").postcard_deck_only()
    assert builder.state.postcard_deck == []
    state = run(builder.state, "play red.postcard action")
    assert "take deck" in legal(state)
    pile = len(state.postcard_discard)
    state = run(state, "take deck")
    assert state.postcard_discard == [] and len(state.postcard_deck) == pile - 1


# -- camp action (PC-8) ---------------------------------------------------------------------------


def test_camp_action_places_the_camp_and_offers_a_matching_souvenir() -> None:
    # postcard 29: souvenirs forest -> camp, beach -> movement; campsite 33 is a beach
    state = (
        Builder()
        .hand(0, "green.camp", "blue.camp", "red.movement")
        .region(0, 8)
        .postcard(0, 29)
        .state
    )
    camps = [a for a in legal(state) if a.startswith("play green.camp action")]
    assert camps == [f"play green.camp action {s}" for s in (33, 34, 35, 36, 37)]
    state = run(state, "play green.camp action 33")
    assert state.camp_owner[33 - 1] == 0 and state.players[0].camps == [33]
    assert legal(state) == ["souvenir 29 2", "skip"]
    state = run(state, "souvenir 29 2")
    assert state.players[0].postcards[0].souvenirs == [False, True]
    assert state.supply == 59 and state.turn.moves == 1
    assert "use movement 9" in legal(state)  # PC-4: kept for later this turn
    with pytest.raises(IllegalAction) as info:
        act(state, "play blue.camp action 33")
    assert info.value.rule == "PC-8" and "already holds a camp" in info.value.reason


def test_camp_without_matching_souvenir_space_gives_no_souvenir() -> None:
    state = Builder().hand(0, "green.camp").region(0, 8).postcard(0, 29).state
    state = run(state, "play green.camp action 36")  # a lake
    assert state.turn.stack == [] and state.supply == 60


def test_souvenir_may_be_declined_and_only_one_per_camp_action() -> None:
    # postcard 25 has two beach souvenir spaces; campsite 30 (Corse) is a beach
    state = Builder().hand(0, "green.camp").region(0, 7).postcard(0, 25).state
    state = run(state, "play green.camp action 30")
    assert legal(state) == ["souvenir 25 1", "souvenir 25 2", "skip"]
    after = run(state, "souvenir 25 1")
    assert after.turn.stack == [] and after.players[0].postcards[0].souvenirs == [True, False]
    declined = run(state, "skip")
    assert declined.supply == 60 and declined.turn.moves == 0


def test_camp_only_in_the_current_region_and_while_tokens_remain() -> None:
    state = Builder().hand(0, "green.camp").region(0, 8).state
    with pytest.raises(IllegalAction) as info:
        act(state, "play green.camp action 1")
    assert info.value.rule == "PC-8" and "not in region 8" in info.value.reason
    builder = Builder().hand(0, "green.camp").region(0, 8)
    builder.camps(0, *range(1, 14))  # all 13 camp tokens placed
    assert not any(a.startswith("play green.camp action") for a in legal(builder.state))


def test_best_traveller_scores_once_when_a_region_is_all_yours_pc_8() -> None:
    state = Builder().hand(0, "green.camp").region(0, 2).camps(0, 5, 6, 7, 8).state
    state = run(state, "play green.camp action 9")  # Hauts-de-France, rulebook example
    assert state.players[0].points == 5 and state.players[0].best_traveller == [2]


def test_no_best_traveller_when_another_player_camps_there() -> None:
    state = Builder().hand(0, "green.camp").region(0, 7).camps(0, 30).camps(1, 31).state
    state = run(state, "play green.camp action 32")
    assert state.players[0].points == 0 and state.players[0].best_traveller == []


# -- sticking a stamp -----------------------------------------------------------------------------


def test_a_card_sticks_a_stamp_of_its_own_colour() -> None:
    # postcard 29: stamp spaces yellow, blue
    state = Builder().hand(0, "yellow.camp", "red.camp").region(0, 1).postcard(0, 29).state
    stamps = [a for a in legal(state) if " stamp " in a]
    assert stamps == ["play yellow.camp stamp 29 1"]
    state = run(state, "play yellow.camp stamp 29 1")
    assert state.players[0].postcards[0].stamps == [True, False] and state.supply == 59
    with pytest.raises(IllegalAction) as info:
        act(state, "play red.camp stamp 29 2")
    assert info.value.rule == "Sticking a Stamp" and "is blue" in info.value.reason


def test_no_stamp_from_an_empty_supply_pc_2() -> None:
    state = Builder().hand(0, "yellow.camp").region(0, 1).postcard(0, 29).supply(0).state
    assert not any(" stamp " in a for a in legal(state))
    with pytest.raises(IllegalAction) as info:
        act(state, "play yellow.camp stamp 29 1")
    assert info.value.rule == "PC-2"


# -- pairs of cards (PC-6) and the number of cards ------------------------------------------------


def test_a_pair_acts_as_any_card_and_counts_as_two_pc_6() -> None:
    state = (
        Builder().hand(0, "red.camp", "blue.camp", "green.camp").region(0, 8).postcard(0, 29).state
    )
    assert "pair red.camp blue.camp" in legal(state)
    state = run(state, "pair red.camp blue.camp")
    assert legal(state) == [
        "move 5",
        "move 6",
        "move 9",
        "postcard",
        "camp 33",
        "camp 34",
        "camp 35",
        "camp 36",
        "camp 37",
        "stamp 29 1",
        "stamp 29 2",
    ]
    state = run(state, "stamp 29 1")  # a yellow space with red and blue cards
    assert state.players[0].postcards[0].stamps == [True, False]
    assert len(state.turn.played) == 2
    assert not any(a.startswith("pair") for a in legal(state))
    assert "end" not in legal(state)
    state = run(state, "play green.camp action 34")
    assert "end" in legal(state)
    assert not any(a.startswith(("play", "pair")) for a in legal(state))
    with pytest.raises(IllegalAction) as info:
        act(state, "play green.camp action 35")
    assert info.value.rule in ("PC-6", "Game Turn")


def test_a_pair_needs_two_cards_left_to_play() -> None:
    state = (
        Builder()
        .hand(0, "red.movement", "blue.movement", "green.movement", "red.camp")
        .region(0, 8)
        .state
    )
    state = run(state, "play red.movement action 9", "play blue.movement action 8")
    assert not any(a.startswith("pair") for a in legal(state))
    with pytest.raises(IllegalAction) as info:
        act(state, "pair green.movement red.camp")
    assert info.value.rule == "PC-6"


def test_turn_ends_only_after_three_cards() -> None:
    state = Builder().hand(0, "red.movement", "blue.movement", "green.movement").region(0, 8).state
    with pytest.raises(IllegalAction) as info:
        act(state, "end")
    assert info.value.rule == "PC-6"
    state = run(
        state,
        "play red.movement action 9",
        "play blue.movement action 8",
        "play green.movement action 9",
    )
    assert legal(state) == ["end"]


def test_plus_effect_allows_one_more_card_optionally_pc_4() -> None:
    # postcard 13 (region 4): souvenir mountain -> plus; campsite 15 is a mountain
    state = (
        Builder()
        .hand(0, "green.camp", "red.movement", "blue.movement", "green.movement")
        .region(0, 4)
        .postcard(0, 13)
        .state
    )
    state = run(state, "play green.camp action 15", "souvenir 13 2")
    assert state.turn.plus == 1
    state = run(state, "play red.movement action 3", "play blue.movement action 4")
    assert "end" in legal(state)
    assert any(a.startswith("play green.movement") for a in legal(state))
    state = run(state, "play green.movement action 3")
    assert len(state.turn.played) == 4 and legal(state) == ["end"]


# -- a card of no use (PC-103) --------------------------------------------------------------------


def test_a_card_of_no_use_is_played_without_effect_pc_103() -> None:
    builder = (
        Builder()
        .hand(0, "green.camp", "blue.camp", "red.movement")
        .region(0, 7)
        .camps(1, 30, 31, 32)
        .supply(0)
    )
    state = builder.state
    assert "play green.camp none" in legal(state) and "play blue.camp none" in legal(state)
    assert "play red.movement none" not in legal(state)
    with pytest.raises(IllegalAction) as info:
        act(state, "play red.movement none")
    assert info.value.rule == "PC-103"
    state = run(state, "play green.camp none")
    assert state.turn.played == [kind("green.camp")] and state.players[0].camps == []


def test_copies_of_a_card_are_one_choice_pc_108() -> None:
    state = Builder().hand(0, "red.camp", "red.camp", "blue.movement").region(0, 7).state
    assert legal(state).count("play red.camp action 30") == 1
    assert "pair red.camp red.camp" in legal(state)
    state = run(state, "play red.camp action 30")
    assert state.players[0].hand == [kind("red.camp"), kind("blue.movement")]
    assert "pair red.camp red.camp" not in legal(state)


def test_the_documented_example_turn() -> None:
    builder = (
        Builder()
        .hand(0, "red.movement", "blue.camp", "green.postcard", "red.camp", "yellow.camp")
        .region(0, 8)
        .postcard(0, 33, [True, False])
    )
    state = run(
        builder.state,
        "play red.movement action 9",
        "pair blue.camp green.postcard",
        "stamp 33 2",
        "send 33",
        "pick 1",
        "end",
        "draw row 2",
        "draw deck",
        "draw deck",
    )
    assert state.current == 1 and len(state.players[0].hand) == 5
    assert state.players[0].points == 4 and len(state.players[0].gifts) == 1
