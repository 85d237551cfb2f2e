"""The Carteros :class:`Game`: the core contract wired to this package's rules modules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.game import Event, Game, Observation, Score
from mailbag.core.i18n import N_
from mailbag.core.rng import Rng
from mailbag.core.spec import GameSpec, OptionSpec, OptionValue
from mailbag.games.carteros import (
    clicks,
    heuristics,
    legal,
    render,
    reveal,
    rules,
    scoring,
    texts,
    validate,
    view,
)
from mailbag.games.carteros.components import (
    Components,
    load_components,
    parse_components,
)
from mailbag.games.carteros.decisions import VERBS
from mailbag.games.carteros.encoder import CarterosEncoder
from mailbag.games.carteros.setup import deal
from mailbag.games.carteros.state import CarterosState, copy_state

#: the safeguard of CA-102: play stops after this many rounds if nobody has delivered 10
DEFAULT_MAX_ROUNDS = 100

SPEC = GameSpec(
    name="carteros",
    title=N_("Carteros"),
    min_seats=2,
    max_seats=4,
    options=(
        OptionSpec("stampy", bool, False, N_("Stampy the Furious Dog mode (CA-9)")),
        OptionSpec("missions", bool, False, N_("Delivery Missions mode (CA-10)")),
        OptionSpec(
            "max_rounds",
            int,
            DEFAULT_MAX_ROUNDS,
            N_("safeguard: play ends after this round if nobody has delivered 10 (CA-102)"),
            minimum=1,
            maximum=1000,
        ),
    ),
    summary=N_("Deliver 10 Mail cards in a neighbourhood of face-down houses (2–4 carriers)."),
    verbs=VERBS,
)


class CarterosGame(Game[CarterosState]):
    """Carteros by its rulebook and rulings CA-1 … CA-10 (and CA-101 … in docs/carteros.md)."""

    spec = SPEC
    state_type = CarterosState
    encoder = CarterosEncoder

    def __init__(self, components: Components | None = None) -> None:
        self.components = components if components is not None else load_components()

    def with_component_text(self, text: str, source: str) -> CarterosGame:
        return CarterosGame(parse_components(text, source))

    def check_state(self, state: CarterosState) -> None:
        """Every invariant of a Carteros state (see :mod:`validate`): cards conserved, values in
        range, limits kept, options and task stack consistent with the deciders."""
        validate.check_state(self.components, state, self.spec)

    # -- set-up and flow ------------------------------------------------------------------------
    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> CarterosState:
        return deal(
            self.components,
            len(seats),
            bool(options.get("stampy", False)),
            bool(options.get("missions", False)),
            int(options.get("max_rounds", DEFAULT_MAX_ROUNDS)),
            seed,
        )

    #: the rules' own function, without a method call around it (the hottest call there is)
    deciders = staticmethod(legal.deciders)

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
        return reveal.reveals(before, seat, action, after, events)

    def explain_illegal(self, state: CarterosState, seat: int, action: Action) -> IllegalAction:
        return legal.explain(self.components, state, seat, action)

    def apply_in_place(self, state: CarterosState, seat: int, action: Action) -> list[Event]:
        return rules.apply_action(self.components, state, seat, action)

    def copy(self, state: CarterosState) -> CarterosState:
        return copy_state(state)

    # -- information ----------------------------------------------------------------------------
    def view(self, state: CarterosState, seat: int | None) -> Observation:
        return view.view(self.components, state, seat)

    def determinize(self, observation: Observation, rng: Rng) -> CarterosState:
        return view.determinize(self.components, observation, rng)

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        """CA-105: the face-down houses (a seat's own GPS knowledge of some of them is kept by
        ``determinize``, but which ones changes from state to state), the order and contents of
        the three decks (their sizes are public), the other carriers' Mail and Action cards
        (their numbers are public), what the others saw with GPS (which houses is public), and
        the mission cards in the two decks (their sizes are public; the face-up top cards are
        kept by ``determinize`` too, but a path cannot single out a list's last element)."""
        return (
            "rng",
            "grid.*",
            "house_deck.*",
            "mail_deck.*",
            "action_deck.*",
            "mail.~.*",
            "hand.~.*",
            "known.~.*",
            "mission_decks.*.*",
        )

    # -- end ------------------------------------------------------------------------------------
    def is_over(self, state: CarterosState) -> bool:
        return state.over

    def scores(self, state: CarterosState) -> list[Score]:
        return [scoring.score(self.components, state, s) for s in range(len(state.pos))]

    def rank_key(self, state: CarterosState, seat: int) -> tuple[int, ...]:
        return scoring.rank_key(self.components, state, seat)

    def num_seats(self, state: CarterosState) -> int:
        return len(state.pos)

    # -- checks and presentation ----------------------------------------------------------------
    def inventory(self, state: CarterosState) -> Counter[str]:
        comps = self.components
        counts: Counter[str] = Counter()
        houses, mail, cards = validate.card_counts(comps, state)
        for what, names, found in (
            ("house", comps.house_names, houses),
            ("mail", comps.mail_names, mail),
            ("action", comps.action_names, cards),
        ):
            for k, c in enumerate(found):
                counts[f"{what}:{names[k]}"] += c
        if state.missions_mode:
            numbers = [m for deck in state.mission_decks for m in deck]
            numbers += state.mission_discard + [m for m in state.mission if m]
            numbers += [m for done in state.missions_done for m in done]
            counts.update(f"mission:{m}" for m in numbers)
        return +counts

    def heuristic(self, state: CarterosState, seat: int) -> float:
        return heuristics.heuristic(self.components, state, seat)

    def balance_tags(self, state: CarterosState, seat: int) -> dict[str, list[str]]:
        names = self.components.action_names
        played = [f"action:{names[k]}" for k, c in enumerate(state.played[seat]) if c]
        return {"action": played}

    def render(self, observation: Observation) -> str:
        return render.render(self.components, observation)

    def describe_action(self, observation: Observation, action: Action) -> str:
        return render.describe_action(self.components, observation, action)

    def board_data(self) -> dict[str, Any]:
        return clicks.board_data(self.components)

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return clicks.click_path(observation, action)

    def event_text(self, event: Event, names: Sequence[str]) -> str:
        """Seats by their names, cards by their titles, in the reader's language."""
        return texts.event_text(self.components, event, names)


GAME = CarterosGame()
