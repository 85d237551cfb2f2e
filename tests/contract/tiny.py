"""A tiny card game used only by the tests to exercise the core contract (not registered).

Deck of 12 cards (values 1–6, two of each); each seat is dealt 2. On your turn you either
``play C`` (score the card's value, it goes face up to the discard pile) or ``draw`` (deck not
empty, fewer than 4 cards in hand). Each seat has 4 turns; most points wins, ties broken by fewer
cards left in hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import msgspec

from mailbag.core import Action, Event, Game, GameSpec, IllegalAction, Observation, Rng, Score, act
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

    def board_data(self) -> dict[str, Any]:
        return {"cards": list(range(1, 7))}

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        if action.verb == "play":
            return (f"hand:{action.args[0]}",)
        return (f"do:{action.verb}",)

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

    def render(self, observation: Observation) -> str:
        return f"hand {observation['hand']} points {observation['points']}"


GAME = TinyGame()


def any_state(seed: int = 1) -> Any:
    from mailbag.core import new_game

    return new_game(GAME, 2, {}, seed)
