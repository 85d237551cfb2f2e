"""End of turn (PC-11), the end of the game (PC-12, PC-101, PC-104), final scoring with the
rulebook's example, gift scoring (PC-10, PC-16) and tie-breaks."""

from __future__ import annotations

from mailbag.games.postcards import GAME
from mailbag.games.postcards.state import EMPTY, PostcardsState
from mailbag.games.postcards.turn import ROUND_LIMIT

from .builder import Builder, kind, legal, run

MOVES = ("red.movement", "blue.movement", "green.movement")


def _three_moves(state: PostcardsState) -> PostcardsState:
    return run(
        state,
        "play red.movement action 9",
        "play blue.movement action 8",
        "play green.movement action 9",
    )


# -- end of turn (PC-11) --------------------------------------------------------------------------


def test_draw_one_card_at_a_time_from_row_or_deck_then_refill_pc_11() -> None:
    builder = Builder().hand(0, *MOVES).region(0, 8)
    builder.travel_row("red.camp", "blue.camp", "green.camp", "yellow.camp", "red.postcard")
    builder.travel_deck_top("yellow.postcard", "green.postcard", "blue.postcard")
    state = run(_three_moves(builder.state), "end")
    assert state.turn.drawing and state.current == 0
    assert state.travel_discard[-3:] == [kind(n) for n in MOVES]  # played cards discarded
    assert legal(state) == [f"draw row {i}" for i in range(1, 6)] + ["draw deck"]
    state = run(state, "draw row 2")
    assert state.travel_row[1] == EMPTY  # refilled only once the hand is complete
    assert "draw row 2" not in legal(state)
    state = run(state, "draw deck", "draw row 5", "draw deck")
    assert len(state.players[0].hand) == 4 and state.current == 0
    state = run(state, "draw row 1")
    hand = state.players[0].hand
    assert sorted(hand) == sorted(
        kind(n)
        for n in ("blue.camp", "blue.postcard", "red.postcard", "green.postcard", "red.camp")
    )
    assert state.current == 1 and EMPTY not in state.travel_row
    assert state.travel_row[0] == kind("yellow.postcard")  # refilled from the deck


def test_travel_deck_reshuffles_its_discard_pile() -> None:
    builder = Builder().hand(0, *MOVES).region(0, 8)
    s = builder.state
    s.travel_discard, s.travel_deck = s.travel_deck, []
    played = _three_moves(s)
    pile = len(played.travel_discard) + len(played.turn.played)
    state = run(played, "end")  # PC-10a: the played cards reach the pile of an empty deck
    assert state.travel_discard == [] and len(state.travel_deck) == pile
    assert "draw deck" in legal(state)
    state = run(state, "draw deck")
    assert state.travel_discard == [] and len(state.travel_deck) == pile - 1
    s.rules = 1  # mailbag 0.1's games: the pile waits for the next draw
    state = run(_three_moves(s), "end")
    before = len(state.travel_discard)
    state = run(state, "draw deck")
    assert state.travel_discard == [] and len(state.travel_deck) == before - 1


def test_a_player_with_a_full_hand_does_not_draw() -> None:
    builder = Builder().hand(
        0, *MOVES, "red.camp", "red.camp", "blue.camp", "green.camp", "yellow.camp"
    )
    state = run(_three_moves(builder.region(0, 8).state), "end")
    assert state.current == 1 and len(state.players[0].hand) == 5


# -- end of the game (PC-12) ----------------------------------------------------------------------


def _three_sent(builder: Builder, seat: int) -> Builder:
    for card in (1, 5, 9):
        builder.postcard(seat, card, sent=True)
    return builder


def test_first_to_send_four_takes_the_bonus_and_the_round_is_finished_pc_12() -> None:
    builder = _three_sent(Builder(3), 0).hand(0, *MOVES).region(0, 8)
    builder.postcard(0, 29, stamps=True).hand(1, *MOVES).region(1, 8).hand(2, *MOVES).region(2, 8)
    builder.postcard(1, 30, stamps=True)
    for card in (13, 17, 21):
        builder.postcard(1, card, sent=True)
    state = run(builder.state, "send 29", "pick 1")
    assert state.bonus == 0 and state.ending
    state = run(_three_moves(state), "end")
    while state.turn.drawing:
        state = run(state, "draw deck")
    assert state.current == 1 and not state.over
    state = run(state, "send 30", "pick 1")  # also four sent: no second bonus
    assert state.bonus == 0
    state = run(_three_moves(state), "end")
    while state.turn.drawing:
        state = run(state, "draw deck")
    assert state.current == 2 and not state.over
    state = run(_three_moves(state), "end")
    while state.turn.drawing and not state.over:
        state = run(state, "draw deck")
    assert state.over and GAME.deciders(state) == ()  # seat 2 is right of the first player
    assert GAME.scores(state)[0].breakdown["end-game bonus"] == 3
    assert GAME.scores(state)[1].breakdown["end-game bonus"] == 0


def test_trigger_by_the_last_seat_of_the_round_ends_at_once_pc_12() -> None:
    builder = _three_sent(Builder(2), 1).hand(1, *MOVES).region(1, 8)
    builder.postcard(1, 29, stamps=True).seat_to_play(1)
    state = run(builder.state, "send 29", "pick 1")
    state = run(_three_moves(state), "end")
    while not state.over:
        state = run(state, "draw deck")
    assert state.bonus == 1 and state.over


def test_stalemate_ends_the_game_pc_101() -> None:
    builder = Builder(2).hand(0, *MOVES).region(0, 8).supply(0)
    state = run(_three_moves(builder.state), "end")
    while state.turn.drawing:
        state = run(state, "draw deck")
    assert state.ending and state.bonus == EMPTY and not state.over
    assert state.current == 1


def test_no_stalemate_while_a_full_postcard_can_still_be_sent_pc_101() -> None:
    builder = Builder(2).hand(0, *MOVES).region(0, 8).postcard(0, 29, stamps=True).supply(0)
    state = run(_three_moves(builder.state), "end")
    while state.turn.drawing:
        state = run(state, "draw deck")
    assert not state.ending


def test_round_limit_pc_104() -> None:
    builder = Builder(2).hand(0, *MOVES).region(0, 8).hand(1, *MOVES).region(1, 8)
    builder.state.turns = ROUND_LIMIT * 2 - 2
    state = run(_three_moves(builder.state), "end")
    while state.turn.drawing:
        state = run(state, "draw deck")
    assert not state.over and state.current == 1
    state = run(_three_moves(state), "end")
    while not state.over:
        state = run(state, "draw deck")
    assert state.over and state.turns == ROUND_LIMIT * 2


# -- final scoring --------------------------------------------------------------------------------


def test_rulebook_final_scoring_example() -> None:
    """4 sent, 3 on the itinerary (regions 3, 5, 8): 7; one unsent: 1; two Snow Globes: 6;
    Keychain with 4 camps on beaches: 10; End Game Bonus: 3 — 27, plus 32 during play = 59."""
    builder = Builder(2).itinerary(0, 13)  # itinerary 13: regions 10, 8, 3, 5
    for card in (9, 17, 29, 1):  # regions 3, 5, 8 and 1
        builder.postcard(0, card, sent=True)
    builder.postcard(0, 41)  # unsent
    builder.gift(0, "snow_globe", "snow_globe", "keychain.beach", "car")
    builder.camps(0, 1, 5, 25, 33)  # four beaches
    builder.points(0, 32)
    builder.state.bonus = 0
    score = GAME.scores(builder.state)[0]
    assert score.breakdown == {
        "during play": 32,
        "itinerary": 7,
        "unsent postcards": 1,
        "keychain (beach)": 10,
        "snow globes": 6,
        "end-game bonus": 3,
    }
    assert score.total == 59
    assert score.total - score.breakdown["during play"] == 27


def test_itinerary_counts_each_region_once() -> None:
    builder = Builder(2).itinerary(0, 13)
    for card in (9, 10, 11, 12):  # four postcards of region 3
        builder.postcard(0, card, sent=True)
    assert GAME.scores(builder.state)[0].breakdown["itinerary"] == 2
    builder.postcard(0, 37, sent=True).postcard(0, 29, sent=True).postcard(0, 17, sent=True)
    assert GAME.scores(builder.state)[0].breakdown["itinerary"] == 11


def test_keychain_caravan_and_snow_globe_tables_pc_10() -> None:
    builder = Builder(2).gift(0, "keychain.mountain", "caravan")
    mountains = [10, 11, 15, 19, 20, 21, 27]  # seven mountain campsites
    expected = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 14, 6: 20, 7: 20}
    for n in range(8):
        state = Builder(2).gift(0, "keychain.mountain").camps(0, *mountains[:n]).state
        assert GAME.scores(state)[0].breakdown["keychain (mountain)"] == expected[n]
    builder.camps(0, 10, 11, 15, 19, 20, 1)  # regions 3 (2), 4 (1), 5 (2), 1 (1)
    assert GAME.scores(builder.state)[0].breakdown["caravan"] == 4
    for n, points in ((1, 3), (2, 6), (3, 12), (4, 18)):
        state = Builder(2).gift(0, *["snow_globe"] * n).state
        assert GAME.scores(state)[0].breakdown["snow globes"] == points


def test_lightning_gifts_score_nothing_for_a_player_pc_10() -> None:
    state = Builder(2).gift(0, "car", "road_map").state
    assert GAME.scores(state)[0].total == 0


def test_automa_gift_points_by_edition_pc_16() -> None:
    for edition, expected in (("en", 9), ("nl", 3 + 3)):
        builder = Builder(2, edition=edition).gift(1, "car", "snow_globe", "caravan")
        builder.state.players[1].kind = "automa:normal"
        score = GAME.scores(builder.state)[1]
        assert score.total == expected, edition
    nl = Builder(2, edition="nl").gift(1, "car", "snow_globe").state
    nl.players[1].kind = "automa:easy"
    assert GAME.scores(nl)[1].breakdown == {
        "during play": 0,
        "itinerary": 0,
        "unsent postcards": 0,
        "gifts (automa)": 3,
        "snow globes": 3,
        "end-game bonus": 0,
    }


def test_tie_breaks_sent_then_camps_then_shared_pc_12() -> None:
    builder = Builder(3).itinerary(0, 1).itinerary(1, 3).itinerary(2, 2)
    for seat in range(3):
        builder.points(seat, 10)
    state = builder.state
    assert GAME.ranking(state) == [1, 1, 1]  # still tied: a shared win
    builder.camps(1, 1)
    assert GAME.ranking(state) == [2, 1, 2]  # most camps placed
    builder.postcard(0, 5, sent=True).postcard(2, 1, sent=True)  # not on their itineraries
    assert [s.total for s in GAME.scores(state)] == [10, 10, 10]
    assert GAME.ranking(state) == [1, 3, 1]  # most postcards sent comes before camps
    builder.camps(2, 2)
    assert GAME.ranking(state) == [2, 3, 1]
