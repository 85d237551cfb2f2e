"""The table's bots deciding in a thread of their own, so the screen stays alive: a person may
look, scroll, quit — and, in a simultaneous phase (every seat chooses at once, the choices hidden
until all are in: every phase of Post Office), choose while the bots think.

The bots decide one after another, each on its own view, and their decisions are submitted in
the order the table took them before (a person's choice in such a phase waits until the bots'
are in: the record holds the same steps in the same order however fast anyone is). A decision
is committed under ``lock``, and none once ``stopping()`` says the person asked to stop. The
thread runs in a copy of the screen's context (its language, for any text it makes).
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Callable

from mailbag.table import Table


class BotRunner:
    """Runs the table's bots until none owes a decision; then calls ``done`` (from the thread:
    the caller hands it over to the screen's thread) with the error that stopped it, if any."""

    def __init__(
        self,
        table: Table,
        lock: threading.RLock,
        stopping: Callable[[], bool],
        done: Callable[[BaseException | None], None],
    ) -> None:
        self.table = table
        self.lock = lock
        self.stopping = stopping
        self.done = done
        #: whether the thread is at work (set and cleared on the screen's thread)
        self.running = False
        #: the seat whose bot is thinking now, and since when (``clock`` seconds)
        self.thinking: tuple[int, float] | None = None
        self.clock: Callable[[], float] = time.monotonic

    def bots_to_play(self) -> list[int]:
        """The seats whose bots owe a decision now."""
        return [seat for seat in self.table.deciders() if seat in self.table.agents]

    def start(self) -> None:
        """Let the bots decide in their thread (once at a time)."""
        if self.running:
            return
        self.running = True
        context = contextvars.copy_context()
        thread = threading.Thread(
            target=context.run, args=(self._run,), name="mailbag-bots", daemon=True
        )
        thread.start()

    def seconds(self) -> int:
        """How long the bot now thinking has thought, in whole seconds (0 when none is)."""
        thinking = self.thinking
        return int(self.clock() - thinking[1]) if thinking is not None else 0

    def _run(self) -> None:
        table = self.table
        error: BaseException | None = None
        try:
            for _decision in range(100_000):
                with self.lock:
                    if self.stopping() or table.is_over():
                        break
                    bots = self.bots_to_play()
                    if not bots:
                        break
                    seat = bots[0]
                    agent = table.agents[seat]
                    legal = table.legal_actions(seat)
                    observation = table.view(seat) if getattr(agent, "needs_view", True) else {}
                self.thinking = (seat, self.clock())
                action = agent.choose(observation, legal)
                self.thinking = None
                with self.lock:
                    if self.stopping():
                        return
                    table.submit(seat, action)
        except BaseException as exc:  # shown on the screen's thread
            error = exc
        finally:
            self.thinking = None
        self.done(error)
