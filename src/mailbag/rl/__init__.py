"""Reinforcement-learning environments for mailbag's games (``pip install mailbag[rl]``).

- :func:`env` — a PettingZoo AEC environment for any game and seat count: any registered game
  (built in, or a plug-in) that brings an encoder (its ``Game.encoder``, kept in the game's
  folder); a game that brings none is refused with that reason;
- :func:`parallel_env` — a PettingZoo parallel environment (Post Office's simultaneous phases);
- Gymnasium single-agent environments, registered for the built-in games when this module is
  imported (any other game: ``MailbagEnv(game=...)``):
  ``mailbag/Postcards-v0``, ``mailbag/PostOffice-v0``, ``mailbag/Carteros-v0``
  (``gymnasium.make("mailbag.rl:mailbag/Postcards-v0", opponents=["automa:expert"])`` imports
  this module first).

Actions are indices into a fixed table per game and seat count (:func:`action_table`), made
from the action universe the game's encoder lists; observations are ``{"observation": float32
vector, "action_mask": int8 vector}`` holding what the seat's view holds and nothing else.
docs/rl.md lists every feature.
"""

from __future__ import annotations

from collections.abc import Sequence

import gymnasium
from gymnasium.envs.registration import WrapperSpec

from mailbag.rl.actions import ActionTable
from mailbag.rl.aec import MailbagAEC
from mailbag.rl.match import REWARDS, Match, rank_reward, score_reward
from mailbag.rl.parallel import MailbagParallel
from mailbag.rl.single import ActionMasks, MailbagEnv
from mailbag.rl.universe import action_table

#: Gymnasium id -> (game, default opponents)
GYM_IDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "mailbag/Postcards-v0": ("postcards", ("automa:normal",)),
    "mailbag/PostOffice-v0": ("post_office", ("random",)),
    "mailbag/Carteros-v0": ("carteros", ("random",)),
}


def env(
    game: str,
    num_players: int | None = None,
    *,
    seats: Sequence[str] | None = None,
    reward: str = "rank",
    render_mode: str | None = None,
    **options: object,
) -> MailbagAEC:
    """A PettingZoo AEC environment of ``game`` for ``num_players`` player seats (or the seat
    kinds ``seats``, e.g. ``("player", "automa:easy")``); ``options`` are the game's options."""
    return MailbagAEC(game, num_players, seats, reward, render_mode, options)


def parallel_env(
    game: str,
    num_players: int | None = None,
    *,
    seats: Sequence[str] | None = None,
    reward: str = "rank",
    render_mode: str | None = None,
    **options: object,
) -> MailbagParallel:
    """A PettingZoo parallel environment (meant for Post Office's simultaneous phases)."""
    return MailbagParallel(game, num_players, seats, reward, render_mode, options)


def register_envs() -> None:
    """Register the Gymnasium ids (done on import; calling it again changes nothing)."""
    for env_id, (game, opponents) in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="mailbag.rl.single:MailbagEnv",
                kwargs={"game": game, "opponents": list(opponents)},
                disable_env_checker=True,
                # outermost: gymnasium.make(...).action_masks() reaches the environment's
                additional_wrappers=(
                    WrapperSpec("ActionMasks", "mailbag.rl.single:ActionMasks", {}),
                ),
            )


register_envs()

__all__ = [
    "GYM_IDS",
    "REWARDS",
    "ActionMasks",
    "ActionTable",
    "MailbagAEC",
    "MailbagEnv",
    "MailbagParallel",
    "Match",
    "action_table",
    "env",
    "parallel_env",
    "rank_reward",
    "register_envs",
    "score_reward",
]
