"""What happens to the pieces of Postcards: the decks, the displays, the camps, the Stamp and
Souvenir tokens and the postcards, each move of a rule one plain function on the state, and
:func:`inventory`, every piece wherever it is.

Every function takes the explicit choice it carries out (a region, a slot, a stamp space) and
assumes that choice is allowed; the legality checks live in ``legal.py`` (and the refusals in
``refusals.py``), the decision flow in ``apply.py`` and ``turn.py``. The Automa (``automa.py``)
uses these same functions, so a rule is written once whoever applies it. Indices of slots and
spaces are 0-based here (the action notation shows them 1-based); postcards and campsites are
named by their printed ids.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.postcards.components import Components, Effect
from mailbag.games.postcards.state import (
    EMPTY,
    HAND_SIZE,
    POSTCARDS_TO_END,
    OwnedPostcard,
    Player,
    PostcardsState,
)


def _ev(kind: str, text: str, **data: object) -> Event:
    """An event: ``text`` is an English template over ``data`` (see ``texts.event_text``)."""
    return Event(kind, text, dict(data))


# -- decks (PC-10: an empty deck is refilled from its shuffled discard pile) ---------------------

#: the first rules version with PC-10a's eager reshuffle (see ``PostcardsState.rules``)
EAGER_RESHUFFLE: Final = 2


def _reshuffle(state: PostcardsState, deck: list[int], discard: list[int]) -> None:
    """PC-10: the discard pile, shuffled, becomes the new deck."""
    deck.extend(discard)
    discard.clear()
    state.rng.shuffle(deck)


def _settle(state: PostcardsState, deck: list[int], discard: list[int]) -> None:
    """PC-10a: "if, at any point, a deck is empty, shuffle its discard pile to form a new deck"
    — the moment a deck is empty and its discard pile holds cards (after a draw emptied it, or
    when cards reach the pile of an empty deck), the pile is shuffled into the new deck, so
    cards discarded later wait on the pile. Games of rules 1 (mailbag 0.1) refill at the next
    draw instead (:func:`_draw`), and replay as they were played."""
    if state.rules >= EAGER_RESHUFFLE and not deck and discard:
        _reshuffle(state, deck, discard)


def _draw(state: PostcardsState, deck: list[int], discard: list[int]) -> int:
    """The top card of ``deck``, refilled from its shuffled ``discard`` pile when empty (PC-10,
    PC-10a); EMPTY when both are empty."""
    if not deck and discard:  # rules 1: the refill waits for a draw (and a built position)
        _reshuffle(state, deck, discard)
    card = deck.pop() if deck else EMPTY
    _settle(state, deck, discard)
    return card


def discard_travel(state: PostcardsState, cards: list[int]) -> None:
    """Lay Travel ``cards`` on their discard pile, all at once (PC-10a: a new deck then)."""
    if cards:
        state.travel_discard.extend(cards)
        _settle(state, state.travel_deck, state.travel_discard)


def discard_postcards(state: PostcardsState, cards: list[int]) -> None:
    """Lay ``cards`` on the postcard discard pile, all at once (PC-10a: a new deck then)."""
    if cards:
        state.postcard_discard.extend(cards)
        _settle(state, state.postcard_deck, state.postcard_discard)


def discard_gift(state: PostcardsState, gift: int) -> None:
    """Lay a used lightning gift on the gift discard pile (PC-10a: a new deck then)."""
    state.gift_discard.append(gift)
    _settle(state, state.gift_deck, state.gift_discard)


def draw_travel(state: PostcardsState) -> int:
    """The top Travel card of the deck (reshuffling the discard pile if needed), or EMPTY."""
    return _draw(state, state.travel_deck, state.travel_discard)


def draw_postcard(state: PostcardsState) -> int:
    """The top postcard of the deck (reshuffling the discard pile if needed), or EMPTY."""
    return _draw(state, state.postcard_deck, state.postcard_discard)


def draw_gift(state: PostcardsState) -> int:
    """The top gift card of the deck (reshuffling used lightning gifts if needed), or EMPTY."""
    return _draw(state, state.gift_deck, state.gift_discard)


def top_postcard(state: PostcardsState) -> int:
    """The top postcard of the deck, seen and left there (the Automa's movement, PC-15), or
    EMPTY: an empty deck is first refilled from its pile (rules 1 keeps such a deck until a
    draw or a look; PC-10a never does). A look at a deck that holds cards shuffles nothing."""
    deck, pile = state.postcard_deck, state.postcard_discard
    if not deck and pile:
        _reshuffle(state, deck, pile)
    return deck[-1] if deck else EMPTY


def postcards_available(state: PostcardsState) -> bool:
    """Whether a postcard action can take anything (display, deck or discard pile)."""
    return bool(
        state.postcard_deck or state.postcard_discard or any(c != EMPTY for c in state.postcard_row)
    )


def deck_top_available(state: PostcardsState) -> bool:
    return bool(state.postcard_deck or state.postcard_discard)


# -- displays ---------------------------------------------------------------------------------


def refill_travel_row(state: PostcardsState) -> list[Event]:
    """Fill the empty slots of the Travel card display from the deck (End of Turn)."""
    for i, card in enumerate(state.travel_row):
        if card == EMPTY:
            state.travel_row[i] = draw_travel(state)
    return []


def take_travel_from_row(state: PostcardsState, slot: int) -> int:
    """Remove and return the Travel card in display ``slot`` (the slot is left empty)."""
    card = state.travel_row[slot]
    state.travel_row[slot] = EMPTY
    return card


def discard_from_travel_row(state: PostcardsState, slot: int) -> int:
    """Discard the Travel card in display ``slot`` as it is played (PC-13, the Automa); the
    slot stays empty until the display is refilled at the end of the turn. Returns its kind."""
    card = take_travel_from_row(state, slot)
    if card != EMPTY:
        discard_travel(state, [card])
    return card


def refill_postcard_row(state: PostcardsState) -> None:
    for i, card in enumerate(state.postcard_row):
        if card == EMPTY:
            state.postcard_row[i] = draw_postcard(state)


def refresh_postcard_display(state: PostcardsState) -> list[Event]:
    """Discard the face-up postcards, all three at once, and reveal new ones (PC-7, PC-10a)."""
    shown = [card for card in state.postcard_row if card != EMPTY]
    state.postcard_row[:] = [EMPTY] * len(state.postcard_row)
    discard_postcards(state, shown)
    refill_postcard_row(state)
    return [_ev("refresh", N_("the postcard display is refreshed"))]


def gain_postcard(components: Components, state: PostcardsState, seat: int, card: int) -> None:
    """Put postcard ``card`` in front of ``seat``, every space open."""
    info = components.postcards[card]
    state.players[seat].postcards.append(
        OwnedPostcard(card, [False] * len(info.stamps), [False] * len(info.souvenirs))
    )


def take_postcard(
    components: Components, state: PostcardsState, seat: int, slot: int | None
) -> list[Event]:
    """Postcard action: take the face-up postcard in ``slot`` (refilled at once) or, with
    ``slot=None``, the top of the deck. PC-7: in the Dutch edition taking the deck top forces
    the display to be discarded and replaced."""
    if slot is None:
        card = draw_postcard(state)
        if card == EMPTY:
            return []
        if state.edition == "nl":  # PC-7
            gain_postcard(components, state, seat, card)
            events = [_took(seat, card, None)]
            return events + refresh_postcard_display(state)
    else:
        card = state.postcard_row[slot]
        state.postcard_row[slot] = EMPTY
        state.postcard_row[slot] = draw_postcard(state)
    gain_postcard(components, state, seat, card)
    return [_took(seat, card, slot)]


def _took(seat: int, card: int, slot: int | None) -> Event:
    if slot is None:
        text = N_("{seat} takes postcard {postcard} from the deck")
        return _ev("take_postcard", text, seat=seat, postcard=card)
    text = N_("{seat} takes postcard {postcard} from display slot {slot}")
    return _ev("take_postcard", text, seat=seat, postcard=card, slot=slot + 1)


# -- the map ----------------------------------------------------------------------------------


def move_to(state: PostcardsState, seat: int, region: int) -> list[Event]:
    """Put ``seat``'s bicycle in ``region`` (the caller checks adjacency when it applies)."""
    state.players[seat].region = region
    return [_ev("move", N_("{seat} rides to {region_name}"), seat=seat, region=region)]


def free_campsites(components: Components, state: PostcardsState, region: int) -> list[int]:
    """The empty campsites of ``region``, by id."""
    return [c for c in components.regions[region].campsites if state.camp_owner[c - 1] == EMPTY]


def can_camp(components: Components, state: PostcardsState, seat: int) -> bool:
    """PC-8: a camp action needs an unplaced camp token and an empty campsite here."""
    player = state.players[seat]
    if len(player.camps) >= components.camps:
        return False
    return any(
        state.camp_owner[c - 1] == EMPTY for c in components.regions[player.region].campsites
    )


def place_camp(
    components: Components, state: PostcardsState, seat: int, campsite: int
) -> tuple[list[Event], Effect | None]:
    """Place ``seat``'s leftmost camp token on ``campsite``; score the best traveller if the
    region is now all theirs (PC-8). Returns the events and the effect printed under the camp
    token on the player board (the caller resolves it), if any."""
    player = state.players[seat]
    state.camp_owner[campsite - 1] = seat
    player.camps.append(campsite)
    number = len(player.camps)
    region = components.campsites[campsite].region
    events = [
        _ev(
            "camp",
            N_("{seat} camps on campsite {campsite} in {region_name}"),
            seat=seat,
            campsite=campsite,
            region=region,
        )
    ]
    sites = components.regions[region].campsites
    if all(state.camp_owner[c - 1] == seat for c in sites):  # best traveller, once
        player.best_traveller.append(region)
        reason = N_("best traveller in region {region}")
        events += score(state, seat, len(sites), reason, region=region)
    return events, components.board[state.side].get(number)


def board_effect(components: Components, side: str, camps_placed: int) -> Effect | None:
    """The effect under camp space number ``camps_placed`` (1-based) of board ``side``."""
    return components.board[side].get(camps_placed)


# -- stamps and souvenirs ---------------------------------------------------------------------


def open_stamp_spaces(
    components: Components, state: PostcardsState, seat: int, colour: int | None = None
) -> list[tuple[int, int]]:
    """(postcard id, space index) of every empty stamp space on ``seat``'s unsent postcards,
    oldest postcard first, top to bottom; only those of ``colour`` unless it is None."""
    spaces = []
    for owned in state.players[seat].postcards:
        if owned.sent:
            continue
        colours = components.postcards[owned.card].stamp_colours
        for i, filled in enumerate(owned.stamps):
            if not filled and (colour is None or colours[i] == colour):
                spaces.append((owned.card, i))
    return spaces


def open_souvenir_spaces(
    components: Components, state: PostcardsState, seat: int, campsite_type: str
) -> list[tuple[int, int]]:
    """(postcard id, space index) of every empty souvenir space of ``campsite_type`` on
    ``seat``'s unsent postcards, oldest postcard first, top to bottom (PC-8)."""
    spaces = []
    for owned in state.players[seat].postcards:
        if owned.sent:
            continue
        souvenirs = components.postcards[owned.card].souvenirs
        for i, filled in enumerate(owned.souvenirs):
            if not filled and souvenirs[i].campsite == campsite_type:
                spaces.append((owned.card, i))
    return spaces


def owned_postcard(state: PostcardsState, seat: int, card: int) -> OwnedPostcard:
    for owned in state.players[seat].postcards:
        if owned.card == card:
            return owned
    raise KeyError(f"seat {seat} has no postcard {card}")


def place_stamp(state: PostcardsState, seat: int, card: int, space: int) -> list[Event]:
    """Take a Stamp token from the supply and put it on stamp ``space`` of postcard ``card``.
    PC-2: with an empty supply nothing is placed."""
    if state.supply <= 0:
        return [_ev("no_token", N_("the supply is empty: no stamp is placed"), seat=seat)]
    state.supply -= 1
    owned_postcard(state, seat, card).stamps[space] = True
    return [
        _ev(
            "stamp",
            N_("{seat} sticks a stamp on postcard {postcard} (space {number})"),
            seat=seat,
            postcard=card,
            space=space,
            number=space + 1,
        )
    ]


def place_souvenir(
    components: Components, state: PostcardsState, seat: int, card: int, space: int
) -> tuple[list[Event], Effect | None]:
    """Put a Souvenir token from the supply on souvenir ``space`` of postcard ``card`` and
    return the effect it grants (the caller resolves it). PC-2: none with an empty supply."""
    if state.supply <= 0:
        empty = N_("the supply is empty: no souvenir is placed")
        return [_ev("no_token", empty, seat=seat)], None
    state.supply -= 1
    owned_postcard(state, seat, card).souvenirs[space] = True
    effect = components.postcards[card].souvenirs[space].effect
    return [
        _ev(
            "souvenir",
            N_("{seat} places a souvenir on postcard {postcard} (space {number}): {effect}"),
            seat=seat,
            postcard=card,
            space=space,
            number=space + 1,
            effect=effect.label(),
        )
    ], effect


def is_complete(owned: OwnedPostcard) -> bool:
    return not owned.sent and all(owned.stamps)


def can_send(components: Components, state: PostcardsState, seat: int, card: int) -> bool:
    """Sending needs every stamp space filled and the bicycle in the postcard's region."""
    player = state.players[seat]
    for owned in player.postcards:
        if owned.card == card:
            return is_complete(owned) and components.postcards[card].region == player.region
    return False


def sent_count(player: Player) -> int:
    return sum(1 for p in player.postcards if p.sent)


# -- scoring during play ----------------------------------------------------------------------


def score(state: PostcardsState, seat: int, points: int, reason: str, **fields: int) -> list[Event]:
    """``seat`` scores ``points`` now. ``reason`` is an English template over ``fields``
    (``"postcard {postcard} sent"``): the event keeps it filled in (``reason``) and as the
    template (``because``) with its fields, to be put in the reader's language."""
    state.players[seat].points += points
    data: dict[str, object] = {"seat": seat, "points": points, "reason": reason}
    if fields:
        data["reason"] = reason.format(**fields)
        data["because"] = reason
        data.update(fields)
    return [Event("score", N_("{seat} scores {points} ({reason})"), data)]


def send_postcard(
    components: Components, state: PostcardsState, seat: int, card: int
) -> list[Event]:
    """Send postcard ``card``: its tokens return to the supply, its points are scored, it is
    flipped (PC-9). The first seat to have sent 4 takes the End Game Bonus and the end of the
    game is triggered (PC-12). The gift card is taken separately (:func:`take_gift`)."""
    owned = owned_postcard(state, seat, card)
    state.supply += sum(owned.stamps) + sum(owned.souvenirs)
    owned.stamps = [False] * len(owned.stamps)
    owned.souvenirs = [False] * len(owned.souvenirs)
    owned.sent = True
    info = components.postcards[card]
    events = [
        _ev(
            "send",
            N_("{seat} sends postcard {postcard} from {region_name}"),
            seat=seat,
            postcard=card,
            region=info.region,
        )
    ]
    events += score(state, seat, info.points, N_("postcard {postcard} sent"), postcard=card)
    if state.bonus == EMPTY and sent_count(state.players[seat]) >= POSTCARDS_TO_END:
        state.bonus = seat
        state.ending = True
        events.append(
            _ev(
                "end_game_bonus",
                N_(
                    "{seat} has sent {count} postcards: End Game Bonus; "
                    "the round is finished, then the game ends"
                ),
                seat=seat,
                count=POSTCARDS_TO_END,
            )
        )
    return events


def take_gift(state: PostcardsState, seat: int, slot: int) -> list[Event]:
    """Take the face-up gift card in ``slot`` and refill the slot from the deck (PC-10)."""
    gift = state.gift_row[slot]
    state.players[seat].gifts.append(gift)
    state.gift_row[slot] = draw_gift(state)
    return [_ev("gift", N_("{seat} takes gift card {gift}"), seat=seat, gift=gift)]


def gifts_available(state: PostcardsState) -> bool:
    return any(g != EMPTY for g in state.gift_row)


# -- end of turn ------------------------------------------------------------------------------


def hand_needs_cards(state: PostcardsState, seat: int) -> bool:
    """PC-11: a player draws one card at a time until holding 5 (while cards remain)."""
    player = state.players[seat]
    if len(player.hand) >= HAND_SIZE or player.kind != "player":
        return False
    return bool(
        state.travel_deck or state.travel_discard or any(c != EMPTY for c in state.travel_row)
    )


def stalemate(state: PostcardsState) -> bool:
    """PC-101: with the supply empty and no unsent postcard fully stamped, no stamp can ever
    be placed again and no postcard can ever be sent: the game cannot go on."""
    if state.supply > 0:
        return False
    return not any(is_complete(p) for player in state.players for p in player.postcards)


# -- every piece ------------------------------------------------------------------------------


def inventory(components: Components, state: PostcardsState) -> Counter[str]:
    """Every component wherever it is: travel and gift cards by kind, postcards by id,
    Stamp/Souvenir tokens (supply + on postcards), camp tokens per seat, itinerary cards."""
    inv: Counter[str] = Counter()
    travel = [f"travel:{k.name}" for k in components.travel]
    gifts = [f"gift:{g.name}" for g in components.gifts]
    cards = state.travel_deck + state.travel_discard + state.turn.played
    cards += [c for c in state.travel_row if c != EMPTY]
    for p in state.players:
        cards += p.hand
    inv.update(travel[k] for k in cards)
    held = state.gift_deck + state.gift_discard + [g for g in state.gift_row if g != EMPTY]
    for p in state.players:
        held += p.gifts
    inv.update(gifts[g] for g in held)
    postcards = state.postcard_deck + state.postcard_discard
    postcards += [c for c in state.postcard_row if c != EMPTY]
    for frame in state.turn.stack:
        postcards += frame.cards
    tokens = state.supply
    itineraries = list(state.unused_itineraries)
    for seat, p in enumerate(state.players):
        postcards += [o.card for o in p.postcards]
        tokens += sum(sum(o.stamps) + sum(o.souvenirs) for o in p.postcards)
        inv[f"camp:{seat}"] += components.camps  # placed or on the board
        itineraries.append(p.itinerary)
    inv.update(f"postcard:{c}" for c in postcards)
    inv.update(f"itinerary:{i}" for i in itineraries)
    inv["token"] += tokens
    inv["end_game_bonus"] += 1
    return inv
