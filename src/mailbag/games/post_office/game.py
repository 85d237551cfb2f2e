"""The Post Office :class:`Game`: the core contract wired to this package's modules, one line
each — the rules (:mod:`setup`, :mod:`legal`, :mod:`apply`, :mod:`view`, :mod:`scoring`,
:mod:`validate`, :mod:`reveal`), the game in words and on the board
(:class:`PostOfficePresentation`: :mod:`render`, :mod:`clicks`) and what it tells its search
bots (:class:`PostOfficeSearch`: :mod:`heuristics`). The spec and the game object are made in
the package (``__init__``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mailbag.core import Action, Event, Game, GameSpec, IllegalAction, Observation, Rng, Score
from mailbag.core.presentation import Presentation, SearchHints, Sections
from mailbag.core.spec import OptionValue
from mailbag.games.post_office import (
    apply,
    clicks,
    heuristics,
    legal,
    render,
    reveal,
    scoring,
    setup,
    texts,
    validate,
    view,
)
from mailbag.games.post_office.components import Components, parse_components
from mailbag.games.post_office.encoder import PostOfficeEncoder
from mailbag.games.post_office.rules import RULE_MAP
from mailbag.games.post_office.state import OVER, PostOfficeState, copy_state


class PostOfficePresentation(Presentation):
    """Post Office in words (:mod:`render`) and on the board (:mod:`clicks`)."""

    rule_map = RULE_MAP

    game: PostOfficeGame

    def render(self, observation: Observation) -> str:
        return render.render(self.game.components, observation)

    def sections(self, observation: Observation) -> Sections:
        return render.sections(self.game.components, observation)

    def palette(self) -> dict[str, tuple[str, str]]:
        """The words the full-screen terminal colours, each with its colour and symbol."""
        return render.palette(self.game.components)

    def describe_action(self, observation: Observation, action: Action) -> str:
        return render.describe_action(self.game.components, observation, action)

    def event_text(self, event: Event, names: Sequence[str]) -> str:
        """The event in the reader's language: its helper's space, its tape, its goal and its
        parcels put into words from its data (which keeps the language-neutral names)."""
        return super().event_text(render.event_words(self.game.components, event), names)

    def board_data(self) -> dict[str, Any]:
        return clicks.board_data(self.game.components)

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return clicks.click_path(self.game.components, observation, action)

    def click_action(self, observation: Observation, clicks_made: Sequence[str]) -> Action | None:
        return clicks.click_action(self.game.components, observation, clicks_made)

    def changed_things(self, before: Observation, after: Observation) -> tuple[str, ...]:
        return clicks.changed_things(self.game.components, before, after)

    def rules(self) -> dict[str, tuple[str, str]]:
        return texts.rules()


class PostOfficeSearch(SearchHints):
    """What Post Office tells its search bots (:mod:`heuristics`)."""

    game: PostOfficeGame

    def heuristic(self, state: Any, seat: int) -> float:
        return heuristics.heuristic(self.game.components, state, seat)

    def heuristics(self, state: Any) -> list[float]:
        return heuristics.heuristics(self.game.components, state)

    def settings(self) -> dict[str, str]:
        return dict(heuristics.SEARCH_SETTINGS)


class PostOfficeGame(Game[PostOfficeState]):
    """Post Office by its rulebook and rulings PO-1 … PO-9 (and PO-101 … in docs/post_office.md)."""

    state_type = PostOfficeState
    encoder = PostOfficeEncoder
    presentation_type = PostOfficePresentation
    search_type = PostOfficeSearch
    #: the scores count what lies on the boards and the tokens taken, all open; who has chosen in
    #: a simultaneous phase is public, never what (PO-114): contract check 13 holds both
    public_scores = True
    public_deciders = True

    def __init__(self, spec: GameSpec, components: Components) -> None:
        self.spec = spec
        self.components = components

    def with_component_text(self, text: str, source: str) -> PostOfficeGame:
        return PostOfficeGame(self.spec, parse_components(text, source))

    # -- set-up and flow ------------------------------------------------------------------------
    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> PostOfficeState:
        return setup.deal(self.components, seats, options, seed)[0]

    def setup(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> tuple[PostOfficeState, list[Event]]:
        return setup.deal(self.components, seats, options, seed)

    def deciders(self, state: PostOfficeState) -> tuple[int, ...]:
        return legal.deciders(self.components, state)

    def legal_actions(self, state: PostOfficeState, seat: int) -> list[Action]:
        return legal.legal_actions(self.components, state, seat)

    def apply_in_place(self, state: PostOfficeState, seat: int, action: Action) -> list[Event]:
        return apply.apply_action(self.components, state, seat, action)

    def reveals(
        self,
        before: PostOfficeState,
        seat: int,
        action: Action,
        after: PostOfficeState,
        events: Sequence[Event],
    ) -> bool:
        return reveal.reveals(self.components, before, seat, action, after, events)

    def explain_illegal(self, state: PostOfficeState, seat: int, action: Action) -> IllegalAction:
        return legal.explain(self.components, state, seat, action)

    def copy(self, state: PostOfficeState) -> PostOfficeState:
        return copy_state(state)

    def check_state(self, state: PostOfficeState) -> None:
        validate.check_state(self.components, state)

    # -- information ----------------------------------------------------------------------------
    def view(self, state: PostOfficeState, seat: int | None) -> Observation:
        return view.view(self.components, state, seat)

    def determinize(self, observation: Observation, rng: Rng) -> PostOfficeState:
        return view.determinize(self.components, observation, rng)

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        """The face-down piles (parcel supply, discarded tokens, the goal stack's order), the
        other players' dealt and held tokens and their pending decisions (PO-2, PO-3, PO-105)."""
        return (
            "rng",
            "supply",
            "discarded",
            "goal_stack",
            "players.~.hand",
            "players.~.dealt",
            "players.~.pending",
        )

    # -- end ------------------------------------------------------------------------------------
    def is_over(self, state: PostOfficeState) -> bool:
        return state.phase == OVER

    def num_seats(self, state: PostOfficeState) -> int:
        return len(state.players)

    def scores(self, state: PostOfficeState) -> list[Score]:
        return scoring.scores(self.components, state)

    def rank_key(self, state: PostOfficeState, seat: int) -> tuple[int, ...]:
        return scoring.rank_key(self.components, state, seat)

    # -- checks ---------------------------------------------------------------------------------
    def inventory(self, state: PostOfficeState) -> Counter[str]:
        return validate.inventory(self.components, state)

    def balance_tags(self, state: PostOfficeState, seat: int) -> dict[str, list[str]]:
        return scoring.balance_tags(self.components, state, seat)
