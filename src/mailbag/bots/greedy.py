"""The greedy bot: one-ply lookahead on the game's heuristic, planned on determinized worlds.

The bot only gets its seat's view and the legal actions. To look ahead it draws a few full worlds
consistent with the view (``game.determinize``), applies each legal action to a copy of every
world with the fast in-place path, and keeps the action whose resulting positions score best on
``game.search.heuristic(state, seat)`` on average. Ties are broken at random from the bot's own
seed.
Seat kind: ``greedy`` or ``greedy:worlds=N`` (default 2 worlds).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from mailbag.bots.base import BotParam, register_bot
from mailbag.core import Action, Game, Observation, Rng, SeatError
from mailbag.core.i18n import N_, _

#: values closer than this count as equal (then the tie is broken at random)
_EPS = 1e-9


def int_param(params: dict[str, str], name: str, default: int, minimum: int = 0) -> int:
    """An integer bot parameter from a seat kind (``mcts:iters=500``), with a clear error."""
    raw = params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SeatError(
            _("bot parameter {name}={value} is not an integer", name=name, value=repr(raw))
        ) from None
    if value < minimum:
        raise SeatError(
            _(
                "bot parameter {name}={value} must be at least {minimum}",
                name=name,
                value=value,
                minimum=minimum,
            )
        )
    return value


def float_param(params: dict[str, str], name: str, default: float, minimum: float = 0.0) -> float:
    """A numeric bot parameter from a seat kind (``mcts:time=1.5``), with a clear error."""
    raw = params.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SeatError(
            _("bot parameter {name}={value} is not a number", name=name, value=repr(raw))
        ) from None
    if not (math.isfinite(value) and value >= minimum):
        raise SeatError(
            _(
                "bot parameter {name}={value} must be a finite number ≥ {minimum}",
                name=name,
                value=raw,
                minimum=minimum,
            )
        )
    return value


def check_params(bot: str, params: dict[str, str], known: Sequence[str]) -> None:
    """Refuse unknown parameters, listing the known ones."""
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise SeatError(
            _(
                "unknown parameter {names} for the {bot} bot; known: {known}",
                names=", ".join(unknown),
                bot=bot,
                known=", ".join(known),
            )
        )


class GreedyBot:
    """One-ply lookahead: the action whose result the game's heuristic likes best."""

    def __init__(self, game: Game[Any], seat: int, seed: int, worlds: int = 2) -> None:
        self.game = game
        self.seat = seat
        self.worlds = max(1, worlds)
        self.rng = Rng.from_seed(seed, 0x6EED, seat)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        game, seat = self.game, self.seat
        copy, apply_in_place, heuristic = game.copy, game.apply_in_place, game.search.heuristic
        totals = [0.0] * len(legal)
        for _world in range(self.worlds):
            world = game.determinize(observation, self.rng)
            for i, action in enumerate(legal):
                after = copy(world)
                apply_in_place(after, seat, action)
                totals[i] += heuristic(after, seat)
        best = max(totals)
        candidates = [i for i, total in enumerate(totals) if total >= best - _EPS]
        return legal[candidates[self.rng.randbelow(len(candidates))]]


def _factory(game: Game[Any], seat: int, seed: int, params: dict[str, str]) -> GreedyBot:
    check_params("greedy", params, ("worlds",))
    return GreedyBot(game, seat, seed * 7919 + seat, int_param(params, "worlds", 2, minimum=1))


#: ``worlds``: a server keeps it small (the greedy bot thinks on the server's own threads)
PARAMS = (
    BotParam(
        "worlds",
        "int",
        1,
        100_000,
        server_max=16,
        default="2",
        help=N_("hidden deals each action is tried in"),
    ),
)

register_bot(
    "greedy", _factory, PARAMS, summary=N_("takes the action that looks best one step ahead")
)
