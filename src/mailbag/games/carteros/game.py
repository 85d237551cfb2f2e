"""The Carteros :class:`Game`: the core contract wired to this package's modules, one line each —
the rules (:mod:`setup`, :mod:`legal`, :mod:`apply`, :mod:`view`, :mod:`scoring`,
:mod:`validate`, :mod:`reveal`), the game in words and on the board (:class:`CarterosPresentation`:
:mod:`render`, :mod:`texts`, :mod:`clicks`) and what it tells its search bots
(:class:`CarterosSearch`: :mod:`heuristics`). The spec and the game object are made in the
package (``__init__``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.game import Event, Game, Observation, Score
from mailbag.core.presentation import Presentation, SearchHints, Sections
from mailbag.core.rng import Rng
from mailbag.core.spec import GameSpec, OptionValue
from mailbag.games.carteros import (
    apply,
    clicks,
    heuristics,
    inventory,
    legal,
    render,
    reveal,
    scoring,
    setup,
    texts,
    validate,
    view,
)
from mailbag.games.carteros.components import Components, parse_components
from mailbag.games.carteros.encoder import CarterosEncoder
from mailbag.games.carteros.rules import RULE_MAP
from mailbag.games.carteros.state import CarterosState, copy_state


class CarterosPresentation(Presentation):
    """Carteros in words (:mod:`render`, :mod:`texts`) and on the board (:mod:`clicks`)."""

    rule_map = RULE_MAP

    game: CarterosGame

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
        """Seats by their names, cards by their titles, in the reader's language."""
        return texts.event_text(self.game.components, event, names)

    def board_data(self) -> dict[str, Any]:
        return clicks.board_data(self.game.components)

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return clicks.click_path(self.game.components, observation, action)

    def click_action(self, observation: Observation, clicks_: Sequence[str]) -> Action | None:
        return clicks.click_action(self.game.components, observation, clicks_)

    def changed_things(self, before: Observation, after: Observation) -> tuple[str, ...]:
        return clicks.changed_things(self.game.components, before, after)

    def rules(self) -> dict[str, tuple[str, str]]:
        return texts.rules()


class CarterosSearch(SearchHints):
    """What Carteros tells its search bots (:mod:`heuristics`)."""

    game: CarterosGame

    def heuristic(self, state: Any, seat: int) -> float:
        return heuristics.heuristic(self.game.components, state, seat)

    def heuristics(self, state: Any) -> list[float]:
        return heuristics.heuristics(self.game.components, state)

    def settings(self) -> dict[str, str]:
        return dict(heuristics.SEARCH_SETTINGS)


class CarterosGame(Game[CarterosState]):
    """Carteros by its rulebook and rulings CA-1 … CA-10 (and CA-101 … in docs/carteros.md)."""

    state_type = CarterosState
    encoder = CarterosEncoder
    presentation_type = CarterosPresentation
    search_type = CarterosSearch
    #: every score is open (CA-8: delivered Mail cards, completed missions and the finisher's
    #: bonus all lie face up) and one carrier plays at a time: contract check 13 holds both
    public_scores = True
    public_deciders = True

    def __init__(self, spec: GameSpec, components: Components) -> None:
        self.spec = spec
        self.components = components

    def with_component_text(self, text: str, source: str) -> CarterosGame:
        return CarterosGame(self.spec, parse_components(text, source))

    def check_state(self, state: CarterosState) -> None:
        """Every invariant of a Carteros state (see :mod:`validate`): cards conserved, values in
        range, limits kept, options and task stack consistent with the deciders."""
        validate.check_state(self.components, state, self.spec)

    # -- set-up and flow ------------------------------------------------------------------------
    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> CarterosState:
        return setup.deal(self.components, seats, options, seed)[0]

    def setup(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> tuple[CarterosState, list[Event]]:
        return setup.deal(self.components, seats, options, seed)

    def deciders(self, state: CarterosState) -> tuple[int, ...]:
        return legal.deciders(self.components, state)

    def legal_actions(self, state: CarterosState, seat: int) -> list[Action]:
        return legal.legal_actions(self.components, state, seat)

    def reveals(
        self,
        before: CarterosState,
        seat: int,
        action: Action,
        after: CarterosState,
        events: Sequence[Event],
    ) -> bool:
        return reveal.reveals(self.components, before, seat, action, after, events)

    def explain_illegal(self, state: CarterosState, seat: int, action: Action) -> IllegalAction:
        return legal.explain(self.components, state, seat, action)

    def apply_in_place(self, state: CarterosState, seat: int, action: Action) -> list[Event]:
        return apply.apply_action(self.components, state, seat, action)

    def copy(self, state: CarterosState) -> CarterosState:
        return copy_state(state)

    # -- information ----------------------------------------------------------------------------
    def view(self, state: CarterosState, seat: int | None) -> Observation:
        return view.view(self.components, state, seat)

    def determinize(self, observation: Observation, rng: Rng) -> CarterosState:
        return view.determinize(self.components, observation, rng)

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        return view.hidden_fields(seat)

    # -- end ------------------------------------------------------------------------------------
    def is_over(self, state: CarterosState) -> bool:
        return state.over

    def scores(self, state: CarterosState) -> list[Score]:
        return scoring.scores(self.components, state)

    def rank_key(self, state: CarterosState, seat: int) -> tuple[int, ...]:
        return scoring.rank_key(self.components, state, seat)

    def num_seats(self, state: CarterosState) -> int:
        return len(state.pos)

    # -- checks ---------------------------------------------------------------------------------
    def inventory(self, state: CarterosState) -> Counter[str]:
        return inventory.inventory(self.components, state)

    def balance_tags(self, state: CarterosState, seat: int) -> dict[str, list[str]]:
        return inventory.balance_tags(self.components, state, seat)
