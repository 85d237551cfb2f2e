"""A small state-builder for Postcards scenario tests: positions built directly, not played.

Every helper moves components between places (deck, display, hands, postcards, supply), so a
built position holds exactly the game's components and the conservation check still holds.

    b = Builder(seats=2)
    b.hand(0, "red.camp", "blue.movement").region(0, 8).postcard(0, 29, stamps=[True, False])
    state = b.state
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Event, apply, new_game, parse_action
from mailbag.games.postcards import GAME
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.game import PostcardsGame
from mailbag.games.postcards.state import EMPTY, OwnedPostcard, PostcardsState, Turn

COMPS: Components = GAME.comps


class Builder:
    """A position under construction; ``state`` is the position (of ``game``: the shipped
    component set unless a test plays its own)."""

    def __init__(
        self,
        seats: int | tuple[str, ...] = 2,
        edition: str = "en",
        side: str = "A",
        seed: int = 0,
        game: PostcardsGame = GAME,
    ) -> None:
        kinds = ("player",) * seats if isinstance(seats, int) else seats
        self.comps = game.comps
        options = {"edition": edition, "side": side}
        self.state: PostcardsState = new_game(game, kinds, options, seed)
        s = self.state
        s.first_player = s.current = 0
        s.turn = Turn()
        for seat in range(len(kinds)):
            self.hand(seat)
            for owned in list(s.players[seat].postcards):
                self._release_postcard(owned.card)
                s.postcard_deck.insert(0, owned.card)

    # -- travel cards ---------------------------------------------------------------------------
    def _take_travel(self, kind: int) -> None:
        s = self.state
        for pile in (s.travel_deck, s.travel_discard):
            if kind in pile:
                pile.remove(kind)
                return
        raise ValueError(f"no {COMPS.travel[kind].name} left in the deck or discard pile")

    def hand(self, seat: int, *names: str) -> Builder:
        """Set ``seat``'s hand (old cards go back to the bottom of the deck)."""
        player = self.state.players[seat]
        self.state.travel_deck[:0] = player.hand
        player.hand = []
        for name in names:
            k = kind(name)
            self._take_travel(k)
            player.hand.append(k)
        player.hand.sort()
        return self

    def travel_row(self, *names: str | None) -> Builder:
        s = self.state
        for i, card in enumerate(s.travel_row):
            if card != EMPTY:
                s.travel_deck.insert(0, card)
            s.travel_row[i] = EMPTY
        for i, name in enumerate(names):
            if name is not None:
                k = kind(name)
                self._take_travel(k)
                s.travel_row[i] = k
        return self

    def travel_deck_top(self, *names: str) -> Builder:
        """Put these cards on top of the Travel deck (the last one on top)."""
        for name in names:
            k = kind(name)
            self._take_travel(k)
            self.state.travel_deck.append(k)
        return self

    # -- postcards ------------------------------------------------------------------------------
    def _release_postcard(self, card: int) -> None:
        """Take ``card`` out of wherever it is (returning its tokens to the supply)."""
        s = self.state
        for pile in (s.postcard_deck, s.postcard_discard):
            if card in pile:
                pile.remove(card)
                return
        if card in s.postcard_row:
            s.postcard_row[s.postcard_row.index(card)] = EMPTY
            return
        for player in s.players:
            for owned in player.postcards:
                if owned.card == card:
                    s.supply += sum(owned.stamps) + sum(owned.souvenirs)
                    player.postcards.remove(owned)
                    return
        raise ValueError(f"postcard {card} not found")

    def postcard(
        self,
        seat: int,
        card: int,
        stamps: list[bool] | bool = False,
        souvenirs: list[bool] | bool = False,
        sent: bool = False,
    ) -> Builder:
        """Give ``seat`` postcard ``card``; ``stamps=True`` fills every stamp space."""
        s = self.state
        info = COMPS.postcards[card]
        self._release_postcard(card)
        st = [stamps] * len(info.stamps) if isinstance(stamps, bool) else list(stamps)
        sv = [souvenirs] * len(info.souvenirs) if isinstance(souvenirs, bool) else list(souvenirs)
        if sent:
            st, sv = [False] * len(st), [False] * len(sv)
        s.supply -= sum(st) + sum(sv)
        assert s.supply >= 0, "not enough tokens in the supply"
        s.players[seat].postcards.append(OwnedPostcard(card, st, sv, sent))
        return self

    def postcard_row(self, *cards: int | None) -> Builder:
        s = self.state
        for i, card in enumerate(s.postcard_row):
            if card != EMPTY:
                s.postcard_deck.insert(0, card)
            s.postcard_row[i] = EMPTY
        for i, card in enumerate(cards):
            if card is not None:
                self._release_postcard(card)
                s.postcard_row[i] = card
        return self

    def postcard_deck_top(self, *cards: int) -> Builder:
        """Put these postcards on top of the deck (the last one on top)."""
        for card in cards:
            self._release_postcard(card)
            self.state.postcard_deck.append(card)
        return self

    def postcard_deck_only(self, *cards: int) -> Builder:
        """Leave only ``cards`` in the deck (the last on top); the rest go to the discard."""
        s = self.state
        for card in cards:
            self._release_postcard(card)
        s.postcard_discard += s.postcard_deck
        s.postcard_deck = list(cards)
        return self

    # -- the map, camps, gifts, tokens ----------------------------------------------------------
    def region(self, seat: int, region: int) -> Builder:
        self.state.players[seat].region = region
        return self

    def camps(self, seat: int, *sites: int) -> Builder:
        for site in sites:
            assert self.state.camp_owner[site - 1] == EMPTY, f"campsite {site} is taken"
            self.state.camp_owner[site - 1] = seat
            self.state.players[seat].camps.append(site)
        return self

    def _take_gift(self, g: int) -> None:
        s = self.state
        if g in s.gift_deck:
            s.gift_deck.remove(g)
        elif g in s.gift_discard:
            s.gift_discard.remove(g)
        elif g in s.gift_row:
            s.gift_row[s.gift_row.index(g)] = EMPTY
        else:
            raise ValueError(f"no {self.comps.gifts[g].name} gift left")

    def gift(self, seat: int, *names: str) -> Builder:
        for name in names:
            g = gift(name, self.comps)
            self._take_gift(g)
            self.state.players[seat].gifts.append(g)
        return self

    def gift_row(self, *names: str | None) -> Builder:
        s = self.state
        for i, g in enumerate(s.gift_row):
            if g != EMPTY:
                s.gift_deck.insert(0, g)
            s.gift_row[i] = EMPTY
        for i, name in enumerate(names):
            if name is not None:
                g = gift(name, self.comps)
                self._take_gift(g)
                s.gift_row[i] = g
        return self

    def supply(self, tokens: int) -> Builder:
        """Leave ``tokens`` in the supply; the others are parked on spare postcards (never
        complete: one stamp space stays open) given to the last seat, so every token still
        exists."""
        s = self.state
        extra = s.supply - tokens
        assert extra >= 0
        spares = (c for c in sorted(COMPS.postcards, reverse=True) if c in s.postcard_deck)
        while extra > 0:
            spare = next(spares)
            self._release_postcard(spare)
            info = COMPS.postcards[spare]
            marks = [True] * (len(info.stamps) - 1 + len(info.souvenirs))
            take = min(extra, len(marks))
            marks = [i < take for i in range(len(marks))]
            st = [*marks[: len(info.stamps) - 1], False]
            sv = marks[len(info.stamps) - 1 :]
            s.players[-1].postcards.append(OwnedPostcard(spare, st, sv))
            s.supply -= take
            extra -= take
        return self

    def itinerary(self, seat: int, itinerary: int) -> Builder:
        """Give ``seat`` itinerary card ``itinerary`` (swapped with whoever held it) and put
        its bicycle on the card's start region."""
        s = self.state
        old = s.players[seat].itinerary
        if itinerary in s.unused_itineraries:
            s.unused_itineraries[s.unused_itineraries.index(itinerary)] = old
            s.unused_itineraries.sort()
        else:
            for other in s.players:
                if other.itinerary == itinerary:
                    other.itinerary = old
        s.players[seat].itinerary = itinerary
        s.players[seat].region = COMPS.itineraries[itinerary].start
        return self

    def points(self, seat: int, points: int) -> Builder:
        self.state.players[seat].points = points
        return self

    def seat_to_play(self, seat: int) -> Builder:
        self.state.current = seat
        return self


# -- helpers --------------------------------------------------------------------------------------


def kind(name: str) -> int:
    k = COMPS.travel_index(name)
    assert k is not None, name
    return k


def gift(name: str, comps: Components = COMPS) -> int:
    g = comps.gift_index(name)
    assert g is not None, name
    return g


def act(
    state: PostcardsState, text: str, seat: int | None = None, game: PostcardsGame = GAME
) -> tuple[PostcardsState, list[Event]]:
    """Apply the action in notation ``text`` through the checked core ``apply``."""
    who = state.current if seat is None else seat
    return apply(game, state, who, parse_action(text))


def run(state: PostcardsState, *texts: str, game: PostcardsGame = GAME) -> PostcardsState:
    for text in texts:
        state, _ = act(state, text, game=game)
    return state


def legal(state: PostcardsState, seat: int | None = None, game: PostcardsGame = GAME) -> list[str]:
    who = state.current if seat is None else seat
    return [str(a) for a in game.legal_actions(state, who)]


def find_postcard(**want: Any) -> int:
    """The lowest postcard id whose fields match (region=, points=, stamps=n, ...)."""
    for pid in sorted(COMPS.postcards):
        info = COMPS.postcards[pid]
        if all(_match(info, k, v) for k, v in want.items()):
            return pid
    raise LookupError(f"no postcard with {want}")


def _match(info: Any, key: str, value: Any) -> bool:
    if key == "stamps":
        return len(info.stamps) == value
    if key == "souvenir":
        return any(s.campsite == value[0] and s.effect.label() == value[1] for s in info.souvenirs)
    return bool(getattr(info, key) == value)


def action(text: str) -> Action:
    return parse_action(text)
