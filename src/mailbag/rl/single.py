"""The Gymnasium single-agent environment: one seat learns, bots or the Automa play the rest.

``opponents`` lists the other seats' kinds: a bot of :mod:`mailbag.bots` (``random``,
``greedy``, ``mcts:iters=200`` …) or, in Postcards, an Automa (``automa:easy|normal|expert``,
played by the rules themselves). Bots see only their own view and are seeded one way from the
game's seed (:func:`mailbag.bots.bot_seed`), so a seed replays the same game for the same
actions. The learner's reward comes at the end (``reward="rank"`` or ``"score"``).

An action outside the mask is refused: with ``illegal="lose"`` (the default) the episode ends
there with reward -1 and ``info["illegal"]``; with ``illegal="raise"`` the rules' refusal is
raised. ``action_masks()`` gives the mask too (what sb3-contrib's MaskablePPO asks for).

``gymnasium.make`` wraps an environment (``OrderEnforcing``; ``TimeLimit`` and
``PassiveEnvChecker`` when asked for), and a Gymnasium 1.x wrapper no longer passes unknown
attributes on: the ids are registered with :class:`ActionMasks` outermost, so
``gymnasium.make(...).action_masks()`` works. Under wrappers of one's own,
``env.get_wrapper_attr("action_masks")()`` (what vector environments' ``call`` and
Stable-Baselines3's ``env_method`` use) or ``env.unwrapped.action_masks()`` reach it.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np

from mailbag.bots import Bot, make_bot
from mailbag.core import Game
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _
from mailbag.core.registry import get
from mailbag.rl.actions import Mask
from mailbag.rl.match import SEED_BOUND, Match

ILLEGAL = ("lose", "raise")
#: the bound on opponents' decisions between two of the learner's (a safeguard, never reached
#: by a game that ends)
MAX_OPPONENT_DECISIONS = 100_000


class MailbagEnv(gym.Env[dict[str, Any], np.int64]):
    """A mailbag game as a Gymnasium environment for the seat ``seat``."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any],
        opponents: Sequence[str] = ("random",),
        seat: int = 0,
        reward: str = "rank",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        rules = get(game) if isinstance(game, str) else game
        if isinstance(opponents, str):
            opponents = [opponents]
        if not 0 <= seat <= len(opponents):
            raise MailbagError(
                _("seat {seat} is not one of 0..{last}", seat=seat, last=len(opponents))
            )
        if illegal not in ILLEGAL:
            raise MailbagError(
                _(
                    "illegal= takes {values}, not {value}",
                    values=", ".join(ILLEGAL),
                    value=repr(illegal),
                )
            )
        kinds = list(opponents)
        kinds.insert(seat, "player")
        engine = set(rules.spec.engine_seats)
        seats = tuple(k if k == "player" or k in engine else "player" for k in kinds)
        rules.spec.check_seats(seats)
        for s, kind in enumerate(kinds):  # a bad bot kind is an error now, not at reset
            if s != seat and kind not in engine:
                make_bot(kind, rules, s, 0)
        self.kinds = tuple(kinds)
        self.seat = seat
        self.illegal = illegal
        self.match = Match(rules, seats, options, reward)
        self.render_mode = render_mode
        self.observation_space = self.match.observation_space()
        self.action_space = gym.spaces.Discrete(len(self.match.table))
        self.bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(SEED_BOUND)) if seed is None else seed
        self.match.reset(game_seed)
        engine = set(self.match.game.spec.engine_seats)
        self.bots = {
            s: make_bot(kind, self.match.game, s, game_seed)
            for s, kind in enumerate(self.kinds)
            if s != self.seat and kind not in engine
        }
        self._play_opponents()
        return self.match.observe(self.seat), {"seed": game_seed}

    def _play_opponents(self) -> None:
        """Let the other seats decide until the learner owes a decision or the game ends."""
        match = self.match
        for _step in range(MAX_OPPONENT_DECISIONS):
            deciders = match.deciders()
            if not deciders or self.seat in deciders:
                return
            seat = deciders[0]
            legal = match.legal(seat)
            bot = self.bots[seat]
            # a bot that reads no view (random) is given none: building it was most of the
            # time of a step against random opponents, as in the sim runner and the server
            view = match.view(seat) if getattr(bot, "needs_view", True) else {}
            match.act(seat, bot.choose(view, legal))
        raise MailbagError(_("the opponents made no room for the learner's decision"))

    def action_masks(self) -> Mask:
        """The learner's action mask now (int8, 1 for each legal index)."""
        if self.match.state is None:
            raise gym.error.ResetNeeded(_("call reset() before action_masks()"))
        return self.match.mask(self.seat)

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        match = self.match
        index = operator.index(action)  # an int or numpy int; a float is refused, not cut
        if not match.is_legal(self.seat, index):
            if self.illegal == "raise" or match.is_over():
                match.step(self.seat, index)  # raises the rules' reason
            obs = match.observe(self.seat)
            return obs, -1.0, True, False, {"illegal": True}
        chosen = match.step(self.seat, index)
        self._play_opponents()
        info: dict[str, Any] = {"action": str(chosen)}
        if match.is_over():
            reward = match.final_rewards()[self.seat]
            info["ranking"] = match.game.ranking(match.state)
            return match.observe(self.seat), reward, True, False, info
        return match.observe(self.seat), 0.0, False, False, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.match.render(self.seat)
        return None


class ActionMasks(
    gym.Wrapper[dict[str, Any], np.int64, dict[str, Any], np.int64], gym.utils.RecordConstructorArgs
):
    """Passes ``action_masks()`` on from the environment inside, whatever wraps it (the
    outermost wrapper ``gymnasium.make`` puts on the registered ids)."""

    def __init__(self, env: gym.Env[dict[str, Any], np.int64]) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)

    def action_masks(self) -> Mask:
        masks: Mask = self.env.get_wrapper_attr("action_masks")()
        return masks
