"""Playing in the terminal: people type their moves, bots and the engine play theirs.

A person sees their own view rendered as text, the numbered legal actions, and types a number or
an action's notation; a bad entry is refused with the reason and asked again. Ctrl-C or the end
of input saves the game record and says how to resume it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from mailbag.core import Action, Event, Game, MailbagError, Observation, check_action
from mailbag.core.records import GameRecord, replay_steps
from mailbag.games import get
from mailbag.sim.runner import make_agents, play_game

console = Console(highlight=False, emoji=False)


class SaveAndQuit(Exception):
    """The person asked to stop (Ctrl-C, end of input, or ``quit``)."""


class HumanAgent:
    """A person at the keyboard, playing one seat."""

    needs_view = True

    def __init__(self, game: Game[Any], seat: int, state_ref: list[Any], hot_seat: bool) -> None:
        self.game = game
        self.seat = seat
        self.state_ref = state_ref
        self.hot_seat = hot_seat

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        game = self.game
        console.rule(f"seat {self.seat} — your decision" if self.hot_seat else "your decision")
        console.print(game.render(observation), markup=False)
        self._show_actions(observation, legal)
        while True:
            try:
                text = input(f"seat {self.seat}> ").strip()
            except (EOFError, KeyboardInterrupt):
                raise SaveAndQuit from None
            if not text:
                continue
            if text in ("?", "help"):
                self._show_actions(observation, legal)
                continue
            if text in ("quit", "save", "exit"):
                raise SaveAndQuit
            if text.isdigit():
                number = int(text)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                console.print(f"no action {number}: choose 1–{len(legal)}", markup=False)
                continue
            try:
                action = game.parse_action(text)
                check_action(game, self.state_ref[0], self.seat, action)
            except MailbagError as exc:
                console.print(f"refused: {exc}", markup=False)
                continue
            return action

    def _show_actions(self, observation: Observation, legal: Sequence[Action]) -> None:
        console.print("Legal actions (type a number or the notation; ? lists them, quit saves):")
        for i, action in enumerate(legal, start=1):
            label = self.game.describe_action(observation, action)
            note = "" if label == str(action) else f"  — {label}"
            console.print(f"  {i:3d}. {action}{note}", markup=False)


def game_for_record(record: GameRecord) -> Game[Any]:
    game = get(record.game)
    if record.components:
        game = game.with_components(Path(record.components))
    return game


def default_save_path(record: GameRecord) -> Path:
    return Path(f"mailbag-save-{record.game}-{record.seed}.jsonl")


def print_scoreboard(game: Game[Any], state: Any, seats: Sequence[str]) -> None:
    """Final scores: one column per seat (in finishing order), one row per scoring source."""
    scores = game.scores(state)
    ranking = game.ranking(state)
    order = sorted(range(len(scores)), key=lambda s: (ranking[s], s))
    categories: list[str] = []
    for score in scores:
        for key in score.breakdown:
            if key not in categories:
                categories.append(key)
    table = Table(title=f"{game.spec.title} — final scores")
    table.add_column("")
    for seat in order:
        table.add_column(f"seat {seat}\n{seats[seat]}", justify="right")
    table.add_row("place", *(str(ranking[s]) for s in order), style="bold")
    for key in categories:
        table.add_row(key, *(str(scores[s].breakdown.get(key, 0)) for s in order))
    table.add_row("total", *(str(scores[s].total) for s in order), style="bold")
    console.print(table)


def play_in_terminal(
    record: GameRecord, *, save_path: Path | None, json_out: bool, resumed: bool
) -> None:
    """Play (or resume) the game of ``record`` to the end, or until the person stops."""
    game = game_for_record(record)
    seats = record.seats
    state: Any = None
    if resumed:
        for entry in replay_steps(game, record):
            state = entry.state
        console.print(f"resumed {record.game} after {len(record.steps)} decisions")
    humans = [i for i, kind in enumerate(seats) if kind == "human"]
    watcher: int | None = humans[0] if len(humans) == 1 else None
    agents: dict[int, Any] = dict(make_agents(game, seats, record.seed))
    state_ref: list[Any] = [state]
    for seat in humans:
        agents[seat] = HumanAgent(game, seat, state_ref, hot_seat=len(humans) > 1)

    def on_step(seat: int, action: Action, events: list[Event], new_state: Any) -> None:
        state_ref[0] = new_state
        if not humans:
            return
        # only events: another seat's action itself may be secret (a simultaneous pick)
        for event in events:
            if event.visible_to(watcher):
                console.print(f"  {event.text}", markup=False)

    opening: list[Event] = []
    if state is None:
        from mailbag.core import start_game
        from mailbag.core.records import engine_seat_kinds

        kinds = engine_seat_kinds(game, list(seats))
        state, opening = start_game(game, kinds, record.options, record.seed)
        state_ref[0] = state
    if humans:
        console.print(
            f"[bold]{game.spec.title}[/bold] — seed {record.seed}; seats: "
            + ", ".join(f"{i}:{k}" for i, k in enumerate(seats))
        )
        for event in opening:
            if event.visible_to(watcher):
                console.print(f"  {event.text}", markup=False)
    try:
        result = play_game(
            game,
            seats,
            record.options,
            record.seed,
            agents,
            digests=True,
            on_step=on_step,
            record=record,
            state=state,
        )
    except SaveAndQuit:
        path = save_path or default_save_path(record)
        record.result = None
        record.save(path)
        console.print(
            f"\ngame saved to {path}; resume it with: mailbag play --resume {path}", soft_wrap=True
        )
        return
    if save_path is not None:
        result.record.save(save_path)
    if json_out:
        final = result.record.result or {}
        print(
            json.dumps(
                {
                    "game": record.game,
                    "seed": record.seed,
                    "seats": list(seats),
                    "scores": final.get("scores"),
                    "breakdown": final.get("breakdown"),
                    "ranking": final.get("ranking"),
                    "turns": result.turns,
                },
                sort_keys=True,
            )
        )
        return
    print_scoreboard(game, result.state, seats)
    if save_path is not None:
        console.print(f"record written to {save_path}")
