"""The Post Office game object: the core contract wired to this package's rules modules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mailbag.core import Action, Event, Game, GameSpec, IllegalAction, Observation, Rng, Score
from mailbag.core.i18n import N_
from mailbag.core.spec import OptionSpec, OptionValue
from mailbag.games.post_office import (
    clicks,
    heuristics,
    legal,
    render,
    reveal,
    rules,
    texts,
    validate,
    view,
)
from mailbag.games.post_office.actions import VERBS
from mailbag.games.post_office.components import Components, load_components
from mailbag.games.post_office.encoder import PostOfficeEncoder
from mailbag.games.post_office.geometry import Tables, parcel_label
from mailbag.games.post_office.notation import Notation
from mailbag.games.post_office.scoring import breakdown, stamp_value
from mailbag.games.post_office.state import (
    FEWEST_ROUNDS,
    MOST_ROUNDS,
    OVER,
    PRINTED,
    PostOfficeState,
    copy_state,
    params_from,
)

SPEC = GameSpec(
    name="post_office",
    title=N_("Post Office"),
    min_seats=2,
    max_seats=4,
    options=(
        OptionSpec(
            "goals",
            bool,
            False,
            N_(
                "play with the goal tokens (9 printed, 4 face up; the rulebook recommends "
                "leaving them out of a first game)"
            ),
        ),
        OptionSpec(
            "rounds",
            int,
            PRINTED.rounds,
            N_(
                "the number of rounds, the last one a half round (PO-113): 11 as printed, "
                "fewer for a shorter game"
            ),
            minimum=FEWEST_ROUNDS,
            maximum=MOST_ROUNDS,
        ),
    ),
    #: goals with the shortest game: goals are checked after the half round too (PO-107)
    contract_options=({"goals": True, "rounds": FEWEST_ROUNDS},),
    summary=N_(
        "Draft parcel tokens, fill your 5×5 shelving and seal same-coloured shapes with "
        "mail tape; 2–4 players choose simultaneously."
    ),
    verbs=VERBS,
)


class PostOfficeGame(Game[PostOfficeState]):
    spec = SPEC
    state_type = PostOfficeState
    encoder = PostOfficeEncoder

    def __init__(self, components: Components | None = None) -> None:
        self.components = components or load_components()
        self.tables = Tables(self.components)
        self.notation = Notation(self.tables)

    def with_component_text(self, text: str, source: str) -> PostOfficeGame:
        return PostOfficeGame(load_components(text, source))

    # -- set-up and flow ------------------------------------------------------------------------
    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> PostOfficeState:
        goals_on = bool(options.get("goals", False))
        return rules.new_state(self.tables, len(seats), goals_on, params_from(options), seed)

    #: the rules' own function, without a method call around it (the hottest call there is)
    deciders = staticmethod(legal.deciders)

    def legal_actions(self, state: PostOfficeState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat, self.tables, self.notation)

    def apply_in_place(self, state: PostOfficeState, seat: int, action: Action) -> list[Event]:
        return rules.submit(state, seat, action, self.tables, self.notation)

    def reveals(
        self,
        before: PostOfficeState,
        seat: int,
        action: Action,
        after: PostOfficeState,
        events: Sequence[Event],
    ) -> bool:
        return reveal.reveals(before, seat, action, after, events)

    def explain_illegal(self, state: PostOfficeState, seat: int, action: Action) -> IllegalAction:
        return legal.explain(state, seat, action, self.tables)

    def copy(self, state: PostOfficeState) -> PostOfficeState:
        return copy_state(state)

    def check_state(self, state: PostOfficeState) -> None:
        validate.check_state(state, self.tables)

    # -- information ----------------------------------------------------------------------------
    def view(self, state: PostOfficeState, seat: int | None) -> Observation:
        return view.view(state, seat, self.tables, self.notation)

    def determinize(self, observation: Observation, rng: Rng) -> PostOfficeState:
        return view.determinize(observation, rng, self.tables, self.notation)

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
        result = []
        for p in state.players:
            parts = breakdown(p, self.components)
            result.append(Score(sum(parts.values()), parts))
        return result

    def rank_key(self, state: PostOfficeState, seat: int) -> tuple[int, ...]:
        """PO-8: points, then stamps (goal tokens count 8); still tied: a shared place."""
        p = state.players[seat]
        return (sum(breakdown(p, self.components).values()), stamp_value(p))

    # -- checks and presentation ----------------------------------------------------------------
    def inventory(self, state: PostOfficeState) -> Counter[str]:
        comps = self.components
        labels = [t.label for t in comps.tokens]
        found: Counter[str] = Counter()
        tokens = state.supply + state.discarded + state.starting_box
        for p in state.players:
            tokens = tokens + [t for t in p.token if t] + p.hand + p.dealt
        for t in tokens:
            found["parcel:" + labels[t]] += 1
        found["stamp"] = state.stamp_supply + sum(p.stamps for p in state.players)
        goals = state.goal_stack + state.goal_display + state.goal_box
        for p in state.players:
            goals = goals + p.goals
        for g in goals:
            found["goal:" + comps.goals[g].name] += 1
        for i, p in enumerate(state.players):
            for c in comps.colours:
                for s in comps.shapes:
                    found[f"tape:{i}:{c.name}:{s.name}"] += 1
            found["helper:" + comps.helpers[p.helper]] += 1
        return found

    def heuristic(self, state: PostOfficeState, seat: int) -> float:
        return heuristics.heuristic(state, seat, self.tables)

    def heuristics(self, state: PostOfficeState) -> list[float]:
        return heuristics.heuristics(state, self.tables)

    def balance_tags(self, state: PostOfficeState, seat: int) -> dict[str, list[str]]:
        p = state.players[seat]
        return {
            "helper": ["helper:" + self.components.helpers[p.helper]],
            "goal": ["goal:" + self.components.goals[g].name for g in p.goals_won],
        }

    def render(self, observation: Observation) -> str:
        return render.render(observation, self.tables)

    def describe_action(self, observation: Observation, action: Action) -> str:
        text = render.describe(observation, action, self.tables)
        if action.verb == "seal" and observation.get("seat") is not None:
            try:  # what the seal earns, from the engine on a copy of the seat's board
                gained = clicks.seal_points(observation, action, self.tables, self.notation)
            except (KeyError, IndexError, ValueError, TypeError):
                return text
            return clicks.with_points(text, gained)
        return text

    # -- the graphical board (clicks.py) ----------------------------------------------------------
    def board_data(self) -> dict[str, Any]:
        return clicks.board_data(self.components, self.tables)

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        return clicks.click_path(observation, action, self.tables)

    def event_text(self, event: Event, names: Sequence[str]) -> str:
        """The event in the reader's language: its helper's space, its tape, its goal and its
        parcels put into words from its data (which keeps the language-neutral names)."""
        data = event.data
        extra: dict[str, object] = {}
        comps = self.components
        try:
            if event.kind == "move":
                extra["space"] = texts.space_text(int(data["space"]))
            elif event.kind == "seal":
                extra["parcels"] = " ".join(parcel_label(int(c)) for c in data["cells"])
                colour, _sep, shape = str(data["tape"]).partition(" ")
                tape = self.tables.colour_index[colour] * 4 + self.tables.shape_index[shape]
                extra["tape"] = texts.tape_name(comps, tape)
            elif event.kind in ("goal", "goal_shared"):
                extra["goal"] = render.goal_title(str(data["goal"]), self.tables)
        except (KeyError, IndexError, ValueError, TypeError):
            pass
        if extra:
            event = Event(event.kind, event.text, {**data, **extra}, event.to)
        return super().event_text(event, names)
