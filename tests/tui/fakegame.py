"""A small fake game for the full-screen layout's tests (not registered): "Posthoorn", three
seats, each plays a card of its hand four times; its own Presentation gives the sections: the
board, the seat's own area and one block per other seat, in Dutch words by default.

Every line carries a marker that no wording changes (``[B2]``: the board's 2nd line, ``[O5]``:
the own area's 5th, ``[S1.2]``: seat 1's 2nd line), so a test can tell which text landed in
which pane in any wording. Some lines are bait for the old cutting of rendered text by regular
expression: a board line that starts with ``speler 1``, an own line that starts with ``jij``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import msgspec

from mailbag.bots import make_agents
from mailbag.core import Action, Event, Game, GameSpec, IllegalAction, Observation, Rng, Score, act
from mailbag.core.presentation import Block, Presentation, Sections
from mailbag.core.records import GameRecord
from mailbag.core.spec import OptionValue
from mailbag.table import MemoryStore, Table
from mailbag.tui.app import PlayApp

TURNS_EACH = 4
#: how many lines the own area has beyond its hand (enough to need scrolling at 80×24)
NOTES = 24

DUTCH = {
    "board": "Het bord",
    "round": "ronde",
    "seat": "speler",
    "you": "jij",
    "hand": "hand",
    "cards": "kaarten",
    "points": "punten",
    "note": "notitie",
    "long": (
        "de postbode loopt door de straat met een zware tas vol brieven, kaarten en pakjes "
        "voor iedereen in het dorp, van de bakker tot de burgemeester"
    ),
}
#: the same texts in other words: English, and every title renamed
ENGLISH = {
    "board": "The table",
    "round": "round",
    "seat": "seat",
    "you": "you",
    "hand": "cards in hand",
    "cards": "cards",
    "points": "points",
    "note": "note",
    "long": (
        "the postman walks down the street with a heavy bag full of letters, cards and parcels "
        "for everyone in the village, from the baker to the mayor himself"
    ),
}


class FakeState(msgspec.Struct):
    rng: Rng
    hands: list[list[int]]
    points: list[int]
    turn: int = 0
    current: int = 0


#: the fake game's palette: a word with a symbol, a word that is its own mark
PALETTE = {"kaarten": ("#ff0000", "♦"), "cards": ("#ff0000", "♦"), "[B1]": ("#00ff00", "")}


class FakePresentation(Presentation):
    """Posthoorn in the words of its game (:attr:`FakeGame.words`)."""

    def palette(self) -> dict[str, tuple[str, str]]:
        return dict(PALETTE)

    def sections(self, observation: Observation) -> Sections:
        w: dict[str, str] = self.game.words  # type: ignore[attr-defined]
        seat = observation["seat"]
        points = observation["points"]
        board = Block(
            f"{w['board']} — {w['round']} {observation['turn'] // 3 + 1}",
            (
                f"[B1] {w['seat']} 1 {w['points']} {points[1]}",  # bait: reads as seat 1's block
                f"[B2] {w['long']}",
                f"    [B3] {w['long']}",
            ),
        )
        own = None
        if seat is not None:
            hand = " ".join(str(c) for c in observation["hand"])
            own = Block(
                f"{w['you']} ({w['seat']} {seat}): {points[seat]} {w['points']}",
                (
                    f"[O1] {w['hand']}: {hand}",
                    f"[O2] {w['you']}: {w['long']}",  # bait: reads as the start of your block
                    *(f"  [O{i}] {w['note']} {i}" for i in range(3, 3 + NOTES)),
                ),
                seat=seat,
            )
        others = tuple(
            Block(
                f"{w['seat']} {s}",
                (
                    f"[S{s}.1] {size} {w['cards']}, {points[s]} {w['points']}",
                    f"  [S{s}.2] {w['long']}",
                ),
                seat=s,
                summary=f"[S{s}] {w['seat']} {s}: {size} {w['cards']}",
            )
            for s, size in enumerate(observation["hand_sizes"])
            if s != seat
        )
        return Sections(board=board, own=own, others=others)


class FakeGame(Game[FakeState]):
    spec = GameSpec(
        name="posthoorn", title="Posthoorn", min_seats=2, max_seats=3, verbs=frozenset({"play"})
    )
    state_type = FakeState
    presentation_type = FakePresentation

    def __init__(self, words: Mapping[str, str] = DUTCH) -> None:
        self.words = dict(words)

    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> FakeState:
        rng = Rng.from_seed(seed)
        deck = list(range(1, 16))
        rng.shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(TURNS_EACH)) for _ in seats]
        return FakeState(rng, hands, [0] * len(seats))

    def num_seats(self, state: FakeState) -> int:
        return len(state.hands)

    def is_over(self, state: FakeState) -> bool:
        return state.turn >= TURNS_EACH * len(state.hands)

    def deciders(self, state: FakeState) -> tuple[int, ...]:
        return () if self.is_over(state) else (state.current,)

    def legal_actions(self, state: FakeState, seat: int) -> list[Action]:
        if seat not in self.deciders(state):
            return []
        return [act("play", c) for c in state.hands[seat]]

    def explain_illegal(self, state: FakeState, seat: int, action: Action) -> IllegalAction:
        return IllegalAction("play", f"seat {seat} cannot {action}")

    def apply_in_place(self, state: FakeState, seat: int, action: Action) -> list[Event]:
        card = int(action.args[0])
        state.hands[seat].remove(card)
        state.points[seat] += card
        state.turn += 1
        state.current = (state.current + 1) % len(state.hands)
        return [Event("play", "seat {seat} plays {card}", {"seat": seat, "card": card})]

    def view(self, state: FakeState, seat: int | None) -> Observation:
        return {
            "seat": seat,
            "hand": list(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "points": list(state.points),
            "turn": state.turn,
            "current": state.current,
        }

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        return ("rng", "hands.~")

    def determinize(self, observation: Observation, rng: Rng) -> FakeState:
        seat = observation["seat"]
        pool = [c for c in range(1, 16) if seat is None or c not in observation["hand"]]
        rng.shuffle(pool)
        hands = [
            list(observation["hand"]) if i == seat else [pool.pop() for _ in range(size)]
            for i, size in enumerate(observation["hand_sizes"])
        ]
        return FakeState(
            Rng(rng.next64()),
            hands,
            list(observation["points"]),
            observation["turn"],
            observation["current"],
        )

    def scores(self, state: FakeState) -> list[Score]:
        return [Score(p, {"cards played": p}) for p in state.points]

    def rank_key(self, state: FakeState, seat: int) -> tuple[int, ...]:
        return (state.points[seat],)

    def inventory(self, state: FakeState) -> Counter[str]:
        return Counter(f"card:{c}" for h in state.hands for c in h)


class LongGame(FakeGame):
    """Posthoorn where a seat may play any of :attr:`CARDS` cards, whatever its hand: a list
    longer than the alphabet."""

    CARDS = 45

    def legal_actions(self, state: FakeState, seat: int) -> list[Action]:
        if seat not in self.deciders(state):
            return []
        return [act("play", c) for c in range(1, self.CARDS + 1)]

    def apply_in_place(self, state: FakeState, seat: int, action: Action) -> list[Event]:
        card = int(action.args[0])
        state.points[seat] += card
        state.turn += 1
        state.current = (state.current + 1) % len(state.hands)
        return [Event("play", "seat {seat} plays {card}", {"seat": seat, "card": card})]


class PlainGame(FakeGame):
    """Posthoorn with the default presentation (as a plug-in game that brings no words): the
    view as plain data, all of it on the board."""

    presentation_type = Presentation


def fake_app(
    game: Game[Any] | None = None, seats: tuple[str, ...] = ("human", "random", "random")
) -> PlayApp:
    """The full-screen app over a table of ``game`` (Posthoorn in Dutch words) in memory."""
    game = game if game is not None else FakeGame()
    record = GameRecord(game.spec.name, {}, 5, list(seats))
    table = Table.open(game, record, MemoryStore(), make_agents(game, list(seats), 5))
    return PlayApp(table, [i for i, kind in enumerate(seats) if kind == "human"])


class ForcingPresentation(FakePresentation):
    """Posthoorn where a seat's second-last card is "forced" (as if it could change nothing):
    the lowest of the two left is played for it."""

    def forced_choice(self, observation: Observation, actions: Any) -> Action | None:
        hand = observation["hand"]
        if hand is None or len(hand) != 2:
            return None
        return min(actions, key=lambda action: int(action.args[0]))


class ForcingGame(FakeGame):
    presentation_type = ForcingPresentation
