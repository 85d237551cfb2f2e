"""The MCTS bot's budgets: a time budget covers the whole decision (drawing worlds included, however
many are asked for); an iteration budget gives exactly the searches it always gave."""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

import duel
import pytest
import tiny
from realgames import loadable_games, position

from mailbag.bots import make_bot
from mailbag.bots.mcts import MctsBot
from mailbag.core import Game

#: a generous bound that only a search ignoring its 0.05 s budget can pass
HANG = 1.5


class Counting:
    """A game that counts the worlds drawn through it (everything else passes through) and
    stops a search still drawing them ``HANG`` seconds after it was made."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.determinized = 0
        self.deadline = time.perf_counter() + HANG

    def determinize(self, observation: Any, rng: Any) -> Any:
        self.determinized += 1
        if time.perf_counter() > self.deadline:
            raise AssertionError(f"still drawing worlds after {HANG} s ({self.determinized})")
        return self.game.determinize(observation, rng)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


GAMES = [tiny.GAME, duel.GAME, *loadable_games()]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.spec.name)
@pytest.mark.parametrize(
    "kind", ["mcts:time=0.05,worlds=5000000", "mcts:time=0.05,iters=100000000,worlds=5000000"]
)
def test_time_budget_covers_drawing_the_worlds(game: Game[Any], kind: str) -> None:
    state, seat, legal = position(game, 3)
    bot = make_bot(kind, game, seat, 3)
    assert isinstance(bot, MctsBot)
    counting = Counting(game)
    bot.game = counting  # type: ignore[assignment]
    start = time.perf_counter()
    action = bot.choose(game.view(state, seat), legal)
    elapsed = time.perf_counter() - start
    assert action in legal
    assert elapsed < HANG, f"{game.spec.name}: {elapsed:.2f} s for a 0.05 s budget"
    # the worlds were drawn as the iterations needed them, not five million up front
    assert bot.last_iterations >= 1
    assert 1 <= counting.determinized <= bot.last_iterations


def test_time_budget_still_cycles_through_its_worlds() -> None:
    """With few worlds and a time budget, the worlds are drawn once and then reused."""
    state, seat, legal = position(duel.GAME, 1)
    bot = MctsBot(duel.GAME, seat, 5, iters=200, seconds=30.0, worlds=4)
    counting = Counting(duel.GAME)
    bot.game = counting  # type: ignore[assignment]
    bot.search(duel.GAME.view(state, seat), legal)
    assert bot.last_iterations == 200
    assert counting.determinized == 4


#: digests of searches with an iteration budget, as the bot gave them before the time budget
#: covered the drawing of worlds (and must keep giving them: such play is reproducible)
GOLDEN = {
    ("tiny", 1, "iters=60"): "aae60cc492cb416b",
    ("tiny", 1, "iters=40,worlds=0"): "3e7ca5af39fdfb9c",
    ("tiny", 1, "iters=30,depth=full,c=1.5"): "718c6927ecad833f",
    ("tiny", 1, "iters=50,worlds=3"): "c7db3549b7c43cd1",
    ("tiny", 2, "iters=60"): "f6532e8435fdf47a",
    ("tiny", 2, "iters=40,worlds=0"): "20bcdc600d7e4912",
    ("tiny", 2, "iters=30,depth=full,c=1.5"): "ee73851a796a3f4a",
    ("tiny", 2, "iters=50,worlds=3"): "9f43e5cce134f115",
    ("duel", 1, "iters=60"): "a86bf4471340d9b9",
    ("duel", 1, "iters=40,worlds=0"): "e19118c3d24009a0",
    ("duel", 1, "iters=30,depth=full,c=1.5"): "9aa7edf6a04cfe26",
    ("duel", 1, "iters=50,worlds=3"): "998cf3213fbb7b07",
    ("duel", 2, "iters=60"): "c90ebe5bd48073f4",
    ("duel", 2, "iters=40,worlds=0"): "6c86b6964f3c25a5",
    ("duel", 2, "iters=30,depth=full,c=1.5"): "61af028e3b8d26a3",
    ("duel", 2, "iters=50,worlds=3"): "5760ded136c1297e",
}
PARAMS: dict[str, dict[str, Any]] = {
    "iters=60": {"iters": 60},
    "iters=40,worlds=0": {"iters": 40, "worlds": 0},
    "iters=30,depth=full,c=1.5": {"iters": 30, "depth": None, "c": 1.5},
    "iters=50,worlds=3": {"iters": 50, "worlds": 3},
}


@pytest.mark.parametrize(("name", "seed", "params"), list(GOLDEN))
def test_iteration_budget_searches_are_unchanged(name: str, seed: int, params: str) -> None:
    game = {"tiny": tiny.GAME, "duel": duel.GAME}[name]
    state, seat, legal = position(game, seed)
    bot = MctsBot(game, seat, 1000 + seed, **PARAMS[params])
    root = bot.search(game.view(state, seat), legal)
    rows = sorted((str(a), c.visits, c.avail, c.total.hex()) for a, c in root.children.items())
    digest = hashlib.sha256(json.dumps([rows, bot.rng.state]).encode()).hexdigest()[:16]
    assert digest == GOLDEN[(name, seed, params)]
