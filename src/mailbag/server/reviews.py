"""Game reviews on the server: a finished table's decisions judged in the worker processes.

``POST /api/tables/<t>/review`` starts a table's review at a depth (or finds it started, or
done), ``GET`` says how far it got and, once done, gives it in the reader's language, ``DELETE``
cancels it. A review is computed once per table and depth and kept in the database
(``store/reviews.py``); its decisions are judged in worker processes of their own at the lowest
priority (:attr:`Hub.reviewing`), so it uses only the processors the server and the bots leave
idle, and never the event loop. Only a finished game is reviewed,
and only for a link of its table (a seat's or the spectators').
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from mailbag.core import MailbagError
from mailbag.core.i18n import _
from mailbag.core.records import replay_steps
from mailbag.review.engine import (
    DEPTHS,
    MARK_WORDS,
    THRESHOLDS,
    DecisionReview,
    Review,
    Settings,
    Task,
    decisions_of,
    summarise,
)
from mailbag.server.store.reviews import load_review, save_review, start_review

log = logging.getLogger(__name__)

#: decisions of one review judged at the same time (each in a worker of its own)
IN_FLIGHT = 2
#: how often a running review writes how far it got (decisions)
SAVE_EVERY = 8
#: a review marked running that has not moved for this long was left by a server that stopped
STALE_S = 300.0


class ReviewRefused(MailbagError):
    """A review that cannot be given (a bad depth; a game not over)."""


@dataclass(eq=False)
class _Job:
    done: int = 0
    total: int = 0
    cancelled: bool = False
    task: asyncio.Task[None] | None = None
    started: float = field(default_factory=time.monotonic)


def depth_of(value: object) -> str:
    depth = "default" if value in (None, "") else value
    if not isinstance(depth, str) or depth not in DEPTHS:
        raise ReviewRefused(
            _(
                "depth: expected one of {valid}, not {depth}",
                valid=", ".join(DEPTHS),
                depth=repr(str(value)[:20]),
            )
        )
    return depth


class Reviewer:
    """The server's running reviews (one per table and depth), and where they are kept."""

    def __init__(self, hub: Any) -> None:
        self.hub = hub
        self.jobs: dict[tuple[str, str], _Job] = {}

    async def status(self, room: Any, depth: str) -> dict[str, Any]:
        """How far the review of ``room`` at ``depth`` got: ``none`` (never asked), ``running``
        (with done/total), ``done`` (with the review in the reader's language), ``cancelled``."""
        settings = Settings.of(depth)
        job = self.jobs.get((room.id, depth))
        if job is not None:
            return {"status": "running", "depth": depth, "done": job.done, "total": job.total}
        row = await self.hub.run(load_review, self.hub.db, room.id, settings.key())
        if row is None:
            return {"status": "none", "depth": depth, "done": 0, "total": 0}
        out: dict[str, Any] = {
            "status": row.status,
            "depth": depth,
            "done": row.done,
            "total": row.total,
        }
        if row.status == "running":
            out["status"] = "cancelled"  # another process's, or one left when a server stopped
        if row.status == "done" and row.data is not None:
            out["review"] = await self.hub.run(worded, room, Review.from_json(row.data))
        return out

    async def start(self, room: Any, depth: str) -> dict[str, Any]:
        """Start the review (nothing is computed again when it is done or running): its row is
        stored as running before this answers, so a cancel right after finds it."""
        if not room.table.is_over():
            raise ReviewRefused(_("a game is reviewed once it is over"))
        key = (room.id, depth)
        if key not in self.jobs:
            hub, db = self.hub, self.hub.db
            settings = Settings.of(depth)
            row = await hub.run(load_review, db, room.id, settings.key())
            if row is None or row.status != "done":
                job = self.jobs[key] = _Job()
                try:
                    record = room.table.record
                    tasks = await hub.run(lambda: list(decisions_of(room.game, record)))
                    job.total = len(tasks)
                    # a row left running by a stopped server is taken over once it is stale
                    fresh = await hub.run(
                        start_review, db, room.id, settings.key(), job.total, STALE_S
                    )
                except BaseException:
                    self.jobs.pop(key, None)
                    raise
                if not fresh or job.cancelled:
                    self.jobs.pop(key, None)
                    if fresh:
                        await hub.run(
                            save_review, db, room.id, settings.key(), "cancelled", 0, job.total
                        )
                else:
                    job.task = asyncio.get_running_loop().create_task(
                        self._run(room, depth, settings, job, tasks)
                    )
        return await self.status(room, depth)

    async def cancel(self, room: Any, depth: str) -> dict[str, Any]:
        job = self.jobs.get((room.id, depth))
        if job is not None:
            job.cancelled = True
            if job.task is not None:
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await job.task
        return await self.status(room, depth)

    def close(self) -> None:
        for job in self.jobs.values():
            job.cancelled = True
            if job.task is not None:
                job.task.cancel()

    async def _run(
        self, room: Any, depth: str, settings: Settings, job: _Job, tasks: list[Task]
    ) -> None:
        hub, db = self.hub, self.hub.db
        key = settings.key()
        record = room.table.record
        try:
            judged: list[DecisionReview] = []
            queue = list(tasks)
            while queue and not job.cancelled:
                batch, queue = queue[:IN_FLIGHT], queue[IN_FLIGHT:]
                found = await asyncio.gather(
                    *(
                        hub.reviewing.review(
                            table_id=room.id,
                            game_name=record.game,
                            components=room._components(),
                            task=task,
                            settings=settings,
                        )
                        for task in batch
                    )
                )
                judged.extend(found)
                job.done = len(judged)
                if job.done % SAVE_EVERY < IN_FLIGHT:
                    await hub.run(save_review, db, room.id, key, "running", job.done, job.total)
            if job.cancelled:
                await hub.run(save_review, db, room.id, key, "cancelled", job.done, job.total)
                return
            review = summarise(room.game, record, settings, judged)
            await hub.run(
                save_review, db, room.id, key, "done", job.done, job.total, review.to_json()
            )
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await asyncio.shield(
                    hub.run(save_review, db, room.id, key, "cancelled", job.done, job.total)
                )
            raise
        except Exception:
            log.exception("the review of table %s failed", room.id)
            with contextlib.suppress(Exception):
                await hub.run(save_review, db, room.id, key, "failed", job.done, job.total)
        finally:
            self.jobs.pop((room.id, depth), None)


def worded(room: Any, review: Review) -> dict[str, Any]:
    """The review as the browser shows it: the choices in the reader's language (replayed from
    the record, each from its seat's view then), the seats' names, the marks' words."""
    game = room.game
    data = review.to_json()
    by_index = {d["index"]: d for d in data["decisions"]}
    presentation = game.presentation
    previous: Any = None
    for step in replay_steps(game, room.table.record):
        entry = by_index.get(step.index)
        if entry is not None and previous is not None:
            legal = {str(a): a for a in game.legal_actions(previous, entry["seat"])}
            observation = game.view(previous, entry["seat"])
            entry["played_text"] = _say(presentation, observation, legal, entry["played"])
            entry["best_text"] = _say(presentation, observation, legal, entry["best"])
            for choice in entry["alternatives"]:
                choice["text"] = _say(presentation, observation, legal, choice["notation"])
        previous = step.state
    data["seats"] = [seat.name for seat in room.row.seats]
    data["mark_words"] = {name: _(MARK_WORDS[name]) for name, _t in THRESHOLDS}
    return data


def _say(presentation: Any, observation: Any, legal: dict[str, Any], notation: str) -> str:
    action = legal.get(notation)
    return str(presentation.describe_action(observation, action)) if action else notation
