"""What each seat may know (PC-3), and worlds rebuilt from that knowledge (``determinize``).

Public: the map, pawns and camps, every owned postcard in full (sent or not), gift cards held,
scores, the Travel display, the played cards of the current turn, the discard piles in the
order the cards were discarded, and only the illustrated side (region, number of stamp spaces,
points) of the face-up postcards, of the top of the postcard deck and of the discarded
postcards. Private: a player's hand (its size is public) and the postcards a Hiking Guide drew
(their number is public). Hidden from all: the order of the decks. ``PostcardsGame.hidden_fields``
lists, as paths into the state, what :func:`determinize` redraws.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from mailbag.core.game import Observation
from mailbag.core.rng import Rng
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import (
    EMPTY,
    HIKING,
    Frame,
    OwnedPostcard,
    Player,
    PostcardsState,
    Turn,
)

#: the parts of a state no seat knows but its own share of (``Game.hidden_fields``, PC-3): the
#: other seats' hands, the decks, which postcards lie face up, on the discard pile and drawn by a
#: Hiking Guide (their illustrated sides are public), and the generator's state
HIDDEN_FIELDS: Final = (
    "rng",
    "players.~.hand.*",
    "travel_deck.*",
    "postcard_deck.*",
    "gift_deck.*",
    "postcard_row.*",
    "postcard_discard.*",
    "turn.stack.*.cards.*",
)


def face(components: Components, card: int) -> dict[str, int]:
    region, stamps, points = components.postcards[card].face()
    return {"region": region, "stamps": stamps, "points": points}


def _face_key(f: dict[str, int]) -> tuple[int, int, int]:
    return (f["region"], f["stamps"], f["points"])


def view(components: Components, state: PostcardsState, seat: int | None) -> Observation:
    travel = [k.name for k in components.travel]
    gifts = [g.name for g in components.gifts]
    players = []
    for p in state.players:
        players.append(
            {
                "kind": p.kind,
                "itinerary": p.itinerary,
                "region": p.region,
                "hand_size": len(p.hand),
                "postcards": [
                    {
                        "card": o.card,
                        "stamps": list(o.stamps),
                        "souvenirs": list(o.souvenirs),
                        "sent": o.sent,
                    }
                    for o in p.postcards
                ],
                "camps": list(p.camps),
                "gifts": [gifts[g] for g in p.gifts],
                "points": p.points,
                "best_traveller": list(p.best_traveller),
            }
        )
    t = state.turn
    stack: list[dict[str, Any]] = []
    for frame in t.stack:
        entry: dict[str, Any] = {
            "kind": frame.kind,
            "value": frame.value,
            "refreshed": frame.refreshed,
        }
        if frame.kind == HIKING:
            entry["count"] = len(frame.cards)
            if seat == state.current:
                entry["cards"] = sorted(frame.cards)
        stack.append(entry)
    deck = state.postcard_deck
    return {
        "game": "postcards",
        "seat": seat,
        "edition": state.edition,
        "side": state.side,
        "rules": state.rules,
        "current": state.current,
        "first_player": state.first_player,
        "turns": state.turns,
        "bonus": state.bonus,
        "ending": state.ending,
        "over": state.over,
        "supply": state.supply,
        "players": players,
        "hand": [travel[k] for k in state.players[seat].hand] if seat is not None else None,
        "travel_row": [travel[k] if k != EMPTY else None for k in state.travel_row],
        "travel_deck_size": len(state.travel_deck),
        "travel_discard": [travel[k] for k in state.travel_discard],
        "postcard_row": [face(components, c) if c != EMPTY else None for c in state.postcard_row],
        "postcard_deck_size": len(deck),
        "postcard_deck_top": face(components, deck[-1]) if deck else None,
        "postcard_discard": [face(components, c) for c in state.postcard_discard],
        "gift_row": [gifts[g] if g != EMPTY else None for g in state.gift_row],
        "gift_deck_size": len(state.gift_deck),
        "gift_discard": [gifts[g] for g in state.gift_discard],
        "camp_owner": list(state.camp_owner),
        "unused_itineraries": list(state.unused_itineraries),
        "turn": {
            "played": [travel[k] for k in t.played],
            "plus": t.plus,
            "moves": t.moves,
            "postcards": t.postcards,
            "camps": t.camps,
            "drawing": t.drawing,
            "stack": stack,
        },
    }


_ROOM: Final = 1 << 40


def _shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher–Yates taking several indices from each 64-bit draw (mixed radix, keeping the
    product of radices under 2**40 so the bias stays below 2**-24): determinize shuffles whole
    decks many times per search, and each generator call costs as much as a swap."""
    x = room = 0
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        if room < n:
            x = rng.next64()
            room = _ROOM
        j = x % n
        x //= n
        room //= n
        items[i], items[j] = items[j], items[i]


class _Pool:
    """Unseen postcards, drawn at random, optionally with a given illustrated side."""

    def __init__(self, cards: list[int], components: Components, rng: Rng) -> None:
        self.by_face: dict[tuple[int, int, int], list[int]] = {}
        for card in sorted(cards):
            self.by_face.setdefault(components.postcards[card].face(), []).append(card)
        self.rng = rng

    def take(self, key: tuple[int, int, int] | None = None) -> int:
        if key is None:
            faces = [k for k, v in sorted(self.by_face.items()) if v]
            weights = [len(self.by_face[k]) for k in faces]
            pick = self.rng.randbelow(sum(weights))
            for k, w in zip(faces, weights, strict=True):
                if pick < w:
                    key = k
                    break
                pick -= w
        assert key is not None
        cards = self.by_face.get(key)
        if not cards:
            raise ValueError(f"no unseen postcard shows {key}: the view is inconsistent")
        return cards.pop(self.rng.randbelow(len(cards)))

    def rest(self) -> list[int]:
        return sorted(c for cards in self.by_face.values() for c in cards)


def determinize(components: Components, observation: Observation, rng: Rng) -> PostcardsState:
    """A full state consistent with ``observation``: hidden hands, deck orders, the hidden sides of
    face-up postcards and Hiking Guide draws are redrawn at random from the unseen components."""
    seat = observation["seat"]
    current = observation["current"]
    travel = components.travel_names
    gifts = components.gift_names
    t = observation["turn"]

    # Travel cards: everything not seen is in the other hands or the deck.
    unseen = Counter(components.travel_deck())
    seen = (
        [k for k in observation["travel_row"] if k is not None]
        + observation["travel_discard"]
        + t["played"]
    )
    if seat is not None:
        seen += observation["hand"]
    unseen.subtract(travel[k] for k in seen)
    travel_pool = sorted(unseen.elements())
    _shuffle(rng, travel_pool)
    hands: list[list[int]] = []
    for i, p in enumerate(observation["players"]):
        if i == seat:
            hands.append(sorted(travel[k] for k in observation["hand"]))
        else:
            hands.append(sorted(travel_pool.pop() for _ in range(p["hand_size"])))

    # Postcards: owned ones are public; the others are redrawn by their illustrated side.
    owned = {o["card"] for p in observation["players"] for o in p["postcards"]}
    hiking_mine: list[int] = []
    if seat == current:
        for f in t["stack"]:
            hiking_mine += f.get("cards", [])
    pool = _Pool(
        [c for c in components.postcards if c not in owned and c not in hiking_mine],
        components,
        rng,
    )
    top = observation["postcard_deck_top"]
    deck_top = pool.take(_face_key(top)) if top is not None else None
    row = [pool.take(_face_key(f)) if f is not None else EMPTY for f in observation["postcard_row"]]
    discard = [pool.take(_face_key(f)) for f in observation["postcard_discard"]]
    stack: list[Frame] = []
    for f in t["stack"]:
        cards: list[int] = []
        if f["kind"] == HIKING:
            cards = list(f["cards"]) if "cards" in f else [pool.take() for _ in range(f["count"])]
        stack.append(Frame(f["kind"], f["value"], cards, f["refreshed"]))
    postcard_deck = pool.rest()
    _shuffle(rng, postcard_deck)
    if deck_top is not None:
        postcard_deck.append(deck_top)

    # Gift cards: the deck holds what is neither face up, held nor discarded.
    gift_pool = Counter(components.gift_deck())
    gift_pool.subtract(gifts[g] for g in observation["gift_row"] if g is not None)
    gift_pool.subtract(gifts[g] for g in observation["gift_discard"])
    gift_pool.subtract(gifts[g] for p in observation["players"] for g in p["gifts"])
    gift_deck = sorted(gift_pool.elements())
    _shuffle(rng, gift_deck)

    players = [
        Player(
            kind=p["kind"],
            itinerary=p["itinerary"],
            region=p["region"],
            hand=hands[i],
            postcards=[
                OwnedPostcard(o["card"], list(o["stamps"]), list(o["souvenirs"]), o["sent"])
                for o in p["postcards"]
            ],
            camps=list(p["camps"]),
            gifts=[gifts[g] for g in p["gifts"]],
            points=p["points"],
            best_traveller=list(p["best_traveller"]),
        )
        for i, p in enumerate(observation["players"])
    ]
    return PostcardsState(
        rng=Rng(rng.next64()),
        edition=observation["edition"],
        side=observation["side"],
        players=players,
        first_player=observation["first_player"],
        current=current,
        turn=Turn(
            played=[travel[k] for k in t["played"]],
            plus=t["plus"],
            moves=t["moves"],
            postcards=t["postcards"],
            camps=t["camps"],
            stack=stack,
            drawing=t["drawing"],
        ),
        travel_deck=travel_pool,
        travel_discard=[travel[k] for k in observation["travel_discard"]],
        travel_row=[travel[k] if k is not None else EMPTY for k in observation["travel_row"]],
        postcard_deck=postcard_deck,
        postcard_discard=discard,
        postcard_row=row,
        gift_deck=gift_deck,
        gift_discard=[gifts[g] for g in observation["gift_discard"]],
        gift_row=[gifts[g] if g is not None else EMPTY for g in observation["gift_row"]],
        supply=observation["supply"],
        camp_owner=list(observation["camp_owner"]),
        unused_itineraries=list(observation["unused_itineraries"]),
        bonus=observation["bonus"],
        ending=observation["ending"],
        over=observation["over"],
        turns=observation["turns"],
        rules=observation.get("rules", 1),
    )
