"""Game records: JSON Lines of the game, options, seed, seats and the actions taken.

Line 1 is the header, then one line per decision ``{"seat", "action", "digest"}`` (the digest of
the state after the step, when recorded), then optionally ``{"result": ...}``. Replaying a record
re-runs every action through the public :func:`~mailbag.core.game.apply` and checks each digest,
so a record that does not reproduce its game is caught at the step where it diverges.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.errors import MailbagError, RecordError
from mailbag.core.game import Event, Game, Score, apply, start_game
from mailbag.core.serialize import state_digest, to_builtins

RECORD_VERSION = 1


@dataclass
class Step:
    seat: int
    action: Action
    digest: str | None = None


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    #: the seat kinds as played: "human", "random", "mcts:iters=500", "automa:normal", ...
    seats: list[str]
    steps: list[Step] = field(default_factory=list)
    result: dict[str, Any] | None = None
    components: str | None = None

    def engine_seats(self, game: Game[Any]) -> tuple[str, ...]:
        return engine_seat_kinds(game, self.seats)

    def to_lines(self) -> list[str]:
        header = {
            "mailbag_record": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
        }
        if self.components:
            header["components"] = self.components
        lines = [json.dumps(header, sort_keys=True)]
        for step in self.steps:
            entry: dict[str, Any] = {"seat": step.seat, "action": str(step.action)}
            if step.digest:
                entry["digest"] = step.digest
            lines.append(json.dumps(entry))
        if self.result is not None:
            lines.append(json.dumps({"result": self.result}, sort_keys=True))
        return lines

    def dumps(self) -> str:
        return "\n".join(self.to_lines()) + "\n"

    def save(self, path: Path) -> None:
        path.write_text(self.dumps(), encoding="utf-8")


def engine_seat_kinds(game: Game[Any], seats: list[str]) -> tuple[str, ...]:
    """What the rules engine is told about each seat: an engine seat kind or "player"."""
    return tuple(kind if kind in game.spec.engine_seats else "player" for kind in seats)


def result_of(game: Game[Any], state: Any) -> dict[str, Any]:
    scores: list[Score] = game.scores(state)
    return {
        "scores": [s.total for s in scores],
        "breakdown": [to_builtins(s.breakdown) for s in scores],
        "ranking": game.ranking(state),
    }


def loads(text: str, source: str = "record") -> GameRecord:
    """Parse a record; every malformed line is an error naming the line."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise RecordError(f"{source}: empty file, not a game record")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source} line 1: not JSON ({exc.msg})") from None
    if not isinstance(header, dict) or header.get("mailbag_record") != RECORD_VERSION:
        raise RecordError(f"{source} line 1: not a mailbag game record header")
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("seats", list)):
        if not isinstance(header.get(key), kind):
            raise RecordError(
                f"{source} line 1: header field {key!r} missing or not {kind.__name__}"
            )
    record = GameRecord(
        game=header["game"],
        options=header["options"],
        seed=header["seed"],
        seats=[str(s) for s in header["seats"]],
        components=header.get("components"),
    )
    from mailbag.core.actions import parse_action

    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source} line {number}: not JSON ({exc.msg})") from None
        if isinstance(entry, dict) and "result" in entry:
            record.result = entry["result"]
            continue
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("seat"), int)
            and isinstance(entry.get("action"), str)
        ):
            raise RecordError(f"{source} line {number}: expected {{'seat': int, 'action': str}}")
        try:
            action = parse_action(entry["action"])
        except MailbagError as exc:
            raise RecordError(f"{source} line {number}: {exc}") from None
        record.steps.append(Step(entry["seat"], action, entry.get("digest")))
    return record


def load(path: Path) -> GameRecord:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    return loads(text, str(path))


@dataclass
class ReplayStep:
    index: int
    seat: int
    action: Action
    events: list[Event]
    state: Any


def replay_steps(game: Game[Any], record: GameRecord) -> Iterator[ReplayStep]:
    """Re-run a record step by step, checking legality and digests; yields each step."""
    if record.game != game.spec.name:
        raise RecordError(f"record is of {record.game!r}, not {game.spec.name!r}")
    state, opening = start_game(
        game, engine_seat_kinds(game, record.seats), record.options, record.seed
    )
    yield ReplayStep(0, -1, Action("start"), opening, state)
    for index, step in enumerate(record.steps, start=1):
        try:
            state, events = apply(game, state, step.seat, step.action)
        except MailbagError as exc:
            raise RecordError(f"step {index} (seat {step.seat}: {step.action}): {exc}") from None
        if step.digest and state_digest(state) != step.digest:
            raise RecordError(
                f"step {index} (seat {step.seat}: {step.action}): the state differs from the "
                "recorded one (digest mismatch)"
            )
        yield ReplayStep(index, step.seat, step.action, events, state)


def replay(game: Game[Any], record: GameRecord) -> Any:
    """Re-run the whole record and check its result, if it has one; returns the final state."""
    state: Any = None
    for step in replay_steps(game, record):
        state = step.state
    if record.result is not None:
        if not game.is_over(state):
            raise RecordError("record has a result but its actions do not finish the game")
        if result_of(game, state) != record.result:
            raise RecordError("replayed result differs from the recorded result")
    return state
