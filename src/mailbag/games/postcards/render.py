"""Text rendering of a Postcards view for the terminal."""

from __future__ import annotations

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.games.postcards.components import Components


def render(comps: Components, obs: Observation) -> str:
    return str(obs)


def describe_action(comps: Components, obs: Observation, action: Action) -> str:
    return str(action)
