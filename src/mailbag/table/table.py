"""One game in progress: its state, its record, its seats and their agents — the single driver
every front end uses (the terminal now, the server and the full-screen UI next).

``submit(seat, action)`` validates, applies, appends the decision to the record and makes it
durable through the store, and only then returns the events: a crash loses nothing that anyone
was told about. Engine seats (bots) are run by :meth:`Table.advance`; the Automa is played by the
rules engine itself. A seat may take back (:meth:`Table.undo`) its own latest decisions as long
as nothing hidden was revealed, no chance was resolved (the game's ``reveals``) and no other seat
has acted since.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mailbag.bots.base import Bot
from mailbag.core import Action, Event, Game, IllegalAction, apply, check_action
from mailbag.core.records import GameRecord, Step, replay_steps, result_of
from mailbag.core.serialize import record_digest
from mailbag.table.store import MemoryStore, Store

#: a listener told of every accepted decision: (seat, action, events, state after)
Listener = Callable[[int, Action, list[Event], Any], None]


@dataclass(frozen=True)
class Played:
    """One accepted decision as the table reports it."""

    index: int
    seat: int
    action: Action
    events: list[Event]


class Table:
    """A game being played. Build it with :meth:`open` from a record (new or saved)."""

    def __init__(
        self,
        game: Game[Any],
        record: GameRecord,
        state: Any,
        opening: list[Event],
        store: Store,
        agents: Mapping[int, Bot],
    ) -> None:
        self.game = game
        self.record = record
        self.state = state
        self.opening = opening
        self.store = store
        self.agents = dict(agents)
        self.listeners: list[Listener] = []
        #: True while a decision is being committed (a front end defers interrupts then)
        self.committing = False
        #: decisions at or after this index may be taken back
        self._floor = len(record.steps)
        #: the state before each decision that may be taken back
        self._before: list[Any] = []

    # -- opening ---------------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        game: Game[Any],
        record: GameRecord,
        store: Store | None = None,
        agents: Mapping[int, Bot] | None = None,
    ) -> Table:
        """The table of ``record``: its decisions replayed and checked, the store begun (a file
        store checks its path here, before anything is played)."""
        state: Any = None
        opening: list[Event] = []
        for entry in replay_steps(game, record):
            state = entry.state
            if entry.index == 0:
                opening = entry.events
        if record.schema is None:
            record.schema = game.schema_version
        store = store if store is not None else MemoryStore()
        store.begin(record)
        return cls(game, record, state, opening, store, agents or {})

    # -- what the front end asks -------------------------------------------------------------------
    @property
    def step(self) -> int:
        """How many decisions have been accepted (the wire protocol's step number)."""
        return len(self.record.steps)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def deciders(self) -> tuple[int, ...]:
        return self.game.deciders(self.state)

    def waiting_for(self) -> tuple[int, ...]:
        """The deciders whose decision must come from outside (people, remote clients)."""
        return tuple(s for s in self.deciders() if s not in self.agents)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    # -- playing ---------------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, expected_step: int | None = None) -> list[Event]:
        """Accept ``action`` from ``seat``: checked, applied, recorded and durable; returns the
        events (for every seat: filter them with ``visible_to`` before showing them)."""
        if expected_step is not None and expected_step != self.step:
            raise IllegalAction(
                "stale", f"the game has moved on (step {self.step}, not {expected_step})"
            )
        check_action(self.game, self.state, seat, action)
        before = self.state
        after, events = apply(self.game, before, seat, action)
        step = Step(seat, action, record_digest(after))
        self.committing = True
        try:
            self.store.append(step)
            self.record.steps.append(step)
            self.state = after
            index = len(self.record.steps) - 1
            previous = self.record.steps[index - 1].seat if index > 0 else None
            if previous is not None and previous != seat:
                self._floor = max(self._floor, index)  # another seat acted in between
                self._before.clear()
            if self.game.reveals(before, seat, action, after, events):
                self._floor = index + 1
                self._before.clear()
            else:
                self._before.append(before)
            if self.game.is_over(after):
                self.record.result = result_of(self.game, after)
                self.store.finish(self.record)
                self._floor = len(self.record.steps)
                self._before.clear()
        finally:
            self.committing = False
        for listener in self.listeners:
            listener(seat, action, events, after)
        return events

    def advance(self, limit: int = 100_000) -> list[Played]:
        """Let the engine seats (bots) decide until a decision is owed from outside or the game
        is over; returns what they played."""
        played: list[Played] = []
        for _ in range(limit):
            if self.is_over():
                return played
            bots = [s for s in self.deciders() if s in self.agents]
            if not bots:
                return played
            seat = bots[0]
            agent = self.agents[seat]
            legal = self.legal_actions(seat)
            observation = self.view(seat) if getattr(agent, "needs_view", True) else {}
            action = agent.choose(observation, legal)
            events = self.submit(seat, action)
            played.append(Played(self.step - 1, seat, action, events))
        raise RuntimeError(f"{self.game.spec.name}: engine seats made {limit} decisions in a row")

    # -- taking back -----------------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its latest decision now."""
        return (
            len(self.record.steps) > self._floor
            and bool(self._before)
            and self.record.steps[-1].seat == seat
        )

    def undo(self, seat: int) -> Step:
        """Take back ``seat``'s latest decision: the state and the record are exactly as they
        were before it (and so is the store). Refused, naming why, when it may not be."""
        if not self.can_undo(seat):
            raise IllegalAction("undo", self._why_not_undo(seat))
        step = self.record.steps.pop()
        self.state = self._before.pop()
        self.committing = True
        try:
            self.store.truncate(self.record)
        finally:
            self.committing = False
        return step

    def _why_not_undo(self, seat: int) -> str:
        if self.is_over():
            return "the game is over"
        if not self.record.steps or len(self.record.steps) <= self._floor:
            return "nothing to take back: something was revealed or drawn, or another seat acted"
        return f"the last decision is seat {self.record.steps[-1].seat}'s, not seat {seat}'s"

    # -- end -------------------------------------------------------------------------------------
    def result(self) -> dict[str, Any] | None:
        return self.record.result

    def close(self) -> None:
        self.store.close()
