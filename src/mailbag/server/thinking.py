"""Where the server's engine seats think, away from the event loop.

Quick bots (``random``, ``greedy``) decide in a thread. Search bots (``mcts…``) think for up to
seconds of pure Python, which in a thread would hold the interpreter lock and slow every other
table's moves: they think in worker processes instead. Each table is served by one worker (chosen
by the table's id), which keeps that table's bot objects between decisions, so a search bot plays
exactly as it would in one process (same seed, same internal state).
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from mailbag.bots.base import Bot, make_bot, parse_kind
from mailbag.core import Action, Observation
from mailbag.table.hints import Hint

#: seat kinds whose bots think in a worker process
SEARCH_BOTS = frozenset({"mcts"})

#: a worker's bots: (table, seat, kind) -> bot
_WORKER_BOTS: dict[tuple[str, int, str], Bot] = {}


def is_search_bot(kind: str) -> bool:
    try:
        name, _ = parse_kind(kind)
    except Exception:
        return False
    return name in SEARCH_BOTS


def _choose_in_worker(
    key: tuple[str, int, str],
    game_name: str,
    components: tuple[str, str] | None,
    seed: int,
    observation: Observation,
    legal: Sequence[Action],
) -> Action:
    """In a worker process: the bot of ``key`` (made on first use) chooses."""
    bot = _WORKER_BOTS.get(key)
    if bot is None:
        from mailbag.games import get

        game = get(game_name)
        if components is not None:
            game = game.with_component_text(*components)
        if len(_WORKER_BOTS) > 2000:  # finished tables' bots
            _WORKER_BOTS.clear()
        bot = _WORKER_BOTS[key] = make_bot(key[2], game, key[1], seed)
    return bot.choose(observation, legal)


def _hint_in_worker(
    game_name: str,
    components: tuple[str, str] | None,
    seat: int,
    observation: Observation,
    legal: Sequence[Action],
) -> Hint:
    """In a worker process: a hint from the seat's view (nothing else crosses over)."""
    from mailbag.games import get
    from mailbag.table.hints import compute_hint

    game = get(game_name)
    if components is not None:
        game = game.with_component_text(*components)
    return compute_hint(game, seat, observation, legal)


class Thinking:
    """The thread for quick bots and the worker processes for search bots."""

    def __init__(self, threads: int = 4, processes: int = 2) -> None:
        self.threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="mailbag-bot")
        self._processes: list[Executor | None] = [None] * max(0, processes)

    def _worker(self, table_id: str) -> Executor:
        if not self._processes:
            return self.threads
        index = int(hashlib.blake2b(table_id.encode(), digest_size=2).hexdigest(), 16)
        index %= len(self._processes)
        worker = self._processes[index]
        if worker is None:
            # spawn, not fork: the server has threads (and sockets) a fork would copy half-way
            context = multiprocessing.get_context("spawn")
            worker = self._processes[index] = ProcessPoolExecutor(1, mp_context=context)
        return worker

    async def choose(
        self,
        *,
        table_id: str,
        seat: int,
        kind: str,
        agent: Bot,
        game_name: str,
        components: tuple[str, str] | None,
        seed: int,
        observation: Observation,
        legal: Sequence[Action],
    ) -> Action:
        loop = asyncio.get_running_loop()
        if not is_search_bot(kind):
            return await loop.run_in_executor(self.threads, agent.choose, observation, legal)
        return await loop.run_in_executor(
            self._worker(table_id),
            _choose_in_worker,
            (table_id, seat, kind),
            game_name,
            components,
            seed,
            observation,
            list(legal),
        )

    async def hint(
        self,
        *,
        table_id: str,
        seat: int,
        game_name: str,
        components: tuple[str, str] | None,
        observation: Observation,
        legal: Sequence[Action],
    ) -> Hint:
        """A hint for ``seat``, worked out in the table's worker process (a search, like the
        search bots': never on the event loop, nor holding the interpreter lock there)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._worker(table_id),
            _hint_in_worker,
            game_name,
            components,
            seat,
            observation,
            list(legal),
        )

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        for worker in self._processes:
            if worker is not None:
                worker.shutdown(wait=False, cancel_futures=True)
