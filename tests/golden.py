"""The golden recorded games of every game, in one table, kept by one command: ``make golden``.

A golden record is a complete game (its actions, a digest of the state after each, the result)
that the test suite replays exactly. ``make golden`` re-records every golden game: its actions
are replayed under the current engine and written again with fresh digests and result — a
record format or state layout change is absorbed, and a deliberate rules change shows up as the
list of games whose result changed. A game whose recorded actions are no longer legal, or that
is missing, is played again from its seats, options and seed (``--fresh`` does that for all).
Beside each record ``X.jsonl`` it writes the game's readable playthrough ``X.playthrough.txt``
(tests/playthrough.py), so that the change shows in review as text; ``--check`` writes nothing
and lists the records and playthroughs that are out of date.

    .venv/bin/python tests/golden.py [--fresh] [--check]
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mailbag.core import Game, MailbagError, apply, start_game
from mailbag.core.records import (
    GameRecord,
    Step,
    engine_seat_kinds,
    load,
    result_of,
    write_atomic,
)
from mailbag.core.serialize import record_digest
from mailbag.games import get
from mailbag.sim.runner import play_game
from playthrough import path_of, playthrough

HERE = Path(__file__).parent / "games"


@dataclass(frozen=True)
class Golden:
    game: str
    name: str
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    @property
    def path(self) -> Path:
        return HERE / self.game / "golden" / f"{self.name}.jsonl"


GOLDEN = [
    Golden("postcards", "2p-en-A-greedy", ["greedy", "random"], {"edition": "en", "side": "A"}, 1),
    Golden(
        "postcards",
        "3p-nl-B-greedy",
        ["greedy", "greedy", "random"],
        {"edition": "nl", "side": "B"},
        2,
    ),
    Golden("postcards", "4p-en-B-greedy", ["greedy"] * 4, {"edition": "en", "side": "B"}, 3),
    Golden("postcards", "2p-nl-A-greedy", ["greedy", "greedy"], {"edition": "nl", "side": "A"}, 4),
    Golden("post_office", "two_players_random", ["random", "random"], {"goals": False}, 101),
    Golden(
        "post_office",
        "three_players_goals_greedy",
        ["greedy", "random", "greedy"],
        {"goals": True},
        202,
    ),
    Golden("post_office", "four_players_goals_random", ["random"] * 4, {"goals": True}, 303),
    Golden("carteros", "base-2p-greedy-random", ["greedy", "random"], {}, 1),
    Golden("carteros", "stampy-3p", ["greedy", "random", "greedy"], {"stampy": True}, 2),
    Golden("carteros", "missions-3p", ["random", "greedy", "greedy"], {"missions": True}, 5),
    Golden(
        "carteros",
        "stampy-missions-4p",
        ["greedy", "random", "greedy", "random"],
        {"stampy": True, "missions": True},
        3,
    ),
    Golden("carteros", "tiebreak-2p", ["greedy", "greedy"], {}, -1),
]


def first_seed(golden: Golden) -> int:
    """For a golden game that must show something rare (``seed=-1``): the first seed whose game
    shows it (Carteros' bicycle tie-break)."""
    game = get(golden.game)
    for seed in range(1000):
        result = play_game(game, golden.seats, golden.options, seed, fast=True)
        if any(getattr(result.state, "tiebreak", [])):
            return seed
    raise RuntimeError(f"{golden.name}: no game shows it in 1000 seeds")


def rerecord(game: Game[Any], old: GameRecord) -> GameRecord:
    """The same game, its actions replayed under the current engine: fresh digests, result."""
    new = GameRecord(
        old.game,
        game.spec.resolve_options(old.options),
        old.seed,
        old.seats,
        game_id=old.game_id,
        schema=game.schema_version,
    )
    state, _ = start_game(game, engine_seat_kinds(game, old.seats), new.options, old.seed)
    for step in old.steps:
        state, _ = apply(game, state, step.seat, step.action)
        new.steps.append(Step(step.seat, step.action, record_digest(state)))
    if not game.is_over(state):
        raise MailbagError("the recorded actions no longer finish the game")
    new.result = result_of(game, state)
    return new


def play(golden: Golden) -> GameRecord:
    game = get(golden.game)
    seed = golden.seed if golden.seed >= 0 else first_seed(golden)
    options = game.spec.resolve_options(golden.options)
    return play_game(game, golden.seats, options, seed, digests=True).record


def main(argv: list[str]) -> int:
    fresh = "--fresh" in argv
    check = "--check" in argv
    changed = 0
    for golden in GOLDEN:
        game = get(golden.game)
        path = golden.path
        note = ""
        if path.exists() and not fresh:
            old = load(path)
            try:
                record = rerecord(game, old)
            except MailbagError as exc:
                record, note = play(golden), f"played again ({exc})"
            else:
                if record.result != old.result:
                    note = f"result changed: {old.result and old.result['scores']} -> "
                    note += str(record.result and record.result["scores"])
        else:
            record, note = play(golden), "played"
        text = record.dumps()
        story, story_path = playthrough(record, golden.name), path_of(path)
        same_record = path.exists() and path.read_text(encoding="utf-8") == text
        same_story = story_path.exists() and story_path.read_bytes() == story.encode()
        same = same_record and same_story
        if same_record and not same_story:
            stale = "out of date" if story_path.exists() else "missing"
            note = (note + "; " if note else "") + f"playthrough {story_path.name} {stale}"
        if not same:
            changed += 1
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, text)
                write_atomic(story_path, story)
        status = "unchanged" if same else ("would change" if check else "written")
        print(f"{golden.game:12} {golden.name:28} {status:12} {note}".rstrip())
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
