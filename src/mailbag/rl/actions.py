"""The fixed action index of a game: every action that can ever be legal, numbered.

The table only *names* actions: it is made from the game's own notation tables and component
data (the action universe the game's encoder lists: :mod:`mailbag.rl.universe`), and the
game's ``legal_actions`` alone decides which of them may be taken now (the mask). An index
therefore never carries a rule of its own; the mask test (tests/rl) plays thousands of random
positions and checks that every legal action has exactly one index and that no masked-out index
is ever legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

import numpy as np
import numpy.typing as npt

from mailbag.core import Action
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _
from mailbag.rl import native

#: the C twin of :meth:`ActionTable.indices_and_mask` (mailbag/rl/_actions.c), where built
_NATIVE = native.load("_actions")

Mask = npt.NDArray[np.int8]


class ActionTable:
    """Index ↔ :class:`Action` for one game and seat count.

    Lookups by identity come first: the game's legal-action generators hand out the very action
    objects the table was built from (its prebuilt notation tables), so most lookups are one
    ``id()`` dictionary hit; any other equal action is found by value.
    """

    def __init__(self, game: str, actions: Iterable[Action]) -> None:
        self.game = game
        unique: list[Action] = []
        index: dict[Action, int] = {}
        for action in actions:
            if action not in index:
                index[action] = len(unique)
                unique.append(action)
        self.actions: tuple[Action, ...] = tuple(unique)
        self.index = index
        #: ids of the table's own action objects (kept alive by ``self.actions``)
        self._by_id = {id(a): i for i, a in enumerate(self.actions)}
        self._bind_native()

    def _bind_native(self) -> None:
        #: the same lookup by identity in C, where built
        self._native = None if _NATIVE is None else _NATIVE.table(self.actions)
        #: legal actions -> (indices, mask bytes) in C, or None when one of them is not one of
        #: the table's own objects (then :meth:`indices_and_mask` finds it by value)
        self.native_mask: Callable[[list[Action]], tuple[list[int], bytearray] | None] | None = (
            None if self._native is None else partial(_NATIVE.mask, self._native)
        )

    # a table pickles and copies without its C lookup (made again on the other side); ids name
    # the objects of this process only, so they are made again too
    def __getstate__(self) -> dict[str, object]:
        state = self.__dict__.copy()
        for name in ("_native", "native_mask", "_by_id"):
            del state[name]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._by_id = {id(a): i for i, a in enumerate(self.actions)}
        self._bind_native()

    def __len__(self) -> int:
        return len(self.actions)

    def action(self, i: int) -> Action:
        """The action of index ``i``."""
        if not 0 <= i < len(self.actions):
            raise MailbagError(
                _(
                    "action index {index} is out of range 0..{last}",
                    index=i,
                    last=len(self.actions) - 1,
                )
            )
        return self.actions[i]

    def index_of(self, action: Action) -> int:
        """The index of ``action``; an action outside the table is an error naming it."""
        found = self._by_id.get(id(action))
        if found is not None:
            return found
        found = self.index.get(action)
        if found is None:
            raise MailbagError(
                _(
                    "{action} has no index in the {game} action table",
                    action=str(action),
                    game=self.game,
                )
            )
        return found

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """The indices of ``legal``, in its order."""
        by_id, index_of = self._by_id, self.index_of
        out = []
        for action in legal:
            found = by_id.get(id(action))
            out.append(index_of(action) if found is None else found)
        return out

    def indices_and_mask(self, legal: list[Action]) -> tuple[list[int], bytearray]:
        """The indices of ``legal`` (in its order) and a fresh 0/1 mask of them as bytes."""
        if self.native_mask is not None:
            found = self.native_mask(legal)
            if found is not None:
                return found
        return self.indices_and_mask_by_value(legal)

    def indices_and_mask_by_value(self, legal: list[Action]) -> tuple[list[int], bytearray]:
        """:meth:`indices_and_mask` in Python (what the C answers None to: an action that is not
        one of the table's own objects)."""
        indices = self.indices(legal)
        return indices, self.mask_bytes(indices)

    def mask_bytes(self, indices: Sequence[int]) -> bytearray:
        """A fresh 0/1 mask of ``indices`` as bytes (a bytearray's item writes are cheaper than
        a numpy array's, and an array made over it owns that memory alone)."""
        mask = bytearray(len(self.actions))
        for i in indices:
            mask[i] = 1
        return mask

    def fill_mask(self, legal: Sequence[Action], mask: Mask, clear: bool = True) -> list[int]:
        """Write ``legal``'s mask into ``mask`` (cleared first unless ``clear`` is False: it is
        all zero already); return their indices."""
        if clear:
            mask.fill(0)
        found = self.indices(legal)
        for i in found:  # a handful: item writes beat building an index array
            mask[i] = 1
        return found

    def mask(self, legal: Sequence[Action]) -> Mask:
        """A fresh 0/1 mask of ``legal``."""
        out = np.zeros(len(self.actions), dtype=np.int8)
        self.fill_mask(legal, out, clear=False)
        return out
