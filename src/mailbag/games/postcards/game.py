"""The Postcards game object: the core contract implemented over the modules of this package, each
method one delegation (set-up ``setup.py``, decisions ``legal.py``, carrying one out
``apply.py``, views ``view.py``, scores ``scoring.py``); its presentation (``render.py``,
``texts.py``, ``clicks.py``) and its hints to the search bots (``heuristics.py``) beside it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.game import Event, Game, Observation, Score
from mailbag.core.i18n import _
from mailbag.core.presentation import Presentation, SearchHints, Sections
from mailbag.core.rng import Rng
from mailbag.core.spec import GameSpec, OptionValue
from mailbag.games.postcards import (
    apply,
    clicks,
    heuristics,
    legal,
    pieces,
    render,
    reveal,
    scoring,
    setup,
    texts,
    turn,
    validate,
    view,
)
from mailbag.games.postcards.components import Components, parse_components
from mailbag.games.postcards.encoder import PostcardsEncoder
from mailbag.games.postcards.rules import RULE_MAP
from mailbag.games.postcards.state import PostcardsState, copy_state


class PostcardsPresentation(Presentation):
    """Postcards in words (``render.py``, ``texts.py``) and on the graphical board
    (``clicks.py``), from a seat's view and the game's component data."""

    rule_map = RULE_MAP

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        assert isinstance(game, PostcardsGame)
        self.components = game.components

    def render(self, observation: Observation) -> str:
        return render.render(self.components, observation)

    def sections(self, observation: Observation) -> Sections:
        return render.sections(self.components, observation)

    def palette(self) -> dict[str, tuple[str, str]]:
        """The words the full-screen terminal colours, each with its colour and symbol."""
        return render.palette(self.components)

    def describe_action(self, observation: Observation, action: Action) -> str:
        return render.describe_action(self.components, observation, action)

    def event_text(self, event: Event, names: Sequence[str]) -> str:
        """``event`` in the reader's language: its cards, gifts, colours, effects and regions
        in words, an Automa card with its explained steps (see ``texts.py``)."""
        return texts.event_text(self.components, event, names)

    def board_data(self) -> dict[str, Any]:
        """The map, cards and words the graphical board draws (see ``clicks.py``)."""
        return clicks.board_data(self.components)

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return clicks.click_path(self.components, observation, action)

    def click_action(self, observation: Observation, clicks_: Sequence[str]) -> Action | None:
        return clicks.click_action(self.components, observation, tuple(clicks_))

    def changed_things(self, before: Observation, after: Observation) -> tuple[str, ...]:
        return clicks.changed_things(self.components, before, after)

    def forced_choice(self, observation: Observation, actions: Sequence[Action]) -> Action | None:
        """The last turn's draws (see ``clicks.forced_choice``)."""
        return clicks.forced_choice(self.components, observation, tuple(actions))

    def rules(self) -> dict[str, tuple[str, str]]:
        """Each rule the game cites, its title and summary in the reader's language."""
        return {rule: (_(title), _(summary)) for rule, (title, summary) in texts.RULES.items()}


class PostcardsSearch(SearchHints):
    """The greedy heuristic (``heuristics.py``) and the search bot's settings for Postcards."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        assert isinstance(game, PostcardsGame)
        self.components = game.components

    def heuristic(self, state: Any, seat: int) -> float:
        return heuristics.heuristic(self.components, state, seat)

    def heuristics(self, state: Any) -> list[float]:
        return heuristics.heuristics(self.components, state)

    def settings(self) -> dict[str, str]:
        """Plan the whole turn (three cards and their follow-ups): the tree over the turn's
        steps starts from the heuristic's one-ply rewards, every leaf is played on to the end
        of the turn with the greedy move and valued there (docs/research.md: these settings
        beat the greedy bot where uniform rollouts lost to it)."""
        return dict(heuristics.SEARCH_SETTINGS)


class PostcardsGame(Game[PostcardsState]):
    state_type = PostcardsState
    encoder = PostcardsEncoder
    presentation_type = PostcardsPresentation
    search_type = PostcardsSearch
    #: the scores count what lies open on the boards (sent postcards, itineraries, bonuses taken)
    #: and one player (or the Automa) acts at a time: contract check 13 holds both
    public_scores = True
    public_deciders = True
    #: 2: PC-10a, an empty deck is reshuffled from its discard pile at once (1: at the next draw,
    #: mailbag 0.1); the state keeps the version it was dealt by (``PostcardsState.rules``)
    rules_version = turn.RULES_VERSION

    def __init__(self, spec: GameSpec, components: Components) -> None:
        self.spec = spec
        self.components = components

    def with_component_text(self, text: str, source: str) -> PostcardsGame:
        """This game played with the user's own component data (same format as the shipped
        ``data/components.toml``; see docs/postcards.md)."""
        played = PostcardsGame(self.spec, parse_components(text, source))
        played.rules_version = self.rules_version
        return played

    # -- set-up and flow ------------------------------------------------------------------------
    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> PostcardsState:
        return setup.deal(self.components, seats, options, seed, self.rules_version)[0]

    def setup(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> tuple[PostcardsState, list[Event]]:
        """The deal, and the explained turn of an Automa that plays first (PC-13)."""
        return setup.deal(self.components, seats, options, seed, self.rules_version)

    def check_state(self, state: PostcardsState) -> None:
        """The invariants of a Postcards state (see ``validate.py``)."""
        validate.check_state(self.components, state)

    def deciders(self, state: PostcardsState) -> tuple[int, ...]:
        return legal.deciders(self.components, state)

    def legal_actions(self, state: PostcardsState, seat: int) -> list[Action]:
        return legal.legal_actions(self.components, state, seat)

    def apply_in_place(self, state: PostcardsState, seat: int, action: Action) -> list[Event]:
        return apply.apply_action(self.components, state, seat, action)

    def reveals(
        self,
        before: PostcardsState,
        seat: int,
        action: Action,
        after: PostcardsState,
        events: Sequence[Event],
    ) -> bool:
        return reveal.reveals(self.components, before, seat, action, after, events)

    def explain_illegal(self, state: PostcardsState, seat: int, action: Action) -> IllegalAction:
        return legal.explain(self.components, state, seat, action)

    def copy(self, state: PostcardsState) -> PostcardsState:
        return copy_state(state)

    # -- information ----------------------------------------------------------------------------
    def view(self, state: PostcardsState, seat: int | None) -> Observation:
        return view.view(self.components, state, seat)

    def determinize(self, observation: Observation, rng: Rng) -> PostcardsState:
        return view.determinize(self.components, observation, rng)

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        """PC-3: the other seats' hands (their sizes are public); the order and contents of the
        three decks (their sizes are public; the contents of the gift deck follow from what is
        seen, but not its order); which postcards lie face up, on the discard pile and on top of
        the deck, of which only the illustrated side is public (``determinize`` keeps it, but a
        path cannot single out what a card shows); the postcards a Hiking Guide drew (their
        number is public; the seat that drew them knows them and ``determinize`` keeps them,
        but a path cannot name the seat whose turn it is); and the generator's state. Nothing
        else: the discard piles of Travel and gift cards, in their order, are public."""
        return view.HIDDEN_FIELDS

    # -- end ------------------------------------------------------------------------------------
    def is_over(self, state: PostcardsState) -> bool:
        return state.over

    def scores(self, state: PostcardsState) -> list[Score]:
        return scoring.scores(self.components, state)

    def rank_key(self, state: PostcardsState, seat: int) -> tuple[int, ...]:
        return scoring.rank_key(self.components, state, seat)

    def num_seats(self, state: PostcardsState) -> int:
        return len(state.players)

    def seat_kinds(self, state: PostcardsState) -> tuple[str, ...]:
        return tuple(p.kind for p in state.players)

    # -- checks ---------------------------------------------------------------------------------
    def inventory(self, state: PostcardsState) -> Counter[str]:
        return pieces.inventory(self.components, state)

    def turns_completed(self, state: PostcardsState) -> int | None:
        return state.turns

    def balance_tags(self, state: PostcardsState, seat: int) -> dict[str, list[str]]:
        return scoring.balance_tags(self.components, state, seat)
