"""Postcards positions a person can write and read: :func:`build` makes a state from named parts
— Travel cards ``"red.camp"``, gifts ``"car"``, regions by name or number, postcards,
itineraries and campsites by their printed numbers — filling everything left unnamed from the
seed; :func:`describe` gives any state back as such parts, so ``build(describe(state))`` is that
state again. :class:`Builder` changes a position step by step (``.hand(0, "red.camp")``), moving
each component from wherever it is.

    state = build(
        seats=["player", "automa:easy"],
        players=[{"hand": ["red.camp", "blue.movement"], "region": "Bretagne",
                  "postcards": [{"card": 29, "stamps": [True, False]}]}],
        travel_row=["green.postcard", None, None, None, None],
    )

Every component is conserved: cards the position does not place stay in their decks (``*_deck``
names the top cards, first drawn first; the rest lie below them, shuffled from the seed); a
player's hand given short (or not at all) is topped up to 5 cards with those played this turn;
displays not given, and their empty slots while a deck lasts, are filled from their decks
(PC-11); Stamp/Souvenir tokens not on postcards are in the supply. A card that does not exist or
is placed twice is refused with a :class:`~mailbag.core.positions.PositionError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from mailbag.core.game import new_game
from mailbag.core.i18n import _
from mailbag.core.positions import (
    PositionError,
    check_built,
    check_keys,
    check_seat,
    lookup,
    take,
    twice,
)
from mailbag.core.spec import OptionValue
from mailbag.games.postcards import GAME
from mailbag.games.postcards.game import PostcardsGame
from mailbag.games.postcards.state import (
    EMPTY,
    GIFT_ROW,
    HAND_SIZE,
    POSTCARD_ROW,
    TRAVEL_ROW,
    Frame,
    OwnedPostcard,
    PostcardsState,
    Turn,
)

PLAYER_PARTS = (
    "kind",
    "itinerary",
    "region",
    "hand",
    "postcards",
    "camps",
    "gifts",
    "points",
    "best_traveller",
)
PARTS = (
    "seats",
    "players",
    "options",
    "first_player",
    "current",
    "turn",
    "travel_deck",
    "travel_discard",
    "travel_row",
    "postcard_deck",
    "postcard_discard",
    "postcard_row",
    "gift_deck",
    "gift_discard",
    "gift_row",
    "supply",
    "unused_itineraries",
    "bonus",
    "ending",
    "over",
    "turns",
    "deciders",
)


def _regions(game: PostcardsGame) -> dict[str, int]:
    regions = game.components.regions
    return {**{r.name: n for n, r in regions.items()}, **{str(n): n for n in regions}}


def _numbers(what: str, given: Any, known: Mapping[int, Any]) -> list[int]:
    table = {str(n): n for n in known}
    return [lookup(what, str(x), table) for x in given or ()]


def _slots(given: Any, size: int) -> list[Any]:
    slots = list(given or ())
    return slots + [None] * (size - len(slots))


def build(
    description: Mapping[str, Any] | None = None,
    /,
    *,
    seed: int = 0,
    check: bool = True,
    game: PostcardsGame = GAME,
    **parts: Any,
) -> PostcardsState:
    """A Postcards position from named parts (a :func:`describe` dictionary, keyword parts, or
    both: keywords win). Raises :class:`PositionError` for an impossible position and (with
    ``check``) the game's own :class:`~mailbag.core.errors.StateError` for an inconsistent
    one."""
    given: dict[str, Any] = {**(description or {}), **parts}
    check_keys("Postcards", given, PARTS)
    components = game.components
    players_given = list(given.get("players") or ())
    kinds = tuple(given.get("seats") or ("player",) * max(2, len(players_given)))
    if len(players_given) > len(kinds):
        check_seat(len(players_given) - 1, len(kinds))
    specs: list[dict[str, Any]] = [{} for _ in kinds]
    for seat, spec in enumerate(players_given):
        check_keys("Postcards player", spec, PLAYER_PARTS)
        specs[seat] = dict(spec)
    options = dict(given.get("options") or {})
    state = new_game(game, kinds, options, seed)
    rng = state.rng
    travel = {k.name: k.index for k in components.travel}
    gifts = {g.name: g.index for g in components.gifts}
    regions = _regions(game)

    # Travel cards: hands, the display, the cards played this turn, the discard, the deck top
    turn_given = dict(given.get("turn") or {})
    hands = [[str(c) for c in spec.get("hand") or ()] for spec in specs]
    row = _slots(given.get("travel_row"), TRAVEL_ROW) if "travel_row" in given else None
    played = [str(c) for c in turn_given.get("played") or ()]
    discard = [str(c) for c in given.get("travel_discard") or ()]
    top = [str(c) for c in given.get("travel_deck") or ()]
    box = Counter({k.name: k.copies for k in components.travel})
    named = [c for h in hands for c in h] + [c for c in row or () if c is not None]
    take("Travel card", named + played + discard + top, box)
    rest = [name for name, n in box.items() for _ in range(n)]
    rng.shuffle(rest)
    current = int(given.get("current", state.current))
    for seat, p in enumerate(state.players):
        # a hand given short is topped up to 5 with the cards played this turn (PC-11)
        size = HAND_SIZE - (len(played) if seat == current else 0)
        if p.kind == "player" and not turn_given.get("drawing"):
            hands[seat] += [rest.pop() for _ in range(max(0, size - len(hands[seat])))]
        p.hand = sorted(travel[c] for c in hands[seat])
    row = [rest.pop() if c is None and rest else c for c in row or [None] * TRAVEL_ROW]
    state.travel_row = [EMPTY if c is None else travel[c] for c in row]
    state.travel_discard = [travel[c] for c in discard]
    state.travel_deck = [travel[c] for c in rest + top[::-1]]

    # postcards (held with their tokens, on display, drawn by the Hiking Guide, discarded, deck)
    stack = [dict(f) for f in turn_given.get("stack") or ()]
    held = [list(spec.get("postcards") or ()) for spec in specs]
    prow = _slots(given.get("postcard_row"), POSTCARD_ROW) if "postcard_row" in given else None
    pdiscard = _numbers("postcard", given.get("postcard_discard"), components.postcards)
    ptop = _numbers("postcard", given.get("postcard_deck"), components.postcards)
    in_frames = [_numbers("postcard", f.get("cards"), components.postcards) for f in stack]
    box = Counter({str(n): 1 for n in components.postcards})
    owned_numbers = [
        [_numbers("postcard", [o.get("card")], components.postcards)[0] for o in h] for h in held
    ]
    names = [*(n for h in owned_numbers for n in h), *(n for n in prow or () if n is not None)]
    names += [*pdiscard, *ptop, *(n for f in in_frames for n in f)]
    take("postcard", [str(n) for n in names], box)
    prest = [int(n) for n, c in box.items() if c]
    rng.shuffle(prest)
    tokens_used = 0
    for seat, p in enumerate(state.players):
        if "postcards" not in specs[seat]:
            owned = [prest.pop()]  # one random postcard each (PC-3)
            p.postcards = [OwnedPostcard(owned[0], *_marks(game, owned[0], {}))]
            continue
        p.postcards = []
        for number, o in zip(owned_numbers[seat], held[seat], strict=True):
            check_keys("Postcards postcard", o, ("card", "stamps", "souvenirs", "sent"))
            stamps, souvenirs = _marks(game, number, o)
            tokens_used += sum(stamps) + sum(souvenirs)
            p.postcards.append(OwnedPostcard(number, stamps, souvenirs, bool(o.get("sent"))))
    prow = [prest.pop() if n is None and prest else n for n in prow or [None] * POSTCARD_ROW]
    state.postcard_row = [EMPTY if n is None else int(n) for n in prow]
    state.postcard_discard = pdiscard
    state.postcard_deck = prest + ptop[::-1]

    # gifts
    grow = _slots(given.get("gift_row"), GIFT_ROW) if "gift_row" in given else None
    held_gifts = [[str(g) for g in spec.get("gifts") or ()] for spec in specs]
    gdiscard = [str(g) for g in given.get("gift_discard") or ()]
    gtop = [str(g) for g in given.get("gift_deck") or ()]
    box = Counter({g.name: g.copies for g in components.gifts})
    named = [g for h in held_gifts for g in h] + [g for g in grow or () if g is not None]
    take("gift", named + gdiscard + gtop, box)
    grest = [name for name, n in box.items() for _ in range(n)]
    rng.shuffle(grest)
    grow = [grest.pop() if g is None and grest else g for g in grow or [None] * GIFT_ROW]
    state.gift_row = [EMPTY if g is None else gifts[g] for g in grow]
    state.gift_discard = [gifts[g] for g in gdiscard]
    state.gift_deck = [gifts[g] for g in grest + gtop[::-1]]
    for seat, p in enumerate(state.players):
        p.gifts = [gifts[g] for g in held_gifts[seat]]

    # itineraries, bicycles, camps, points
    dealt = [p.itinerary for p in state.players]
    wanted = {
        seat: _numbers("itinerary", [spec["itinerary"]], components.itineraries)[0]
        for seat, spec in enumerate(specs)
        if "itinerary" in spec
    }
    box = Counter({str(n): 1 for n in components.itineraries})
    take("itinerary", [str(n) for n in wanted.values()], box)
    free = [n for n in dealt if box[str(n)]] + [
        int(n) for n in box if box[n] and int(n) not in dealt
    ]
    state.camp_owner = [EMPTY] * len(components.campsites)
    for seat, p in enumerate(state.players):
        spec = specs[seat]
        p.itinerary = wanted[seat] if seat in wanted else free.pop(0)
        box[str(p.itinerary)] -= 1 if seat not in wanted else 0
        if "region" in spec:
            p.region = lookup("region", str(spec["region"]), regions)
        elif seat in wanted:
            p.region = components.itineraries[p.itinerary].start
        p.camps = _numbers("campsite", spec.get("camps"), components.campsites)
        for site in p.camps:
            if state.camp_owner[site - 1] != EMPTY:
                raise twice("campsite", site)
            state.camp_owner[site - 1] = seat
        p.points = int(spec.get("points", 0))
        p.best_traveller = [
            lookup("region", str(r), regions) for r in spec.get("best_traveller") or ()
        ]
    state.unused_itineraries = sorted(n for n in free)
    state.supply = int(given.get("supply", components.tokens - tokens_used))

    # the turn
    state.first_player = check_seat(given.get("first_player", state.first_player), len(kinds))
    state.current = check_seat(given.get("current", state.current), len(kinds))
    frames = []
    for f, cards in zip(stack, in_frames, strict=True):
        check_keys("Postcards decision", f, ("kind", "value", "cards", "refreshed"))
        frames.append(
            Frame(
                str(f.get("kind")), int(f.get("value", 0)), cards, bool(f.get("refreshed", False))
            )
        )
    if "turn" in given or played:
        state.turn = Turn(
            played=[travel[c] for c in played],
            plus=int(turn_given.get("plus", 0)),
            moves=int(turn_given.get("moves", 0)),
            postcards=int(turn_given.get("postcards", 0)),
            camps=int(turn_given.get("camps", 0)),
            stack=frames,
            drawing=bool(turn_given.get("drawing", False)),
        )
    bonus = given.get("bonus")
    state.bonus = EMPTY if bonus is None else check_seat(bonus, len(kinds))
    state.ending = bool(given.get("ending", False))
    state.over = bool(given.get("over", False))
    state.turns = int(given.get("turns", state.turns))
    if check:
        check_built(game, state, new_game(game, kinds, options, seed), given)
    return state


def _marks(
    game: PostcardsGame, card: int, given: Mapping[str, Any]
) -> tuple[list[bool], list[bool]]:
    info = game.components.postcards[card]
    out = []
    for key, spaces in (("stamps", info.stamps), ("souvenirs", info.souvenirs)):
        value = given.get(key, False)
        marks = [bool(value)] * len(spaces) if isinstance(value, bool) else [bool(v) for v in value]
        if len(marks) != len(spaces):
            raise PositionError(
                _(
                    "postcard {card} has {count} {what} spaces, not {given}",
                    card=card,
                    count=len(spaces),
                    what=key,
                    given=len(marks),
                )
            )
        out.append(marks)
    return out[0], out[1]


# -- describe -------------------------------------------------------------------------------------


def describe(state: PostcardsState, game: PostcardsGame = GAME) -> dict[str, Any]:
    """The whole position in names (the inverse of :func:`build`): decks top card first,
    display slots with ``None`` where empty, postcards with their filled spaces, the turn so far
    and the decisions it owes (the last is decided first), and who decides now."""
    components = game.components
    travel = [k.name for k in components.travel]
    gifts = [g.name for g in components.gifts]

    def region(n: int) -> str:
        return components.regions[n].name

    return {
        "seats": [p.kind for p in state.players],
        "options": game.spec.options_of(state),
        "players": [
            {
                "kind": p.kind,
                "itinerary": p.itinerary,
                "region": region(p.region),
                "hand": [travel[k] for k in p.hand],
                "postcards": [
                    {"card": o.card, "stamps": o.stamps, "souvenirs": o.souvenirs, "sent": o.sent}
                    for o in p.postcards
                ],
                "camps": list(p.camps),
                "gifts": [gifts[g] for g in p.gifts],
                "points": p.points,
                "best_traveller": [region(r) for r in p.best_traveller],
            }
            for p in state.players
        ],
        "first_player": state.first_player,
        "current": state.current,
        "turn": {
            "played": [travel[k] for k in state.turn.played],
            "plus": state.turn.plus,
            "moves": state.turn.moves,
            "postcards": state.turn.postcards,
            "camps": state.turn.camps,
            "stack": [
                {"kind": f.kind, "value": f.value, "cards": list(f.cards), "refreshed": f.refreshed}
                for f in state.turn.stack
            ],
            "drawing": state.turn.drawing,
        },
        "travel_deck": [travel[k] for k in reversed(state.travel_deck)],
        "travel_discard": [travel[k] for k in state.travel_discard],
        "travel_row": [travel[k] if k != EMPTY else None for k in state.travel_row],
        "postcard_deck": list(reversed(state.postcard_deck)),
        "postcard_discard": list(state.postcard_discard),
        "postcard_row": [c if c != EMPTY else None for c in state.postcard_row],
        "gift_deck": [gifts[g] for g in reversed(state.gift_deck)],
        "gift_discard": [gifts[g] for g in state.gift_discard],
        "gift_row": [gifts[g] if g != EMPTY else None for g in state.gift_row],
        "supply": state.supply,
        "unused_itineraries": list(state.unused_itineraries),
        "bonus": state.bonus if state.bonus != EMPTY else None,
        "ending": state.ending,
        "over": state.over,
        "turns": state.turns,
        "deciders": list(game.deciders(state)),
    }


class Builder:
    """A position under construction; ``state`` is the position (of ``game``: the shipped
    component set unless a test plays its own)."""

    def __init__(
        self,
        seats: int | tuple[str, ...] = 2,
        seed: int = 0,
        game: PostcardsGame = GAME,
        **options: OptionValue,
    ) -> None:
        """A new game of ``seats`` (a count of players, or the seat kinds) dealt from ``seed``
        with ``options`` by name (``edition="nl"``, ``side="B"``: the game's options, the others
        at their defaults), every seat's hand emptied and its postcard back in the deck."""
        kinds = ("player",) * seats if isinstance(seats, int) else seats
        self.components = game.components
        self.travel = {k.name: k.index for k in game.components.travel}
        self.gifts = {g.name: g.index for g in game.components.gifts}
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
        raise PositionError(
            _(
                "no {card} is left in the Travel deck or its discard pile",
                card=self.components.travel[kind].name,
            )
        )

    def hand(self, seat: int, *names: str) -> Builder:
        """Set ``seat``'s hand (old cards go back to the bottom of the deck)."""
        player = self.state.players[seat]
        self.state.travel_deck[:0] = player.hand
        player.hand = []
        for name in names:
            k = lookup("Travel card", name, self.travel)
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
                k = lookup("Travel card", name, self.travel)
                self._take_travel(k)
                s.travel_row[i] = k
        return self

    def travel_deck_top(self, *names: str) -> Builder:
        """Put these cards on top of the Travel deck (the last one on top)."""
        for name in names:
            k = lookup("Travel card", name, self.travel)
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
        raise PositionError(_("postcard {card} is not in the game", card=card))

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
        info = self.components.postcards[card]
        self._release_postcard(card)
        st = [stamps] * len(info.stamps) if isinstance(stamps, bool) else list(stamps)
        sv = [souvenirs] * len(info.souvenirs) if isinstance(souvenirs, bool) else list(souvenirs)
        if sent:
            st, sv = [False] * len(st), [False] * len(sv)
        s.supply -= sum(st) + sum(sv)
        if s.supply < 0:
            raise PositionError(_("the supply has too few Stamp/Souvenir tokens for that"))
        s.players[seat].postcards.append(OwnedPostcard(card, st, sv, sent))
        return self

    def postcard_row(self, *cards: int | None) -> Builder:
        s = self.state
        for i, card in enumerate(s.postcard_row):
            if card != EMPTY:
                s.postcard_deck.insert(0, card)
            s.postcard_row[i] = EMPTY
        for i, wanted in enumerate(cards):
            if wanted is not None:
                self._release_postcard(wanted)
                s.postcard_row[i] = wanted
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
            if self.state.camp_owner[site - 1] != EMPTY:
                raise twice("campsite", site)
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
            raise PositionError(_("no {gift} gift is left", gift=self.components.gifts[g].name))

    def gift(self, seat: int, *names: str) -> Builder:
        for name in names:
            g = lookup("gift", name, self.gifts)
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
                g = lookup("gift", name, self.gifts)
                self._take_gift(g)
                s.gift_row[i] = g
        return self

    def supply(self, tokens: int) -> Builder:
        """Leave ``tokens`` in the supply; the others are parked on spare postcards (never
        complete: one stamp space stays open) given to the last seat, so every token still
        exists."""
        s = self.state
        extra = s.supply - tokens
        if extra < 0:
            raise PositionError(_("the supply has too few Stamp/Souvenir tokens for that"))
        spares = (
            c for c in sorted(self.components.postcards, reverse=True) if c in s.postcard_deck
        )
        while extra > 0:
            spare = next(spares)
            self._release_postcard(spare)
            info = self.components.postcards[spare]
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
        s.players[seat].region = self.components.itineraries[itinerary].start
        return self

    def points(self, seat: int, points: int) -> Builder:
        self.state.players[seat].points = points
        return self

    def seat_to_play(self, seat: int) -> Builder:
        self.state.current = seat
        return self


__all__ = ["Builder", "PositionError", "build", "describe"]
