"""A tiny card game used only by the tests to exercise the core contract (not registered).

Deck of 12 cards (values 1–6, two of each); each seat is dealt 2. On your turn you either
``play C`` (score the card's value, it goes face up to the discard pile) or ``draw`` (deck not
empty, fewer than 4 cards in hand). Each seat has 4 turns; most points wins, ties broken by fewer
cards left in hand.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Mapping
from typing import Any

import msgspec

from mailbag.core import Action, Event, Game, GameSpec, IllegalAction, Observation, Rng, Score, act
from mailbag.core.encoding import Encoder
from mailbag.core.presentation import Block, Presentation, Sections
from mailbag.core.spec import OptionSpec, OptionValue

TURNS_EACH = 4


class TinyState(msgspec.Struct):
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    discard: list[int]
    points: list[int]
    turn: int = 0
    current: int = 0


class TinyPresentation(Presentation):
    """The tiny game in words (one line) and on a board: a card of the hand is clicked to play
    it, a button to draw or pass."""

    def render(self, observation: Observation) -> str:
        return f"hand {observation['hand']} points {observation['points']}"

    def sections(self, observation: Observation) -> Sections:
        seat = observation["seat"]
        board = Block(
            "table",
            (f"deck {observation['deck_size']}", f"discard {observation['discard']}"),
        )
        own = None
        if seat is not None:
            own = Block("you", (f"hand {observation['hand']}",), seat=seat)
        others = tuple(
            Block(
                f"seat {s}",
                (f"{size} cards", f"{observation['points'][s]} points"),
                seat=s,
                summary=f"seat {s}: {size} cards",
            )
            for s, size in enumerate(observation["hand_sizes"])
            if s != seat
        )
        return Sections(board=board, own=own, others=others)

    def board_data(self) -> dict[str, Any]:
        return {"cards": list(range(1, 7))}

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        if action.verb == "play":
            return (f"hand:{action.args[0]}",)
        return (f"do:{action.verb}",)


class TinyGame(Game[TinyState]):
    spec = GameSpec(
        name="tiny",
        title="Tiny",
        min_seats=2,
        max_seats=3,
        options=(OptionSpec("hand", int, 2, "cards dealt to each seat", minimum=1, maximum=3),),
        verbs=frozenset({"play", "draw"}),
    )
    state_type = TinyState
    presentation_type = TinyPresentation

    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> TinyState:
        rng = Rng.from_seed(seed)
        deck = [v for v in range(1, 7) for _ in range(2)]
        self.shuffle(rng, deck)
        n = int(options["hand"])
        hands = [[deck.pop() for _ in range(n)] for _ in seats]
        return TinyState(rng, deck, hands, [], [0] * len(seats))

    def shuffle(self, rng: Rng, deck: list[int]) -> None:
        rng.shuffle(deck)

    def num_seats(self, state: TinyState) -> int:
        return len(state.hands)

    def is_over(self, state: TinyState) -> bool:
        return state.turn >= TURNS_EACH * len(state.hands)

    def deciders(self, state: TinyState) -> tuple[int, ...]:
        return () if self.is_over(state) else (state.current,)

    def legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        if seat not in self.deciders(state):
            return []
        actions = [act("play", c) for c in sorted(set(state.hands[seat]))]
        if state.deck and len(state.hands[seat]) < 4:
            actions.append(act("draw"))
        if not actions:
            actions.append(act("pass"))
        return actions

    def explain_illegal(self, state: TinyState, seat: int, action: Action) -> IllegalAction:
        if action.verb == "play":
            return IllegalAction("play", f"seat {seat} holds no card {action.args}")
        if action.verb == "draw":
            return IllegalAction("draw", "the deck is empty or the hand is full")
        return IllegalAction("turn", f"{action} is not a Tiny action")

    def apply_in_place(self, state: TinyState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.verb == "play":
            card = int(action.args[0])
            state.hands[seat].remove(card)
            state.discard.append(card)
            state.points[seat] += card
            events.append(Event("play", f"seat {seat} plays {card}", {"seat": seat, "card": card}))
        elif action.verb == "draw":
            card = state.deck.pop()
            events.append(Event("draw", f"seat {seat} draws a card", {"seat": seat}))
            events.append(Event("drawn", f"you draw {card}", {"card": card}, to=(seat,)))
            state.hands[seat].append(card)
        state.turn += 1
        state.current = (state.current + 1) % len(state.hands)
        return events

    def view(self, state: TinyState, seat: int | None) -> Observation:
        return {
            "seat": seat,
            "hand": list(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "deck_size": len(state.deck),
            "discard": list(state.discard),
            "points": list(state.points),
            "turn": state.turn,
            "current": state.current,
        }

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        return ("rng", "deck", "hands.~")

    def determinize(self, observation: Observation, rng: Rng) -> TinyState:
        seat = observation["seat"]
        unseen = Counter(v for v in range(1, 7) for _ in range(2))
        unseen.subtract(observation["discard"])
        if seat is not None:
            unseen.subtract(observation["hand"])
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for i, size in enumerate(observation["hand_sizes"]):
            if i == seat:
                hands.append(list(observation["hand"]))
            else:
                hands.append([pool.pop() for _ in range(size)])
        return TinyState(
            Rng(rng.next64()),
            pool,
            hands,
            list(observation["discard"]),
            list(observation["points"]),
            observation["turn"],
            observation["current"],
        )

    def scores(self, state: TinyState) -> list[Score]:
        return [Score(p, {"cards played": p}) for p in state.points]

    def rank_key(self, state: TinyState, seat: int) -> tuple[int, ...]:
        return (state.points[seat], -len(state.hands[seat]))

    def inventory(self, state: TinyState) -> Counter[str]:
        cards = state.deck + state.discard + [c for h in state.hands for c in h]
        return Counter(f"card:{c}" for c in cards)


class TinyEncoder(Encoder):
    """An observation of the tiny game (not TinyGame's: a game without an encoder is refused
    by mailbag.rl, and the tests of that use TinyGame): the hand by value, each seat's points,
    the deck."""

    @staticmethod
    def actions(game: Game[Any], num_players: int) -> list[Action]:
        return [*(act("play", v) for v in range(1, 7)), act("draw"), act("pass")]

    def layout(self) -> None:
        self.o_hand = self.add("hand", 6, "cards in hand by value / 2")
        self.o_points = self.add("points", self.num_players, "points by relative seat / 24")
        self.o_deck = self.add("deck", 1, "cards left in the deck / 12")

    def write(self, view: Observation, b: array[float]) -> None:
        for card in view["hand"] or ():
            b[self.o_hand + card - 1] += 0.5
        for seat, points in enumerate(view["points"]):
            b[self.o_points + self.rel(view, seat)] = points / 24
        b[self.o_deck] = view["deck_size"] / 12


GAME = TinyGame()


def any_state(seed: int = 1) -> Any:
    from mailbag.core import new_game

    return new_game(GAME, 2, {}, seed)
