"""The Automa sends a postcard as soon as it is fully stamped, wherever it is, takes the
leftmost gift card, and scores its gifts at the end by edition (Solo Mode; PC-12, PC-16,
PC-205)."""

from __future__ import annotations

from mailbag.games.postcards import scoring
from mailbag.games.postcards.components import COLOURS
from mailbag.games.postcards.state import EMPTY, PostcardsState

from .automa_support import (
    AUTOMA,
    COMPONENTS,
    explained,
    fill_all_stamps_but,
    give,
    owned_postcard,
    play,
    play_slot,
    postcard_of,
    said,
    table,
    travel_row,
)


def almost_complete(region: int = 8) -> tuple[PostcardsState, int, str]:
    """The Automa holds a postcard of ``region`` missing one stamp, far from that region; slot 1
    holds a card of the missing colour."""
    state = table()
    card = postcard_of(region)
    give(state, AUTOMA, card)
    fill_all_stamps_but(state, AUTOMA, card, 0)
    state.players[AUTOMA].region = next(
        r
        for r in COMPONENTS.regions
        if r != region and r not in COMPONENTS.regions[region].adjacent
    )
    missing = COLOURS[COMPONENTS.postcards[card].stamp_colours[0]]
    travel_row(state, f"{missing}.movement")
    return state, card, missing


def test_a_full_postcard_is_sent_at_once_from_anywhere_pc16() -> None:
    state, card, _ = almost_complete()
    supply = state.supply
    gift = state.gift_row[0]
    event = explained(play_slot(state, 1))
    owned = owned_postcard(state, AUTOMA, card)
    assert owned.sent
    assert not any(owned.stamps) and not any(owned.souvenirs)
    stamps = len(COMPONENTS.postcards[card].stamps)
    assert state.supply == supply - 1 + stamps  # the last stamp, then all tokens back
    assert state.players[AUTOMA].points == COMPONENTS.postcards[card].points
    assert state.players[AUTOMA].gifts == [gift]
    assert state.gift_row[0] != EMPTY  # refilled from the gift deck
    assert "sent at once" in said(event) and "leftmost gift card" in said(event)


def test_the_leftmost_gift_still_face_up_is_taken_pc205() -> None:
    state, _, _ = almost_complete()
    gone = state.gift_row[0]
    state.gift_row[0] = EMPTY
    state.gift_deck.insert(0, gone)
    second = state.gift_row[1]
    play_slot(state, 1)
    assert state.players[AUTOMA].gifts == [second]


def test_no_gift_left_sends_without_a_gift_pc205() -> None:
    state, card, _ = almost_complete()
    state.players[0].gifts += state.gift_deck + [g for g in state.gift_row if g != EMPTY]
    state.gift_row = [EMPTY] * len(state.gift_row)
    state.gift_deck = []
    event = explained(play_slot(state, 1))
    assert owned_postcard(state, AUTOMA, card).sent
    assert state.players[AUTOMA].gifts == []
    assert "no gift card is left" in said(event)


def test_the_fourth_postcard_sent_takes_the_end_game_bonus_pc12() -> None:
    state, card, _ = almost_complete()
    others = [postcard_of(r) for r in (1, 2, 3)]
    give(state, AUTOMA, *others, card, sent=others)
    fill_all_stamps_but(state, AUTOMA, card, 0)
    play_slot(state, 1)
    assert state.bonus == AUTOMA
    assert state.ending


def test_only_a_complete_postcard_is_sent() -> None:
    state = table()
    card = postcard_of(8, lambda p: len(p.stamps) >= 3)
    give(state, AUTOMA, card)
    fill_all_stamps_but(state, AUTOMA, card, 0, 1)
    colour = COLOURS[COMPONENTS.postcards[card].stamp_colours[0]]
    travel_row(state, f"{colour}.movement")
    play_slot(state, 1)
    assert not owned_postcard(state, AUTOMA, card).sent


def test_two_postcards_completed_in_one_turn_are_both_sent() -> None:
    state = table(("player", "automa:easy"))
    a, b = postcard_of(8), postcard_of(12)
    give(state, AUTOMA, a, b)
    fill_all_stamps_but(state, AUTOMA, a, 0)
    fill_all_stamps_but(state, AUTOMA, b, 0)
    ca = COLOURS[COMPONENTS.postcards[a].stamp_colours[0]]
    cb = COLOURS[COMPONENTS.postcards[b].stamp_colours[0]]
    travel_row(state, f"{ca}.movement", f"{cb}.movement")
    play(state)
    assert owned_postcard(state, AUTOMA, a).sent and owned_postcard(state, AUTOMA, b).sent
    assert len(state.players[AUTOMA].gifts) == 2


# -- gift cards at the end (PC-16) --------------------------------------------------------------


def gift(name: str) -> int:
    index = COMPONENTS.gift_index(name)
    assert index is not None, name
    return index


def holding_gifts(edition: str, *names: str) -> PostcardsState:
    state = table(edition=edition)
    for name in names:
        kind = gift(name)
        state.gift_deck.remove(kind) if kind in state.gift_deck else state.gift_row.remove(kind)
        state.players[AUTOMA].gifts.append(kind)
    while len(state.gift_row) < 3:
        state.gift_row.append(state.gift_deck.pop())
    return state


def test_english_edition_every_automa_gift_is_worth_3() -> None:
    state = holding_gifts("en", "car", "snow_globe", "snow_globe", "keychain.beach")
    score = scoring.score_of(COMPONENTS, state, AUTOMA)
    assert score.breakdown["gifts (automa)"] == 12
    assert not any(k.startswith(("keychain", "snow", "caravan")) for k in score.breakdown)


def test_dutch_edition_lightning_gifts_3_bell_gifts_as_for_a_player() -> None:
    state = holding_gifts("nl", "car", "road_map", "snow_globe", "snow_globe")
    score = scoring.score_of(COMPONENTS, state, AUTOMA)
    assert score.breakdown["gifts (automa)"] == 6
    assert score.breakdown["snow globes"] == 6


def test_a_players_gifts_are_not_scored_as_automa_gifts() -> None:
    state = table()
    state.players[0].gifts.append(state.gift_deck.pop())
    assert "gifts (automa)" not in scoring.score_of(COMPONENTS, state, 0).breakdown


def test_sent_postcards_of_the_automa_count_for_its_itinerary() -> None:
    state = table()
    regions = COMPONENTS.itineraries[state.players[AUTOMA].itinerary].regions
    cards = [postcard_of(r) for r in regions[:3]]
    give(state, AUTOMA, *cards, sent=cards)
    assert scoring.score_of(COMPONENTS, state, AUTOMA).breakdown["itinerary"] == 7
