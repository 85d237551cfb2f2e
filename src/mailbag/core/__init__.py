"""The core contract every game implements (see DESIGN): spec, state, actions, views, records."""

from mailbag.core.actions import Action, act, action_from_json, parse_action
from mailbag.core.errors import (
    ActionSyntaxError,
    ComponentError,
    IllegalAction,
    MailbagError,
    NotYourTurn,
    OptionError,
    RecordError,
    SeatError,
    StateError,
)
from mailbag.core.game import (
    Event,
    Game,
    Observation,
    Score,
    apply,
    check_action,
    clone,
    new_game,
    start_game,
    validate,
    visible_events,
)
from mailbag.core.positions import PositionError
from mailbag.core.presentation import Block, Presentation, SearchHints, Sections
from mailbag.core.results import ranking, scores
from mailbag.core.rng import Rng
from mailbag.core.serialize import canonical_json, state_digest, state_from_json, state_to_json
from mailbag.core.spec import GameSpec, OptionSpec

__all__ = [
    "Action",
    "ActionSyntaxError",
    "Block",
    "ComponentError",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "MailbagError",
    "NotYourTurn",
    "Observation",
    "OptionError",
    "OptionSpec",
    "PositionError",
    "Presentation",
    "RecordError",
    "Rng",
    "Score",
    "SearchHints",
    "SeatError",
    "Sections",
    "StateError",
    "act",
    "action_from_json",
    "apply",
    "canonical_json",
    "check_action",
    "clone",
    "new_game",
    "parse_action",
    "ranking",
    "scores",
    "start_game",
    "state_digest",
    "state_from_json",
    "state_to_json",
    "validate",
    "visible_events",
]
