"""The invariants of a Postcards state (``validate.py``): every state of a real game passes, and a
state broken in one way is refused with a StateError naming what is wrong.

Each scenario starts from a real position (dealt by ``new_game`` or built with ``pc_builder`` and
played on with real actions), checks that it passes, breaks one thing and checks the message.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from mailbag.core import (
    Rng,
    StateError,
    apply,
    new_game,
    state_from_json,
    state_to_json,
    validate,
)
from mailbag.games.postcards import GAME
from mailbag.games.postcards.state import (
    EMPTY,
    GIFT,
    HIKING,
    JOKER,
    POSTCARD,
    ROAD_MOVE,
    SOUVENIR,
    STAMP,
    STAR,
    Frame,
    OwnedPostcard,
    PostcardsState,
)
from mailbag.games.postcards.turn import ROUND_LIMIT

from .builder import COMPONENTS, Builder, gift, run

#: the other seats' hands in built positions (at most 3 copies of a kind for 4 seats)
OTHER_HAND = ("red.postcard", "blue.postcard", "green.postcard", "yellow.movement", "yellow.camp")
FILLER = "yellow.postcard"


def table(
    *hand: str, seats: int | tuple[str, ...] = 2, side: str = "A", edition: str = "en"
) -> Builder:
    """A built position at the start of seat 0's turn that passes: seat 0 holds ``hand`` (filled
    up to 5 cards), every other player seat 5 cards."""
    builder = Builder(seats, edition=edition, side=side)
    builder.hand(0, *hand, *[FILLER] * (5 - len(hand)))
    for seat, player in enumerate(builder.state.players[1:], 1):
        if player.kind == "player":
            builder.hand(seat, *OTHER_HAND)
    return builder


def passes(state: PostcardsState) -> PostcardsState:
    validate(GAME, state)
    return state


def refused(state: PostcardsState, *words: str) -> str:
    """The StateError message for ``state``; each of ``words`` must appear in it."""
    with pytest.raises(StateError) as info:
        validate(GAME, state)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


@cache
def _dealt(seats: tuple[str, ...], seed: int) -> str:
    return state_to_json(GAME, new_game(GAME, seats, {}, seed))


def dealt(*seats: str, seed: int = 3) -> PostcardsState:
    """A fresh real deal (a new copy each time), checked."""
    kinds = seats or ("player", "player")
    return state_from_json(GAME, _dealt(kinds, seed))


@cache
def _finished(seed: int) -> str:
    state = new_game(GAME, ("player", "automa:easy"), {}, seed)
    rng = Rng.from_seed(seed, 5)
    while not state.over:
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        state, _ = apply(GAME, state, seat, legal[rng.randbelow(len(legal))])
    return state_to_json(GAME, state)


def finished() -> PostcardsState:
    """A real finished game (player against an easy Automa)."""
    return state_from_json(GAME, _finished(2))


def three_played() -> PostcardsState:
    """Seat 0 has played its 3 cards (movements) and may end its turn."""
    builder = table("red.movement", "blue.movement", "green.movement").region(0, 8)
    moves = ("play red.movement action 9", "play blue.movement action 8")
    return run(builder.state, *moves, "play green.movement action 9")


def stalled(builder: Builder) -> Builder:
    """Every token on a stamp space, no postcard complete: nothing can ever be stamped or sent
    again (PC-101). The tokens go on spare postcards of the last seat."""
    state = builder.state
    spares = iter(sorted(state.postcard_deck, reverse=True))
    while state.supply:
        card = next(spares)
        spaces = len(COMPONENTS.postcards[card].stamps)
        take = min(state.supply, spaces - 1)
        stamps = [i < take for i in range(spaces)]
        builder.postcard(len(state.players) - 1, card, stamps=stamps)
    return builder


def other(state: PostcardsState) -> int:
    """A seat that is not the one to play."""
    return (state.current + 1) % len(state.players)


# -- states that pass ---------------------------------------------------------------------------


def test_real_games_pass_at_every_step() -> None:
    for seats in (("player", "player", "player"), ("player", "automa:normal")):
        state = new_game(GAME, seats, {"side": "B"}, 11)
        rng = Rng.from_seed(11)
        for _ in range(400):
            passes(state)
            if state.over:
                break
            legal = GAME.legal_actions(state, state.current)
            state, _ = apply(GAME, state, state.current, legal[rng.randbelow(len(legal))])
    passes(finished())


def _joker() -> PostcardsState:
    return run(table("red.movement", "blue.camp").state, "pair red.movement blue.camp")


def _postcard() -> PostcardsState:
    state = table("red.postcard").postcard_row(1, 2, 3).state
    return run(state, "play red.postcard action")


def _souvenir() -> PostcardsState:
    state = table("green.camp").region(0, 8).postcard(0, 29).state
    return run(state, "play green.camp action 33")


def _star() -> PostcardsState:
    state = table("green.camp", side="B").region(0, 9).postcard(0, 31).state
    return run(state, "play green.camp action 40", "souvenir 31 2")


@pytest.mark.parametrize(
    ("make", "stack"),
    [(_joker, [JOKER]), (_postcard, [POSTCARD]), (_souvenir, [SOUVENIR]), (_star, [STAR])],
    ids=["joker", "postcard", "souvenir", "star"],
)
def test_a_mid_turn_state_with_a_pending_decision_passes(
    make: Callable[[], PostcardsState], stack: list[str]
) -> None:
    state = passes(make())
    assert [f.kind for f in state.turn.stack] == stack
    assert state_from_json(GAME, state_to_json(GAME, state)) == state


def _sent(builder: Builder, card: int = 33) -> Builder:
    """Seat 0 has sent ``card`` (and scored it), so it may hold one gift."""
    return builder.postcard(0, card, sent=True).points(0, COMPONENTS.postcards[card].points)


def test_pending_gift_hiking_road_map_and_stamp_collection_pass() -> None:
    builder = table().region(0, 8).postcard(0, 29, stamps=True)
    assert [f.kind for f in passes(run(builder.state, "send 29")).turn.stack] == [GIFT]
    state = passes(run(_sent(table()).gift(0, "hiking_guide").state, "gift hiking_guide"))
    assert state.turn.stack[-1].kind == HIKING and len(state.turn.stack[-1].cards) == 5
    state = passes(run(_sent(table()).gift(0, "road_map").state, "gift road_map"))
    assert [f.kind for f in state.turn.stack] == [ROAD_MOVE]
    builder = _sent(table()).gift(0, "stamp_collection").postcard(0, 29)
    state = passes(run(builder.state, "gift stamp_collection"))
    assert [f.kind for f in state.turn.stack] == [STAMP, STAMP]


def test_drawing_and_end_game_bonus_states_pass() -> None:
    state = passes(run(three_played(), "end"))
    assert state.turn.drawing
    builder = table()
    for card in (33, 34, 35, 36):
        _sent(builder, card)
    builder.points(0, sum(COMPONENTS.postcards[c].points for c in (33, 34, 35, 36)))
    state = builder.state
    state.bonus, state.ending = 0, True
    passes(state)


def test_state_from_json_refuses_a_broken_state() -> None:
    state = dealt()
    state.players[0].hand.append(state.travel_deck.pop())
    with pytest.raises(StateError, match="hand limit is 5"):
        state_from_json(GAME, state_to_json(GAME, state))


# -- 1. options, seats, counters, sizes ----------------------------------------------------------


def _set(field: str, value: object) -> Callable[[PostcardsState], None]:
    return lambda s: setattr(s, field, value)


SHAPE = [
    ("edition", _set("edition", "fr"), "edition 'fr'"),
    ("side", _set("side", "C"), "board side 'C'"),
    ("rng", lambda s: setattr(s.rng, "state", 1 << 64), "random generator"),
    ("one seat", lambda s: s.players.pop(), "1 seats"),
    ("six seats", lambda s: s.players.extend(s.players * 2), "6 seats"),
    ("seat kind", lambda s: setattr(s.players[1], "kind", "robot"), "unknown kind 'robot'"),
    ("first player", _set("first_player", 2), "first player is 2"),
    ("current", _set("current", -1), "seat to play is -1"),
    ("bonus", _set("bonus", 7), "End Game Bonus is 7"),
    ("turns", _set("turns", 201), "turns played is 201"),
    ("supply", _set("supply", -1), "supply is -1"),
    ("travel row", lambda s: s.travel_row.pop(), "travel display has 4 slots"),
    ("postcard row", lambda s: s.postcard_row.append(EMPTY), "postcard display has 4 slots"),
    ("gift row", lambda s: s.gift_row.clear(), "gift display has 0 slots"),
    ("campsites", lambda s: s.camp_owner.pop(), "has 55 entries; the map has 56"),
    ("negative effect", lambda s: setattr(s.turn, "moves", -1), "-1 kept movement"),
    ("frame kind", lambda s: s.turn.stack.append(Frame("dance")), "unknown kind 'dance'"),
]


@pytest.mark.parametrize(("name", "breaks", "words"), SHAPE, ids=[c[0] for c in SHAPE])
def test_options_seats_and_values_out_of_range(
    name: str, breaks: Callable[[PostcardsState], None], words: str
) -> None:
    state = dealt()
    breaks(state)
    refused(state, words)


def test_an_all_automa_table_is_refused() -> None:
    state = dealt("player", "automa:normal")
    state.players[0].kind = "automa:easy"
    refused(state, "every seat is an Automa")


# -- 2. every component in exactly one place -----------------------------------------------------


def test_travel_cards_counted_by_kind() -> None:
    state = dealt()
    state.travel_discard.append(state.travel_deck[-1])
    name = COMPONENTS.travel[state.travel_deck[-1]].name
    refused(state, f"there are 7 {name} travel cards", "the travel deck", "the travel discard")
    state = dealt()
    lost = state.travel_deck.pop(0)
    refused(state, f"{COMPONENTS.travel[lost].name} travel card(s) missing", "the game has 6")
    state = dealt()
    state.players[0].hand[0] = 12
    refused(state, "seat 0's hand holds an unknown travel card kind 12")
    state = dealt()
    state.travel_row[2] = -3
    refused(state, "travel display holds -3")


def test_a_postcard_in_two_places_missing_or_unknown() -> None:
    state = dealt()
    card = state.players[0].postcards[0].card
    state.postcard_discard.append(card)
    refused(state, f"postcard {card} is in two places", "the postcard discard pile", "seat 0")
    state = dealt()
    state.postcard_deck.append(state.postcard_deck[0])
    refused(state, f"postcard {state.postcard_deck[0]} is twice in the postcard deck")
    state = dealt()
    gone = state.postcard_row[1]
    state.postcard_row[1] = EMPTY
    refused(state, f"postcard {gone} is missing")
    state = dealt()
    state.postcard_deck.append(99)
    refused(state, "the postcard deck holds postcard 99, which is not in the game")


def test_itinerary_cards_each_once() -> None:
    state = dealt()
    state.players[1].itinerary = state.players[0].itinerary
    refused(state, f"itinerary card {state.players[0].itinerary} is in two places")
    state = dealt()
    state.unused_itineraries.pop()
    refused(state, "itinerary card", "is missing")


def test_gift_cards_counted_by_kind_discards_and_display() -> None:
    state = dealt()
    state.gift_deck.append(gift("car"))
    refused(state, "there are 4 car gift cards", "the game has 3")
    state = dealt()
    unknown = len(COMPONENTS.gifts)
    state.gift_deck.append(unknown)
    refused(state, f"the gift deck holds an unknown gift kind {unknown}")
    state = dealt()
    globe = state.gift_deck.index(gift("snow_globe"))
    state.gift_discard.append(state.gift_deck.pop(globe))
    refused(state, "gift discard pile holds snow_globe, a bell gift")
    state = dealt()
    state.gift_deck.append(state.gift_row[1])
    state.gift_row[1] = EMPTY
    refused(state, "gift display slot 2 is empty while the gift deck still has cards")


def test_tokens_spaces_and_sent_postcards() -> None:
    state = dealt()
    state.players[0].postcards[0].stamps.append(False)
    refused(state, f"postcard {state.players[0].postcards[0].card} has", "the card has")
    state = dealt()
    state.players[0].postcards[0].stamps[0] = True
    refused(state, "there are 61 Stamp/Souvenir tokens", "60 in the supply", "1 on postcards")
    state = table().postcard(0, 29, stamps=[True, False]).state
    state.players[0].postcards[0].sent = True
    refused(state, "postcard 29 is sent but still carries 1 token")


def test_camps_on_the_map_and_on_the_boards() -> None:
    state = table().region(0, 9).camps(0, 40).state
    state.camp_owner[39] = 5
    refused(state, "campsite 40 is held by seat 5, which is not at the table")
    state = table().camps(0, *range(1, 14)).state
    state.players[0].camps.append(14)
    state.camp_owner[13] = 0
    refused(state, "seat 0 has placed 14 camps; a player board has 13")
    state = table().camps(0, 40).state
    state.players[0].camps.append(57)
    refused(state, "seat 0 camps on campsite 57; campsites are 1..56")
    state = table().camps(0, 40).state
    state.players[0].camps.append(40)
    refused(state, "seat 0 lists campsite 40 twice")
    state = table().camps(0, 40).camps(1, 41).state
    state.players[0].camps.append(41)
    refused(state, "seat 0 camps on campsite 41, but on the map that campsite is held by seat 1")
    state = table().camps(0, 40).state
    state.camp_owner[40] = 0
    refused(state, "campsite 41 is held by seat 0 on the map, but not among its camps")


# -- 3. each seat ---------------------------------------------------------------------------------


def test_region_hand_limit_and_order() -> None:
    state = dealt()
    state.players[1].region = 14
    refused(state, "seat 1 is in region 14")
    state = dealt()
    state.players[0].hand.append(state.travel_deck.pop())
    state.players[0].hand.sort()
    refused(state, "seat 0 holds 6 travel cards; the hand limit is 5")
    state = dealt()
    state.players[0].hand.reverse()
    refused(state, "seat 0's hand is not sorted")


def test_best_traveller_matches_the_camps() -> None:
    full = (30, 31, 32)  # Corse, region 7
    state = table().camps(0, *full).state
    refused(state, "holds every campsite of region 7 but is not its best traveller")
    builder = table().camps(0, *full).points(0, 3)
    builder.state.players[0].best_traveller = [7, 7]
    refused(builder.state, "best traveller twice")
    builder.state.players[0].best_traveller = [7, 99]
    refused(builder.state, "best traveller in region 99")
    state = table().camps(0, 30, 31).points(0, 3).state
    state.players[0].best_traveller = [7]
    refused(state, "best traveller in region 7 without holding all its campsites")
    builder = table().camps(0, *full)
    builder.state.players[0].best_traveller = [7]
    refused(builder.state, "seat 0 has 0 points", "give 3")


def test_points_are_sane() -> None:
    state = _sent(table(), 33).state
    state.players[0].points = 3
    refused(state, "seat 0 has 3 points", "alone give 4")
    state = dealt()
    state.players[1].points = 1 << 63
    refused(state, f"seat 1 has {1 << 63} points", "no seat can score more than")


def test_souvenirs_need_camps_of_their_type() -> None:
    state = table().postcard(0, 29, souvenirs=[False, True]).state
    refused(state, "1 beach souvenir(s)", "only 0 camp(s) on beach campsites")
    passes(table().postcard(0, 29, souvenirs=[False, True]).camps(0, 33).state)


def test_one_gift_per_postcard_sent() -> None:
    state = table().gift(0, "car").state
    refused(state, "seat 0 holds 1 gift cards but has sent 0 postcards")
    builder = table().region(0, 8).postcard(0, 29, stamps=True)
    state = run(_sent(builder, 33).gift(0, "snow_globe").state, "send 29")
    passes(state)
    state.players[0].gifts.append(state.gift_deck.pop(state.gift_deck.index(gift("caravan"))))
    refused(state, "holds 2 gift cards but has sent 2 postcards (a gift choice pending)")


def test_an_automa_has_no_hand_no_full_postcard_and_one_postcard_per_itinerary_region() -> None:
    state = dealt("player", "automa:normal")
    automa = state.players[1]
    automa.hand.append(state.travel_deck.pop())
    refused(state, "seat 1 (automa:normal) holds 1 travel cards; an Automa has no hand")
    state = dealt("player", "automa:normal")
    owned = state.players[1].postcards[0]
    state.supply -= owned.stamps.count(False)
    owned.stamps = [True] * len(owned.stamps)
    refused(state, f"postcard {owned.card} is fully stamped but not sent", "PC-16")
    state = dealt("player", "automa:normal")
    automa = state.players[1]
    region = COMPONENTS.itineraries[automa.itinerary].regions[0]
    held = {COMPONENTS.postcards[o.card].region for o in automa.postcards}
    pair = [c for c in state.postcard_deck if COMPONENTS.postcards[c].region == region]
    take = pair[: 1 if region in held else 2]
    for card in take:
        state.postcard_deck.remove(card)
        info = COMPONENTS.postcards[card]
        automa.postcards.append(
            OwnedPostcard(card, [False] * len(info.stamps), [False] * len(info.souvenirs))
        )
    refused(state, f"holds two postcards of its itinerary region {region}", "PC-15")


# -- 4. the phase ---------------------------------------------------------------------------------


def _four_sent(bonus: int = EMPTY, ending: bool = False) -> PostcardsState:
    builder = table()
    cards = (33, 34, 35, 36)
    for card in cards:
        builder.postcard(0, card, sent=True)
    builder.points(0, sum(COMPONENTS.postcards[c].points for c in cards))
    state = builder.state
    state.bonus, state.ending = bonus, ending
    return state


def test_end_game_bonus_and_end_triggered() -> None:
    refused(_four_sent(), "seat 0 has sent 4 postcards but nobody holds the End Game Bonus")
    refused(_four_sent(bonus=1, ending=True), "seat 1 holds the End Game Bonus but has sent only 0")
    refused(_four_sent(bonus=0), "the End Game Bonus is taken but the end of the game is not")
    state = dealt()
    state.ending = True
    refused(state, "the end of the game is triggered, but nobody holds the End Game Bonus")
    state = stalled(table()).state  # PC-101: nothing can ever be stamped or sent
    state.ending = True
    passes(state)


def test_a_finished_game() -> None:
    state = finished()
    state.turn.moves = 1
    refused(state, "the game is over but a turn is still in progress")
    state = finished()
    state.current = state.first_player
    refused(state, f"after the turn of seat {state.first_player}", "the last seat of the round")
    state = finished()
    state.turns -= 1
    refused(state, "not a whole number of rounds")
    state = dealt()
    state.over, state.turns = True, 2
    state.current = (state.first_player - 1) % 2
    refused(state, "over after round 1 without its end being triggered", "PC-104")


def test_whose_turn() -> None:
    state = dealt("player", "automa:normal")
    state.current = 1
    state.turns += 1 if state.first_player == 0 else -1
    refused(state, "seat 1 (automa:normal) is to play", "never waited for")
    state = dealt()
    state.turns = ROUND_LIMIT * 2
    state.current = state.first_player
    refused(state, f"{ROUND_LIMIT * 2} turns are played and the game is not over")
    state = dealt()
    state.turns = 1
    refused(state, "after 1 turns from first player", f"it is seat {other(state)}'s turn")


# -- 5. the turn ----------------------------------------------------------------------------------


def test_kept_effects_and_cards_played() -> None:
    state = dealt()
    state.turn.plus = 10**6
    refused(state, "the turn has 1000000 plus effects; no turn gains more than")
    state = passes(three_played())
    state.turn.played.append(state.players[0].hand.pop(0))
    refused(state, "4 travel cards are played this turn with 0 plus effect(s); at most 3")


def test_hand_sizes_between_and_during_turns() -> None:
    state = dealt()
    waiting = other(state)
    state.travel_deck.append(state.players[waiting].hand.pop())
    refused(state, f"seat {waiting} holds 4 travel cards; between its turns a player holds 5")
    state = dealt()
    state.travel_deck.append(state.players[state.current].hand.pop())
    refused(state, "holds 4 travel cards and has played 0 this turn; a turn starts with 5")
    state = run(three_played(), "end", "draw deck", "draw deck")
    state.players[0].hand.append(state.travel_deck.pop())
    state.players[0].hand.sort()
    refused(state, "seat 0 is drawing travel cards but already holds 5")


def test_drawing_comes_after_the_turn_and_the_display_is_refilled() -> None:
    state = run(three_played(), "end")
    state.turn.moves = 1
    refused(state, "drawing travel cards, but its turn still has", "effects kept")
    state = dealt()
    state.travel_deck.append(state.travel_row[3])
    state.travel_row[3] = EMPTY
    refused(state, "travel display slot 4 is empty while travel cards are left")


def test_the_order_of_pending_decisions() -> None:
    state = dealt()
    state.turn.stack = [Frame(STAMP), Frame(SOUVENIR)]
    refused(state, "stamp effect, souvenir, the last on top) cannot arise together")


def test_frame_fields() -> None:
    state = _souvenir()
    state.turn.stack.append(Frame(STAMP, value=3))
    refused(state, "stamp effect decision carries the value 3")
    state = _souvenir()
    state.turn.stack[0].cards = [state.postcard_deck.pop()]
    refused(state, "souvenir decision holds postcards")
    state = _souvenir()
    state.turn.stack[0].refreshed = True
    refused(state, "souvenir decision is marked refreshed")
    state = run(table("red.postcard", edition="nl").postcard_row(1, 2, 3).state)
    state = run(state, "play red.postcard action")
    state.turn.stack[0].refreshed = True
    refused(state, "only a postcard action of the English edition")
    state = _souvenir()
    state.turn.stack[0].value = 9
    refused(state, "souvenir decision is for campsite type 9")
    state = _souvenir()
    state.turn.stack[0].value = 1  # mountain, but the camp is on a beach
    refused(state, "for a mountain campsite here", "last camp is on campsite 33 (beach")


def test_star_decisions_only_on_side_b_with_a_printed_value() -> None:
    state = _star()
    state.side = "A"
    refused(state, "star decision is pending on board side A")
    state = _star()
    state.turn.stack[0].value = 50
    refused(state, "star decision is worth 50 points")


def test_decisions_refer_to_what_caused_them() -> None:
    state = _joker()
    state.players[0].hand.append(state.turn.played.pop())
    state.players[0].hand.sort()
    refused(state, "joker) decision is pending but fewer than 2 cards are played")
    state = dealt()
    state.turn.stack = [Frame(GIFT)]
    refused(state, "gift choice decision is pending but seat", "has sent no postcard")
    state = run(_sent(table()).gift(0, "road_map").state, "gift road_map")
    state.gift_deck.append(state.gift_discard.pop())
    refused(state, "Road Map movement decision is pending but no road_map gift card")
    state = run(_sent(table()).gift(0, "hiking_guide").state, "gift hiking_guide")
    frame = state.turn.stack[0]
    state.postcard_deck += frame.cards[3:]
    frame.cards = frame.cards[:3]
    passes(state)
    state.postcard_deck.append(frame.cards.pop())
    refused(state, "Hiking Guide decision holds 2 postcards; it holds 3..5")
    state = run(_sent(table()).gift(0, "hiking_guide").state, "gift hiking_guide")
    state.gift_deck.append(state.gift_discard.pop())
    refused(state, "no hiking_guide gift card has been used")


def test_the_decision_on_top_offers_a_choice() -> None:
    state = table().state
    state.turn.stack = [Frame(STAMP)]  # no postcard to stamp: the effect is lost (PC-4)
    refused(state, "the pending stamp effect decision offers no choice")
    builder = _sent(table()).gift(0, "stamp_collection").postcard(0, 29)
    state = passes(run(builder.state, "gift stamp_collection", "stamp 29 1"))
    assert [f.kind for f in state.turn.stack] == [STAMP]
    state.players[0].postcards[1].stamps[1] = True  # the last open space, from the supply
    state.supply -= 1
    refused(state, "the pending stamp effect decision offers no choice")


def test_refusal_names_the_first_broken_invariant() -> None:
    state = dealt()
    state.edition = "xx"
    state.players[0].hand.append(state.travel_deck.pop())
    refused(state, "edition 'xx'")
