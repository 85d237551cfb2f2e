"""Root parallelism for the MCTS bot (``mcts:workers=N``): N independent searches, merged.

Each decision is split into N searches of the same view in worker processes (started with
``spawn``, so it is safe on every platform and under any caller's threads), each with its own
seed drawn from the bot's generator and its share of the iteration budget (or the whole time
budget). Their roots' children are merged by summing visits, rewards and availability, and the
bot chooses on the merged root exactly as a single search would. With ``iters=`` the result
depends only on the bot's seed and the view, never on which process finishes first.

The pool of processes is shared by every bot asking for the same number of workers and closed
when the program exits. A game from the registry is named to the workers (they load it
themselves); any other game object (a test game, custom component data) is sent pickled.
"""

from __future__ import annotations

import atexit
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from mailbag.core import Action, Game, Observation

#: (action, visits, total reward, availability) of one root child
ChildStats = tuple[Action, int, float, int]

_POOLS: dict[int, Executor] = {}


def pool(workers: int) -> Executor:
    """The shared pool of ``workers`` spawned processes (made on first use)."""
    found = _POOLS.get(workers)
    if found is None:
        found = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        _POOLS[workers] = found
    return found


def close_pools() -> None:
    """Stop every pool's processes (at exit, or by a caller that wants them gone now)."""
    while _POOLS:
        _workers, executor = _POOLS.popitem()
        executor.shutdown(wait=True, cancel_futures=True)


atexit.register(close_pools)


def game_ref(game: Game[Any]) -> str | Game[Any]:
    """The registry name of ``game`` when the registry gives this very object, else the game."""
    from mailbag.core import MailbagError, registry

    try:
        if registry.get(game.spec.name) is game:
            return game.spec.name
    except MailbagError:  # not a registered game: the object itself is sent
        pass
    return game


def search_part(
    ref: str | Game[Any],
    seat: int,
    seed: int,
    settings: dict[str, Any],
    observation: Observation,
    legal: Sequence[Action],
) -> list[ChildStats]:
    """One worker's search (run in a worker process): its root children's statistics."""
    from mailbag.bots.mcts import MctsBot
    from mailbag.core import registry

    game = registry.get(ref) if isinstance(ref, str) else ref
    bot = MctsBot(game, seat, seed, **settings)
    root = bot.search(observation, legal)
    return [
        (action, child.visits, child.total, child.avail) for action, child in root.children.items()
    ]
