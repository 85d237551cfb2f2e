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
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from mailbag.core import Action, Game, start_game
from mailbag.core.encoding import Encoder
from mailbag.core.errors import IllegalAction, MailbagError
from mailbag.core.i18n import _
from mailbag.core.registry import get
from mailbag.rl import actions
from mailbag.rl.actions import ActionTable, Mask
from mailbag.rl.universe import action_table, encoder_class

#: an observation vector
Vector = npt.NDArray[np.float32]
REWARDS = ("rank", "score")
#: the largest seed a game is dealt from when the environment draws one
SEED_BOUND = 2**62
#: the methods of :class:`Match` that its C core (mailbag/rl/_actions.c) takes over where built
CORE_METHODS = ("deciders", "legal", "indices", "mask", "observe", "step", "act", "forget")
#: the mask's dtype, made once (``np.frombuffer`` given a dtype object is twice as quick)
INT8 = np.dtype(np.int8)


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
        # the game's own encoder (refused with the reason where the game brings none)
        make_encoder = encoder_class(self.game)
        self.table: ActionTable = action_table(self.game, self.num_seats)
        self.encoder: Encoder = make_encoder(self.game, self.num_seats)
        #: the seats an agent plays (engine seats such as an Automa play inside the rules)
        self.players = tuple(s for s, kind in enumerate(self.seats) if kind == "player")
        self._state: Any = None
        self.seed = 0
        self._seeds: np.random.Generator | None = None
        self._seeded_by: int | None = None
        self._legal: dict[int, list[Action]] = {}
        #: each seat's legal indices now (kept until the next action, like ``_legal``)
        self._indices: dict[int, list[int]] = {}
        #: the mask bytes made with a seat's indices, handed out once (then made again)
        self._masks: dict[int, bytearray] = {}
        #: who decides now (kept until the next action, like ``_legal``)
        self._deciders: tuple[int, ...] | None = None
        self._bind_native()

    def _bind_native(self) -> None:
        #: this class's position cache and hot path in C (mailbag/rl/_actions.c), where built
        self._core: Any = None
        module = actions._NATIVE
        if module is None or self.table._native is None or self.num_seats > 8:
            return
        core = self._core = module.Core(
            self.game,
            self.table._native,
            self.table.indices_and_mask_by_value,
            self.refuse,
            self.encoder,
            self.num_seats,
            np,
        )
        core.state = self._state
        # the environments call these with no Python frame between them and the rules; the
        # methods below are the reference, and run where the core was not built
        for name in CORE_METHODS:
            setattr(self, name, getattr(core, name))

    # a match pickles and copies (environments do) without its C core, made again on the other
    # side with the state
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_state"] = self.state
        for name in ("_core", *CORE_METHODS):
            state.pop(name, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind_native()

    @property
    def state(self) -> Any:
        """The game state (set it, then call :meth:`forget`)."""
        return self._state if self._core is None else self._core.state

    @state.setter
    def state(self, value: Any) -> None:
        if self._core is None:
            self._state = value
        else:
            self._core.state = value

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
    def game_seed(self, seed: int | None) -> int:
        """The seed an environment's reset deals from: ``seed`` when given, else the next draw
        of a generator seeded by the last seed given (made only when first needed: most resets
        are given a seed, and making one costs more than a tenth of dealing a game)."""
        if seed is not None:
            self._seeds = None
            self._seeded_by = seed
            return seed
        if self._seeds is None:
            self._seeds = np.random.default_rng(self._seeded_by)
        return int(self._seeds.integers(SEED_BOUND))

    def reset(self, seed: int) -> None:
        self.seed = seed
        self.state, _events = start_game(self.game, self.seats, self.options, seed)
        self.forget()

    def forget(self) -> None:
        """Drop the legal actions and indices kept for the present position (call after
        changing :attr:`state` from outside)."""
        self._legal.clear()
        self._indices.clear()
        self._masks.clear()
        self._deciders = None

    def deciders(self) -> tuple[int, ...]:
        """Who decides now (kept until the next action)."""
        found = self._deciders
        if found is None:
            found = self._deciders = tuple(self.game.deciders(self.state))
        return found

    def is_over(self) -> bool:
        # the contract: the game is over exactly when nobody owes a decision
        return not self.deciders()

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
        next action, with the mask made beside them."""
        found = self._indices.get(seat)
        if found is not None:
            return found
        if seat in self.deciders():
            found, self._masks[seat] = self.table.indices_and_mask(self.legal(seat))
        else:
            found = []
        self._indices[seat] = found
        return found

    def mask(self, seat: int) -> Mask:
        """``seat``'s action mask now, a new array (all zero when it owes no decision)."""
        # the bytes made with the indices go out once; later masks of the position are made
        # again, so no two arrays handed out share memory
        indices = self.indices(seat)
        mask = self._masks.pop(seat, None)
        return np.frombuffer(self.table.mask_bytes(indices) if mask is None else mask, INT8)

    def is_legal(self, seat: int, index: int) -> bool:
        return index in self.indices(seat)

    def step(self, seat: int, index: int) -> Action:
        """Carry out the action of ``index`` for ``seat``; anything outside the seat's mask is
        refused with the rules' own reason."""
        if index not in self.indices(seat):
            self.refuse(seat, index)
        return self.act(seat, self.table.actions[index])

    def refuse(self, seat: int, index: int | None) -> NoReturn:
        """Raise why ``index`` is not legal for ``seat`` now: the rules' own reason (an index
        outside the table, or None, is named as given)."""
        action = None
        if isinstance(index, int) and 0 <= index < len(self.table):
            action = self.table.actions[index]
        if action is None or seat not in self.deciders():
            raise IllegalAction(
                "legal actions",
                _("action index {index} is not legal for seat {seat} now", index=index, seat=seat),
            )
        raise self.game.explain_illegal(self.state, seat, action)

    def act(self, seat: int, action: Action) -> Action:
        """Carry out a legal ``action`` (the caller checked it); who decides next is asked at
        once (every environment asks it next)."""
        self.game.apply_in_place(self.state, seat, action)
        self.forget()
        self._deciders = tuple(self.game.deciders(self.state))
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
        return self.game.presentation.render(self.game.view(self.state, seat))
