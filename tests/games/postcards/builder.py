"""The Postcards scenario tests' helpers; the step-by-step position builder is the package's
(:class:`mailbag.games.postcards.positions.Builder`, re-exported here).

Every helper of the builder moves components between places (deck, display, hands,
postcards, supply), so a built position holds exactly the game's components and the
conservation check still holds.

    b = Builder(seats=2)
    b.hand(0, "red.camp", "blue.movement").region(0, 8).postcard(0, 29, stamps=[True, False])
    state = b.state
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Event, apply, parse_action
from mailbag.games.postcards import GAME
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.game import PostcardsGame
from mailbag.games.postcards.positions import Builder
from mailbag.games.postcards.state import PostcardsState

COMPONENTS: Components = GAME.components


# -- helpers --------------------------------------------------------------------------------------


def kind(name: str) -> int:
    k = COMPONENTS.travel_index(name)
    assert k is not None, name
    return k


def gift(name: str, components: Components = COMPONENTS) -> int:
    g = components.gift_index(name)
    assert g is not None, name
    return g


def act(
    state: PostcardsState, text: str, seat: int | None = None, game: PostcardsGame = GAME
) -> tuple[PostcardsState, list[Event]]:
    """Apply the action in notation ``text`` through the checked core ``apply``."""
    who = state.current if seat is None else seat
    return apply(game, state, who, parse_action(text))


def run(state: PostcardsState, *texts: str, game: PostcardsGame = GAME) -> PostcardsState:
    for text in texts:
        state, _ = act(state, text, game=game)
    return state


def legal(state: PostcardsState, seat: int | None = None, game: PostcardsGame = GAME) -> list[str]:
    who = state.current if seat is None else seat
    return [str(a) for a in game.legal_actions(state, who)]


def find_postcard(**want: Any) -> int:
    """The lowest postcard id whose fields match (region=, points=, stamps=n, ...)."""
    for pid in sorted(COMPONENTS.postcards):
        info = COMPONENTS.postcards[pid]
        if all(_match(info, k, v) for k, v in want.items()):
            return pid
    raise LookupError(f"no postcard with {want}")


def _match(info: Any, key: str, value: Any) -> bool:
    if key == "stamps":
        return len(info.stamps) == value
    if key == "souvenir":
        return any(s.campsite == value[0] and s.effect.label() == value[1] for s in info.souvenirs)
    return bool(getattr(info, key) == value)


def action(text: str) -> Action:
    return parse_action(text)


__all__ = [
    "COMPONENTS",
    "Builder",
    "act",
    "action",
    "find_postcard",
    "gift",
    "kind",
    "legal",
    "run",
]
