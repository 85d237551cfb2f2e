"""Line mode's bots thinking while the person decides, where the rules allow it: in a
simultaneous phase (every seat chooses at once, the choices hidden until all are in — every
phase of Post Office) the bots that owe a choice too start thinking, in a thread, as soon as the
person is shown theirs.

A bot's choice is only *worked out* in the thread (``agent.choose`` on the bot's own view and
legal actions, exactly what the table would give it); nothing is submitted there. When the
person acts (a choice, an undo), the bots' choices are first submitted by the table's own
:meth:`~mailbag.table.table.Table.advance` — which takes each worked-out choice when the bot's
view and legal actions are still the ones it was worked out on, and asks the bot again otherwise —
and only then the person's: the record holds the same steps in the same order, by the same bots,
however fast anyone is, as when the bots chose before the person was asked. While the person
waits for a bot, a line says whom and for how long (each bot's thinking time).

The thread runs in a copy of the caller's context (its language).
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from mailbag.core import Action, Observation, canonical_json
from mailbag.core.i18n import _, ngettext
from mailbag.table import Table

#: how often a wait for the thread wakes (Ctrl-C and the signals are handled between)
POLL = 0.2


def _key(observation: Observation, legal: Sequence[Action]) -> bytes:
    return canonical_json([observation, [str(action) for action in legal]])


class _Ahead:
    """A bot seat's agent while its choice may have been worked out ahead: the table's
    ``advance`` asks it; it answers with the worked-out choice when asked on the same view and
    legal actions, else asks the bot."""

    def __init__(self, agent: Any, thinker: Thinker, seat: int) -> None:
        self.agent = agent
        self.thinker = thinker
        self.seat = seat
        self.needs_view = getattr(agent, "needs_view", True)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        ready = self.thinker.ready.pop(self.seat, None)
        if ready is not None and ready[0] == _key(observation, legal):
            return ready[1]
        return self.agent.choose(observation, legal)  # type: ignore[no-any-return]


class Thinker:
    """Works out the bots' choices of a simultaneous phase while a person decides (see the
    module). ``say`` prints a line for the person (a bot still thinking when they acted)."""

    def __init__(
        self,
        table: Table,
        say: Callable[[str], None],
        labels: Sequence[str],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table = table
        self.say = say
        self.labels = list(labels)
        self.clock = clock
        #: seat -> (what it was asked on, its choice): choices worked out, not yet submitted
        self.ready: dict[int, tuple[bytes, Action]] = {}
        #: seat -> seconds it thought (the last choice worked out ahead)
        self.thought: dict[int, float] = {}
        #: the seat whose bot is thinking now, and since when
        self.thinking: tuple[int, float] | None = None
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None
        self._bots = dict(table.agents)
        table.agents = {seat: _Ahead(agent, self, seat) for seat, agent in self._bots.items()}

    def bots_alongside(self) -> list[int]:
        """The bot seats owing a choice at the same time as a person (a simultaneous phase)."""
        table = self.table
        deciders = table.deciders()
        bots = [seat for seat in deciders if seat in self._bots]
        people = [seat for seat in deciders if seat not in self._bots]
        return bots if bots and people else []

    def start(self) -> bool:
        """Start working out the choices of :meth:`bots_alongside` in the thread (on their views
        now); whether it started (``False``: no such bots, or it is at work already)."""
        if self._thread is not None:
            return False
        seats = [seat for seat in self.bots_alongside() if seat not in self.ready]
        if not seats:
            return False
        asked = []
        for seat in seats:
            bot = self._bots[seat]
            legal = self.table.legal_actions(seat)
            view = self.table.view(seat) if getattr(bot, "needs_view", True) else {}
            asked.append((seat, bot, view, legal))
        context = contextvars.copy_context()
        self._error = None
        self._thread = threading.Thread(
            target=context.run, args=(self._run, asked), name="mailbag-bots-ahead", daemon=True
        )
        self._thread.start()
        return True

    def _run(self, asked: list[tuple[int, Any, Observation, list[Action]]]) -> None:
        try:
            for seat, bot, view, legal in asked:
                began = self.clock()
                self.thinking = (seat, began)
                action = bot.choose(view, legal)
                self.thought[seat] = self.clock() - began
                self.ready[seat] = (_key(view, legal), action)
        except BaseException as exc:  # raised again on the person's thread
            self._error = exc
        finally:
            self.thinking = None

    def finish(self) -> None:
        """Before the person acts: wait for the thread (saying which bot it waits for and how
        long it has thought, every few seconds), then let the table submit the bots' choices."""
        thread = self._thread
        if thread is not None:
            said = -1
            while thread.is_alive():
                thread.join(POLL)
                thinking = self.thinking
                if thinking is None or not thread.is_alive():
                    continue
                seconds = int(self.clock() - thinking[1])
                if said < 0 or seconds >= said + 5:
                    said = seconds
                    self.say(
                        ngettext(
                            "waiting for {name}, thinking for {count} second…",
                            "waiting for {name}, thinking for {count} seconds…",
                            seconds,
                            name=self.labels[thinking[0]],
                            count=seconds,
                        )
                    )
            self._thread = None
            if self._error is not None:
                error, self._error = self._error, None
                raise error
        if self.ready:
            self.table.advance()

    def summary(self) -> str:
        """How long each bot thought ahead (once their choices are in), e.g. "bob thought 3 s";
        "" when none did."""
        if not self.thought:
            return ""
        parts = [
            _("{name} {seconds} s", name=self.labels[seat], seconds=format(seconds, ".0f"))
            for seat, seconds in sorted(self.thought.items())
        ]
        self.thought.clear()
        return _("the bots thought while you chose: {times}", times=", ".join(parts))
