"""The Postcards game state: plain data, random generator included.

The classes are dataclasses rather than msgspec Structs so that the compiled build makes them
native classes (mypyc cannot compile a Struct); msgspec encodes, decodes and validates them
exactly as it did the Structs (same JSON, same digests). See docs/speed.md. The classes built
during play write their ``__init__`` out: mypyc compiles a written one, where the one
``@dataclass`` generates runs interpreted (the fields, their defaults and the encoding stay the
dataclass's).

Conventions (relied on by the rules, the views and the Automa):

- Travel cards and gift cards are identified by their *kind* (an index into
  ``Components.travel`` / ``Components.gifts``): copies of a kind are interchangeable.
  Postcards are unique and identified by their printed ``id``.
- Decks are lists whose **top is the last element** (``deck.pop()`` draws).
- Displays are fixed rows of slots, left to right, with :data:`EMPTY` for an empty slot:
  ``travel_row`` has 5 slots, ``postcard_row`` and ``gift_row`` have 3.
- ``camp_owner[c - 1]`` is the seat whose camp stands on campsite ``c`` (ids are 1-based), or
  :data:`EMPTY`.
- A player's ``postcards`` are in the order taken (oldest first); sent postcards stay in the
  list with ``sent = True`` (they count for the itinerary and the tie-break, PC-9).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from mailbag.core.rng import Rng

EMPTY: Final = -1
TRAVEL_ROW: Final = 5
POSTCARD_ROW: Final = 3
GIFT_ROW: Final = 3
HAND_SIZE: Final = 5
CARDS_PER_TURN: Final = 3
#: postcards sent that trigger the end of the game (PC-12)
POSTCARDS_TO_END: Final = 4

# decision frames (the top of Turn.stack says what the current seat decides next)
JOKER: Final = "joker"  # a pair of cards played as one card of any symbol and colour (PC-6)
POSTCARD: Final = "postcard"  # a postcard action: refresh (en) or take one (PC-7)
SOUVENIR: Final = "souvenir"  # after a camp: place a souvenir or skip (PC-8)
STAMP: Final = "stamp"  # a stamp effect: place a stamp on any open space or skip (PC-4)
STAR: Final = "star"  # side B: take a star as points or convert it (PC-5)
GIFT: Final = "gift"  # after sending: choose a face-up gift card (PC-10)
ROAD_MOVE: Final = "road_move"  # Road Map: move to an adjacent region
ROAD_CAMP: Final = "road_camp"  # Road Map: then camp there or skip
HIKING: Final = "hiking"  # Hiking Guide: keep 2 of the drawn postcards


@dataclass
class OwnedPostcard:
    """A postcard in front of a player: which stamp and souvenir spaces are filled."""

    card: int
    #: one flag per stamp space, top to bottom
    stamps: list[bool]
    #: one flag per souvenir space, top to bottom
    souvenirs: list[bool]
    sent: bool = False

    def __init__(
        self, card: int, stamps: list[bool], souvenirs: list[bool], sent: bool = False
    ) -> None:
        self.card = card
        self.stamps = stamps
        self.souvenirs = souvenirs
        self.sent = sent


@dataclass
class Player:
    """One seat: a player or an Automa (``kind`` = "player" or "automa:easy|normal|expert")."""

    kind: str
    itinerary: int
    region: int
    #: travel card kinds in hand, sorted (an Automa has no hand)
    hand: list[int]
    postcards: list[OwnedPostcard]
    #: campsite ids of the camps placed, in placement order
    camps: list[int]
    #: gift kinds held, in the order taken (lightning gifts until used)
    gifts: list[int]
    #: points scored during play
    points: int = 0
    #: regions where this seat became the best traveller (scored once each)
    best_traveller: list[int] = field(default_factory=list)

    def __init__(
        self,
        kind: str,
        itinerary: int,
        region: int,
        hand: list[int],
        postcards: list[OwnedPostcard],
        camps: list[int],
        gifts: list[int],
        points: int = 0,
        best_traveller: list[int] | None = None,
    ) -> None:
        self.kind = kind
        self.itinerary = itinerary
        self.region = region
        self.hand = hand
        self.postcards = postcards
        self.camps = camps
        self.gifts = gifts
        self.points = points
        self.best_traveller = [] if best_traveller is None else best_traveller


@dataclass
class Frame:
    """A pending decision of the current seat (see the frame kinds above)."""

    kind: str
    #: star points (STAR), campsite type index (SOUVENIR)
    value: int = 0
    #: postcards drawn by the Hiking Guide (HIKING)
    cards: list[int] = field(default_factory=list)
    #: the optional refresh was used (POSTCARD, English edition)
    refreshed: bool = False

    def __init__(
        self, kind: str, value: int = 0, cards: list[int] | None = None, refreshed: bool = False
    ) -> None:
        self.kind = kind
        self.value = value
        self.cards = [] if cards is None else cards
        self.refreshed = refreshed


@dataclass
class Turn:
    """The current seat's turn so far."""

    #: travel card kinds played this turn, face up (a pair adds two)
    played: list[int] = field(default_factory=list)
    #: plus effects gained: each lets the player play one more card (PC-4)
    plus: int = 0
    #: movement, postcard and camp effects gained and not yet used (PC-4)
    moves: int = 0
    postcards: int = 0
    camps: int = 0
    #: pending decisions, the last one first
    stack: list[Frame] = field(default_factory=list)
    #: the player has ended the turn and draws cards back up to 5 (PC-11)
    drawing: bool = False

    def __init__(
        self,
        played: list[int] | None = None,
        plus: int = 0,
        moves: int = 0,
        postcards: int = 0,
        camps: int = 0,
        stack: list[Frame] | None = None,
        drawing: bool = False,
    ) -> None:
        self.played = [] if played is None else played
        self.plus = plus
        self.moves = moves
        self.postcards = postcards
        self.camps = camps
        self.stack = [] if stack is None else stack
        self.drawing = drawing


@dataclass
class PostcardsState:
    rng: Rng
    #: "en" or "nl" (PC-7, PC-16)
    edition: str
    #: player board side, "A" or "B" (PC-5)
    side: str
    players: list[Player]
    first_player: int
    current: int
    turn: Turn
    travel_deck: list[int]
    travel_discard: list[int]
    travel_row: list[int]
    postcard_deck: list[int]
    postcard_discard: list[int]
    postcard_row: list[int]
    gift_deck: list[int]
    gift_discard: list[int]
    gift_row: list[int]
    #: Stamp/Souvenir tokens left in the shared supply (PC-2)
    supply: int
    camp_owner: list[int]
    #: itinerary cards not dealt (out of the game)
    unused_itineraries: list[int]
    #: seat holding the End Game Bonus token, or EMPTY (PC-12)
    bonus: int = EMPTY
    #: the end of the game is triggered: the round is being finished (PC-12)
    ending: bool = False
    over: bool = False
    #: turns completed so far, all seats together
    turns: int = 0
    #: the version of the rules this game is played by, fixed at set-up (``Game.rules_version``
    #: then): 1 refills an empty deck from its discard pile at the next draw, as mailbag 0.1
    #: did; 2 and later reshuffle the moment a deck is empty and its pile holds cards (PC-10a).
    #: A state without the field (saved by mailbag 0.1) is of rules 1.
    rules: int = 1


def copy_state(s: PostcardsState) -> PostcardsState:
    """A fast hand-written deep copy (the state is small lists of ints and a few records);
    here, in a compiled module, it builds the native classes directly."""
    t = s.turn
    return PostcardsState(
        Rng(s.rng.state),
        s.edition,
        s.side,
        [
            Player(
                p.kind,
                p.itinerary,
                p.region,
                p.hand[:],
                [OwnedPostcard(o.card, o.stamps[:], o.souvenirs[:], o.sent) for o in p.postcards],
                p.camps[:],
                p.gifts[:],
                p.points,
                p.best_traveller[:],
            )
            for p in s.players
        ],
        s.first_player,
        s.current,
        Turn(
            t.played[:],
            t.plus,
            t.moves,
            t.postcards,
            t.camps,
            [Frame(f.kind, f.value, f.cards[:], f.refreshed) for f in t.stack],
            t.drawing,
        ),
        s.travel_deck[:],
        s.travel_discard[:],
        s.travel_row[:],
        s.postcard_deck[:],
        s.postcard_discard[:],
        s.postcard_row[:],
        s.gift_deck[:],
        s.gift_discard[:],
        s.gift_row[:],
        s.supply,
        s.camp_owner[:],
        s.unused_itineraries[:],
        s.bonus,
        s.ending,
        s.over,
        s.turns,
        s.rules,
    )
