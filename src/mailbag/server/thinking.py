"""Where the server's engine seats think, away from the event loop.

Quick bots (``random``, ``greedy``) decide in a thread. Search bots (``mcts…``, ``planner…``) and
hints think for up to seconds of pure Python, which in a thread would hold the interpreter lock
and slow every other table's moves: they think in worker processes instead.

**Fair shares.** Searches wait in one queue. Each table has at most one search in flight (a bot's
move or a hint), and a worker that comes free takes the waiting search whose table has used the
workers least lately (their time, decaying by half every :data:`HALF_LIFE` seconds) plus the
time the search is expected to take (the bot's last search; a first one's budget); among equals,
the longest waiting: a table whose bots think for seconds each move cannot starve one whose bot
thinks for milliseconds, which is served as soon as any worker is free. Each
search runs under the server's limits (:class:`mailbag.bots.base.BotLimits`: it stops after
their seconds or iterations, :func:`mailbag.bots.mcts.capped`), and a worker that overruns them
by :data:`GRACE` seconds is killed and replaced.

**The same play.** A bot's state between its decisions (its generator, its running scale) goes
with each of its searches: for each decision the worker makes the bot from its kind and seed and
gives it the state its previous decision left (``export_state``), so a search bot plays exactly
as it would in one process (same seed, same internal state), whichever worker serves it.

**Workers die with the server.** They are the server's children in its process group; on
Linux the kernel kills each the moment the server dies, by any signal (``PR_SET_PDEATHSIG``),
and everywhere a thread in each exits it within :data:`WATCH` seconds of its parent's death.
Once they are gone, multiprocessing's helper process (the resource tracker, which only waits for
them) exits too. Closing the server (SIGTERM) kills its workers, so their searches stop with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import itertools
import logging
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Protocol

from mailbag.bots.base import Bot, BotLimits, check_kind, make_bot, parse_kind
from mailbag.core import Action, Game, IllegalAction, MailbagError, Observation
from mailbag.core.i18n import _
from mailbag.table.hints import HINT_ITERS, Hint

log = logging.getLogger(__name__)

#: seat kinds whose bots think in a worker process
SEARCH_BOTS = frozenset({"mcts", "planner"})
#: a table's use of the workers counts half after this many seconds
HALF_LIFE = 60.0
#: seconds a search may run past its limit before its worker is killed (the limit is checked
#: between iterations; a new worker also needs a moment to start)
GRACE = 15.0
#: the longest a hint searches (and never longer than a bot may)
HINT_SECONDS = 5.0
#: the longest one decision of a game review may take in a worker (a deep review takes longer)
REVIEW_SECONDS = 60.0
#: a seat has at most one hint worked out in this many seconds
HINT_INTERVAL = 2.0
#: how often a worker looks whether its server is still there (where the kernel does not tell)
WATCH = 0.2
#: a rough speed of a search (iterations a second: the speed of the default ``mcts`` on a
#: desktop), for how long a bot's first search may take (:func:`expected_seconds`)
ITERATIONS_PER_SECOND = 5000.0
#: bots' states kept between their decisions (the oldest forgotten first: such a bot starts
#: afresh from its seed)
STATES_KEPT = 20_000

#: the limits of this process's server, the latest first (see :func:`server_limits`)
_SERVING: list[BotLimits] = []


class ThinkingError(MailbagError):
    """A search that did not come back (its worker died, or overran the server's limits)."""


def server_limits() -> BotLimits:
    """The bot limits of the server running in this process (the defaults when none is)."""
    return _SERVING[-1] if _SERVING else BotLimits()


def absent_bot_kind(settings: dict[str, Any]) -> str:
    """The kind of bot that plays for a table's absent people: the table's ``absent_bot``
    (checked when the table was made), else ``random``. A kind stored before kinds were checked
    that no bot takes is logged and ``random`` plays instead."""
    kind = str(settings.get("absent_bot") or "random")
    try:
        check_kind(kind)
    except MailbagError as exc:
        log.warning("absent_bot %r cannot play (%s): random plays instead", kind, exc)
        return "random"
    return kind


def expected_seconds(kind: str, limits: BotLimits) -> float:
    """How long a search bot of ``kind`` is expected to take for a decision before it has made
    one (then its last search tells): its time budget, or its iterations at a rough speed,
    within the server's limit."""
    from mailbag.bots.mcts import DEFAULT_ITERS

    _name, params = parse_kind(kind)
    guesses = [limits.time]
    with contextlib.suppress(ValueError):
        for budget in ("time", "cpu"):
            if budget in params:
                guesses.append(float(params[budget]))
        if "iters" in params or ("time" not in params and "cpu" not in params):
            iters = int(params.get("iters", DEFAULT_ITERS))
            guesses.append(min(iters, limits.iters) / ITERATIONS_PER_SECOND)
    return max(0.0, min(guesses))


def is_search_bot(kind: str) -> bool:
    try:
        name, _ = parse_kind(kind)
    except Exception:
        return False
    return name in SEARCH_BOTS


# -- in a worker process ----------------------------------------------------------------------

_GAMES: dict[tuple[str, tuple[str, str] | None], Game[Any]] = {}
#: what of a bot does not go with it between decisions (the game is the worker's own; the
#: last search's tree is only for the benchmark)
_LEFT_BEHIND = ("game", "last_root")


def _game(name: str, components: tuple[str, str] | None) -> Game[Any]:
    game = _GAMES.get((name, components))
    if game is None:
        from mailbag.games import get

        game = get(name)
        if components is not None:
            game = game.with_component_text(*components)
        if len(_GAMES) > 64:
            _GAMES.clear()
        _GAMES[(name, components)] = game
    return game


def pack_bot(bot: Bot) -> bytes:
    """A bot's state between decisions, without its game (see the module): what its
    ``export_state`` gives (the search bots), else the bot's attributes."""
    export = getattr(bot, "export_state", None)
    if callable(export):
        return pickle.dumps(("state", export()), protocol=pickle.HIGHEST_PROTOCOL)
    state = {k: v for k, v in vars(bot).items() if k not in _LEFT_BEHIND}
    return pickle.dumps(("object", (type(bot), state)), protocol=pickle.HIGHEST_PROTOCOL)


def unpack_bot(blob: bytes, made: Bot, game: Game[Any]) -> Bot:
    """The bot ``blob`` was packed from: ``made`` (the same kind and seed, made afresh) given
    the state its decisions left."""
    how, data = pickle.loads(blob)
    if how == "state":
        made.import_state(data)  # type: ignore[attr-defined]
        return made
    kind, state = data
    bot: Bot = kind.__new__(kind)
    vars(bot).update(state)
    for name in _LEFT_BEHIND:
        setattr(bot, name, None)
    setattr(bot, "game", game)  # noqa: B010 (a Bot has no declared game)
    return bot


def _move(
    kind: str,
    seat: int,
    seed: int,
    game_name: str,
    components: tuple[str, str] | None,
    blob: bytes | None,
    observation: Observation,
    legal: Sequence[Action],
) -> tuple[Action, bytes]:
    """A search bot's decision, and its state after it."""
    game = _game(game_name, components)
    bot = make_bot(kind, game, seat, seed)
    if blob is not None:
        bot = unpack_bot(blob, bot, game)
    if getattr(bot, "workers", 1) > 1:
        setattr(bot, "workers", 1)  # noqa: B010 (on a server a search stays in its worker)
    return bot.choose(observation, legal), pack_bot(bot)


def _hint(
    game_name: str,
    components: tuple[str, str] | None,
    seat: int,
    observation: Observation,
    legal: Sequence[Action],
) -> Hint:
    """A hint from the seat's view (nothing else crosses over)."""
    from mailbag.table.hints import compute_hint

    return compute_hint(_game(game_name, components), seat, observation, legal)


def _review(game_name: str, components: tuple[str, str] | None, task: Any, settings: Any) -> Any:
    """One decision of a game review, judged from the seat's view the task carries."""
    from mailbag.review.engine import run_task

    return run_task(_game(game_name, components), task, settings)


def run_job(job: tuple[str, tuple[float | None, int | None], tuple[Any, ...]]) -> Any:
    """One search, under the server's caps: ``("move"|"hint"|"review", (seconds, iters),
    args)``."""
    from mailbag.bots.mcts import capped

    what, (seconds, iters), args = job
    with capped(seconds, iters):
        if what == "review":
            return _review(*args)
        return _move(*args) if what == "move" else _hint(*args)


def _die_with(parent: int) -> None:
    """This worker dies with its server (see the module)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the server died before the kernel was asked
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH)
        os._exit(0)

    threading.Thread(target=watch, name="mailbag-parent-watch", daemon=True).start()


def _worker_main(conn: Connection, parent: int, nice: int = 0) -> None:
    """A worker process: searches from ``conn`` until the server goes (at ``nice``: a game
    review's workers yield the processor to the server and the bots)."""
    _die_with(parent)
    if nice:
        with contextlib.suppress(OSError, AttributeError):
            os.nice(nice)
    # Ctrl-C in a terminal reaches the whole process group: the server decides, not its workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            os._exit(0)
        try:
            reply: tuple[bool, Any] = (True, run_job(job))
        except MailbagError as exc:
            reply = (False, str(exc))
        except Exception as exc:  # a bug: told to the server, which logs it
            reply = (False, f"{type(exc).__name__}: {exc}")
        conn.send(reply)


# -- in the server -----------------------------------------------------------------------------


class _Slot(Protocol):
    def call(self, job: Any, timeout: float) -> tuple[bool, Any]: ...

    def kill(self) -> None: ...

    def close_pipe(self) -> None: ...


class _Process:
    """One worker process and the pipe to it."""

    def __init__(self, nice: int = 0) -> None:
        # spawn, not fork: the server has threads (and sockets) a fork would copy half-way
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        self.process = context.Process(
            target=_worker_main,
            args=(theirs, os.getpid(), nice),
            name="mailbag-search",
            daemon=True,
        )
        self.process.start()
        theirs.close()
        self.conn = ours

    def call(self, job: Any, timeout: float) -> tuple[bool, Any]:
        """Run ``job`` there (in a thread of the server); kill the worker after ``timeout``.
        When it fails, the worker is gone and the pipe closed (by this thread, its user)."""
        try:
            self.conn.send(job)
            if not self.conn.poll(timeout):
                self.kill()
                self.close_pipe()
                raise ThinkingError(f"a search ran past its limit by {GRACE:g} s: stopped")
            reply: tuple[bool, Any] = self.conn.recv()
            return reply
        except (EOFError, OSError) as exc:
            self.kill()
            self.close_pipe()
            raise ThinkingError(f"the search's worker process died ({exc!r})") from None

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.process.join(1.0)

    def close_pipe(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()


class _Inline:
    """A search run in the server's own thread (a server made without worker processes)."""

    def call(self, job: Any, timeout: float) -> tuple[bool, Any]:
        try:
            return True, run_job(job)
        except MailbagError as exc:
            return False, str(exc)

    def kill(self) -> None:
        pass

    def close_pipe(self) -> None:
        pass


@dataclass(eq=False)
class _Job:
    table: str
    payload: tuple[str, tuple[float | None, int | None], tuple[Any, ...]]
    seconds: float
    #: how long it is expected to take (seconds)
    expected: float
    future: asyncio.Future[tuple[Any, float]]
    order: int
    begun: float = field(default=0.0)


class Thinking:
    """The threads for quick bots and the worker processes, shared fairly, for searches."""

    def __init__(
        self,
        threads: int = 4,
        processes: int = 2,
        limits: BotLimits | None = None,
        nice: int = 0,
    ) -> None:
        self.limits = limits if limits is not None else BotLimits()
        self.nice = nice
        self.threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="mailbag-bot")
        self._processes = max(0, processes)
        self._slots: list[_Slot] = []
        self._idle: list[_Slot] = []
        self._waiting: dict[str, deque[_Job]] = {}
        self._running: set[str] = set()
        #: each table's use of the workers: (seconds, when), decaying (:data:`HALF_LIFE`)
        self._usage: dict[str, tuple[float, float]] = {}
        #: each search bot's state between decisions, and how long its search is expected to
        #: take (see :meth:`_dispatch`)
        self._states: OrderedDict[tuple[str, int, str], tuple[bytes, float]] = OrderedDict()
        #: when each (table, seat) last had a hint worked out
        self._hinted: dict[tuple[str, int], float] = {}
        self._order = itertools.count()
        self._closed = False
        _SERVING.append(self.limits)

    # -- the public side --------------------------------------------------------------------------
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
        key = (table_id, seat, kind)
        blob, expected = self._states.get(key, (None, expected_seconds(kind, self.limits)))
        args = (kind, seat, seed, game_name, components, blob, observation, list(legal))
        limits = self.limits
        (action, blob), took = await self._search(
            table_id, ("move", (limits.time, limits.iters), args), limits.time, expected
        )
        # the bot's next search is expected to take as long as this one did
        self._states[key] = (blob, took)
        self._states.move_to_end(key)
        while len(self._states) > STATES_KEPT:
            self._states.popitem(last=False)
        return action  # type: ignore[no-any-return]

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
        """A hint for ``seat``, worked out in a worker process as the bots' searches are (in the
        same queue, counted in the table's share), within :data:`HINT_SECONDS`."""
        seconds = min(self.limits.time, HINT_SECONDS)
        args = (game_name, components, seat, observation, list(legal))
        expected = min(seconds, HINT_ITERS / ITERATIONS_PER_SECOND)
        hint, _took = await self._search(
            table_id, ("hint", (seconds, None), args), seconds, expected
        )
        assert isinstance(hint, Hint)
        return hint

    async def review(
        self,
        *,
        table_id: str,
        game_name: str,
        components: tuple[str, str] | None,
        task: Any,
        settings: Any,
    ) -> Any:
        """One decision of a game review (:mod:`mailbag.review`), judged in a worker process
        (the server's reviewing workers: :attr:`Hub.reviewing`), in a share of its own per table
        (``review:<table>``), so one table's review does not hold another's back."""
        iterations = settings.iters + 2 * settings.duel
        expected = iterations / ITERATIONS_PER_SECOND
        seconds = max(REVIEW_SECONDS, 4 * expected)
        args = (game_name, components, task, settings)
        judged, _took = await self._search(
            f"review:{table_id}", ("review", (None, None), args), seconds, expected
        )
        return judged

    def hint_wait(self, table_id: str, seat: int) -> float:
        """Seconds before ``seat`` at ``table_id`` may have another hint worked out (0: now)."""
        asked = self._hinted.get((table_id, seat))
        return 0.0 if asked is None else max(0.0, asked + HINT_INTERVAL - time.monotonic())

    def check_hint_rate(self, table_id: str, seat: int) -> None:
        """Refuse a hint asked too soon after the seat's last one (a hint already worked out
        for the same view is given again without asking here); else note it as asked now."""
        wait = self.hint_wait(table_id, seat)
        if wait > 0:
            raise IllegalAction(
                "too_soon",
                _(
                    "one hint every {seconds} seconds: ask again in {wait} s",
                    seconds=f"{HINT_INTERVAL:g}",
                    wait=f"{max(0.1, wait):.1f}",
                ),
            )
        now = time.monotonic()
        if len(self._hinted) > STATES_KEPT:
            self._hinted = {k: t for k, t in self._hinted.items() if t + HINT_INTERVAL > now}
        self._hinted[(table_id, seat)] = now

    def forget(self, table_id: str) -> None:
        """Drop what is kept of a table (its bots' states, its share): it was unloaded."""
        for key in [k for k in self._states if k[0] == table_id]:
            del self._states[key]
        self._usage.pop(table_id, None)
        for hinted in [k for k in self._hinted if k[0] == table_id]:
            del self._hinted[hinted]

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and the operator)."""
        return [s.process.pid or 0 for s in self._slots if isinstance(s, _Process)]

    def close(self) -> None:
        """Stop every search now: the workers are killed, waiting searches cancelled."""
        self._closed = True
        if self.limits in _SERVING:
            _SERVING.remove(self.limits)
        for slot in self._slots:
            slot.kill()
        for slot in self._idle:  # (a busy one's pipe is closed by the thread that uses it)
            slot.close_pipe()
        self._slots.clear()
        self._idle.clear()
        for jobs in self._waiting.values():
            for job in jobs:
                with contextlib.suppress(RuntimeError):
                    job.future.get_loop().call_soon_threadsafe(job.future.cancel)
        self._waiting.clear()
        self.threads.shutdown(wait=False, cancel_futures=True)

    # -- the queue --------------------------------------------------------------------------------
    async def _search(
        self,
        table_id: str,
        payload: tuple[str, tuple[float | None, int | None], tuple[Any, ...]],
        seconds: float,
        expected: float,
    ) -> tuple[Any, float]:
        """The search's outcome and the seconds it took its worker (waiting not counted)."""
        if self._closed:
            raise ThinkingError("the server is closing")
        future: asyncio.Future[tuple[Any, float]] = asyncio.get_running_loop().create_future()
        job = _Job(table_id, payload, seconds, expected, future, next(self._order))
        self._waiting.setdefault(table_id, deque()).append(job)
        self._dispatch()
        return await future

    def used(self, table_id: str, now: float | None = None) -> float:
        """Seconds of the workers' time ``table_id`` used lately (decayed)."""
        seconds, when = self._usage.get(table_id, (0.0, 0.0))
        now = time.monotonic() if now is None else now
        return float(seconds * 0.5 ** ((now - when) / HALF_LIFE))

    def _dispatch(self) -> None:
        """Give free workers the waiting searches: first the table whose use of the workers
        lately plus the time its search is expected to take is the least — a search of
        milliseconds goes before one of seconds, and a table that searched for long lately
        waits for the others (among equals, the longest waiting first)."""
        while not self._closed:
            for table in list(self._waiting):
                jobs = self._waiting[table]
                while jobs and jobs[0].future.done():  # its asker went (cancelled)
                    jobs.popleft()
                if not jobs:
                    del self._waiting[table]
            ready = [t for t in self._waiting if t not in self._running]
            if not ready:
                return
            slot = self._free_slot()
            if slot is None:
                return
            now = time.monotonic()
            table = min(
                ready,
                key=lambda t: (
                    self.used(t, now) + self._waiting[t][0].expected,
                    self._waiting[t][0].order,
                ),
            )
            job = self._waiting[table].popleft()
            if not self._waiting[table]:
                del self._waiting[table]
            self._running.add(table)
            job.begun = now
            loop = job.future.get_loop()
            threading.Thread(
                target=self._run, args=(slot, job, loop), name="mailbag-search", daemon=True
            ).start()

    def _free_slot(self) -> _Slot | None:
        if self._idle:
            return self._idle.pop()
        if len(self._slots) < max(1, self._processes):
            slot: _Slot = _Process(self.nice) if self._processes else _Inline()
            self._slots.append(slot)
            return slot
        return None

    def _run(self, slot: _Slot, job: _Job, loop: asyncio.AbstractEventLoop) -> None:
        """In a thread: the search on ``slot``, its outcome handed back to the event loop."""
        alive = True
        try:
            outcome = slot.call(job.payload, job.seconds + GRACE)
        except ThinkingError as exc:
            outcome, alive = (False, str(exc)), False
        except Exception as exc:
            outcome, alive = (False, f"{type(exc).__name__}: {exc}"), False
            slot.kill()
        with contextlib.suppress(RuntimeError):  # the loop is gone: so is the server
            loop.call_soon_threadsafe(self._done, slot, job, outcome, alive)

    def _done(self, slot: _Slot, job: _Job, outcome: tuple[bool, Any], alive: bool) -> None:
        now = time.monotonic()
        self._running.discard(job.table)
        took = now - job.begun
        self._usage[job.table] = (self.used(job.table, now) + took, now)
        if len(self._usage) > 4 * STATES_KEPT:
            self._usage = {t: u for t, u in self._usage.items() if self.used(t, now) > 0.01}
        if alive and not self._closed:
            self._idle.append(slot)
        elif slot in self._slots:
            self._slots.remove(slot)
            if alive:
                slot.kill()
                slot.close_pipe()
        ok, value = outcome
        if not job.future.done():
            if ok:
                job.future.set_result((value, took))
            else:
                log.warning("a search at table %s failed: %s", job.table, value)
                job.future.set_exception(ThinkingError(str(value)))
        self._dispatch()
