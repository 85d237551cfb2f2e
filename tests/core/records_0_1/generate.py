"""How the fixtures beside this file were made — by mailbag 0.1.0, before rules version 2 of
Postcards (PC-10a). Never run it again to refresh them: they stand for what the previous release
wrote, and tests/core/test_old_records.py replays and resumes them with every later mailbag.

For each game it plays a few seeded games between bots (Postcards with Automa seats too),
writes each record as the terminal and the server write them (a header with ``schema`` and
``digests``, one line per decision with its digest, the result), an unfinished copy of some
(the first part of the decisions, no result), and the saved state (``state_to_json``) at a few
steps of each game. Postcards games are chosen among those where a deck ran empty while its
discard pile held cards (the game with Automas) and more cards were discarded before the next
draw (the others): there the lazy reshuffle of 0.1.0 and the eager one of PC-10a give
different decks. Made at commit 5f94189 (mailbag 0.1.0).

    .venv/bin/python tests/core/records_0_1/generate.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from mailbag.bots import make_agents
from mailbag.core import apply, start_game, state_to_json
from mailbag.core.records import GameRecord, Step, engine_seat_kinds, result_of
from mailbag.core.serialize import record_digest
from mailbag.games import get

HERE = Path(__file__).parent

#: (game, file name, seats, options, seeds to try: the first that qualifies is kept, and what
#: a Postcards game must show to qualify, see :func:`lazy_differs`)
GAMES: list[tuple[str, str, list[str], dict[str, Any], range, set[str]]] = [
    (
        "postcards",
        "pc-2p-en-A",
        ["greedy", "random"],
        {"edition": "en", "side": "A"},
        range(0, 100),
        {"grows:travel_deck"},
    ),
    (
        "postcards",
        "pc-3p-nl-B",
        ["greedy", "random", "greedy"],
        {"edition": "nl", "side": "B"},
        range(100, 200),
        {"grows:travel_deck"},
    ),
    (
        "postcards",
        "pc-automa",
        ["greedy", "automa:normal", "automa:expert"],
        {"edition": "en", "side": "B"},
        range(200, 300),
        {"waits:travel_deck"},
    ),
    (
        "postcards",
        "pc-4p-en-A",
        ["random"] * 4,
        {"edition": "en", "side": "A"},
        range(300, 340),
        {"grows:travel_deck", "waits:postcard_deck"},
    ),
    ("post_office", "po-2p", ["random", "greedy"], {"goals": False}, range(1, 2), set()),
    (
        "post_office",
        "po-3p-goals",
        ["greedy", "random", "random"],
        {"goals": True},
        range(2, 3),
        set(),
    ),
    ("carteros", "ca-2p", ["greedy", "random"], {}, range(1, 2), set()),
    (
        "carteros",
        "ca-3p-stampy-missions",
        ["random", "greedy", "random"],
        {"stampy": True, "missions": True},
        range(2, 3),
        set(),
    ),
]

DECKS = (
    ("travel_deck", "travel_discard"),
    ("postcard_deck", "postcard_discard"),
    ("gift_deck", "gift_discard"),
)


def lazy_differs(states: list[Any]) -> set[str]:
    """Where the lazy reshuffle of 0.1.0 and PC-10a's eager one part: ``waits:DECK`` when at the
    end of some decision DECK was empty with cards in its discard pile (PC-10a would have
    shuffled them already), ``grows:DECK`` when more cards then reached that pile before the
    next draw (the lazy reading shuffles them in too)."""
    found: set[str] = set()
    for deck, discard in DECKS:
        waiting = -1
        for state in states:
            cards, pile = getattr(state, deck), getattr(state, discard)
            if cards or not pile:
                waiting = -1
                continue
            found.add(f"waits:{deck}")
            if waiting >= 0 and len(pile) > waiting:
                found.add(f"grows:{deck}")
            waiting = len(pile)
    return found


def play(
    name: str, seats: list[str], options: dict[str, Any], seed: int
) -> tuple[GameRecord, list[Any]]:
    game = get(name)
    options = game.spec.resolve_options(options)
    record = GameRecord(
        name, options, seed, seats, game_id=f"old{seed:05d}", schema=game.schema_version
    )
    state, _ = start_game(game, engine_seat_kinds(game, seats), options, seed)
    agents = make_agents(game, seats, seed)
    states = [state]
    while not game.is_over(state):
        seat = game.deciders(state)[0]
        action = agents[seat].choose(game.view(state, seat), game.legal_actions(state, seat))
        state, _ = apply(game, state, seat, action)
        record.steps.append(Step(seat, action, record_digest(state)))
        states.append(state)
    record.result = result_of(game, state)
    return record, states


def main() -> int:
    if any(HERE.glob("*.jsonl")):
        print("the fixtures exist: they are never made again (see the docstring)")
        return 1
    for name, label, seats, options, seeds, wanted in GAMES:
        for seed in seeds:
            record, states = play(name, seats, options, seed)
            decks = lazy_differs(states) if name == "postcards" else set()
            if wanted <= decks:
                break
        else:
            raise SystemExit(f"{label}: no seed qualifies")
        game = get(name)
        if "2p" in label:  # names as people give them (--seats ann=greedy,bob=random)
            record.names = ["ann", "bob"]
        (HERE / f"{label}.jsonl").write_text(record.dumps(), encoding="utf-8")
        cut = len(record.steps) * 3 // 5
        unfinished = GameRecord(
            record.game,
            record.options,
            record.seed,
            record.seats,
            game_id=record.game_id,
            schema=record.schema,
            names=record.names,
            steps=record.steps[:cut],
        )
        (HERE / f"{label}-unfinished.jsonl").write_text(unfinished.dumps(), encoding="utf-8")
        picks = sorted({1, len(states) // 4, len(states) // 2, cut, len(states) - 2})
        with (HERE / f"{label}-states.jsonl").open("w", encoding="utf-8") as out:
            for step in picks:
                line = {"step": step, "state": json.loads(state_to_json(game, states[step]))}
                out.write(json.dumps(line, sort_keys=True) + "\n")
        print(f"{label}: seed {record.seed}, {len(record.steps)} decisions, decks {sorted(decks)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
