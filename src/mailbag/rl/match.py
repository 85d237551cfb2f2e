"""One game being played by an RL environment: the state, and everything a seat may be told.

The environments (AEC, parallel, single-agent) share this: it deals from a seed, lists who
decides, builds each seat's observation from what ``view(state, seat)`` holds and nothing else
(the encoder's fast path reads those fields of the state directly; tests/rl checks it against
the view-based reference), its action mask from ``legal_actions``, carries out an action by
index, and scores the end. The state never leaves it: an agent sees observations, masks and
rewards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from mailbag.core import Action, Game, start_game
from mailbag.core.errors import IllegalAction, MailbagError
from mailbag.core.i18n import _
from mailbag.core.registry import get
from mailbag.rl.actions import ActionTable, Mask
from mailbag.rl.encoding import Encoder, Vector
from mailbag.rl.observe_carteros import CarterosEncoder
from mailbag.rl.observe_post_office import PostOfficeEncoder
from mailbag.rl.observe_postcards import PostcardsEncoder
from mailbag.rl.universe import action_table

ENCODERS: dict[str, type[Encoder]] = {
    "postcards": PostcardsEncoder,
    "post_office": PostOfficeEncoder,
    "carteros": CarterosEncoder,
}
REWARDS = ("rank", "score")
#: the largest seed a game is dealt from when the environment draws one
SEED_BOUND = 2**62


def rank_reward(ranking: Sequence[int], seat: int) -> float:
    """Seats placed below ``seat`` minus seats placed above it, over the other seats: +1 for a
    sole winner, -1 for a sole loser, 0 for a tie of everyone."""
    others = len(ranking) - 1
    if others <= 0:
        return 0.0
    mine = ranking[seat]
    below = sum(1 for r in ranking if r > mine)
    above = sum(1 for r in ranking if r < mine)
    return (below - above) / others


def score_reward(totals: Sequence[int], seat: int) -> float:
    """The seat's final score minus the best final score among the other seats."""
    best_other = max((t for s, t in enumerate(totals) if s != seat), default=0)
    return float(totals[seat] - best_other)


def resolve_seats(
    game: Game[Any], num_players: int | None, seats: Sequence[str] | None
) -> tuple[str, ...]:
    """The engine's seat list: ``seats`` as given ("player" or an engine kind such as
    ``automa:easy``), or ``num_players`` players."""
    if seats is not None:
        kinds = tuple(seats)
    else:
        count = num_players if num_players is not None else max(2, game.spec.min_seats)
        kinds = ("player",) * count
    game.spec.check_seats(kinds)
    if "player" not in kinds:
        raise MailbagError(_("an environment needs at least one player seat"))
    return kinds


class Match:
    """The game an environment plays, seen through views, masks and indices."""

    def __init__(
        self,
        game: str | Game[Any],
        seats: Sequence[str],
        options: Mapping[str, object] | None = None,
        reward: str = "rank",
    ) -> None:
        self.game: Game[Any] = get(game) if isinstance(game, str) else game
        self.seats = tuple(seats)
        self.num_seats = len(self.seats)
        self.options = self.game.spec.resolve_options(options)
        if reward not in REWARDS:
            raise MailbagError(
                _(
                    "unknown reward {reward}; rewards: {rewards}",
                    reward=repr(reward),
                    rewards=", ".join(REWARDS),
                )
            )
        self.reward = reward
        name = self.game.spec.name
        if name not in ENCODERS:
            raise MailbagError(
                _(
                    "{game} has no reinforcement-learning environment; games with one: {games}",
                    game=name,
                    games=", ".join(sorted(ENCODERS)),
                )
            )
        self.table: ActionTable = action_table(self.game, self.num_seats)
        self.encoder: Encoder = ENCODERS[name](self.game, self.num_seats)
        #: the seats an agent plays (engine seats such as an Automa play inside the rules)
        self.players = tuple(s for s, kind in enumerate(self.seats) if kind == "player")
        self.state: Any = None
        self.seed = 0
        self._legal: dict[int, list[Action]] = {}
        #: each seat's legal indices now (kept until the next action, like ``_legal``)
        self._indices: dict[int, list[int]] = {}
        #: who decides now (kept until the next action, like ``_legal``)
        self._deciders: tuple[int, ...] | None = None
        self._actions = len(self.table)

    # -- spaces -----------------------------------------------------------------------------------
    def observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, shape=(self.encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(len(self.table),), dtype=np.int8),
            }
        )

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(len(self.table))

    # -- play -------------------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        self.seed = seed
        self.state, _events = start_game(self.game, self.seats, self.options, seed)
        self.forget()

    def forget(self) -> None:
        """Drop the legal actions and indices kept for the present position (call after
        changing :attr:`state` from outside)."""
        self._legal.clear()
        self._indices.clear()
        self._deciders = None

    def deciders(self) -> tuple[int, ...]:
        """Who decides now (kept until the next action)."""
        found = self._deciders
        if found is None:
            found = self._deciders = tuple(self.game.deciders(self.state))
        return found

    def is_over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now (kept until the next action)."""
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = self.game.legal_actions(self.state, seat)
        return found

    def view(self, seat: int) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def observe(self, seat: int) -> dict[str, Vector | Mask]:
        """``seat``'s observation: its view encoded, and its action mask (all zero when it
        owes no decision)."""
        return {
            "observation": self.encoder.encode_state(self.state, seat),
            "action_mask": self.mask(seat),
        }

    def indices(self, seat: int) -> list[int]:
        """``seat``'s legal action indices now (none when it owes no decision); kept until the
        next action."""
        found = self._indices.get(seat)
        if found is None:
            found = self.table.indices(self.legal(seat)) if seat in self.deciders() else []
            self._indices[seat] = found
        return found

    def mask(self, seat: int) -> Mask:
        # a bytearray's item writes are cheaper than a numpy array's, and the array made over
        # it owns that memory alone
        mask = bytearray(self._actions)
        for i in self.indices(seat):
            mask[i] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def is_legal(self, seat: int, index: int) -> bool:
        return index in self.indices(seat)

    def step(self, seat: int, index: int) -> Action:
        """Carry out the action of ``index`` for ``seat``; anything outside the seat's mask is
        refused with the rules' own reason."""
        if not self.is_legal(seat, int(index)):
            action = self.table.actions[index] if 0 <= index < len(self.table) else None
            if action is None or seat not in self.deciders():
                raise IllegalAction(
                    "legal actions",
                    _(
                        "action index {index} is not legal for seat {seat} now",
                        index=int(index),
                        seat=seat,
                    ),
                )
            raise self.game.explain_illegal(self.state, seat, action)
        return self.act(seat, self.table.actions[index])

    def act(self, seat: int, action: Action) -> Action:
        """Carry out a legal ``action`` (the caller checked it)."""
        self.game.apply_in_place(self.state, seat, action)
        self.forget()
        return action

    # -- the end ----------------------------------------------------------------------------------
    def final_rewards(self) -> list[float]:
        """Each seat's reward once the game is over (see :data:`REWARDS`)."""
        if self.reward == "score":
            totals = [s.total for s in self.game.scores(self.state)]
            return [score_reward(totals, s) for s in range(self.num_seats)]
        ranking = self.game.ranking(self.state)
        return [rank_reward(ranking, s) for s in range(self.num_seats)]

    def render(self, seat: int | None) -> str:
        return self.game.render(self.game.view(self.state, seat))
