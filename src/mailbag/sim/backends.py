"""Where simulated games run: in this process, a local process pool, or a dask cluster.

Every backend takes the same chunks of scheduled games and yields the outcomes of each chunk as
it finishes (in any order); the caller sorts them by game number, so results never depend on the
backend or the number of workers. Closing the iterator (or an interruption while waiting) stops
the workers and drops unfinished chunks.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import signal
from collections.abc import Generator, Iterator, Sequence
from typing import Any, Protocol

from mailbag.core.errors import MailbagError
from mailbag.sim.worker import Chunk, Outcome, play_chunk, play_job, resolve_game

BACKENDS = ("local", "dask")


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about 16 chunks per worker (good balance at the end of the run), at most
    64 games per chunk, so per-chunk overhead stays negligible next to playing the games."""
    if workers <= 1:
        return 1
    return max(1, min(64, -(-games // (workers * 16))))


def run_serial(chunks: Sequence[Chunk]) -> Generator[list[Outcome], None, None]:
    """Play in this process, one game at a time (``--workers 1``)."""
    for chunk in chunks:
        game = resolve_game(chunk.game, chunk.module)
        for job in chunk.jobs:
            yield [play_job(game, chunk.options, job, chunk.keep_records)]


def _ignore_sigint() -> None:
    # Ctrl-C is handled once, by the main process, which then stops the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class OutcomeStream(Protocol):
    """What a backend returns: the outcomes of each chunk as it finishes; ``close`` stops it."""

    def __iter__(self) -> Iterator[list[Outcome]]: ...

    def close(self) -> None: ...


class _PoolStream:
    """Outcomes from a process pool; closing terminates the pool (unfinished chunks dropped)."""

    def __init__(self, pool: Any, chunks: Sequence[Chunk]) -> None:
        self.pool = pool
        self.results: Iterator[list[Outcome]] = pool.imap_unordered(play_chunk, chunks, 1)

    def __iter__(self) -> Iterator[list[Outcome]]:
        return self.results

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


def run_local(chunks: Sequence[Chunk], workers: int) -> OutcomeStream:
    """A local process pool of ``workers`` processes (in this process when ``workers`` is 1).

    The pool starts at once (so before the caller starts any display thread) and stops when the
    stream is closed."""
    if workers <= 1:
        return run_serial(chunks)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = context.Pool(workers, initializer=_ignore_sigint)
    return _PoolStream(pool, chunks)


def run_dask(
    chunks: Sequence[Chunk],
    workers: int,
    scheduler: str | None = None,
    *,
    processes: bool = True,
) -> Generator[list[Outcome], None, None]:
    """A dask.distributed cluster: the scheduler at ``scheduler``, or a LocalCluster of
    ``workers`` single-threaded workers bound to 127.0.0.1 when none is given."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise MailbagError(
            "the dask backend needs the cluster extra: pip install 'mailbag[cluster]'"
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
    except OSError as exc:
        if cluster is not None:
            cluster.close()
        raise MailbagError(f"cannot reach the dask scheduler {scheduler!r}: {exc}") from None
    futures = []
    try:
        futures = client.map(play_chunk, list(chunks), pure=False)
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        if futures:
            client.cancel(futures)
        client.close()
        if cluster is not None:
            cluster.close()
