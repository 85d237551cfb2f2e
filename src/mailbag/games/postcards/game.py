"""The Postcards game object: the core contract implemented over the modules of this package."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.game import Event, Game, Observation, Score
from mailbag.core.rng import Rng
from mailbag.core.spec import GameSpec, OptionValue
from mailbag.games.postcards import (
    actions,
    clicks,
    explain,
    heuristics,
    render,
    reveal,
    scoring,
    texts,
    turn,
    validate,
    view,
)
from mailbag.games.postcards.components import Components, parse_components
from mailbag.games.postcards.encoder import PostcardsEncoder
from mailbag.games.postcards.state import EMPTY, PostcardsState, copy_state


class PostcardsGame(Game[PostcardsState]):
    state_type = PostcardsState
    encoder = PostcardsEncoder
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
        return turn.setup(self.components, seats, options, seed, self.rules_version)[0]

    def setup(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> tuple[PostcardsState, list[Event]]:
        """The deal, and the explained turn of an Automa that plays first (PC-13)."""
        return turn.setup(self.components, seats, options, seed, self.rules_version)

    def check_state(self, state: PostcardsState) -> None:
        """The invariants of a Postcards state (see ``validate.py``)."""
        validate.check_state(self.components, state)

    def deciders(self, state: PostcardsState) -> tuple[int, ...]:
        if state.over:
            return ()
        return (state.current,)

    def legal_actions(self, state: PostcardsState, seat: int) -> list[Action]:
        return actions.legal_actions(self.components, state, seat)

    def apply_in_place(self, state: PostcardsState, seat: int, action: Action) -> list[Event]:
        return actions.apply_action(self.components, state, seat, action)

    def reveals(
        self,
        before: PostcardsState,
        seat: int,
        action: Action,
        after: PostcardsState,
        events: Sequence[Event],
    ) -> bool:
        return reveal.reveals(before, seat, action, after, events)

    def explain_illegal(self, state: PostcardsState, seat: int, action: Action) -> IllegalAction:
        return explain.explain_illegal(self.components, state, seat, action)

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
        return (
            "rng",
            "players.~.hand.*",
            "travel_deck.*",
            "postcard_deck.*",
            "gift_deck.*",
            "postcard_row.*",
            "postcard_discard.*",
            "turn.stack.*.cards.*",
        )

    # -- end ------------------------------------------------------------------------------------
    def is_over(self, state: PostcardsState) -> bool:
        return state.over

    def scores(self, state: PostcardsState) -> list[Score]:
        return [scoring.score_of(self.components, state, s) for s in range(len(state.players))]

    def rank_key(self, state: PostcardsState, seat: int) -> tuple[int, ...]:
        return scoring.rank_key(self.components, state, seat)

    def num_seats(self, state: PostcardsState) -> int:
        return len(state.players)

    def seat_kinds(self, state: PostcardsState) -> tuple[str, ...]:
        return tuple(p.kind for p in state.players)

    # -- checks and presentation ----------------------------------------------------------------
    def inventory(self, state: PostcardsState) -> Counter[str]:
        return inventory(self.components, state)

    def heuristic(self, state: PostcardsState, seat: int) -> float:
        return heuristics.heuristic(self.components, state, seat)

    def heuristics(self, state: PostcardsState) -> list[float]:
        return heuristics.heuristics(self.components, state)

    def turns_completed(self, state: PostcardsState) -> int | None:
        return state.turns

    def search_settings(self) -> dict[str, str]:
        """Plan the whole turn (three cards and their follow-ups): the tree over the turn's
        steps starts from the heuristic's one-ply rewards, every leaf is played on to the end
        of the turn with the greedy move and valued there (docs/research.md: these settings
        beat the greedy bot where uniform rollouts lost to it)."""
        return dict(heuristics.SEARCH_SETTINGS)

    def balance_tags(self, state: PostcardsState, seat: int) -> dict[str, list[str]]:
        player = state.players[seat]
        return {
            "itinerary": [f"itinerary:{player.itinerary}"],
            "gift": sorted(f"gift:{self.components.gifts[g].name}" for g in player.gifts),
        }

    def render(self, observation: Observation) -> str:
        return render.render(self.components, observation)

    def describe_action(self, observation: Observation, action: Action) -> str:
        return render.describe_action(self.components, observation, action)

    def board_data(self) -> dict[str, Any]:
        """The map, cards and words the graphical board draws (see ``clicks.py``)."""
        return clicks.board_data(self.components)

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return clicks.click_path(self.components, observation, action)

    def event_text(self, event: Event, names: Sequence[str]) -> str:
        """``event`` in the reader's language: its cards, gifts, colours, effects and regions
        in words, an Automa card with its explained steps (see ``texts.py``)."""
        return texts.event_text(self.components, event, names)


def inventory(components: Components, state: PostcardsState) -> Counter[str]:
    """Every component wherever it is: travel and gift cards by kind, postcards by id,
    Stamp/Souvenir tokens (supply + on postcards), camp tokens per seat, itinerary cards."""
    inv: Counter[str] = Counter()
    travel = [f"travel:{k.name}" for k in components.travel]
    gifts = [f"gift:{g.name}" for g in components.gifts]
    cards = state.travel_deck + state.travel_discard + state.turn.played
    cards += [c for c in state.travel_row if c != EMPTY]
    for p in state.players:
        cards += p.hand
    inv.update(travel[k] for k in cards)
    held = state.gift_deck + state.gift_discard + [g for g in state.gift_row if g != EMPTY]
    for p in state.players:
        held += p.gifts
    inv.update(gifts[g] for g in held)
    postcards = state.postcard_deck + state.postcard_discard
    postcards += [c for c in state.postcard_row if c != EMPTY]
    for frame in state.turn.stack:
        postcards += frame.cards
    tokens = state.supply
    itineraries = list(state.unused_itineraries)
    for seat, p in enumerate(state.players):
        postcards += [o.card for o in p.postcards]
        tokens += sum(sum(o.stamps) + sum(o.souvenirs) for o in p.postcards)
        inv[f"camp:{seat}"] += components.camps  # placed or on the board
        itineraries.append(p.itinerary)
    inv.update(f"postcard:{c}" for c in postcards)
    inv.update(f"itinerary:{i}" for i in itineraries)
    inv["token"] += tokens
    inv["end_game_bonus"] += 1
    return inv
