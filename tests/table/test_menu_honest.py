"""Honest consequences (issue 28, point 16): a choice's score change is shown as fact only where
it is the same in every world the seat's view allows; where hidden information decides it, it is
marked as an estimate (``~``) and carries no points.

The scene is a plug-in game of its own (as a game from another package would be): "Prizes".
Each seat holds two cards of ten (1–10) face down; playing a card scores its value, and a prize
when it is higher than every card the next seat holds. Seat 0 holds 9 and 1: whether ``play 9``
wins a prize depends on whether seat 1 holds the 10 — which seat 0 cannot see. The menu used to
try each choice in two fixed worlds drawn from the view; in both the 10 lay in the deck, so it
showed ``play 9 [cards +9, prizes +1, total +10]`` as fact while seat 1 held the 10."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from typing import Any

import msgspec
import pytest

from mailbag.core import (
    Action,
    Event,
    Game,
    GameSpec,
    IllegalAction,
    Observation,
    Presentation,
    Rng,
    Score,
    act,
)
from mailbag.core.spec import OptionValue
from mailbag.table.menu import Menu, build_menu, score_note

CARDS = tuple(range(1, 11))


class PrizesState(msgspec.Struct):
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    played: list[list[int]]
    prizes: list[int]
    turn: int = 0


class PrizesPresentation(Presentation):
    def render(self, observation: Observation) -> str:
        return f"hand {observation['hand']} played {observation['played']}"


class PrizesGame(Game[PrizesState]):
    spec = GameSpec(
        name="prizes",
        title="Prizes",
        min_seats=2,
        max_seats=2,
        options=(),
        verbs=frozenset({"play"}),
    )
    state_type = PrizesState
    presentation_type = PrizesPresentation

    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> PrizesState:
        rng = Rng.from_seed(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in seats]
        return PrizesState(rng, deck, hands, [[] for _ in seats], [0] * len(seats))

    def num_seats(self, state: PrizesState) -> int:
        return len(state.hands)

    def is_over(self, state: PrizesState) -> bool:
        return state.turn >= 2 * len(state.hands)

    def deciders(self, state: PrizesState) -> tuple[int, ...]:
        return () if self.is_over(state) else (state.turn % len(state.hands),)

    def legal_actions(self, state: PrizesState, seat: int) -> list[Action]:
        if seat not in self.deciders(state):
            return []
        return [act("play", c) for c in sorted(state.hands[seat])]

    def explain_illegal(self, state: PrizesState, seat: int, action: Action) -> IllegalAction:
        return IllegalAction("play", f"seat {seat} cannot {action} now")

    def apply_in_place(self, state: PrizesState, seat: int, action: Action) -> list[Event]:
        card = int(action.args[0])
        state.hands[seat].remove(card)
        state.played[seat].append(card)
        following = (seat + 1) % len(state.hands)
        if all(card > other for other in state.hands[following]):
            state.prizes[seat] += 1
        state.turn += 1
        return [Event("play", f"seat {seat} plays {card}", {"seat": seat, "card": card})]

    def view(self, state: PrizesState, seat: int | None) -> Observation:
        return {
            "seat": seat,
            "hand": sorted(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "deck_size": len(state.deck),
            "played": [list(p) for p in state.played],
            "prizes": list(state.prizes),
            "turn": state.turn,
        }

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        return ("rng", "deck", "hands.~")

    def determinize(self, observation: Observation, rng: Rng) -> PrizesState:
        seat = observation["seat"]
        unseen = Counter(CARDS)
        for played in observation["played"]:
            unseen.subtract(played)
        if seat is not None:
            unseen.subtract(observation["hand"])
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        hands = [
            list(observation["hand"]) if i == seat else [pool.pop() for _ in range(size)]
            for i, size in enumerate(observation["hand_sizes"])
        ]
        return PrizesState(
            Rng(rng.next64()),
            pool,
            hands,
            [list(p) for p in observation["played"]],
            list(observation["prizes"]),
            observation["turn"],
        )

    def scores(self, state: PrizesState) -> list[Score]:
        return [
            Score(sum(p) + z, {"cards": sum(p), "prizes": z})
            for p, z in zip(state.played, state.prizes, strict=True)
        ]

    def rank_key(self, state: PrizesState, seat: int) -> tuple[int, ...]:
        return (sum(state.played[seat]) + state.prizes[seat],)

    def inventory(self, state: PrizesState) -> Counter[str]:
        cards = state.deck + [c for h in (*state.hands, *state.played) for c in h]
        return Counter(f"card:{c}" for c in cards)


GAME = PrizesGame()


def scene(mine: list[int], theirs: list[int]) -> PrizesState:
    """Seat 0 to play, holding ``mine``; seat 1 holds ``theirs``; the rest in the deck."""
    deck = [c for c in CARDS if c not in mine and c not in theirs]
    return PrizesState(Rng.from_seed(1), deck, [list(mine), list(theirs)], [[], []], [0, 0])


def menu_of(state: PrizesState, seat: int = 0) -> Menu:
    return build_menu(GAME, GAME.view(state, seat), GAME.legal_actions(state, seat), seat)


def leaf(menu: Menu, card: int) -> Any:
    found = menu.leaf_for(act("play", card))
    assert found is not None
    return found


def diff_in(world: PrizesState, seat: int, action: Action) -> dict[str, int]:
    before = dict(GAME.scores(world)[seat].breakdown)
    after_state = GAME.copy(world)
    GAME.apply_in_place(after_state, seat, action)
    after = dict(GAME.scores(after_state)[seat].breakdown)
    diff = {k: after.get(k, 0) - before.get(k, 0) for k in {*before, *after}}
    return {k: v for k, v in diff.items() if v}


def every_world(mine: list[int], theirs_size: int = 2) -> list[PrizesState]:
    """Every world seat 0's view allows: every hand seat 1 may hold."""
    unseen = [c for c in CARDS if c not in mine]
    return [scene(mine, list(hand)) for hand in itertools.combinations(unseen, theirs_size)]


def test_a_prize_that_hides_in_the_other_hand_is_not_shown_as_fact() -> None:
    state = scene([9, 1], [10, 5])  # seat 1 holds the 10: play 9 wins no prize
    played = leaf(menu_of(state), 9)
    truth = diff_in(state, 0, act("play", 9))
    assert truth == {"cards": 9}
    assert played.points is None, f"shown as certain: {played.note!r}"
    # what is shown is marked as an estimate: the cards are certain, the prize is not
    assert "cards +9" in played.note, played.note
    assert "prizes ~" in played.note and "total ~" in played.note, played.note
    assert "prizes +1" not in played.note and "total +10" not in played.note
    # the same menu in a world where the prize is won: the view is the same, so is the menu
    assert menu_of(scene([9, 1], [8, 5])) == menu_of(state)


def test_what_the_view_decides_is_still_shown_as_fact() -> None:
    # 1 never beats anything, 10 always does: certain whatever seat 1 holds
    low = leaf(menu_of(scene([9, 1], [10, 5])), 1)
    assert low.points == 1 and low.note == score_note({"cards": 1})
    high = leaf(menu_of(scene([10, 2], [9, 5])), 10)
    assert high.points == 11
    want = score_note({"cards": 10, "prizes": 1})
    assert sorted(high.note.split(", ")) == sorted(want.split(", "))
    assert "~" not in high.note


@pytest.mark.parametrize("mine", [list(p) for p in itertools.combinations(CARDS, 2)])
def test_every_fact_shown_holds_in_every_world_the_view_allows(mine: list[int]) -> None:
    """For hands across the deck: each consequence shown as fact (with points) is the true
    change in every world seat 0's view allows (every hand seat 1 may hold, counted out)."""
    worlds = every_world(mine)
    menu = menu_of(worlds[0])
    assert all(menu_of(w) == menu for w in worlds[1::7])  # the view alone decides the menu
    for choice in menu.leaves():
        assert choice.action is not None
        truths = [diff_in(w, 0, choice.action) for w in worlds]
        if choice.points is None:
            # an estimate, marked as one, and only where the worlds really differ
            assert any(t != truths[0] for t in truths), (mine, choice.action, choice.note)
            assert "~" in choice.note, (mine, choice.action, choice.note)
            continue
        assert all(t == truths[0] for t in truths), (mine, choice.action, choice.note)
        assert sorted(choice.note.split(", ")) == sorted(score_note(truths[0]).split(", "))
        assert choice.points == sum(truths[0].values())


def test_a_plug_in_game_is_a_game_of_its_own() -> None:
    """The scene's game is whole: a game from the seed plays to its end through the menu."""
    state = GAME.new_state(("a", "b"), {}, 3)
    for _ in range(10):
        if GAME.is_over(state):
            break
        seat = GAME.deciders(state)[0]
        menu = menu_of(state, seat)
        assert menu.distinct
        GAME.apply_in_place(state, seat, menu.distinct[0])
    assert GAME.is_over(state)
    assert sum(s.total for s in GAME.scores(state)) == sum(CARDS) - sum(state.deck) + sum(
        state.prizes
    )


def test_an_estimate_marks_each_uncertain_number() -> None:
    from mailbag.table.consequences import change_of, estimate_note

    assert estimate_note([{"cards": 2, "prizes": 1}, {"cards": 2}], ["cards", "prizes"]) == (
        "cards +2, prizes ~+0.5, total ~+2.5"
    )
    assert estimate_note([{"stamps": 1}, {"stamps": -1}]) == "stamps ~+0"
    certain = change_of([{"cards": 3}, {"cards": 3}])
    assert certain.points == 3 and certain.note == "cards +3"
    unsure = change_of([{"cards": 3}, {"cards": 3, "prizes": 1}], ["cards", "prizes"])
    assert unsure.points is None and unsure.note == "cards +3, prizes ~+0.5, total ~+3.5"
    assert change_of([]).note == "" and change_of([]).points is None
