"""The contract checks catch games broken on purpose, each for the right reason.

Every broken game is the tiny test game with one fault planted; the correct tiny game passes
every check (so the faults, not the harness, are what fails).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest
from tiny import TinyEncoder, TinyGame, TinyPresentation, TinyState

from mailbag.core import (
    Action,
    Event,
    IllegalAction,
    Observation,
    Presentation,
    Rng,
    Score,
    SearchHints,
    Sections,
)
from mailbag.testing.contract import CHECKS


class LeakyView(TinyGame):
    """Shows every hand to every seat."""

    def view(self, state: TinyState, seat: int | None) -> Observation:
        observation = super().view(state, seat)
        observation["all_hands"] = [sorted(h) for h in state.hands]
        return observation

    def determinize(self, observation: Observation, rng: Rng) -> TinyState:
        clean = {k: v for k, v in observation.items() if k != "all_hands"}
        return super().determinize(clean, rng)


class HiddenScoreCalledOpen(TinyGame):
    """Counts the cards left in each hand into the score (hidden from the other seats), yet
    declares its scores open."""

    public_scores = True

    def scores(self, state: TinyState) -> list[Score]:
        return [
            Score(p + sum(h), {"cards played": p, "in hand": sum(h)})
            for p, h in zip(state.points, state.hands, strict=True)
        ]


class OpenScoresAndDeciders(TinyGame):
    """The tiny game declaring what is open there: its scores (points played) and whose turn it
    is."""

    public_scores = True
    public_deciders = True


class HiddenTurnCalledOpen(TinyGame):
    """Whose turn it is follows a hidden card (the first card of the hand of seat 0), yet is
    declared open."""

    public_deciders = True

    def deciders(self, state: TinyState) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        hand = state.hands[0]
        return ((state.current + (hand[0] if hand else 0)) % len(state.hands),)


class GlobalRandomShuffle(TinyGame):
    """Shuffles with the global ``random`` module: the seed is not what decides the deal."""

    def shuffle(self, rng: Rng, deck: list[int]) -> None:
        random.shuffle(deck)


class SeedIgnoringShuffle(TinyGame):
    """Shuffles with a generator of its own, always seeded the same."""

    def shuffle(self, rng: Rng, deck: list[int]) -> None:
        Rng.from_seed(12345).shuffle(deck)


class MutatingApply(TinyGame):
    """``copy`` hands back the same object, so ``apply`` changes the state it was given."""

    def copy(self, state: TinyState) -> TinyState:
        return state


class LosesCards(TinyGame):
    """Playing a card makes it vanish instead of going to the discard pile."""

    def apply_in_place(self, state: TinyState, seat: int, action: Action) -> list[Event]:
        events = super().apply_in_place(state, seat, action)
        if action.verb == "play":
            state.discard.pop()
        return events

    def view(self, state: TinyState, seat: int | None) -> Observation:
        return super().view(state, seat)


class AcceptsAnything(TinyGame):
    """Lists actions that apply then silently ignores: a bogus verb is "legal"."""

    def legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        actions = super().legal_actions(state, seat)
        return [*actions, Action("no_such_verb")] if actions else actions

    def inventory(self, state: TinyState) -> Counter[str]:
        return super().inventory(state)


class LeakyRefusal(TinyGame):
    """Refusing a card the seat does not hold names the top card of the face-down deck."""

    def explain_illegal(self, state: TinyState, seat: int, action: Action) -> IllegalAction:
        refusal = super().explain_illegal(state, seat, action)
        top = state.deck[-1] if state.deck else "none"
        return IllegalAction(refusal.rule, f"{refusal.reason} (the deck's top card is {top})")


class ForgetsTheTurn(TinyGame):
    """``determinize`` leaves a public field (the turn count) at its default."""

    def determinize(self, observation: Observation, rng: Rng) -> TinyState:
        world = super().determinize(observation, rng)
        world.turn = 0
        return world

    def view(self, state: TinyState, seat: int | None) -> Observation:
        observation = super().view(state, seat)
        del observation["turn"]  # and the view does not show it either
        return {**observation, "turn": 0}


class SameClicksPresentation(TinyPresentation):
    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return ("hand",) if action.verb == "play" else super().click_path(observation, action)


class SameClicks(TinyGame):
    """Every card in hand is drawn as one pile: playing any of them is the same click."""

    presentation_type = SameClicksPresentation


class ClickPrefixPresentation(TinyPresentation):
    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        if action.verb == "play":
            return ("deck", *super().click_path(observation, action))
        return ("deck",)


class ClickPrefix(TinyGame):
    """Drawing is a click on the deck, and playing a card a click on the deck then the card."""

    presentation_type = ClickPrefixPresentation


class MissingSeatPresentation(TinyPresentation):
    def sections(self, observation: Observation) -> Sections:
        sections = super().sections(observation)
        return msgspec.structs.replace(sections, others=sections.others[:-1])


class MissingSeat(TinyGame):
    """The other seats' blocks leave the last seat out."""

    presentation_type = MissingSeatPresentation


class OwnSeatAmongOthersPresentation(TinyPresentation):
    def sections(self, observation: Observation) -> Sections:
        sections = super().sections(observation)
        if sections.own is None:
            return sections
        return msgspec.structs.replace(sections, others=(sections.own, *sections.others))


class OwnSeatAmongOthers(TinyGame):
    """The seat's own block is listed again among the other seats'."""

    presentation_type = OwnSeatAmongOthersPresentation


class WrappedLinesPresentation(TinyPresentation):
    def sections(self, observation: Observation) -> Sections:
        sections = super().sections(observation)
        board = msgspec.structs.replace(sections.board, lines=("\n".join(sections.board.lines),))
        return msgspec.structs.replace(sections, board=board)


class WrappedLines(TinyGame):
    """The board's lines are joined into one text with newlines."""

    presentation_type = WrappedLinesPresentation


class UnfilledEventPresentation(TinyPresentation):
    def event_text(self, event: Event, names: Sequence[str]) -> str:
        return "{who} plays a card" if event.kind == "play" else super().event_text(event, names)


class UnfilledEvent(TinyGame):
    """An event's words keep a template field no data fills."""

    presentation_type = UnfilledEventPresentation


class DisagreeingSearch(SearchHints):
    def heuristics(self, state: TinyState) -> list[float]:
        return [float(p) for p in state.points]  # the points, where heuristic is the margin


class DisagreeingHeuristics(TinyGame):
    """``heuristics`` (all seats at once) is not each seat's ``heuristic``."""

    search_type = DisagreeingSearch


class RefusedSettingsSearch(SearchHints):
    def settings(self) -> dict[str, str]:
        return {"horizon": "forever"}


class RefusedSettings(TinyGame):
    """Search settings the mcts bot does not accept."""

    search_type = RefusedSettingsSearch


class Encoded(TinyGame):
    """The tiny game with an encoder (TinyGame brings none: mailbag.rl refuses it)."""

    encoder = TinyEncoder


class MiscountingEncoder(TinyEncoder):
    def layout(self) -> None:
        super().layout()
        self.size += 1  # one number more than its features declare


class MiscountedEncoder(TinyGame):
    """An encoder whose size is not what its features add up to."""

    encoder = MiscountingEncoder


class DefaultHalves(TinyGame):
    """The tiny game with the default presentation and search hints (no words of its own)."""

    presentation_type = Presentation
    search_type = SearchHints


SEATS = ("player", "player")


def run(check: str, game: Any, seeds: int = 3) -> None:
    for seed in range(seeds):
        CHECKS[check](game, SEATS, {}, seed)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_correct_tiny_game_passes_every_check(check: str) -> None:
    run(check, TinyGame())


def test_a_view_that_leaks_a_hidden_card_is_caught() -> None:
    with pytest.raises(AssertionError, match="contract 4: view of seat 0 leaks"):
        run("views", LeakyView())


def test_a_refusal_that_leaks_a_hidden_card_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"contract 4: refusing \S+ .*to seat 0 leaks hidden"):
        run("views", LeakyRefusal())


def test_a_determinize_that_drops_a_public_field_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"contract 8: determinize .* changed turn"):
        run("determinize", ForgetsTheTurn())


def test_scores_declared_open_that_count_a_hidden_hand_are_caught() -> None:
    with pytest.raises(AssertionError, match=r"contract 13: the game declares its scores public"):
        run("open", HiddenScoreCalledOpen())


def test_a_turn_declared_open_that_follows_a_hidden_card_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"contract 13: the game declares who decides public"):
        run("open", HiddenTurnCalledOpen())


def test_what_is_open_declared_so_passes() -> None:
    run("open", OpenScoresAndDeciders())


def test_a_shuffle_with_global_random_is_caught() -> None:
    with pytest.raises(AssertionError, match="contract 2: the same seed dealt a different game"):
        run("determinism", GlobalRandomShuffle(), seeds=5)


def test_a_shuffle_that_ignores_the_seed_is_caught() -> None:
    with pytest.raises(AssertionError, match="seed ignored"):
        run("determinism", SeedIgnoringShuffle())


def test_an_apply_that_mutates_its_input_is_caught() -> None:
    with pytest.raises(AssertionError, match="contract 6: apply changed its input state"):
        run("actions", MutatingApply())


def test_a_card_that_vanishes_is_caught() -> None:
    with pytest.raises(AssertionError, match="contract 5: components changed"):
        run("conservation", LosesCards())


def test_a_legal_action_list_with_bogus_actions_is_caught() -> None:
    with pytest.raises(AssertionError, match="contract"):
        run("actions", AcceptsAnything())


def test_refusing_an_out_of_turn_pick_says_nothing_of_the_others() -> None:
    """Post Office picks are simultaneous: a seat that has chosen is refused in the same words
    whether or not the others have chosen too (that they have is public, PO-114, but a refusal
    is about the seat's own turn)."""
    from mailbag.core import apply, check_action, new_game
    from mailbag.games import get

    game = get("post_office")
    state = new_game(game, 3, {}, 4)
    first = game.legal_actions(state, 0)[0]
    one, _ = apply(game, state, 0, first)
    two, _ = apply(game, one, 2, game.legal_actions(one, 2)[0])
    seen = [game.view(world, 0) for world in (one, two)]
    assert [p["chosen"] for p in seen[1]["players"]] == [True, False, True]
    seen[1]["players"][2]["chosen"] = False
    assert seen[0] == seen[1]  # else the same
    refusals = []
    for world in (one, two):
        with pytest.raises(IllegalAction) as caught:
            check_action(game, world, 0, first)
        refusals.append(str(caught.value))
    assert refusals[0] == refusals[1] == "seat 0 owes no decision now [turn order]"


def test_two_actions_with_one_click_path_are_caught() -> None:
    with pytest.raises(AssertionError, match=r"contract 9: play \S+ and play \S+ have the same"):
        run("clicks", SameClicks())


def test_a_click_path_that_begins_another_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"contract 9: the click path of draw \('deck',\)"):
        run("clicks", ClickPrefix())


def test_other_seats_blocks_that_leave_a_seat_out_are_caught() -> None:
    with pytest.raises(
        AssertionError,
        match=r"contract 10: sections\(view of seat \d\)\.others are the blocks of seats \[\]: "
        r"they must be one Block per other seat, in seat order, each with its seat set: \[\d\]",
    ):
        run("presentation", MissingSeat())


def test_a_seats_own_block_among_the_others_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"others are the blocks of seats \[(0, 1|1, 0)\]"):
        run("presentation", OwnSeatAmongOthers())


def test_lines_joined_with_newlines_are_caught() -> None:
    with pytest.raises(AssertionError, match=r"contract 10: .*\.board's line 0 holds a newline"):
        run("presentation", WrappedLines())


def test_an_event_text_with_an_unfilled_field_is_caught() -> None:
    with pytest.raises(
        AssertionError,
        match=r"contract 10: event_text of a 'play' event .* leaves \{who\} unfilled",
    ):
        run("presentation", UnfilledEvent())


def test_heuristics_that_disagree_with_heuristic_are_caught() -> None:
    with pytest.raises(
        AssertionError,
        match=r"contract 11: heuristics\(state\) .* gives seat \d \S+, but heuristic\(state, \d\) "
        r"is \S+: the two must agree",
    ):
        run("search", DisagreeingHeuristics())


def test_search_settings_the_mcts_bot_refuses_are_caught() -> None:
    with pytest.raises(
        AssertionError, match=r"contract 11: the mcts bot refuses settings\(\) .*horizon"
    ):
        run("search", RefusedSettings())


def test_a_sound_encoder_passes_and_a_miscounted_one_is_caught() -> None:
    pytest.importorskip("numpy")
    run("encoder", Encoded())
    with pytest.raises(
        AssertionError,
        match=r"contract 12: MiscountingEncoder's features add up to 9 numbers, but its size is 10",
    ):
        run("encoder", MiscountedEncoder())


@pytest.mark.parametrize("check", ["presentation", "search", "clicks"])
def test_a_game_with_the_default_halves_passes(check: str) -> None:
    run(check, DefaultHalves())


def test_the_default_presentation_is_legible() -> None:
    """A game with no words of its own shows its view as plain lines, one per field."""
    from tiny import any_state

    game = DefaultHalves()
    state = any_state()
    text = game.presentation.render(game.view(state, 0))
    hand = ", ".join(str(c) for c in state.hands[0])
    lines = text.splitlines()
    assert lines[lines.index("hand:") + 1] == f"  {hand}"
    assert lines[lines.index("hand_sizes:") + 1] == "  2, 2"
    assert "deck_size: 8" in lines
    assert game.presentation.describe_action(game.view(state, 0), Action("draw")) == "draw"
