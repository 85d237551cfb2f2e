"""The PettingZoo AEC environment: every player seat an agent, one decision at a time.

Agents are named ``seat_0`` … in seat order (engine seats such as an Automa play inside the
rules and are no agents). ``agent_selection`` is the lowest seat that owes a decision; in Post
Office's simultaneous phases the seats pick one after another, and a pick stays out of every
other seat's observation (the view shows only that a seat has chosen) until the rules reveal it.
Rewards come once, at the end (``reward="rank"`` or ``"score"``, see :mod:`mailbag.rl.match`).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from functools import partial
from types import MethodType
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from mailbag.core import Game
from mailbag.core.registry import get
from mailbag.rl.match import Match, resolve_seats


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class MailbagAEC(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A mailbag game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "mailbag", "is_parallelizable": True}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any],
        num_players: int | None = None,
        seats: Sequence[str] | None = None,
        reward: str = "rank",
        render_mode: str | None = None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__()
        rules = get(game) if isinstance(game, str) else game
        kinds = resolve_seats(rules, num_players, seats)
        self.match = Match(rules, kinds, options, reward)
        self.metadata = {**self.metadata, "name": f"mailbag_{rules.spec.name}"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in self.match.players]
        self.seat_of = {agent_name(s): s for s in self.match.players}
        #: agent names by engine seat (an engine seat such as an Automa has none)
        self._agent_at = [agent_name(s) for s in range(self.match.num_seats)]
        #: each index's action as text (``infos[agent]["action"]``), made when first taken
        self._text: dict[int, str] = {}
        self._observation_space = self.match.observation_space()
        self._action_space = self.match.action_space()
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._bind_native()

    def _bind_native(self) -> None:
        core = self.match._core
        if core is not None:
            # ``step`` and ``observe`` below, in C (mailbag/rl/_actions.c: Core.aec_step and
            # Core.aec_observe), where it was built: no Python frame between agent and rules
            self.step = MethodType(core.aec_step, self)  # type: ignore[method-assign]
            self.observe = partial(core.aec_observe, self.seat_of)  # type: ignore[method-assign]

    # the environment pickles and copies without those (made again on the other side)
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state.pop("step", None)
        state.pop("observe", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind_native()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match.reset(self.match.game_seed(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        deciders = self.match.deciders()
        if deciders:
            self.agent_selection = self._agent_at[deciders[0]]
        elif self.agents:
            # the game is over: each agent still takes its dead step, in seat order
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.match.observe(self.seat_of[agent])

    def action_mask(self, agent: str | None = None) -> Any:
        return self.match.mask(self.seat_of[agent or self.agent_selection])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        match = self.match
        if action is None:  # a live agent must act
            match.refuse(self.seat_of[agent], None)
        index = operator.index(action)  # an int or numpy int; a float is refused, not cut
        chosen = match.step(self.seat_of[agent], index)
        text = self._text.get(index)
        if text is None:
            text = self._text[index] = str(chosen)
        self.infos[agent] = {"action": text}
        self._cumulative_rewards[agent] = 0.0
        deciders = match.deciders()
        if deciders:
            # rewards are zero until the end (the rewards dict holds zeros): nothing to add
            self.agent_selection = self._agent_at[deciders[0]]
            return
        self._finish()

    def _dead_step(self, action: int | None) -> None:
        self._was_dead_step(action)
        if self.agents:
            self._select()

    def _finish(self) -> None:
        """The game is over (nobody owes a decision): every agent's reward, then dead steps."""
        self._clear_rewards()
        final = self.match.final_rewards()
        for a in self.agents:
            self.rewards[a] = final[self.seat_of[a]]
            self.terminations[a] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.match.render(None)
        return None

    def close(self) -> None:
        pass
