"""The PettingZoo parallel environment, for Post Office's simultaneous phases.

Every step, each seat that owes a decision acts at once (its mask is all zero, and its action
is ignored, when it owes none). The picks are made on observations taken before any of them,
then carried out in seat order: no pick can reach another seat's observation. A game whose
decisions come one at a time plays here too, one agent a step.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from mailbag.core import Game
from mailbag.core.registry import get
from mailbag.rl.aec import agent_name
from mailbag.rl.match import Match, resolve_seats


class MailbagParallel(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A mailbag game as a PettingZoo parallel environment."""

    metadata = {"render_modes": ["ansi"], "name": "mailbag_parallel"}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any],
        num_players: int | None = None,
        seats: Sequence[str] | None = None,
        reward: str = "rank",
        render_mode: str | None = None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        rules = get(game) if isinstance(game, str) else game
        self.match = Match(rules, resolve_seats(rules, num_players, seats), options, reward)
        self.metadata = {**self.metadata, "name": f"mailbag_{rules.spec.name}_parallel"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in self.match.players]
        self.agents: list[str] = []
        self.seat_of = {agent_name(s): s for s in self.match.players}
        self._observation_space = self.match.observation_space()
        self._action_space = self.match.action_space()
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def _observations(self) -> dict[str, dict[str, Any]]:
        return {a: self.match.observe(self.seat_of[a]) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self.match.reset(self.match.game_seed(seed))
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[str, int]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        acting = [s for s in self.match.deciders() if agent_name(s) in self.seat_of]
        # every pick is checked against the masks the seats were shown, before any is made
        chosen = {}
        for seat in acting:
            name = agent_name(seat)
            self.match.legal(seat)  # the menu each seat saw, kept until the first pick
            chosen[seat] = operator.index(actions[name])  # a float is refused, not cut
            if not self.match.is_legal(seat, chosen[seat]):
                self.match.step(seat, chosen[seat])  # raises the rules' own reason
        for seat in acting:
            action = self.match.table.actions[chosen[seat]]
            if not self.match.is_legal(seat, chosen[seat]):
                self.match.step(seat, chosen[seat])  # the rules refuse it now
            self.match.act(seat, action)
            infos[agent_name(seat)] = {"action": str(action)}
        over = self.match.is_over()
        rewards = dict.fromkeys(self.agents, 0.0)
        if over:
            final = self.match.final_rewards()
            rewards = {a: final[self.seat_of[a]] for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        observations = self._observations()
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.match.render(None)
        return None

    def close(self) -> None:
        pass
