"""Playing in the terminal: people type their moves, bots and the engine play theirs.

A person sees their own view rendered as text, the numbered legal actions, and types a number or
an action's notation; a bad entry is refused with the reason and asked again. Every accepted
decision is appended to the game's record file and fsynced before the next prompt, so nothing
accepted is ever lost: ``quit``, the end of input, Ctrl-C (even while a bot thinks), closing the
terminal (SIGHUP) or SIGTERM stop the game and say how to resume it, and even ``kill -9`` leaves
a record that resumes at the last accepted decision.

Hidden information stays hidden: the seed (the whole deal) is shown only once the game is over;
between two people sharing the screen (hot seat) the screen is cleared and the game waits for
the next person before showing anything of theirs.
"""

from __future__ import annotations

import json
import re
import signal
import sys
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from types import FrameType
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from mailbag.core import Action, Event, Game, MailbagError, Observation
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.sim.runner import make_agents
from mailbag.table import FileStore, Table

console = Console(highlight=False, emoji=False)

_NUMBER = re.compile(r"[0-9]{1,6}")
#: clear the screen and its scroll-back (hot seat: the next person must not scroll up)
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"


class SaveAndQuit(Exception):
    """The person asked to stop (``quit``, end of input, or Ctrl-C at the prompt)."""


class Interrupted(BaseException):
    """SIGTERM or SIGHUP arrived: stop wherever the game is (the record is already saved)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Screen:
    """The terminal shared by the people at one table. In hot seat it remembers whose private
    things are on screen, clears it between people and keeps each person's events for them."""

    def __init__(self, humans: Sequence[int]) -> None:
        self.hot_seat = len(humans) > 1
        self.showing: int | None = None
        self.pending: dict[int, list[str]] = {seat: [] for seat in humans}

    def note(self, events: Sequence[Event], watcher: int | None) -> None:
        """Events just played: shown at once to a lone player, kept for each person in hot seat
        (shown after the hand-over, to them alone)."""
        if not self.hot_seat:
            for event in events:
                if event.visible_to(watcher):
                    console.print(f"  {event.text}", markup=False)
            return
        for seat, log in self.pending.items():
            log.extend(event.text for event in events if event.visible_to(seat))

    def hand_over(self, seat: int, kind: str) -> None:
        """Before ``seat`` decides in hot seat: clear the screen, wait for that person."""
        if not self.hot_seat or self.showing == seat:
            return
        self.clear()
        self.showing = None
        console.print(f"pass to seat {seat} ({kind}) — press Enter", markup=False)
        read_line("")
        self.clear()
        self.showing = seat
        log = self.pending[seat]
        if log:
            console.print("since your last turn:", markup=False)
            for text in log:
                console.print(f"  {text}", markup=False)
            log.clear()

    @staticmethod
    def clear() -> None:
        # not a terminal (a pipe, a log): a form feed marks where the screen was cleared
        console.file.write(_CLEAR if console.is_terminal else "\f\n")
        console.file.flush()


def read_line(prompt: str) -> str:
    """One line typed by the person; the end of input or Ctrl-C is a request to stop."""
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        raise SaveAndQuit from None


class HumanAgent:
    """A person at the keyboard, playing one seat of a table."""

    def __init__(self, game: Game[Any], seat: int, kind: str, table: Table, screen: Screen) -> None:
        self.game = game
        self.seat = seat
        self.kind = kind
        self.table = table
        self.screen = screen

    def decide(self) -> None:
        """Show the seat its view and legal actions; submit what it chooses (or take back its
        last decision with ``undo``)."""
        game, table = self.game, self.table
        self.screen.hand_over(self.seat, self.kind)
        observation = table.view(self.seat)
        legal = table.legal_actions(self.seat)
        console.rule(
            f"seat {self.seat} — your decision" if self.screen.hot_seat else "your decision"
        )
        console.print(game.render(observation), markup=False)
        self._show_actions(observation, legal)
        while True:
            text = read_line(f"seat {self.seat}> ").strip()
            if not text:
                continue
            if text in ("?", "help"):
                self._show_actions(observation, legal)
                continue
            if text in ("quit", "save", "exit"):
                raise SaveAndQuit
            if text == "undo":
                try:
                    step = table.undo(self.seat)
                except MailbagError as exc:
                    console.print(f"cannot undo: {exc}", markup=False)
                    continue
                console.print(f"took back: {step.action}", markup=False)
                return
            if _NUMBER.fullmatch(text):
                number = int(text)
                if 1 <= number <= len(legal):
                    table.submit(self.seat, legal[number - 1])
                    return
                console.print(f"no action {number}: choose 1–{len(legal)}", markup=False)
                continue
            try:
                action = game.parse_action(text)
                table.submit(self.seat, action)
            except MailbagError as exc:
                console.print(f"refused: {exc}", markup=False)
                continue
            return

    def _show_actions(self, observation: Observation, legal: Sequence[Action]) -> None:
        console.print(
            "Legal actions (type a number or the notation; ? lists them, undo takes back your "
            "last decision, quit saves):"
        )
        for i, action in enumerate(legal, start=1):
            label = self.game.describe_action(observation, action)
            note = "" if label == str(action) else f"  — {label}"
            console.print(f"  {i:3d}. {action}{note}", markup=False)


def game_for_record(record: GameRecord) -> Game[Any]:
    """The game of a record, with the component data the record carries (if any)."""
    game = get(record.game)
    if record.components is not None:
        game = game.with_component_text(record.components.text, record.components.source)
    return game


def print_scoreboard(game: Game[Any], state: Any, record: GameRecord) -> None:
    """Final scores: one column per seat (in finishing order), one row per scoring source. The
    game is over, so its seed may be shown now."""
    scores = game.scores(state)
    ranking = game.ranking(state)
    order = sorted(range(len(scores)), key=lambda s: (ranking[s], s))
    categories: list[str] = []
    for score in scores:
        for key in score.breakdown:
            if key not in categories:
                categories.append(key)
    table = RichTable(
        title=f"{game.spec.title} — final scores (game {record.game_id}, seed {record.seed})"
    )
    table.add_column("")
    for seat in order:
        table.add_column(f"seat {seat}\n{record.seats[seat]}", justify="right")
    table.add_row("place", *(str(ranking[s]) for s in order), style="bold")
    for key in categories:
        table.add_row(key, *(str(scores[s].breakdown.get(key, 0)) for s in order))
    table.add_row("total", *(str(scores[s].total) for s in order), style="bold")
    console.print(table)


class SignalGuard:
    """While a game is played: Ctrl-C, SIGTERM and SIGHUP stop it — but never in the middle of
    committing a decision (the table's ``committing``): a signal then waits until the decision
    is durable, so the record is never torn by one of ours."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.pending: BaseException | None = None
        self.previous: dict[int, Any] = {}

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        stop: BaseException = (
            KeyboardInterrupt() if signum == signal.SIGINT else Interrupted(signum)
        )
        if self.table.committing:
            self.pending = self.pending or stop
            return
        raise stop

    def check(self) -> None:
        """Raise a signal that arrived while a decision was being committed."""
        if self.pending is not None:
            stop, self.pending = self.pending, None
            raise stop

    def __enter__(self) -> SignalGuard:
        wanted = [signal.SIGINT, signal.SIGTERM]
        if hasattr(signal, "SIGHUP"):
            wanted.append(signal.SIGHUP)
        try:
            for signum in wanted:
                self.previous[signum] = signal.signal(signum, self._handler)
        except ValueError:  # not the main thread: leave signals alone
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, old in self.previous.items():
            signal.signal(signum, old)


def _say(text: str) -> None:
    """Print, unless the terminal is gone (SIGHUP): the record is what matters then."""
    with suppress(OSError):
        console.print(text, markup=False, soft_wrap=True)


def play_in_terminal(
    record: GameRecord, *, save_path: Path, json_out: bool, resumed: bool
) -> int:
    """Play (or resume) the game of ``record`` to the end, or until the person stops, saving
    every accepted decision to ``save_path``. Returns the exit status."""
    game = game_for_record(record)
    seats = record.seats
    for warning in record.warnings:
        console.print(f"warning: {warning}", markup=False)
    humans = [i for i, kind in enumerate(seats) if kind == "human"]
    agents = make_agents(game, seats, record.seed)
    table = Table.open(game, record, FileStore(save_path), agents)
    if resumed and table.is_over():
        table.close()
        console.print(f"game {record.game_id} is already over", markup=False)
        print_scoreboard(game, table.state, record)
        return 0
    watcher: int | None = humans[0] if len(humans) == 1 else None
    screen = Screen(humans)
    people = {seat: HumanAgent(game, seat, seats[seat], table, screen) for seat in humans}
    if humans:
        # only events: another seat's action itself may be secret (a simultaneous pick)
        table.listeners.append(lambda seat, action, events, state: screen.note(events, watcher))
        word = f"resumed after {len(record.steps)} decisions" if resumed else "new game"
        console.print(
            f"[bold]{game.spec.title}[/bold] — game {record.game_id} ({word}); seats: "
            + ", ".join(f"{i}:{k}" for i, k in enumerate(seats))
        )
        console.print(f"saved as you play to {save_path}", markup=False, soft_wrap=True)
        if not resumed:
            screen.note(table.opening, watcher)
    stopped: str | None = None
    status = 0
    try:
        with SignalGuard(table) as guard:
            for _ in range(1_000_000):
                table.advance()
                guard.check()
                if table.is_over():
                    break
                seat = table.waiting_for()[0]
                people[seat].decide()
                guard.check()
    except SaveAndQuit:
        stopped = "stopped"
    except KeyboardInterrupt:
        stopped, status = "interrupted", 130
    except Interrupted as exc:
        stopped, status = f"stopped by {exc}", 128 + exc.signum
    finally:
        table.close()
    if stopped is not None:
        _say(
            f"\n{stopped}: game saved to {save_path} after {len(record.steps)} decisions; "
            f"resume it with: mailbag play --resume {save_path}"
        )
        return status
    final = record.result or {}
    if json_out:
        print(
            json.dumps(
                {
                    "game": record.game,
                    "id": record.game_id,
                    "seed": record.seed,
                    "seats": list(seats),
                    "scores": final.get("scores"),
                    "breakdown": final.get("breakdown"),
                    "ranking": final.get("ranking"),
                    "turns": len(record.steps),
                    "record": str(save_path),
                },
                sort_keys=True,
            )
        )
        return 0
    print_scoreboard(game, table.state, record)
    console.print(f"record written to {save_path}", markup=False, soft_wrap=True)
    sys.stdout.flush()
    return 0
