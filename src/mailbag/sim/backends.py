"""Where simulated games run: in this process, local worker processes, or a dask cluster.

Every backend takes the chunks of scheduled games as a lazy iterable and draws the next chunk only
when a worker has room for it, so at most a few chunks per worker are in flight however many
games were asked for. It yields the outcomes as they finish (in any order); the caller sorts them
by game number, so results never depend on the backend or the number of workers. Closing the
stream (or an interruption while waiting) stops the workers and drops unfinished games; the local
backends report every game as soon as it finishes, so an interruption loses only games under way.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import itertools
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, NoReturn, Protocol

from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _
from mailbag.sim.worker import Chunk, Outcome, play_chunk, play_job, resolve_game

BACKENDS = ("local", "dask")

#: chunks handed to each worker ahead of time: one playing, one waiting (no idle gap between them)
CHUNKS_PER_WORKER = 2
#: seconds a worker is given to stop on its own (end of the run) before it is terminated
STOP_GRACE = 5.0
#: seconds between a worker's batches of finished games (a batch goes with the first game to
#: finish after them; the chunk's end sends what is left)
BATCH_SECONDS = 0.05
#: seconds between a waiting worker's checks that the main process is still there
PARENT_CHECK = 1.0


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about 16 chunks per worker (good balance at the end of the run), at most
    64 games per chunk, so per-chunk overhead stays negligible next to playing the games."""
    if workers <= 1:
        return 1
    return max(1, min(64, -(-games // (workers * 16))))


class OutcomeStream(Protocol):
    """What a backend returns: outcomes as they finish; ``close`` stops it (idempotent)."""

    def __iter__(self) -> Iterator[list[Outcome]]: ...

    def close(self) -> None: ...


class _SerialStream:
    """Plays in this process, one game at a time (``--workers 1``); nothing to stop."""

    def __init__(self, chunks: Iterable[Chunk]) -> None:
        self._chunks = iter(chunks)
        self._jobs: Iterator[Any] = iter(())
        self._chunk: Chunk | None = None
        self._game: Any = None

    def __iter__(self) -> Iterator[list[Outcome]]:
        return self

    def __next__(self) -> list[Outcome]:
        while True:
            job = next(self._jobs, None)
            if job is not None:
                assert self._chunk is not None
                current = self._chunk
                return [play_job(self._game, current.options, job, current.keep_records)]
            following = next(self._chunks, None)
            if following is None:
                raise StopIteration
            self._chunk = following
            self._game = resolve_game(following.game, following.module)
            self._jobs = iter(following.jobs)

    def close(self) -> None:
        self._chunks = iter(())
        self._jobs = iter(())


def run_serial(chunks: Iterable[Chunk]) -> OutcomeStream:
    """Play in this process, one game at a time (``--workers 1``)."""
    return _SerialStream(chunks)


# -- local worker processes ------------------------------------------------------------------------
def _worker_main(conn: Connection, inherited: list[Connection], parent: int) -> None:
    """A local worker: play the chunks it is sent, report the games as they finish.

    Messages to the main process: ``("games", [outcome, …])`` (the games finished in the last
    :data:`BATCH_SECONDS` or so), then ``("done", None)`` or
    ``("error", (exception or None, traceback text))`` after each chunk (the main process stops
    the run on an error). ``None`` from the main process, or the main process gone, ends the
    worker quietly. ``inherited`` are the main process's ends of the
    workers' pipes that a fork copied here: closed at once, so that the end of the main process
    is seen as the end of the pipe."""
    # Ctrl-C is handled once, by the main process, which then stops the workers. (SIGINT came
    # blocked from the fork: one that arrived meanwhile is dropped, not raised here.)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for other in inherited:
        other.close()
    # what the fork copied (modules, the game's tables) is never garbage: the collector leaves
    # it alone, so its pages are not written to (and copied) by collections in this worker
    gc.freeze()
    try:
        while True:
            while not conn.poll(PARENT_CHECK):
                if os.getppid() != parent:
                    return  # the main process died without a word
            chunk = conn.recv()
            if chunk is None:
                return
            for message in _play(chunk):
                conn.send(message)
    except (EOFError, OSError):
        return  # the main process stopped (or died): nothing to report to
    finally:
        conn.close()


def _play(chunk: Chunk) -> Iterator[tuple[str, Any]]:
    """The messages of one chunk: its games in batches as they finish, then done (or the
    error, after the games finished before it). A batch goes out with the first game to finish
    :data:`BATCH_SECONDS` or more after the chunk began or the last batch went: one message per
    game made the main process, which shares the cores, cost a tenth of the pool's work."""
    batch: list[Outcome] = []
    started = time.monotonic()
    try:
        game = resolve_game(chunk.game, chunk.module)
        for job in chunk.jobs:
            batch.append(play_job(game, chunk.options, job, chunk.keep_records))
            if time.monotonic() - started >= BATCH_SECONDS:
                yield ("games", batch)
                batch = []
                started = time.monotonic()
    except Exception as exc:  # reported to the main process, which raises it
        if batch:
            yield ("games", batch)
        text = traceback.format_exc()
        try:
            pickle.dumps(exc)
        except Exception:  # an exception that does not pickle
            yield ("error", (None, text))
        else:
            yield ("error", (exc, text))
        return
    if batch:
        yield ("games", batch)
    yield ("done", None)


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back while a worker is forked, so the child never sees this process's
    handler; a Ctrl-C in between reaches this process right after."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@dataclass
class _Worker:
    process: Any
    conn: Connection
    #: chunks sent and not yet reported done
    outstanding: int = 0
    #: still takes chunks (False once a chunk could not be sent)
    fed: bool = True


class _ProcessStream:
    """Outcomes from local worker processes, fed lazily; closing stops them."""

    def __init__(self, chunks: Iterable[Chunk], workers: int) -> None:
        methods = multiprocessing.get_all_start_methods()
        forked = "fork" in methods
        context: Any = multiprocessing.get_context("fork" if forked else "spawn")
        self._chunks = iter(chunks)
        self._exhausted = False
        self._closed = False
        self._ready: deque[Outcome] = deque()
        self._workers: list[_Worker] = []
        try:
            for number in range(workers):
                parent, child = context.Pipe(duplex=True)
                # a forked worker starts with copies of the main process's pipe ends
                inherited = [w.conn for w in self._workers] + [parent] if forked else []
                process = context.Process(
                    target=_worker_main,
                    args=(child, inherited, os.getpid()),
                    name=f"mailbag-sim-{number}",
                    daemon=True,
                )
                with _sigint_blocked():
                    process.start()
                child.close()
                self._workers.append(_Worker(process, parent))
            for worker in self._workers:
                self._feed(worker)
        except BaseException:
            self.close()
            raise

    def _feed(self, worker: _Worker) -> None:
        while worker.fed and not self._exhausted and worker.outstanding < CHUNKS_PER_WORKER:
            chunk = next(self._chunks, None)
            if chunk is None:
                self._exhausted = True
                return
            try:
                worker.conn.send(chunk)
            except OSError:
                # gone: what it said last (an error) or its death is read from the pipe next
                worker.fed = False
                return
            worker.outstanding += 1

    def __iter__(self) -> Iterator[list[Outcome]]:
        return self

    def __next__(self) -> list[Outcome]:
        while not self._ready:
            busy = [w for w in self._workers if w.outstanding]
            if self._closed:
                raise StopIteration
            if not busy:
                if self._exhausted or next(self._chunks, None) is None:
                    raise StopIteration
                raise RuntimeError("the simulation workers stopped with games still to play")
            by_conn: dict[Any, _Worker] = {w.conn: w for w in busy}
            by_sentinel: dict[Any, _Worker] = {w.process.sentinel: w for w in busy}
            ready = wait([*by_conn, *by_sentinel])
            # messages first: a worker's games are read before its death is noticed
            messages = [by_conn[r] for r in ready if r in by_conn]
            for worker in messages or [by_sentinel[r] for r in ready]:
                self._receive(worker)
        found = list(self._ready)
        self._ready.clear()
        return found

    def _receive(self, worker: _Worker) -> None:
        try:
            kind, payload = worker.conn.recv()
        except (EOFError, OSError):
            self._died(worker)
        if kind == "games":
            self._ready.extend(payload)
        elif kind == "done":
            worker.outstanding -= 1
            self._feed(worker)
        else:
            exc, text = payload
            if isinstance(exc, BaseException):
                exc.add_note(f"in simulation worker {worker.process.name}:\n{text}")
                raise exc
            raise RuntimeError(f"simulation worker {worker.process.name} failed:\n{text}")

    def _died(self, worker: _Worker) -> NoReturn:
        worker.process.join(STOP_GRACE)  # its pipe closes a moment before it is gone
        code = worker.process.exitcode
        raise RuntimeError(f"simulation worker {worker.process.name} died (exit code {code})")

    def close(self) -> None:
        """Stop the workers: politely when they are idle, at once (SIGTERM) when not."""
        if self._closed:
            return
        self._closed = True
        self._chunks = iter(())
        for worker in self._workers:
            if worker.outstanding == 0 and worker.process.is_alive():
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
            else:
                worker.process.terminate()
        for worker in self._workers:
            worker.process.join(STOP_GRACE)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(STOP_GRACE)
            worker.conn.close()


def run_local(chunks: Iterable[Chunk], workers: int) -> OutcomeStream:
    """``workers`` local worker processes (in this process when ``workers`` is 1).

    The workers start at once (so before the caller starts any display thread) and stop when
    the stream is closed."""
    if workers <= 1:
        return run_serial(chunks)
    return _ProcessStream(chunks, workers)


def kill_workers() -> None:
    """Kill every worker process of this process at once (local workers and the processes of a
    dask LocalCluster): the last resort before exiting on a second Ctrl-C."""
    for child in multiprocessing.active_children():
        with contextlib.suppress(OSError, ValueError):
            child.kill()


# -- dask ------------------------------------------------------------------------------------------
def _ignore_ctrl_c() -> None:
    """Run on the workers of a LocalCluster (in their main thread): ignore SIGINT."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_dask(
    chunks: Iterable[Chunk],
    workers: int,
    scheduler: str | None = None,
    *,
    processes: bool = True,
) -> Generator[list[Outcome], None, None]:
    """A dask.distributed cluster: the scheduler at ``scheduler``, or a LocalCluster of
    ``workers`` single-threaded workers bound to 127.0.0.1 when none is given. At most
    ``CHUNKS_PER_WORKER`` chunks per worker (``workers``, or the cluster's workers when it has
    more) are submitted at a time; the next one when one finishes."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise MailbagError(
            _("the dask backend needs the cluster extra: pip install 'mailbag[cluster]'")
        ) from None
    cluster = None
    try:
        if scheduler:
            client = distributed.Client(scheduler, timeout=20)
        else:
            cluster = distributed.LocalCluster(
                n_workers=max(1, workers),
                threads_per_worker=1,
                processes=processes,
                host="127.0.0.1",
                protocol="tcp",
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = distributed.Client(cluster)
            if processes:
                # Ctrl-C in a terminal reaches every process of the job: only this one handles
                # it (and stops the cluster), the workers do not each print a traceback
                client.run(_ignore_ctrl_c)
    except OSError as exc:
        if cluster is not None:
            cluster.close()
        raise MailbagError(
            _(
                "cannot reach the dask scheduler {address}: {detail}",
                address=repr(scheduler),
                detail=str(exc),
            )
        ) from None
    pending: set[Any] = set()
    try:
        try:
            known = len(client.scheduler_info().get("workers", {}))
        except Exception:  # only a sizing hint
            known = 0
        limit = CHUNKS_PER_WORKER * max(1, workers, known)
        source = iter(chunks)

        def submit(chunk: Chunk) -> Any:
            future = client.submit(play_chunk, chunk, pure=False)
            pending.add(future)
            return future

        finished = distributed.as_completed(
            [submit(chunk) for chunk in itertools.islice(source, limit)]
        )
        for future in finished:
            pending.discard(future)
            outcomes = future.result()
            following = next(source, None)
            if following is not None:
                finished.add(submit(following))
            yield outcomes
    finally:
        if pending:
            client.cancel(list(pending))
        client.close()
        if cluster is not None:
            cluster.close()
