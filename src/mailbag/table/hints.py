"""Hints for a person: the top three choices of an MCTS search run on the seat's own view.

A hint is computed from exactly what the seat may know — its view (``game.view(state, seat)``)
and its legal actions — and nothing else: the search (``MctsBot.search``) plans on worlds drawn
from that view, and its seed is a hash of the view and the legal actions, so the same view always
gives the same hint, and two positions the seat cannot tell apart give identical hints. The
budget is a fixed number of iterations (:data:`HINT_ITERS`), never a time, so a hint does not
depend on the machine either.

Each choice shows the share of the search's visits it got (how much the search believed in it)
and its *expected result*: the mean reward the search saw after it, for the seat, from 0 to 1 —
by final place when its playouts reached the end of the game (1 first … 0 last), else the game's
heuristic for the seat compared with the others'.

Who may ask (:func:`hints_by_default`): in a game with one person and only bots or the Automa
at the other seats, hints are on unless turned off; in a game between several people they are
off unless whoever set the game up allows them (``mailbag play --hints``, the lobby's "hints"
setting of a table).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mailbag.core import Action, Game, Observation, canonical_json

#: the search behind a hint: a fixed iteration budget (reproducible); the seat kind's defaults
HINT_ITERS = 1000
HINT_KIND = f"mcts:iters={HINT_ITERS}"
#: how many choices a hint shows
TOP = 3


@dataclass(frozen=True)
class HintChoice:
    action: Action
    #: the search's visits of this choice, and their share of all the root's visits
    visits: int
    share: float
    #: the seat's mean reward after this choice, 0 (worst) to 1 (best)
    value: float


@dataclass(frozen=True)
class Hint:
    seat: int
    #: iterations the search ran
    iterations: int
    choices: tuple[HintChoice, ...]


def hints_by_default(seat_kinds: Sequence[str]) -> bool:
    """Hints are on by default when exactly one seat is a person (``human``)."""
    return sum(1 for kind in seat_kinds if kind == "human") == 1


def hint_seed(observation: Observation, legal: Sequence[Action]) -> int:
    """The search's seed: a hash of what the seat sees and may do (nothing else)."""
    digest = hashlib.blake2b(digest_size=8, person=b"mailbag-hint")
    digest.update(canonical_json(observation))
    digest.update(canonical_json([str(a) for a in legal]))
    return int.from_bytes(digest.digest(), "big")


def compute_hint(
    game: Game[Any],
    seat: int,
    observation: Observation,
    legal: Sequence[Action],
    *,
    kind: str = HINT_KIND,
    top: int = TOP,
) -> Hint:
    """The hint for ``seat`` from its ``observation`` and ``legal`` actions (see the module)."""
    from mailbag.bots.base import make_bot
    from mailbag.bots.mcts import MctsBot

    if not legal:
        return Hint(seat, 0, ())
    if len(legal) == 1:
        return Hint(seat, 0, (HintChoice(legal[0], 0, 1.0, 0.5),))
    bot = make_bot(kind, game, seat, hint_seed(observation, legal))
    assert isinstance(bot, MctsBot)
    root = bot.search(observation, legal)
    order = {action: i for i, action in enumerate(legal)}
    tried = [(a, n) for a, n in root.children.items() if a in order and n.visits > 0]
    total = sum(n.visits for _a, n in tried) or 1
    # most visited first; then the better mean; then the game's order (no ties left to chance)
    tried.sort(key=lambda an: (-an[1].visits, -an[1].total / an[1].visits, order[an[0]]))
    choices = tuple(
        HintChoice(action, node.visits, node.visits / total, node.total / node.visits)
        for action, node in tried[:top]
    )
    return Hint(seat, bot.last_iterations, choices)


def hint_entries(game: Game[Any], observation: Observation, hint: Hint) -> list[dict[str, Any]]:
    """The hint's choices as JSON-able data (notation, description in the reader's language,
    visits, share, value, the click path on the graphical board) — what the server sends and
    the front ends print."""
    return [
        {
            "notation": str(choice.action),
            "text": game.presentation.describe_action(observation, choice.action),
            "visits": choice.visits,
            "share": round(choice.share, 4),
            "value": round(choice.value, 4),
            # the clicks on the board that take it (the browser highlights the first)
            "clicks": list(game.presentation.click_path(observation, choice.action)),
        }
        for choice in hint.choices
    ]
