"""Letterbox behind mailbag's contract: the ``Game`` subclass (the rules), its ``Presentation``
(the game in words and on the board) and its ``SearchHints`` (what it tells the search bots),
each method handing over to the module of its concern."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from mailbag.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Observation,
    Presentation,
    Rng,
    Score,
    SearchHints,
    Sections,
)
from mailbag.core.spec import GameSpec, OptionValue

from letterbox import apply, clicks, heuristics, legal, render, scoring, setup, validate, view
from letterbox.components import letters
from letterbox.encoder import LetterboxEncoder
from letterbox.state import LetterboxState


class LetterboxPresentation(Presentation):
    """Letterbox in words (the terminal's text and its layout, actions in words) and on its
    graphical board (web/board.js draws from ``board_data``)."""

    def render(self, observation: Observation) -> str:
        return render.render(observation)

    def sections(self, observation: Observation) -> Sections:
        return render.sections(observation)

    def describe_action(self, observation: Observation, action: Action) -> str:
        return render.describe_action(observation, action)

    def board_data(self) -> dict[str, Any]:
        return clicks.board_data()

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return clicks.click_path(observation, action)


class LetterboxSearch(SearchHints):
    """Letterbox's heuristic for the greedy and mcts bots, and the mcts settings that suit it."""

    def heuristic(self, state: LetterboxState, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def heuristics(self, state: LetterboxState) -> list[float]:
        return heuristics.heuristics(state)

    def settings(self) -> dict[str, str]:
        return dict(heuristics.SEARCH_SETTINGS)


class LetterboxGame(Game[LetterboxState]):
    state_type = LetterboxState
    encoder = LetterboxEncoder
    presentation_type = LetterboxPresentation
    search_type = LetterboxSearch

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> LetterboxState:
        return setup.new_state(seats, options, seed)

    def check_state(self, state: LetterboxState) -> None:
        validate.check_state(state)

    def num_seats(self, state: LetterboxState) -> int:
        return len(state.hands)

    def is_over(self, state: LetterboxState) -> bool:
        return legal.is_over(state)

    def deciders(self, state: LetterboxState) -> tuple[int, ...]:
        return legal.deciders(state)

    def legal_actions(self, state: LetterboxState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat)

    def explain_illegal(self, state: LetterboxState, seat: int, action: Action) -> IllegalAction:
        return legal.explain_illegal(state, seat, action)

    def apply_in_place(self, state: LetterboxState, seat: int, action: Action) -> list[Event]:
        return apply.apply_in_place(state, seat, action)

    def view(self, state: LetterboxState, seat: int | None) -> Observation:
        return view.view(state, seat)

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        return view.hidden_fields(seat)

    def determinize(self, observation: Observation, rng: Rng) -> LetterboxState:
        return view.determinize(observation, rng)

    def scores(self, state: LetterboxState) -> list[Score]:
        return scoring.scores(state)

    def rank_key(self, state: LetterboxState, seat: int) -> tuple[int, ...]:
        return scoring.rank_key(state, seat)

    def inventory(self, state: LetterboxState) -> Counter[str]:
        return letters(
            state.bag + state.pile + state.sorted_heap + [c for h in state.hands for c in h]
        )
