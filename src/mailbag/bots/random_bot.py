"""The random bot: uniform over the legal actions it is shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mailbag.bots.base import register_bot
from mailbag.core import Action, Game, Observation, Rng, SeatError
from mailbag.core.i18n import N_, _


class RandomBot:
    """Picks uniformly at random among the legal actions (it never looks at the state)."""

    #: the random bot ignores its view, so the runner need not build one
    needs_view = False

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed, 0x5EED)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randbelow(len(legal))]


def _factory(game: Game[Any], seat: int, seed: int, params: dict[str, str]) -> RandomBot:
    if params:
        raise SeatError(
            _("the random bot takes no parameters, got {names}", names=", ".join(params))
        )
    return RandomBot(seed * 7919 + seat)


register_bot("random", _factory, summary=N_("picks any legal action at random"))
